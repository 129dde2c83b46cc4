/*
 * frames.h: what the frames of a view's flame graphs are: the graph whose
 * stacks are rebuilt (stacks.c) and each frame's name.  --format=folded,
 * --format=speedscope (folded.c) and the page's flame graph (html.c) all
 * take them from here, so that they show the same stacks.
 */
#ifndef CGA_FRAMES_H
#define CGA_FRAMES_H

#include "analysis/group.h"
#include "view/view.h"

struct cga_frames {
	const struct cga_profile *g;	/* its functions are the frames */
	const struct cga_groups *groups; /* what g's functions gather, */
					/* or NULL: they are functions */
	struct cga_groups *made;	/* groups made here, or NULL */
	char		**own;		/* by g's function id: a name made */
					/* here (without callers), or NULL */
	size_t		  n;
	int		  display;	/* names are file:function or files' */
					/* or objects' */
};

/*
 * The frames of the stacks of p, the view's listed profile or a side of
 * its difference: the groups listed, or functions, those of one name
 * together (each one frame, whatever files its inlined code is in) unless
 * --group-inlined=no.  0, or -1 after an error (said).
 */
int	 cga_frames_make(struct cga_frames *, const struct cga_view *,
	    const struct cga_profile *p);
/*
 * The same, for a thread of its own: an error is not said (the
 * diagnostics are the main thread's), only returned.
 */
int	 cga_frames_make_quiet(struct cga_frames *, const struct cga_view *,
	    const struct cga_profile *p);
/* A frame's name, as --format=folded writes it before escaping. */
const char *cga_frames_name(const struct cga_frames *, const struct cga_fn *);
void	 cga_frames_free(struct cga_frames *);

#endif
