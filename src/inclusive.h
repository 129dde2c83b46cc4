/* inclusive.h: inclusive costs within their bounds; main.c, group.c, stacks.c. */
#ifndef CGA_INCLUSIVE_H
#define CGA_INCLUSIVE_H

#include "profile.h"

/* Sets every function's incl; 0, or -1 after printing an overflow. */
int	cga_profile_inclusive(struct cga_profile *);
/*
 * The strongly connected components of the call graph of fns[0..n), each
 * function numbered by id < n: each one's component, by id (free it), in
 * an order where a component's callees come before it: numbers fall from
 * callers to callees.
 */
size_t	*cga_components(struct cga_fn **fns, size_t n, size_t *ncomp);

#endif
