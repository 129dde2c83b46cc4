/*
 * stacks.c: whole call stacks rebuilt from per-function and per-call
 * costs.  Callgrind records what each function did itself and what each
 * call cost, not which stacks ran, so the stacks are an estimate, made by
 * this rule:
 *
 *   - The call graph is cut into strongly connected components (a
 *     function, or functions in a cycle of calls) and walked from callers
 *     to callees, so that every way into a component is known before it
 *     is spread.
 *   - A component no call enters is a root: a stack of its own, from the
 *     member that does the most.  So is what a component does beyond what
 *     the calls into it brought (a thread's work under clone, whose
 *     caller counts only the call that started it).
 *   - Each way into a component (a frame of a member, under a stack) has
 *     a weight: the cost the call into it brought along that stack.  Each
 *     member's exclusive cost, and each call leaving the component, is
 *     shared among the ways in, in proportion to their weights, rounded
 *     so that the shares add up exactly.  So the stacks ending in a
 *     function add up to its exclusive cost, and all stacks to the
 *     program total.
 *   - Inside a component each member appears once under the way in, on
 *     the path by which the member was first reached from it (breadth
 *     first, costlier calls first); its exclusive cost and its calls out
 *     of the component hang from that frame.  Calls within a component
 *     (recursion) add no frames: no function appears twice in a stack.
 *   - Past the depth or frame limit, what a frame's calls would bring is
 *     kept on that frame.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/inclusive.h"
#include "analysis/stacks.h"
#include "base/diag.h"
#include "base/sort.h"
#include "model/walk.h"

/* A way into a component: a frame, or a cut frame that keeps it all. */
struct entry {
	size_t		 frame;
	uint64_t	 w;
	int		 sink;		/* everything below stays on frame */
	size_t		 next;
};

struct build {
	const struct cga_profile *g;
	const struct cga_stack_opts *o;
	struct cga_stacks *s;
	size_t		  n;
	size_t		 *comp;		/* by function id */
	size_t		  ncomp;
	struct cga_fn	**members;	/* by component */
	size_t		 *first;	/* by component: its first member */
	size_t		 *local;	/* by function id: place among them */
	struct entry	 *ent;
	size_t		  nent, entcap;
	size_t		 *head;		/* by component: its ways in */
	uint64_t	 *own;		/* by component: own_costs */
	uint32_t	 *to;		/* by edge (its no - 1): its callee's */
					/* component (own_costs) */
	/*
	 * spread's lists, kept from one component to the next (room): a
	 * malloc and a free of each a component took a third of the 512 MB
	 * profile's stacks, most components being one function.
	 */
	struct entry	 *ways;		/* ways_in */
	size_t		  wayscap;
	size_t		 *tfs;		/* member_frames */
	size_t		  tfscap;
	uint64_t	 *shares;	/* apportion's */
	size_t		  sharescap;
	uint64_t	  work;		/* shares made so far */
	int		  err;
};

/*
 * Shares made at most: a graph whose stacks would take more is refused
 * rather than left to run for hours.
 */
#define WORK_MAX	(1ull << 28)
/* Frames of a cycle's members under its ways in, at most, at a time. */
#define TF_MAX		((size_t)1 << 24)
/* Functions and edges asked for this far ahead of a walk over them. */
#define STACKS_AHEAD	16

/* buf with room for n things of size bytes, grown if need be. */
static void *
room(void *buf, size_t *cap, size_t n, size_t size)
{
	if (n <= *cap)
		return buf;
	*cap = n > 2 * *cap ? n : 2 * *cap;
	return xreallocarray(buf, *cap, size);
}

static uint64_t
count_of(const struct cga_profile *g, const uint64_t *c, size_t e)
{
	return c != NULL && cga_cost_defined(g, c, e) ? c[e] : 0;
}

/*
 * The component of call's callee, read beside the edge's number rather
 * than from the callee (a cache miss an edge).  A component number fits
 * in 32 bits: there is not the memory for 2^32 functions.
 */
static size_t
callee_comp(const struct build *b, const struct cga_call *call)
{
	return b->to[call->no - 1];
}

