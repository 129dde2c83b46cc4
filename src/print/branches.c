/*
 * branches.c: the jumps and conditional branches of each source line, as
 * source annotation prints them under the line and --format=json lists
 * them with the line's cost; and the call sites annotation prints there.
 */
#include <stdlib.h>
#include <string.h>

#include "base/fmt.h"
#include "base/out.h"
#include "base/sort.h"
#include "print/branches.h"
#include "view/columns.h"

/*
 * The jumps of one line to one target, summed over its instructions: the
 * first of them (its file, line, kind, target and function are the
 * branch's) and the sums.  The line is kept here too, for the search.
 */
struct cga_branch {
	const struct cga_jump *j;
	uint64_t	 line;
	uint64_t	 count;
	uint64_t	 executed;
};

struct cga_branches {
	struct cga_branch *v;
	size_t		  n;
	size_t		 *at;	/* file number's first branch, nfiles + 1 */
	size_t		  nfiles;
	size_t		  next;	/* where the last line's branches ended */
};

static int
u64_cmp(uint64_t a, uint64_t b)
{
	return a < b ? -1 : a > b;
}

static int
str_cmp(const char *a, const char *b)
{
	return a == b ? 0 : strcmp(a, b);
}

/* By file and line; conditional ones first, then by target. */
static int
branch_cmp(const void *a, const void *b, void *ctx)
{
	const struct cga_branch	*x = a, *y = b;
	int			 c;

	(void)ctx;
	if ((c = u64_cmp(x->j->file->id, y->j->file->id)) != 0 ||
	    (c = u64_cmp(x->line, y->line)) != 0 ||
	    (c = y->j->cond - x->j->cond) != 0 ||
	    (c = str_cmp(x->j->tfile, y->j->tfile)) != 0 ||
	    (c = u64_cmp(x->j->tline, y->j->tline)) != 0)
		return c;
	return str_cmp(x->j->tfn, y->j->tfn);
}

/*
 * A branch's number in the log, with a key that orders branches as
 * branch_cmp does where it differs: file and line, each cut to 32 bits
 * (past them, equal keys leave it to branch_cmp).
 */
struct branch_at {
	uint64_t	 key;
	size_t		 i;
};

static uint64_t
branch_key(const struct cga_branch *r)
{
	if (r->j->file->id >= UINT32_MAX)
		return (uint64_t)UINT32_MAX << 32;
	return (uint64_t)r->j->file->id << 32 | (r->line < UINT32_MAX ? r->line :
	    UINT32_MAX);
}

static int
branch_at_cmp(const void *a, const void *b, void *ctx)
{
	const struct branch_at	*x = a, *y = b;
	const struct cga_branch	*v = ctx;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return branch_cmp(&v[x->i], &v[y->i], NULL);
}

/*
 * Sorts the branches stably, as cga_sort would, but their numbers and
 * keys rather than the branches themselves, which are then moved into
 * place: most comparisons read two keys side by side rather than two
 * jumps and their files at random.
 */
static void
branches_sort(struct cga_branch *v, size_t n)
{
	struct branch_at	*at;
	struct cga_branch	 tmp;
	size_t			 i, j, k;

	if (n < 2)
		return;
	at = xcalloc(n, sizeof(*at));
	for (i = 0; i < n; i++) {
		at[i].key = branch_key(&v[i]);
		at[i].i = i;
	}
	cga_sort(at, n, sizeof(*at), branch_at_cmp, v);
	/* Branch at[j].i goes to j: each cycle of the permutation in turn. */
	for (i = 0; i < n; i++) {
		if (at[i].i == i)
			continue;
		tmp = v[i];
		for (j = i; at[j].i != i; j = k) {
			k = at[j].i;
			v[j] = v[k];
			at[j].i = j;
		}
		v[j] = tmp;
		at[j].i = j;
	}
	free(at);
}

/* Adds b's counts to a: 0, or -1 (a left as it was) when one overflows. */
static int
branch_add(const struct cga_profile *p, struct cga_branch *a,
    const struct cga_branch *b)
{
	uint64_t	 count = a->count, executed = a->executed;

	if (cga_count_add(p, &count, b->count) == -1 ||
	    cga_count_add(p, &executed, b->executed) == -1)
		return -1;
	a->count = count;
	a->executed = executed;
	return 0;
}

