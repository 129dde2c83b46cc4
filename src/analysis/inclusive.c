/*
 * inclusive.c: inclusive costs within bounds that every true figure obeys.
 *
 * Callgrind records each function's own cost and each call edge's cost,
 * and under recursion an edge's cost counts the nested calls again.  For
 * a function f in a strongly connected component C of the call graph:
 *   L(f)  = f's exclusive cost + its calls to functions outside C: work
 *           that surely ran under f, never counted twice;
 *   U1(f) = f's exclusive cost + all its calls (summed over the entries
 *           of f's name, which inlined code, fi= and fe=, splits by file);
 *   U2(C) = the calls entering C from outside (for a component no one
 *           outside calls, its exclusive costs plus its calls out);
 * and inclusive(f) = max(L(f), min(U1(f), U2(C))), or L(f) for an event
 * U2(C) leaves out (see combine()).  Without recursion, and where calls
 * record no more than their callee's lines and calls hold, this is
 * callgrind_annotate's figure; under real recursion it is at most the
 * component's; an interpreter's helper caught in its loop's component
 * gets its own work, and a thread's root its thread's; nothing falls below
 * its exclusive cost.  A call edge is bounded by its callee's figure.
 * In a profile with negative counts (a difference) no bound holds: there
 * inclusive(f) = L(f), which is linear (the difference of two profiles'
 * L) and exact without recursion, and call edges keep their recorded cost.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/inclusive.h"
#include "base/diag.h"
#include "base/job.h"
#include "base/sort.h"
#include "model/walk.h"

#define UNVISITED	((size_t)-1)

struct frame {
	struct cga_fn	*fn;
	struct cga_call	*next;		/* next call out to look at */
};

struct tarjan {
	size_t		*index;		/* per function, by position */
	size_t		*low;
	char		*onstack;
	struct cga_fn	**stack;
	size_t		 nstack;
	struct frame	*frames;
	size_t		 counter;
	size_t		 nscc;
};

/* Functions are numbered by their place in the list, their id. */
static size_t
pos(const struct cga_fn *fn)
{
	return fn->id;
}

static void
visit(struct tarjan *t, struct cga_fn *root)
{
	struct frame	*f;
	struct cga_fn	*fn, *w;
	size_t		 nframes = 0, v, i;

	t->frames[nframes].fn = root;
	t->frames[nframes++].next = root->out;
	v = pos(root);
	t->index[v] = t->low[v] = t->counter++;
	t->stack[t->nstack++] = root;
	t->onstack[v] = 1;
	while (nframes > 0) {
		f = &t->frames[nframes - 1];
		fn = f->fn;
		v = pos(fn);
		if (f->next != NULL) {
			w = f->next->key.callee;
			f->next = f->next->next_out;
			i = pos(w);
			if (t->index[i] == UNVISITED) {
				t->index[i] = t->low[i] = t->counter++;
				t->stack[t->nstack++] = w;
				t->onstack[i] = 1;
				t->frames[nframes].fn = w;
				t->frames[nframes++].next = w->out;
			} else if (t->onstack[i] && t->index[i] < t->low[v])
				t->low[v] = t->index[i];
			continue;
		}
		if (t->low[v] == t->index[v]) {
			do {
				w = t->stack[--t->nstack];
				t->onstack[pos(w)] = 0;
				/* low now holds the component number */
				t->low[pos(w)] = t->nscc;
				t->index[pos(w)] = (size_t)-2;
			} while (w != fn);
			t->nscc++;
		}
		nframes--;
		if (nframes > 0) {
			i = pos(t->frames[nframes - 1].fn);
			if (t->index[v] != (size_t)-2 && t->low[v] < t->low[i])
				t->low[i] = t->low[v];
		}
	}
}

size_t *
cga_components(struct cga_fn **fns, size_t n, size_t *ncomp)
{
	struct tarjan	 t;
	size_t		 i;

	memset(&t, 0, sizeof(t));
	t.index = xcalloc(n + 1, sizeof(*t.index));
	t.low = xcalloc(n + 1, sizeof(*t.low));
	t.onstack = xcalloc(n + 1, 1);
	t.stack = xcalloc(n + 1, sizeof(*t.stack));
	t.frames = xcalloc(n + 1, sizeof(*t.frames));
	for (i = 0; i < n; i++)
		t.index[i] = UNVISITED;
	for (i = 0; i < n; i++)
		if (t.index[i] == UNVISITED)
			visit(&t, fns[i]);
	free(t.index);
	free(t.onstack);
	free(t.stack);
	free(t.frames);
	*ncomp = t.nscc;
	return t.low;	/* low now holds each function's component */
}

