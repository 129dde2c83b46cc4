/*
 * view.c: what a report shows, once cli/resolve.c has resolved it from the
 * options and the profile: the functions --focus and --hide let pass, and
 * the ranking and selection of functions and calls that every printer
 * shares.
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/group.h"
#include "base/diag.h"
#include "base/fmt.h"
#include "base/out.h"
#include "base/sort.h"
#include "model/walk.h"
#include "view/columns.h"
#include "view/sources.h"
#include "view/view.h"

/*
 * Whether one of the n regexes matches fn's name, file or object: "???"
 * where it has none, the group --by=object files it under.
 */
static int
matches(const regex_t *re, size_t n, const struct cga_fn *fn)
{
	const char	*obj = cga_group_key(CGA_GROUP_OBJECT, fn);
	size_t		 i;

	for (i = 0; i < n; i++)
		if (regexec(&re[i], fn->key.name, 0, NULL, 0) == 0 ||
		    regexec(&re[i], fn->key.file, 0, NULL, 0) == 0 ||
		    regexec(&re[i], obj, 0, NULL, 0) == 0)
			return 1;
	return 0;
}

/*
 * --focus and --hide: which functions pass (by id), which groups hold one
 * that does, and what the hidden ones cost.
 */
int
cga_view_filters(struct cga_view *v)
{
	const struct cga_profile *p = v->p;
	struct cga_fn		 *fn;
	int			  hide;

	v->pass_fn = xcalloc(p->nfns + 1, 1);
	v->hidden = xcalloc(p->cw + 1, sizeof(*v->hidden));
	for (fn = p->fns; fn != NULL; fn = fn->next) {
		hide = v->nhide > 0 && matches(v->hide, v->nhide, fn);
		v->pass_fn[fn->id] = !hide && (v->nfocus == 0 ||
		    matches(v->focus, v->nfocus, fn));
		if (!hide || !fn->listed)
			continue;
		v->nhidden++;
		if (cga_cost_add(p, v->hidden, fn->self) == -1) {
			cga_diag("%s: the cost of the hidden functions does "
			    "not fit in 64 bits", cga_profile_said(p));
			return -1;
		}
	}
	if (v->groups == NULL) {
		v->pass = v->pass_fn;
		v->pass_fn = NULL;
		return 0;
	}
	v->pass = xcalloc(v->lp->nfns + 1, 1);
	for (fn = p->fns; fn != NULL; fn = fn->next)
		v->pass[v->groups->of[fn->id]->id] |= v->pass_fn[fn->id];
	return 0;
}

int
cga_view_passes(const struct cga_view *v, const struct cga_fn *fn, int member)
{
	if (v->pass == NULL)
		return 1;
	return member && v->pass_fn != NULL ? v->pass_fn[fn->id] :
	    v->pass[fn->id];
}

void
cga_view_free(struct cga_view *v)
{
	if (v->groups != NULL)
		cga_groups_free(v->groups);
	free(v->groups);
	free(v->pass);
	free(v->pass_fn);
	free(v->hidden);
	free(v->show);
	free(v->sort);
	free(v->th);
	free(v->th_text);
	cga_sources_free(v->src);
	memset(v, 0, sizeof(*v));
}

int
cga_view_wants_lines(struct cga_view *v, int all, const char *name)
{
	size_t	 i;

	for (i = 0; i < v->nsources; i++)
		if (strcmp(v->sources[i], name) == 0)
			return 1;
	/* Scripts get every file's lines, sources or not. */
	if (all)
		return 1;
	if (!v->auto_annotate || strcmp(name, "???") == 0)
		return 0;
	return cga_sources_found(v->src, name);
}

int
cga_cost_cmp(const struct cga_view *v, const uint64_t *a, const uint64_t *b)
{
	size_t	 i, e;
	uint64_t x, y;
	int	 da, db;

	for (i = 0; i < v->nsort; i++) {
		e = v->sort[i];
		da = cga_cost_defined(v->p, a, e);
		db = cga_cost_defined(v->p, b, e);
		if (da != db)
			return da ? -1 : 1;
		if (da && v->diff) {
			/* The size of the change, then gains before losses. */
			x = cga_magnitude(a[e]);
			y = cga_magnitude(b[e]);
			if (x != y)
				return x > y ? -1 : 1;
			if (a[e] != b[e])
				return (int64_t)a[e] > (int64_t)b[e] ? -1 : 1;
		} else if (da && a[e] != b[e])
			return a[e] > b[e] ? -1 : 1;
	}
	return 0;
}

