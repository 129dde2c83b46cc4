/*
 * diff.c: the difference of two profiles (--diff OLD NEW): a model whose
 * functions, lines, call sites and call edges hold NEW's costs minus OLD's,
 * signed, matched by name; percentages are of OLD's totals.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/diff.h"
#include "base/diag.h"

struct differ {
	struct cga_profile	*d;
	const struct cga_profile *src;	/* the profile being added */
	const size_t		*map;	/* each event of d in src, by name */
	size_t			*map_new;
	size_t			*map_old;
	int			 sign;	/* +1 adding NEW, -1 taking OLD away */
	int			 err;
};

static const char *
intern(struct cga_profile *d, const char *s)
{
	return cga_profile_intern(d, s, strlen(s));
}

/*
 * sign * a count of the source, which is signed when the source is a
 * difference itself (a profile with negative counts); sets the error when
 * that does not fit in 64 bits signed.
 */
static uint64_t
signed_of(struct differ *df, uint64_t c)
{
	if ((!df->src->diff && c > INT64_MAX) ||
	    (df->sign < 0 && c == (uint64_t)INT64_MIN)) {
		df->err = 1;
		return 0;
	}
	return df->sign < 0 ? (uint64_t)0 - c : c;
}

/*
 * dst += sign * src, signed, event by event as named; an event the source
 * lacks counts 0 there.  Sets the error on overflow.
 */
static void
add(struct differ *df, uint64_t *dst, const uint64_t *src)
{
	const struct cga_profile *d = df->d;
	size_t			  i, j;

	for (i = 0; i < d->nev; i++) {
		j = df->map[i];
		if (j == CGA_NOEVENT || !cga_cost_defined(df->src, src, j))
			continue;
		if (cga_count_add(d, &dst[i], signed_of(df, src[j])) == -1)
			df->err = 1;
		cga_cost_define(d, dst, i);
	}
}

static struct cga_fn *
fn_in(struct differ *df, const struct cga_fn *fn)
{
	return cga_fn_get(df->d, intern(df->d, fn->key.file),
	    intern(df->d, fn->key.name));
}

static void
add_line(void *ctx, struct cga_file *f, uint64_t line, uint64_t *cost)
{
	struct differ	*df = ctx;
	struct cga_fn	*owner = cga_line_owner(df->src, cost);
	uint64_t	*c;

	c = cga_line_get(df->d, cga_file_get(df->d, intern(df->d, f->name)),
	    line);
	add(df, c, cost);
	if (owner != NULL)
		cga_line_own(df->d, c, fn_in(df, owner));
}

/* OLD's own costs of a function, kept beside the difference. */
static void
keep_base(struct differ *df, struct cga_fn *dfn, const struct cga_fn *fn)
{
	df->sign = 1;
	dfn->base = cga_arena_alloc(&df->d->arena, sizeof(*dfn->base));
	dfn->base->self = cga_cost_new(df->d);
	add(df, dfn->base->self, fn->self);
	if (df->src->have_incl) {
		dfn->base->incl = cga_cost_new(df->d);
		add(df, dfn->base->incl, fn->incl);
	}
	df->sign = -1;
}

static void
add_profile(struct differ *df, const struct cga_profile *p, int sign)
{
	struct cga_profile	*d = df->d;
	struct cga_fn		*fn, *dfn;
	struct cga_call		*c, *dc;
	size_t			 ci;
	struct cga_site		*s, *ds;
	size_t			 i;
	uint64_t		 at = 0;

	df->sign = sign;
	df->src = p;
	df->map = sign > 0 ? df->map_new : df->map_old;
	for (fn = p->fns; fn != NULL; fn = fn->next) {
		dfn = fn_in(df, fn);
		dfn->listed |= fn->listed;
		/* Named by fn= in either (a home of inlined code): objseq. */
		if (fn->objseq != 0)
			dfn->objseq = 1;
		/* (OLD's and NEW's objects of two builds differ anyway.) */
		dfn->objs |= fn->objs;
		if (fn->obj != NULL && (dfn->obj == NULL || sign > 0))
			dfn->obj = intern(d, fn->obj);
		if (fn->codeobj != NULL && (dfn->codeobj == NULL || sign > 0))
			dfn->codeobj = intern(d, fn->codeobj);
		add(df, dfn->self, fn->self);
		if (p->have_incl) {
			if (dfn->incl == NULL)
				dfn->incl = cga_cost_new(d);
			add(df, dfn->incl, fn->incl);
		}
		if (sign < 0)
			keep_base(df, dfn, fn);
	}
	for (ci = 0; (c = cga_call_next(p, &ci)) != NULL;) {
		dc = cga_call_get(d, fn_in(df, c->key.caller),
		    fn_in(df, c->key.callee));
		if (cga_count_add(d, &dc->count, signed_of(df, c->count)) ==
		    -1)
			df->err = 1;
		add(df, dc->cost, c->cost);
		if (p->have_incl) {
			if (dc->incl == NULL)
				dc->incl = cga_cost_new(d);
			add(df, dc->incl, cga_call_cost(c));
		}
		dc->recursive |= c->recursive;
	}
	cga_lines_each(p, add_line, df);
	for (i = 0; i < p->nsites; i++) {
		s = cga_site_at(p, i);
		ds = cga_site_add(d, cga_file_get(d, intern(d,
		    s->key.file->name)), s->key.line, fn_in(df, s->key.caller),
		    fn_in(df, s->key.callee), &df->err, &at);
		if (ds == NULL) {
			df->err = 1;
			return;
		}
		ds->count = signed_of(df, s->count);
		ds->seq = s->seq;
		add(df, ds->cost, s->cost);
	}
	add(df, d->total, p->total);
}

