/*
 * optable.h: the table of options (optable.c), where each option is
 * named once, with its letter, its argument, its help and the formats
 * that read it; getopt_long's array, --help (usage.c), the suggestions
 * after a typo and the warnings of an option the format ignores
 * (opts.c) all come from it.  Used by opts.c, usage.c and the tests.
 */
#ifndef CGA_OPTABLE_H
#define CGA_OPTABLE_H

#include <getopt.h>
#include <stddef.h>

#include "cli/formats.h"

/* The options, in the order --help lists them: their places in the table. */
enum cga_opt_id {
	CGA_OPT_HELP, CGA_OPT_VERSION, CGA_OPT_SHOW, CGA_OPT_SORT,
	CGA_OPT_THRESHOLD, CGA_OPT_SHOW_PERCS, CGA_OPT_AUTO, CGA_OPT_CONTEXT,
	CGA_OPT_ASM, CGA_OPT_ASM_SYNTAX, CGA_OPT_INCLUSIVE, CGA_OPT_BY,
	CGA_OPT_GROUP_INLINED, CGA_OPT_TOP, CGA_OPT_FOCUS, CGA_OPT_HIDE,
	CGA_OPT_TREE, CGA_OPT_PART, CGA_OPT_JOBS, CGA_OPT_LIST_PARTS,
	CGA_OPT_DIFF, CGA_OPT_CHECK, CGA_OPT_FAIL_ABOVE,
	CGA_OPT_FAIL_ABOVE_FUNCTION, CGA_OPT_FORMAT, CGA_OPT_MAX_DEPTH,
	CGA_OPT_NODE_THRESHOLD, CGA_OPT_EDGE_THRESHOLD, CGA_OPT_CALLS,
	CGA_OPT_LINES, CGA_OPT_COLOR, CGA_OPT_MOD_FILENAME,
	CGA_OPT_MOD_FUNCNAME, CGA_OPT_INCLUDE, CGA_OPT_TUI,
	CGA_NOPTS
};

/*
 * getopt_long returns CGA_OPT_VAL + the id of a long option, above every
 * letter, so that a long option given a value it takes none of (optopt)
 * is told from a short one.
 */
#define CGA_OPT_VAL	256

/* Formats as bits of an option's mask: CGA_FMT(TSV). */
#define CGA_FMT(name)	(1u << CGA_FORMAT_ ## name)
#define CGA_FMT_ANY	(~0u)

struct cga_option {
	const char	*name;		/* the long name, without "--" */
	int		 letter;	/* its short option, or 0 */
	int		 has_arg;	/* no_argument, required_argument, */
					/* optional_argument */
	const char	*arg;		/* as --help shows it after the name: */
					/* "=N", " OLD"; NULL: none */
	/*
	 * Its lines in --help, '\n' between them; NULL: those of the next
	 * option, which --help names on the same line ("--calls, --lines")
	 * when that fits, else on the line after.
	 */
	const char	*help;
	/*
	 * The formats that read it (CGA_FMT bits): given with another, it
	 * is ignored, with a warning.  CGA_FMT_ANY: every format.
	 */
	unsigned	 formats;
};

/* Every option, at the place its id says. */
extern const struct cga_option cga_options[CGA_NOPTS];

/* The size of the short options' string of getopt_long. */
#define CGA_SHORTOPTS_SIZE	(3 * CGA_NOPTS + 2)

/*
 * getopt_long's array of the table, sorted by name, the order in which
 * the suggestions and the warnings name options, and ended by a zero
 * entry; and its string of short options, which begins with ':' (a
 * missing value is told from an unknown option).
 */
void	cga_options_getopt(struct option longopts[CGA_NOPTS + 1],
	    char shortopts[CGA_SHORTOPTS_SIZE]);
/* The id of the option of a letter, or -1. */
int	cga_option_of_letter(int letter);

#endif
