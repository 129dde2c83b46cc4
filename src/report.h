/* report.h: the header, the program totals and the function list; main.c. */
#ifndef CGA_REPORT_H
#define CGA_REPORT_H

#include <stdio.h>

#include "opts.h"
#include "profile.h"

/* The events shown and sorted, resolved against the profile's events. */
struct cga_view {
	const struct cga_profile *p;
	const struct cga_opts	 *o;
	const uint64_t		 *total;	/* what percentages are of */
	size_t			 *show;
	size_t			  nshow;
	size_t			 *sort;
	size_t			  nsort;
	double			 *th;		/* threshold per sort event */
	const char		**th_text;
	int			  filter;	/* stop at the thresholds */
};

/* 0, or -1 after naming an event of --show or --sort the profile lacks. */
int	cga_view_make(struct cga_view *, const struct cga_profile *,
	    const struct cga_opts *);
void	cga_view_free(struct cga_view *);

/* Column widths for costs: at least each event's name. */
size_t	*cga_widths_new(const struct cga_view *);
void	 cga_widths_add(const struct cga_view *, size_t *, const uint64_t *);
void	 cga_print_cost(FILE *, const struct cga_view *, const size_t *,
	    const uint64_t *);
void	 cga_print_events(FILE *, const struct cga_view *, const size_t *);
/* Sort order of the view: descending costs, "." below 0. */
int	 cga_cost_cmp(const struct cga_view *, const uint64_t *,
	    const uint64_t *);

void	 cga_report_header(FILE *, const struct cga_view *);
/* --list-parts: a header row, then a tab-separated row per part. */
void	 cga_report_parts(FILE *, const struct cga_profile *);
/* A count as a plain number (signed in a difference). */
void	 cga_print_count(FILE *, const struct cga_profile *, uint64_t);
/* qsort order of struct cga_file pointers by name. */
int	 cga_file_name_cmp(const void *, const void *);
/* Call edges, most costly first, then by caller and callee. */
void	 cga_calls_sort(const struct cga_view *, const struct cga_call **,
	    size_t);
/* A function's callers (or callees), most costly first, then by name. */
const struct cga_call **cga_calls_sorted(const struct cga_view *,
	    const struct cga_fn *, int callers, size_t *n);
/* The functions the list shows, in order, thresholds applied (free it). */
struct cga_fn **cga_report_select(const struct cga_view *, size_t *n);
/*
 * Prints the totals and the function list; returns the functions printed,
 * in order, for source annotation (free it).
 */
struct cga_fn **cga_report_functions(FILE *, const struct cga_view *,
	    size_t *n);

#endif
