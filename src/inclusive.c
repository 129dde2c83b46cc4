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
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "inclusive.h"
#include "sort.h"

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

/* Scratch of the computation, freed at its end. */
struct bounds {
	struct cga_profile *p;
	struct cga_fn	**fns;		/* by id */
	size_t		  n;
	size_t		 *comp;		/* component, by id */
	size_t		  ncomp;
	uint64_t	**entry;	/* U2, by component */
	uint64_t	**upper;	/* U1, by id (shared within a name) */
	int		  err;
};

static void
add(struct bounds *b, uint64_t *dst, const uint64_t *src)
{
	if (cga_cost_add(b->p, dst, src) == -1)
		b->err = 1;
}

/* U2: what enters each component from outside, or what it does alone. */
static void
entry_bounds(struct bounds *b)
{
	struct cga_call	*c;
	char		*entered;
	size_t		 i, s;

	b->entry = xcalloc(b->ncomp + 1, sizeof(*b->entry));
	entered = xcalloc(b->ncomp + 1, 1);
	for (s = 0; s < b->ncomp; s++)
		b->entry[s] = cga_cost_new(b->p);
	for (i = 0; i < b->n; i++)
		for (c = b->fns[i]->in; c != NULL; c = c->next_in)
			if (b->comp[c->key.caller->id] != b->comp[i]) {
				entered[b->comp[i]] = 1;
				add(b, b->entry[b->comp[i]], c->cost);
			}
	for (i = 0; i < b->n; i++) {
		s = b->comp[i];
		if (entered[s])
			continue;
		add(b, b->entry[s], b->fns[i]->self);
		for (c = b->fns[i]->out; c != NULL; c = c->next_out)
			if (b->comp[c->key.callee->id] != s)
				add(b, b->entry[s], c->cost);
	}
	free(entered);
}

/*
 * Functions of one name together.  Code inlined from other files (fi=,
 * fe=) names no object, so the entries of one function are known by name
 * alone; two unrelated functions of one name only loosen the bound.
 */
static int
name_cmp(const void *x, const void *y, void *ctx)
{
	const struct cga_fn	*a = *(struct cga_fn *const *)x;
	const struct cga_fn	*b = *(struct cga_fn *const *)y;

	(void)ctx;
	if (a->key.name != b->key.name)
		return (uintptr_t)a->key.name < (uintptr_t)b->key.name ? -1 : 1;
	return a->id < b->id ? -1 : a->id > b->id;
}

/* U1: exclusive cost and every call, over all entries of a name. */
static void
upper_bounds(struct bounds *b)
{
	struct cga_fn	**byname;
	struct cga_call	 *c;
	uint64_t	 *u;
	size_t		  i, j, k, n;

	b->upper = xcalloc(b->n + 1, sizeof(*b->upper));
	byname = xcalloc(b->n + 1, sizeof(*byname));
	/* A name of one function: its own cost and calls, left NULL here. */
	for (i = 0, n = 0; i < b->n; i++)
		if (cga_fn_namesakes(b->fns[i]) > 1)
			byname[n++] = b->fns[i];
	cga_sort(byname, n, sizeof(*byname), name_cmp, NULL);
	for (i = 0; i < n; i = j) {
		u = cga_cost_new(b->p);
		for (j = i; j < n && byname[j]->key.name ==
		    byname[i]->key.name; j++) {
			add(b, u, byname[j]->self);
			for (c = byname[j]->out; c != NULL; c = c->next_out)
				add(b, u, c->cost);
		}
		for (k = i; k < j; k++)
			b->upper[byname[k]->id] = u;
	}
	free(byname);
}

/*
 * max(lo, min(up1, up2)) per event; an undefined up1 bounds nothing.
 * Where up2, the component's bound, leaves an event out, the component
 * took none of it from outside (a count left out is 0; callgrind drops
 * trailing zeros) and the figure is lo: up1 sums every function of the
 * name, and a namesake's calls must not become the cost of a function
 * that took none of that event (libc's sbrk calls brk, ld.so's sbrk
 * calls nothing).  An event of none of lo, own (the function's own cost
 * and calls) and up2 stays undefined.
 */
static void
combine(const struct cga_profile *p, uint64_t *dst, const uint64_t *lo,
    const uint64_t *up1, const uint64_t *up2, const uint64_t *own)
{
	size_t		 e;
	uint64_t	 v, up;
	int		 d2, dl;

	for (e = 0; e < p->nev; e++) {
		d2 = cga_cost_defined(p, up2, e);
		dl = cga_cost_defined(p, lo, e);
		if (!dl && !d2 && !cga_cost_defined(p, own, e))
			continue;
		v = dl ? lo[e] : 0;
		if (!d2)
			up = v;
		else
			up = cga_cost_defined(p, up1, e) && up1[e] < up2[e] ?
			    up1[e] : up2[e];
		dst[e] = up > v ? up : v;
		cga_cost_define(p, dst, e);
	}
}

