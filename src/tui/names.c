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

/*
 * Marks, by position, the names from position from up to to whose text
 * in blob holds the n bytes of s: one search over the names as they lie.
 */
static void
mark_holding(const struct tui_list *l, const char *blob, const char *s,
    size_t from, size_t to, unsigned char *mark)
{
	const char	*hit, *end = blob + l->at[to];
	size_t		 n = strlen(s), off, pos = from;

	for (hit = blob + l->at[from]; n > 0 && hit < end && (hit = n == 1 ?
	    memchr(hit, s[0], (size_t)(end - hit)) :
	    memmem(hit, (size_t)(end - hit), s, n)) != NULL;) {
		/* The name it is in: hits come in order, and so do names. */
		off = (size_t)(hit - blob);
		while (l->at[pos + 1] <= off)
			pos++;
		mark[pos] = 1;
		/* On to the next name: one hit is enough. */
		hit = blob + l->at[pos + 1];
	}
}

const unsigned char *
tui_names_match(struct tui *t, const char *s)
{
	struct tui_list	*l = &t->list;

	if (l->matched != NULL && strcmp(l->matched, s) == 0)
		return l->match;	/* n and N: the same text again */
	if (l->match == NULL)
		l->match = xmalloc(l->nfns + 1);
	memset(l->match, 0, l->nfns + 1);
	mark_holding(l, has_capital(s) ? l->names : l->lower, s, 0, l->nfns,
	    l->match);
	free(l->matched);
	l->matched = xstrdup(s);
	return l->match;
}

void
tui_names_mark(struct tui *t, const char *s, size_t from, size_t to,
    unsigned char *mark)
{
	mark_holding(&t->list, t->list.names, s, from, to, mark);
}

/* An ERE's special characters: what a backslash before one makes plain. */
static int
ere_special(int c)
{
	return c != '\0' && strchr(".[]()*+?{}|^$\\", c) != NULL;
}

/*
 * The end of the bracket expression that starts at s ("[...]"), past its
 * "]", or NULL when it does not end.
 */
static const char *
bracket_end(const char *s)
{
	const char	*e;

	s++;
	if (*s == '^')
		s++;
	if (*s == ']')
		s++;		/* a "]" first is one of the set */
	for (; *s != '\0' && *s != ']'; s++) {
		if (s[0] == '[' && (s[1] == ':' || s[1] == '.' || s[1] == '=')) {
			/* [:class:], [.symbol.], [=equivalence=] */
			for (e = s + 2; *e != '\0' && !(e[0] == s[1] &&
			    e[1] == ']'); e++)
				continue;
			if (*e == '\0')
				return NULL;
			s = e + 1;
		}
	}
	return *s == ']' ? s + 1 : NULL;
}

/*
 * An interval "{m}", "{m,}" or "{m,n}" at s: past it, with its least
 * count in *min (capped), or NULL when it is none of those.
 */
static const char *
interval_end(const char *s, unsigned *min)
{
	unsigned	 m = 0;
	int		 digits = 0;

	for (s++; isdigit((unsigned char)*s); s++, digits++)
		if (m < 1000)
			m = m * 10 + (unsigned)(*s - '0');
	if (!digits)
		return NULL;
	if (*s == ',')
		for (s++; isdigit((unsigned char)*s); s++)
			continue;
	if (*s != '}')
		return NULL;
	*min = m;
	return s + 1;
}

/*
 * The run of n bytes at run, when longer than the best so far: the best.
 */
static void
keep_run(const char *run, size_t n, const char **best, size_t *nbest)
{
	if (n > *nbest) {
		*best = run;
		*nbest = n;
	}
}

char *
tui_filter_literal(const char *re, int *whole)
{
	char		*buf, *run, *lit;
	const char	*s = re, *q, *best = "";
	size_t		 n = 0, nbest = 0;
	unsigned	 min;
	int		 c, atom;	/* the last atom: 0 none, 1 plain, 2 */
					/* other, 3 an anchor */
	int		 plain = 1;	/* only plain characters so far */

	*whole = 0;
	/* Each run is copied after the one before: room for all. */
	buf = run = xmalloc(2 * strlen(re) + 1);
	for (atom = 0; *s != '\0';) {
		c = (unsigned char)*s;
		if (c == '*' || c == '+' || c == '?' || c == '{') {
			/* A repeat of the last atom. */
			min = c == '+' ? 1 : 0;
			q = c == '{' ? interval_end(s, &min) : s + 1;
			if (atom == 0 || atom == 3 || q == NULL || *q == '*' ||
			    *q == '+' || *q == '?' || *q == '{')
				goto none;	/* nothing to repeat, or twice */
			/* A wide character repeated: its bytes, not its last. */
			if (atom == 1 && (unsigned char)run[n - 1] >= 0x80)
				goto none;
			plain = 0;
			if (atom == 1) {
				/* It ends the run, in it if it must be. */
				keep_run(run, min > 0 ? n : n - 1, &best,
				    &nbest);
				/* Once at least: it begins the next run too. */
				run[n] = run[n - 1];
				run += n;
				n = min > 0;
			}
			atom = 0;
			s = q;
			continue;
		}
		if (c == '(' || c == ')' || c == '|' || c == '}' || c == ']')
			goto none;	/* what a group holds may be absent */
		if (c == '\\') {
			if (!ere_special((unsigned char)s[1]))
				goto none;	/* \w, \b, \1: not plain */
			c = (unsigned char)s[1];
			s += 2;
		} else if (c == '[' || c == '.' || c == '^' || c == '$') {
			keep_run(run, n, &best, &nbest);
			run += n;
			n = 0;
			plain = 0;
			if (c == '[' && (s = bracket_end(s)) == NULL)
				goto none;
			if (c != '[')
				s++;
			/* An anchor is no atom to repeat. */
			atom = c == '^' || c == '$' ? 3 : 2;
			continue;
		} else
			s++;
		if (c >= 0x80)
			plain = 0;	/* it may be part of a wide character */
		run[n++] = (char)c;
		atom = 1;
	}
	keep_run(run, n, &best, &nbest);
	lit = xmemdup0(best, nbest);
	free(buf);
	*whole = plain && nbest > 0;
	return lit;
none:
	free(buf);
	return xstrdup("");
}
