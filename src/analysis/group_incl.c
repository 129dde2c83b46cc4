/*
 * group_incl.c: the inclusive cost of a group of functions (a file, an
 * object, a function with its inlined pieces), as far as the call graph
 * proves it.  A group's inclusive cost is the work done while any of its
 * functions is on the stack.  Where groups call each other in a cycle (a
 * program and libc, through callbacks and the lazy binding of symbols:
 * every real program), the graph only bounds it:
 *
 *   a call into G from a function that no function of G reaches never
 *   runs under G, nor under another such call: those calls' costs add up
 *   to work under G, a lower bound LB(G);
 *   a call into G from a function that runs, on some stack, with no
 *   function of G below it (it is reached from where a stack may begin
 *   without passing through G) may be the outermost frame of G; every
 *   outermost frame is such a call's, so those calls' costs add up to an
 *   upper bound UB(G);
 *   a function of G where a stack may begin adds its own cost and calls
 *   to UB(G), and to LB(G) when nothing calls it at all.
 *
 * Code inlined from another file (fi=, fe=) is a function of its own in
 * the model, of that file, which no call reaches: a piece of the function
 * it was inlined into, its home (a function of its name, named by fn=, in
 * the same object), so it is reached wherever its home is; a piece whose
 * home is not known is taken as reached from anywhere.  LB is at least
 * each member's L(f), UB at least each member's figure and LB; both are
 * at most the profile's ceiling.  Where they meet the figure is exact.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/group.h"
#include "analysis/inclusive.h"
#include "base/diag.h"

/* Namesakes looked at for a piece's home; beyond, its home is unknown. */
#define MAX_CANDIDATES	64
/*
 * Visits all groups' searches may make: per edge and function of the
 * graph, and at least so many (a second or so).
 */
#define WORK_PER_EDGE	64
#define WORK_LEAST	((uint64_t)1 << 28)

/* A piece: its home, or a mark of none or several. */
#define HOME_NONE	((uint32_t)-1)	/* not a piece */
#define HOME_UNKNOWN	((uint32_t)-2)	/* a piece, home unknown */
#define HOME_SEVERAL	((uint32_t)-3)	/* a piece of several candidates */

static int
is_piece(const struct cga_fn *fn)
{
	/* Named by fi= or fe= only (never fn=), and called by no one. */
	return fn->listed && fn->objseq == 0 && fn->nin == 0;
}

/* Whether home may hold piece: named by fn=, of its name and object. */
static int
may_hold(const struct cga_fn *home, const struct cga_fn *piece)
{
	return home != piece && home->objseq != 0 &&
	    cga_fn_object(home) == cga_fn_object(piece);
}

void
cga_homes_make(struct cga_homes *h, const struct cga_profile *p,
    struct cga_fn *const *byid)
{
	const struct cga_fn	*fn, *o;
	size_t			 n = p->nfns, k, at, i;

	memset(h, 0, sizeof(*h));
	h->one = xcalloc(n + 1, sizeof(*h->one));
	h->off = xcalloc(n + 2, sizeof(*h->off));
	for (i = 0; i < n; i++) {
		if (i + FETCH_AHEAD < n)
			__builtin_prefetch(byid[i + FETCH_AHEAD]);
		fn = byid[i];
		h->one[fn->id] = HOME_NONE;
		if (!is_piece(fn))
			continue;
		k = 0;
		for (o = cga_str_of(fn->key.name)->fns; o != NULL &&
		    k <= MAX_CANDIDATES; o = o->same_name)
			k += may_hold(o, fn);
		if (k == 0 || k > MAX_CANDIDATES) {
			h->one[fn->id] = HOME_UNKNOWN;
			continue;
		}
		h->off[fn->id + 1] = k;
		h->one[fn->id] = HOME_SEVERAL;
	}
	for (k = 0; k < n; k++)
		h->off[k + 1] += h->off[k];
	h->home = xcalloc(h->off[n] + 1, sizeof(*h->home));
	for (i = 0; i < n; i++) {
		if (h->one[i] != HOME_SEVERAL)
			continue;
		fn = byid[i];
		at = h->off[fn->id];
		for (o = cga_str_of(fn->key.name)->fns; o != NULL;
		    o = o->same_name)
			if (may_hold(o, fn))
				h->home[at++] = o->id;
		if (at - h->off[fn->id] == 1)
			h->one[fn->id] = h->home[h->off[fn->id]];
	}
}