/* A function of a recursion level (f'2): the level, the name without it. */
struct leveled {
	struct cga_fn	*fn;
	unsigned long	 n;
	size_t		 baselen;
};

/*
 * The recursion level a function's name gives (callgrind's
 * --separate-recs: "f'2" is f called while f runs, "f'3" while f'2
 * runs), with the length of the name without it; 0 for none.
 */
static unsigned long
level(const char *name, size_t *baselen)
{
	size_t		 len = strlen(name), i = len;
	unsigned long	 n = 0, d = 1;

	while (i > 0 && name[i - 1] >= '0' && name[i - 1] <= '9' &&
	    len - i < 9) {
		n += (unsigned long)(name[i - 1] - '0') * d;
		d *= 10;
		i--;
	}
	if (i == len || i < 2 || name[i - 1] != '\'' || name[i] == '0' ||
	    n < 2)
		return 0;
	*baselen = i - 1;
	return n;
}

/* Scratch of the computation, freed at its end. */
struct bounds {
	struct cga_profile *p;
	struct cga_fn	**fns;		/* by id */
	size_t		  n;
	size_t		 *comp;		/* component, by id */
	size_t		  ncomp;
	/*
	 * The components of each edge's caller and callee, by its place in
	 * p->callv (cga_call's no), read in one walk over the edges that
	 * asks for functions ahead: later walks read them here, not in
	 * the functions, a cache miss each.
	 */
	uint32_t	 *from, *to;
	uint64_t	**entry;	/* U2, by component */
	uint64_t	**upper;	/* U1, by id (shared within a name) */
	struct leveled	 *lv;		/* the functions of a recursion level */
	size_t		  nlv;
	int		  err;
};

/* Functions fetched this far ahead of a walk over them by id. */
#define AHEAD	16

/*
 * Asks for what a walk over the functions fns (n of them, by id) reads
 * AHEAD of the i-th: the function, and half as far ahead its first call
 * out (what 1), its first call in (2), its name (4), or several.
 */
static inline void
fetch_ahead(struct cga_fn *const *fns, size_t i, size_t n, int what)
{
	const struct cga_fn	*fn;

	if (i + AHEAD < n) {
		__builtin_prefetch(fns[i + AHEAD]);
		__builtin_prefetch(fns[i + AHEAD]->cost);
	}
	if (what == 0 || i + AHEAD / 2 >= n)
		return;
	fn = fns[i + AHEAD / 2];
	if ((what & 1) && fn->out != NULL)
		__builtin_prefetch(fn->out);
	if ((what & 2) && fn->in != NULL)
		__builtin_prefetch(fn->in);
	if (what & 4)
		__builtin_prefetch(cga_str_of(fn->key.name));
}

/*
 * dst += src over src's counters; a sum past 64 bits saturates.  Every
 * figure made of such a sum (a call said to cost more than 2^64 - 1 with
 * its caller) is capped at the ceiling, which is below it: the same
 * figure as exact sums give, and the same warning as a call of a little
 * less.  An event no ceiling has (given by call costs alone), the
 * ceiling's own sum of exclusive costs, and a difference's signed sums
 * may not pass 64 bits: -1 there.
 */
static int
sat_add(const struct cga_profile *p, uint64_t *dst, const uint64_t *src)
{
	size_t	 e;

	if (p->diff)
		return cga_cost_add(p, dst, src);
	for (e = 0; e < p->nev; e++) {
		if (!cga_cost_defined(p, src, e))
			continue;
		if (__builtin_add_overflow(dst[e], src[e], &dst[e])) {
			if (!cga_cost_defined(p, p->ceiling, e))
				return -1;	/* no ceiling caps it */
			dst[e] = UINT64_MAX;
		}
		cga_cost_define(p, dst, e);
	}
	return 0;
}

static void
add(struct bounds *b, uint64_t *dst, const uint64_t *src)
{
	if (sat_add(b->p, dst, src) == -1)
		b->err = 1;
}

