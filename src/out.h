/*
 * out.h: every string a profile controls (names, header values) leaves
 * through one of these, one per destination, so that what it may hold is
 * dealt with in one place; used by every printer.
 */
#ifndef CGA_OUT_H
#define CGA_OUT_H

#include <stdio.h>

/* Text for a terminal: the report, the annotation. */
void	cga_out_text(FILE *, const char *);
/* A TSV field: tabs and line ends become blanks. */
void	cga_out_tsv(FILE *, const char *);
/* A JSON string, quotes included. */
void	cga_out_json(FILE *, const char *);
/* A JSON string, or null for NULL. */
void	cga_out_json_or_null(FILE *, const char *);
/* Text inside a Graphviz quoted string (no quotes written). */
void	cga_out_dot(FILE *, const char *);

#endif
