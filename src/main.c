/* main.c: the command line; wires loading, inclusive costs and the reports. */
#include <sys/stat.h>

#include <errno.h>
#include <getopt.h>
#include <glob.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "annotate.h"
#include "diag.h"
#include "diff.h"
#include "formats.h"
#include "inclusive.h"
#include "load.h"
#include "opts.h"
#include "report.h"

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

static void __attribute__((noreturn))
usage_error(const char *fmt, const char *arg)
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
		usage_error("expected yes or no: %s", opt);
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
			usage_error("expected EVENT or EVENT:PERCENT in --sort: "
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
	r = cga_profile_sniff(path, &names, &n);
	free_list(names, n);
	return r == 1;
}

static void
parse_options(struct cga_opts *o, int argc, char **argv)
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

	o->threshold = xstrdup("99");
	o->threshold_val = 99;
	o->show_percs = 1;
	o->auto_annotate = 1;
	o->node_threshold = 0.5;
	o->edge_threshold = 0.1;
	o->context = 8;
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
				usage_error("expected a percentage from 0 to "
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
				usage_error("expected a number of lines: "
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
				usage_error("expected a part number: --part=%s",
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
			if (strcmp(optarg, "text") == 0)
				o->format = CGA_FORMAT_TEXT;
			else if (strcmp(optarg, "tsv") == 0)
				o->format = CGA_FORMAT_TSV;
			else if (strcmp(optarg, "json") == 0)
				o->format = CGA_FORMAT_JSON;
			else if (strcmp(optarg, "dot") == 0)
				o->format = CGA_FORMAT_DOT;
			else
				usage_error("expected text, tsv, json or dot: "
				    "--format=%s", optarg);
			break;
		case OPT_NODE_THRESHOLD:
			if (percentage(optarg, &o->node_threshold) == -1)
				usage_error("expected a percentage from 0 to "
				    "100: --node-threshold=%s", optarg);
			break;
		case OPT_EDGE_THRESHOLD:
			if (percentage(optarg, &o->edge_threshold) == -1)
				usage_error("expected a percentage from 0 to "
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
				usage_error("expected auto, always or never: "
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
				usage_error("expected none, caller, calling or "
				    "both: --tree=%s", optarg);
			break;
		case 'I':
			include_option(o, optarg);
			break;
		case ':':
			usage_error("option needs a value: %s",
			    argv[optind - 1]);
		default:
			usage_error("unknown option: %s", argv[optind - 1]);
		}
	}
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
			usage_error("empty file name%s", "");
		if (is_profile(argv[i]))
			o->profiles[o->nprofiles++] = argv[i];
		else
			o->sources[o->nsources++] = argv[i];
	}
}

static void
opts_free(struct cga_opts *o)
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
	if (o->profile_guessed)
		free((char *)o->profile);
}

/* A directory want_lines looked in, and whether it can be searched. */
struct dir_seen {
	UT_hash_handle	 hh;
	int		 ok;
	char		 name[];
};

static struct dir_seen *dirs_seen;

/*
 * Whether path can be read.  A profile from another machine names many
 * files in directories that do not exist here: each such directory is
 * asked about once, not each file in it.
 */
static int
readable(const char *path)
{
	const char		*slash = strrchr(path, '/');
	struct dir_seen		*d;
	size_t			 len;

	if (slash != NULL && slash > path) {
		len = (size_t)(slash - path);
		HASH_FIND(hh, dirs_seen, path, len, d);
		if (d == NULL) {
			d = xmalloc(sizeof(*d) + len + 1);
			memcpy(d->name, path, len);
			d->name[len] = '\0';
			d->ok = access(d->name, X_OK) == 0;
			HASH_ADD_KEYPTR(hh, dirs_seen, d->name, len, d);
		}
		if (!d->ok)
			return 0;
	}
	return access(path, R_OK) == 0;
}

static void
dirs_seen_free(void)
{
	struct dir_seen	*d, *tmp;

	HASH_ITER(hh, dirs_seen, d, tmp) {
		HASH_DEL(dirs_seen, d);
		free(d);
	}
}