/* Edges fetched this far ahead of a walk over p->callv. */
#define EDGES_AHEAD	16

/*
 * b->from and b->to.  A component number fits in 32 bits: there is not
 * the memory for 2^32 functions.
 */
static void
edge_components(struct bounds *b)
{
	const struct cga_profile *p = b->p;
	const struct cga_call	*c;
	size_t			 k;

	b->from = xcalloc(p->ncallv + 1, sizeof(*b->from));
	b->to = xcalloc(p->ncallv + 1, sizeof(*b->to));
	for (k = 0; k < p->ncallv; k++) {
		cga_call_fetch_ahead(p, k, EDGES_AHEAD);
		if ((c = p->callv[k]) == NULL)
			continue;
		b->from[k] = (uint32_t)b->comp[c->key.caller->id];
		b->to[k] = (uint32_t)b->comp[c->key.callee->id];
	}
}

/* U2: what enters each component from outside, or what it does alone. */
static void
entry_bounds(struct bounds *b)
{
	const struct cga_profile *p = b->p;
	struct cga_call		*c;
	char			*entered;
	size_t			 i, s;

	b->entry = xcalloc(b->ncomp + 1, sizeof(*b->entry));
	entered = xcalloc(b->ncomp + 1, 1);
	for (s = 0; s < b->ncomp; s++)
		b->entry[s] = cga_cost_new(b->p);
	/* The edges in the order made: each one's cost asked for ahead. */
	for (i = 0; i < p->ncallv; i++) {
		if (i + EDGES_AHEAD < p->ncallv &&
		    (c = p->callv[i + EDGES_AHEAD]) != NULL)
			__builtin_prefetch(c->cost);
		if ((c = p->callv[i]) != NULL && b->from[i] != b->to[i]) {
			entered[b->to[i]] = 1;
			add(b, b->entry[b->to[i]], c->cost);
		}
	}
	for (i = 0; i < b->n; i++) {
		s = b->comp[i];
		if (entered[s])
			continue;
		add(b, b->entry[s], b->fns[i]->self);
		for (c = b->fns[i]->out; c != NULL; c = c->next_out)
			if (b->to[c->no - 1] != s)
				add(b, b->entry[s], c->cost);
	}
	free(entered);
}

/*
 * read_names, on a thread of its own beside the components and U2, which
 * it neither reads nor writes: its sums are its own memory, not the
 * model's arena, and an overflow is its own err.
 */
struct names_job {
	struct bounds	 *b;
	uint64_t	**owned;	/* the sums it made, to free */
	size_t		  nowned;
	int		  err;
	struct cga_job	  job;
};

/*
 * What the functions' names say, each name read once.  U1: the exclusive
 * cost and every call, summed over all entries of a name, through the
 * name's list of its functions.  Code inlined from other files (fi=,
 * fe=) names no object, so the entries of one function are known by name
 * alone; two unrelated functions of one name only loosen the bound.  And
 * the functions of a recursion level, for level_costs.
 */
static void
read_names(struct names_job *j)
{
	struct bounds	*b = j->b;
	struct cga_fn	*fn, *g;
	struct cga_call	*c;
	uint64_t	*u;
	size_t		 i, baselen, cap = 0;
	unsigned long	 k;

	b->upper = xcalloc(b->n + 1, sizeof(*b->upper));
	b->lv = xcalloc(b->n + 1, sizeof(*b->lv));
	for (i = 0; i < b->n; i++) {
		fetch_ahead(b->fns, i, b->n, 4);
		fn = b->fns[i];
		if ((k = level(fn->key.name, &baselen)) != 0) {
			b->lv[b->nlv].fn = fn;
			b->lv[b->nlv].n = k;
			b->lv[b->nlv++].baselen = baselen;
		}
		/* A name of one function: its own cost and calls, left NULL. */
		if (b->upper[i] != NULL || cga_fn_namesakes(fn) <= 1)
			continue;
		u = xcalloc(b->p->cw, sizeof(*u));
		if (j->nowned == cap) {
			cap = cap ? 2 * cap : 64;
			j->owned = xreallocarray(j->owned, cap,
			    sizeof(*j->owned));
		}
		j->owned[j->nowned++] = u;
		for (g = cga_str_of(fn->key.name)->fns; g != NULL;
		    g = g->same_name) {
			j->err |= sat_add(b->p, u, g->self) == -1;
			for (c = g->out; c != NULL; c = c->next_out)
				j->err |= sat_add(b->p, u, c->cost) == -1;
			b->upper[g->id] = u;
		}
	}
}

