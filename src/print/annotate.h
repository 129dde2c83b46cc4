/*
 * annotate.h: source annotation after the function list; used by text.c
 * (the text format), main.c (which checks named sources first) and
 * html_src.c (the page's sources).
 */
#ifndef CGA_ANNOTATE_H
#define CGA_ANNOTATE_H

#include <stdio.h>

#include "view/view.h"

/* 0, or -1 after naming a source file from the command line not found. */
int	cga_annotate_check_sources(const struct cga_view *);
/* Annotates the files of the listed functions and the named ones: exit status. */
int	cga_annotate(FILE *, const struct cga_view *, struct cga_fn **listed,
	    size_t nlisted);
/* Whether a call site of a difference changed nothing: it is not shown. */
int	cga_annotate_site_unchanged(const struct cga_profile *,
	    const struct cga_site *);

#endif
