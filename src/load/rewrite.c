/*
 * rewrite.c: sed-like s/REGEX/REPLACEMENT/FLAGS rewrites of file and
 * function names (--mod-filename, --mod-funcname), POSIX extended regexes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "load/rewrite.h"

/* The text up to the next unescaped delimiter; NULL if there is none. */
static char *
field(const char **sp, char delim)
{
	const char	*s = *sp;
	char		*out = xmalloc(strlen(s) + 1), *o = out;

	for (; *s != '\0' && *s != delim; s++) {
		if (*s == '\\' && s[1] == delim)
			s++;
		else if (*s == '\\' && s[1] != '\0')
			*o++ = *s++;
		*o++ = *s;
	}
	if (*s != delim) {
		free(out);
		return NULL;
	}
	*o = '\0';
	*sp = s + 1;
	return out;
}

int
cga_rewrite_parse(struct cga_rewrite *rw, const char *spec, char *err,
    size_t errlen)
{
	const char	*s = spec;
	char		 delim, *re;
	int		 cflags = REG_EXTENDED, r;

	memset(rw, 0, sizeof(*rw));
	if (s[0] != 's' || s[1] == '\0' || s[1] == '\\') {
		snprintf(err, errlen, "expected s/REGEX/REPLACEMENT/FLAGS");
		return -1;
	}
	delim = s[1];
	s += 2;
	if ((re = field(&s, delim)) == NULL ||
	    (rw->replacement = field(&s, delim)) == NULL) {
		free(re);
		snprintf(err, errlen, "expected s/REGEX/REPLACEMENT/FLAGS");
		return -1;
	}
	for (; *s != '\0'; s++) {
		if (*s == 'g')
			rw->global = 1;
		else if (*s == 'i')
			cflags |= REG_ICASE;
		else {
			snprintf(err, errlen, "unknown flag '%c' (g and i are "
			    "known)", *s);
			free(re);
			free(rw->replacement);
			return -1;
		}
	}
	if ((r = regcomp(&rw->re, re, cflags)) != 0) {
		regerror(r, &rw->re, err, errlen);
		free(re);
		free(rw->replacement);
		return -1;
	}
	free(re);
	return 0;
}

void
cga_rewrite_free(struct cga_rewrite *rw)
{
	regfree(&rw->re);
	free(rw->replacement);
}

/* Appends n bytes to a growing string. */
static void
put(char **out, size_t *len, size_t *cap, const char *s, size_t n)
{
	if (*len + n + 1 > *cap) {
		*cap = (*len + n + 1) * 2;
		*out = xreallocarray(*out, *cap, 1);
	}
	memcpy(*out + *len, s, n);
	*len += n;
	(*out)[*len] = '\0';
}

char *
cga_rewrite_apply(const struct cga_rewrite *rw, const char *name)
{
	regmatch_t	 m[10];
	const char	*s = name, *r;
	char		*out = NULL;
	size_t		 len = 0, cap = 0;
	int		 flags = 0, k, after = 0;

	if (regexec(&rw->re, s, 10, m, 0) != 0)
		return NULL;
	put(&out, &len, &cap, "", 0);
	do {
		if (after && m[0].rm_so == 0 && m[0].rm_eo == 0) {
			/* No empty match right after a match, as in sed. */
			if (*s == '\0')
				break;
			put(&out, &len, &cap, s++, 1);
			after = 0;
			flags = REG_NOTBOL;
			continue;
		}
		put(&out, &len, &cap, s, (size_t)m[0].rm_so);
		for (r = rw->replacement; *r != '\0'; r++) {
			if (*r == '&')
				k = 0;
			else if (*r == '\\' && r[1] >= '0' && r[1] <= '9')
				k = *++r - '0';
			else {
				if (*r == '\\' && r[1] != '\0')
					r++;
				put(&out, &len, &cap, r, 1);
				continue;
			}
			if (m[k].rm_so != -1)
				put(&out, &len, &cap, s + m[k].rm_so,
				    (size_t)(m[k].rm_eo - m[k].rm_so));
		}
		after = m[0].rm_eo > m[0].rm_so;
		if (!after) {
			/* An empty match: step over one byte. */
			if (s[m[0].rm_eo] == '\0') {
				s += m[0].rm_eo;
				break;
			}
			put(&out, &len, &cap, s + m[0].rm_eo, 1);
			s += m[0].rm_eo + 1;
		} else
			s += m[0].rm_eo;
		flags = REG_NOTBOL;
	} while (rw->global && regexec(&rw->re, s, 10, m, flags) == 0);
	put(&out, &len, &cap, s, strlen(s));
	return out;
}
