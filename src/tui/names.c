/*
 * names.c: the function list's names laid end to end, as typed and in
 * lower case, so that a search reads memory in order (one memmem over
 * every name) rather than one function's record at a time, and a filter
 * finds its names without a cache miss each.
 */
#define _GNU_SOURCE		/* memmem */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "tui/pane.h"

void
tui_names_make(struct tui *t)
{
	struct tui_list	*l = &t->list;
	const char	*s;
	size_t		 i, n = 0, len;

	l->at = xcalloc(l->nfns + 1, sizeof(*l->at));
	for (i = 0; i < l->nfns; i++) {
		l->at[i] = n;
		n += strlen(cga_view_label(&t->v, l->fns0[i])) + 1;
	}
	l->at[l->nfns] = n;
	l->names = xmalloc(n + 1);
	l->lower = xmalloc(n + 1);
	for (i = 0; i < l->nfns; i++) {
		s = cga_view_label(&t->v, l->fns0[i]);
		len = l->at[i + 1] - l->at[i];
		memcpy(l->names + l->at[i], s, len);
	}
	/* NULs between the names: no text a search types spans two. */
	for (i = 0; i < n; i++)
		l->lower[i] = (char)tolower((unsigned char)l->names[i]);
	l->names[n] = l->lower[n] = '\0';
}

void
tui_names_free(struct tui *t)
{
	free(t->list.at);
	free(t->list.names);
	free(t->list.lower);
	free(t->list.match);
	free(t->list.matched);
}

const char *
tui_names_of(const struct tui *t, uint32_t pos)
{
	return t->list.names + t->list.at[pos];
}

/* Whether s has a capital: then a search minds case. */
static int
has_capital(const char *s)
{
	for (; *s != '\0'; s++)
		if (isupper((unsigned char)*s))
			return 1;
	return 0;
}

int
tui_names_holds(const char *name, const char *s)
{
	const char	*p;
	size_t		 n = strlen(s), i;

	if (has_capital(s))
		return strstr(name, s) != NULL;
	for (p = name; *p != '\0'; p++) {
		for (i = 0; i < n && p[i] != '\0' &&
		    tolower((unsigned char)p[i]) == s[i]; i++)
			continue;
		if (i == n)
			return 1;
	}
	return n == 0;
}

const unsigned char *
tui_names_match(struct tui *t, const char *s)
{
	struct tui_list	*l = &t->list;
	const char	*blob = has_capital(s) ? l->names : l->lower;
	const char	*hit, *end = blob + l->at[l->nfns];
	size_t		 n = strlen(s), off;
	uint32_t	 pos = 0;

	if (l->matched != NULL && strcmp(l->matched, s) == 0)
		return l->match;	/* n and N: the same text again */
	if (l->match == NULL)
		l->match = xmalloc(l->nfns + 1);
	memset(l->match, 0, l->nfns + 1);
	for (hit = blob; n > 0 && hit < end && (hit = n == 1 ?
	    memchr(hit, s[0], (size_t)(end - hit)) :
	    memmem(hit, (size_t)(end - hit), s, n)) != NULL;) {
		/* The name it is in: hits come in order, and so do names. */
		off = (size_t)(hit - blob);
		while (l->at[pos + 1] <= off)
			pos++;
		l->match[pos] = 1;
		/* On to the next name: one hit is enough. */
		hit = blob + l->at[pos + 1];
	}
	free(l->matched);
	l->matched = xstrdup(s);
	return l->match;
}