static void *
names_run(void *arg)
{
	read_names(arg);
	return NULL;
}

/*
 * max(lo, min(up1, up2)) per event; an undefined up1 bounds nothing.
 * Where up2, the component's bound, leaves an event out, the component
 * took none of it from outside (a count left out is 0; callgrind drops
 * trailing zeros) and the figure is lo: up1 sums every function of the
 * name, and a namesake's calls must not become the cost of a function
 * that took none of that event (libc's sbrk calls brk, ld.so's sbrk
 * calls nothing).  An event that own (the function's own cost and calls)
 * leaves out is what the calls into the function say of it (into), at
 * most up2, or none: what enters its component is not its own.
 */
static void
combine(const struct cga_profile *p, uint64_t *dst, const uint64_t *lo,
    const uint64_t *up1, const uint64_t *up2, const uint64_t *own,
    const uint64_t *into)
{
	size_t		 e;
	uint64_t	 v, up;

	for (e = 0; e < p->nev; e++) {
		if (!cga_cost_defined(p, own, e)) {
			if (!cga_cost_defined(p, into, e))
				continue;
			dst[e] = cga_cost_defined(p, up2, e) &&
			    up2[e] < into[e] ? up2[e] : into[e];
			cga_cost_define(p, dst, e);
			continue;
		}
		v = cga_cost_defined(p, lo, e) ? lo[e] : 0;
		if (!cga_cost_defined(p, up2, e))
			up = v;
		else
			up = cga_cost_defined(p, up1, e) && up1[e] < up2[e] ?
			    up1[e] : up2[e];
		dst[e] = up > v ? up : v;
		cga_cost_define(p, dst, e);
	}
}

/* Caps c at the ceiling; 1 if it was above it. */
static int
cap(const struct cga_profile *p, uint64_t *c)
{
	size_t	 e;
	int	 over = 0;

	for (e = 0; e < p->nev; e++)
		if (cga_cost_defined(p, c, e) &&
		    cga_cost_defined(p, p->ceiling, e) &&
		    c[e] > p->ceiling[e]) {
			c[e] = p->ceiling[e];
			over = 1;
		}
	return over;
}

/*
 * The ceiling: per event, the total or, where the cost lines hold more
 * (a summary: line below them), their sum (in p->ceiling, made as the
 * functions are gathered); 1 if that is above the total.
 */
static int
ceiling(struct bounds *b)
{
	struct cga_profile	*p = b->p;
	size_t			 e;
	int			 above = 0;

	for (e = 0; e < p->nev; e++) {
		if (!cga_cost_defined(p, p->total, e))
			continue;
		if (cga_cost_defined(p, p->ceiling, e) &&
		    p->ceiling[e] > p->total[e])
			above = 1;
		else
			p->ceiling[e] = p->total[e];
		cga_cost_define(p, p->ceiling, e);
	}
	return above;
}

void
cga_fn_incl_min(const struct cga_profile *p, const struct cga_fn *fn,
    uint64_t *dst)
{
	const struct cga_call	*c;
	size_t			 e;

	memset(dst, 0, p->cw * sizeof(*dst));
	if (cga_cost_add(p, dst, fn->self) == -1)
		goto full;
	for (c = fn->out; c != NULL; c = c->next_out)
		if (!c->recursive && cga_cost_add(p, dst, c->cost) == -1)
			goto full;
	if (!p->diff)
		(void)cap(p, dst);
	return;
full:
	/* Checked when the inclusive costs were made; the most there is. */
	for (e = 0; e < p->nev; e++)
		if (cga_cost_defined(p, p->ceiling, e))
			dst[e] = p->ceiling[e];
}

/* L(f): f's exclusive cost and its calls out of its component. */
static void
lower(struct bounds *b, const struct cga_fn *fn, uint64_t *lo)
{
	struct cga_call	*c;

	memset(lo, 0, b->p->cw * sizeof(*lo));
	add(b, lo, fn->self);
	for (c = fn->out; c != NULL; c = c->next_out)
		if (b->to[c->no - 1] != b->comp[fn->id])
			add(b, lo, c->cost);
}

