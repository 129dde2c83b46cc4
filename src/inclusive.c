/*
 * inclusive.c: inclusive costs that count each unit of work once.
 *
 * Each strongly connected component of the call graph (a function calling
 * itself, recursion levels fn'2 calling each other, mutual recursion) is one
 * unit.  Every function in it gets the cost of the calls entering the
 * component from outside; a component nobody outside calls gets its
 * functions' exclusive costs plus the calls leaving it.  Without recursion
 * this is callgrind_annotate's figure; with it, no figure exceeds the total.
 */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "inclusive.h"

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

int
cga_profile_inclusive(struct cga_profile *p)
{
	struct tarjan	  t;
	struct cga_fn	**fns, *fn;
	struct cga_call	 *c;
	uint64_t	**unit;
	char		 *entered;
	size_t		  n = 0, i, s, *scc;
	int		  err = 0;

	fns = xcalloc(p->nfns + 1, sizeof(*fns));
	for (fn = p->fns; fn != NULL; fn = fn->next)
		fns[n++] = fn;
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
	scc = t.low;	/* each function's component, by id */

	/* The cost entering each component from outside it. */
	unit = xcalloc(t.nscc + 1, sizeof(*unit));
	entered = xcalloc(t.nscc + 1, 1);
	for (s = 0; s < t.nscc; s++)
		unit[s] = cga_cost_new(p);
	for (i = 0; i < n; i++)
		for (c = fns[i]->in; c != NULL; c = c->next_in)
			if (scc[c->key.caller->id] != scc[i]) {
				entered[scc[i]] = 1;
				err |= cga_cost_add(p, unit[scc[i]],
				    c->cost);
			}
	/* Components nobody calls: their own cost and the calls out. */
	for (i = 0; i < n; i++) {
		s = scc[i];
		if (entered[s])
			continue;
		err |= cga_cost_add(p, unit[s], fns[i]->self);
		for (c = fns[i]->out; c != NULL; c = c->next_out)
			if (scc[c->key.callee->id] != s)
				err |= cga_cost_add(p, unit[s], c->cost);
	}
	for (i = 0; i < n; i++)
		fns[i]->incl = unit[scc[i]];
	p->have_incl = 1;
	if (err)
		cga_diag("%s: an inclusive cost does not fit in 64 bits",
		    p->path);

	free(t.index);
	free(t.low);
	free(t.onstack);
	free(t.stack);
	free(t.frames);
	free(unit);
	free(entered);
	free(fns);
	return err ? -1 : 0;
}
