/*
 * html.h: --format=html's descriptor (html.c), and the parts of its
 * page's data made in files of their own (html_src.c).
 */
#ifndef CGA_HTML_H
#define CGA_HTML_H

#include <stdio.h>

struct cga_fn;
struct cga_format;
struct cga_view;

/*
 * ",\n    \"sources\": [...]": the text of each source file of the listed
 * functions that is found, with the calls made from its lines, written
 * for the page's <script> element.
 */
void	cga_html_sources(FILE *, const struct cga_view *, struct cga_fn **,
	    size_t n);

/* --format=html (html.c). */
extern const struct cga_format cga_format_html;

#endif
