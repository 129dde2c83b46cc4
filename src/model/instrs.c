/*
 * instrs.c: the model's machine code: the cost of each instruction (and of
 * the calls made from it) and the jumps, kept when a format asks for
 * them; appended as the profile is read, merged by sorting.
 */
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/sort.h"
#include "model/model.h"
#include "model/profile.h"

static int
cmp_u64(uint64_t a, uint64_t b)
{
	return a < b ? -1 : a > b;
}

/* A function's number, 0 for none: an order that is the same every run. */
static uint64_t
fn_rank(const struct cga_fn *fn)
{
	return fn != NULL ? (uint64_t)fn->id + 1 : 0;
}

/*
 * Interned names (objects, files, functions) or NULL: equal ones are the
 * same pointer; ordered by text, the same every run.
 */
static int
name_cmp(const char *a, const char *b)
{
	if (a == b)
		return 0;
	if (a == NULL || b == NULL)
		return a == NULL ? -1 : 1;
	return strcmp(a, b);
}

static int
instr_cmp(const void *a, const void *b)
{
	const struct cga_instr	*x = a, *y = b;
	int			 c;

	if ((c = cmp_u64(fn_rank(x->fn), fn_rank(y->fn))) != 0 ||
	    (c = name_cmp(x->obj, y->obj)) != 0 ||
	    (c = cmp_u64(x->addr, y->addr)) != 0 ||
	    (c = cmp_u64(fn_rank(x->callee), fn_rank(y->callee))) != 0 ||
	    (c = cmp_u64(x->file->id, y->file->id)) != 0)
		return c;
	return cmp_u64(x->line, y->line);
}

/* Sorts the log and sums the records of each instruction: 0, or -1. */
static int
instrs_merge(struct cga_profile *p)
{
	struct cga_instr	*r, *to;
	size_t			 i, n = 0;

	if (p->ninstrs < 2)
		return 0;
	qsort(p->instrs, p->ninstrs, p->instrsize, instr_cmp);
	for (i = 0; i < p->ninstrs; i++) {
		r = cga_instr_at(p, i);
		to = n > 0 ? cga_instr_at(p, n - 1) : NULL;
		if (to != NULL && instr_cmp(to, r) == 0) {
			if (cga_count_add(p, &to->count, r->count) == -1 ||
			    cga_cost_add(p, to->cost, r->cost) == -1)
				return -1;
			continue;
		}
		if (n != i)
			memcpy(cga_instr_at(p, n), r, p->instrsize);
		n++;
	}
	p->ninstrs = n;
	return 0;
}

struct cga_instr *
cga_instr_add(struct cga_profile *p, struct cga_fn *fn, uint64_t addr,
    const char *obj, struct cga_fn *callee, struct cga_file *file,
    uint64_t line)
{
	struct cga_instr	*r;

	if (p->ninstrs == p->instrcap) {
		/* Merge first; grow only if that left the log half full. */
		if (instrs_merge(p) == -1)
			return NULL;
		if (p->instrcap == 0 || p->ninstrs > p->instrcap / 2) {
			p->instrsize = sizeof(*r) + p->cw * sizeof(uint64_t);
			p->instrcap = p->instrcap ? 2 * p->instrcap : 1024;
			p->instrs = xreallocarray(p->instrs, p->instrcap,
			    p->instrsize);
		}
	}
	r = cga_instr_at(p, p->ninstrs++);
	memset(r, 0, p->instrsize);
	r->fn = fn;
	r->addr = addr;
	r->obj = obj;
	r->callee = callee;
	r->file = file;
	r->line = line;
	return r;
}

void
cga_jump_add(struct cga_profile *p, const struct cga_jump *j)
{
	if (p->njumps == p->jumpcap) {
		p->jumpcap = p->jumpcap ? 2 * p->jumpcap : 256;
		p->jumps = xreallocarray(p->jumps, p->jumpcap,
		    sizeof(*p->jumps));
	}
	p->jumps[p->njumps++] = *j;
}

