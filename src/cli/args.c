/*
 * args.c: the arguments after the options, sorted into profiles and
 * source files to annotate; used by opts.c.
 */
#include <sys/stat.h>

#include <stdlib.h>
#include <unistd.h>

#include "base/xalloc.h"
#include "cli/opts.h"
#include "cli/usage.h"
#include "load/input.h"
#include "load/load.h"

/*
 * Whether an argument after the first is a profile: "-", or a readable
 * file with an events: line among its first thousand lines.
 */
static int
is_profile(const char *path)
{
	struct stat	 st;
	char		**names = NULL;
	size_t		 n = 0;
	int		 r;

	/*
	 * Standard input, a pipe (/dev/stdin, <(...), a FIFO) is no source
	 * file, and can be read only once: a profile, not looked into.
	 */
	if (cga_input_once(path))
		return 1;
	if (stat(path, &st) == -1 || !S_ISREG(st.st_mode) ||
	    access(path, R_OK) == -1)
		return 0;
	/* An empty file is no source to annotate: an empty profile. */
	if (st.st_size == 0)
		return 1;
	r = cga_profile_sniff(path, &names, &n);
	while (n > 0)
		free(names[--n]);
	free(names);
	return r == 1;
}

int
cga_opts_classify(struct cga_opts *o, int n, char **args)
{
	int	 i = 0;

	free(o->sources);
	free(o->profiles);
	o->nsources = o->nprofiles = 0;
	if (n > 0)
		o->profile = args[i++];
	o->sources = xcalloc((size_t)(n - i) + 1, sizeof(*o->sources));
	o->profiles = xcalloc((size_t)(n - i) + 2, sizeof(*o->profiles));
	for (; i < n; i++) {
		if (*args[i] == '\0') {
			cga_usage_error("empty file name");
			return -1;
		}
		/* --check: every file named is a profile to check. */
		if (o->check || is_profile(args[i]))
			o->profiles[o->nprofiles++] = args[i];
		else
			o->sources[o->nsources++] = args[i];
	}
	return 0;
}
