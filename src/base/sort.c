/*
 * sort.c: a stable merge sort that passes a context to its comparison, so
 * that no comparator needs a file-scope variable (C11 has no qsort_r).
 */
#include <stdlib.h>
#include <string.h>

#include "base/sort.h"
#include "base/xalloc.h"

/* Runs this short are sorted by insertion first. */
#define RUN	16

static void
insertion(char *base, size_t n, size_t size, cga_cmp_fn cmp, void *ctx,
    char *tmp)
{
	size_t	 i, j;

	for (i = 1; i < n; i++) {
		for (j = i; j > 0 &&
		    cmp(base + (j - 1) * size, base + i * size, ctx) > 0; j--)
			;
		if (j == i)
			continue;
		memcpy(tmp, base + i * size, size);
		memmove(base + (j + 1) * size, base + j * size, (i - j) * size);
		memcpy(base + j * size, tmp, size);
	}
}

/* Merges the sorted runs a[0..na) and b[0..nb) into out. */
static void
merge(const char *a, size_t na, const char *b, size_t nb, char *out,
    size_t size, cga_cmp_fn cmp, void *ctx)
{
	const char	*ae = a + na * size, *be = b + nb * size;

	while (a < ae && b < be) {
		/* Ties take a's item first: that keeps the sort stable. */
		if (cmp(b, a, ctx) < 0) {
			memcpy(out, b, size);
			b += size;
		} else {
			memcpy(out, a, size);
			a += size;
		}
		out += size;
	}
	memcpy(out, a, (size_t)(ae - a));
	memcpy(out + (ae - a), b, (size_t)(be - b));
}

void
cga_sort(void *base, size_t n, size_t size, cga_cmp_fn cmp, void *ctx)
{
	char	*from = base, *to, *buf, *swap;
	size_t	 i, w;

	if (n < 2)
		return;
	buf = xcalloc(n + 1, size);
	for (i = 0; i < n; i += RUN)
		insertion(from + i * size, n - i < RUN ? n - i : RUN, size,
		    cmp, ctx, buf);
	if (n <= RUN) {
		free(buf);
		return;
	}
	to = buf;
	for (w = RUN; w < n; w *= 2) {
		for (i = 0; i < n; i += 2 * w) {
			size_t na = n - i < w ? n - i : w;
			size_t nb = n - i - na < w ? n - i - na : w;

			merge(from + i * size, na, from + (i + na) * size, nb,
			    to + i * size, size, cmp, ctx);
		}
		swap = from;
		from = to;
		to = swap;
	}
	if (from != (char *)base)
		memcpy(base, from, n * size);
	free(buf);
}
