/*
 * opts.c: the command line: options parsed into a struct cga_opts (args.c
 * sorts the arguments after them into profiles and source files).
 */
#include <sys/stat.h>

#include <getopt.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/gate.h"
#include "base/diag.h"
#include "base/num.h"
#include "base/version.h"
#include "base/xalloc.h"
#include "cli/formats.h"
#include "cli/optable.h"
#include "cli/opts.h"
#include "cli/usage.h"
#include "load/input.h"
#include "load/load.h"

/*
 * getopt_long's array and string of short options, made from the table
 * of options (optable.c) as a parse begins.
 */
static struct option	longopts[CGA_NOPTS + 1];
static char		shortopts[CGA_SHORTOPTS_SIZE];

/* The words a keyword option takes, in the order its message lists them. */
struct keyword {
	const char	*word;
	int		 value;
};

static const struct keyword yes_no[] = {
	{ "yes", 1 }, { "no", 0 }, { NULL, 0 }
};

static const struct keyword colors[] = {	/* -1: auto */
	{ "auto", -1 }, { "always", 1 }, { "never", 0 }, { NULL, 0 }
};

static const struct keyword syntaxes[] = {
	{ "att", 0 }, { "intel", 1 }, { NULL, 0 }
};

static const struct keyword bys[] = {
	{ "function", CGA_BY_FUNCTION }, { "file", CGA_BY_FILE },
	{ "object", CGA_BY_OBJECT }, { NULL, 0 }
};

static const struct keyword trees[] = {
	{ "none", 0 }, { "caller", CGA_TREE_CALLER },
	{ "calling", CGA_TREE_CALLING },
	{ "both", CGA_TREE_CALLER | CGA_TREE_CALLING }, { NULL, 0 }
};

/* --threshold until an option sets it; cga_opts_free leaves it alone. */
static char default_threshold[] = "99";

/* Adds word, the i-th of n, to the list "a, b or c" in buf. */
static void
list_add(char *buf, size_t size, size_t i, size_t n, const char *prefix,
    const char *word)
{
	size_t	 len = strlen(buf);

	snprintf(buf + len, size - len, "%s%s%s", i == 0 ? "" :
	    i + 1 < n ? ", " : " or ", prefix, word);
}

