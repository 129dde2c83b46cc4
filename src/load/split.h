/*
 * split.h: -j 2's thread and the half of a file it reads, shared by
 * split.c, which starts the thread and joins it, and merge.c, which
 * merges its half; private to load/.
 */
#ifndef CGA_SPLIT_H
#define CGA_SPLIT_H

#include <pthread.h>

#include "load/loader.h"

struct cga_split {
	pthread_t		 thread;
	int			 quit;		/* the loader stops it */
	uint64_t		 at;		/* where its half begins */
	struct cga_load_opts	 opts;
	struct loader		 ld;		/* its loader */
	struct cursor		 start;		/* its cursor at at */
	const char		*objph;		/* the object in force at at */
	const char		*fileph;	/* the file in force there */
	uint64_t		 end;		/* where it stopped */
	uint64_t		 lines;		/* lines it read */
	int			 ok;		/* its half can be merged */
	pthread_mutex_t		 lock;		/* around opts->want_lines */
	int			 cut;		/* CGA_CUT chose where */
};

/*
 * merge.c: the thread's cursor at the start of its half, c: the part and
 * format of the loader's, from (maskw words a count in its kmask), and
 * the placeholders fileph and objph, names in the thread's model q, for
 * the file and object in force.
 */
void	cga_cursor_start(struct cursor *c, const struct cursor *from,
	    struct cga_profile *q, const char *fileph, const char *objph,
	    size_t maskw);
/*
 * The half the thread sp read, merged into the loader's model at the line
 * where it begins: 1, or 0 where one reader's model could differ and the
 * loader is to read the half itself.
 */
int	cga_split_merge(struct loader *ld, struct cga_split *sp);

#endif
