/*
 * formats.h: the table of output formats --format names (formats.c).
 * Each format's descriptor (print/format.h says what one is) is its own
 * file's, in print/ or html/.  Used by opts.c, the view's resolution
 * (resolve.c), main.c and the tests.
 */
#ifndef CGA_FORMATS_H
#define CGA_FORMATS_H

#include "html/html.h"
#include "print/format.h"

/* The formats --format names, NULL-terminated, in the order --help lists. */
extern const struct cga_format *const cga_formats[];

/* The format named name, or NULL. */
const struct cga_format *cga_format_find(const char *name);

#endif
