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
#include "xalloc.h"

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
	if (o->format->needs(&(struct cga_view){ .o = o }) & CGA_NEED_ALL_LINES)
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
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

/* Finishes a loaded model: derived events, inclusive costs if wanted. */
static int
finish(struct cga_profile *p, unsigned needs)
{
	if (cga_profile_finish(p) == -1 || ((needs & CGA_NEED_INCL) &&
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
	unsigned		 needs;
	char			*cwd;
	int			 rc = 1;

	signal(SIGPIPE, SIG_IGN);
	cga_opts_init(&o);
	if ((rc = cga_opts_parse(&o, argc, argv)) != 0) {
		cga_opts_free(&o);
		return rc == 1 ? 0 : 2;
	}
	rc = 1;
	if (o.profile == NULL) {
		if ((o.profile = guess_profile()) == NULL) {
			cga_usage_error("no profile named, and no callgrind.out* "
			    "or cachegrind.out* here%s", "");
			cga_opts_free(&o);
			return 2;
		}
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
	memset(&v, 0, sizeof(v));
	v.o = &o;
	needs = o.format->needs(&v);
	lo.lines = (needs & (CGA_NEED_LINES | CGA_NEED_ALL_LINES)) != 0;
	lo.no_calls = !(needs & (CGA_NEED_CALLS | CGA_NEED_INCL));
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
	    load_profiles(p, old, &o, &lo) == -1 || finish(p, needs) == -1 ||
	    (old != NULL && finish(old, needs) == -1))
		goto out;
	if (old != NULL && !o.format->as_loaded) {
		if ((diff = cga_profile_diff(old, p)) == NULL)
			goto out;
		shown = diff;
	}
	if (o.format->as_loaded)
		v.p = p;
	else if (cga_view_make(&v, shown, &o) == -1) {
		cga_view_free(&v);
		rc = 2;
		goto out;
	}
	rc = o.format->print(stdout, &v);
	if (!o.format->as_loaded)
		cga_view_free(&v);
	if (fflush(stdout) == EOF || ferror(stdout))
		rc = output_error();
out:
	cga_profile_free(diff);
	cga_profile_free(old);
	cga_profile_free(p);
	cga_opts_free(&o);
	free(cwd);
	dirs_seen_free();
	return rc;
}
