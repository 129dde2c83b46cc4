/*
 * run.h: which profile files to read (run.c): with none named, the
 * newest run's in the current directory; empty files, and files named
 * twice, left out.  Used by main.c.
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
/*
 * --diff's older profiles, their own array and strings: a name of no
 * file that is the stem of a run's files (NAME.N, NAME-NN: a run of
 * --separate-threads=yes or of several dumps) stands for them, said on
 * standard error; a file named twice is read once, empty ones left out
 * unless all are.  0, or -1 after an error (every file empty).
 */
int	  cga_run_old_side(char ***paths, size_t *n);

#endif