void
cga_homes_free(struct cga_homes *h)
{
	free(h->one);
	free(h->off);
	free(h->home);
	memset(h, 0, sizeof(*h));
}

/* The graph the groups are bounded on, and the scratch of the searches. */
struct graph {
	const struct cga_profile *p;
	const struct cga_groups	*g;
	const struct cga_homes	*h;
	struct cga_fn		**fns;		/* by id */
	size_t			  n;
	size_t			 *off;		/* by id: its successors, */
	uint32_t		 *adj;		/* callees, then pieces held */
	unsigned char		 *start;	/* a stack may begin there */
	uint32_t		 *starts;	/* those functions */
	uint32_t		 *comp;		/* by id: its component, */
						/* numbers falling from */
						/* callers to callees */
	size_t			  nstarts;
	uint32_t		 *mark;		/* by id: the search's stamp */
	uint32_t		  stamp;
	uint32_t		 *queue;
	uint64_t		  work;		/* edges the searches may */
						/* still visit */
	struct cga_fn		**byid;		/* the groups, by id */
	uint64_t		 *lb, *ub;	/* the group's, being made */
	uint64_t		 *own;		/* events its members record */
	uint64_t		 *tmp;
};

static uint32_t
group_of(const struct graph *gr, uint32_t id)
{
	return gr->g->of[id]->id;
}

/* The successors of each function: its callees, and the pieces it holds. */
static void
successors(struct graph *gr)
{
	const struct cga_homes	*h = gr->h;
	struct cga_call		*c;
	size_t			 i, k, *at;

	gr->off = xcalloc(gr->n + 2, sizeof(*gr->off));
	for (i = 0; i < gr->n; i++) {
		gr->off[i + 1] += gr->fns[i]->nout;
		for (k = h->off[i]; k < h->off[i + 1]; k++)
			gr->off[h->home[k] + 1]++;
	}
	for (i = 0; i < gr->n; i++)
		gr->off[i + 1] += gr->off[i];
	gr->adj = xcalloc(gr->off[gr->n] + 1, sizeof(*gr->adj));
	at = xcalloc(gr->n + 1, sizeof(*at));
	memcpy(at, gr->off, gr->n * sizeof(*at));
	for (i = 0; i < gr->n; i++) {
		for (c = gr->fns[i]->out; c != NULL; c = c->next_out)
			gr->adj[at[i]++] = c->key.callee->id;
		for (k = h->off[i]; k < h->off[i + 1]; k++)
			gr->adj[at[h->home[k]]++] = (uint32_t)i;
	}
	free(at);
}

/* Tarjan's components of the graph, iteratively: each function's. */
static uint32_t *
components(const struct graph *gr)
{
	size_t		 n = gr->n, sp = 0, fp = 0, counter = 0, v, w;
	uint32_t	*index, *low, *stack, *comp, ncomp = 0;
	size_t		*frame, *next;
	unsigned char	*on;
	size_t		 r;

	index = xcalloc(n + 1, sizeof(*index));
	low = xcalloc(n + 1, sizeof(*low));
	stack = xcalloc(n + 1, sizeof(*stack));
	comp = xcalloc(n + 1, sizeof(*comp));
	frame = xcalloc(n + 1, sizeof(*frame));
	next = xcalloc(n + 1, sizeof(*next));
	on = xcalloc(n + 1, 1);
	for (r = 0; r < n; r++) {
		if (index[r] != 0)
			continue;
		frame[fp++] = r;
		next[r] = gr->off[r];
		index[r] = low[r] = (uint32_t)++counter;
		stack[sp++] = (uint32_t)r;
		on[r] = 1;
		while (fp > 0) {
			v = frame[fp - 1];
			if (next[v] < gr->off[v + 1]) {
				w = gr->adj[next[v]++];
				if (index[w] == 0) {
					index[w] = low[w] = (uint32_t)++counter;
					stack[sp++] = (uint32_t)w;
					on[w] = 1;
					next[w] = gr->off[w];
					frame[fp++] = w;
				} else if (on[w] && index[w] < low[v])
					low[v] = index[w];
				continue;
			}
			if (low[v] == index[v]) {
				do {
					w = stack[--sp];
					on[w] = 0;
					comp[w] = ncomp;
				} while (w != v);
				ncomp++;
			}
			if (--fp > 0 && low[v] < low[frame[fp - 1]])
				low[frame[fp - 1]] = low[v];
		}
	}
	free(index);
	free(low);
	free(stack);
	free(frame);
	free(next);
	free(on);
	return comp;
}

