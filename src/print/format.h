/*
 * format.h: what an output format is: its name as --format spells it,
 * what it needs the loader and the model to build, and its printer of a
 * view.  Each format's file in print/ (and html/) defines one such
 * descriptor; cli/formats.c lists them.
 */
#ifndef CGA_FORMAT_H
#define CGA_FORMAT_H

#include <stdio.h>

struct cga_profile;
struct cga_view;

/* What a format needs built before it prints. */
#define CGA_NEED_CALLS		0x1	/* call edges */
#define CGA_NEED_INCL		0x2	/* inclusive costs (and call edges) */
#define CGA_NEED_LINES		0x4	/* line costs and call sites of the */
					/* files that can be annotated */
#define CGA_NEED_ALL_LINES	0x8	/* line costs of every file */
#define CGA_NEED_SITES		0x40	/* and call sites, with ALL_LINES */
#define CGA_NEED_OWNERS		0x80	/* and each line's first function */
#define CGA_NEED_JUMPS		0x10	/* jumps from the lines kept */
#define CGA_NEED_INSTRS		0x20	/* instructions' costs and every jump */

struct cga_format {
	const char	*name;		/* as --format spells it */
	/*
	 * What the loader and the model must build for this view: needs
	 * only add, so that the needs of several views printed from one
	 * model can be ORed.
	 */
	unsigned	(*needs)(const struct cga_view *);
	/*
	 * Whether a model printed in this view alone may go without display
	 * names ("file:name", the largest strings of the model), as the
	 * format prints a function's file and name itself
	 * (cga_view_print_fn) and compares them with cga_fn_display_cmp.
	 * It takes away, so it is not a need: the caller asks it only of a
	 * model no other view prints (cga_profiles_finish).  NULL: never.
	 */
	int		(*no_display)(const struct cga_view *);
	/* Prints the profile as loaded: no --diff, no events resolved. */
	int		  as_loaded;
	/* Prints the report to out: an exit status. */
	int		(*print)(FILE *out, const struct cga_view *);
	/*
	 * Work print may find done: begun on a thread of its own once the
	 * model p (of one profile, no --diff) is finished and before its
	 * inclusive costs are, from what the view holds before it is bound.
	 * It reads only what finishing p made, never what inclusive costs
	 * write.  early_end waits for it and frees what print did not take:
	 * called once the report is printed, or not, after an error.  NULL:
	 * none.
	 */
	void		(*early)(const struct cga_view *,
			    const struct cga_profile *p);
	void		(*early_end)(void);
	/*
	 * Whether early reads the instructions or jumps: then it begins
	 * once they are finished, on the thread that finishes them
	 * (cga_profiles_finish), rather than before.
	 */
	int		  early_reads_code;
};

/* The formats of print/, each defined by its file. */
extern const struct cga_format cga_format_text;	/* text.c */
extern const struct cga_format cga_format_tsv;	/* tsv.c */
extern const struct cga_format cga_format_json;	/* json.c */
extern const struct cga_format cga_format_dot;	/* dot.c */
extern const struct cga_format cga_format_callgrind;	/* callgrind.c */
extern const struct cga_format cga_format_folded;	/* folded.c */
extern const struct cga_format cga_format_speedscope;	/* folded.c */
extern const struct cga_format cga_format_markdown;	/* markdown.c */
extern const struct cga_format cga_format_parts;	/* text.c: --list-parts */

#endif
