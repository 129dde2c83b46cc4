/*
 * html.h: the parts of --format=html's page data (html.c) made in files
 * of their own.
 */
#ifndef CGA_HTML_H
#define CGA_HTML_H

#include <stdio.h>

struct cga_fn;
struct cga_view;

/*
 * ",\n    \"sources\": [...]": the text of each source file of the listed
 * functions that is found, with the calls made from its lines, written
 * for the page's <script> element.
 */
void	cga_html_sources(FILE *, const struct cga_view *, struct cga_fn **,
	    size_t n);

#endif