/* Whether c lacks one of the events (combine reads into for it). */
static int
lacks_event(const struct cga_profile *p, const uint64_t *c)
{
	size_t	 e;

	for (e = 0; e < p->nev; e++)
		if (!cga_cost_defined(p, c, e))
			return 1;
	return 0;
}

/* Each function's figure; 1 if one was above the ceiling. */
static int
function_costs(struct bounds *b)
{
	struct cga_fn	*fn;
	struct cga_call	*c;
	uint64_t	*lo, *own, *into;
	size_t		 i;
	int		 over = 0;

	lo = xcalloc(b->p->cw, sizeof(*lo));
	own = xcalloc(b->p->cw, sizeof(*own));
	into = xcalloc(b->p->cw, sizeof(*into));
	for (i = 0; i < b->n; i++) {
		fetch_ahead(b->fns, i, b->n, 1);
		fn = b->fns[i];
		/* L and own in one walk of the calls out. */
		memset(lo, 0, b->p->cw * sizeof(*lo));
		memset(own, 0, b->p->cw * sizeof(*own));
		memset(into, 0, b->p->cw * sizeof(*into));
		add(b, lo, fn->self);
		add(b, own, fn->self);
		for (c = fn->out; c != NULL; c = c->next_out) {
			add(b, own, c->cost);
			if (b->to[c->no - 1] != b->comp[i])
				add(b, lo, c->cost);
		}
		/* What the calls in say is read only for an event own lacks. */
		for (c = lacks_event(b->p, own) ? fn->in : NULL; c != NULL;
		    c = c->next_in)
			if (cga_cost_add(b->p, into, c->cost) == -1)
				memset(into, 0xff, b->p->nev * sizeof(*into));
		fn->incl = cga_cost_new(b->p);
		if (b->p->diff) {
			/* Bounds need costs of 0 or more: L, linear. */
			memcpy(fn->incl, lo, b->p->cw * sizeof(*lo));
			continue;
		}
		combine(b->p, fn->incl, lo, b->upper[i] != NULL ?
		    b->upper[i] : own, b->entry[b->comp[i]], own, into);
		over |= cap(b->p, fn->incl);
	}
	free(lo);
	free(own);
	free(into);
	return over;
}

/* The function of fn's file one recursion level below it, or NULL. */
static struct cga_fn *
level_below(struct cga_profile *p, const struct cga_fn *fn, unsigned long n,
    size_t baselen)
{
	const char	*name;
	char		*buf;
	struct cga_fn	*up;
	size_t		 len;

	buf = xmalloc(baselen + 24);
	memcpy(buf, fn->key.name, baselen);
	len = baselen;
	if (n > 2)
		len += (size_t)sprintf(buf + baselen, "'%lu", n - 1);
	name = cga_profile_lookup(p, buf, len);
	free(buf);
	if (name == NULL)
		return NULL;
	for (up = cga_str_of(name)->fns; up != NULL; up = up->same_name)
		if (up->key.file == fn->key.file)
			return up;
	return NULL;
}

static int
level_cmp(const void *x, const void *y, void *ctx)
{
	const struct leveled	*a = x, *b = y;

	(void)ctx;
	if (a->n != b->n)
		return a->n < b->n ? -1 : 1;
	return a->fn->id < b->fn->id ? -1 : a->fn->id > b->fn->id;
}

/*
 * f'N runs only while f'(N-1) runs (f'2 while f), so it costs at most
 * what that does: where its own bounds give more, the level below caps
 * it, lowest levels first, never below L(f'N).
 */
static void
level_costs(struct bounds *b)
{
	struct leveled	*lv = b->lv;
	struct cga_fn	*up;
	uint64_t	*lo;
	size_t		 i, e, n = b->nlv;

	cga_sort(lv, n, sizeof(*lv), level_cmp, NULL);
	lo = xcalloc(b->p->cw, sizeof(*lo));
	for (i = 0; i < n; i++) {
		up = level_below(b->p, lv[i].fn, lv[i].n, lv[i].baselen);
		if (up == NULL)
			continue;
		lower(b, lv[i].fn, lo);
		(void)cap(b->p, lo);
		for (e = 0; e < b->p->nev; e++)
			if (cga_cost_defined(b->p, lv[i].fn->incl, e) &&
			    cga_cost_defined(b->p, up->incl, e) &&
			    lv[i].fn->incl[e] > up->incl[e])
				lv[i].fn->incl[e] = up->incl[e] > lo[e] ?
				    up->incl[e] : lo[e];
	}
	free(lo);
}