const uint64_t *
cga_view_fn_cost(const struct cga_view *v, const struct cga_fn *fn)
{
	return v->inclusive ? fn->incl : fn->self;
}

/* Whether a function is in the list at all, before thresholds. */
static int
fn_listable(const struct cga_view *v, const struct cga_fn *fn)
{
	const uint64_t	*c;
	size_t		 i;

	if (!fn->listed && !(v->inclusive && fn->in != NULL))
		return 0;
	if (!v->diff)
		return 1;
	/* A difference lists what changed. */
	c = cga_view_fn_cost(v, fn);
	for (i = 0; i < v->p->nev; i++)
		if (cga_cost_defined(v->p, c, i) && c[i] != 0)
			return 1;
	return 0;
}

/* Whether a group's member is listed under it. */
static int
member_listed(const struct cga_view *v, const struct cga_fn *fn)
{
	return fn_listable(v, fn) && cga_view_passes(v, fn, 1);
}

/*
 * Whether a row (a function, or a group) is in the list at all: in a
 * difference, a group of a function that changed is, even when their
 * changes cancel out (+3 and -3), with them.
 */
static int
row_listable(const struct cga_view *v, const struct cga_fn *fn)
{
	const struct cga_groups	*gr = v->groups;
	size_t			 i;

	if (fn_listable(v, fn))
		return 1;
	if (!v->diff || gr == NULL)
		return 0;
	for (i = gr->first[fn->id]; i < gr->first[fn->id + 1]; i++)
		if (member_listed(v, gr->members[i]))
			return 1;
	return 0;
}

static int
fn_cmp(const void *a, const void *b, void *ctx)
{
	const struct cga_view	*v = ctx;
	const struct cga_fn	*fa = *(const struct cga_fn *const *)a;
	const struct cga_fn	*fb = *(const struct cga_fn *const *)b;
	int			 c;

	c = cga_cost_cmp(v, cga_view_fn_cost(v, fa), cga_view_fn_cost(v, fb));
	return c != 0 ? c : cga_fn_display_cmp(fa, fb);
}

/* fn_cmp, then the order functions were made in: a total order. */
static int
fn_cmp_made(const void *a, const void *b, void *ctx)
{
	const struct cga_fn	*fa = *(const struct cga_fn *const *)a;
	const struct cga_fn	*fb = *(const struct cga_fn *const *)b;
	int			 c = fn_cmp(a, b, ctx);

	return c != 0 ? c : (fa->id > fb->id) - (fa->id < fb->id);
}

/* Calls by cost, then by caller and callee. */
static int
call_cmp(const void *a, const void *b, void *ctx)
{
	const struct cga_call	*ca = *(const struct cga_call *const *)a;
	const struct cga_call	*cb = *(const struct cga_call *const *)b;
	int			 c;

	c = cga_cost_cmp(ctx, cga_call_cost(ca), cga_call_cost(cb));
	if (c != 0)
		return c;
	c = cga_fn_display_cmp(ca->key.caller, cb->key.caller);
	return c != 0 ? c : cga_fn_display_cmp(ca->key.callee,
	    cb->key.callee);
}

const struct cga_call **
cga_view_calls_of(const struct cga_view *v, const struct cga_fn *fn,
    int callers, size_t *np)
{
	const struct cga_call	 *c;
	const struct cga_call	**list;
	size_t			  n = callers ? fn->nin : fn->nout;

	list = xcalloc(n + 1, sizeof(*list));
	n = 0;
	/* --hide leaves its functions out of these rows too. */
	for (c = callers ? fn->in : fn->out; c != NULL;
	    c = callers ? c->next_in : c->next_out)
		if (!cga_view_hidden(v, callers ? c->key.caller :
		    c->key.callee))
			list[n++] = c;
	cga_sort(list, n, sizeof(*list), call_cmp, (void *)v);
	*np = n;
	return list;
}

