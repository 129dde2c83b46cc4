/* lint.h: --check's checks of a loaded model; used by cli/profiles.c. */
#ifndef CGA_LINT_H
#define CGA_LINT_H

struct cga_profile;

/*
 * The calls of a finished model with inclusive costs whose cost is above
 * the program total: an error each, named by path and the call's first
 * cost line.  Returns how many.
 */
unsigned long	cga_lint_calls(struct cga_profile *, const char *path);

#endif