static size_t
frame_new(struct build *b, const struct cga_fn *fn, size_t parent,
    uint64_t w, unsigned depth)
{
	struct cga_stacks	*s = b->s;
	struct cga_sframe	*f;

	if (s->n == s->cap) {
		s->cap = s->cap ? 2 * s->cap : 1024;
		s->f = xreallocarray(s->f, s->cap, sizeof(*s->f));
	}
	f = &s->f[s->n];
	memset(f, 0, sizeof(*f));
	f->fn = fn;
	f->parent = parent;
	f->w = w;
	f->depth = depth;
	return s->n++;
}

static void
enter(struct build *b, size_t comp, size_t frame, uint64_t w, int sink)
{
	struct entry	*e;

	/* A cut stack's ways on down keep to one frame: one way in. */
	if (sink && b->head[comp] != SIZE_MAX &&
	    b->ent[b->head[comp]].sink &&
	    b->ent[b->head[comp]].frame == frame) {
		if (__builtin_add_overflow(b->ent[b->head[comp]].w, w,
		    &b->ent[b->head[comp]].w))
			b->ent[b->head[comp]].w = UINT64_MAX;
		return;
	}
	if (b->nent == b->entcap) {
		b->entcap = b->entcap ? 2 * b->entcap : 1024;
		b->ent = xreallocarray(b->ent, b->entcap, sizeof(*b->ent));
	}
	e = &b->ent[b->nent];
	e->frame = frame;
	e->w = w;
	e->sink = sink;
	e->next = b->head[comp];
	b->head[comp] = b->nent++;
}

/* Members by component, and each function's place among its own. */
static void
group_members(struct build *b, struct cga_fn *const *fns)
{
	size_t		 i, *at;

	b->first = xcalloc(b->ncomp + 1, sizeof(*b->first));
	b->members = xcalloc(b->n + 1, sizeof(*b->members));
	b->local = xcalloc(b->n + 1, sizeof(*b->local));
	/* By id: no function is read, only the components. */
	for (i = 0; i < b->n; i++)
		b->first[b->comp[i] + 1]++;
	for (i = 0; i < b->ncomp; i++)
		b->first[i + 1] += b->first[i];
	at = xcalloc(b->ncomp + 1, sizeof(*at));
	memcpy(at, b->first, b->ncomp * sizeof(*at));
	for (i = 0; i < b->n; i++) {
		b->local[i] = at[b->comp[i]] - b->first[b->comp[i]];
		b->members[at[b->comp[i]]++] = fns[i];
	}
	free(at);
}

/*
 * The shares of v among the ways in e[0..k), in proportion to their
 * weights (equal when all weigh nothing), adding up to v exactly.
 */
static void
apportion(uint64_t v, const struct entry *e, size_t k, uint64_t *out)
{
	__extension__ typedef unsigned __int128 u128;
	u128		 whole = 0, cum = 0, prev = 0, cur;
	unsigned	 shift = 0;
	size_t		 i;

	if (k == 1) {		/* all of it: most calls have one way in */
		out[0] = v;
		return;
	}
	for (i = 0; i < k; i++)
		whole += e[i].w;
	/* Weights below 2^64 in all, so that v times them fits. */
	while ((whole >> shift) >> 64 != 0)
		shift++;
	whole >>= shift;
	for (i = 0; i < k; i++) {
		if (whole == 0) {
			out[i] = i == 0 ? v : 0;
			continue;
		}
		cum += e[i].w >> shift;
		cur = (u128)v * cum / whole;
		out[i] = (uint64_t)(cur - prev);
		prev = cur;
	}
}

/* The member of a component no call enters that does the most. */
static size_t
root_member(struct build *b, size_t c)
{
	const struct cga_call	*call;
	uint64_t		 best = 0, own;
	size_t			 i, at = b->first[c];

	for (i = b->first[c]; i < b->first[c + 1]; i++) {
		own = count_of(b->g, b->members[i]->self, b->o->event);
		for (call = b->members[i]->out; call != NULL;
		    call = call->next_out)
			if (callee_comp(b, call) != c &&
			    __builtin_add_overflow(own, count_of(b->g,
			    cga_call_cost(call), b->o->event), &own))
				own = UINT64_MAX;
		if (own > best) {
			best = own;
			at = i;
		}
	}
	return at - b->first[c];
}

