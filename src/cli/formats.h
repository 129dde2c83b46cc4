/*
 * formats.h: the table of output formats --format names (formats.c).
 * Each format's descriptor (print/format.h says what one is) is its own
 * file's, in print/ or html/.  Used by opts.c, optable.h, the view's
 * resolution (resolve.c), main.c and the tests.
 */
#ifndef CGA_FORMATS_H
#define CGA_FORMATS_H

#include "html/html.h"
#include "pprof/pprof.h"
#include "print/format.h"
#include "tui/tui.h"

/*
 * Each format's place in cga_formats, and after them that of the format
 * of --list-parts, which --format does not name: an option's table entry
 * (optable.h) names the formats that read it by these, as bits.
 */
enum {
	CGA_FORMAT_TEXT, CGA_FORMAT_TSV, CGA_FORMAT_JSON, CGA_FORMAT_DOT,
	CGA_FORMAT_MARKDOWN, CGA_FORMAT_CALLGRIND, CGA_FORMAT_FOLDED,
	CGA_FORMAT_SPEEDSCOPE, CGA_FORMAT_HTML, CGA_FORMAT_PPROF, CGA_FORMAT_TUI,
	CGA_FORMAT_PARTS
};

/* The formats --format names, NULL-terminated, in the order --help lists. */
extern const struct cga_format *const cga_formats[];

/* The format named name, or NULL. */
const struct cga_format *cga_format_find(const char *name);
/* 1 << the format's place above; 0 for a format of none. */
unsigned	cga_format_bit(const struct cga_format *);

#endif
