/*
 * stacks.h: whole call stacks rebuilt from a profile's per-function and
 * per-call costs, for flame graphs (folded.c).  The rule is in stacks.c
 * and the manual's FLAME GRAPHS.
 */
#ifndef CGA_STACKS_H
#define CGA_STACKS_H

#include "model/profile.h"

/* One frame of the tree of stacks: a stack is the path from a root. */
struct cga_sframe {
	const struct cga_fn *fn;
	size_t		 parent;	/* SIZE_MAX: a root */
	uint64_t	 self;		/* the count of the stack ending here */
	uint64_t	 w;		/* the cost that came in through it */
	size_t		 next;		/* the next entry into its component */
	unsigned	 depth;		/* 1 for a root */
};

struct cga_stacks {
	struct cga_sframe *f;		/* parents before their children */
	size_t		  n;
	size_t		  cap;
	size_t		  cut;		/* frames the limits cut below */
	int		  err;		/* why they could not be built: */
					/* CGA_STACKS_*, or 0 */
};

#define CGA_STACKS_OVERFLOW	1	/* a count past 64 bits */
#define CGA_STACKS_TOO_LARGE	2	/* past the limits of stacks.c */

struct cga_stack_opts {
	size_t		 event;		/* of the profile */
	unsigned	 max_depth;	/* frames in a stack */
	size_t		 max_frames;	/* in all */
	int		 quiet;		/* a thread's: says nothing, */
					/* leaving s->err to its caller */
};

/*
 * Builds the stacks of g's call graph: 0, or -1 with no frame left and
 * s->err saying why, said on standard error unless quiet.
 */
int	cga_stacks_build(struct cga_stacks *, const struct cga_profile *g,
	    const struct cga_stack_opts *);
/* Says why g's stacks could not be built (err, s->err of a quiet build). */
void	cga_stacks_say(int err, const struct cga_profile *g);
/* The same in a few words, for a document. */
const char *cga_stacks_why(int err);
void	cga_stacks_free(struct cga_stacks *);

#endif
