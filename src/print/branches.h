/*
 * branches.h: jumps and conditional branches, and the call sites
 * annotation prints, by source line (branches.c); used by annotate.c,
 * json.c and html_src.c.
 */
#ifndef CGA_BRANCHES_H
#define CGA_BRANCHES_H

#include <stdio.h>

#include "view/view.h"

struct cga_branches;

/*
 * The profile's jumps by file and line, summed per target (free it):
 * those from the files marked in files (by file id), or all (NULL).
 */
struct cga_branches *cga_branches_new(const struct cga_profile *,
	    const unsigned char *files);
void	cga_branches_free(struct cga_branches *);
/*
 * Another reader of b's lookups, with a place of its own in them (for
 * another thread); free it before b.
 */
struct cga_branches *cga_branches_twin(const struct cga_branches *b);
/*
 * The lookups below are quickest with each file's lines asked for in
 * order (the structure keeps where the last one ended).
 *
 * Under a source line: one line per target of its jumps, "jcnd N/M
 * taken -> line L" or "jump Nx -> line L", the cost columns (w) blank.
 */
void	cga_branches_text(FILE *, const struct cga_view *, const size_t *w,
	    struct cga_branches *, const struct cga_file *, uint64_t line);
/* Asks for the first jumps of file f, before its lines are read. */
void	cga_branches_prefetch(const struct cga_branches *,
	    const struct cga_file *f);
/* The line's jumps as a JSON member ", \"jumps\": [...]", if it has any. */
void	cga_branches_json(struct cga_w *, const struct cga_view *,
	    struct cga_branches *, const struct cga_file *, uint64_t line);
/* The same array after the text before, if the line has any jumps. */
void	cga_branches_json_list(struct cga_w *, const struct cga_view *,
	    struct cga_branches *, const struct cga_file *, uint64_t line,
	    const char *before);

/* The call sites printed under a source line. */
struct cga_line_sites {
	uint64_t	  line;
	struct cga_site	**sites;
	size_t		  n;
};

/*
 * The call sites of the files marked in files (by file id) that source
 * annotation prints, by file and line (free it): under each line, those
 * of the first function seen making calls from it, the only ones
 * callgrind_annotate lists.
 */
struct cga_site **cga_sites_index(const struct cga_view *,
	    const unsigned char *files, size_t *n);
/* A file's sites of that index by line, in line order (free it). */
struct cga_line_sites *cga_sites_of_file(struct cga_site **, size_t n,
	    const struct cga_file *, size_t *nlines);

#endif
