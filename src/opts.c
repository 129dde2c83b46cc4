/*
 * opts.c: the command line: options parsed into a struct cga_opts, and the
 * arguments after them sorted into profiles and source files.
 */
#include <sys/stat.h>

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "formats.h"
#include "load.h"
#include "opts.h"
#include "xalloc.h"

#define CGA_VERSION	"0.1.0"

static const char usage_line[] =
    "usage: cgannotate [options] [profile [profile ...] [source-file ...]]\n";

static void
usage(FILE *out)
{
	fputs(usage_line, out);
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
"      --inclusive=yes|no  list functions by inclusive cost [no]\n"
"      --tree=none|caller|calling|both\n"
"                          print each function's callers and callees [none]\n"
"      --part=N            read only part N of the profile (repeatable)\n"
"      --list-parts        list the profile's parts and their totals\n"
"      --diff OLD          report the profile minus the OLD one\n"
"      --format=text|tsv|json|dot\n"
"                          the report as text, tab-separated rows, JSON or\n"
"                          a Graphviz call graph [text]\n"
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
"With no profile, reads the first callgrind.out* (or cachegrind.out*) in\n"
"the current directory.  Exit status: 0 done, 1 bad input, 2 bad usage.\n",
	    out);
}

void
cga_usage_error(const char *fmt, const char *arg)
{
	fflush(stdout);
	fputs("cgannotate: ", stderr);
	fprintf(stderr, fmt, arg);
	fputc('\n', stderr);
	fputs(usage_line, stderr);
	fputs("Try 'cgannotate --help' for more.\n", stderr);
	exit(2);
}

static int
yes_no(const char *opt, const char *arg)
{
	if (strcmp(arg, "yes") == 0)
		return 1;
	if (strcmp(arg, "no") != 0)
		cga_usage_error("expected yes or no: %s", opt);
	return 0;
}

/* A percentage from 0 to 100, as digits with one optional point. */
static int
percentage(const char *s, double *v)
{
	char	*end;
	size_t	 n = strspn(s, "0123456789.");

	if (n == 0 || strchr(s, '.') != strrchr(s, '.') ||
	    !(s[n] == '\0' || (s[n] == '%' && s[n + 1] == '\0')))
		return -1;
	*v = strtod(s, &end);
	return *v >= 0 && *v <= 100 ? 0 : -1;
}

