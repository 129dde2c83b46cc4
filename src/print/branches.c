/*
 * branches.c: the jumps and conditional branches of each source line, as
 * source annotation prints them under the line and --format=json lists
 * them with the line's cost; and the call sites annotation prints there.
 */
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/fmt.h"
#include "base/out.h"
#include "base/sort.h"
#include "print/branches.h"
#include "view/columns.h"

/*
 * The jumps of one line to one target, summed over its instructions: the
 * first of them (its file, line, kind, target and function are the
 * branch's) and the sums.
 */
struct cga_branch {
	const struct cga_jump *j;
	uint64_t	 count;
	uint64_t	 executed;
};

/*
 * The profile's jumps in branch order, as their numbers in the model's
 * log: no copy of a jump is made, and a line's are summed as they are
 * written (3 million jumps of the 512 MB profile took 190 MB more as
 * summed copies, their keys and the sort's room).
 */
struct cga_branches {
	const struct cga_profile *p;
	uint32_t	 *ix;	/* jump numbers, by file, line and target */
	size_t		 *at;	/* file number's first in ix, nfiles + 1 */
	size_t		  nfiles;
	size_t		  next;	/* where the last line's jumps ended */
	int		  twin;	/* ix and at are another's */
};

static int
u64_cmp(uint64_t a, uint64_t b)
{
	return a < b ? -1 : a > b;
}

/* Names as jumps number them, by their text. */
static int
name_cmp(const struct cga_profile *p, uint32_t a, uint32_t b)
{
	return a == b ? 0 : strcmp(cga_jump_name(p, a), cga_jump_name(p, b));
}

/* Of one file: by line; conditional ones first, then by target. */
static int
branch_cmp(const struct cga_profile *p, const struct cga_jump *x,
    const struct cga_jump *y)
{
	int	 c;

	if ((c = u64_cmp(x->line, y->line)) != 0 ||
	    (c = u64_cmp(y->cond, x->cond)) != 0 ||
	    (c = name_cmp(p, x->tfile, y->tfile)) != 0 ||
	    (c = u64_cmp(x->tline, y->tline)) != 0)
		return c;
	return name_cmp(p, x->tfn, y->tfn);
}

/* Whether jump j is a branch of a line, from a file marked in files. */
static int
kept(const struct cga_jump *j, const unsigned char *files)
{
	if (j->line == 0)	/* no line positions */
		return 0;
	return files == NULL || (j->file != NULL && files[j->file->id]);
}

struct cga_branches *
cga_branches_new(const struct cga_profile *p, const unsigned char *files)
{
	struct cga_branches	*b = xcalloc(1, sizeof(*b));
	const struct cga_jump	*j;
	size_t			 i, f, *to;

	if (p->njumps >= UINT32_MAX)
		cga_oom();
	b->p = p;
	b->nfiles = p->nfiles;
	b->at = xcalloc(p->nfiles + 2, sizeof(*b->at));
	for (i = 0; i < p->njumps; i++) {
		j = &p->jumps[i];
		if (kept(j, files) && j->file->id < p->nfiles)
			b->at[j->file->id + 1]++;
	}
	for (f = 0; f < p->nfiles; f++)
		b->at[f + 1] += b->at[f];
	b->ix = xcalloc(b->at[p->nfiles] + 1, sizeof(*b->ix));
	to = xcalloc(p->nfiles + 1, sizeof(*to));
	memcpy(to, b->at, p->nfiles * sizeof(*to));
	for (i = 0; i < p->njumps; i++) {
		j = &p->jumps[i];
		if (kept(j, files) && j->file->id < p->nfiles)
			b->ix[to[j->file->id]++] = (uint32_t)i;
	}
	free(to);
	for (f = 0; f < p->nfiles; f++)
		cga_jumps_sort_ix(p, b->ix + b->at[f],
		    b->at[f + 1] - b->at[f], branch_cmp);
	return b;
}

struct cga_branches *
cga_branches_twin(const struct cga_branches *b)
{
	struct cga_branches	*t = xcalloc(1, sizeof(*t));

	*t = *b;
	t->next = 0;
	t->twin = 1;
	return t;
}

void
cga_branches_free(struct cga_branches *b)
{
	if (b == NULL)
		return;
	if (!b->twin) {
		free(b->ix);
		free(b->at);
	}
	free(b);
}

/* Jumps asked for ahead of those of the line read. */
#define JUMPS_AHEAD	8

static const struct cga_jump *
jump_at(const struct cga_branches *b, size_t k)
{
	return &b->p->jumps[b->ix[k]];
}

/*
 * The jumps of file's line: where they start in ix, and how many (*np).
 * The file's own run is found by its number; its lines are asked for in
 * order, so the search in it starts where the last line's jumps ended
 * and steps a few forward before it halves what is left.
 */
