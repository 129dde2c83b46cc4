/* xalloc.h: allocation wrappers that never return NULL; used by every module. */
#ifndef CGA_XALLOC_H
#define CGA_XALLOC_H

#include <stddef.h>

#include "base/diag.h"	/* cga_oom, where every failure ends */

void	*xmalloc(size_t);
void	*xcalloc(size_t, size_t);
/*
 * As xcalloc, zeroed by writing: for a table that is read before it is
 * written (an open-addressed table's slots), whose pages calloc would map
 * to the page of zeros and the first write copy (cga_arena_alloc's
 * comment says what that costs).
 */
void	*xcalloc_written(size_t, size_t);
void	*xreallocarray(void *, size_t, size_t);
char	*xstrdup(const char *);
char	*xmemdup0(const char *, size_t);
/* Once, before anything is allocated: how large blocks are taken. */
void	 cga_alloc_init(void);

/* uthash reports its own allocation failures through the same path. */
#define uthash_fatal(msg) cga_oom()

/*
 * An arena: many small allocations freed in one call.  Memory is zeroed
 * and aligned to 8 bytes (pointers and 64-bit counts, nothing wider).
 * When over is set and a new block of size bytes would take total past
 * limit, over is called first with both: it returns to let the block be
 * made, or does not return.
 */
struct cga_arena {
	struct cga_arena_block	*head;
	size_t			 used;	/* bytes used in head */
	size_t			 total;	/* bytes handed out, for statistics */
	size_t			 limit;
	void			(*over)(void *, size_t total, size_t size);
	void			*ctx;	/* over's first argument */
};

void	*cga_arena_alloc(struct cga_arena *, size_t);
void	 cga_arena_free(struct cga_arena *);
/*
 * Arena a takes from's memory, which it frees with its own; from is left
 * empty.  What a keeps filling is its own block still; over is called
 * when the total passes the limit.
 */
void	 cga_arena_adopt(struct cga_arena *a, struct cga_arena *from);

#endif
