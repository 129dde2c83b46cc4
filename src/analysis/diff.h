/* diff.h: the difference of two loaded profiles, for --diff; used by main.c. */
#ifndef CGA_DIFF_H
#define CGA_DIFF_H

#include "model/profile.h"

/*
 * NEW minus OLD, loaded with the same events (and inclusive costs computed
 * in both when wanted); NULL after printing an error if a difference does
 * not fit in 64 bits.  It points into both: free it first.
 */
struct cga_profile *cga_profile_diff(const struct cga_profile *old,
	    const struct cga_profile *new);

#endif