/* Adds src's event e to ev at *n unless one of its name is there. */
static void
add_event(struct cga_profile *d, struct cga_event *ev, size_t *n,
    const struct cga_event *e)
{
	size_t	 i;

	for (i = 0; i < *n; i++)
		if (strcmp(ev[i].name, e->name) == 0)
			return;
	ev[*n].name = intern(d, e->name);
	if (e->longname != NULL)
		ev[*n].longname = intern(d, e->longname);
	/* Each side's derived counts are computed already: no terms. */
	(*n)++;
}

/*
 * The events of the difference, by name: NEW's and OLD's recorded ones,
 * then their derived ones, each name once.
 */
static struct cga_event *
diff_events(struct cga_profile *d, const struct cga_profile *old,
    const struct cga_profile *new, size_t *nev, size_t *nrec)
{
	struct cga_event	*ev;
	size_t			 n = 0, i;

	ev = xcalloc(old->nev + new->nev + 1, sizeof(*ev));
	for (i = 0; i < new->nrec; i++)
		add_event(d, ev, &n, &new->ev[i]);
	for (i = 0; i < old->nrec; i++)
		add_event(d, ev, &n, &old->ev[i]);
	*nrec = n;
	for (i = new->nrec; i < new->nev; i++)
		add_event(d, ev, &n, &new->ev[i]);
	for (i = old->nrec; i < old->nev; i++)
		add_event(d, ev, &n, &old->ev[i]);
	*nev = n;
	return ev;
}

/* Each event of d in src, by name, or CGA_NOEVENT. */
static size_t *
event_map(const struct cga_profile *d, const struct cga_profile *src)
{
	size_t	*map = xcalloc(d->nev + 1, sizeof(*map));
	size_t	 i;

	for (i = 0; i < d->nev; i++)
		map[i] = cga_event_index(src, d->ev[i].name);
	return map;
}

/* src's cost c in d's events (made in d's arena). */
static uint64_t *
mapped(struct cga_profile *d, const struct cga_profile *src, const uint64_t *c,
    const size_t *map)
{
	uint64_t	*m = cga_cost_new(d);
	size_t		 i;

	for (i = 0; i < d->nev; i++)
		if (map[i] != CGA_NOEVENT && cga_cost_defined(src, c, map[i])) {
			m[i] = c[map[i]];
			cga_cost_define(d, m, i);
		}
	return m;
}

struct cga_profile *
cga_profile_diff(const struct cga_profile *old, const struct cga_profile *new)
{
	struct differ		 df;
	struct cga_profile	*d = cga_profile_new();
	struct cga_event	*ev;
	struct cga_fn		*fn;
	size_t			 nev, nrec, i;
	uint64_t		 at = 0, *base;

	ev = diff_events(d, old, new, &nev, &nrec);
	cga_profile_set_events(d, ev, nev, nrec);
	memset(&df, 0, sizeof(df));
	df.map_new = event_map(d, new);
	df.map_old = event_map(d, old);
	d->diff = 1;
	d->total = cga_cost_new(d);
	base = mapped(d, old, old->total, df.map_old);
	/* OLD with negative counts: shares of the size of its total. */
	for (i = 0; old->diff && i < nev; i++)
		base[i] = cga_magnitude(base[i]);
	d->base = base;
	d->base_path = old->path;
	d->path = new->path;
	d->creator = new->creator;
	d->cmd = new->cmd;
	d->pid = new->pid;
	d->part = new->part;
	d->thread = new->thread;
	d->have_incl = old->have_incl && new->have_incl;
	df.d = d;
	add_profile(&df, new, 1);
	if (!df.err)
		add_profile(&df, old, -1);
	if (!df.err && cga_sites_merge(d, &at) != 0)
		df.err = 1;
	/* A function only one of the two has still has an inclusive cost. */
	for (fn = d->fns; fn != NULL; fn = fn->next)
		if (fn->incl == NULL)
			fn->incl = fn->self;
	free(df.map_new);
	free(df.map_old);
	if (df.err) {
		cga_diag("%s: a difference from %s does not fit in 64 bits",
		    new->path, old->path);
		cga_profile_free(d);
		return NULL;
	}
	return d;
}
