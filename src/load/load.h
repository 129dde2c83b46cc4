/*
 * load.h: the Callgrind/Cachegrind format reader (read.c, and the files
 * loader.h names); used by main.c and cli/.
 */
#ifndef CGA_LOAD_H
#define CGA_LOAD_H

#include "load/rewrite.h"
#include "model/profile.h"

struct cga_load_opts {
	int		 lines;	/* keep per-line costs and call sites */
	int		 no_sites; /* but not the call sites (no annotation) */
	int		 no_owners; /* nor a line's owner (cga_line_owner) */
	const char	*cwd;	/* stripped from file names; ends in '/' */
	int		 no_calls; /* skip call edges (no --tree, --inclusive) */
	int		 instrs;	/* keep instructions' costs, and jumps */
	int		 jumps;	/* keep jumps from lines whose costs are kept */
	const uint64_t	*parts;	/* --part: the part numbers kept; */
	size_t		 nparts;	/* none: every part */
	char *const	*events; /* the recorded events, for several */
	size_t		 nevents; /* profiles; none: the first part's */
	const struct cga_rewrite *mod_filename;	/* applied in turn */
	size_t		 nmod_filename;
	const struct cga_rewrite *mod_funcname;
	size_t		 nmod_funcname;
	/*
	 * With lines: whether a file's line costs are wanted (its source can
	 * be found, so it may be annotated); NULL: every file's.
	 */
	int		(*want_lines)(void *, const char *file);
	void		*want_ctx;
	/*
	 * --check: every problem reported (held by diag.c, see
	 * cga_diag_hold), the load going on after an error where the lines
	 * after it can still be read, and a writer's checks added.
	 */
	int		 check;
	/*
	 * Threads that read a profile file: 2 or more reads its second half
	 * in a thread of its own (split.c); the model is the same.
	 */
	int		 jobs;
};

/*
 * Adds the profile at path to p.  0, or -1 after printing an error that
 * names the file and line; p may then hold part of the file.
 */
int	cga_profile_load(struct cga_profile *, const char *path,
	    const struct cga_load_opts *);
/*
 * Whether path holds a profile: 1 with the names of its first events: line
 * added to *names (each once, but names already there may come again),
 * 0 if not, -1 after an error.
 */
int	cga_profile_sniff(const char *path, char ***names, size_t *n);

#endif