/*
 * Records taken from the end of a log at a time: the log is cut to what
 * is left after each (realloc gives a large block's pages back), so
 * that taking a log never holds it twice.  -j 2's merge copied the
 * thread's 1.5 million jumps of the 512 MB profile (143 MB) whole.
 */
#define TAKE_CHUNK	65536

void
cga_jumps_take(struct cga_profile *p, struct cga_jump *v, size_t n)
{
	size_t	 k, at = p->njumps;

	if (n > p->jumpcap - p->njumps) {
		p->jumpcap = p->njumps + n;
		p->jumps = xreallocarray(p->jumps, p->jumpcap,
		    sizeof(*p->jumps));
	}
	p->njumps += n;
	while (n > 0) {
		k = n > TAKE_CHUNK ? n - TAKE_CHUNK : 0;
		memcpy(&p->jumps[at + k], &v[k], (n - k) * sizeof(*v));
		if ((n = k) > 0)
			v = xreallocarray(v, n, sizeof(*v));
	}
	free(v);
}

void
cga_jumps_rename(struct cga_profile *p, const char *from, const char *to)
{
	uint32_t	 f = cga_jump_no(from), t = cga_jump_no(to);
	size_t		 i;

	for (i = 0; i < p->njumps; i++) {
		if (p->jumps[i].tfile == f)
			p->jumps[i].tfile = t;
		if (p->jumps[i].tfn == f)
			p->jumps[i].tfn = t;
	}
}

/* Names as jumps number them, ordered by text as name_cmp orders them. */
static int
jname_cmp(const struct cga_profile *p, uint32_t a, uint32_t b)
{
	if (a == b)
		return 0;
	return name_cmp(cga_jump_name(p, a), cga_jump_name(p, b));
}

/* The model's order of jumps, after their function's (jumps_sort). */
static int
jump_cmp(const struct cga_profile *p, const struct cga_jump *x,
    const struct cga_jump *y)
{
	int	 c;

	if ((c = jname_cmp(p, x->obj, y->obj)) != 0 ||
	    (c = cmp_u64(x->addr, y->addr)) != 0 ||
	    (c = cmp_u64(x->file->id, y->file->id)) != 0 ||
	    (c = cmp_u64(x->line, y->line)) != 0 ||
	    (c = cmp_u64(x->cond, y->cond)) != 0 ||
	    (c = jname_cmp(p, x->tfile, y->tfile)) != 0 ||
	    (c = jname_cmp(p, x->tfn, y->tfn)) != 0 ||
	    (c = cmp_u64(x->taddr, y->taddr)) != 0)
		return c;
	return cmp_u64(x->tline, y->tline);
}

/* cga_jumps_sort_ix's comparison and profile, for cga_sort. */
struct ix_order {
	const struct cga_profile *p;
	cga_jump_cmp_fn		 *cmp;
};

static int
ix_cmp(const void *a, const void *b, void *ctx)
{
	const struct ix_order	*o = ctx;

	return o->cmp(o->p, &o->p->jumps[*(const uint32_t *)a],
	    &o->p->jumps[*(const uint32_t *)b]);
}

void
cga_jumps_sort_ix(const struct cga_profile *p, uint32_t *ix, size_t n,
    cga_jump_cmp_fn *cmp)
{
	struct ix_order	 o = { p, cmp };
	size_t		 i, k;
	uint32_t	 x;

	if (n > 32) {
		cga_sort(ix, n, sizeof(*ix), ix_cmp, &o);
		return;
	}
	for (i = 1; i < n; i++) {
		x = ix[i];
		for (k = i; k > 0 && cmp(p, &p->jumps[ix[k - 1]],
		    &p->jumps[x]) > 0; k--)
			ix[k] = ix[k - 1];
		ix[k] = x;
	}
}

/*
 * The log in the model's order, stably: by function (counted), then
 * within each function's few; the records are moved into place along
 * the permutation's cycles.  qsort of the records took 0.5 s of the
 * 512 MB profile's --format=json, and room for 16 bytes a jump.
 */