const struct cga_call **
cga_view_calls(const struct cga_view *v, size_t *np)
{
	const struct cga_call	**all;
	const struct cga_call	 *c;
	size_t			  i, n = 0;

	all = xcalloc(v->lp->ncalls + 1, sizeof(*all));
	for (i = 0; (c = cga_call_next(v->lp, &i)) != NULL;)
		if (!cga_view_hidden(v, c->key.caller) &&
		    !cga_view_hidden(v, c->key.callee))
			all[n++] = c;
	cga_sort(all, n, sizeof(*all), call_cmp, (void *)v);
	*np = n;
	return all;
}

static int
file_name_cmp(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return strcmp((*(struct cga_file *const *)a)->name,
	    (*(struct cga_file *const *)b)->name);
}

struct cga_file **
cga_view_files(const struct cga_view *v, size_t *np)
{
	struct cga_file	**files, *f;
	size_t		  n = 0;

	files = xcalloc(v->p->nfiles + 1, sizeof(*files));
	for (f = v->p->files; f != NULL; f = f->next)
		files[n++] = f;
	cga_view_sort_files(files, n);
	*np = n;
	return files;
}

void
cga_view_sort_files(struct cga_file **files, size_t n)
{
	struct cga_name_key	*v;
	size_t		 i;

	if (n < 32) {
		cga_sort(files, n, sizeof(*files), file_name_cmp, NULL);
		return;
	}
	v = xcalloc(n, sizeof(*v));
	for (i = 0; i < n; i++) {
		v[i].s = files[i]->name;
		v[i].item = files[i];
	}
	cga_sort_names(v, n);
	for (i = 0; i < n; i++)
		files[i] = v[i].item;
	free(v);
}

/*
 * A function's place by its first sort event alone, kept beside the
 * pointer so that sorting reads no function: the size of its count, with
 * functions that lack the event apart, after the others.  Functions that
 * tie on it are put in order by fn_cmp_made when the listing reaches
 * them, which with a threshold is seldom far.
 */
struct rank {
	uint64_t	 key;
	struct cga_fn	*fn;
};

/* Functions asked for this far ahead of the ranking's walk. */
#define SELECT_AHEAD	16

/* Runs this short are sorted by insertion. */
#define RANK_SHORT	32

/* The bucket of a key's byte at shift: the highest first. */
#define RANK_BUCKET(key, shift)	(255 - ((key) >> (shift) & 0xff))

/*
 * Puts r[0..n) in buckets by the first byte from *shift down where their
 * keys differ, highest first, in place (American flag sort: a copy of
 * the ranks beside them took 12 MB at the 512 MB profile's peak), with
 * count[] each bucket's size; 0 when that leaves them in order: a short
 * run is sorted whole, and keys alike throughout need nothing.  Equal
 * keys come in no given order (fn_cmp_made orders them).
 */
static int
rank_split(struct rank *r, size_t n, unsigned *shift, size_t *count)
{
	struct rank	 x, y;
	size_t		 next[256], end[256], i, j, b, d, sum;

	for (;;) {
		if (n < RANK_SHORT) {
			for (i = 1; i < n; i++) {
				x = r[i];
				for (j = i; j > 0 && r[j - 1].key < x.key; j--)
					r[j] = r[j - 1];
				r[j] = x;
			}
			return 0;
		}
		memset(count, 0, 256 * sizeof(*count));
		for (i = 0; i < n; i++)
			count[RANK_BUCKET(r[i].key, *shift)]++;
		if (count[RANK_BUCKET(r[0].key, *shift)] < n)
			break;
		if (*shift == 0)	/* all share every byte */
			return 0;
		*shift -= 8;
	}
	for (b = 0, sum = 0; b < 256; b++) {
		next[b] = sum;
		sum += count[b];
		end[b] = sum;
	}
	/* Each rank to its bucket, the one it displaces on in turn. */
	for (b = 0; b < 256; b++)
		while (next[b] < end[b]) {
			x = r[next[b]];
			while ((d = RANK_BUCKET(x.key, *shift)) != b) {
				y = r[next[d]];
				r[next[d]++] = x;
				x = y;
			}
			r[next[b]++] = x;
		}
	return 1;
}

