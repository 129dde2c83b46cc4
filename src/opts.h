/* opts.h: the command line, parsed by opts.c; used by main.c and view.c. */
#ifndef CGA_OPTS_H
#define CGA_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include "rewrite.h"

struct cga_format;

#define CGA_TREE_CALLER		1
#define CGA_TREE_CALLING	2

struct cga_opts {
	char		**show;		/* --show events; none: all recorded */
	size_t		  nshow;
	char		**sort;		/* --sort events; none: all recorded */
	char		**sort_th;	/* their thresholds as given, or NULL */
	size_t		  nsort;
	int		  sort_has_th;	/* some --sort event has a threshold */
	char		 *threshold;	/* --threshold as given, without '%' */
	double		  threshold_val;
	int		  show_percs;
	int		  color;	/* escape sequences in the text report */
	int		  auto_annotate;
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
	const char	 *diff;		/* --diff: the older profile */
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
};

/* The defaults, before any option. */
void	cga_opts_init(struct cga_opts *);
/*
 * Parses the options and sorts the arguments after them into profiles and
 * source files.  A usage error is printed and exits with status 2; --help
 * and --version print and exit 0.
 */
void	cga_opts_parse(struct cga_opts *, int argc, char **argv);
void	cga_opts_free(struct cga_opts *);
/* Prints "cgannotate: " fmt with arg, the usage line, and exits with 2. */
void	cga_usage_error(const char *fmt, const char *arg)
	    __attribute__((noreturn));

#endif
