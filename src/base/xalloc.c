/* xalloc.c: allocation that is fatal on failure, and a zeroing arena. */
#define _DEFAULT_SOURCE		/* MAP_ANONYMOUS, MAP_NORESERVE */

#include <sys/mman.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/xalloc.h"

#if defined(__SANITIZE_ADDRESS__)
#define CGA_ASAN
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CGA_ASAN
#endif
#endif

/*
 * Large blocks (the tables of names and ids, grown by doubling, the
 * report's arrays) are mapped apart and given back whole when freed.
 * glibc's malloc raises its threshold for that as mapped blocks are
 * freed, so that the next tables come from the heap, and the holes they
 * leave there when they grow are kept: 20 MB of a 260 MB peak after -j 2's
 * merge.  A threshold set is kept as it is.
 */
void
cga_alloc_init(void)
{
#ifdef M_MMAP_THRESHOLD
	(void)mallopt(M_MMAP_THRESHOLD, 128 * 1024);
#endif
}

void *
xmalloc(size_t n)
{
	void	*p = malloc(n ? n : 1);

	if (p == NULL)
		cga_oom();
	return p;
}

void *
xcalloc(size_t n, size_t size)
{
	void	*p = calloc(n ? n : 1, size ? size : 1);

	if (p == NULL)
		cga_oom();
	return p;
}

void *
xcalloc_written(size_t n, size_t size)
{
	void	*p = xreallocarray(NULL, n ? n : 1, size ? size : 1);

	memset(p, 0, (n ? n : 1) * (size ? size : 1));
	return p;
}

void *
xreallocarray(void *old, size_t n, size_t size)
{
	void	*p;

	if (size != 0 && n > SIZE_MAX / size)
		cga_oom();
	p = realloc(old, n * size > 0 ? n * size : 1);
	if (p == NULL)
		cga_oom();
	return p;
}

char *
xmemdup0(const char *s, size_t len)
{
	char	*p = xmalloc(len + 1);

	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

char *
xstrdup(const char *s)
{
	return xmemdup0(s, strlen(s));
}

/*
 * Blocks are at least this big; larger requests get a block of their own.
 * Mapped blocks take memory only for the pages written, so they may be
 * large; malloc's are zeroed whole.
 */
#ifdef CGA_ASAN
#define ARENA_BLOCK	(256 * 1024)
#else
#define ARENA_BLOCK	(1024 * 1024)
#endif

/*
 * What the arena hands out is aligned for the widest thing the model
 * keeps in it (a pointer, a 64-bit count), not for max_align_t: on
 * x86-64 that is 16, and rounding each of millions of names and
 * functions up to it took a tenth of the model.
 */
#define ARENA_ALIGN	8

struct cga_arena_block {
	struct cga_arena_block	*next;
	size_t			 size;
	max_align_t		 data[];
};

/*
 * A block mapped from the system rather than taken from malloc: its pages
 * are zero without being written, and a page the model never writes (most
 * of a cost that is as wide as many events but gives few of them, as each
 * of thousands of profiles with events of their own does) takes no memory.
 */
static struct cga_arena_block *
block_new(size_t size)
{
	struct cga_arena_block	*b;

	if (size > SIZE_MAX - sizeof(*b))
		cga_oom();
#ifdef CGA_ASAN
	/* AddressSanitizer sees a read past a block that malloc gave. */
	b = xcalloc(1, sizeof(*b) + size);
#else
	b = mmap(NULL, sizeof(*b) + size, PROT_READ | PROT_WRITE,
	    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
	if (b == MAP_FAILED)
		cga_oom();
#endif
	b->size = size;
	return b;
}

/*
 * A page of a mapped block read before it is written is first mapped to
 * the system's page of zeros, then copied on the write; with two threads
 * the copy stops the other processor to flush its TLB (a cost's counter
 * read before it is added to, a slot looked at before it is filled: 5 %
 * of --format=json's time on the 512 MB profile).  So a small allocation
 * that holds the start of a page writes it at once.  A large one (a cost
 * of thousands of events) does not: its pages never written take no
 * memory.
 */
#define TOUCH_PAGE	4096

static inline void
touch(void *p, size_t n)
{
#ifndef CGA_ASAN
	uintptr_t	 s = (uintptr_t)p;
	uintptr_t	 q = (s + TOUCH_PAGE - 1) & ~(uintptr_t)(TOUCH_PAGE - 1);

	if (n < TOUCH_PAGE && q - s < n)
		*(volatile char *)q = 0;
#else
	(void)p;
	(void)n;
#endif
}

void *
cga_arena_alloc(struct cga_arena *a, size_t n)
{
	struct cga_arena_block	*b;
	size_t			 size;
	void			*p;

	n = (n + ARENA_ALIGN - 1) & ~(size_t)(ARENA_ALIGN - 1);
	if (a->head == NULL || a->head->size - a->used < n) {
		size = n > ARENA_BLOCK ? n : ARENA_BLOCK;
		if (a->over != NULL && a->total + size > a->limit)
			a->over(a->ctx, a->total + size, size);
		b = block_new(size);
		if (a->head != NULL && n > ARENA_BLOCK) {
			/* Keep filling the current block; put this one behind. */
			b->next = a->head->next;
			a->head->next = b;
			a->total += n;
			return b->data;
		}
		b->next = a->head;
		a->head = b;
		a->used = 0;
	}
	p = (char *)a->head->data + a->used;
	a->used += n;
	a->total += n;
	touch(p, n);
	return p;
}

void
cga_arena_adopt(struct cga_arena *a, struct cga_arena *from)
{
	struct cga_arena_block	*last;

	if (from->head == NULL)
		return;
	for (last = from->head; last->next != NULL; last = last->next)
		;
	if (a->head == NULL) {
		a->head = from->head;
		a->used = from->used;
	} else {
		last->next = a->head->next;
		a->head->next = from->head;
	}
	a->total += from->total;
	from->head = NULL;
	from->used = from->total = 0;
	if (a->over != NULL && a->total > a->limit)
		a->over(a->ctx, a->total, 0);
}

void
cga_arena_free(struct cga_arena *a)
{
	struct cga_arena_block	*b, *next;

	for (b = a->head; b != NULL; b = next) {
		next = b->next;
#ifdef CGA_ASAN
		free(b);
#else
		munmap(b, sizeof(*b) + b->size);
#endif
	}
	memset(a, 0, sizeof(*a));
}
