/*
 * sort.h: a stable sort whose comparison gets a context; used by view.c,
 * annotate.c and inclusive.c; and a sort of things by name (view.c).
 */
#ifndef CGA_SORT_H
#define CGA_SORT_H

#include <stddef.h>
#include <stdint.h>

typedef int	(*cga_cmp_fn)(const void *, const void *, void *ctx);

/* Sorts n items of size bytes at base by cmp, stably (a merge sort). */
void	cga_sort(void *base, size_t n, size_t size, cga_cmp_fn cmp, void *ctx);

/*
 * A thing sorted by name: s its name, or with rest not NULL the name's
 * first part, a colon and rest the name (a function's file and name, its
 * display name unmade); item the thing; tie the order of things of one
 * name.  key is cga_sort_names' own (8 bytes of the name as a number
 * whose order is theirs), and it moves s and rest on as it reads.
 */
struct cga_name_key {
	uint64_t	 key;
	const char	*s;
	const char	*rest;
	void		*item;
	uint64_t	 tie;
};

/* Sorts v by name, as strcmp orders them, then by tie; stably. */
void	cga_sort_names(struct cga_name_key *v, size_t n);

#endif
