/*
 * profiles.c: the profiles named, loaded: into one model, summed by event
 * name (the events of all of them read from their headers first), and
 * --diff's into another; each model finished for the formats that print
 * it; or, with --check, each profile read on its own and judged.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/inclusive.h"
#include "analysis/lint.h"
#include "base/diag.h"
#include "base/job.h"
#include "base/out.h"
#include "base/xalloc.h"
#include "cli/formats.h"
#include "cli/opts.h"
#include "cli/profiles.h"
#include "load/input.h"
#include "load/load.h"

/* A name seen, for unique(). */
struct seen {
	UT_hash_handle	 hh;
};

/* Leaves the first of each name of names, in order (5,000 profiles). */
static void
unique(char **names, size_t *n)
{
	struct seen	*set = NULL, *e, *all;
	size_t		 i, k = 0;

	all = xcalloc(*n + 1, sizeof(*all));
	for (i = 0; i < *n; i++) {
		HASH_FIND(hh, set, names[i], strlen(names[i]), e);
		if (e != NULL) {
			free(names[i]);
			continue;
		}
		HASH_ADD_KEYPTR(hh, set, names[i], strlen(names[i]), &all[i]);
		names[k++] = names[i];
	}
	HASH_CLEAR(hh, set);
	free(all);
	*n = k;
}

/*
 * Whether standard input is named twice (it can be read once), which
 * after cga_run_skip_twice is as --diff's OLD and a NEW profile: said.
 */
static int
stdin_twice(const struct cga_opts *o)
{
	size_t	 i, n = 0;

	for (i = 0; i < o->nprofiles; i++)
		n += strcmp(o->profiles[i], "-") == 0;
	for (i = 0; i < o->ndiffs; i++)
		n += strcmp(o->diffs[i], "-") == 0;
	if (n > 1)
		cga_diag("-: standard input named twice");
	return n > 1;
}

/*
 * Loads every profile into one model, and with --diff the older profile
 * into another.  Several profiles are combined by event name: the events
 * of all of them, read from their headers first, make the models'.
 */
int
cga_profiles_load(struct cga_profile *p, struct cga_profile *old,
    const struct cga_opts *o, struct cga_load_opts *lo)
{
	char	**names = NULL;
	size_t	  n = 0, i;
	int	  rc = 0;

	if (stdin_twice(o))
		return -1;
	/* A pipe's header is looked at, and read again by the loader. */
	cga_input_keep_pipes(1);
	for (i = 0; (o->nprofiles > 1 || o->ndiffs > 0) &&
	    i < o->nprofiles + o->ndiffs && rc == 0; i++) {
		const char *path = i < o->nprofiles ? o->profiles[i] :
		    o->diffs[i - o->nprofiles];

		if (cga_profile_sniff(path, &names, &n) == -1)
			rc = -1;
	}
	cga_input_keep_pipes(0);
	unique(names, &n);
	lo->events = names;
	lo->nevents = n;
	/* Display names wait for cga_profile_finish, past the load's peak. */
	p->late_display = 1;
	if (old != NULL)
		old->late_display = 1;
	for (i = 0; i < o->nprofiles && rc == 0; i++)
		rc = cga_profile_load(p, o->profiles[i], lo);
	/* The older side summed as the newer is. */
	for (i = 0; i < o->ndiffs && rc == 0; i++)
		rc = cga_profile_load(old, o->diffs[i], lo);
	lo->events = NULL;
	lo->nevents = 0;
	cga_input_forget();
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	return rc;
}

