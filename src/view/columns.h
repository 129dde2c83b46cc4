/*
 * columns.h: a view's figures as the text formats' columns show them:
 * counts with commas (signed in a difference), percentages of the view's
 * total, the span of a bounded figure, and the width each column needs
 * (columns.c).  Used by view.c, which widens the columns as it ranks,
 * and the printers of text, annotated sources, machine code and JSON.
 */
#ifndef CGA_COLUMNS_H
#define CGA_COLUMNS_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

struct cga_view;
struct cga_w;

/* A count with commas, signed in a difference: its length. */
size_t	cga_view_count(const struct cga_view *, char *buf, uint64_t);
/* A count as a plain number, signed in a difference. */
void	cga_view_print_count(FILE *, const struct cga_view *, uint64_t);
void	cga_view_write_count(struct cga_w *, const struct cga_view *,
	    uint64_t);
/* The percentage c[e] is of the total (0 when it is not defined). */
double	cga_view_percent(const struct cga_view *, const uint64_t *c,
	    size_t e);

/* Column widths for costs: at least each event's name. */
size_t	*cga_widths_new(const struct cga_view *);
void	 cga_widths_add(const struct cga_view *, size_t *, const uint64_t *);
/* The shown events' columns of c (NULL: none), then a blank. */
void	 cga_print_cost(FILE *, const struct cga_view *, const size_t *,
	    const uint64_t *);
/*
 * The same, each event where lo (NULL: none) is not c as the span of a
 * bounded figure, "lo..c (12.34%..56.78%)"; and the width it takes.
 */
void	 cga_print_span(FILE *, const struct cga_view *, const size_t *,
	    const uint64_t *lo, const uint64_t *c);
void	 cga_widths_add_span(const struct cga_view *, size_t *,
	    const uint64_t *lo, const uint64_t *c);
/* cga_print_span into a buffer in front of the stream. */
void	 cga_w_span(struct cga_w *, const struct cga_view *, const size_t *,
	    const uint64_t *lo, const uint64_t *c);
void	 cga_print_events(FILE *, const struct cga_view *, const size_t *);

/*
 * Many costs' widths, from each event's largest count and, in a
 * difference, its least: a column's width grows with the size of its
 * count on either side of 0, so those two fit all.  Adding a cost is a
 * comparison an event, not its width worked out; cga_widest_done adds
 * the widths to w and frees what was kept.
 */
struct cga_widest {
	uint64_t	*hi, *lo;
};
void	 cga_widest_init(const struct cga_view *, struct cga_widest *);
void	 cga_widest_add(const struct cga_view *, struct cga_widest *,
	    const uint64_t *);
void	 cga_widest_done(const struct cga_view *, struct cga_widest *,
	    size_t *w);

#endif