struct cga_branches *
cga_branches_new(const struct cga_profile *p, const unsigned char *files)
{
	struct cga_branches	*b = xcalloc(1, sizeof(*b));
	const struct cga_jump	*j;
	struct cga_branch	*r;
	size_t			 i, n = 0;

	b->v = xcalloc(p->njumps + 1, sizeof(*b->v));
	for (i = 0; i < p->njumps; i++) {
		j = &p->jumps[i];
		if (j->line == 0)	/* no line positions */
			continue;
		if (files != NULL && (j->file == NULL || !files[j->file->id]))
			continue;
		r = &b->v[n++];
		r->j = j;
		r->line = j->line;
		r->count = j->count;
		r->executed = j->executed;
	}
	branches_sort(b->v, n);
	for (i = 0; i < n; i++)
		if (b->n > 0 && branch_cmp(&b->v[b->n - 1], &b->v[i],
		    NULL) == 0 && branch_add(p, &b->v[b->n - 1],
		    &b->v[i]) == 0)
			continue;
		else
			b->v[b->n++] = b->v[i];
	b->nfiles = p->nfiles;
	b->at = xcalloc(p->nfiles + 2, sizeof(*b->at));
	for (i = 0; i < b->n; i++)
		if (b->v[i].j->file->id < p->nfiles)
			b->at[b->v[i].j->file->id + 1]++;
	for (i = 0; i < p->nfiles; i++)
		b->at[i + 1] += b->at[i];
	return b;
}

void
cga_branches_free(struct cga_branches *b)
{
	if (b == NULL)
		return;
	free(b->v);
	free(b->at);
	free(b);
}

/*
 * The branches of file's line: the first, and how many (*np).  The file's
 * own run of branches is found by its number; its lines are asked for in
 * order, so the search in it starts where the last line's branches ended
 * and steps a few branches forward before it halves what is left.
 */
static const struct cga_branch *
line_branches(struct cga_branches *b, const struct cga_file *f,
    uint64_t line, size_t *np)
{
	size_t	 lo, hi, mid, i, k;

	*np = 0;
	if (b == NULL || f->id >= b->nfiles)
		return NULL;
	lo = b->at[f->id];
	hi = b->at[f->id + 1];
	if (b->next > lo && b->next <= hi && b->v[b->next - 1].line < line) {
		lo = b->next;
		for (k = 0; k < 4 && lo < hi && b->v[lo].line < line; k++)
			lo++;
		if (k < 4)
			hi = lo;
	}
	/* Every branch before lo is of an earlier line, none from hi on. */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (b->v[mid].line < line)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i < b->at[f->id + 1] && b->v[i].line == line; i++)
		;
	b->next = i;
	*np = i - lo;
	return *np > 0 ? &b->v[lo] : NULL;
}

/* Where a branch goes, from a line of file f in function fn. */
static void
target_text(FILE *out, const struct cga_branch *r)
{
	char	 num[CGA_FMT_COUNT];

	fputs(" -> ", out);
	if (str_cmp(r->j->tfile, r->j->file->name) != 0) {
		cga_out_text(out, r->j->tfile);
		putc(':', out);
	} else
		fputs("line ", out);
	if (r->j->tline != 0) {
		cga_fmt_count(num, r->j->tline);
		fputs(num, out);
	} else
		fputs("?", out);
	if (r->j->fn != NULL && str_cmp(r->j->tfn, r->j->fn->key.name) != 0) {
		fputs(" in ", out);
		cga_out_text(out, r->j->tfn);
	}
}

void
cga_branches_text(FILE *out, const struct cga_view *v, const size_t *w,
    struct cga_branches *b, const struct cga_file *f, uint64_t line)
{
	const struct cga_branch	*r;
	char			 a[CGA_FMT_COUNT], e[CGA_FMT_COUNT];
	size_t			 n, i, pad = 0;

	if ((r = line_branches(b, f, line, &n)) == NULL)
		return;
	for (i = 0; i < v->nshow; i++)
		pad += w[v->show[i]] + 1;
	for (i = 0; i < n; i++, r++) {
		fprintf(out, "%*s", (int)pad, "");
		cga_view_count(v, a, r->count);
		if (r->j->cond) {
			cga_view_count(v, e, r->executed);
			fprintf(out, " jcnd %s/%s taken", a, e);
		} else
			fprintf(out, " jump %sx", a);
		target_text(out, r);
		putc('\n', out);
	}
}

void
cga_branches_json(struct cga_w *w, const struct cga_view *v,
    struct cga_branches *b, const struct cga_file *f, uint64_t line)
{
	cga_branches_json_list(w, v, b, f, line, ", \"jumps\": ");
}

