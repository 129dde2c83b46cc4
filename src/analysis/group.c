/*
 * group.c: functions gathered into groups, each group one function of a
 * profile of its own.  A call between two functions of one group is work
 * inside the group and joins no groups, so the inclusive cost of a group
 * follows from the same bounds as a function's (inclusive.c), on the
 * graph whose nodes are the groups.  Code inlined from another file (fi=,
 * fe=) is a function of that file that no call reaches: the call that
 * brought it is internal to the caller's file, so the calling file's
 * inclusive cost leaves it out, as the rule says; objects are whole.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/group.h"
#include "analysis/inclusive.h"
#include "base/diag.h"
#include "model/walk.h"

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
	q->no_owners = p->no_owners;
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
	cga_fns_index(q);	/* walked as a graph: stacks.c, inclusive.c */
	return q;
}

/*
 * The group of a function with its inlined pieces: named after the
 * function (file:name), the home of each piece that has one home; a
 * piece of none or several is a group of its own.
 */
static struct cga_fn *
home_group(struct cga_groups *g, const struct cga_profile *p,
    struct cga_fn *const *byid, struct cga_namemap *names,
    const struct cga_fn *fn)
{
	const struct cga_fn	*home = fn;
	struct cga_fn		*grp;

	/* Past the ids: a mark of no home, or several. */
	if (g->homes.one[fn->id] < p->nfns)
		home = byid[g->homes.one[fn->id]];
	grp = cga_fn_get(g->q, cga_namemap_get(names, home->key.file),
	    cga_namemap_get(names, home->key.name));
	/*
	 * Its display name is its home's, "file:name" of the same bytes: the
	 * group profile's own copies of 759,000 of them took 45 MB.
	 */
	if (grp->display == NULL)
		grp->display = home->display;
	return grp;
}

/*
 * Each function's group, made as it is first met, and its group's id in
 * gid; -1 on an overflow.
 */
static int
gather(struct cga_groups *g, const struct cga_profile *p,
    struct cga_fn *const *byid, size_t *gid)
{
	struct cga_profile	*q = g->q;
	struct cga_fn		*fn, *grp;
	struct cga_namemap	 names;
	const char		*key = NULL, *empty;
	size_t			 i;
	int			 rc = 0, nameless = 0;

	empty = cga_profile_intern(q, "", 0);
	if (g->by == CGA_GROUP_NAME) {
		cga_namemap_init(&names, p, q);
		q->late_display = 1;	/* home_group gives them */
	}
	for (i = 0; i < p->nfns && rc == 0; i++) {
		if (i + FETCH_AHEAD < p->nfns)
			__builtin_prefetch(byid[i + FETCH_AHEAD]);
		fn = byid[i];
		if (g->by == CGA_GROUP_NAME) {
			grp = home_group(g, p, byid, &names, fn);
			nameless |= grp->display == NULL;
		} else {
			key = cga_group_key(g->by, fn);
			key = cga_profile_intern(q, key, strlen(key));
			grp = cga_fn_get(q, empty, key);
			grp->display = key;
		}
		if (g->by == CGA_GROUP_OBJECT)
			grp->obj = key;
		else if (grp->obj == NULL)
			grp->obj = fn->obj;
		grp->listed |= fn->listed;
		g->of[fn->id] = grp;
		gid[fn->id] = grp->id;
		if (cga_cost_add(q, grp->self, fn->self) == -1 ||
		    cga_count_add(q, &grp->ncalls, fn->ncalls) == -1) {
			rc = -1;
			break;
		}
		/* A difference: the old profile's exclusive cost too. */
		if (cga_fn_base_self(fn) == NULL)
			continue;
		if (grp->base == NULL) {
			grp->base = cga_arena_alloc(&q->arena,
			    sizeof(*grp->base));
			grp->base->self = cga_cost_new(q);
		}
		if (cga_cost_add(q, grp->base->self, fn->base->self) == -1)
			rc = -1;
	}
	if (g->by == CGA_GROUP_NAME) {
		cga_namemap_free(&names);
		/* Homes of a model of no display names: made here. */
		if (nameless)
			cga_fn_displays(q);
		q->late_display = 0;
	}
	return rc;
}

/* The calls from one group to another, summed. */
static int
join(struct cga_groups *g, const struct cga_profile *p)
{
	struct cga_call	*c, *e;
	struct cga_fn	*from, *to;
	size_t		 i;

	for (i = 0; (c = cga_call_next(p, &i)) != NULL;) {
		cga_call_fetch_ahead(p, i, FETCH_AHEAD);
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

/*
 * The members of each group together, in the order they were made: by
 * id, from byid, rather than down the list, whose every step waits for
 * a cache miss (0.3 s of the 512 MB profile's page, walked twice).
 */
static void
members(struct cga_groups *g, const struct cga_profile *p,
    struct cga_fn *const *byid, const size_t *gid)
{
	size_t			 ng = g->q->nfns, i, *at;

	g->first = xcalloc(ng + 1, sizeof(*g->first));
	g->members = xcalloc(p->nfns + 1, sizeof(*g->members));
	for (i = 0; i < p->nfns; i++)
		g->first[gid[i] + 1]++;
	for (i = 0; i < ng; i++)
		g->first[i + 1] += g->first[i];
	at = xcalloc(ng + 1, sizeof(*at));
	memcpy(at, g->first, ng * sizeof(*at));
	for (i = 0; i < p->nfns; i++)
		g->members[at[gid[i]]++] = byid[i];
	free(at);
	/* By id too: a walk down q's list waits for each function. */
	g->label = xcalloc(ng + 1, sizeof(*g->label));
	for (i = 0; i < ng; i++) {
		if (i + FETCH_AHEAD < ng)
			__builtin_prefetch(g->q->fnv[i + FETCH_AHEAD]);
		g->label[i] = g->q->fnv[i]->display;
	}
}

int
cga_groups_make(struct cga_groups *g, const struct cga_profile *p,
    enum cga_grouping by, int incl, int quiet)
{
	struct cga_fn	**byid;
	size_t		 *gid;
	int		  rc = 0, silent = cga_diag_silent;

	memset(g, 0, sizeof(*g));
	g->by = by;
	g->q = empty_like(p);
	g->of = xcalloc(p->nfns + 1, sizeof(*g->of));
	byid = cga_fns_by_id(p);
	cga_homes_make(&g->homes, p, byid);
	/* Each function's group's id, read in order rather than from it. */
	gid = xcalloc(p->nfns + 1, sizeof(*gid));
	rc = gather(g, p, byid, gid) == -1 || join(g, p) == -1 ? -1 : 0;
	if (rc == -1) {
		free(gid);
		free(byid);
		if (!quiet)
			cga_diag("%s: a group's cost does not fit in 64 bits",
			    cga_profile_said(p));
		return -1;
	}
	members(g, p, byid, gid);
	free(gid);
	free(byid);
	if (incl) {
		/* What the functions' bounds said of the profile stands. */
		cga_diag_silent = 1;
		rc = cga_profile_inclusive(g->q);
		cga_diag_silent = silent;
		if (rc == -1)
			cga_diag("%s: a group's inclusive cost does not fit "
			    "in 64 bits", cga_profile_said(p));
		else
			cga_groups_bound(g, p);
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
	free(g->label);
	free(g->incl_min);
	cga_homes_free(&g->homes);
	memset(g, 0, sizeof(*g));
}