static void
jumps_sort(struct cga_profile *p)
{
	struct cga_jump	 tmp;
	uint32_t	*ix, *at;
	size_t		 i, j, k, n = p->njumps, nf = p->nfns;

	if (n >= UINT32_MAX)
		cga_oom();
	at = xcalloc(nf + 2, sizeof(*at));
	for (i = 0; i < n; i++)
		at[fn_rank(p->jumps[i].fn) + 1]++;
	for (i = 0; i <= nf; i++)
		at[i + 1] += at[i];
	ix = xcalloc(n + 1, sizeof(*ix));
	for (i = 0; i < n; i++)
		ix[at[fn_rank(p->jumps[i].fn)]++] = (uint32_t)i;
	/* at[r] is where rank r + 1 starts now: rank r ends there. */
	for (i = 0, j = 0; i <= nf; j = at[i++])
		cga_jumps_sort_ix(p, ix + j, at[i] - j, jump_cmp);
	free(at);
	/* The jump ix[k] goes to k: each cycle of the permutation in turn. */
	for (i = 0; i < n; i++) {
		if (ix[i] == i)
			continue;
		tmp = p->jumps[i];
		for (j = i; ix[j] != i; j = k) {
			k = ix[j];
			p->jumps[j] = p->jumps[k];
			ix[j] = (uint32_t)j;
		}
		p->jumps[j] = tmp;
		ix[j] = (uint32_t)j;
	}
	free(ix);
}

static int
jumps_merge(struct cga_profile *p)
{
	struct cga_jump	*to;
	size_t		 i, n = 0;

	if (p->njumps < 2)
		return 0;
	jumps_sort(p);
	for (i = 0; i < p->njumps; i++) {
		to = n > 0 ? &p->jumps[n - 1] : NULL;
		if (to != NULL && to->fn == p->jumps[i].fn &&
		    jump_cmp(p, to, &p->jumps[i]) == 0) {
			if (cga_count_add(p, &to->count, p->jumps[i].count) ==
			    -1 || cga_count_add(p, &to->executed,
			    p->jumps[i].executed) == -1)
				return -1;
			continue;
		}
		p->jumps[n++] = p->jumps[i];
	}
	p->njumps = n;
	return 0;
}

int
cga_code_finish(struct cga_profile *p)
{
	struct cga_instr	*r;
	size_t			 i;

	for (i = 0; i < p->ninstrs; i++) {
		r = cga_instr_at(p, i);
		r->fn = cga_fn_final(r->fn);
		if (r->callee != NULL)
			r->callee = cga_fn_final(r->callee);
		r->file = cga_file_final(r->file);
	}
	for (i = 0; i < p->njumps; i++) {
		p->jumps[i].fn = cga_fn_final(p->jumps[i].fn);
		p->jumps[i].file = cga_file_final(p->jumps[i].file);
	}
	if (instrs_merge(p) == -1 || jumps_merge(p) == -1)
		return -1;
	for (i = 0; i < p->ninstrs && p->nev > p->nrec; i++)
		if (cga_cost_derive(p, cga_instr_at(p, i)->cost) == -1)
			return -1;
	return 0;
}

/* Where fn's records start in records sorted by function: the first. */
static size_t
first_of(const void *base, size_t n, size_t size, const struct cga_fn *fn)
{
	const char	*b = base;
	size_t		 lo = 0, hi = n, mid;
	uint64_t	 want = fn_rank(fn);

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		/* Both records begin with their function. */
		if (fn_rank(*(struct cga_fn *const *)(const void *)(b +
		    mid * size)) < want)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

size_t
cga_instrs_of(const struct cga_profile *p, const struct cga_fn *fn,
    size_t *first)
{
	size_t	 i;

	*first = first_of(p->instrs, p->ninstrs, p->instrsize, fn);
	for (i = *first; i < p->ninstrs && cga_instr_at(p, i)->fn == fn; i++)
		;
	return i - *first;
}

size_t
cga_jumps_of(const struct cga_profile *p, const struct cga_fn *fn,
    size_t *first)
{
	size_t	 i;

	*first = first_of(p->jumps, p->njumps, sizeof(*p->jumps), fn);
	for (i = *first; i < p->njumps && p->jumps[i].fn == fn; i++)
		;
	return i - *first;
}