/* Calls by cost, costlier first, then by callee, for one order. */
static int
costlier(const void *x, const void *y, void *ctx)
{
	const struct build	*b = ctx;
	const struct cga_call	*c = *(const struct cga_call *const *)x;
	const struct cga_call	*d = *(const struct cga_call *const *)y;
	uint64_t		 u, v;

	u = count_of(b->g, cga_call_cost(c), b->o->event);
	v = count_of(b->g, cga_call_cost(d), b->o->event);
	if (u != v)
		return u > v ? -1 : 1;
	return c->key.callee->id < d->key.callee->id ? -1 :
	    c->key.callee->id > d->key.callee->id;
}

/*
 * The members of component c in the order a walk from member m reaches
 * them, costlier calls first, each with the place of the member it was
 * reached from (its own for m): order[2 i], order[2 i + 1].
 */
static size_t *
walk_from(struct build *b, size_t c, size_t m)
{
	const struct cga_call	**calls, *call;
	size_t			  k = b->first[c + 1] - b->first[c];
	size_t			 *order, *seen, head = 0, tail = 0, x, nc, i, j;

	order = xcalloc(2 * k + 1, sizeof(*order));
	seen = xcalloc(k + 1, sizeof(*seen));
	order[tail++] = m;
	order[tail++] = m;
	seen[m] = 1;
	calls = NULL;
	while (head < tail) {
		x = order[head];
		head += 2;
		nc = b->members[b->first[c] + x]->nout;
		calls = xreallocarray(calls, nc + 1, sizeof(*calls));
		nc = 0;
		for (call = b->members[b->first[c] + x]->out; call != NULL;
		    call = call->next_out)
			if (callee_comp(b, call) == c &&
			    !seen[b->local[call->key.callee->id]])
				calls[nc++] = call;
		cga_sort(calls, nc, sizeof(*calls), costlier, b);
		for (i = 0; i < nc; i++) {
			j = b->local[calls[i]->key.callee->id];
			if (seen[j])
				continue;
			seen[j] = 1;
			order[tail++] = j;
			order[tail++] = x;
		}
	}
	free(calls);
	free(seen);
	return order;
}

/*
 * The ways into component c, in the order they were made: a copy, as
 * spreading c makes ways into others and moves the table.
 */
static struct entry *
ways_in(struct build *b, size_t c, size_t *np)
{
	struct entry	*e;
	size_t		 n = 0, i, at;

	for (i = b->head[c]; i != SIZE_MAX; i = b->ent[i].next)
		n++;
	e = b->ways = room(b->ways, &b->wayscap, n + 1, sizeof(*e));
	at = n;
	for (i = b->head[c]; i != SIZE_MAX; i = b->ent[i].next)
		e[--at] = b->ent[i];
	*np = n;
	return e;
}

static void
add_self(struct build *b, size_t frame, uint64_t v)
{
	if (__builtin_add_overflow(b->s->f[frame].self, v,
	    &b->s->f[frame].self))
		b->err = CGA_STACKS_OVERFLOW;
}

/* Whether a frame may have a child: under the depth and frame limits. */
static int
room_below(const struct build *b, size_t frame)
{
	return b->s->f[frame].depth < b->o->max_depth &&
	    b->s->n < b->o->max_frames;
}

/*
 * The frames of each member under each way in: tf[i * k + x], the frame
 * itself for m, the way's member; a cut stack's members all on its frame.
 */
