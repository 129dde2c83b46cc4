/*
 * tsv.c: --format=tsv, tab-separated rows for scripts: a header row naming
 * the columns, then a row per function (or call edge with --calls, or line
 * with --lines); plain numbers, no commas, no padding, an empty field for
 * an event never counted.
 */
#include <stdlib.h>

#include "analysis/group.h"
#include "analysis/inclusive.h"
#include "base/diag.h"
#include "base/out.h"
#include "print/format.h"
#include "view/columns.h"
#include "view/view.h"

static void
counts(FILE *out, const struct cga_view *v, const uint64_t *c)
{
	size_t	 i, e;

	for (i = 0; i < v->nshow; i++) {
		e = v->show[i];
		putc('\t', out);
		if (c != NULL && cga_cost_defined(v->p, c, e))
			cga_view_print_count(out, v, c[e]);
	}
}

static void
names(FILE *out, const struct cga_view *v, const char *suffix)
{
	size_t	 i;

	for (i = 0; i < v->nshow; i++) {
		putc('\t', out);
		cga_out_tsv(out, v->p->ev[v->show[i]].name);
		fputs(suffix, out);
	}
}

/* The calls a function receives from all callers; -1 on overflow. */
static int
calls_in(const struct cga_profile *p, const struct cga_fn *fn, uint64_t *n)
{
	const struct cga_call	*c;

	*n = 0;
	for (c = fn->in; c != NULL; c = c->next_in)
		if (cga_count_add(p, n, c->count) == -1)
			return -1;
	return 0;
}

static void
tsv_calls(FILE *out, const struct cga_view *v)
{
	const struct cga_call	**all;
	size_t			  n, i;

	fputs("caller\tcallee\tcount", out);
	names(out, v, "");
	fputs("\trecursive", out);
	names(out, v, "_recorded");
	putc('\n', out);
	all = cga_view_calls(v, &n);
	for (i = 0; i < n && !ferror(out); i++) {
		cga_out_tsv(out, all[i]->key.caller->display);
		putc('\t', out);
		cga_out_tsv(out, all[i]->key.callee->display);
		putc('\t', out);
		cga_view_print_count(out, v, all[i]->count);
		counts(out, v, cga_call_cost(all[i]));
		fprintf(out, "\t%d", all[i]->recursive);
		counts(out, v, all[i]->cost);
		putc('\n', out);
	}
	free(all);
}

static void
tsv_lines(FILE *out, const struct cga_view *v)
{
	struct cga_file		**files;
	struct cga_lineref	 *lines;
	size_t			  n, nl, i, j;

	fputs("file\tline\tfunction", out);
	names(out, v, "");
	putc('\n', out);
	files = cga_view_files(v, &n);
	for (i = 0; i < n && !ferror(out); i++) {
		lines = cga_file_lines(v->p, files[i], &nl);
		for (j = 0; j < nl; j++) {
			cga_out_tsv(out, files[i]->name);
			fprintf(out, "\t%llu\t",
			    (unsigned long long)lines[j].line);
			if (lines[j].fn != NULL)
				cga_out_tsv(out, lines[j].fn->key.name);
			counts(out, v, lines[j].cost);
			putc('\n', out);
		}
		free(lines);
	}
	free(files);
}

/* Two name fields: the group's and its function's, as the header says. */
static void
group_fields(FILE *out, const struct cga_view *v, const struct cga_fn *g,
    const struct cga_fn *fn)
{
	if (v->groups->by == CGA_GROUP_NAME) {
		cga_out_tsv(out, g->display);
		putc('\t', out);
		if (fn != NULL)
			cga_out_tsv(out, fn->key.file);
		return;
	}
	cga_out_tsv(out, g->display);
	putc('\t', out);
	if (fn != NULL)
		cga_out_tsv(out, cga_view_member_name(v, fn));
}

/* A group's inclusive cost: its figure where exact, then its bounds. */
static void
group_incl(FILE *out, const struct cga_view *v, const struct cga_fn *g)
{
	size_t	 i, e;

	for (i = 0; i < v->nshow; i++) {
		e = v->show[i];
		putc('\t', out);
		if (g->incl != NULL && cga_cost_defined(v->lp, g->incl, e) &&
		    !cga_group_bounded(v->groups, g, e))
			cga_view_print_count(out, v, g->incl[e]);
	}
	counts(out, v, v->groups->incl_min[g->id]);
	counts(out, v, g->incl);
}