/*
 * Where a stack may begin: a function of a component that nothing
 * outside it calls, or a piece whose home is not known.
 */
static void
starts(struct graph *gr)
{
	uint32_t	*comp = gr->comp = components(gr);
	unsigned char	*entered;
	size_t		 v, k;

	entered = xcalloc(gr->n + 1, 1);
	for (v = 0; v < gr->n; v++)
		for (k = gr->off[v]; k < gr->off[v + 1]; k++)
			if (comp[gr->adj[k]] != comp[v])
				entered[comp[gr->adj[k]]] = 1;
	gr->start = xcalloc(gr->n + 1, 1);
	gr->starts = xcalloc(gr->n + 1, sizeof(*gr->starts));
	for (v = 0; v < gr->n; v++) {
		gr->start[v] = !entered[comp[v]] ||
		    gr->h->one[v] == HOME_UNKNOWN;
		if (gr->start[v])
			gr->starts[gr->nstarts++] = (uint32_t)v;
	}
	free(entered);
}

/*
 * Marks what the search reaches: from the functions of group gid (reach
 * 1), or from the starts avoiding them; 0, or -1 when the work allowed
 * ran out (the marks are then partial).
 */
static int
search(struct graph *gr, uint32_t gid, int from_group)
{
	const struct cga_groups	*g = gr->g;
	size_t			 head = 0, tail = 0, v, k, i;
	uint32_t		 w;

	if (++gr->stamp == 0) {
		memset(gr->mark, 0, (gr->n + 1) * sizeof(*gr->mark));
		gr->stamp = 1;
	}
	if (from_group)
		for (i = g->first[gid]; i < g->first[gid + 1]; i++) {
			v = g->members[i]->id;
			gr->mark[v] = gr->stamp;
			gr->queue[tail++] = (uint32_t)v;
		}
	else {
		if (gr->work < gr->nstarts)
			return -1;
		gr->work -= gr->nstarts;
		for (i = 0; i < gr->nstarts; i++) {
			v = gr->starts[i];
			if (group_of(gr, (uint32_t)v) != gid) {
				gr->mark[v] = gr->stamp;
				gr->queue[tail++] = (uint32_t)v;
			}
		}
	}
	while (head < tail) {
		v = gr->queue[head++];
		if (gr->work < gr->off[v + 1] - gr->off[v] + 1)
			return -1;
		gr->work -= gr->off[v + 1] - gr->off[v] + 1;
		for (k = gr->off[v]; k < gr->off[v + 1]; k++) {
			w = gr->adj[k];
			if (gr->mark[w] == gr->stamp ||
			    (!from_group && group_of(gr, w) == gid))
				continue;
			gr->mark[w] = gr->stamp;
			gr->queue[tail++] = w;
		}
	}
	return 0;
}

static int
marked(const struct graph *gr, uint32_t v)
{
	return gr->mark[v] == gr->stamp;
}

/* dst += src where src has an event, saturating: the ceiling caps it. */
static void
sum(const struct cga_profile *p, uint64_t *dst, const uint64_t *src)
{
	size_t	 e;

	for (e = cga_cost_next(p, src, 0); e < p->nev;
	    e = cga_cost_next(p, src, e + 1)) {
		dst[e] = dst[e] + src[e] < dst[e] ? UINT64_MAX :
		    dst[e] + src[e];
		cga_cost_define(p, dst, e);
	}
}