/* A run of ranks still to sort from the byte at shift down. */
struct rank_run {
	size_t		 start, n;
	unsigned	 shift;
};

/*
 * Ranks sorted by key, highest first, only as far as the listing reads
 * them: what a threshold leaves out stays in buckets, never sorted.  The
 * runs left partition r[sorted..], the highest on top; a byte at a time,
 * each split pushes at most 256 of them, and seven splits can nest.
 */
struct ranking {
	struct rank	*r;
	size_t		 sorted;	/* r[0..sorted) are in place */
	size_t		 nrun;
	struct rank_run	 run[7 * 256 + 1];
};

static void
rank_start(struct ranking *rk, struct rank *r, size_t n)
{
	rk->r = r;
	rk->sorted = 0;
	rk->nrun = 0;
	if (n > 0)
		rk->run[rk->nrun++] = (struct rank_run){ 0, n, 56 };
}

/*
 * Sorts until r[i] is in its place: with it the run it ends up in, which
 * holds every rank of its key, so that what follows it has another.
 */
static void
rank_upto(struct ranking *rk, size_t i)
{
	struct rank_run	 run;
	size_t		 count[256], b, at;

	while (rk->sorted <= i && rk->nrun > 0) {
		run = rk->run[--rk->nrun];
		if (!rank_split(rk->r + run.start, run.n, &run.shift, count) ||
		    run.shift == 0) {
			rk->sorted = run.start + run.n;
			continue;
		}
		/* The lowest bucket pushed first: the highest comes next. */
		at = run.start + run.n;
		for (b = 256; b-- > 0;) {
			if (count[b] == 0)
				continue;
			at -= count[b];
			rk->run[rk->nrun++] = (struct rank_run){ at, count[b],
			    run.shift - 8 };
		}
	}
}

/* A group's functions' rows must fit the columns too. */
static void
member_widths(const struct cga_view *v, const struct cga_fn *g,
    struct cga_widest *x)
{
	const struct cga_groups	*gr = v->groups;
	size_t			 i;

	for (i = gr->first[g->id]; i < gr->first[g->id + 1]; i++)
		cga_widest_add(v, x, cga_view_fn_cost(v, gr->members[i]));
}

/* Under --tree, call rows must fit the columns too. */
static void
call_widths(const struct cga_view *v, const struct cga_fn *fn,
    struct cga_widest *x)
{
	const struct cga_call	*c;

	if (v->tree & CGA_SHOW_CALLERS)
		for (c = fn->in; c != NULL; c = c->next_in)
			cga_widest_add(v, x, cga_call_cost(c));
	if (v->tree & CGA_SHOW_CALLEES)
		for (c = fn->out; c != NULL; c = c->next_out)
			cga_widest_add(v, x, cga_call_cost(c));
}

const uint64_t *
cga_view_fn_min(const struct cga_view *v, const struct cga_fn *fn)
{
	if (!v->inclusive || v->groups == NULL ||
	    v->groups->incl_min == NULL)
		return NULL;
	return v->groups->incl_min[fn->id];
}

int
cga_view_bounded(const struct cga_view *v, const struct cga_fn *fn,
    size_t e)
{
	return v->inclusive && v->groups != NULL &&
	    cga_group_bounded(v->groups, fn, e);
}

/*
 * The functions to list, to be ranked; their columns' widths added to w,
 * if not NULL.  Those lacking the sort event are set apart at the end,
 * from *ndef on.
 */