/*
 * --by=file, --by=object, --group-inlined: a row per group, with an empty
 * second field, each followed by a row per function of it.  With
 * inclusive costs, each row's lower and upper bounds follow: a group's
 * figure is left empty where the call graph only bounds it.
 */
static void
tsv_groups(FILE *out, const struct cga_view *v)
{
	struct cga_fn	**gs, **fns;
	uint64_t	 *lo = xcalloc(v->p->cw, sizeof(*lo));
	size_t		  n, nf, i, j;
	int		  bounds = v->groups->incl_min != NULL;

	gs = cga_view_select(v, NULL, &n);
	if (v->groups->by == CGA_GROUP_NAME)
		fputs("function\tfile", out);
	else
		fprintf(out, "%s\tfunction", v->group_word);
	names(out, v, "");
	names(out, v, "_incl");
	if (bounds) {
		names(out, v, "_incl_min");
		names(out, v, "_incl_max");
	}
	putc('\n', out);
	for (i = 0; i < n && !ferror(out); i++) {
		group_fields(out, v, gs[i], NULL);
		counts(out, v, gs[i]->self);
		if (bounds)
			group_incl(out, v, gs[i]);
		else
			counts(out, v, gs[i]->incl);
		putc('\n', out);
		fns = cga_view_members(v, gs[i], &nf);
		for (j = 0; j < nf; j++) {
			group_fields(out, v, gs[i], fns[j]);
			counts(out, v, fns[j]->self);
			counts(out, v, fns[j]->incl);
			if (bounds) {
				cga_fn_incl_min(v->p, fns[j], lo);
				counts(out, v, lo);
				counts(out, v, fns[j]->incl);
			}
			putc('\n', out);
		}
		free(fns);
	}
	free(gs);
	free(lo);
}

static int
tsv_functions(FILE *out, const struct cga_view *v)
{
	struct cga_fn	**fns;
	uint64_t	 *ncalls;
	size_t		  n, i;

	if (v->groups != NULL) {
		tsv_groups(out, v);
		return 0;
	}
	fns = cga_view_select(v, NULL, &n);
	ncalls = xcalloc(n + 1, sizeof(*ncalls));
	for (i = 0; i < n; i++)
		if (calls_in(v->p, fns[i], &ncalls[i]) == -1) {
			cga_diag("%s: the calls to %s add up past 2^64-1",
			    cga_profile_said(v->p), fns[i]->display);
			free(ncalls);
			free(fns);
			return 1;
		}
	fputs("file\tfunction\tobject", out);
	names(out, v, "");
	names(out, v, "_incl");
	fputs("\tcalls\n", out);
	for (i = 0; i < n && !ferror(out); i++) {
		cga_out_tsv(out, fns[i]->key.file);
		putc('\t', out);
		cga_out_tsv(out, fns[i]->key.name);
		putc('\t', out);
		if (cga_fn_object(fns[i]) != NULL)
			cga_out_tsv(out, cga_fn_object(fns[i]));
		counts(out, v, fns[i]->self);
		counts(out, v, fns[i]->incl);
		putc('\t', out);
		cga_view_print_count(out, v, ncalls[i]);
		putc('\n', out);
	}
	free(ncalls);
	free(fns);
	return 0;
}

static int
tsv_print(FILE *out, const struct cga_view *v)
{
	switch (v->rows) {
	case CGA_ROWS_CALLS:
		tsv_calls(out, v);
		break;
	case CGA_ROWS_LINES:
		tsv_lines(out, v);
		break;
	case CGA_ROWS_FUNCTIONS:
		return tsv_functions(out, v);
	}
	return 0;
}

/* Rows of calls, of lines, or of functions with their inclusive costs. */
static unsigned
tsv_needs(const struct cga_view *v)
{
	switch (v->rows) {
	case CGA_ROWS_CALLS:	/* bounded as inclusive costs are */
		return CGA_NEED_INCL;
	case CGA_ROWS_LINES:
		return CGA_NEED_ALL_LINES | CGA_NEED_OWNERS;
	case CGA_ROWS_FUNCTIONS:
		break;
	}
	return CGA_NEED_INCL;
}

const struct cga_format cga_format_tsv = { "tsv", tsv_needs, NULL, 0,
    tsv_print,
    NULL, NULL, 0 };