/* A function's own cost and all its calls, into dst. */
static void
whole(const struct cga_profile *p, const struct cga_fn *fn, uint64_t *dst)
{
	const struct cga_call	*c;

	sum(p, dst, fn->self);
	for (c = fn->out; c != NULL; c = c->next_out)
		sum(p, dst, c->cost);
}

/*
 * How a piece of group gid enters it, from its homes outside the group:
 * *outside whether it has one, *inside whether one is in the group,
 * *marked whether one outside is marked by the last search.  0 for a
 * function that is no piece, or a piece of unknown home (a start).
 */
static int
piece_homes(const struct graph *gr, uint32_t gid, uint32_t v, int *outside,
    int *inside, int *marked_out)
{
	const struct cga_homes	*h = gr->h;
	size_t			 k;

	if (h->one[v] == HOME_NONE || h->one[v] == HOME_UNKNOWN)
		return 0;
	*outside = *inside = *marked_out = 0;
	for (k = h->off[v]; k < h->off[v + 1]; k++) {
		if (group_of(gr, h->home[k]) == gid) {
			*inside = 1;
			continue;
		}
		*outside = 1;
		if (marked(gr, h->home[k]))
			*marked_out = 1;
	}
	return 1;
}

/*
 * What enters the group, added to dst: its calls in from outside and its
 * pieces whose code may run under a home outside it, each the whole cost
 * of its calls (as shown) or of the piece (its own and its calls).
 *   ENTER_MIN, after the search from the group: the calls from what it
 *   does not reach, and the pieces all of whose homes lie outside it,
 *   unreached: never under the group, nor under each other;
 *   ENTER_REACHED, after the search from the starts avoiding it: the
 *   calls from what that reached, and the pieces with a home so reached:
 *   every outermost frame of the group's is one of them;
 *   ENTER_ALL: every call in, and every piece with a home outside.
 */
enum enter { ENTER_MIN, ENTER_REACHED, ENTER_ALL };

static void
entries(struct graph *gr, uint32_t gid, enum enter how, uint64_t *dst)
{
	const struct cga_groups	*g = gr->g;
	const struct cga_profile *p = gr->p;
	const struct cga_call	*c;
	const struct cga_fn	*m;
	size_t			 i;
	int			 out, in, mk, take;

	for (i = g->first[gid]; i < g->first[gid + 1]; i++) {
		m = g->members[i];
		for (c = m->in; c != NULL; c = c->next_in) {
			if (group_of(gr, c->key.caller->id) == gid)
				continue;
			if ((how == ENTER_MIN && marked(gr, c->key.caller->id)) ||
			    (how == ENTER_REACHED &&
			    !marked(gr, c->key.caller->id)))
				continue;
			/*
			 * As shown: at most the callee's figure, which
			 * bounds what the calls to it did (a recursive
			 * call's record counts the nested calls again).
			 */
			sum(p, dst, cga_call_cost(c));
		}
		if (!piece_homes(gr, gid, m->id, &out, &in, &mk))
			continue;
		if (how == ENTER_MIN)
			take = out && !in && !mk;
		else if (how == ENTER_REACHED)
			take = mk;
		else
			take = out;
		if (take)
			whole(p, m, dst);
	}
}

/* The calls into the group from components above all of its members'. */
static void
above_all(const struct graph *gr, uint32_t gid, uint64_t *dst)
{
	const struct cga_groups	*g = gr->g;
	const struct cga_call	*c;
	uint32_t		 top = 0;
	size_t			 i;

	for (i = g->first[gid]; i < g->first[gid + 1]; i++)
		if (gr->comp[g->members[i]->id] > top)
			top = gr->comp[g->members[i]->id];
	for (i = g->first[gid]; i < g->first[gid + 1]; i++)
		for (c = g->members[i]->in; c != NULL; c = c->next_in)
			if (group_of(gr, c->key.caller->id) != gid &&
			    gr->comp[c->key.caller->id] > top)
				sum(gr->p, dst, cga_call_cost(c));
}

