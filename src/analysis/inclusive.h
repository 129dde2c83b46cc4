/* inclusive.h: inclusive costs within their bounds; main.c, group.c, stacks.c. */
#ifndef CGA_INCLUSIVE_H
#define CGA_INCLUSIVE_H

#include "model/profile.h"

/*
 * Sets every function's incl, each call's, and the profile's ceiling; 0,
 * or -1 after printing an overflow.
 */
int	cga_profile_inclusive(struct cga_profile *);
/*
 * L(f), the part of fn's inclusive cost that the call graph proves: its
 * exclusive cost and its calls that are not recursive (made once the
 * inclusive costs are).
 */
/*
 * A call's figure once its callee's is made: at most the callee's and the
 * ceiling (c->incl a cost of its own only then, NULL otherwise); 1 if it
 * was above the ceiling.
 */
int	cga_call_bound(struct cga_profile *, struct cga_call *c);
void	cga_fn_incl_min(const struct cga_profile *, const struct cga_fn *,
	    uint64_t *dst);
/*
 * The strongly connected components of the call graph of fns[0..n), each
 * function numbered by id < n: each one's component, by id (free it), in
 * an order where a component's callees come before it: numbers fall from
 * callers to callees.
 */
size_t	*cga_components(struct cga_fn **fns, size_t n, size_t *ncomp);

#endif