/*
 * Whether a file's line costs may be printed: it is named on the command
 * line, or auto-annotation is on and its source can be found.  The costs
 * of the others would never be printed, and need no memory.
 */
static int
want_lines(void *ctx, const char *name)
{
	const struct cga_opts	*o = ctx;
	char			*path;
	size_t			 i;
	int			 found;

	for (i = 0; i < o->nsources; i++)
		if (strcmp(o->sources[i], name) == 0)
			return 1;
	/* Scripts get every file's lines, sources or not. */
	if (o->lines || o->format == CGA_FORMAT_JSON)
		return 1;
	if (!o->auto_annotate || strcmp(name, "???") == 0)
		return 0;
	if (readable(name))
		return 1;
	for (i = 0; i < o->ninclude; i++) {
		path = xmalloc(strlen(o->include[i]) + strlen(name) + 1);
		strcpy(path, o->include[i]);
		strcat(path, name);
		found = readable(path);
		free(path);
		if (found)
			return 1;
	}
	return 0;
}

/* The first callgrind.out* (then cachegrind.out*) here, as the script does. */
static const char *
guess_profile(void)
{
	static const char *const patterns[] = { "callgrind.out*",
	    "cachegrind.out*" };
	glob_t		 g;
	const char	*found = NULL;
	size_t		 i;

	for (i = 0; i < 2 && found == NULL; i++) {
		if (glob(patterns[i], 0, NULL, &g) == 0 && g.gl_pathc > 0)
			found = xstrdup(g.gl_pathv[0]);
		globfree(&g);
	}
	return found;
}