/* Whether a call's recorded cost is above its callee's or the ceiling. */
static int
above(const struct cga_profile *p, const uint64_t *c, const uint64_t *callee)
{
	size_t	 e;

	for (e = 0; e < p->nev; e++)
		if (cga_cost_defined(p, c, e) &&
		    ((cga_cost_defined(p, callee, e) && c[e] > callee[e]) ||
		    (cga_cost_defined(p, p->ceiling, e) &&
		    c[e] > p->ceiling[e])))
			return 1;
	return 0;
}

int
cga_call_bound(struct cga_profile *p, struct cga_call *c)
{
	const uint64_t	*callee = c->key.callee->incl;
	size_t		 e;

	c->incl = NULL;
	if (!above(p, c->cost, callee))
		return 0;
	c->incl = cga_cost_new(p);
	memcpy(c->incl, c->cost, p->cw * sizeof(uint64_t));
	for (e = 0; e < p->nev; e++)
		if (cga_cost_defined(p, c->incl, e) &&
		    cga_cost_defined(p, callee, e) && c->incl[e] > callee[e])
			c->incl[e] = callee[e];
	return cap(p, c->incl);
}

/* Each call's figure and recursion mark; 1 if one was above the total. */
static int
call_costs(struct bounds *b)
{
	struct cga_call	*c;
	size_t		 i;
	int		 over = 0;

	for (i = 0; (c = cga_call_next(b->p, &i)) != NULL;) {
		c->recursive = b->from[c->no - 1] == b->to[c->no - 1];
		c->incl = NULL;
		/* As recorded: no bound holds for signed costs. */
		if (!b->p->diff)
			over |= cga_call_bound(b->p, c);
	}
	return over;
}

int
cga_profile_inclusive(struct cga_profile *p)
{
	struct bounds	 b;
	struct names_job j;
	size_t		 i;
	int		 over, low;

	memset(&b, 0, sizeof(b));
	memset(&j, 0, sizeof(j));
	b.p = p;
	j.b = &b;
	b.fns = xcalloc(p->nfns + 1, sizeof(*b.fns));
	/* The exclusive costs summed, for the ceiling. */
	p->ceiling = cga_cost_new(p);
	cga_fns_index(p);
	for (b.n = 0; b.n < p->nfns; b.n++) {
		fetch_ahead(p->fnv, b.n, p->nfns, 0);
		b.fns[b.n] = p->fnv[b.n];
		/* A sum of exclusive costs past 64 bits is an error. */
		if (cga_cost_add(p, p->ceiling, b.fns[b.n]->self) == -1)
			b.err = 1;
	}
	/* Made whole before the names' sums read it (sat_add). */
	low = ceiling(&b);
	/* The names on the other processor, while the graph is read here. */
	if (!p->diff)
		cga_job_start(&j.job, names_run, &j);
	b.comp = cga_components(b.fns, b.n, &b.ncomp);
	edge_components(&b);
	if (!p->diff)
		entry_bounds(&b);
	cga_job_wait(&j.job);
	b.err |= j.err;
	over = function_costs(&b);
	if (!p->diff)
		level_costs(&b);
	over |= call_costs(&b);
	p->have_incl = 1;
	if (b.err)
		cga_diag("%s: an inclusive cost does not fit in 64 bits",
		    cga_profile_said(p));
	else if (low && !p->diff)
		cga_diag("%s: warning: the cost lines hold more than the "
		    "profile's total; inclusive costs are shown at most at "
		    "their sum, never below a function's exclusive cost",
		    cga_profile_said(p));
	else if (over)
		cga_diag("%s: warning: the profile's call costs add up to more "
		    "than its total; inclusive costs are shown at most at the "
		    "total", cga_profile_said(p));
	for (i = 0; i < j.nowned; i++)
		free(j.owned[i]);
	free(j.owned);
	free(b.entry);
	free(b.upper);
	free(b.lv);
	free(b.comp);
	free(b.from);
	free(b.to);
	free(b.fns);
	return b.err ? -1 : 0;
}
