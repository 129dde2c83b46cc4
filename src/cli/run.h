/*
 * run.h: which profile files to read: with none named, the newest run's
 * in the current directory; empty files among them left out; loading
 * and finishing them.  Used by main.c and the fuzz_many target.
 */
#ifndef CGA_RUN_H
#define CGA_RUN_H

#include <stddef.h>

/*
 * The files of the newest run here: the newest callgrind.out* (or, failing
 * any, cachegrind.out*) and every file of the same run with it (NAME.PID,
 * its dumps NAME.PID.N and threads NAME.PID-NN), in name order; *n of
 * them (free them and the array).  NULL when there is none.
 */
char	**cga_run_guess(size_t *n);
/*
 * Leaves out the empty regular files of paths, each with a warning, when
 * others remain: 0, or -1 after an error when every file is empty.
 */
int	  cga_run_skip_empty(char **paths, size_t *n);
/*
 * Leaves out each of paths that names a file named before, by the same
 * path or another (a link, "-" and /dev/stdin: the same device and
 * inode), with a warning: a profile summed with itself would double
 * every figure.
 */
void	  cga_run_skip_twice(char **paths, size_t *n);

struct cga_profile;
struct cga_opts;
struct cga_load_opts;

/*
 * Loads the named profiles into p, and --diff's into old: the events of
 * all of them, read from their headers first (a pipe's read again), make
 * the models'.  0, or -1 after an error was printed.
 */
int	  cga_run_load(struct cga_profile *p, struct cga_profile *old,
	    const struct cga_opts *, struct cga_load_opts *);
/*
 * Finishes a loaded model: derived events, inclusive costs if needs (the
 * CGA_NEED_* bits of the formats that print it) asks, display names
 * unless no_display (what the one format that prints it chose, its
 * no_display; 0 for a model that several print); 0, or -1 after an
 * error was printed.
 */
int	  cga_run_finish(struct cga_profile *, unsigned needs,
	    int no_display);
/*
 * --check: each profile read on its own to its end, its problems on
 * standard error in line order, "PATH: ok" or "PATH: N errors, M
 * warnings" on standard output.  0 when no profile has an error, else 1.
 */
int	  cga_run_check(const struct cga_opts *);

#endif
