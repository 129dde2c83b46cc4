/*
 * sources.h: finding a profile's source files, in the current directory
 * and the -I directories, each read once; used by view.c (which
 * line costs the loader keeps) and annotate.c (which files it prints).
 */
#ifndef CGA_SOURCES_H
#define CGA_SOURCES_H

#include <stdio.h>

struct cga_sources;

/* Looks in the current directory, then in each of dirs (ending in '/'). */
struct cga_sources *cga_sources_new(char *const *dirs, size_t ndirs);
void	cga_sources_free(struct cga_sources *);
/* Whether name can be read here or in a directory. */
int	cga_sources_found(struct cga_sources *, const char *name);
/*
 * Opens name, a regular file, with *opened the path it was found at (free
 * it); NULL when it cannot be, or was found unreadable before, with *why
 * "not found" or "not a regular file" (a FIFO, a device, a directory,
 * which are never opened).
 */
FILE	*cga_sources_open(struct cga_sources *, const char *name,
	    char **opened, const char **why);
/*
 * cgannotate: NAME: source file not found in any of: ./ DIR... (or:
 * source file not a regular file).
 */
void	cga_sources_not_found(const struct cga_sources *, const char *name,
	    const char *why);

#endif
