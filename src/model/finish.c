/*
 * finish.c: the model once every profile is read: functions and files a
 * name id's late definition merged settled, call sites merged, derived
 * events' counts computed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "model/model.h"
#include "model/profile.h"
#include "model/objs.h"

static void
owner_final(void *ctx, struct cga_file *f, uint64_t line, uint64_t *cost)
{
	const struct cga_profile	*p = ctx;
	struct cga_fn			*owner = cga_line_owner(p, cost);

	(void)f;
	(void)line;
	if (owner != NULL && owner->gone)
		cost[p->cw] = (uint64_t)(uintptr_t)cga_fn_final(owner);
}

static int
seq_cmp(const struct cga_call *a, const struct cga_call *b)
{
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/* A list of calls in the order they were made, newest first. */
static struct cga_call *
calls_sorted(struct cga_call *head, size_t n, int out)
{
	struct cga_call	**v, *c;
	size_t		  i;

	v = xcalloc(n + 1, sizeof(*v));
	for (i = 0, c = head; c != NULL; c = out ? c->next_out : c->next_in)
		v[i++] = c;
	for (i = 1; i < n; i++) {	/* nearly sorted: insertion */
		struct cga_call	*x = v[i];
		size_t		 j = i;

		for (; j > 0 && v[j - 1]->seq < x->seq; j--)
			v[j] = v[j - 1];
		v[j] = x;
	}
	for (i = 0; i < n; i++) {
		if (out)
			v[i]->next_out = v[i + 1];
		else
			v[i]->next_in = v[i + 1];
	}
	head = v[0];
	free(v);
	return head;
}

/*
 * The merged files and functions leave the model, which is numbered
 * again; line owners and call sites name where they went; call edges
 * stand in the order they were made, as if no merge had been.
 */
static void
merges_settle(struct cga_profile *p)
{
	struct cga_fn	**fp, *fn;
	struct cga_file	**pp, *f;
	struct cga_site	*s;
	size_t		 i;

	for (fn = p->fns; fn != NULL; fn = fn->next) {
		fn->out = calls_sorted(fn->out, fn->nout, 1);
		fn->in = calls_sorted(fn->in, fn->nin, 0);
	}
	cga_calls_by_seq(p);

	cga_lines_each(p, owner_final, p);
	for (i = 0; i < p->nsites; i++) {
		s = cga_site_at(p, i);
		s->key.caller = cga_fn_final(s->key.caller);
		s->key.callee = cga_fn_final(s->key.callee);
	}
	p->nfns = 0;
	p->fns_last = NULL;
	for (fp = &p->fns; (fn = *fp) != NULL;) {
		if (fn->gone) {
			*fp = fn->next;
			continue;
		}
		fn->id = (uint32_t)p->nfns;
		if (p->fnv != NULL)
			p->fnv[p->nfns] = fn;
		p->nfns++;
		p->fns_last = fn;
		fp = &fn->next;
	}
	p->nfiles = 0;
	p->files_last = NULL;
	for (pp = &p->files; (f = *pp) != NULL;) {
		if (f->merged != NULL) {
			*pp = f->next;
			continue;
		}
		f->id = p->nfiles++;
		p->files_last = f;
		pp = &f->next;
	}
	p->nmerged = 0;
}

struct derive {
	const struct cga_profile	*p;
	int				 err;
};

static void
derive_line(void *ctx, struct cga_file *f, uint64_t line, uint64_t *cost)
{
	struct derive	*d = ctx;

	(void)f;
	(void)line;
	d->err |= cga_cost_derive(d->p, cost);
}

/* Whether each of a cost's counters fits in 64 bits signed. */
static int
fits_signed(const struct cga_profile *p, const uint64_t *c)
{
	size_t	 i;

	for (i = 0; c != NULL && i < p->nev; i++)
		if (c[i] > INT64_MAX)
			return 0;
	return 1;
}

/* The same for a part's list of counts. */
static int
counts_fit_signed(const struct cga_evcount *v, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (v[i].n > INT64_MAX)
			return 0;
	return 1;
}

struct fit {
	const struct cga_profile	*p;
	int				 ok;
};

static void
line_fits(void *ctx, struct cga_file *f, uint64_t line, uint64_t *cost)
{
	struct fit	*fit = ctx;

	(void)f;
	(void)line;
	fit->ok &= fits_signed(fit->p, cost);
}

/*
 * Every count so far is at least 0: the model becomes signed if each
 * of them, and each sum of them, fits in 64 bits signed.  Once, when a
 * negative count first comes, so it may look at everything.
 */
int
cga_profile_make_signed(struct cga_profile *p)
{
	struct cga_fn	*fn;
	struct cga_call	*c;
	struct cga_site	*s;
	struct fit	 fit = { p, 1 };
	size_t		 i;

	fit.ok = fits_signed(p, p->total);
	for (i = 0; i < p->nparts; i++)
		fit.ok &= counts_fit_signed(p->parts[i].total,
		    p->parts[i].ntotal) && counts_fit_signed(p->parts[i].self,
		    p->parts[i].nself);
	/* The part being read: its cost lines so far. */
	if (p->scratch != NULL)
		fit.ok &= fits_signed(p, p->scratch);
	for (fn = p->fns; fn != NULL; fn = fn->next)
		fit.ok &= fits_signed(p, fn->self) && fn->ncalls <= INT64_MAX;
	for (i = 0; (c = cga_call_next(p, &i)) != NULL;)
		fit.ok &= fits_signed(p, c->cost) && c->count <= INT64_MAX;
	for (i = 0; i < p->nsites; i++) {
		s = cga_site_at(p, i);
		fit.ok &= fits_signed(p, s->cost) && s->count <= INT64_MAX;
	}
	cga_lines_each(p, line_fits, &fit);
	if (!fit.ok)
		return -1;
	p->diff = 1;
	return 0;
}

