/* inclusive.h: inclusive costs within their bounds; used by main.c. */
#ifndef CGA_INCLUSIVE_H
#define CGA_INCLUSIVE_H

#include "profile.h"

/* Sets every function's incl; 0, or -1 after printing an overflow. */
int	cga_profile_inclusive(struct cga_profile *);

#endif