/* Whether a call into the group, or a piece, comes from what it reaches. */
static int
reentered(struct graph *gr, uint32_t gid)
{
	const struct cga_groups	*g = gr->g;
	const struct cga_call	*c;
	const struct cga_fn	*m;
	size_t			 i;
	int			 out, in, mk;

	for (i = g->first[gid]; i < g->first[gid + 1]; i++) {
		m = g->members[i];
		for (c = m->in; c != NULL; c = c->next_in)
			if (group_of(gr, c->key.caller->id) != gid &&
			    marked(gr, c->key.caller->id))
				return 1;
		if (piece_homes(gr, gid, m->id, &out, &in, &mk) && mk)
			return 1;
	}
	return 0;
}

/* dst = max(dst, src) where src has an event. */
static void
raise(const struct cga_profile *p, uint64_t *dst, const uint64_t *src)
{
	size_t	 e;

	for (e = cga_cost_next(p, src, 0); e < p->nev;
	    e = cga_cost_next(p, src, e + 1)) {
		if (!cga_cost_defined(p, dst, e) || src[e] > dst[e])
			dst[e] = src[e];
		cga_cost_define(p, dst, e);
	}
}

/* Keeps of c the events of own, each at most the ceiling. */
static void
settle(const struct cga_profile *p, uint64_t *c, const uint64_t *own)
{
	size_t	 e;

	for (e = 0; e < p->nev; e++) {
		if (!cga_cost_defined(p, own, e)) {
			c[e] = 0;
			c[p->nev + e / 64] &= ~((uint64_t)1 << (e % 64));
			continue;
		}
		cga_cost_define(p, c, e);
		if (cga_cost_defined(p, p->ceiling, e) && c[e] > p->ceiling[e])
			c[e] = p->ceiling[e];
	}
}

/* LB and UB of group gid, into gr->lb and gr->ub. */
static void
bound(struct graph *gr, uint32_t gid)
{
	const struct cga_profile *p = gr->p;
	const struct cga_groups	*g = gr->g;
	const struct cga_fn	*m, *grp;
	const struct cga_call	*c;
	size_t			 i, cw = p->cw;
	int			 loose = 0;

	memset(gr->lb, 0, cw * sizeof(uint64_t));
	memset(gr->ub, 0, cw * sizeof(uint64_t));
	memset(gr->own, 0, cw * sizeof(uint64_t));
	for (i = g->first[gid]; i < g->first[gid + 1]; i++) {
		m = g->members[i];
		whole(p, m, gr->own);
		/* What the calls in say of an event its members leave out. */
		for (c = m->in; c != NULL; c = c->next_in)
			if (group_of(gr, c->key.caller->id) != gid)
				sum(p, gr->own, c->cost);
		if (!gr->start[m->id])
			continue;
		whole(p, m, gr->ub);
		if (m->nin == 0 && gr->h->one[m->id] == HOME_NONE)
			whole(p, m, gr->lb);
	}
	if (search(gr, gid, 1) == -1)
		loose = 1;
	else {
		entries(gr, gid, ENTER_MIN, gr->lb);
		/*
		 * Nothing it reaches enters it: what enters comes from where
		 * the starts reach without it, all of it.
		 */
		if (!reentered(gr, gid))
			entries(gr, gid, ENTER_ALL, gr->ub);
		else if (search(gr, gid, 0) == -1)
			loose = 1;
		else
			entries(gr, gid, ENTER_REACHED, gr->ub);
	}
	if (loose) {
		/*
		 * Out of work: the bounds every group has.  A caller of a
		 * component numbered above every member's is one no member
		 * reaches (reaching it would number theirs above it).
		 */
		memset(gr->lb, 0, cw * sizeof(uint64_t));
		memset(gr->ub, 0, cw * sizeof(uint64_t));
		for (i = g->first[gid]; i < g->first[gid + 1]; i++) {
			m = g->members[i];
			if (gr->start[m->id])
				whole(p, m, gr->ub);
			if (m->nin == 0 && gr->h->one[m->id] == HOME_NONE)
				whole(p, m, gr->lb);
		}
		above_all(gr, gid, gr->lb);
		entries(gr, gid, ENTER_ALL, gr->ub);
	}
	/*
	 * The group as a function of the groups' graph has the lower bound
	 * of any function (inclusive.c): its own cost and its calls out of
	 * its component there, which never come back to it.  (Not its upper
	 * bounds: a component of groups may hold where a stack begins.)
	 */
	grp = gr->byid[gid];
	cga_fn_incl_min(g->q, grp, gr->tmp);
	raise(p, gr->lb, gr->tmp);
	for (i = g->first[gid]; i < g->first[gid + 1]; i++) {
		m = g->members[i];
		cga_fn_incl_min(p, m, gr->tmp);
		raise(p, gr->lb, gr->tmp);
		raise(p, gr->ub, m->incl);
	}
	settle(p, gr->lb, gr->own);
	raise(p, gr->ub, gr->lb);
	settle(p, gr->ub, gr->own);
}

