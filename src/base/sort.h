/*
 * sort.h: a stable sort whose comparison gets a context; used by view.c,
 * annotate.c and inclusive.c.
 */
#ifndef CGA_SORT_H
#define CGA_SORT_H

#include <stddef.h>

typedef int	(*cga_cmp_fn)(const void *, const void *, void *ctx);

/* Sorts n items of size bytes at base by cmp, stably (a merge sort). */
void	cga_sort(void *base, size_t n, size_t size, cga_cmp_fn cmp, void *ctx);

#endif
