/*
 * callgrind_costs.h: the cost lines a Callgrind file is written with,
 * made from the model, which keeps each function's exclusive cost and
 * each line's cost but not each function's cost at each line.  Used by
 * callgrind.c.
 */
#ifndef CGA_CALLGRIND_COSTS_H
#define CGA_CALLGRIND_COSTS_H

#include "model/profile.h"

/*
 * The model keeps each function's exclusive cost and each line's cost,
 * not the cost of each function at each line.  The cost lines written
 * ("pieces": a function's cost at a line of a file) are made to add up
 * to both, event by event: a line's cost goes first to the function that
 * named the line first, then to the functions of its file in order, each
 * taking what it still lacks (the "north-west corner" of a transport
 * problem), so that no piece is negative where no cost was.  What a
 * file cannot settle (a function whose lines lie in another file: fl=
 * without fn=) is settled across files.
 */
struct cga_piece_key {
	const struct cga_fn	*fn;
	const struct cga_file	*file;
	uint64_t		 line;
};

struct cga_piece {
	struct cga_piece_key	 key;
	const struct cga_lineref *ref;		/* the line: its cost, its */
						/* first function */
	struct cga_piece	*next;		/* the next of the same line */
	int			 done;		/* written */
	uint64_t		 cost[];	/* cw words */
};

struct pfile;

struct cga_pieces {
	const struct cga_profile *p;
	size_t			 nrec;		/* recorded events */
	struct cga_piece	**byline;	/* each line's pieces, by the */
	size_t			 nlines;	/* line's place in all files */
	struct cga_piece	**all;
	size_t			 npieces;
	size_t			 cap;
	struct pfile		*fi;		/* by file id */
	size_t			*slot;		/* by function id: pair_owners */
	int			 err;		/* a sum overflowed */
};

/*
 * The pieces of the model's costs: 0, or -1 when a sum does not fit in
 * 64 bits.  Free them with cga_pieces_free in either case.
 */
int	 cga_pieces_make(struct cga_pieces *, const struct cga_profile *);
void	 cga_pieces_free(struct cga_pieces *);
/* The piece of fn at the line of piece at, or NULL. */
struct cga_piece *cga_piece_find(const struct cga_pieces *,
	    const struct cga_fn *, const struct cga_piece *at);
/* The pieces, sorted by cmp (free it). */
struct cga_piece **cga_pieces_sorted(struct cga_pieces *,
	    int (*cmp)(const void *, const void *));

#endif