static size_t *
member_frames(struct build *b, size_t c, const struct entry *e, size_t ne)
{
	size_t	 k = b->first[c + 1] - b->first[c], *tf, **walks, *w;
	size_t	 i, j, m, pf;

	tf = b->tfs = room(b->tfs, &b->tfscap, ne * k + 1, sizeof(*tf));
	if (k == 1) {
		for (i = 0; i < ne; i++)
			tf[i] = e[i].frame;
		return tf;
	}
	walks = xcalloc(k + 1, sizeof(*walks));
	for (i = 0; i < ne; i++) {
		for (j = 0; j < k; j++)
			tf[i * k + j] = e[i].frame;
		if (e[i].sink)
			continue;
		/* Only here: a frame's function is a cache miss. */
		m = b->local[b->s->f[e[i].frame].fn->id];
		if (walks[m] == NULL)
			walks[m] = walk_from(b, c, m);
		w = walks[m];
		for (j = 2; j < 2 * k; j += 2) {
			pf = tf[i * k + w[j + 1]];
			if (!room_below(b, pf)) {
				b->s->cut++;
				continue;
			}
			tf[i * k + w[j]] = frame_new(b,
			    b->members[b->first[c] + w[j]], pf, 0,
			    b->s->f[pf].depth + 1);
		}
	}
	for (j = 0; j < k; j++)
		free(walks[j]);
	free(walks);
	return tf;
}

/* A call out of component c from member x, spread over the ways in. */
static void
spread_call(struct build *b, const struct cga_call *call, const size_t *tf,
    size_t k, size_t x, const struct entry *e, size_t ne, uint64_t *sh)
{
	uint64_t	 v = count_of(b->g, cga_call_cost(call), b->o->event);
	size_t		 i, pf, d = callee_comp(b, call), nf;

	if (v == 0)
		return;
	apportion(v, e, ne, sh);
	for (i = 0; i < ne; i++) {
		if (sh[i] == 0)
			continue;
		pf = tf[i * k + x];
		if (e[i].sink || !room_below(b, pf)) {
			b->s->cut += !e[i].sink;
			enter(b, d, pf, sh[i], 1);
			continue;
		}
		nf = frame_new(b, call->key.callee, pf, sh[i],
		    b->s->f[pf].depth + 1);
		enter(b, d, nf, sh[i], 0);
	}
}

/* *sum += v, or UINT64_MAX from where it no longer fits on. */
static void
add_or_max(uint64_t *sum, uint64_t v)
{
	if (__builtin_add_overflow(*sum, v, sum))
		*sum = UINT64_MAX;
}

/*
 * What each component does: its members' costs and their calls out of
 * it (UINT64_MAX past 64 bits), summed in the order they lie, by id and
 * over p->callv, with each asked for ahead, rather than member by member
 * (a cache miss a cost, a callee and a call: two thirds of the 512 MB
 * profile's stacks).  Counts are not negative: any order of adding them
 * passes 64 bits if the sum does.
 */
static void
own_costs(struct build *b, struct cga_fn *const *fns)
{
	const struct cga_profile *g = b->g;
	const struct cga_call	*call;
	size_t			 i, c;

	b->own = xcalloc(b->ncomp + 1, sizeof(*b->own));
	b->to = xcalloc(g->ncallv + 1, sizeof(*b->to));
	for (i = 0; i < b->n; i++) {
		if (i + STACKS_AHEAD < b->n) {
			__builtin_prefetch(fns[i + STACKS_AHEAD]);
			if (fns[i + STACKS_AHEAD / 2]->self != NULL)
				__builtin_prefetch(
				    fns[i + STACKS_AHEAD / 2]->self);
		}
		add_or_max(&b->own[b->comp[i]],
		    count_of(g, fns[i]->self, b->o->event));
	}
	for (i = 0; (call = cga_call_next(g, &i)) != NULL;) {
		cga_call_fetch_ahead(g, i, STACKS_AHEAD);
		if (i + STACKS_AHEAD / 4 < g->ncallv &&
		    g->callv[i + STACKS_AHEAD / 4] != NULL)
			__builtin_prefetch(cga_call_cost(
			    g->callv[i + STACKS_AHEAD / 4]));
		c = b->comp[call->key.caller->id];
		b->to[i - 1] = (uint32_t)b->comp[call->key.callee->id];
		if (b->to[i - 1] != c)
			add_or_max(&b->own[c],
			    count_of(g, cga_call_cost(call), b->o->event));
	}
}

