/*
 * ids.c: the names of position lines, with the ids of name compression
 * ("(12) main", then "(12)"), interned as --mod-filename and
 * --mod-funcname rewrite them.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "loader.h"

/*
 * Name ids are kept in an array indexed by id, as callgrind numbers them
 * from 1 up, while the array stays within a few times the ids defined
 * (or this size); sparser ids go to a hash.
 */
#define ID_ARRAY_MIN	(1u << 20)

/* An id past the array, in the open-addressed table. */
struct ident {
	uint64_t	 id;
	const char	*name;		/* NULL: a free slot */
};

/* Where id is, or would go, in the table. */
static struct ident *
idtab_slot(const struct idtab *t, uint64_t id)
{
	size_t	 i, mask = t->hcap - 1;

	i = (size_t)cga_hash_u64(id) & mask;
	while (t->h[i].name != NULL && t->h[i].id != id)
		i = (i + 1) & mask;
	return &t->h[i];
}

static const char *
idtab_get(struct idtab *t, uint64_t id)
{
	if (id < t->n && t->v[id] != NULL)
		return t->v[id];
	return t->nh == 0 ? NULL : idtab_slot(t, id)->name;
}

static void
idtab_set(struct idtab *t, uint64_t id, const char *name)
{
	struct ident	*old = t->h, *e;
	uint64_t	 max = 4 * (uint64_t)t->count + 1024;
	size_t		 n, i, cap = t->hcap;

	t->count++;
	if (max < ID_ARRAY_MIN)
		max = ID_ARRAY_MIN;
	if (id < t->n || id < max) {
		if (id >= t->n) {
			n = t->n ? t->n : 256;
			while (n <= id)
				n *= 2;
			t->v = xreallocarray(t->v, n, sizeof(*t->v));
			memset(t->v + t->n, 0, (n - t->n) * sizeof(*t->v));
			t->n = n;
		}
		t->v[id] = name;
		return;
	}
	if (2 * (t->nh + 1) > t->hcap) {
		t->hcap = cap ? 2 * cap : 64;
		t->h = xcalloc(t->hcap, sizeof(*t->h));
		for (i = 0; i < cap; i++)
			if (old[i].name != NULL)
				*idtab_slot(t, old[i].id) = old[i];
		free(old);
	}
	e = idtab_slot(t, id);
	if (e->name == NULL)
		t->nh++;
	e->id = id;
	e->name = name;
}

static void
idtab_free(struct idtab *t)
{
	free(t->v);
	free(t->h);
	memset(t, 0, sizeof(*t));
}

/* Forgets every id: a new file, or a new run appended to one. */
void
cga_ids_clear(struct loader *ld)
{
	size_t	 i;

	for (i = 0; i < ID_KINDS; i++)
		idtab_free(&ld->ids[i]);
}

/* A name interned as --mod-filename and --mod-funcname rewrite it. */
static const char *
rewritten(struct loader *ld, enum idkind kind, const char *s)
{
	const struct cga_rewrite	*rw = NULL;
	const char			*name;
	char				*cur = NULL, *next;
	size_t				 n = 0, i;

	if (kind == ID_FILE) {
		rw = ld->opts->mod_filename;
		n = ld->opts->nmod_filename;
	} else if (kind == ID_FN) {
		rw = ld->opts->mod_funcname;
		n = ld->opts->nmod_funcname;
	}
	for (i = 0; i < n; i++)
		if ((next = cga_rewrite_apply(&rw[i], cur ? cur : s)) != NULL) {
			free(cur);
			cur = next;
		}
	name = cga_profile_intern(ld->p, cur ? cur : s, strlen(cur ? cur : s));
	free(cur);
	return name;
}

/*
 * The name of a position line: "name", "(id) name" (which defines id) or
 * "(id)".  File names lose the current directory, as in fl=; then the
 * --mod-filename and --mod-funcname rewrites apply.  0, or -1 after the
 * message.
 */
int
cga_ids_resolve(struct loader *ld, enum idkind kind, const char *s,
    const char **out)
{
	const char	*name, *old, *end;
	uint64_t	 id;
	int		 have_id = 0;

	s = skip_blanks(s);
	if (s[0] == '(' && isdigit((unsigned char)s[1])) {
		end = s + 1;
		if (number(&end, &id) != NUM_OK || *end != ')')
			return cga_load_bad(ld, CGA_MSG_ID);
		s = skip_blanks(end + 1);
		have_id = 1;
		if (*s == '\0') {
			if ((name = idtab_get(&ld->ids[kind], id)) == NULL)
				return cga_load_bad(ld, CGA_MSG_ID_UNDEFINED);
			*out = name;
			return 0;
		}
	}
	if (kind == ID_FILE && ld->cwdlen > 0 &&
	    strncmp(s, ld->opts->cwd, ld->cwdlen) == 0)
		s += ld->cwdlen;
	name = rewritten(ld, kind, s);
	if (have_id) {
		old = idtab_get(&ld->ids[kind], id);
		if (old != NULL && old != name)
			return cga_load_bad(ld, CGA_MSG_ID_AGAIN);
		if (old == NULL)
			idtab_set(&ld->ids[kind], id, name);
	}
	*out = name;
	return 0;
}
