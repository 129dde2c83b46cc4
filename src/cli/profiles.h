/*
 * profiles.h: the profiles named, loaded and finished, or checked
 * (profiles.c); used by main.c and the fuzz_many target.
 */
#ifndef CGA_PROFILES_H
#define CGA_PROFILES_H

struct cga_profile;
struct cga_opts;
struct cga_load_opts;

/*
 * Loads the named profiles into p, and --diff's into old: the events of
 * all of them, read from their headers first (a pipe's read again), make
 * the models'.  0, or -1 after an error was printed.
 */
int	  cga_profiles_load(struct cga_profile *p, struct cga_profile *old,
	    const struct cga_opts *, struct cga_load_opts *);
/*
 * Finishes a loaded model: derived events, inclusive costs if needs (the
 * CGA_NEED_* bits of the formats that print it) asks, display names
 * unless no_display (what the one format that prints it chose, its
 * no_display; 0 for a model that several print); early(ctx, p), if
 * not NULL, between finishing and inclusive costs, before the model's
 * instructions and jumps are finished, or after if early_reads_code; 0,
 * or -1 after an error was printed.  The instructions and jumps are
 * finished on a thread of their own beside the inclusive costs.
 */
int	  cga_profiles_finish(struct cga_profile *, unsigned needs,
	    int no_display, void (*early)(void *, const struct cga_profile *),
	    void *ctx, int early_reads_code);
/*
 * --check: each profile read on its own to its end, its problems on
 * standard error in line order, "PATH: ok" or "PATH: N errors, M
 * warnings" on standard output.  0 when no profile has an error, else 1.
 */
int	  cga_profiles_check(const struct cga_opts *);

#endif