/* One profile checked on its own: 1 when it has errors, else 0. */
static int
check_one(const char *path, const struct cga_load_opts *lo)
{
	struct cga_profile	*p = cga_profile_new();
	unsigned long		 e, w;
	int			 r;

	cga_diag_hold();
	p->late_display = 1;
	r = cga_profile_load(p, path, lo);
	if (r == 0)
		r = cga_profile_finish(p);
	/*
	 * Inclusive costs only mark the calls within cycles, for the check
	 * of calls: what they say of the report shown (costs held at the
	 * total, a sum past 64 bits) is no problem of the file's.
	 */
	cga_diag_mute(1);
	if (r == 0 && cga_profile_inclusive(p) == 0) {
		cga_diag_mute(0);
		cga_lint_calls(p, path);
	}
	cga_diag_mute(0);
	cga_diag_release(path, &e, &w);
	cga_profile_free(p);
	if (r == -1 && e == 0)
		e = 1;
	cga_out_text(stdout, path);
	if (e == 0 && w == 0)
		fputs(": ok\n", stdout);
	else
		printf(": %lu error%s, %lu warning%s\n", e, e == 1 ? "" : "s",
		    w, w == 1 ? "" : "s");
	return e > 0;
}

/*
 * --check: each profile read to its end on its own, every problem
 * reported in line order, and a verdict a line on standard output.
 * 0 when none has an error (warnings allowed), 1 otherwise.
 */
int
cga_profiles_check(const struct cga_opts *o)
{
	struct cga_load_opts	 lo;
	size_t			 i;
	int			 rc = 0;

	if (stdin_twice(o))
		return 1;
	/* All the loader can find: line costs and call edges kept. */
	memset(&lo, 0, sizeof(lo));
	lo.lines = 1;
	lo.check = 1;
	cga_diag_spec = 1;
	for (i = 0; i < o->nprofiles; i++)
		rc |= check_one(o->profiles[i], &lo);
	/* --diff's profiles are more to check. */
	for (i = 0; i < o->ndiffs; i++)
		rc |= check_one(o->diffs[i], &lo);
	cga_diag_spec = 0;
	return rc;
}

/*
 * The model's instructions and jumps finished
 * (cga_profile_finish_code_quiet), then the format's early work if it
 * reads them, on a thread of their own while the inclusive costs are
 * computed: the 512 MB profile's 3 million jumps took 0.44 s of
 * --format=json before its inclusive costs began.
 */
struct code_job {
	struct cga_profile *p;
	void		 (*early)(void *, const struct cga_profile *);
	void		  *ctx;
	int		   rc;
	struct cga_job	   job;
};

static void *
code_run(void *arg)
{
	struct code_job	*j = arg;

	j->rc = cga_profile_finish_code_quiet(j->p);
	if (j->rc == 0 && j->early != NULL)
		j->early(j->ctx, j->p);
	return NULL;
}

/* Finishes a loaded model: derived events, inclusive costs if wanted. */
int
cga_profiles_finish(struct cga_profile *p, unsigned needs, int no_display,
    void (*early)(void *, const struct cga_profile *), void *ctx,
    int early_reads_code)
{
	struct code_job	 j;
	int		 rc = 0;

	p->no_display = no_display;
	if (cga_profile_finish_model(p) == -1)
		return -1;
	memset(&j, 0, sizeof(j));
	j.p = p;
	j.early = early_reads_code ? early : NULL;
	j.ctx = ctx;
	if (early != NULL && !early_reads_code)
		early(ctx, p);
	/*
	 * Here when there are few, or nothing to do beside them, or when
	 * the early work has the other processor: the page's frames, which
	 * its flame graph waits for, took 1.6 % longer beside a third
	 * thread than with the jumps finished here.
	 */
	if ((needs & CGA_NEED_INCL) && p->njumps + p->ninstrs >= 4096 &&
	    (early == NULL || early_reads_code))
		cga_job_start(&j.job, code_run, &j);
	else
		code_run(&j);
	if ((needs & CGA_NEED_INCL) && cga_profile_inclusive(p) == -1)
		rc = -1;
	cga_job_wait(&j.job);
	if (j.rc == -1) {
		cga_profile_finish_code_failed(p);
		return -1;
	}
	if (rc == -1)
		return -1;
	if (p->nparts == 0) {
		cga_diag("%s: no part of the numbers --part names",
		    cga_profile_said(p));
		return -1;
	}
	return 0;
}
