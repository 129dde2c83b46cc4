/* idtab.c: dense ids for keys of bytes, open-addressed. */
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "pprof/idtab.h"
#include "base/xalloc.h"

static void
grow(struct cga_idtab *t)
{
	uint64_t	*old = t->slot;
	size_t		 oldcap = t->cap, i, at;

	t->cap = t->cap ? 2 * t->cap : 64;
	t->slot = xcalloc(t->cap, sizeof(*t->slot));
	for (i = 0; i < oldcap; i++) {
		if (old[i] == 0)
			continue;
		/* The hash's top bits place it: no key is hashed again. */
		for (at = (old[i] >> 32) & (t->cap - 1); t->slot[at] != 0;
		    at = (at + 1) & (t->cap - 1))
			;
		t->slot[at] = old[i];
	}
	free(old);
}

/* Where the key of an id starts in bytes. */
static size_t
start(const struct cga_idtab *t, size_t id)
{
	return t->klen != 0 ? id * t->klen : t->off[id];
}

/* The key of len bytes appended, as id n. */
static void
append(struct cga_idtab *t, const void *key, size_t len)
{
	size_t	 end = t->klen != 0 || t->n > 0 ? start(t, t->n) : 0;

	if (t->klen == 0 && t->n + 2 > t->offcap) {
		t->offcap = t->offcap ? 2 * t->offcap : 64;
		t->off = xreallocarray(t->off, t->offcap, sizeof(*t->off));
	}
	while (end + len > t->bytecap) {
		t->bytecap = t->bytecap ? 2 * t->bytecap : 1024;
		t->bytes = xreallocarray(t->bytes, t->bytecap, 1);
	}
	if (len > 0)
		memcpy(t->bytes + end, key, len);
	if (t->klen == 0) {
		t->off[t->n] = end;
		t->off[t->n + 1] = end + len;
	}
	t->n++;
}

void
cga_idtab_fixed(struct cga_idtab *t, size_t len)
{
	memset(t, 0, sizeof(*t));
	t->klen = len;
}

size_t
cga_idtab_id(struct cga_idtab *t, const void *key, size_t len, int *made)
{
	uint64_t	 h32, s;
	size_t		 at, id;

	if (made != NULL)
		*made = 0;
	if (2 * (t->n + 1) > t->cap)
		grow(t);
	h32 = cga_siphash(key, len) >> 32;
	for (at = h32 & (t->cap - 1); (s = t->slot[at]) != 0;
	    at = (at + 1) & (t->cap - 1)) {
		if (s >> 32 != h32)
			continue;
		id = (size_t)(s & 0xffffffffu) - 1;
		if ((t->klen != 0 || t->off[id + 1] - t->off[id] == len) &&
		    memcmp(t->bytes + start(t, id), key, len) == 0)
			return id;
	}
	if (t->n >= 0xffffffffu)
		cga_oom();	/* 4 billion keys: memory ran out long before */
	append(t, key, len);
	t->slot[at] = h32 << 32 | t->n;
	if (made != NULL)
		*made = 1;
	return t->n - 1;
}

const void *
cga_idtab_key(const struct cga_idtab *t, size_t id, size_t *len)
{
	*len = t->klen != 0 ? t->klen : t->off[id + 1] - t->off[id];
	return t->bytes + start(t, id);
}

void
cga_idtab_free(struct cga_idtab *t)
{
	free(t->slot);
	free(t->off);
	free(t->bytes);
	memset(t, 0, sizeof(*t));
}
