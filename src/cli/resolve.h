/*
 * resolve.h: a view resolved from the options (resolve.c); used by
 * main.c and the tests.  view.h says what a view holds.
 */
#ifndef CGA_RESOLVE_H
#define CGA_RESOLVE_H

struct cga_opts;
struct cga_profile;
struct cga_view;

/* The options' part of the view; v->p stays NULL until bound. */
void	cga_view_init(struct cga_view *, const struct cga_opts *);
/* 0, or -1 after naming an event of --show or --sort the profile lacks. */
int	cga_view_bind(struct cga_view *, const struct cga_profile *);

#endif