/* The current directory with a '/' after it: the shell's idea of it. */
static char *
current_dir(void)
{
	struct stat	 a, b;
	const char	*pwd = getenv("PWD");
	char		*dir, *cwd;
	size_t		 n;

	if (pwd != NULL && *pwd == '/' && stat(pwd, &a) == 0 &&
	    stat(".", &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
		cwd = xstrdup(pwd);
	else if ((cwd = getcwd(NULL, 0)) == NULL)
		return NULL;
	n = strlen(cwd);
	dir = xmalloc(n + 2);
	memcpy(dir, cwd, n);
	memcpy(dir + n, "/", 2);
	free(cwd);
	return dir;
}

/*
 * Loads every profile into one model, and with --diff the older profile
 * into another.  Several profiles are combined by event name: the events
 * of all of them, read from their headers first, make the models' (standard
 * input's cannot be read twice: it must bring no event the others lack).
 */
static int
load_profiles(struct cga_profile *p, struct cga_profile *old,
    const struct cga_opts *o, struct cga_load_opts *lo)
{
	char	**names = NULL;
	size_t	  n = 0, i, stdin_count = 0;
	int	  rc = 0;

	for (i = 0; i < o->nprofiles; i++)
		stdin_count += strcmp(o->profiles[i], "-") == 0;
	if (o->diff != NULL)
		stdin_count += strcmp(o->diff, "-") == 0;
	if (stdin_count > 1) {
		cga_diag("-: standard input named twice");
		return -1;
	}
	for (i = 0; (o->nprofiles > 1 || o->diff != NULL) &&
	    i <= o->nprofiles && rc == 0; i++) {
		const char *path = i < o->nprofiles ? o->profiles[i] : o->diff;

		if (path != NULL && strcmp(path, "-") != 0 &&
		    cga_profile_sniff(path, &names, &n) == -1)
			rc = -1;
	}
	lo->events = names;
	lo->nevents = n;
	for (i = 0; i < o->nprofiles && rc == 0; i++)
		rc = cga_profile_load(p, o->profiles[i], lo);
	if (rc == 0 && o->diff != NULL)
		rc = cga_profile_load(old, o->diff, lo);
	lo->events = NULL;
	lo->nevents = 0;
	free_list(names, n);
	return rc;
}

/*
 * Whether the output shows inclusive costs.  The rows of --format=tsv
 * --calls and --lines do not, nor does the text report unless asked.
 */
static int
shows_incl(const struct cga_opts *o)
{
	if (o->inclusive || o->tree)
		return 1;
	if (o->format == CGA_FORMAT_TSV)
		return !o->calls && !o->lines;
	return o->format != CGA_FORMAT_TEXT;
}

/* Finishes a loaded model: derived events, inclusive costs if wanted. */
static int
finish(struct cga_profile *p, const struct cga_opts *o)
{
	if (cga_profile_finish(p) == -1 || (shows_incl(o) &&
	    cga_profile_inclusive(p) == -1))
		return -1;
	if (p->nparts == 0) {
		cga_diag("%s: no part of the numbers --part names", p->path);
		return -1;
	}
	return 0;
}

/* A write error on standard output; a closed pipe ends quietly. */
static int
output_error(void)
{
	if (errno == EPIPE)
		return 0;
	cga_diag("standard output: %s", strerror(errno));
	return 1;
}

int
main(int argc, char **argv)
{
	struct cga_opts		 o;
	struct cga_load_opts	 lo;
	struct cga_profile	*p, *old = NULL, *diff = NULL, *shown;
	struct cga_view		 v;
	struct cga_fn		**listed;
	size_t			 nlisted;
	char			*cwd;
	int			 rc = 1;

	signal(SIGPIPE, SIG_IGN);
	memset(&o, 0, sizeof(o));
	parse_options(&o, argc, argv);
	if (o.profile == NULL) {
		if ((o.profile = guess_profile()) == NULL)
			usage_error("no profile named, and no callgrind.out* "
			    "or cachegrind.out* here%s", "");
		o.profile_guessed = 1;
	}
	/* The first profile first; the others as they were named. */
	memmove(o.profiles + 1, o.profiles, o.nprofiles * sizeof(*o.profiles));
	o.profiles[0] = (char *)o.profile;
	o.nprofiles++;
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, NULL, _IOFBF, 1 << 16);

	cwd = current_dir();
	memset(&lo, 0, sizeof(lo));
	lo.cwd = cwd;
	lo.lines = o.auto_annotate || o.nsources > 0 || o.lines;
	/* Call edges: for inclusive costs, and for the rows of --calls. */
	lo.no_calls = !shows_incl(&o) && !(o.format == CGA_FORMAT_TSV &&
	    o.calls);
	lo.parts = o.parts;
	lo.nparts = o.nparts;
	lo.mod_filename = o.mod_filename;
	lo.nmod_filename = o.nmod_filename;
	lo.mod_funcname = o.mod_funcname;
	lo.nmod_funcname = o.nmod_funcname;
	lo.want_lines = want_lines;
	lo.want_ctx = &o;
	shown = p = cga_profile_new();
	if (o.diff != NULL)
		old = cga_profile_new();
	if (cga_annotate_check_sources(&o) == -1 ||
	    load_profiles(p, old, &o, &lo) == -1 || finish(p, &o) == -1 ||
	    (old != NULL && finish(old, &o) == -1))
		goto out;
	if (old != NULL && !o.list_parts) {
		if ((diff = cga_profile_diff(old, p)) == NULL)
			goto out;
		shown = diff;
	}
	if (o.list_parts) {
		cga_report_parts(stdout, p);
		rc = 0;
		goto flush;
	}
	if (cga_view_make(&v, shown, &o) == -1) {
		cga_view_free(&v);
		rc = 2;
		goto out;
	}
	if (o.format != CGA_FORMAT_TEXT) {
		if (o.format == CGA_FORMAT_TSV)
			cga_tsv(stdout, &v);
		else if (o.format == CGA_FORMAT_JSON)
			cga_json(stdout, &v);
		else
			cga_dot(stdout, &v);
		cga_view_free(&v);
		rc = 0;
		goto flush;
	}
	if (o.profile_guessed)
		printf("Reading data from '%s'...\n", o.profile);
	cga_report_header(stdout, &v);
	listed = cga_report_functions(stdout, &v, &nlisted);
	rc = cga_annotate(stdout, &v, listed, nlisted);
	free(listed);
	cga_view_free(&v);
flush:
	if (fflush(stdout) == EOF || ferror(stdout))
		rc = output_error();
out:
	cga_profile_free(diff);
	cga_profile_free(old);
	cga_profile_free(p);
	opts_free(&o);
	free(cwd);
	dirs_seen_free();
	return rc;
}
