/*
 * optable.c: the table of options, each named once, and getopt_long's
 * array made from it.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/optable.h"

#define ANY	CGA_FMT_ANY
/* The terminal browser lists every function, in colours of its own. */
#define NOT_TUI	(CGA_FMT_ANY & ~CGA_FMT(TUI))

/*
 * In the order --help lists them.  An option's help breaks its lines
 * where --help does; the printer indents them (usage.c).
 */
const struct cga_option cga_options[CGA_NOPTS] = {
	[CGA_OPT_HELP] = { "help", 'h', no_argument, NULL,
	    "print this help and exit", ANY },
	[CGA_OPT_VERSION] = { "version", 0, no_argument, NULL,
	    "print the version and exit", ANY },
	[CGA_OPT_SHOW] = { "show", 0, required_argument, "=A,B,C",
	    "show the columns of events A, B, C [all]", ANY },
	[CGA_OPT_SORT] = { "sort", 0, required_argument, "=A,B,C",
	    "sort by events A, B, C [the events in order];\n"
	    "A:N sets a threshold of N % for event A, and\n"
	    "any such threshold replaces --threshold", ANY },
	[CGA_OPT_THRESHOLD] = { "threshold", 0, required_argument, "=N",
	    "list functions until they hold N % of the\n"
	    "first sort event [99]; 100 lists all", NOT_TUI },
	[CGA_OPT_SHOW_PERCS] = { "show-percs", 0, optional_argument,
	    "=yes|no", "show percentages beside counts [yes]", ANY },
	[CGA_OPT_AUTO] = { "auto", 0, required_argument, "=yes|no",
	    "annotate the source files of listed functions [yes]", ANY },
	[CGA_OPT_CONTEXT] = { "context", 0, required_argument, "=N",
	    "lines of context around annotated lines [8]", ANY },
	[CGA_OPT_ASM] = { "asm", 0, required_argument, "=yes|no",
	    "machine code of listed functions, by objdump [no]", ANY },
	[CGA_OPT_ASM_SYNTAX] = { "asm-syntax", 0, required_argument,
	    "=att|intel", "its syntax [att]", ANY },
	[CGA_OPT_INCLUSIVE] = { "inclusive", 0, required_argument, "=yes|no",
	    "list functions by inclusive cost [no]", ANY },
	[CGA_OPT_BY] = { "by", 0, required_argument, "=function|file|object",
	    "list functions, or source files or objects, each\n"
	    "followed by its functions [function]", ANY },
	[CGA_OPT_GROUP_INLINED] = { "group-inlined", 0, required_argument,
	    "=yes|no",
	    "one row per function with the code inlined\n"
	    "into it from other files [no; yes for dot,\n"
	    "folded, speedscope, pprof and the page's\n"
	    "flames]", ANY },
	[CGA_OPT_TOP] = { "top", 0, required_argument, "=N",
	    "list at most N rows [all the threshold lets]", NOT_TUI },
	[CGA_OPT_FOCUS] = { "focus", 0, required_argument, "=RE",
	    "list only functions whose name, file or object\n"
	    "matches the extended regex RE (repeatable)", ANY },
	[CGA_OPT_HIDE] = { "hide", 0, required_argument, "=RE",
	    "leave such functions out of the lists", ANY },
	[CGA_OPT_TREE] = { "tree", 0, required_argument,
	    "=none|caller|calling|both",
	    "print each function's callers and callees [none]",
	    CGA_FMT(TEXT) },
	[CGA_OPT_PART] = { "part", 0, required_argument, "=N",
	    "read only part N of the profile (repeatable)", ANY },
	[CGA_OPT_JOBS] = { "jobs", 'j', required_argument, "=N",
	    "threads that read a profile file [2 where the\n"
	    "machine has 2 processors or more]", ANY },
	[CGA_OPT_LIST_PARTS] = { "list-parts", 0, no_argument, NULL,
	    "list the profile's parts and their totals", ANY },
	[CGA_OPT_DIFF] = { "diff", 0, required_argument, " OLD",
	    "report the profile minus the OLD one", ANY },
	[CGA_OPT_CHECK] = { "check", 0, no_argument, NULL,
	    "check each profile against the format, report\n"
	    "every problem, and print a verdict for each", ANY },
	[CGA_OPT_FAIL_ABOVE] = { "fail-above", 0, required_argument,
	    "=EVENT:N[%][,...]",
	    "with --diff: exit 3 when EVENT's total rose by\n"
	    "more than N (or N % of OLD's total)", ANY },
	[CGA_OPT_FAIL_ABOVE_FUNCTION] = { "fail-above-function", 0,
	    required_argument, "=EVENT:N[%][,...]",
	    "the same for any one function's exclusive cost", ANY },
	[CGA_OPT_FORMAT] = { "format", 0, required_argument,
	    "=text|tsv|json|dot|markdown|callgrind|folded|speedscope|html|"
	    "pprof|tui",
	    "the report as text, tab-separated rows, JSON,\n"
	    "a Graphviz call graph, Markdown tables, what\n"
	    "was loaded as one Callgrind file, a flame\n"
	    "graph's stacks, folded or for speedscope, a\n"
	    "page for the browser, the stacks for pprof\n"
	    "(gzip'd protobuf), or the terminal browser\n"
	    "[text]", ANY },
	[CGA_OPT_MAX_DEPTH] = { "max-depth", 0, required_argument, "=N",
	    "folded, speedscope, pprof: frames in a stack\n"
	    "[256]", ANY },
	[CGA_OPT_NODE_THRESHOLD] = { "node-threshold", 0, required_argument,
	    "=N", NULL, ANY },
	[CGA_OPT_EDGE_THRESHOLD] = { "edge-threshold", 0, required_argument,
	    "=N",
	    "dot: leave out functions and calls under N %\n"
	    "of the total [0.5, 0.1]", ANY },
	[CGA_OPT_CALLS] = { "calls", 0, no_argument, NULL, NULL,
	    CGA_FMT(TSV) },
	[CGA_OPT_LINES] = { "lines", 0, no_argument, NULL,
	    "with --format=tsv: rows of call edges, of lines", CGA_FMT(TSV) },
	[CGA_OPT_COLOR] = { "color", 0, required_argument,
	    "=auto|always|never",
	    "colour large counts; auto: on a terminal [auto]", NOT_TUI },
	[CGA_OPT_MOD_FILENAME] = { "mod-filename", 0, required_argument,
	    "=s/REGEX/REPLACEMENT/[gi]", NULL, ANY },
	[CGA_OPT_MOD_FUNCNAME] = { "mod-funcname", 0, required_argument,
	    "=s/REGEX/REPLACEMENT/[gi]",
	    "rewrite file or function names as they are read", ANY },
	[CGA_OPT_INCLUDE] = { "include", 'I', required_argument, "=DIR",
	    "look for source files in DIR too", ANY },
	[CGA_OPT_TUI] = { "tui", 'i', no_argument, NULL,
	    "browse the profile in the terminal (--format=tui)", ANY },
};

