/*
 * group.c: functions gathered into groups, each group one function of a
 * profile of its own.  A call between two functions of one group is work
 * inside the group and joins no groups, so the inclusive cost of a group
 * follows from the same bounds as a function's (inclusive.c), on the
 * graph whose nodes are the groups.
 */
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "group.h"
#include "inclusive.h"
#include "sort.h"

const char *
cga_group_key(enum cga_grouping by, const struct cga_fn *fn)
{
	switch (by) {
	case CGA_GROUP_FILE:
		return fn->key.file;
	case CGA_GROUP_OBJECT:
		return cga_fn_object(fn) != NULL ? cga_fn_object(fn) : "???";
	default:
		return fn->key.name;
	}
}

/* A profile sharing p's events, totals and header, with nothing in it. */
static struct cga_profile *
empty_like(const struct cga_profile *p)
{
	struct cga_profile	*q = cga_profile_new();

	q->ev = p->ev;
	q->nev = p->nev;
	q->nrec = p->nrec;
	q->maskw = p->maskw;
	q->cw = p->cw;
	q->lw = p->lw;
	q->path = p->path;
	q->creator = p->creator;
	q->cmd = p->cmd;
	q->pid = p->pid;
	q->part = p->part;
	q->thread = p->thread;
	q->desc = p->desc;
	q->ndesc = p->ndesc;
	q->parts = p->parts;
	q->nparts = p->nparts;
	q->total = p->total;
	q->calculated = p->calculated;
	q->diff = p->diff;
	q->base = p->base;
	q->base_path = p->base_path;
	return q;
}

/* Each function's group, made as it is first met; -1 on an overflow. */
static int
gather(struct cga_groups *g, const struct cga_profile *p)
{
	struct cga_profile	*q = g->q;
	struct cga_fn		*fn, *grp;
	const char		*key, *empty;

	empty = cga_profile_intern(q, "", 0);
	for (fn = p->fns; fn != NULL; fn = fn->next) {
		key = cga_group_key(g->by, fn);
		key = cga_profile_intern(q, key, strlen(key));
		grp = cga_fn_get(q, empty, key);
		grp->display = key;
		if (g->by == CGA_GROUP_OBJECT)
			grp->obj = key;
		else if (grp->obj == NULL)
			grp->obj = fn->obj;
		grp->listed |= fn->listed;
		g->of[fn->id] = grp;
		if (cga_cost_add(q, grp->self, fn->self) == -1 ||
		    cga_count_add(q, &grp->ncalls, fn->ncalls) == -1)
			return -1;
	}
	return 0;
}

/* The calls from one group to another, summed. */
static int
join(struct cga_groups *g, const struct cga_profile *p)
{
	struct cga_call	*c, *tmp, *e;
	struct cga_fn	*from, *to;

	HASH_ITER(hh, p->calls, c, tmp) {
		from = g->of[c->key.caller->id];
		to = g->of[c->key.callee->id];
		/*
		 * Within a file or an object a call is work inside it; a
		 * name calling itself is recursion, as between functions.
		 */
		if (from == to && g->by != CGA_GROUP_NAME)
			continue;
		e = cga_call_get(g->q, from, to);
		if (cga_count_add(g->q, &e->count, c->count) == -1 ||
		    cga_cost_add(g->q, e->cost, c->cost) == -1)
			return -1;
	}
	return 0;
}

static int
same_file(struct cga_fn *const *fns, size_t n)
{
	size_t	 i;

	for (i = 1; i < n; i++)
		if (fns[i]->key.file != fns[0]->key.file)
			return 0;
	return n > 0;
}

/*
 * Inlined code (fi=, fe=) makes a function of the same name in another
 * file that no call reaches: the calls to the function's entries that
 * are called brought its cost.  Between groups that is a call too: each
 * such island's inclusive cost goes to the groups of those calls'
 * callers, shared in proportion to what each call cost.
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

/* a * b / c, rounded down, for b <= c: a 64-bit result. */
static uint64_t
muldiv(uint64_t a, uint64_t b, uint64_t c)
{
	__extension__ typedef unsigned __int128 u128;

	return (uint64_t)((u128)a * b / c);
}

/* share = part of whole, of cost (per event, rounded down). */
static void
share_of(const struct cga_profile *p, uint64_t *share, const uint64_t *cost,
    const uint64_t *part, const uint64_t *whole)
{
	size_t	 e;

	memset(share, 0, p->cw * sizeof(*share));
	for (e = 0; e < p->nev; e++) {
		if (!cga_cost_defined(p, cost, e) ||
		    !cga_cost_defined(p, part, e) || whole[e] == 0)
			continue;
		share[e] = muldiv(cost[e], part[e], whole[e]);
		cga_cost_define(p, share, e);
	}
}

