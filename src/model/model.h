/*
 * model.h: what the model's own files share and no other stage needs;
 * private to model/ (profile.h is what the others see).
 */
#ifndef CGA_MODEL_H
#define CGA_MODEL_H

#include "model/profile.h"

/* Lines in a page of line costs (lines.c), one bit each of its mask. */
#define CGA_LPAGE	16

/*
 * tables.c, for rename.c: keys fn by file and name, both interned, and
 * puts it in the lists of both.
 */
void	cga_fn_key(struct cga_profile *, struct cga_fn *, const char *file,
	    const char *name);
/* lines.c, for tables.c: f has line costs now, to be dropped with p. */
void	cga_file_lined(struct cga_profile *, struct cga_file *f);
/*
 * profile.c: derived events' counters of cost c from its recorded ones;
 * -1 on overflow.
 */
int	cga_cost_derive(const struct cga_profile *, uint64_t *c);
/*
 * instrs.c, for finish.c: once every profile is read, instructions and
 * jumps name the files and functions merges left, each once, their
 * figures summed and derived events computed; 0, or -1 when a sum
 * overflows.
 */
int	cga_code_finish(struct cga_profile *);

#endif
