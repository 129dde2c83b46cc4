/*
 * idtab.h: dense ids for keys of bytes, the same key the same id: the
 * hash-consing of tables whose rows are found by what they hold (proto.c's
 * strings, functions, locations and paths).  Keys hash with the run's key
 * (hash.h), as every table of what a profile holds does.
 */
#ifndef CGA_IDTAB_H
#define CGA_IDTAB_H

#include <stddef.h>
#include <stdint.h>

/* A table zeroed takes keys of any length; cga_idtab_fixed, of one. */
struct cga_idtab {
	uint64_t	*slot;		/* the hash's top 32 bits, 1 + id */
	size_t		 cap;		/* slots, a power of 2 (or 0) */
	size_t		 n;		/* keys, ids 0 to n - 1 */
	size_t		 klen;		/* every key's length, or 0: each */
	size_t		*off;		/* its own, by id: where it starts */
	char		*bytes;		/* in bytes; off[n]: where they end */
	size_t		 offcap, bytecap;
};

/*
 * A table of keys of len bytes each (1 or more), which need no offsets:
 * every key given it must be of that length.
 */
void	 cga_idtab_fixed(struct cga_idtab *, size_t len);
/*
 * The id of the key of len bytes at key: a new one (the next from 0, and
 * *made set, when made is not NULL) for a key not seen before.
 */
size_t	 cga_idtab_id(struct cga_idtab *, const void *key, size_t len,
	    int *made);
/* The key of an id, and its length. */
const void *cga_idtab_key(const struct cga_idtab *, size_t id, size_t *len);
void	 cga_idtab_free(struct cga_idtab *);

#endif