static struct rank *
rank_functions(const struct cga_view *v, size_t *np, size_t *ndef, size_t *w)
{
	const struct cga_profile *p = v->lp;
	struct cga_widest	  x;
	struct cga_fn		 *fn;
	struct rank		 *rank;
	const uint64_t		 *cost, *min;
	size_t			  n = 0, lo = 0, hi = p->nfns, i;

	rank = xcalloc(p->nfns + 1, sizeof(*rank));
	if (w != NULL)
		cga_widest_init(v, &x);
	for (fn = NULL, i = 0; (fn = cga_fn_walk(p, fn, i)) != NULL; i++) {
		cga_fn_walk_ahead(p, i, SELECT_AHEAD);
		if (!row_listable(v, fn) || !cga_view_passes(v, fn, 0))
			continue;
		cost = cga_view_fn_cost(v, fn);
		if (w != NULL && (min = cga_view_fn_min(v, fn)) != NULL)
			cga_widths_add_span(v, w, min, cost);
		else if (w != NULL)
			cga_widest_add(v, &x, cost);
		if (w != NULL && v->groups != NULL)
			member_widths(v, fn, &x);
		if (w != NULL && v->tree)
			call_widths(v, fn, &x);
		n++;
		if (v->nsort > 0 && !cga_cost_defined(p, cost, v->sort[0])) {
			rank[--hi].fn = fn;
			continue;
		}
		rank[lo].fn = fn;
		rank[lo++].key = v->nsort == 0 ? 0 : p->diff ?
		    cga_magnitude(cost[v->sort[0]]) : cost[v->sort[0]];
	}
	if (w != NULL)
		cga_widest_done(v, &x, w);
	/* The undefined, gathered at the top end, follow the others. */
	for (i = 0; i < p->nfns - hi; i++)
		rank[lo + i] = rank[hi + i];
	*np = n;
	*ndef = lo;
	return rank;
}

/* fn_cmp where the costs are alike: by name, then as made. */
static int
fn_name_made(const void *a, const void *b, void *ctx)
{
	const struct cga_fn	*fa = *(const struct cga_fn *const *)a;
	const struct cga_fn	*fb = *(const struct cga_fn *const *)b;
	int			 c = cga_fn_display_cmp(fa, fb);

	(void)ctx;
	return c != 0 ? c : (fa->id > fb->id) - (fa->id < fb->id);
}

static int
fn_name(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return cga_fn_display_cmp(*(const struct cga_fn *const *)a,
	    *(const struct cga_fn *const *)b);
}

/*
 * A run sorted by display name, and by the order made where names are
 * alike (made): what fn_name_made and fn_name give, through
 * cga_sort_names; a name not made is read from its file and name.
 */
static void
sort_by_name(struct cga_fn **fns, size_t n, int made)
{
	struct cga_name_key	*v;
	size_t			 i;

	v = xcalloc(n, sizeof(*v));
	for (i = 0; i < n; i++) {
		if (fns[i]->display != NULL)
			v[i].s = fns[i]->display;
		else {
			v[i].s = fns[i]->key.file;
			v[i].rest = fns[i]->key.name;
		}
		v[i].item = fns[i];
		v[i].tie = made ? fns[i]->id : 0;
	}
	cga_sort_names(v, n);
	for (i = 0; i < n; i++)
		fns[i] = v[i].item;
	free(v);
}

/*
 * A run of functions alike in the first sort event put in order:
 * fn_cmp_made, or fn_cmp (stable) for those lacking it.  Alike in the
 * only event, and not a difference (where gains go before losses),
 * their costs compare alike: no comparison reads them.
 */
static void
sort_run(const struct cga_view *v, struct cga_fn **fns, size_t n,
    int defined)
{
	if (v->nsort <= 1 && !v->diff) {
		if (n < 32)
			cga_sort(fns, n, sizeof(*fns), defined ?
			    fn_name_made : fn_name, NULL);
		else
			sort_by_name(fns, n, defined);
	} else
		cga_sort(fns, n, sizeof(*fns), defined ? fn_cmp_made : fn_cmp,
		    (void *)v);
}