static int
is_file(const char *path)
{
	struct stat	 st;

	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/*
 * Sets *v to the value of the word arg names in the table k.  A yes/no
 * option reads like a switch: given a file (--inclusive prog.cg), say so.
 */
static int
keyword_option(const struct keyword *k, const char *opt, const char *arg,
    int *v)
{
	char	 words[128] = "";
	size_t	 i, n;

	for (n = 0; k[n].word != NULL; n++)
		if (strcmp(k[n].word, arg) == 0) {
			*v = k[n].value;
			return 0;
		}
	for (i = 0; i < n; i++)
		list_add(words, sizeof(words), i, n, "", k[i].word);
	if (k == yes_no && is_file(arg))
		cga_usage_error("expected %s: %s=%s (that is a file: write "
		    "%s=yes or %s=no before the profile)", words, opt, arg,
		    opt, opt);
	else
		cga_usage_error("expected %s: %s=%s", words, opt, arg);
	return -1;
}

/* --format: a name in the table of formats. */
static int
format_option(struct cga_opts *o, const char *opt, const char *arg)
{
	const struct cga_format	*f;
	char			 names[256] = "";
	size_t			 i, n;

	if ((f = cga_format_find(arg)) != NULL) {
		o->format = f;
		return 0;
	}
	for (n = 0; cga_formats[n] != NULL; n++)
		continue;
	for (i = 0; i < n; i++)
		list_add(names, sizeof(names), i, n, "", cga_formats[i]->name);
	cga_usage_error("expected %s: %s=%s", names, opt, arg);
	return -1;
}

/* A non-negative integer: decimal digits only, at most max. */
static int
parse_count(const char *s, uint64_t max, uint64_t *v)
{
	const char	*end = s;
	uint64_t	 n;

	/* The one number parser, held to decimal digits here. */
	if (*s < '0' || *s > '9' || (s[0] == '0' && (s[1] | 0x20) == 'x') ||
	    cga_number(&end, &n) != NUM_OK || *end != '\0' || n > max)
		return -1;
	*v = n;
	return 0;
}

/*
 * A percentage from 0 to 100: decimal digits with at most one point among
 * or around them, and a '%' after them if one likes.  The text is checked
 * here; strtod, which rounds exactly, only converts it.
 */
static int
parse_percentage(const char *s, double *v)
{
	const char	*p;
	size_t		 digits = 0;
	int		 point = 0;
	double		 d;

	for (p = s; (*p >= '0' && *p <= '9') || (*p == '.' && !point); p++) {
		if (*p == '.')
			point = 1;
		else
			digits++;
	}
	if (digits == 0 || !(*p == '\0' || (*p == '%' && p[1] == '\0')))
		return -1;
	d = strtod(s, NULL);
	if (d > 100)
		return -1;
	*v = d;
	return 0;
}

/* A threshold text without its trailing '%'. */
static char *
threshold_text(const char *s)
{
	size_t	 n = strlen(s);

	return xmemdup0(s, n > 0 && s[n - 1] == '%' ? n - 1 : n);
}

static int
percent_option(const char *opt, const char *arg, double *v)
{
	if (parse_percentage(arg, v) == 0)
		return 0;
	cga_usage_error("expected a percentage from 0 to 100: %s=%s", opt, arg);
	return -1;
}

static int
threshold_option(struct cga_opts *o, const char *opt, const char *arg)
{
	if (percent_option(opt, arg, &o->threshold_val) == -1)
		return -1;
	if (o->threshold != default_threshold)
		free(o->threshold);
	o->threshold = threshold_text(arg);
	o->threshold_set = 1;
	return 0;
}

static int
context_option(struct cga_opts *o, const char *opt, const char *arg)
{
	uint64_t	 n;

	if (parse_count(arg, ULONG_MAX, &n) == -1) {
		cga_usage_error("expected a number of lines: %s=%s", opt, arg);
		return -1;
	}
	o->context = (unsigned long)n;
	return 0;
}

static int
depth_option(struct cga_opts *o, const char *opt, const char *arg)
{
	uint64_t	 n;

	if (parse_count(arg, 65536, &n) == -1 || n == 0) {
		cga_usage_error("expected a number of frames, 1 to 65536: "
		    "%s=%s", opt, arg);
		return -1;
	}
	o->max_depth = (unsigned)n;
	return 0;
}

/* -j N, --jobs=N: threads that read a profile file. */
static int
jobs_option(struct cga_opts *o, const char *opt, const char *arg)
{
	uint64_t	 n;

	if (parse_count(arg, 1024, &n) == -1 || n == 0) {
		cga_usage_error("expected a number of threads, 1 to 1024: "
		    "%s=%s", opt, arg);
		return -1;
	}
	o->jobs = (int)n;
	return 0;
}

static int
top_option(struct cga_opts *o, const char *opt, const char *arg)
{
	if (parse_count(arg, UINT64_MAX, &o->top) == -1 || o->top == 0) {
		cga_usage_error("expected a number of rows, 1 or more: "
		    "%s=%s", opt, arg);
		return -1;
	}
	return 0;
}

/* --focus=RE, --hide=RE: a POSIX extended regex, compiled now. */
static int
regex_option(regex_t **res, char ***texts, size_t *n, const char *opt,
    const char *arg)
{
	char	 err[256];
	int	 r;

	*res = xreallocarray(*res, *n + 1, sizeof(**res));
	*texts = xreallocarray(*texts, *n + 1, sizeof(**texts));
	if ((r = regcomp(&(*res)[*n], arg, REG_EXTENDED | REG_NOSUB)) != 0) {
		regerror(r, NULL, err, sizeof(err));
		cga_usage_error("%s=%s: %s", opt, arg, err);
		return -1;
	}
	(*texts)[(*n)++] = xstrdup(arg);
	return 0;
}

static int
part_option(struct cga_opts *o, const char *opt, const char *arg)
{
	uint64_t	 n;

	if (parse_count(arg, UINT64_MAX, &n) == -1) {
		cga_usage_error("expected a part number: %s=%s", opt, arg);
		return -1;
	}
	o->parts = xreallocarray(o->parts, o->nparts + 1, sizeof(*o->parts));
	o->parts[o->nparts++] = n;
	return 0;
}

static void
free_list(char **items, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		free(items[i]);
	free(items);
}

static void
split_list(const char *arg, char ***items, size_t *n)
{
	const char	*s = arg, *comma;

	free_list(*items, *n);
	*items = NULL;
	*n = 0;
	if (*arg == '\0')
		return;
	for (;;) {
		comma = strchr(s, ',');
		*items = xreallocarray(*items, *n + 1, sizeof(**items));
		(*items)[(*n)++] = xmemdup0(s, comma != NULL ?
		    (size_t)(comma - s) : strlen(s));
		if (comma == NULL)
			break;
		s = comma + 1;
	}
}

/*
 * --sort=A,B:90: events, and thresholds where a ':N' ends an item (the
 * event is what comes before the first ':').  An event named twice is a
 * mistake: the second would sort nothing.
 */
static int
sort_option(struct cga_opts *o, const char *opt, const char *arg)
{
	char	*colon;
	size_t	 i, j;

	free_list(o->sort_th, o->nsort);
	free(o->sort_th_val);
	split_list(arg, &o->sort, &o->nsort);
	o->sort_th = xcalloc(o->nsort + 1, sizeof(*o->sort_th));
	o->sort_th_val = xcalloc(o->nsort + 1, sizeof(*o->sort_th_val));
	o->sort_has_th = 0;
	for (i = 0; i < o->nsort; i++) {
		if ((colon = strrchr(o->sort[i], ':')) == NULL)
			continue;
		if (parse_percentage(colon + 1, &o->sort_th_val[i]) == -1) {
			cga_usage_error("expected EVENT or EVENT:PERCENT in "
			    "%s: %s", opt, o->sort[i]);
			return -1;
		}
		o->sort_th[i] = threshold_text(colon + 1);
		o->sort_has_th = o->threshold_set = 1;
		*strchr(o->sort[i], ':') = '\0';
	}
	for (i = 0; i < o->nsort; i++)
		for (j = 0; j < i && *o->sort[i] != '\0'; j++)
			if (strcmp(o->sort[i], o->sort[j]) == 0) {
				cga_usage_error("event named twice in %s: %s",
				    opt, o->sort[i]);
				return -1;
			}
	return 0;
}

static int
rewrite_option(struct cga_rewrite **rw, size_t *n, const char *opt,
    const char *arg)
{
	char	 err[256];

	*rw = xreallocarray(*rw, *n + 1, sizeof(**rw));
	if (cga_rewrite_parse(&(*rw)[*n], arg, err, sizeof(err)) == -1) {
		cga_diag_usage(CGA_USAGE_LINE, "%s=%s: %s", opt, arg, err);
		return -1;
	}
	(*n)++;
	return 0;
}

static int
gate_option(struct cga_opts *o, const char *opt, const char *arg,
    int function)
{
	char	 err[256];

	if (cga_gate_parse(&o->fail_above, &o->nfail_above, arg, function,
	    err, sizeof(err)) == -1) {
		cga_usage_error("%s: %s", opt, err);
		return -1;
	}
	return 0;
}

static void
include_option(struct cga_opts *o, const char *arg)
{
	size_t	 n;
	char	*dir;

	if (*arg == '=')	/* callgrind_annotate's -I=DIR */
		arg++;
	n = strlen(arg);
	if (n > 0 && arg[n - 1] == '/')
		n--;
	dir = xmalloc(n + 2);
	memcpy(dir, arg, n);
	memcpy(dir + n, "/", 2);
	o->include = xreallocarray(o->include, o->ninclude + 1,
	    sizeof(*o->include));
	o->include[o->ninclude++] = dir;
}

static int
flag_option(int *flag)
{
	*flag = 1;
	return 0;
}

/* Longest option name the suggestion of a near one compares. */
#define OPTNAME_MAX	32

/*
 * Edits that make b of the first na bytes of a: inserts, deletes,
 * substitutions, and swaps of neighbours (the optimal string alignment
 * distance).  Rows i-2, i-1 and i are kept, in turn, in d.
 */
static size_t
distance(const char *a, size_t na, const char *b)
{
	size_t	 d[3][OPTNAME_MAX + 1], nb = strlen(b), i, j, v;
	size_t	*r, *p, *pp;

	if (nb > OPTNAME_MAX)
		return SIZE_MAX;
	for (j = 0; j <= nb; j++)
		d[0][j] = j;
	for (i = 1; i <= na; i++) {
		r = d[i % 3];
		p = d[(i + 2) % 3];
		pp = d[(i + 1) % 3];
		r[0] = i;
		for (j = 1; j <= nb; j++) {
			v = p[j - 1] + (a[i - 1] != b[j - 1]);
			if (p[j] + 1 < v)
				v = p[j] + 1;
			if (r[j - 1] + 1 < v)
				v = r[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && pp[j - 2] + 1 < v)
				v = pp[j - 2] + 1;
			r[j] = v;
		}
	}
	return d[na % 3][nb];
}

/*
 * An unknown or ambiguous long option (getopt_long tells them apart no
 * more than by a '?'): names the options a prefix could be, or the one
 * nearest to a typo, when one is at most two edits away (and those are
 * at most half the name).
 */
static void
bad_long_option(const char *arg)
{
	const char	*name = arg + 2, *near = NULL;
	char		 list[512] = "";
	size_t		 len = strcspn(name, "="), i, n = 0, d, best = SIZE_MAX;

	for (i = 0; longopts[i].name != NULL; i++)
		n += strncmp(longopts[i].name, name, len) == 0;
	if (n > 1) {
		for (i = 0, d = 0; longopts[i].name != NULL; i++)
			if (strncmp(longopts[i].name, name, len) == 0)
				list_add(list, sizeof(list), d++, n, "--",
				    longopts[i].name);
		cga_usage_error("ambiguous option: %s could be %s", arg, list);
		return;
	}
	for (i = 0; longopts[i].name != NULL && len <= 2 * OPTNAME_MAX; i++)
		if ((d = distance(name, len, longopts[i].name)) < best) {
			best = d;
			near = longopts[i].name;
		}
	if (near != NULL && best <= 2 && 3 * best <= len)
		cga_usage_error("unknown option: %s; did you mean --%s?", arg,
		    near);
	else
		cga_usage_error("unknown option: %s", arg);
}

/*
 * What getopt_long could not read.  optopt tells: 0 for an unknown or
 * ambiguous long option, CGA_OPT_VAL + its id for a long option given a
 * value it takes none of, the letter of an unknown short option.
 */
static int
bad_option(int ch, const char *arg)
{
	if (ch == ':')
		cga_usage_error("option needs a value: %s", arg);
	else if (optopt == 0)
		bad_long_option(arg);
	else if (optopt >= CGA_OPT_VAL)
		cga_usage_error("unknown option: %s", arg);
	else
		cga_usage_error("unknown option: -%c", optopt);
	return -1;
}

/*
 * Sets what option id says: 0, 1 after --help or --version, or -1.  Its
 * messages name it as the table does, whatever prefix or letter was given.
 */
static int
option(struct cga_opts *o, int id, const char *arg)
{
	char	 opt[OPTNAME_MAX + 3];

	snprintf(opt, sizeof(opt), "--%s", cga_options[id].name);
	switch (id) {
	case CGA_OPT_HELP:
		cga_usage(stdout);
		return 1;
	case CGA_OPT_VERSION:
		printf("cgannotate %s\n", CGA_VERSION);
		return 1;
	case CGA_OPT_AUTO:
		return keyword_option(yes_no, opt, arg, &o->auto_annotate);
	case CGA_OPT_ASM:
		return keyword_option(yes_no, opt, arg, &o->asm_code);
	case CGA_OPT_ASM_SYNTAX:
		return keyword_option(syntaxes, opt, arg, &o->asm_syntax);
	case CGA_OPT_INCLUSIVE:
		return keyword_option(yes_no, opt, arg, &o->inclusive);
	case CGA_OPT_SHOW_PERCS:
		return keyword_option(yes_no, opt, arg != NULL ? arg : "yes",
		    &o->show_percs);
	case CGA_OPT_COLOR:
		return keyword_option(colors, opt, arg, &o->color);
	case CGA_OPT_TREE:
		return keyword_option(trees, opt, arg, &o->tree);
	case CGA_OPT_BY:
		return keyword_option(bys, opt, arg, &o->by);
	case CGA_OPT_GROUP_INLINED:
		return keyword_option(yes_no, opt, arg, &o->group_inlined);
	case CGA_OPT_TOP:
		return top_option(o, opt, arg);
	case CGA_OPT_JOBS:
		return jobs_option(o, opt, arg);
	case CGA_OPT_MAX_DEPTH:
		return depth_option(o, opt, arg);
	case CGA_OPT_FOCUS:
		return regex_option(&o->focus, &o->focus_text, &o->nfocus,
		    opt, arg);
	case CGA_OPT_HIDE:
		return regex_option(&o->hide, &o->hide_text, &o->nhide,
		    opt, arg);
	case CGA_OPT_FORMAT:
		return format_option(o, opt, arg);
	case CGA_OPT_THRESHOLD:
		return threshold_option(o, opt, arg);
	case CGA_OPT_NODE_THRESHOLD:
		return percent_option(opt, arg, &o->node_threshold);
	case CGA_OPT_EDGE_THRESHOLD:
		return percent_option(opt, arg, &o->edge_threshold);
	case CGA_OPT_CONTEXT:
		return context_option(o, opt, arg);
	case CGA_OPT_PART:
		return part_option(o, opt, arg);
	case CGA_OPT_SHOW:
		split_list(arg, &o->show, &o->nshow);
		return 0;
	case CGA_OPT_SORT:
		return sort_option(o, opt, arg);
	case CGA_OPT_CALLS:
		return flag_option(&o->calls);
	case CGA_OPT_LINES:
		return flag_option(&o->lines);
	case CGA_OPT_LIST_PARTS:
		return flag_option(&o->list_parts);
	case CGA_OPT_TUI:
		o->format = &cga_format_tui;
		return 0;
	case CGA_OPT_CHECK:
		return flag_option(&o->check);
	case CGA_OPT_DIFF:
		/* Repeatable: the older profiles are summed, as the newer. */
		o->diffs = xreallocarray(o->diffs, o->ndiffs + 2,
		    sizeof(*o->diffs));
		o->diffs[o->ndiffs++] = xstrdup(arg);
		o->diffs[o->ndiffs] = NULL;
		o->diff = o->diffs[0];
		return 0;
	case CGA_OPT_FAIL_ABOVE:
		return gate_option(o, opt, arg, 0);
	case CGA_OPT_FAIL_ABOVE_FUNCTION:
		return gate_option(o, opt, arg, 1);
	case CGA_OPT_MOD_FILENAME:
		return rewrite_option(&o->mod_filename, &o->nmod_filename,
		    opt, arg);
	case CGA_OPT_MOD_FUNCNAME:
		return rewrite_option(&o->mod_funcname, &o->nmod_funcname,
		    opt, arg);
	default:	/* CGA_OPT_INCLUDE */
		include_option(o, arg);
		return 0;
	}
}

/* --color=auto: on a terminal, unless NO_COLOR is set or TERM is dumb. */
static int
color_auto(void)
{
	const char	*no = getenv("NO_COLOR"), *term = getenv("TERM");

	return isatty(STDOUT_FILENO) && (no == NULL || *no == '\0') &&
	    (term == NULL || strcmp(term, "dumb") != 0);
}

/*
 * The warning of an option the chosen format ignores, which names the
 * formats of the option's mask, those that read it.
 */
static void
warn_ignored_by(const struct cga_opts *o, const struct cga_option *e)
{
	char	 readers[256] = "";
	size_t	 i, n = 0, k = 0;

	for (i = 0; i <= CGA_FORMAT_PARTS; i++)
		n += (e->formats >> i) & 1;
	for (i = 0; i < CGA_FORMAT_PARTS; i++)
		if ((e->formats >> i) & 1)
			list_add(readers, sizeof(readers), k++, n, "--format=",
			    cga_formats[i]->name);
	if ((e->formats >> CGA_FORMAT_PARTS) & 1)
		list_add(readers, sizeof(readers), k, n, "", "--list-parts");
	cga_diag("warning: --%s is ignored with %s%s: only %s uses it", e->name,
	    o->list_parts ? "--list-parts" : "--format=",
	    o->list_parts ? "" : o->format->name, readers);
}

/*
 * Options given that the chosen format ignores, as the masks of the table
 * of options say, in the order of their names; then options that others
 * make pointless in the format that reads them.
 */
static void
warn_ignored(const struct cga_opts *o, const unsigned char *given)
{
	unsigned	 bit = cga_format_bit(o->format);
	int		 id;
	size_t		 i;

	for (i = 0; longopts[i].name != NULL; i++) {
		id = longopts[i].val - CGA_OPT_VAL;
		if (given[id] && !(cga_options[id].formats & bit))
			warn_ignored_by(o, &cga_options[id]);
	}
	if (o->by != CGA_BY_FUNCTION && o->lines &&
	    o->format == &cga_format_tsv)
		cga_diag("warning: --by is ignored with --lines: rows of lines "
		    "are not grouped");
	if (o->calls && o->lines && o->format == &cga_format_tsv)
		cga_diag("warning: --lines is ignored with --calls: "
		    "--format=tsv prints rows of one kind");
}

/*
 * Whether an option's value asks for nothing (--tree=none, a yes/no
 * option's no): none of it is ignored, whatever the format.
 */
static int
asks_nothing(const char *arg)
{
	return arg != NULL && (strcmp(arg, "none") == 0 ||
	    strcmp(arg, "no") == 0);
}

void
cga_opts_init(struct cga_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->threshold = default_threshold;
	o->threshold_val = 99;
	o->show_percs = 1;
	o->auto_annotate = 1;
	o->node_threshold = 0.5;
	o->edge_threshold = 0.1;
	o->context = 8;
	o->format = &cga_format_text;
	o->group_inlined = -1;
	o->max_depth = 256;
}

int
cga_opts_parse(struct cga_opts *o, int argc, char **argv)
{
	unsigned char	 given[CGA_NOPTS] = { 0 };	/* and asking, by */
	int		 ch, id, rc = 0;		/* the last value */

	opterr = 0;
	o->color = -1;		/* auto, unless --color says otherwise */
	cga_options_getopt(longopts, shortopts);
	while (rc == 0 && (ch = getopt_long(argc, argv, shortopts, longopts,
	    NULL)) != -1) {
		if (ch == '?' || ch == ':') {
			rc = bad_option(ch, argv[optind - 1]);
			break;
		}
		id = ch >= CGA_OPT_VAL ? ch - CGA_OPT_VAL :
		    cga_option_of_letter(ch);
		rc = option(o, id, optarg);
		given[id] = !asks_nothing(optarg);
	}
	if (rc != 0)
		return rc;
	if (o->list_parts)
		o->format = &cga_format_parts;
	if (o->nfail_above > 0 && o->diff == NULL) {
		cga_usage_error("%s needs --diff OLD: a limit is on a change",
		    o->fail_above[0].function ? "--fail-above-function" :
		    "--fail-above");
		return -1;
	}
	/* A difference's call counts can be negative, which calls= cannot. */
	if (o->format == &cga_format_callgrind && o->diff != NULL) {
		cga_usage_error("--format=callgrind writes no difference: "
		    "--diff %s", o->diff);
		return -1;
	}
	if (o->color == -1)
		o->color = color_auto();
	/*
	 * A graph and a flame graph show a function once; so does the page's
	 * flame graph, whose table lists functions as the text report does.
	 */
	o->inlined_frames = o->group_inlined != 0;
	if (o->group_inlined == -1)
		o->group_inlined = (o->format == &cga_format_dot ||
		    o->format == &cga_format_folded ||
		    o->format == &cga_format_speedscope ||
		    o->format == &cga_format_pprof) &&
		    o->by == CGA_BY_FUNCTION;
	else if (o->group_inlined && o->by != CGA_BY_FUNCTION) {
		cga_usage_error("--group-inlined=yes lists functions: it "
		    "goes with --by=function only");
		return -1;
	}
	warn_ignored(o, given);
	return cga_opts_classify(o, argc - optind, argv + optind);
}

void
cga_opts_free(struct cga_opts *o)
{
	free_list(o->diffs, o->ndiffs);
	free_list(o->show, o->nshow);
	free_list(o->sort_th, o->nsort);
	free_list(o->sort, o->nsort);
	free(o->sort_th_val);
	free_list(o->include, o->ninclude);
	if (o->threshold != default_threshold)
		free(o->threshold);
	free(o->parts);
	for (size_t i = 0; i < o->nmod_filename; i++)
		cga_rewrite_free(&o->mod_filename[i]);
	for (size_t i = 0; i < o->nmod_funcname; i++)
		cga_rewrite_free(&o->mod_funcname[i]);
	free(o->mod_filename);
	free(o->mod_funcname);
	cga_gate_limits_free(o->fail_above, o->nfail_above);
	free(o->profiles);
	free(o->sources);
	for (size_t i = 0; i < o->nfocus; i++)
		regfree(&o->focus[i]);
	for (size_t i = 0; i < o->nhide; i++)
		regfree(&o->hide[i]);
	free(o->focus);
	free(o->hide);
	free_list(o->focus_text, o->nfocus);
	free_list(o->hide_text, o->nhide);
}
