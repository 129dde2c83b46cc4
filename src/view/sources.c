/*
 * sources.c: finds source files.  A profile names thousands of files and
 * -I may give a hundred directories: each directory is read once (or
 * found missing once) and each file looked up in what was read, so that
 * the work follows the files and directories, not their product.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/hash.h"
#include "base/xalloc.h"
#include "view/sources.h"

#include <uthash.h>

/* A name asked about, and the answer. */
struct asked {
	UT_hash_handle	 hh;
	int		 ok;
	char		 name[];
};

/* A directory read: the names in it (none if it cannot be read). */
struct listing {
	UT_hash_handle	 hh;
	struct asked	*names;
	size_t		 len;
	char		 name[];
};

/*
 * For the directory part D of names: the first -I directory holding each
 * base name under D (as ok, 1 + its index), from their listings merged,
 * so that a name is looked up once, not once in each directory.
 */
struct merged {
	UT_hash_handle	 hh;
	struct asked	*names;
	size_t		 len;
	char		 name[];
};

struct cga_sources {
	char *const	*dirs;
	size_t		 ndirs;
	struct listing	*dirs_seen;
	struct listing	*last;		/* the directory asked last */
	struct merged	*merged;
	struct merged	*last_merged;
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
	struct listing	*l, *tmp;
	struct merged	*m, *mtmp;

	if (s == NULL)
		return;

	HASH_ITER(hh, s->dirs_seen, l, tmp) {
		HASH_DEL(s->dirs_seen, l);
		forget(&l->names);
		free(l);
	}
	HASH_ITER(hh, s->merged, m, mtmp) {
		HASH_DEL(s->merged, m);
		forget(&m->names);
		free(m);
	}
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

/*
 * The directory dir (len bytes; "" is the current one), read once.  Names
 * come a directory's together (a profile's files, annotate.c's sorted):
 * the last one asked is tried before the table.
 */
static struct listing *
listing(struct cga_sources *s, const char *dir, size_t len)
{
	struct listing	*l;
	struct dirent	*e;
	DIR		*d;
	char		*path;

	if ((l = s->last) != NULL && l->len == len &&
	    memcmp(l->name, dir, len) == 0)
		return l;
	HASH_FIND(hh, s->dirs_seen, dir, len, l);
	if (l != NULL)
		return s->last = l;
	s->last = l = xcalloc(1, sizeof(*l) + len + 1);
	l->len = len;
	memcpy(l->name, dir, len);
	HASH_ADD_KEYPTR(hh, s->dirs_seen, l->name, len, l);
	path = len == 0 ? xstrdup(".") : xmemdup0(dir, len);
	if ((d = opendir(path)) != NULL) {
		while ((e = readdir(d)) != NULL)
			remember(&l->names, e->d_name, strlen(e->d_name), 1);
		closedir(d);
	}
	free(path);
	return l;
}

/* Whether path is there, its directory read once. */
static int
readable(struct cga_sources *s, const char *path)
{
	const char	*slash = strrchr(path, '/');
	const char	*base = slash != NULL ? slash + 1 : path;
	struct listing	*l;
	struct asked	*a;
	size_t		 len = slash == NULL ? 0 : slash == path ? 1 :
			    (size_t)(slash - path);

	if (*base == '\0')
		return 0;
	l = listing(s, path, len);
	HASH_FIND(hh, l->names, base, strlen(base), a);
	return a != NULL;
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

/*
 * The -I directories' listings of dir (len bytes) merged, made once; the
 * last one asked first, as in listing().
 */
static struct merged *
merged(struct cga_sources *s, const char *dir, size_t len)
{
	struct merged	*m;
	struct listing	*l;
	struct asked	*e, *tmp, *have;
	char		*path;
	size_t		 i, plen;

	if ((m = s->last_merged) != NULL && m->len == len &&
	    memcmp(m->name, dir, len) == 0)
		return m;
	HASH_FIND(hh, s->merged, dir, len, m);
	if (m != NULL)
		return s->last_merged = m;
	s->last_merged = m = xcalloc(1, sizeof(*m) + len + 1);
	m->len = len;
	memcpy(m->name, dir, len);
	HASH_ADD_KEYPTR(hh, s->merged, m->name, len, m);
	for (i = 0; i < s->ndirs; i++) {
		path = xmalloc(strlen(s->dirs[i]) + len + 1);
		strcpy(path, s->dirs[i]);
		strncat(path, dir, len);
		plen = strlen(path);
		if (len == 0 && plen > 1 && path[plen - 1] == '/')
			plen--;
		l = listing(s, path, plen);
		free(path);
		HASH_ITER(hh, l->names, e, tmp) {
			HASH_FIND(hh, m->names, e->name, strlen(e->name), have);
			if (have == NULL)
				remember(&m->names, e->name, strlen(e->name),
				    (int)i + 1);
		}
	}
	return m;
}

/* The first -I directory holding name, or -1. */
static int
first_dir(struct cga_sources *s, const char *name)
{
	const char	*slash = strrchr(name, '/');
	const char	*base = slash != NULL ? slash + 1 : name;
	struct merged	*m;
	struct asked	*a;

	if (s->ndirs == 0 || *base == '\0')
		return -1;
	m = merged(s, name, slash != NULL ? (size_t)(slash - name) : 0);
	HASH_FIND(hh, m->names, base, strlen(base), a);
	return a != NULL ? a->ok - 1 : -1;
}

int
cga_sources_found(struct cga_sources *s, const char *name)
{
	return readable(s, name) || first_dir(s, name) != -1;
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
	FILE		*f;
	char		*path;
	size_t		 i;
	int		 irregular = 0;

	*why = "not found";
	if (readable(s, name) &&
	    (f = open_regular(name, &irregular)) != NULL) {
		*opened = xstrdup(name);
		return f;
	}
	/* The first directory holding it; after it, should that fail. */
	for (i = first_dir(s, name) == -1 ? s->ndirs : (size_t)first_dir(s,
	    name); i < s->ndirs; i++) {
		path = joined(s->dirs[i], name);
		if (readable(s, path) &&
		    (f = open_regular(path, &irregular)) != NULL) {
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
