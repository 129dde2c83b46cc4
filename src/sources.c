/*
 * sources.c: finds source files.  A profile from another machine names
 * many files in directories that do not exist here: each directory is
 * asked about once, not each file in it, and each file once.
 */
#include <sys/stat.h>

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "hash.h"
#include "sources.h"
#include "xalloc.h"

#include <uthash.h>

/* A directory or file asked about, and the answer. */
struct asked {
	UT_hash_handle	 hh;
	int		 ok;
	char		 name[];
};

struct cga_sources {
	char *const	*dirs;
	size_t		 ndirs;
	struct asked	*dirs_seen;
	struct asked	*files_seen;	/* names found unreadable */
};

struct cga_sources *
cga_sources_new(char *const *dirs, size_t ndirs)
{
	struct cga_sources	*s = xcalloc(1, sizeof(*s));

	s->dirs = dirs;
	s->ndirs = ndirs;
	return s;
}

static void
forget(struct asked **table)
{
	struct asked	*a, *tmp;

	HASH_ITER(hh, *table, a, tmp) {
		HASH_DEL(*table, a);
		free(a);
	}
}

void
cga_sources_free(struct cga_sources *s)
{
	if (s == NULL)
		return;
	forget(&s->dirs_seen);
	forget(&s->files_seen);
	free(s);
}

static struct asked *
remember(struct asked **table, const char *name, size_t len, int ok)
{
	struct asked	*a = xmalloc(sizeof(*a) + len + 1);

	memcpy(a->name, name, len);
	a->name[len] = '\0';
	a->ok = ok;
	HASH_ADD_KEYPTR(hh, *table, a->name, len, a);
	return a;
}

/* Whether path can be read, its directory asked about once. */
static int
readable(struct cga_sources *s, const char *path)
{
	const char	*slash = strrchr(path, '/');
	struct asked	*d;
	size_t		 len;
	char		*dir;

	if (slash != NULL && slash > path) {
		len = (size_t)(slash - path);
		HASH_FIND(hh, s->dirs_seen, path, len, d);
		if (d == NULL) {
			dir = xmemdup0(path, len);
			d = remember(&s->dirs_seen, path, len,
			    access(dir, X_OK) == 0);
			free(dir);
		}
		if (!d->ok)
			return 0;
	}
	return access(path, R_OK) == 0;
}

/* dir followed by name (free it). */
static char *
joined(const char *dir, const char *name)
{
	size_t	 a = strlen(dir), b = strlen(name);
	char	*path = xmalloc(a + b + 1);

	memcpy(path, dir, a);
	memcpy(path + a, name, b + 1);
	return path;
}

int
cga_sources_found(struct cga_sources *s, const char *name)
{
	struct asked	*a;
	char		*path;
	size_t		 i, len = strlen(name);
	int		 found;

	HASH_FIND(hh, s->files_seen, name, len, a);
	if (a != NULL)
		return 0;
	if (readable(s, name))
		return 1;
	for (i = 0; i < s->ndirs; i++) {
		path = joined(s->dirs[i], name);
		found = readable(s, path);
		free(path);
		if (found)
			return 1;
	}
	remember(&s->files_seen, name, len, 0);
	return 0;
}

/*
 * Opens path if it is a regular file: a FIFO would block for ever, a
 * device or a directory is no source.  Sets *irregular when path is there
 * but is not a regular file.
 */
static FILE *
open_regular(const char *path, int *irregular)
{
	struct stat	 st;
	FILE		*f;
	int		 fd;

	if ((fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY)) == -1)
		return NULL;
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode)) {
		*irregular = 1;
		close(fd);
		return NULL;
	}
	if (fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) == -1 ||
	    (f = fdopen(fd, "r")) == NULL) {
		close(fd);
		return NULL;
	}
	return f;
}

FILE *
cga_sources_open(struct cga_sources *s, const char *name, char **opened,
    const char **why)
{
	struct asked	*a;
	FILE		*f;
	char		*path;
	size_t		 i;
	int		 irregular = 0;

	*why = "not found";
	HASH_FIND(hh, s->files_seen, name, strlen(name), a);
	if (a != NULL)
		return NULL;
	if ((f = open_regular(name, &irregular)) != NULL) {
		*opened = xstrdup(name);
		return f;
	}
	for (i = 0; i < s->ndirs; i++) {
		path = joined(s->dirs[i], name);
		if ((f = open_regular(path, &irregular)) != NULL) {
			*opened = path;
			return f;
		}
		free(path);
	}
	if (irregular)
		*why = "not a regular file";
	return NULL;
}

void
cga_sources_not_found(const struct cga_sources *s, const char *name,
    const char *why)
{
	size_t	 i, n = 3;
	char	*list;

	for (i = 0; i < s->ndirs; i++)
		n += 1 + strlen(s->dirs[i]);
	list = xmalloc(n);
	strcpy(list, "./");
	for (i = 0; i < s->ndirs; i++) {
		strcat(list, " ");
		strcat(list, s->dirs[i]);
	}
	if (strcmp(why, "not found") == 0)
		cga_diag("%s: source file not found in any of: %s", name,
		    list);
	else
		cga_diag("%s: source file %s", name, why);
	free(list);
}