static int
by_name(const void *a, const void *b)
{
	const struct option	*x = a, *y = b;

	return strcmp(x->name, y->name);
}

void
cga_options_getopt(struct option longopts[CGA_NOPTS + 1],
    char shortopts[CGA_SHORTOPTS_SIZE])
{
	char	*s = shortopts;
	size_t	 i;

	*s++ = ':';
	for (i = 0; i < CGA_NOPTS; i++) {
		longopts[i] = (struct option){ cga_options[i].name,
		    cga_options[i].has_arg, NULL, CGA_OPT_VAL + (int)i };
		if (cga_options[i].letter == 0)
			continue;
		*s++ = (char)cga_options[i].letter;
		if (cga_options[i].has_arg != no_argument)
			*s++ = ':';
		if (cga_options[i].has_arg == optional_argument)
			*s++ = ':';
	}
	*s = '\0';
	longopts[CGA_NOPTS] = (struct option){ NULL, 0, NULL, 0 };
	qsort(longopts, CGA_NOPTS, sizeof(*longopts), by_name);
}

int
cga_option_of_letter(int letter)
{
	size_t	 i;

	for (i = 0; i < CGA_NOPTS; i++)
		if (letter != 0 && cga_options[i].letter == letter)
			return (int)i;
	return -1;
}