static size_t
line_jumps(struct cga_branches *b, const struct cga_file *f, uint64_t line,
    size_t *np)
{
	size_t	 lo, hi, mid, i, k;

	*np = 0;
	if (b == NULL || f->id >= b->nfiles)
		return 0;
	lo = b->at[f->id];
	hi = b->at[f->id + 1];
	if (b->next > lo && b->next <= hi && jump_at(b, b->next - 1)->line <
	    line) {
		lo = b->next;
		for (k = 0; k < 4 && lo < hi && jump_at(b, lo)->line < line;
		    k++)
			lo++;
		if (k < 4)
			hi = lo;
	}
	/* Every jump before lo is of an earlier line, none from hi on. */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (jump_at(b, mid)->line < line)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i < b->at[f->id + 1] && jump_at(b, i)->line == line; i++)
		;
	b->next = i;
	*np = i - lo;
	/* The next lines' jumps lie anywhere in the log: asked for now. */
	for (k = i; k < i + JUMPS_AHEAD && k < b->at[f->id + 1]; k++)
		__builtin_prefetch(jump_at(b, k));
	return lo;
}

void
cga_branches_prefetch(const struct cga_branches *b, const struct cga_file *f)
{
	size_t	 k;

	if (b == NULL || f->id >= b->nfiles)
		return;
	for (k = b->at[f->id]; k < b->at[f->id] + JUMPS_AHEAD &&
	    k < b->at[f->id + 1]; k++)
		__builtin_prefetch(jump_at(b, k));
}

/*
 * The branch of the line's jumps from ix[*k] (before end): the jumps to
 * its target summed, as long as the sums fit (past that, another
 * branch of the same target begins); *k goes past them.
 */
static void
branch_sum(const struct cga_branches *b, size_t *k, size_t end,
    struct cga_branch *r)
{
	const struct cga_jump	*j = jump_at(b, *k);
	uint64_t		 count, executed;

	r->j = j;
	r->count = j->count;
	r->executed = j->executed;
	for (++*k; *k < end; ++*k) {
		j = jump_at(b, *k);
		count = r->count;
		executed = r->executed;
		if (branch_cmp(b->p, r->j, j) != 0 ||
		    cga_count_add(b->p, &count, j->count) == -1 ||
		    cga_count_add(b->p, &executed, j->executed) == -1)
			break;
		r->count = count;
		r->executed = executed;
	}
}

/* Where a branch goes, from a line of file f in function fn. */
static void
target_text(FILE *out, const struct cga_profile *p, const struct cga_branch *r)
{
	char	 num[CGA_FMT_COUNT];

	fputs(" -> ", out);
	if (r->j->tfile != cga_jump_no(r->j->file->name)) {
		cga_out_text(out, cga_jump_name(p, r->j->tfile));
		putc(':', out);
	} else
		fputs("line ", out);
	if (r->j->tline != 0) {
		cga_fmt_count(num, r->j->tline);
		fputs(num, out);
	} else
		fputs("?", out);
	if (r->j->fn != NULL && r->j->tfn != cga_jump_no(r->j->fn->key.name)) {
		fputs(" in ", out);
		cga_out_text(out, cga_jump_name(p, r->j->tfn));
	}
}

void
cga_branches_text(FILE *out, const struct cga_view *v, const size_t *w,
    struct cga_branches *b, const struct cga_file *f, uint64_t line)
{
	struct cga_branch	 r;
	char			 a[CGA_FMT_COUNT], e[CGA_FMT_COUNT];
	size_t			 n, k, end, i, pad = 0;

	k = line_jumps(b, f, line, &n);
	if (n == 0)
		return;
	for (i = 0; i < v->nshow; i++)
		pad += w[v->show[i]] + 1;
	for (end = k + n; k < end;) {
		branch_sum(b, &k, end, &r);
		fprintf(out, "%*s", (int)pad, "");
		cga_view_count(v, a, r.count);
		if (r.j->cond) {
			cga_view_count(v, e, r.executed);
			fprintf(out, " jcnd %s/%s taken", a, e);
		} else
			fprintf(out, " jump %sx", a);
		target_text(out, b->p, &r);
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
	struct cga_branch	 r;
	size_t			 n, k, end;

	k = line_jumps(b, f, line, &n);
	if (n == 0)
		return;
	cga_w_puts(w, before);
	cga_w_putc(w, '[');
	for (end = k + n; k < end;) {
		if (k > end - n)
			cga_w_puts(w, ", ");
		branch_sum(b, &k, end, &r);
		cga_w_puts(w, r.j->cond ? "{\"conditional\": true, \"count\": " :
		    "{\"conditional\": false, \"count\": ");
		cga_view_write_count(w, v, r.count);
		if (r.j->cond) {
			cga_w_puts(w, ", \"executed\": ");
			cga_view_write_count(w, v, r.executed);
		}
		cga_w_puts(w, ", \"target\": {\"file\": ");
		cga_w_json(w, cga_jump_name(b->p, r.j->tfile));
		cga_w_puts(w, ", \"function\": ");
		cga_w_json(w, cga_jump_name(b->p, r.j->tfn));
		cga_w_puts(w, ", \"line\": ");
		cga_w_u64(w, r.j->tline);
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