/* A threshold text without its trailing '%'. */
static char *
threshold_text(const char *s)
{
	size_t	 n = strlen(s);

	return xmemdup0(s, n > 0 && s[n - 1] == '%' ? n - 1 : n);
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

/* --sort=A,B:90: events, and thresholds where a ':N' ends an item. */
static void
sort_option(struct cga_opts *o, const char *arg)
{
	char	*colon, *th;
	size_t	 i;
	double	 v;

	free_list(o->sort_th, o->nsort);
	o->sort_th = NULL;
	split_list(arg, &o->sort, &o->nsort);
	o->sort_th = xcalloc(o->nsort + 1, sizeof(*o->sort_th));
	o->sort_has_th = 0;
	for (i = 0; i < o->nsort; i++) {
		colon = strrchr(o->sort[i], ':');
		if (colon == NULL)
			continue;
		th = colon + 1;
		if (percentage(th, &v) == -1)
			cga_usage_error("expected EVENT or EVENT:PERCENT in --sort: "
			    "%s", o->sort[i]);
		o->sort_th[i] = threshold_text(th);
		o->sort_has_th = 1;
		*strchr(o->sort[i], ':') = '\0';
	}
}

static void
rewrite_option(struct cga_rewrite **rw, size_t *n, const char *opt,
    const char *arg)
{
	char	 err[256];

	*rw = xreallocarray(*rw, *n + 1, sizeof(**rw));
	if (cga_rewrite_parse(&(*rw)[*n], arg, err, sizeof(err)) == -1) {
		fflush(stdout);
		fprintf(stderr, "cgannotate: %s=%s: %s\n", opt, arg, err);
		fputs(usage_line, stderr);
		exit(2);
	}
	(*n)++;
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

/*
 * An argument after the first is a profile if it is "-" or a readable file
 * with an events: line among its first thousand lines, and a source file
 * to annotate otherwise.
 */
static int
is_profile(const char *path)
{
	struct stat	 st;
	char		**names = NULL;
	size_t		 n = 0;
	int		 r;

	if (strcmp(path, "-") == 0)
		return 1;
	if (stat(path, &st) == -1 || !S_ISREG(st.st_mode) ||
	    access(path, R_OK) == -1)
		return 0;
	/* An empty file is no source to annotate: an empty profile. */
	if (st.st_size == 0)
		return 1;
	r = cga_profile_sniff(path, &names, &n);
	free_list(names, n);
	return r == 1;
}

void
cga_opts_init(struct cga_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->threshold = xstrdup("99");
	o->threshold_val = 99;
	o->show_percs = 1;
	o->auto_annotate = 1;
	o->node_threshold = 0.5;
	o->edge_threshold = 0.1;
	o->context = 8;
	o->format = &cga_format_text;
}

void
cga_opts_parse(struct cga_opts *o, int argc, char **argv)
{
	enum { OPT_AUTO = 256, OPT_CALLS, OPT_COLOR, OPT_CONTEXT, OPT_DIFF, OPT_FORMAT,
	    OPT_EDGE_THRESHOLD, OPT_INCLUSIVE, OPT_LINES, OPT_LIST_PARTS,
	    OPT_NODE_THRESHOLD,
	    OPT_MOD_FILENAME, OPT_MOD_FUNCNAME, OPT_PART, OPT_SHOW,
	    OPT_SHOW_PERCS, OPT_SORT, OPT_THRESHOLD, OPT_TREE, OPT_VERSION };
	static const struct option longopts[] = {
		{ "auto",	required_argument,	NULL, OPT_AUTO },
		{ "calls",	no_argument,		NULL, OPT_CALLS },
		{ "color",	required_argument,	NULL, OPT_COLOR },
		{ "context",	required_argument,	NULL, OPT_CONTEXT },
		{ "diff",	required_argument,	NULL, OPT_DIFF },
		{ "edge-threshold", required_argument,	NULL, OPT_EDGE_THRESHOLD },
		{ "format",	required_argument,	NULL, OPT_FORMAT },
		{ "help",	no_argument,		NULL, 'h' },
		{ "include",	required_argument,	NULL, 'I' },
		{ "inclusive",	required_argument,	NULL, OPT_INCLUSIVE },
		{ "lines",	no_argument,		NULL, OPT_LINES },
		{ "list-parts",	no_argument,		NULL, OPT_LIST_PARTS },
		{ "mod-filename", required_argument,	NULL, OPT_MOD_FILENAME },
		{ "node-threshold", required_argument,	NULL, OPT_NODE_THRESHOLD },
		{ "mod-funcname", required_argument,	NULL, OPT_MOD_FUNCNAME },
		{ "part",	required_argument,	NULL, OPT_PART },
		{ "show",	required_argument,	NULL, OPT_SHOW },
		{ "show-percs",	optional_argument,	NULL, OPT_SHOW_PERCS },
		{ "sort",	required_argument,	NULL, OPT_SORT },
		{ "threshold",	required_argument,	NULL, OPT_THRESHOLD },
		{ "tree",	required_argument,	NULL, OPT_TREE },
		{ "version",	no_argument,		NULL, OPT_VERSION },
		{ NULL,		0,			NULL, 0 }
	};
	char	*end;
	int	 ch, i, color = -1;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, ":hI:", longopts, NULL)) != -1) {
		switch (ch) {
		case 'h':
			usage(stdout);
			exit(0);
		case OPT_VERSION:
			printf("cgannotate %s\n", CGA_VERSION);
			exit(0);
		case OPT_SHOW:
			split_list(optarg, &o->show, &o->nshow);
			break;
		case OPT_SORT:
			sort_option(o, optarg);
			break;
		case OPT_THRESHOLD:
			if (percentage(optarg, &o->threshold_val) == -1)
				cga_usage_error("expected a percentage from 0 to "
				    "100: --threshold=%s", optarg);
			free(o->threshold);
			o->threshold = threshold_text(optarg);
			break;
		case OPT_SHOW_PERCS:
			o->show_percs = optarg == NULL ? 1 :
			    yes_no("--show-percs", optarg);
			break;
		case OPT_AUTO:
			o->auto_annotate = yes_no("--auto", optarg);
			break;
		case OPT_CONTEXT:
			errno = 0;
			o->context = strtoul(optarg, &end, 10);
			if (*optarg < '0' || *optarg > '9' || *end != '\0' ||
			    errno != 0)
				cga_usage_error("expected a number of lines: "
				    "--context=%s", optarg);
			break;
		case OPT_INCLUSIVE:
			o->inclusive = yes_no("--inclusive", optarg);
			break;
		case OPT_PART:
			errno = 0;
			o->parts = xreallocarray(o->parts, o->nparts + 1,
			    sizeof(*o->parts));
			o->parts[o->nparts] = strtoull(optarg, &end, 10);
			if (*optarg < '0' || *optarg > '9' || *end != '\0' ||
			    errno != 0)
				cga_usage_error("expected a part number: --part=%s",
				    optarg);
			o->nparts++;
			break;
		case OPT_LIST_PARTS:
			o->list_parts = 1;
			break;
		case OPT_DIFF:
			o->diff = optarg;
			break;
		case OPT_FORMAT:
			if ((o->format = cga_format_find(optarg)) == NULL)
				cga_usage_error("expected text, tsv, json or dot: "
				    "--format=%s", optarg);
			break;
		case OPT_NODE_THRESHOLD:
			if (percentage(optarg, &o->node_threshold) == -1)
				cga_usage_error("expected a percentage from 0 to "
				    "100: --node-threshold=%s", optarg);
			break;
		case OPT_EDGE_THRESHOLD:
			if (percentage(optarg, &o->edge_threshold) == -1)
				cga_usage_error("expected a percentage from 0 to "
				    "100: --edge-threshold=%s", optarg);
			break;
		case OPT_CALLS:
			o->calls = 1;
			break;
		case OPT_COLOR:
			if (strcmp(optarg, "auto") == 0)
				color = -1;
			else if (strcmp(optarg, "always") == 0)
				color = 1;
			else if (strcmp(optarg, "never") == 0)
				color = 0;
			else
				cga_usage_error("expected auto, always or never: "
				    "--color=%s", optarg);
			break;
		case OPT_LINES:
			o->lines = 1;
			break;
		case OPT_MOD_FILENAME:
			rewrite_option(&o->mod_filename, &o->nmod_filename,
			    "--mod-filename", optarg);
			break;
		case OPT_MOD_FUNCNAME:
			rewrite_option(&o->mod_funcname, &o->nmod_funcname,
			    "--mod-funcname", optarg);
			break;
		case OPT_TREE:
			if (strcmp(optarg, "none") == 0)
				o->tree = 0;
			else if (strcmp(optarg, "caller") == 0)
				o->tree = CGA_TREE_CALLER;
			else if (strcmp(optarg, "calling") == 0)
				o->tree = CGA_TREE_CALLING;
			else if (strcmp(optarg, "both") == 0)
				o->tree = CGA_TREE_CALLER | CGA_TREE_CALLING;
			else
				cga_usage_error("expected none, caller, calling or "
				    "both: --tree=%s", optarg);
			break;
		case 'I':
			include_option(o, optarg);
			break;
		case ':':
			cga_usage_error("option needs a value: %s",
			    argv[optind - 1]);
		default:
			cga_usage_error("unknown option: %s", argv[optind - 1]);
		}
	}
	if (o->list_parts)
		o->format = &cga_format_parts;
	/* auto: on a terminal, unless NO_COLOR is set or TERM is dumb. */
	if (color == -1)
		color = isatty(STDOUT_FILENO) && (getenv("NO_COLOR") == NULL ||
		    *getenv("NO_COLOR") == '\0') && (getenv("TERM") == NULL ||
		    strcmp(getenv("TERM"), "dumb") != 0);
	o->color = color;
	if (optind < argc)
		o->profile = argv[optind++];
	o->sources = xcalloc((size_t)(argc - optind) + 1, sizeof(*o->sources));
	o->profiles = xcalloc((size_t)(argc - optind) + 2,
	    sizeof(*o->profiles));
	for (i = optind; i < argc; i++) {
		if (*argv[i] == '\0')
			cga_usage_error("empty file name%s", "");
		if (is_profile(argv[i]))
			o->profiles[o->nprofiles++] = argv[i];
		else
			o->sources[o->nsources++] = argv[i];
	}
}

void
cga_opts_free(struct cga_opts *o)
{
	free_list(o->show, o->nshow);
	free_list(o->sort_th, o->nsort);
	free_list(o->sort, o->nsort);
	free_list(o->include, o->ninclude);
	free(o->threshold);
	free(o->parts);
	for (size_t i = 0; i < o->nmod_filename; i++)
		cga_rewrite_free(&o->mod_filename[i]);
	for (size_t i = 0; i < o->nmod_funcname; i++)
		cga_rewrite_free(&o->mod_funcname[i]);
	free(o->mod_filename);
	free(o->mod_funcname);
	free(o->profiles);
	free(o->sources);
}