/* The calls between groups at most their callee's upper bound. */
static void
bound_calls(struct cga_profile *q)
{
	struct cga_call	*c;
	size_t		 i;

	for (i = 0; (c = cga_call_next(q, &i)) != NULL;)
		(void)cga_call_bound(q, c);
}

void
cga_groups_bound(struct cga_groups *g, const struct cga_profile *p)
{
	struct cga_profile	*q = g->q;
	struct graph		 gr;
	struct cga_fn		*fn, *grp;
	size_t			 ng = q->nfns;

	g->incl_min = xcalloc(ng + 1, sizeof(*g->incl_min));
	if (p->diff) {
		/* Signed costs bound nothing: the groups' own figures. */
		for (grp = q->fns; grp != NULL; grp = grp->next)
			g->incl_min[grp->id] = grp->incl;
		return;
	}
	memset(&gr, 0, sizeof(gr));
	gr.p = p;
	gr.g = g;
	gr.h = &g->homes;
	gr.n = p->nfns;
	gr.fns = xcalloc(gr.n + 1, sizeof(*gr.fns));
	if (p->fnv != NULL)
		memcpy(gr.fns, p->fnv, gr.n * sizeof(*gr.fns));
	else
		for (fn = p->fns; fn != NULL; fn = fn->next)
			gr.fns[fn->id] = fn;
	successors(&gr);
	starts(&gr);
	gr.mark = xcalloc(gr.n + 1, sizeof(*gr.mark));
	gr.queue = xcalloc(gr.n + 1, sizeof(*gr.queue));
	gr.work = WORK_PER_EDGE * (uint64_t)(gr.off[gr.n] + gr.n);
	if (gr.work < WORK_LEAST)
		gr.work = WORK_LEAST;
	gr.lb = xcalloc(p->cw, sizeof(uint64_t));
	gr.ub = xcalloc(p->cw, sizeof(uint64_t));
	gr.own = xcalloc(p->cw, sizeof(uint64_t));
	gr.tmp = xcalloc(p->cw, sizeof(uint64_t));
	gr.byid = xcalloc(ng + 1, sizeof(*gr.byid));
	for (grp = q->fns; grp != NULL; grp = grp->next)
		gr.byid[grp->id] = grp;
	for (grp = q->fns; grp != NULL; grp = grp->next) {
		bound(&gr, grp->id);
		g->incl_min[grp->id] = cga_cost_new(q);
		memcpy(g->incl_min[grp->id], gr.lb, p->cw * sizeof(uint64_t));
		memcpy(grp->incl, gr.ub, p->cw * sizeof(uint64_t));
	}
	bound_calls(q);
	free(gr.lb);
	free(gr.ub);
	free(gr.own);
	free(gr.tmp);
	free(gr.mark);
	free(gr.queue);
	free(gr.start);
	free(gr.starts);
	free(gr.comp);
	free(gr.off);
	free(gr.adj);
	free(gr.fns);
	free(gr.byid);
}

int
cga_group_bounded(const struct cga_groups *g, const struct cga_fn *grp,
    size_t e)
{
	const struct cga_profile *q = g->q;
	const uint64_t		 *lo;

	if (g->incl_min == NULL || grp->incl == NULL)
		return 0;
	lo = g->incl_min[grp->id];
	return cga_cost_defined(q, grp->incl, e) &&
	    cga_cost_defined(q, lo, e) && lo[e] != grp->incl[e];
}
