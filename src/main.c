/* main.c: the command line; wires loading, inclusive costs and the reports. */
#include <sys/stat.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/diff.h"
#include "analysis/gate.h"
#include "analysis/inclusive.h"
#include "base/diag.h"
#include "base/hash.h"
#include "base/xalloc.h"
#include "cli/formats.h"
#include "cli/opts.h"
#include "cli/profiles.h"
#include "cli/resolve.h"
#include "cli/run.h"
#include "cli/usage.h"
#include "load/input.h"
#include "load/load.h"
#include "print/annotate.h"
#include "print/text.h"

/* What the loader asks of the view: whose line costs to keep. */
struct wanted {
	struct cga_view	*v;
	int		 all;		/* every file's */
};

static int
want_lines(void *ctx, const char *name)
{
	struct wanted	*w = ctx;

	return cga_view_wants_lines(w->v, w->all, name);
}

/*
 * The profiles to read: those named, the first first, or the newest run's
 * files here, said on standard error; empty files left out.  -1 after an
 * error, -2 after a usage error.
 */
static int
find_profiles(struct cga_opts *o, char ***guessed, size_t *nguessed)
{
	size_t	 i;

	if (o->profile != NULL) {
		memmove(o->profiles + 1, o->profiles,
		    o->nprofiles * sizeof(*o->profiles));
		o->profiles[0] = (char *)o->profile;
		o->nprofiles++;
	} else {
		if ((*guessed = cga_run_guess(nguessed)) == NULL) {
			cga_usage_error("no profile named, and no "
			    "callgrind.out* or cachegrind.out* here%s", "");
			return -2;
		}
		free(o->profiles);
		o->profiles = xcalloc(*nguessed + 1, sizeof(*o->profiles));
		for (i = 0; i < *nguessed; i++)
			o->profiles[i] = (*guessed)[i];
		o->nprofiles = *nguessed;
		o->profile_guessed = 1;
		cga_diag_list("no profile named: reading the newest run here:",
		    o->profiles, o->nprofiles);
	}
	cga_run_skip_twice(o->profiles, &o->nprofiles);
	/* --check says what is wrong with an empty file, as with any. */
	if (!o->check && cga_run_skip_empty(o->profiles, &o->nprofiles) == -1)
		return -1;
	o->profile = o->profiles[0];
	/* --diff's profiles: a run's for its stem, no empty one. */
	if (o->ndiffs > 0) {
		if (cga_run_old_side(&o->diffs, &o->ndiffs) == -1)
			return -1;
		o->diff = o->ndiffs > 0 ? o->diffs[0] : NULL;
	}
	return 0;
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

/* A write error on standard output; a closed pipe ends quietly. */
static int
output_error(void)
{
	if (errno == EPIPE)
		return 0;
	cga_diag("standard output: %s", strerror(errno));
	return 1;
}

/*
 * Threads to read a profile file with, unless -j says: 2 where there are
 * 2 processors or more, as a file is read in two halves at most.
 */
static int
default_jobs(void)
{
	return sysconf(_SC_NPROCESSORS_ONLN) >= 2 ? 2 : 1;
}

/* What the loader builds: what the format needs, and the options' rest. */
static void
load_options(struct cga_load_opts *lo, const struct cga_opts *o,
    unsigned needs, struct wanted *w, const char *cwd)
{
	memset(lo, 0, sizeof(*lo));
	lo->cwd = cwd;
	lo->lines = (needs & (CGA_NEED_LINES | CGA_NEED_ALL_LINES)) != 0;
	lo->no_calls = !(needs & (CGA_NEED_CALLS | CGA_NEED_INCL));
	lo->no_sites = !(needs & (CGA_NEED_LINES | CGA_NEED_SITES));
	lo->no_owners = !(needs & (CGA_NEED_LINES | CGA_NEED_OWNERS));
	lo->instrs = (needs & CGA_NEED_INSTRS) != 0;
	lo->jumps = (needs & CGA_NEED_JUMPS) != 0;
	lo->jobs = o->jobs > 0 ? o->jobs : default_jobs();
	lo->parts = o->parts;
	lo->nparts = o->nparts;
	lo->mod_filename = o->mod_filename;
	lo->nmod_filename = o->nmod_filename;
	lo->mod_funcname = o->mod_funcname;
	lo->nmod_funcname = o->nmod_funcname;
	w->all = (needs & CGA_NEED_ALL_LINES) != 0;
	lo->want_lines = want_lines;
	lo->want_ctx = w;
}

/* The format's early work on the model, from the view before it is bound. */
struct early {
	const struct cga_format	*f;
	const struct cga_view	*v;
};

static void
format_early(void *ctx, const struct cga_profile *p)
{
	const struct early	*e = ctx;

	e->f->early(e->v, p);
}

/*
 * Loads and finishes the profiles into *p (and --diff's older one into
 * *old), with display names unless no_display (the format's choice);
 * returns what the format prints: *p, or their difference, which points
 * into both.  NULL after an error was printed.
 */
static struct cga_profile *
build(const struct cga_opts *o, const struct cga_load_opts *lo,
    unsigned needs, int no_display, const struct cga_view *v,
    struct cga_profile **p, struct cga_profile **old)
{
	struct cga_load_opts	 l = *lo;
	struct early		 e = { o->format, v };
	int			 begin = o->diff == NULL &&
				     o->format->early != NULL;

	*p = cga_profile_new();
	if (o->diff != NULL)
		*old = cga_profile_new();
	if (cga_profiles_load(*p, *old, o, &l) == -1 ||
	    cga_profiles_finish(*p, needs, no_display,
	    begin ? format_early : NULL, &e,
	    o->format->early_reads_code) == -1 ||
	    (*old != NULL && cga_profiles_finish(*old, needs, no_display,
	    NULL, NULL, 0) == -1))
		return NULL;
	if (*old == NULL || o->format->as_loaded)
		return *p;
	return cga_profile_diff(*old, *p);
}

/*
 * The gate's verdicts on the difference of NEW and OLD: shown's, or *d,
 * one made for the gate when the format prints the profiles as loaded
 * (the verdicts point into it: free it after them).  0, or the exit
 * status of an error printed.
 */
static int
check_gate(const struct cga_opts *o, const struct cga_profile *p,
    const struct cga_profile *old, const struct cga_profile *shown,
    struct cga_profile **d, struct cga_gate **gate)
{
	int	 rc;

	if (o->nfail_above == 0)
		return 0;
	if (shown == p && (*d = cga_profile_diff(old, p)) == NULL)
		return 1;
	rc = cga_gate_check(gate, o->fail_above, o->nfail_above, old, p,
	    *d != NULL ? *d : shown);
	return rc == 0 ? 0 : rc == -2 ? 2 : 1;
}

int
main(int argc, char **argv)
{
	struct cga_opts		 o;
	struct cga_load_opts	 lo;
	struct cga_profile	*p = NULL, *old = NULL, *shown = NULL;
	struct cga_profile	*gdiff = NULL;
	struct cga_view		 v;
	struct cga_gate		*gate = NULL;
	struct wanted		 w;
	char			*cwd, **guessed = NULL;
	size_t			 nguessed = 0, i;
	unsigned		 needs;
	int			 no_display, rc = 1;

	cga_alloc_init();
	signal(SIGPIPE, SIG_IGN);
	cga_hash_seed();
	cga_opts_init(&o);
	if ((rc = cga_opts_parse(&o, argc, argv)) != 0) {
		cga_opts_free(&o);
		/* --help and --version: their text, too, must be written. */
		if (rc == 1 && (fflush(stdout) == EOF || ferror(stdout)))
			return output_error();
		return rc == 1 ? 0 : 2;
	}
	/* The terminal browser: a terminal before a profile is read. */
	if (o.format == &cga_format_tui && cga_tui_usable() == -1) {
		cga_opts_free(&o);
		return 1;
	}
	if (o.format == &cga_format_pprof && cga_pprof_usable() == -1) {
		cga_opts_free(&o);
		return 1;
	}
	if ((rc = find_profiles(&o, &guessed, &nguessed)) != 0) {
		cga_opts_free(&o);
		return rc == -2 ? 2 : 1;
	}
	rc = 1;
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	if (o.check) {
		rc = cga_profiles_check(&o);
		if (fflush(stdout) == EOF || ferror(stdout))
			rc = output_error();
		cga_opts_free(&o);
		return rc;
	}

	cwd = current_dir();
	cga_view_init(&v, &o);
	w.v = &v;
	needs = o.format->needs(&v);
	/* The one format printing the model: what it leaves out is its own. */
	no_display = o.format->no_display != NULL && o.format->no_display(&v);
	load_options(&lo, &o, needs, &w, cwd);
	if (cga_annotate_check_sources(&v) == -1 ||
	    (shown = build(&o, &lo, needs, no_display, &v, &p, &old)) == NULL)
		goto out;
	if (cga_view_bind(&v, shown) == -1) {
		rc = 2;
		goto out;
	}
	if (o.diff != NULL) {
		v.newer = p;
		v.older = old;
	}
	if ((rc = check_gate(&o, p, old, shown, &gdiff, &gate)) != 0)
		goto out;
	v.gate = gate;
	rc = o.format->print(stdout, &v);
	if (fflush(stdout) == EOF || ferror(stdout))
		rc = output_error();
	/* The verdicts after the report; status 3 when a limit is exceeded. */
	if (gate != NULL) {
		cga_gate_report(gate);
		if (rc == 0 && gate->tripped)
			rc = 3;
	}
out:
	if (o.format->early_end != NULL)
		o.format->early_end();
	cga_gate_free(gate);
	cga_profile_free(gdiff);
	cga_view_free(&v);
	if (shown != p)
		cga_profile_free(shown);
	cga_profile_free(old);
	cga_profile_free(p);
	cga_opts_free(&o);
	for (i = 0; i < nguessed; i++)
		free(guessed[i]);
	free(guessed);
	free(cwd);
	return rc;
}
