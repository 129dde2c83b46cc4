/*
 * branches.h: jumps and conditional branches by source line
 * (branches.c); used by annotate.c, json.c and html_src.c.
 */
#ifndef CGA_BRANCHES_H
#define CGA_BRANCHES_H

#include <stdio.h>

#include "view.h"

struct cga_branches;

/* The profile's jumps by file and line, summed per target (free it). */
struct cga_branches *cga_branches_new(const struct cga_profile *);
void	cga_branches_free(struct cga_branches *);
/*
 * Under a source line: one line per target of its jumps, "jcnd N/M
 * taken -> line L" or "jump Nx -> line L", the cost columns (w) blank.
 */
void	cga_branches_text(FILE *, const struct cga_view *, const size_t *w,
	    const struct cga_branches *, const struct cga_file *,
	    uint64_t line);
/* The line's jumps as a JSON member ", \"jumps\": [...]", if it has any. */
void	cga_branches_json(FILE *, const struct cga_view *,
	    const struct cga_branches *, const struct cga_file *,
	    uint64_t line);
/* The same array after the text before, if the line has any jumps. */
void	cga_branches_json_list(FILE *, const struct cga_view *,
	    const struct cga_branches *, const struct cga_file *,
	    uint64_t line, const char *before);

#endif