void
cga_branches_json_list(struct cga_w *w, const struct cga_view *v,
    struct cga_branches *b, const struct cga_file *f, uint64_t line,
    const char *before)
{
	const struct cga_branch	*r;
	size_t			 n, i;

	if ((r = line_branches(b, f, line, &n)) == NULL)
		return;
	cga_w_puts(w, before);
	cga_w_putc(w, '[');
	for (i = 0; i < n; i++, r++) {
		if (i > 0)
			cga_w_puts(w, ", ");
		cga_w_puts(w, r->j->cond ? "{\"conditional\": true, \"count\": " :
		    "{\"conditional\": false, \"count\": ");
		cga_view_write_count(w, v, r->count);
		if (r->j->cond) {
			cga_w_puts(w, ", \"executed\": ");
			cga_view_write_count(w, v, r->executed);
		}
		cga_w_puts(w, ", \"target\": {\"file\": ");
		cga_w_json(w, r->j->tfile);
		cga_w_puts(w, ", \"function\": ");
		cga_w_json(w, r->j->tfn);
		cga_w_puts(w, ", \"line\": ");
		cga_w_u64(w, r->j->tline);
		cga_w_puts(w, "}}");
	}
	cga_w_putc(w, ']');
}

/* Where a file's sites start in sites sorted by file. */
static size_t
first_site(struct cga_site *const *all, size_t n, const struct cga_file *f)
{
	size_t	 lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if ((uintptr_t)all[mid]->key.file < (uintptr_t)f)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static int
site_cmp(const void *a, const void *b, void *ctx)
{
	const struct cga_site	*sa = *(const struct cga_site *const *)a;
	const struct cga_site	*sb = *(const struct cga_site *const *)b;
	int			 c;

	c = cga_cost_cmp(ctx, sa->cost, sb->cost);
	if (c != 0)
		return c;
	c = cga_fn_display_cmp(sa->key.callee, sb->key.callee);
	if (c != 0)
		return c;
	return sa->count < sb->count ? -1 : sa->count > sb->count;
}

/* Sites by file, line, then in the order they are printed. */
static int
site_pos_cmp(const void *a, const void *b, void *ctx)
{
	const struct cga_site	*sa = *(const struct cga_site *const *)a;
	const struct cga_site	*sb = *(const struct cga_site *const *)b;
	uintptr_t		 fa = (uintptr_t)sa->key.file;
	uintptr_t		 fb = (uintptr_t)sb->key.file;

	if (fa != fb)
		return fa < fb ? -1 : 1;
	if (sa->key.line != sb->key.line)
		return sa->key.line < sb->key.line ? -1 : 1;
	return site_cmp(a, b, ctx);
}

struct cga_site **
cga_sites_index(const struct cga_view *v, const unsigned char *files,
    size_t *np)
{
	const struct cga_profile *p = v->p;
	struct cga_site	**all;
	const struct cga_fn *first;
	size_t		 n = 0, i, j, k, kept = 0;
	uint64_t	 seq;

	/* Those of the files annotated: the rest are never looked up. */
	all = xcalloc(p->nsites + 1, sizeof(*all));
	for (i = 0; i < p->nsites; i++) {
		all[n] = cga_site_at(p, i);
		if (all[n]->key.file != NULL && files[all[n]->key.file->id])
			n++;
	}
	cga_sort(all, n, sizeof(*all), site_pos_cmp, (void *)v);
	for (i = 0; i < n; i = j) {
		first = all[i]->key.caller;
		seq = all[i]->seq;
		for (j = i; j < n && all[j]->key.file == all[i]->key.file &&
		    all[j]->key.line == all[i]->key.line; j++)
			if (all[j]->seq < seq) {
				seq = all[j]->seq;
				first = all[j]->key.caller;
			}
		for (k = i; k < j; k++)
			if (all[k]->key.caller == first)
				all[kept++] = all[k];
	}
	*np = kept;
	return all;
}

struct cga_line_sites *
cga_sites_of_file(struct cga_site **all, size_t nall,
    const struct cga_file *f, size_t *np)
{
	struct cga_line_sites	*ls;
	size_t			 lo, hi, n = 0, i;

	lo = first_site(all, nall, f);
	for (hi = lo; hi < nall && all[hi]->key.file == f; hi++)
		;
	ls = xcalloc(hi - lo + 1, sizeof(*ls));
	for (i = lo; i < hi; i++) {
		if (n == 0 || ls[n - 1].line != all[i]->key.line) {
			ls[n].line = all[i]->key.line;
			ls[n++].sites = &all[i];
		}
		ls[n - 1].n++;
	}
	*np = n;
	return ls;
}
