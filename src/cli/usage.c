/*
 * usage.c: the usage line, the help of --help, and a usage error: the
 * message, the usage line and the hint to --help.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "base/diag.h"
#include "base/xalloc.h"
#include "cli/usage.h"

void
cga_usage(FILE *out)
{
	fputs(CGA_USAGE_LINE, out);
	fputs(
"\n"
"Prints the function report of a Callgrind or Cachegrind profile, as\n"
"callgrind_annotate does, and annotates source files with line costs.\n"
"\n"
"options, with their defaults in [ ]:\n"
"  -h, --help              print this help and exit\n"
"      --version           print the version and exit\n"
"      --show=A,B,C        show the columns of events A, B, C [all]\n"
"      --sort=A,B,C        sort by events A, B, C [the events in order];\n"
"                          A:N sets a threshold of N % for event A, and\n"
"                          any such threshold replaces --threshold\n"
"      --threshold=N       list functions until they hold N % of the\n"
"                          first sort event [99]; 100 lists all\n"
"      --show-percs=yes|no show percentages beside counts [yes]\n"
"      --auto=yes|no       annotate the source files of listed functions [yes]\n"
"      --context=N         lines of context around annotated lines [8]\n"
"      --asm=yes|no        machine code of listed functions, by objdump [no]\n"
"      --asm-syntax=att|intel  its syntax [att]\n"
"      --inclusive=yes|no  list functions by inclusive cost [no]\n"
"      --by=function|file|object\n"
"                          list functions, or source files or objects, each\n"
"                          followed by its functions [function]\n"
"      --group-inlined=yes|no\n"
"                          one row per function with the code inlined\n"
"                          into it from other files [no; yes for dot,\n"
"                          folded, speedscope and the page's flames]\n"
"      --top=N             list at most N rows [all the threshold lets]\n"
"      --focus=RE          list only functions whose name, file or object\n"
"                          matches the extended regex RE (repeatable)\n"
"      --hide=RE           leave such functions out of the lists\n"
"      --tree=none|caller|calling|both\n"
"                          print each function's callers and callees [none]\n"
"      --part=N            read only part N of the profile (repeatable)\n"
"  -j, --jobs=N            threads that read a profile file [2 where the\n"
"                          machine has 2 processors or more]\n"
"      --list-parts        list the profile's parts and their totals\n"
"      --diff OLD          report the profile minus the OLD one\n"
"      --check             check each profile against the format, report\n"
"                          every problem, and print a verdict for each\n"
"      --fail-above=EVENT:N[%][,...]\n"
"                          with --diff: exit 3 when EVENT's total rose by\n"
"                          more than N (or N % of OLD's total)\n"
"      --fail-above-function=EVENT:N[%][,...]\n"
"                          the same for any one function's exclusive cost\n"
"      --format=text|tsv|json|dot|markdown|callgrind|folded|speedscope|html\n"
"                          the report as text, tab-separated rows, JSON,\n"
"                          a Graphviz call graph, Markdown tables, what\n"
"                          was loaded as one Callgrind file, a flame\n"
"                          graph's stacks, folded or for speedscope, or a\n"
"                          page for the browser [text]\n"
"      --max-depth=N       folded, speedscope: frames in a stack [256]\n"
"      --node-threshold=N, --edge-threshold=N\n"
"                          dot: leave out functions and calls under N %\n"
"                          of the total [0.5, 0.1]\n"
"      --calls, --lines    with --format=tsv: rows of call edges, of lines\n"
"      --color=auto|always|never\n"
"                          colour large counts; auto: on a terminal [auto]\n"
"      --mod-filename=s/REGEX/REPLACEMENT/[gi]\n"
"      --mod-funcname=s/REGEX/REPLACEMENT/[gi]\n"
"                          rewrite file or function names as they are read\n"
"  -I, --include=DIR       look for source files in DIR too\n"
"\n"
"With no profile, reads the newest callgrind.out* (or cachegrind.out*) in\n"
"the current directory, with the other files of its run.  Exit status:\n"
"0 done, 1 bad input (--check: an error found), 2 bad usage, 3 a limit\n"
"of --fail-above or --fail-above-function exceeded.\n",
	    out);
}

void
cga_usage_error(const char *fmt, ...)
{
	va_list	 ap;
	char	*msg;
	int	 n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0) {
		cga_diag_usage(CGA_USAGE_LINE CGA_USAGE_HINT, "%s", fmt);
		return;
	}
	msg = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(msg, (size_t)n + 1, fmt, ap);
	va_end(ap);
	cga_diag_usage(CGA_USAGE_LINE CGA_USAGE_HINT, "%s", msg);
	free(msg);
}