/* One name's entries, fns[0..n): its islands to its callers' groups. */
static int
islands_of(struct cga_groups *g, struct cga_fn **fns, size_t n,
    uint64_t *whole, uint64_t *share)
{
	const struct cga_profile *q = g->q;
	const struct cga_call	 *c;
	struct cga_call		 *e;
	size_t			  i, j, nislands = 0;

	memset(whole, 0, q->cw * sizeof(*whole));
	for (i = 0; i < n; i++) {
		nislands += fns[i]->in == NULL;
		for (c = fns[i]->in; c != NULL; c = c->next_in)
			if (cga_cost_add(q, whole, c->cost) == -1)
				return -1;
	}
	if (nislands == 0 || nislands == n)
		return 0;
	for (i = 0; i < n; i++) {
		if (fns[i]->in != NULL || fns[i]->incl == NULL)
			continue;
		for (j = 0; j < n; j++)
			for (c = fns[j]->in; c != NULL; c = c->next_in) {
				if (g->of[c->key.caller->id] ==
				    g->of[fns[i]->id])
					continue;
				e = cga_call_get(g->q,
				    g->of[c->key.caller->id],
				    g->of[fns[i]->id]);
				share_of(q, share, fns[i]->incl, c->cost, whole);
				if (cga_cost_add(q, e->cost, share) == -1 ||
				    cga_count_add(q, &e->count, c->count) == -1)
					return -1;
			}
	}
	return 0;
}

static int
islands(struct cga_groups *g, const struct cga_profile *p)
{
	struct cga_fn	**byname, *fn;
	uint64_t	 *whole, *share;
	size_t		  i, j, n = 0;
	int		  rc = 0;

	byname = xcalloc(p->nfns + 1, sizeof(*byname));
	for (fn = p->fns; fn != NULL; fn = fn->next)
		if (cga_fn_namesakes(fn) > 1)
			byname[n++] = fn;
	cga_sort(byname, n, sizeof(*byname), name_cmp, NULL);
	whole = xcalloc(p->cw + 1, sizeof(*whole));
	share = xcalloc(p->cw + 1, sizeof(*share));
	for (i = 0; i < n && rc == 0; i = j) {
		for (j = i; j < n && byname[j]->key.name == byname[i]->key.name;
		    j++)
			;
		rc = islands_of(g, byname + i, j - i, whole, share);
	}
	free(whole);
	free(share);
	free(byname);
	return rc;
}

/* The members of each group together, in the order they were made. */
static void
members(struct cga_groups *g, const struct cga_profile *p)
{
	struct cga_fn		*fn;
	size_t			 ng = g->q->nfns, i, *at;

	g->first = xcalloc(ng + 1, sizeof(*g->first));
	g->members = xcalloc(p->nfns + 1, sizeof(*g->members));
	for (fn = p->fns; fn != NULL; fn = fn->next)
		g->first[g->of[fn->id]->id + 1]++;
	for (i = 0; i < ng; i++)
		g->first[i + 1] += g->first[i];
	at = xcalloc(ng + 1, sizeof(*at));
	memcpy(at, g->first, ng * sizeof(*at));
	for (fn = p->fns; fn != NULL; fn = fn->next)
		g->members[at[g->of[fn->id]->id]++] = fn;
	free(at);
	/* A name whose code lies in one file keeps the file in its name. */
	for (i = 0; g->by == CGA_GROUP_NAME && i < ng; i++) {
		fn = g->members[g->first[i]];
		if (same_file(g->members + g->first[i],
		    g->first[i + 1] - g->first[i]))
			g->of[fn->id]->display = fn->display;
	}
}

int
cga_groups_make(struct cga_groups *g, const struct cga_profile *p,
    enum cga_grouping by, int incl)
{
	int	 rc = 0, silent = cga_diag_silent;

	memset(g, 0, sizeof(*g));
	g->by = by;
	g->q = empty_like(p);
	g->of = xcalloc(p->nfns + 1, sizeof(*g->of));
	/* Islands need inclusive costs, which a difference bounds not. */
	if (gather(g, p) == -1 || join(g, p) == -1 || (p->have_incl &&
	    !p->diff && by != CGA_GROUP_NAME && islands(g, p) == -1)) {
		cga_diag("%s: a group's cost does not fit in 64 bits",
		    p->path);
		return -1;
	}
	members(g, p);
	if (incl) {
		/* What the functions' bounds said of the profile stands. */
		cga_diag_silent = 1;
		rc = cga_profile_inclusive(g->q);
		cga_diag_silent = silent;
		if (rc == -1)
			cga_diag("%s: a group's inclusive cost does not fit "
			    "in 64 bits", p->path);
	}
	return rc;
}

void
cga_groups_free(struct cga_groups *g)
{
	if (g->q != NULL) {
		/* What it shares with the profile stays the profile's. */
		g->q->ev = NULL;
		g->q->nev = 0;
		g->q->desc = NULL;
		g->q->parts = NULL;
		g->q->nparts = 0;
		cga_profile_free(g->q);
	}
	free(g->of);
	free(g->members);
	free(g->first);
	memset(g, 0, sizeof(*g));
}