/* Caps c at the total; 1 if it was above it. */
static int
cap(const struct cga_profile *p, uint64_t *c)
{
	size_t	 e;
	int	 over = 0;

	for (e = 0; e < p->nev; e++)
		if (cga_cost_defined(p, c, e) &&
		    cga_cost_defined(p, p->total, e) && c[e] > p->total[e]) {
			c[e] = p->total[e];
			over = 1;
		}
	return over;
}

/* Each function's figure; 1 if one was above the total. */
static int
function_costs(struct bounds *b)
{
	struct cga_fn	*fn;
	struct cga_call	*c;
	uint64_t	*lo, *own;
	size_t		 i;
	int		 over = 0;

	lo = xcalloc(b->p->cw, sizeof(*lo));
	own = xcalloc(b->p->cw, sizeof(*own));
	for (i = 0; i < b->n; i++) {
		fn = b->fns[i];
		memset(lo, 0, b->p->cw * sizeof(*lo));
		memset(own, 0, b->p->cw * sizeof(*own));
		add(b, lo, fn->self);
		add(b, own, fn->self);
		for (c = fn->out; c != NULL; c = c->next_out) {
			add(b, own, c->cost);
			if (b->comp[c->key.callee->id] != b->comp[i])
				add(b, lo, c->cost);
		}
		fn->incl = cga_cost_new(b->p);
		if (b->p->diff) {
			/* Bounds need costs of 0 or more: L, linear. */
			memcpy(fn->incl, lo, b->p->cw * sizeof(*lo));
			continue;
		}
		combine(b->p, fn->incl, lo, b->upper[i] != NULL ?
		    b->upper[i] : own, b->entry[b->comp[i]], own);
		over |= cap(b->p, fn->incl);
	}
	free(lo);
	free(own);
	return over;
}

/* Whether a call's recorded cost is above its callee's or the total. */
static int
above(const struct cga_profile *p, const uint64_t *c, const uint64_t *callee)
{
	size_t	 e;

	for (e = 0; e < p->nev; e++)
		if (cga_cost_defined(p, c, e) &&
		    ((cga_cost_defined(p, callee, e) && c[e] > callee[e]) ||
		    (cga_cost_defined(p, p->total, e) && c[e] > p->total[e])))
			return 1;
	return 0;
}

/*
 * Each call's figure: at most its callee's (a cost of its own only then,
 * incl NULL otherwise); 1 if one was above the total.
 */
static int
call_costs(struct bounds *b)
{
	const struct cga_profile *p = b->p;
	struct cga_call		 *c, *tmp;
	const uint64_t		 *callee;
	size_t			  e;
	int			  over = 0;

	HASH_ITER(hh, b->p->calls, c, tmp) {
		callee = c->key.callee->incl;
		c->recursive = b->comp[c->key.caller->id] ==
		    b->comp[c->key.callee->id];
		c->incl = NULL;
		/* As recorded: no bound holds for signed costs. */
		if (p->diff || !above(p, c->cost, callee))
			continue;
		c->incl = cga_cost_new(b->p);
		memcpy(c->incl, c->cost, p->cw * sizeof(uint64_t));
		for (e = 0; e < p->nev; e++)
			if (cga_cost_defined(p, c->incl, e) &&
			    cga_cost_defined(p, callee, e) &&
			    c->incl[e] > callee[e])
				c->incl[e] = callee[e];
		over |= cap(p, c->incl);
	}
	return over;
}

int
cga_profile_inclusive(struct cga_profile *p)
{
	struct bounds	 b;
	struct cga_fn	*fn;
	int		 over;

	memset(&b, 0, sizeof(b));
	b.p = p;
	b.fns = xcalloc(p->nfns + 1, sizeof(*b.fns));
	for (fn = p->fns; fn != NULL; fn = fn->next)
		b.fns[b.n++] = fn;
	b.comp = cga_components(b.fns, b.n, &b.ncomp);
	if (!p->diff) {
		entry_bounds(&b);
		upper_bounds(&b);
	}
	over = function_costs(&b);
	over |= call_costs(&b);
	p->have_incl = 1;
	if (b.err)
		cga_diag("%s: an inclusive cost does not fit in 64 bits",
		    p->path);
	else if (over)
		cga_diag("%s: warning: the profile's call costs add up to more "
		    "than its total; inclusive costs are shown at most at the "
		    "total", p->path);
	free(b.entry);
	free(b.upper);
	free(b.comp);
	free(b.fns);
	return b.err ? -1 : 0;
}