static struct cga_fn **
select_ranked(const struct cga_view *v, struct ranking *rk, size_t n,
    size_t ndef, size_t *np)
{
	struct rank		 *rank = rk->r;
	const struct cga_profile *p = v->p;
	struct cga_fn		**fns, *fn;
	const uint64_t		 *cost;
	size_t			  i, j, e, run, shown = 0;
	uint64_t		 *curr;	/* what the listed rows hold */
	uint64_t		 *base;	/* what curr is a share of */
	char			 *neg;	/* inclusive: cost above the total */
	double			  prop;
	int			  reached = 0;

	curr = xcalloc(v->nsort, sizeof(*curr));
	neg = xcalloc(v->nsort, 1);
	base = xcalloc(v->nsort, sizeof(*base));
	for (j = 0; j < v->nsort; j++) {
		e = v->sort[j];
		if (!p->diff) {
			base[j] = cga_cost_defined(p, p->total, e) ?
			    p->total[e] : 0;
			continue;
		}
		/* A difference: the threshold is of all the change listed. */
		for (i = 0; i < n; i++) {
			cost = cga_view_fn_cost(v, rank[i].fn);
			if (cga_cost_defined(p, cost, e) &&
			    __builtin_add_overflow(base[j],
			    cga_magnitude(cost[e]), &base[j]))
				base[j] = UINT64_MAX;
		}
	}
	fns = xcalloc(n + 1, sizeof(*fns));
	for (i = 0; i < n && !reached; i++) {
		if (i < ndef)
			rank_upto(rk, i);
		if (i == 0 || i == ndef || (i < ndef &&
		    rank[i - 1].key != rank[i].key)) {
			for (run = 1; i + run < (i < ndef ? ndef : n) &&
			    rank[i + run].key == rank[i].key; run++)
				;
			/*
			 * Pointers alone sort faster than the records.  Those
			 * lacking the event stand in the reverse of the
			 * order they were made in (rank_functions).
			 */
			if (run > 1) {
				for (j = 0; j < run; j++)
					fns[i + j] = rank[i + j].fn;
				sort_run(v, fns + i, run, i < ndef);
				for (j = 0; j < run; j++)
					rank[i + j].fn = fns[i + j];
			}
		}
		fn = rank[i].fn;
		if (v->top > 0 && shown == v->top)
			break;
		if (v->filter) {
			reached = 1;
			for (j = 0; j < v->nsort; j++) {
				prop = cga_fmt_percent(curr[j], base[j] > 0 ?
				    base[j] : 1);
				reached = reached && !neg[j] &&
				    prop >= v->th[j];
			}
			if (reached)
				break;
		}
		fns[shown++] = fn;
		cost = cga_view_fn_cost(v, fn);
		for (j = 0; j < v->nsort; j++) {
			e = v->sort[j];
			if (!cga_cost_defined(p, cost, e))
				continue;
			if (p->diff) {
				if (__builtin_add_overflow(curr[j],
				    cga_magnitude(cost[e]), &curr[j]))
					curr[j] = UINT64_MAX;
			} else if (v->inclusive) {
				neg[j] = cost[e] > p->total[e];
				curr[j] = neg[j] ? 0 : p->total[e] - cost[e];
			} else if (__builtin_add_overflow(curr[j], cost[e],
			    &curr[j]))
				curr[j] = UINT64_MAX;
		}
	}
	free(curr);
	free(neg);
	free(base);
	*np = shown;
	return fns;
}

struct cga_fn **
cga_view_select(const struct cga_view *v, size_t *widths, size_t *np)
{
	struct ranking	*rk = xmalloc(sizeof(*rk));
	struct rank	*rank;
	struct cga_fn	**fns;
	size_t		 n, ndef;

	rank = rank_functions(v, &n, &ndef, widths);
	rank_start(rk, rank, ndef);
	fns = select_ranked(v, rk, n, ndef, np);
	free(rank);
	free(rk);
	return fns;
}

struct cga_fn **
cga_view_members(const struct cga_view *v, const struct cga_fn *g,
    size_t *np)
{
	const struct cga_groups	*gr = v->groups;
	struct cga_fn		**fns, *fn;
	const uint64_t		 *cost, *gcost = cga_view_fn_cost(v, g);
	size_t			  i, n = 0, shown, e;
	uint64_t		  sum = 0, whole;

	fns = xcalloc(gr->first[g->id + 1] - gr->first[g->id] + 1,
	    sizeof(*fns));
	for (i = gr->first[g->id]; i < gr->first[g->id + 1]; i++) {
		fn = gr->members[i];
		if (member_listed(v, fn))
			fns[n++] = fn;
	}
	cga_sort(fns, n, sizeof(*fns), fn_cmp, (void *)v);
	if (!v->filter || v->nsort == 0) {
		*np = n;
		return fns;
	}
	/* Down to the threshold, of the group's cost of the first event. */
	e = v->sort[0];
	whole = !cga_cost_defined(v->p, gcost, e) ? 0 : v->diff ?
	    cga_magnitude(gcost[e]) : gcost[e];
	for (shown = 0; shown < n; shown++) {
		if (whole > 0 && cga_fmt_percent(sum, whole) >= v->th[0])
			break;
		cost = cga_view_fn_cost(v, fns[shown]);
		if (cga_cost_defined(v->p, cost, e) &&
		    __builtin_add_overflow(sum, v->diff ?
		    cga_magnitude(cost[e]) : cost[e], &sum))
			sum = UINT64_MAX;
	}
	*np = shown;
	return fns;
}