/* A profile with negative counts shows shares of the size of its total. */
static void
signed_base(struct cga_profile *p)
{
	uint64_t	*b = cga_cost_new(p);
	size_t		 i;

	memcpy(b, p->total, p->cw * sizeof(*b));
	for (i = 0; i < p->nev; i++)
		b[i] = cga_magnitude(b[i]);
	p->base = b;
}

/* The derived events of each part's total and sum of its cost lines. */
static int
parts_derive(struct cga_profile *p)
{
	struct cga_part	*pt;
	uint64_t	*c = xcalloc(p->cw, sizeof(*c));
	size_t		 i;
	int		 err = 0;

	for (i = 0; i < p->nparts && !err; i++) {
		pt = &p->parts[i];
		cga_evcounts_cost(p, pt->total, pt->ntotal, c);
		err = cga_cost_derive(p, c);
		pt->total = cga_evcounts_of(p, c, &pt->ntotal);
		cga_evcounts_cost(p, pt->self, pt->nself, c);
		err |= cga_cost_derive(p, c);
		pt->self = cga_evcounts_of(p, c, &pt->nself);
	}
	free(c);
	return err;
}

/*
 * A log of n records of size bytes in room for *cap, made to fit: the
 * logs of sites and instructions fill their room before each merge, and
 * the log of jumps grows by doubling; none takes records once the model
 * is finished.  What is given back is memory in use, the records merged
 * away (a log is mapped apart, xalloc.c): 20 MB of jumps on the 512 MB
 * profile, for --format=json.
 */
static void *
log_fit(void *log, size_t n, size_t *cap, size_t size)
{
	if (n == *cap)
		return log;
	if (n == 0) {
		free(log);
		*cap = 0;
		return NULL;
	}
	*cap = n;
	return xreallocarray(log, n, size);
}

int
cga_profile_finish_code_quiet(struct cga_profile *p)
{
	if (cga_code_finish(p) == -1)
		return -1;
	p->instrs = log_fit(p->instrs, p->ninstrs, &p->instrcap,
	    p->instrsize);
	p->jumps = log_fit(p->jumps, p->njumps, &p->jumpcap,
	    sizeof(*p->jumps));
	return 0;
}

void
cga_profile_finish_code_failed(const struct cga_profile *p)
{
	cga_diag("%s: a sum of instruction costs or jump counts does not fit "
	    "in 64 bits", cga_profile_said(p));
}

int
cga_profile_finish(struct cga_profile *p)
{
	if (cga_profile_finish_model(p) == -1)
		return -1;
	if (cga_profile_finish_code_quiet(p) == -1) {
		cga_profile_finish_code_failed(p);
		return -1;
	}
	return 0;
}

const char *
cga_profile_said(const struct cga_profile *p)
{
	return p->said != NULL ? p->said : p->path;
}

/*
 * p->said: the file its parts came from, or, when they came from several,
 * the first and how many others.
 */
static void
name_files(struct cga_profile *p)
{
	const char	*first = NULL;
	char		*s;
	size_t		 i, others = 0, len;

	for (i = 0; i < p->nparts; i++) {
		if (first == NULL)
			first = p->parts[i].path;
		else if (p->parts[i].path != p->parts[i - 1].path &&
		    strcmp(p->parts[i].path, first) != 0)
			others++;
	}
	if (first == NULL || others == 0) {
		p->said = first;
		return;
	}
	len = strlen(first) + 48;
	s = cga_arena_alloc(&p->arena, len);
	snprintf(s, len, "%s and %zu other profile%s", first, others,
	    others == 1 ? "" : "s");
	p->said = s;
}

int
cga_profile_finish_model(struct cga_profile *p)
{
	struct cga_fn	*fn;
	struct cga_call	*c;
	struct derive	 d;
	size_t		 i;
	uint64_t	 at = 0;
	int		 err = 0;

	cga_objpairs_settle(p);
	name_files(p);
	if (p->nmerged > 0)
		merges_settle(p);
	if (p->late_display && !p->no_display)
		cga_fn_displays(p);
	if ((err = cga_sites_merge(p, &at)) != 0) {
		/* The last file loaded: sites of earlier ones were merged. */
		cga_diag_msg(p->parts[p->nparts - 1].path, at, err == -1 ?
		    CGA_MSG_CALL_COUNT_SUM : CGA_MSG_CALL_COST_SUM, NULL, 0);
		return -1;
	}
	p->sites = log_fit(p->sites, p->nsites, &p->sitecap, p->sitesize);
	if (p->nev == p->nrec)
		goto out;
	err |= cga_cost_derive(p, p->total);
	err |= parts_derive(p);
	for (fn = p->fns; fn != NULL; fn = fn->next)
		err |= cga_cost_derive(p, fn->self);
	for (i = 0; (c = cga_call_next(p, &i)) != NULL;)
		err |= cga_cost_derive(p, c->cost);
	for (i = 0; i < p->nsites; i++)
		err |= cga_cost_derive(p, cga_site_at(p, i)->cost);
	d.p = p;
	d.err = 0;
	cga_lines_each(p, derive_line, &d);
	err |= d.err;
	if (err) {
		cga_diag_msg(cga_profile_said(p), 0, CGA_MSG_DERIVED_BIG, NULL,
		    0);
		return -1;
	}
out:
	if (p->diff && p->base == NULL)
		signed_base(p);
	return 0;
}
