/*
 * run.c: the profile files of a run.  callgrind names them
 * callgrind.out.PID, then .PID.N for each dump and -NN for each thread
 * (and leaves callgrind.out.PID empty when every thread has a file of its
 * own); a user who types cgannotate after a run expects that run.
 */
#include <sys/stat.h>

#include <fcntl.h>
#include <glob.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/inclusive.h"
#include "analysis/lint.h"
#include "base/diag.h"
#include "base/out.h"
#include "base/xalloc.h"
#include "cli/formats.h"
#include "cli/opts.h"
#include "cli/run.h"
#include "load/input.h"
#include "load/load.h"

/* The length of NAME.PID at the start of path, or 0 when it has no PID. */
static size_t
run_prefix(const char *path, const char *stem)
{
	size_t	 n = strlen(stem), d;

	if (strncmp(path, stem, n) != 0 || path[n] != '.')
		return 0;
	d = strspn(path + n + 1, "0123456789");
	if (d == 0 || (path[n + 1 + d] != '\0' && path[n + 1 + d] != '.' &&
	    path[n + 1 + d] != '-'))
		return 0;
	return n + 1 + d;
}

/* The newest of the matches, by modification time, then by name. */
static size_t
newest(const glob_t *g)
{
	struct stat	 st;
	size_t		 i, best = 0;
	struct timespec	 t = { 0, 0 };

	for (i = 0; i < g->gl_pathc; i++) {
		if (stat(g->gl_pathv[i], &st) == -1 || !S_ISREG(st.st_mode))
			continue;
		if (st.st_mtim.tv_sec > t.tv_sec || (st.st_mtim.tv_sec ==
		    t.tv_sec && st.st_mtim.tv_nsec >= t.tv_nsec)) {
			t = st.st_mtim;
			best = i;
		}
	}
	return best;
}

char **
cga_run_guess(size_t *np)
{
	static const char *const stems[] = { "callgrind.out",
	    "cachegrind.out" };
	glob_t		 g;
	char		**files = NULL;
	const char	*pick;
	size_t		 i, k, len, n = 0;
	char		 pattern[32];

	for (k = 0; k < 2 && files == NULL; k++) {
		snprintf(pattern, sizeof(pattern), "%s*", stems[k]);
		if (glob(pattern, 0, NULL, &g) != 0 || g.gl_pathc == 0) {
			globfree(&g);
			continue;
		}
		pick = g.gl_pathv[newest(&g)];
		len = run_prefix(pick, stems[k]);
		files = xcalloc(g.gl_pathc + 1, sizeof(*files));
		for (i = 0; i < g.gl_pathc; i++)
			if (g.gl_pathv[i] == pick || (len > 0 &&
			    run_prefix(g.gl_pathv[i], stems[k]) == len &&
			    strncmp(g.gl_pathv[i], pick, len) == 0))
				files[n++] = xstrdup(g.gl_pathv[i]);
		globfree(&g);
	}
	*np = n;
	return files;
}

/*
 * Whether path is an empty regular file.  Files of /proc say they are
 * empty and are not: an empty file is one whose first read ends it.
 */
static int
empty_file(const char *path)
{
	struct stat	 st;
	char		 c;
	int		 fd;
	ssize_t		 n;

	if (stat(path, &st) == -1 || !S_ISREG(st.st_mode) || st.st_size != 0)
		return 0;
	if ((fd = open(path, O_RDONLY)) == -1)
		return 0;
	n = read(fd, &c, 1);
	close(fd);
	return n == 0;
}

int
cga_run_skip_empty(char **paths, size_t *np)
{
	size_t		 i, kept = 0, n = *np;
	char		*empty = xcalloc(n + 1, 1);

	for (i = 0; i < n; i++)
		empty[i] = empty_file(paths[i]);
	for (i = 0; i < n; i++)
		kept += !empty[i];
	if (kept == 0 && n > 0) {
		cga_diag("%s: the file is empty: not a Callgrind or Cachegrind "
		    "profile", paths[0]);
		free(empty);
		return -1;
	}
	for (i = 0, kept = 0; i < n; i++) {
		if (empty[i]) {
			cga_diag("%s: warning: empty file, skipped", paths[i]);
			continue;
		}
		paths[kept++] = paths[i];
	}
	*np = kept;
	free(empty);
	return 0;
}

/* A file seen, by its device and inode, for cga_run_skip_twice(). */
struct file_id {
	dev_t		 dev;
	ino_t		 ino;
};

struct file_seen {
	struct file_id	 id;
	const char	*path;		/* the first that named it */
	UT_hash_handle	 hh;
};

void
cga_run_skip_twice(char **paths, size_t *np)
{
	struct file_seen	*set = NULL, *e, *all;
	struct stat		 st;
	size_t			 i, kept = 0;
	int			 r;

	all = xcalloc(*np + 1, sizeof(*all));
	for (i = 0; i < *np; i++) {
		r = strcmp(paths[i], "-") == 0 ? fstat(STDIN_FILENO, &st) :
		    stat(paths[i], &st);
		/* What cannot be looked at is for the loader to say. */
		if (r == -1) {
			paths[kept++] = paths[i];
			continue;
		}
		all[i].id.dev = st.st_dev;
		all[i].id.ino = st.st_ino;
		HASH_FIND(hh, set, &all[i].id, sizeof(all[i].id), e);
		if (e == NULL) {
			all[i].path = paths[i];
			HASH_ADD(hh, set, id, sizeof(all[i].id), &all[i]);
			paths[kept++] = paths[i];
		} else if (strcmp(e->path, paths[i]) == 0)
			cga_diag("%s: warning: profile named twice: read once",
			    paths[i]);
		else
			cga_diag("%s: warning: profile named twice (as %s "
			    "before): read once", paths[i], e->path);
	}
	HASH_CLEAR(hh, set);
	free(all);
	*np = kept;
}

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
	if (o->diff != NULL)
		n += strcmp(o->diff, "-") == 0;
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
cga_run_load(struct cga_profile *p, struct cga_profile *old,
    const struct cga_opts *o, struct cga_load_opts *lo)
{
	char	**names = NULL;
	size_t	  n = 0, i;
	int	  rc = 0;

	if (stdin_twice(o))
		return -1;
	/* A pipe's header is looked at, and read again by the loader. */
	cga_input_keep_pipes(1);
	for (i = 0; (o->nprofiles > 1 || o->diff != NULL) &&
	    i <= o->nprofiles && rc == 0; i++) {
		const char *path = i < o->nprofiles ? o->profiles[i] : o->diff;

		if (path != NULL && cga_profile_sniff(path, &names, &n) == -1)
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
	if (rc == 0 && o->diff != NULL)
		rc = cga_profile_load(old, o->diff, lo);
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
cga_run_check(const struct cga_opts *o)
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
	/* --diff's profile is one more to check. */
	if (o->diff != NULL)
		rc |= check_one(o->diff, &lo);
	cga_diag_spec = 0;
	return rc;
}

/* Finishes a loaded model: derived events, inclusive costs if wanted. */
int
cga_run_finish(struct cga_profile *p, unsigned needs, int no_display)
{
	p->no_display = no_display;
	if (cga_profile_finish(p) == -1 || ((needs & CGA_NEED_INCL) &&
	    cga_profile_inclusive(p) == -1))
		return -1;
	if (p->nparts == 0) {
		cga_diag("%s: no part of the numbers --part names", p->path);
		return -1;
	}
	return 0;
}
