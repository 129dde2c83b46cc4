/* xalloc.c: allocation that is fatal on failure, and a zeroing arena. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "xalloc.h"

void
cga_oom(void)
{
	cga_diag("out of memory");
	exit(1);
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

/* Blocks are at least this big; larger requests get a block of their own. */
#define ARENA_BLOCK	(256 * 1024)

struct cga_arena_block {
	struct cga_arena_block	*next;
	size_t			 size;
	max_align_t		 data[];
};

void *
cga_arena_alloc(struct cga_arena *a, size_t n)
{
	struct cga_arena_block	*b;
	size_t			 size;
	void			*p;

	n = (n + sizeof(max_align_t) - 1) & ~(sizeof(max_align_t) - 1);
	if (a->head == NULL || a->head->size - a->used < n) {
		size = n > ARENA_BLOCK ? n : ARENA_BLOCK;
		if (a->over != NULL && a->total + size > a->limit)
			a->over(a->ctx, a->total + size);
		b = xcalloc(1, sizeof(*b) + size);
		b->size = size;
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
	return p;
}

void
cga_arena_free(struct cga_arena *a)
{
	struct cga_arena_block	*b, *next;

	for (b = a->head; b != NULL; b = next) {
		next = b->next;
		free(b);
	}
	memset(a, 0, sizeof(*a));
}
