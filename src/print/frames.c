/*
 * frames.c: what the frames of a view's flame graphs are, for every
 * format that draws one (folded.c, html.c): the graph whose stacks are
 * rebuilt, and each frame's name.
 */
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "model/walk.h"
#include "print/frames.h"

/* A function name's part before its first quote, as a set. */
struct base {
	const char	*name;		/* not NUL-terminated: len bytes */
	size_t		 len;
	UT_hash_handle	 hh;
};

static size_t
base_len(const char *s)
{
	const char	*q = strchr(s, '\'');

	return q != NULL ? (size_t)(q - s) : strlen(s);
}

/*
 * Whether s (len bytes, no quote in them) is a function's name before its
 * first quote: a whole name, found among g's names, or in the set of the
 * names that have a quote.
 */
static int
is_base(const struct cga_profile *g, struct base *set, const char *s,
    size_t len)
{
	const char	*name = cga_profile_lookup(g, s, len);
	struct base	*b;

	if (name != NULL && cga_str_of(name)->fns != NULL)
		return 1;
	HASH_FIND(hh, set, s, len, b);
	return b != NULL;
}

/*
 * Where the callers --separate-callers put in a name begin, "f'g'h" (f
 * called by g called by h, f'2 a recursion level): the quote after "f"
 * (or "f'2"), or NULL when the name has none.
 */
static const char *
callers_at(const char *name)
{
	const char	*at = name + base_len(name), *piece;
	size_t		 len;

	if (*at == '\0')
		return NULL;
	piece = at + 1;
	len = base_len(piece);
	if (len > 0 && strspn(piece, "0123456789") == len)
		at = piece + len;	/* a recursion level stays */
	return *at != '\0' ? at : NULL;
}

/*
 * A name with callers, "f'g'h": "f" (or "f'2"), when every caller named
 * is a function of the profile; NULL otherwise.
 */
static char *
without_callers(const struct cga_profile *g, struct base *set,
    const char *name, const char *at)
{
	const char	*piece;
	size_t		 len;

	for (piece = at + 1;; piece += len + 1) {
		len = base_len(piece);
		if (!is_base(g, set, piece, len))
			return NULL;
		if (piece[len] == '\0')
			break;
	}
	return xmemdup0(name, (size_t)(at - name));
}

/* Functions and their names asked for this far ahead of a walk. */
#define NAMES_AHEAD	16

/*
 * The names before their first quote of the functions whose names have
 * one, as a set (a set of every name took 0.4 s of the 512 MB profile's
 * page, whose one quote a copy is a recursion level).
 */
static struct base *
bases_make(const struct cga_profile *g)
{
	struct base		*set = NULL, *b;
	struct cga_fn		*fn = NULL;
	size_t			 i;

	for (i = 0; (fn = cga_fn_walk(g, fn, i)) != NULL; i++) {
		if (strchr(fn->key.name, '\'') == NULL)
			continue;
		HASH_FIND(hh, set, fn->key.name, base_len(fn->key.name), b);
		if (b != NULL)
			continue;
		b = xcalloc(1, sizeof(*b));
		b->name = fn->key.name;
		b->len = base_len(fn->key.name);
		HASH_ADD_KEYPTR(hh, set, b->name, b->len, b);
	}
	return set;
}

/*
 * The names made here: none for files or objects.  The functions are
 * walked by id where the model keeps them so (a group profile does), with
 * each function and its name asked for ahead: down the list, each step
 * waited for a cache miss (80 ms of the 512 MB profile's page).
 */
static void
names_make(struct cga_frames *fr)
{
	const struct cga_profile *g = fr->g;
	struct base		 *set = NULL, *b, *tmp;
	struct cga_fn		 *fn = NULL;
	const char		 *at;
	size_t			  i;

	fr->n = g->nfns;
	fr->own = xcalloc(g->nfns + 1, sizeof(*fr->own));
	if (fr->groups != NULL && fr->groups->by != CGA_GROUP_NAME)
		return;
	for (i = 0; (fn = cga_fn_walk(g, fn, i)) != NULL; i++) {
		if (g->fnv != NULL && i + NAMES_AHEAD < g->nfns) {
			__builtin_prefetch(g->fnv[i + NAMES_AHEAD]);
			__builtin_prefetch(g->fnv[i + NAMES_AHEAD / 2]->key.name);
		}
		if ((at = callers_at(fn->key.name)) == NULL)
			continue;
		if (set == NULL)
			set = bases_make(g);
		fr->own[fn->id] = without_callers(g, set, fn->key.name, at);
	}
	HASH_ITER(hh, set, b, tmp) {
		HASH_DEL(set, b);
		free(b);
	}
}

static int
frames_make(struct cga_frames *fr, const struct cga_view *v,
    const struct cga_profile *p, int quiet)
{
	int	 by_name;

	memset(fr, 0, sizeof(*fr));
	fr->g = p;
	by_name = v->groups != NULL ? v->groups->by == CGA_GROUP_NAME :
	    v->inlined_frames;
	/* Groups first: a thread's early frames come before v->lp is set. */
	if (v->groups != NULL && p == v->lp)
		fr->groups = v->groups;
	else if (by_name) {
		/*
		 * A difference's sides, or the page's: as the listing would.
		 * Stacks need no inclusive costs of the groups.
		 */
		fr->made = xcalloc(1, sizeof(*fr->made));
		if (cga_groups_make(fr->made, p, CGA_GROUP_NAME, 0,
		    quiet) == -1) {
			cga_frames_free(fr);
			return -1;
		}
		fr->g = fr->made->q;
		fr->groups = fr->made;
	}
	/* A function with its inlined pieces is named as the function. */
	fr->display = v->groups != NULL && v->groups->by != CGA_GROUP_NAME;
	names_make(fr);
	return 0;
}

int
cga_frames_make(struct cga_frames *fr, const struct cga_view *v,
    const struct cga_profile *p)
{
	return frames_make(fr, v, p, 0);
}

int
cga_frames_make_quiet(struct cga_frames *fr, const struct cga_view *v,
    const struct cga_profile *p)
{
	return frames_make(fr, v, p, 1);
}

/*
 * A frame's name: the group's, or the function's with its file where the
 * name is not enough, without the callers --separate-callers put in it.
 */
const char *
cga_frames_name(const struct cga_frames *fr, const struct cga_fn *fn)
{
	if (fr->own[fn->id] != NULL)
		return fr->own[fn->id];
	if (fr->display || cga_fn_namesakes(fn) > 1)
		return fn->display;
	return fn->key.name;
}

void
cga_frames_free(struct cga_frames *fr)
{
	size_t	 i;

	for (i = 0; i < fr->n; i++)
		free(fr->own[i]);
	free(fr->own);
	if (fr->made != NULL)
		cga_groups_free(fr->made);
	free(fr->made);
	memset(fr, 0, sizeof(*fr));
}