/* Component c: its members' costs and its calls out, over its ways in. */
static void
spread(struct build *b, size_t c)
{
	struct entry		 *e;
	const struct cga_call	 *call;
	const struct cga_fn	 *fn;
	size_t			  k = b->first[c + 1] - b->first[c], ne, x, i;
	size_t			 *tf;
	uint64_t		 *sh, excess;

	excess = b->own[c];
	e = ways_in(b, c, &ne);
	for (i = 0; i < ne && excess > 0; i++)
		excess -= e[i].w < excess ? e[i].w : excess;
	/*
	 * What the component does beyond what the calls into it brought (a
	 * thread's work, which clone's caller does not count) is a root of
	 * its own, so that every way in gets what it brought.
	 */
	if (b->head[c] == SIZE_MAX || excess > 0) {
		enter(b, c, frame_new(b, b->members[b->first[c] +
		    root_member(b, c)], SIZE_MAX, excess ? excess : 1, 1),
		    excess ? excess : 1, 0);
		e = ways_in(b, c, &ne);
	}
	/* A cycle of k functions entered ne ways: k frames under each. */
	b->work += ne * k;
	if (ne > TF_MAX / k || b->work > WORK_MAX) {
		b->err = CGA_STACKS_TOO_LARGE;
		return;
	}
	tf = member_frames(b, c, e, ne);
	sh = b->shares = room(b->shares, &b->sharescap, ne + 1, sizeof(*sh));
	for (x = 0; x < k && !b->err; x++) {
		fn = b->members[b->first[c] + x];
		b->work += ne * (1 + fn->nout);
		if (b->work > WORK_MAX) {
			b->err = CGA_STACKS_TOO_LARGE;
			break;
		}
		apportion(count_of(b->g, fn->self, b->o->event), e, ne, sh);
		for (i = 0; i < ne; i++)
			add_self(b, tf[i * k + x], sh[i]);
		for (call = fn->out; call != NULL; call = call->next_out)
			if (callee_comp(b, call) != c)
				spread_call(b, call, tf, k, x, e, ne, sh);
	}
}

int
cga_stacks_build(struct cga_stacks *s, const struct cga_profile *g,
    const struct cga_stack_opts *o)
{
	struct build	 b;
	struct cga_fn	**fns;
	size_t		  c;

	memset(s, 0, sizeof(*s));
	memset(&b, 0, sizeof(b));
	b.g = g;
	b.o = o;
	b.s = s;
	b.n = g->nfns;
	fns = cga_fns_by_id(g);
	b.comp = cga_components(fns, b.n, &b.ncomp);
	group_members(&b, fns);
	own_costs(&b, fns);
	free(fns);
	b.head = xcalloc(b.ncomp + 1, sizeof(*b.head));
	for (c = 0; c < b.ncomp; c++)
		b.head[c] = SIZE_MAX;
	/* Callers first: component numbers fall from callers to callees. */
	for (c = b.ncomp; c-- > 0 && !b.err;)
		spread(&b, c);
	s->err = b.err;
	if (b.err && !o->quiet)
		cga_stacks_say(b.err, g);
	if (b.err) {
		free(s->f);
		s->f = NULL;
		s->n = s->cap = 0;
	}
	free(b.comp);
	free(b.first);
	free(b.members);
	free(b.local);
	free(b.ent);
	free(b.head);
	free(b.own);
	free(b.to);
	free(b.ways);
	free(b.tfs);
	free(b.shares);
	return b.err ? -1 : 0;
}

void
cga_stacks_say(int err, const struct cga_profile *g)
{
	if (err == CGA_STACKS_OVERFLOW)
		cga_diag("%s: a stack's count does not fit in 64 bits", g->path);
	else if (err == CGA_STACKS_TOO_LARGE)
		cga_diag("%s: the call graph is too large to rebuild its stacks "
		    "(more than %llu shares, or a cycle of functions entered "
		    "in more than %zu frames)", g->path,
		    (unsigned long long)WORK_MAX, TF_MAX);
}

const char *
cga_stacks_why(int err)
{
	return err == CGA_STACKS_OVERFLOW ? "a stack's count does not fit in "
	    "64 bits" : "the call graph is too large to rebuild its stacks";
}

void
cga_stacks_free(struct cga_stacks *s)
{
	free(s->f);
	memset(s, 0, sizeof(*s));
}
