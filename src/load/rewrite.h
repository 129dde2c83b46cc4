/* rewrite.h: name rewrites of --mod-filename, --mod-funcname; opts, ids.c. */
#ifndef CGA_REWRITE_H
#define CGA_REWRITE_H

#include <stddef.h>

#include <regex.h>

struct cga_rewrite {
	regex_t	 re;
	char	*replacement;	/* & the match, \1..\9 its groups */
	int	 global;	/* the g flag: every match */
};

/* 0, or -1 with why in err. */
int	 cga_rewrite_parse(struct cga_rewrite *, const char *spec, char *err,
	    size_t errlen);
void	 cga_rewrite_free(struct cga_rewrite *);
/* The name rewritten (free it), or NULL when the regex does not match. */
char	*cga_rewrite_apply(const struct cga_rewrite *, const char *name);

#endif
