/*
 * usage.c: the usage line, the help of --help, printed from the table of
 * options (optable.c), and a usage error: the message, the usage line and
 * the hint to --help.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/xalloc.h"
#include "cli/optable.h"
#include "cli/usage.h"

/* Where an option's help begins, and the width of a line of --help. */
#define HELP_COL	26
#define HELP_WIDTH	80

/*
 * Adds an option's names to buf: "  -h, --help", "      --show=A,B,C",
 * or after another option's ", --lines"; one too wide for the column of
 * the letters before it, "  --format=...", in 80 columns still.
 */
static void
name_option(char *buf, size_t size, const struct cga_option *e)
{
	size_t	 len = strlen(buf);
	char	 letter[8] = "";

	if (e->letter != 0)
		snprintf(letter, sizeof(letter), "-%c, ", e->letter);
	else if (len == 0 && 8 + strlen(e->name) + (e->arg != NULL ?
	    strlen(e->arg) : 0) < HELP_WIDTH)
		strcpy(letter, "    ");	/* the column of the letters */
	snprintf(buf + len, size - len, "%s%s--%s%s", len == 0 ? "  " : ", ",
	    letter, e->name, e->arg != NULL ? e->arg : "");
}

/*
 * The options first to last (those before last share its help), named on
 * one line when that fits, else one a line; then the help: beside the
 * names from HELP_COL on, or after two spaces when the names go past
 * HELP_COL and the help is one line that fits, else from the next line;
 * each further line of the help from HELP_COL.
 */
static void
print_option(FILE *out, size_t first, size_t last)
{
	const char	*help = cga_options[last].help, *p, *nl;
	char		 names[256] = "";
	size_t		 i, len;

	for (i = first; i <= last; i++)
		name_option(names, sizeof(names), &cga_options[i]);
	if (strlen(names) >= HELP_WIDTH)
		for (i = first; i <= last; i++) {
			*names = '\0';
			name_option(names, sizeof(names), &cga_options[i]);
			if (i < last)
				fprintf(out, "%s\n", names);
		}
	len = strlen(names);
	if (len < HELP_COL)
		fprintf(out, "%-*s", HELP_COL, names);
	else if (strchr(help, '\n') == NULL &&
	    len + 2 + strlen(help) < HELP_WIDTH)
		fprintf(out, "%s  ", names);
	else
		fprintf(out, "%s\n%*s", names, HELP_COL, "");
	for (p = help; (nl = strchr(p, '\n')) != NULL; p = nl + 1)
		fprintf(out, "%.*s\n%*s", (int)(nl - p), p, HELP_COL, "");
	fprintf(out, "%s\n", p);
}

void
cga_usage(FILE *out)
{
	size_t	 i, last;

	fputs(CGA_USAGE_LINE, out);
	fputs(
"\n"
"Prints the function report of a Callgrind or Cachegrind profile, as\n"
"callgrind_annotate does, and annotates source files with line costs.\n"
"\n"
"options, with their defaults in [ ]:\n",
	    out);
	for (i = 0; i < CGA_NOPTS; i = last + 1) {
		for (last = i; cga_options[last].help == NULL; last++)
			continue;
		print_option(out, i, last);
	}
	fputs(
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
