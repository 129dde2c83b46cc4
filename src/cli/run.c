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

#include "base/diag.h"
#include "base/hash.h"	/* before uthash.h: how every table hashes */
#include "base/out.h"
#include "base/xalloc.h"	/* before uthash.h: routes its failures */
#include "cli/run.h"
#include "load/input.h"

#include <uthash.h>

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

/* Whether s is a run's suffix: [.N][-NN], digits after each mark. */
static int
run_suffix(const char *s)
{
	int	 marks = 0;

	while (*s == '.' || *s == '-') {
		if (s[1] < '0' || s[1] > '9' || ++marks > 2)
			return 0;
		for (s++; *s >= '0' && *s <= '9'; s++)
			continue;
	}
	return *s == '\0' && marks > 0;
}

/*
 * The files of the run whose stem is path (path.N, path-NN, path.N-NN):
 * what callgrind --separate-threads=yes or --dump-every-bb leaves, with
 * no file of the stem's own name.  NULL when there is none.
 */
static char **
run_files(const char *path, size_t *np)
{
	glob_t		 g;
	char		**files = NULL, *pattern, *q;
	const char	*s;
	size_t		 i, n = 0;

	/* The stem's own characters matched as they are. */
	pattern = q = xmalloc(2 * strlen(path) + 3);
	for (s = path; *s != '\0'; s++) {
		if (strchr("*?[\\", *s) != NULL)
			*q++ = '\\';
		*q++ = *s;
	}
	memcpy(q, "?*", 3);
	if (glob(pattern, 0, NULL, &g) == 0) {
		files = xcalloc(g.gl_pathc + 1, sizeof(*files));
		for (i = 0; i < g.gl_pathc; i++)
			if (run_suffix(g.gl_pathv[i] + strlen(path)))
				files[n++] = xstrdup(g.gl_pathv[i]);
	}
	globfree(&g);
	free(pattern);
	if (n == 0) {
		free(files);
		files = NULL;
	}
	*np = n;
	return files;
}

int
cga_run_old_side(char ***paths, size_t *np)
{
	struct stat	 st;
	char		**all = NULL, **run, **keep;
	size_t		  n = 0, i, j, nrun, k;

	for (i = 0; i < *np; i++) {
		run = NULL;
		nrun = 0;
		if (strcmp((*paths)[i], "-") != 0 &&
		    stat((*paths)[i], &st) == -1 &&
		    (run = run_files((*paths)[i], &nrun)) != NULL)
			cga_diag_list("--diff: no file named",
			    (char *[]){ (*paths)[i] }, 1);
		all = xreallocarray(all, n + (run ? nrun : 1) + 1,
		    sizeof(*all));
		if (run == NULL) {
			all[n++] = (*paths)[i];
			continue;
		}
		for (j = 0; j < nrun; j++)
			all[n++] = run[j];
		cga_diag_list("--diff: read in its place, the files of its "
		    "run:", run, nrun);
		free(run);
		free((*paths)[i]);
	}
	free(*paths);
	/* Each file once; the empty ones out, unless all are. */
	keep = xcalloc(n + 1, sizeof(*keep));
	memcpy(keep, all, n * sizeof(*keep));
	k = n;
	cga_run_skip_twice(keep, &k);
	if (cga_run_skip_empty(keep, &k) == -1)
		k = 0;
	for (i = 0; i < n; i++) {
		for (j = 0; j < k && keep[j] != all[i]; j++)
			continue;
		if (j == k)
			free(all[i]);
	}
	free(all);
	*paths = keep;
	*np = k;
	return k > 0 || n == 0 ? 0 : -1;
}
