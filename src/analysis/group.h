/*
 * group.h: functions gathered into groups (their source file, their
 * object, or their name over every file inlining spread it to), as a
 * profile of its own whose functions are the groups and whose call edges
 * join different groups, so that everything that lists, ranks, bounds
 * inclusive costs or draws functions does the same for groups.  Made as
 * the view is bound (cli/resolve.c); read by the printers through it.
 */
#ifndef CGA_GROUP_H
#define CGA_GROUP_H

#include "model/profile.h"

enum cga_grouping { CGA_GROUP_FILE, CGA_GROUP_OBJECT, CGA_GROUP_NAME };

/*
 * The inlined pieces of a profile's functions (group_incl.c): a function
 * named only by fi= or fe= lines and called by no one is a piece of a
 * function of its name named by fn= in the same object, its home.  By
 * function id: one[id] the home when there is one, or a mark (not a
 * piece; a piece of no known home; of several); the candidates of a
 * piece of several are home[off[id]..off[id + 1]).
 */
struct cga_homes {
	uint32_t	 *one;
	size_t		 *off;
	uint32_t	 *home;
};

struct cga_groups {
	enum cga_grouping  by;
	struct cga_profile *q;		/* the groups, as its functions */
	struct cga_fn	 **of;		/* by function id of p: its group */
	struct cga_fn	 **members;	/* p's functions, by group, */
					/* in the order they were made */
	size_t		  *first;	/* by group id: its first member; */
					/* first[ngroups]: all of them */
	const char	 **label;	/* by group id: its name in a report */
					/* or graph: file:function for a */
					/* function of one file */
	struct cga_homes  homes;	/* of p's functions */
	/*
	 * With inclusive costs, by group id: the lower bound of its
	 * inclusive cost, whose upper bound is its incl (group_incl.c).
	 */
	uint64_t	 **incl_min;
};

/*
 * Gathers the functions of p (with its inclusive costs, if incl): 0, or
 * -1 after an error (a sum that does not fit in 64 bits), said unless
 * quiet (a thread's work, which must not write the diagnostics).
 */
int	cga_groups_make(struct cga_groups *, const struct cga_profile *p,
	    enum cga_grouping, int incl, int quiet);
void	cga_groups_free(struct cga_groups *);
/* What a group is named after, for a function: its file or object. */
const char *cga_group_key(enum cga_grouping, const struct cga_fn *);

/* byid: p's functions by id, which a walk can ask for ahead. */
void	cga_homes_make(struct cga_homes *, const struct cga_profile *,
	    struct cga_fn *const *byid);
/* Functions asked for this far ahead of a walk over them by id. */
#define FETCH_AHEAD	16
void	cga_homes_free(struct cga_homes *);
/* Each group's bounds, after the group profile's inclusive costs. */
void	cga_groups_bound(struct cga_groups *, const struct cga_profile *p);
/* Whether the graph only bounds event e of grp's inclusive cost. */
int	cga_group_bounded(const struct cga_groups *, const struct cga_fn *grp,
	    size_t e);

#endif