int
cga_view_member_share(const struct cga_view *v, const struct cga_fn *g,
    const struct cga_fn *member, size_t e, double *percent)
{
	const uint64_t	*gc = cga_view_fn_cost(v, g);
	const uint64_t	*c = cga_view_fn_cost(v, member);

	/* Of a group the graph only bounds, no share is known. */
	if (!cga_cost_defined(v->p, c, e) || !cga_cost_defined(v->p, gc, e) ||
	    gc[e] == 0 || cga_view_bounded(v, g, e))
		return 0;
	*percent = v->diff ?
	    (double)(int64_t)c[e] * 100 / (double)(int64_t)gc[e] :
	    cga_fmt_percent(c[e], gc[e]);
	return 1;
}

const char *
cga_view_member_name(const struct cga_view *v, const struct cga_fn *fn)
{
	switch (v->groups->by) {
	case CGA_GROUP_FILE:
		return fn->key.name;
	case CGA_GROUP_NAME:
		return fn->key.file;
	default:
		return fn->display;
	}
}

const char *
cga_view_label(const struct cga_view *v, const struct cga_fn *fn)
{
	return v->groups != NULL ? v->groups->label[fn->id] : fn->display;
}

void
cga_view_print_fn(FILE *out, const struct cga_fn *fn)
{
	/* The colon keeps the escapes of either part apart: the same text. */
	if (fn->display != NULL)
		cga_out_text(out, fn->display);
	else {
		cga_out_text(out, fn->key.file);
		putc(':', out);
		cga_out_text(out, fn->key.name);
	}
}

void
cga_view_print_label(FILE *out, const struct cga_view *v,
    const struct cga_fn *fn)
{
	if (v->groups != NULL)
		cga_out_text(out, v->groups->label[fn->id]);
	else
		cga_view_print_fn(out, fn);
}

void
cga_view_write_json_fn(struct cga_w *w, const struct cga_fn *fn)
{
	if (fn->display != NULL)
		cga_w_json(w, fn->display);
	else
		cga_w_json_parts(w, fn->key.file, ':', fn->key.name);
}

void
cga_view_write_label(struct cga_w *w, const struct cga_view *v,
    const struct cga_fn *fn)
{
	if (v->groups != NULL)
		cga_w_text(w, v->groups->label[fn->id]);
	else if (fn->display != NULL)
		cga_w_text(w, fn->display);
	else {
		cga_w_text(w, fn->key.file);
		cga_w_putc(w, ':');
		cga_w_text(w, fn->key.name);
	}
}

int
cga_view_focused(const struct cga_view *v, const struct cga_fn *fn)
{
	return v->nfocus > 0 && matches(v->focus, v->nfocus, fn);
}

int
cga_view_hidden(const struct cga_view *v, const struct cga_fn *fn)
{
	return v->nhide > 0 && matches(v->hide, v->nhide, fn);
}

/* Profiles up to this size keep each instruction's cost without --asm. */
#define INSTRS_AT_MOST	((uint64_t)64 << 20)

int
cga_view_keeps_instrs(const struct cga_view *v)
{
	struct stat	 st;
	uint64_t	 size = 0;
	size_t		 i;

	if (v->asm_code)
		return 1;
	for (i = 0; i < v->nprofiles; i++)
		if (stat(v->profiles[i], &st) == 0)
			size += (uint64_t)st.st_size;
	return size <= INSTRS_AT_MOST;
}
