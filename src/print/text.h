/*
 * text.h: the text report's header, totals and function list; used by
 * text.c's format and its tests.
 */
#ifndef CGA_TEXT_H
#define CGA_TEXT_H

#include <stdio.h>

#include "view/view.h"

void	 cga_report_header(FILE *, const struct cga_view *);
/*
 * Prints the totals and the function list; returns the functions printed,
 * in order, for source annotation (free it).
 */
struct cga_fn **cga_report_functions(FILE *, const struct cga_view *,
	    size_t *n);

#endif
