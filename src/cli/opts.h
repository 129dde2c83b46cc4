/* opts.h: the command line, parsed by opts.c; used by main.c and cli/. */
#ifndef CGA_OPTS_H
#define CGA_OPTS_H

#include <stddef.h>
#include <regex.h>
#include <stdint.h>

#include "load/rewrite.h"

struct cga_format;
struct cga_gate_limit;

#define CGA_TREE_CALLER		1
#define CGA_TREE_CALLING	2

/* What --by lists. */
enum { CGA_BY_FUNCTION, CGA_BY_FILE, CGA_BY_OBJECT };

struct cga_opts {
	char		**show;		/* --show events; none: all recorded */
	size_t		  nshow;
	char		**sort;		/* --sort events; none: all recorded */
	char		**sort_th;	/* their thresholds as given, or NULL */
	double		 *sort_th_val;	/* and their values */
	size_t		  nsort;
	int		  sort_has_th;	/* some --sort event has a threshold */
	char		 *threshold;	/* --threshold as given, without '%' */
	double		  threshold_val;
	int		  threshold_set;	/* given: --threshold, --sort A:N */
	int		  show_percs;
	int		  color;	/* escape sequences in the text report */
	int		  auto_annotate;
	int		  asm_code;	/* --asm */
	int		  asm_syntax;	/* --asm-syntax: 0 att, 1 intel */
	unsigned long	  context;
	int		  inclusive;
	int		  tree;		/* CGA_TREE_* bits */
	struct cga_rewrite *mod_filename;	/* --mod-filename, in order */
	size_t		  nmod_filename;
	struct cga_rewrite *mod_funcname;
	size_t		  nmod_funcname;
	uint64_t	 *parts;	/* --part numbers */
	size_t		  nparts;
	int		  list_parts;
	int		  check;	/* --check: the lint of writers */
	const char	 *diff;		/* --diff: the older profile, the */
	char		**diffs;	/* first of them all, summed */
	size_t		  ndiffs;
	struct cga_gate_limit *fail_above;	/* --fail-above and */
	size_t		  nfail_above;	/* --fail-above-function, in order */
	const struct cga_format *format;	/* --format, or --list-parts */
	int		  calls;	/* --calls: tsv rows of call edges */
	int		  lines;	/* --lines: tsv rows of line costs */
	double		  node_threshold;	/* --format=dot, percent */
	double		  edge_threshold;
	char		**include;	/* -I directories, each ending in '/' */
	size_t		  ninclude;
	const char	 *profile;	/* the first profile */
	int		  profile_guessed;	/* found in the current directory */
	char		**profiles;	/* every profile, the first first */
	size_t		  nprofiles;
	char		**sources;	/* source files named after the profile */
	size_t		  nsources;
	int		  by;		/* --by: CGA_BY_* */
	int		  group_inlined;	/* 1, 0, -1: the format's default */
	int		  inlined_frames;	/* a flame graph's function one */
					/* frame: --group-inlined not no */
	uint64_t	  top;		/* --top=N, 0: none */
	int		  jobs;		/* -j N, 0: as many as help */
	unsigned	  max_depth;	/* --max-depth: flame graph frames */
	regex_t		 *focus;	/* --focus, --hide: compiled */
	char		**focus_text;	/* as given */
	size_t		  nfocus;
	regex_t		 *hide;
	char		**hide_text;
	size_t		  nhide;
};

/*
 * The defaults, before any option: those of the command line, but colour
 * off (cga_opts_parse resolves --color=auto) and no profile.
 */
void	cga_opts_init(struct cga_opts *);
/*
 * Parses the options, then classifies the arguments after them with
 * cga_opts_classify; warns of options the chosen format ignores.  Returns
 * 0 to go on, 1 when --help or --version was printed on standard output
 * (exit status 0), -1 when a usage error was printed (exit status 2).
 */
int	cga_opts_parse(struct cga_opts *, int argc, char **argv);
/*
 * Sorts the n arguments after the options: the first is the profile; each
 * other is a profile if it is "-" or a file whose first lines hold an
 * events: line, and a source file to annotate otherwise.  0, or -1 after
 * a usage error was printed.
 */
int	cga_opts_classify(struct cga_opts *, int n, char **args);
void	cga_opts_free(struct cga_opts *);

#endif
