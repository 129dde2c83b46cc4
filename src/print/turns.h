/*
 * turns.h: the items of a document made by two threads at once and
 * written in their order (turns.c); json.c's functions and files.
 */
#ifndef CGA_TURNS_H
#define CGA_TURNS_H

#include <stdio.h>

struct cga_w;

struct cga_turns {
	FILE		*out;
	int		 script;	/* each run through cga_out_script */
	int		 alone;		/* one thread (another is busy) */
	size_t		 n;		/* items */
	/*
	 * Writes item i (of n, in order: the first writes no comma) to w;
	 * ctx is the thread's own: ctx[0] the caller's, ctx[1] the other's.
	 */
	void		(*item)(struct cga_w *w, size_t i, void *ctx);
	void		*ctx[2];
};

/*
 * Writes the items to out in order, as one thread would: with two
 * processors, runs of them are made by the caller and a thread of its
 * own in turn, each into memory of its own, and written when the runs
 * before them are.  The items must only read what they share.  Past a
 * write error on out nothing more is made.
 */
void	cga_turns_write(const struct cga_turns *);

#endif
