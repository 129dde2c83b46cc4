/*
 * markdown.c: --format=markdown, the report as GitHub-flavoured Markdown
 * tables for a pull-request comment or a CI job's summary page: the
 * gate's verdicts first when there is a gate, then the totals and the
 * functions listed; with --diff each count as old, new and the change, in
 * counts and in percent of OLD's total.  Every name is a code span
 * (cga_out_md), so that a profile cannot inject Markdown or HTML.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/gate.h"
#include "analysis/group.h"
#include "base/diag.h"
#include "base/fmt.h"
#include "base/out.h"
#include "print/format.h"
#include "view/columns.h"
#include "view/view.h"

/* A count with commas: signed, with its sign, in a change. */
static void
count(FILE *out, uint64_t c, int change)
{
	char	 buf[CGA_FMT_COUNT];

	if (change && (int64_t)c >= 0)
		putc('+', out);
	if (change)
		cga_fmt_scount(buf, (int64_t)c);
	else
		cga_fmt_count(buf, c);
	fputs(buf, out);
}

/* c[e]'s share of what percentages are of; nothing when that is 0. */
static void
share(FILE *out, const struct cga_view *v, const uint64_t *c, size_t e)
{
	if (v->total[e] == 0)
		return;
	fprintf(out, v->diff ? "%+.2f %%" : "%.2f %%", c != NULL &&
	    cga_cost_defined(v->p, c, e) ? cga_view_percent(v, c, e) : 0.0);
}

/* The count of event e in c, or 0 where it was never counted. */
static uint64_t
at(const struct cga_profile *p, const uint64_t *c, size_t e)
{
	return c != NULL && cga_cost_defined(p, c, e) ? c[e] : 0;
}

/*
 * One event of a row: in a difference OLD's count, NEW's and the change
 * (with its share if pc); else the count (and its share if pc).  -1 when
 * NEW's count does not fit in 64 bits signed.
 */
static int
cells(FILE *out, const struct cga_view *v, const uint64_t *base,
    const uint64_t *c, size_t e, int pc)
{
	int64_t	 old, chg, new;

	if (v->diff && base == NULL)
		/* A group's old inclusive cost is not known: the change. */
		fputs(" . | . |", out);
	else if (v->diff) {
		old = (int64_t)at(v->p, base, e);
		chg = (int64_t)at(v->p, c, e);
		if (__builtin_add_overflow(old, chg, &new))
			return -1;
		putc(' ', out);
		count(out, (uint64_t)old, 0);
		fputs(" | ", out);
		count(out, (uint64_t)new, 0);
		fputs(" |", out);
	}
	putc(' ', out);
	/* Never counted: '.', as in the text report. */
	if (!v->diff && (c == NULL || !cga_cost_defined(v->p, c, e)))
		putc('.', out);
	else
		count(out, at(v->p, c, e), v->diff);
	fputs(" |", out);
	if (pc) {
		putc(' ', out);
		share(out, v, c, e);
		fputs(" |", out);
	}
	return 0;
}

/*
 * One event of a group's row whose inclusive cost the call graph only
 * bounds: "MIN..MAX" (and the two shares if pc).
 */
static void
span(FILE *out, const struct cga_view *v, const uint64_t *lo,
    const uint64_t *hi, size_t e, int pc)
{
	putc(' ', out);
	count(out, at(v->p, lo, e), 0);
	fputs("..", out);
	count(out, at(v->p, hi, e), 0);
	fputs(" |", out);
	if (pc) {
		putc(' ', out);
		share(out, v, lo, e);
		fputs("..", out);
		share(out, v, hi, e);
		fputs(" |", out);
	}
}

/* The alignment row: n columns of counts after the first, text after. */
static void
align(FILE *out, int first, size_t n, int last)
{
	size_t	 i;

	fputs(first ? "| --- |" : "|", out);
	for (i = 0; i < n; i++)
		fputs(" ---: |", out);
	fputs(last ? " --- | --- |\n" : "\n", out);
}

/* The totals: a row per shown event. */
static int
totals(FILE *out, const struct cga_view *v)
{
	size_t	 i, e;

	fputs("\n#### Totals\n\n", out);
	if (v->diff) {
		fputs("| event | old | new | change | change, % of old |\n",
		    out);
		align(out, 1, 4, 0);
	} else {
		fputs("| event | total |\n", out);
		align(out, 1, 1, 0);
	}
	for (i = 0; i < v->nshow; i++) {
		e = v->show[i];
		fputs("| ", out);
		cga_out_md(out, v->p->ev[e].name);
		fputs(" |", out);
		if (cells(out, v, v->total, v->p->total, e, v->diff) == -1)
			return -1;
		putc('\n', out);
	}
	return 0;
}

/* The header of the functions' table: each shown event's columns. */
static void
fn_header(FILE *out, const struct cga_view *v)
{
	static const char *const diff[] = { " old", " new", " change",
	    " % of old total" };
	static const char *const plain[] = { "", " % of total" };
	const char *const *sub = v->diff ? diff : plain;
	size_t	 i, j, n = (v->diff ? 3 : 1) + (v->percs != 0);

	fputs("|", out);
	for (i = 0; i < v->nshow; i++)
		for (j = 0; j < n; j++) {
			putc(' ', out);
			cga_out_md(out, v->p->ev[v->show[i]].name);
			fprintf(out, "%s |", sub[j]);
		}
	if (v->groups != NULL)
		fprintf(out, " %s | |\n", v->group_word);
	else
		fputs(" function | file |\n", out);
	align(out, 0, v->nshow * n, 1);
}

/* The functions the report lists, in its order, under its thresholds. */
static int
functions(FILE *out, const struct cga_view *v)
{
	struct cga_fn	**fns;
	const uint64_t	 *base;
	size_t		  n, i, j;
	int		  rc = 0, bounded = 0;

	fprintf(out, "\n#### %s, by %s cost%s\n\n", v->groups == NULL ?
	    "Functions" : v->groups->by == CGA_GROUP_FILE ? "Files" :
	    v->groups->by == CGA_GROUP_OBJECT ? "Objects" :
	    "Functions, inlined code together", v->inclusive ?
	    "inclusive" : "exclusive", v->diff ? ", largest change first" :
	    "");
	fn_header(out, v);
	fns = cga_view_select(v, NULL, &n);
	for (i = 0; i < n && rc == 0 && !ferror(out); i++) {
		base = v->inclusive ? cga_fn_base_incl(fns[i]) :
		    cga_fn_base_self(fns[i]);
		putc('|', out);
		for (j = 0; j < v->nshow && rc == 0; j++)
			if (cga_view_bounded(v, fns[i], v->show[j])) {
				span(out, v, cga_view_fn_min(v, fns[i]),
				    fns[i]->incl, v->show[j], v->percs);
				bounded = 1;
			} else
				rc = cells(out, v, base,
				    cga_view_fn_cost(v, fns[i]), v->show[j],
				    v->percs);
		putc(' ', out);
		if (v->groups != NULL) {
			cga_out_md(out, cga_view_label(v, fns[i]));
			fputs(" | |\n", out);
			continue;
		}
		cga_out_md(out, fns[i]->key.name);
		fputs(" | ", out);
		cga_out_md(out, fns[i]->key.file);
		fputs(" |\n", out);
	}
	if (n == 0)
		fputs("\nNo function is listed.\n", out);
	if (bounded)
		fputs("\nMIN..MAX: the call graph bounds that inclusive cost "
		    "and decides no more (cgannotate(1), INCLUSIVE COST).\n",
		    out);
	if (rc != 0)
		cga_diag("%s: %s's cost in NEW does not fit in 64 bits",
		    cga_profile_said(v->p), fns[i - 1]->display);
	free(fns);
	return rc;
}

/* "total > 1 %", "one function > 28,888": a limit as a cell. */
static void
limit_cell(FILE *out, const struct cga_gate_limit *l)
{
	char	 buf[64];

	cga_gate_limit_text(l, buf, sizeof(buf));
	fprintf(out, "%s > %s%s", l->function ? "any one function" : "total",
	    buf, l->percent ? " % of old total" : "");
}

/* The gate's verdicts, one row each, the limits exceeded in bold. */
static void
gate(FILE *out, const struct cga_gate *g)
{
	const struct cga_gate_verdict *gv;
	size_t	 i, exceeded = 0;
	double	 pc;

	for (i = 0; i < g->n; i++)
		exceeded += g->v[i].exceeded != 0;
	fprintf(out, "\n**Gate: %s** (%zu of %zu limit%s exceeded)\n\n",
	    g->tripped ? "failed" : "passed", exceeded, g->n,
	    g->n == 1 ? "" : "s");
	fputs("| verdict | event | limit | old | new | change | change, % of "
	    "old total | function | file |\n", out);
	fputs("| --- | --- | --- | ---: | ---: | ---: | ---: | --- | --- |\n",
	    out);
	for (i = 0; i < g->n; i++) {
		gv = &g->v[i];
		fputs(gv->exceeded ? "| **exceeded** | " : "| within | ", out);
		cga_out_md(out, gv->limit->event);
		fputs(" | ", out);
		limit_cell(out, gv->limit);
		fputs(" | ", out);
		if (gv->limit->function && gv->worst == NULL) {
			fputs("| | | | no function rose | |\n", out);
			continue;
		}
		count(out, (uint64_t)gv->old, 0);
		fputs(" | ", out);
		count(out, (uint64_t)gv->new, 0);
		fputs(" | ", out);
		count(out, (uint64_t)gv->change, 1);
		fputs(" | ", out);
		if (cga_gate_percent(gv, &pc) == 0)
			fprintf(out, "%+.2f %%", pc);
		fputs(" | ", out);
		if (gv->worst != NULL) {
			cga_out_md(out, gv->worst->key.name);
			fputs(" | ", out);
			cga_out_md(out, gv->worst->key.file);
		} else
			fputs("|", out);
		fputs(" |\n", out);
	}
}

/* The title: the profile, or NEW minus OLD. */
static void
title(FILE *out, const struct cga_view *v)
{
	size_t	 i;

	fputs("### cgannotate: ", out);
	if (v->p->base_path != NULL && (v->nprofiles > 1 || v->nolds > 1)) {
		for (i = 0; i < v->nprofiles; i++) {
			fputs(i > 0 ? ", " : "", out);
			cga_out_md(out, v->profiles[i]);
		}
		fputs(" minus ", out);
		for (i = 0; i < v->nolds; i++) {
			fputs(i > 0 ? ", " : "", out);
			cga_out_md(out, v->olds[i]);
		}
	} else if (v->p->base_path != NULL) {
		cga_out_md(out, v->p->path);
		fputs(" minus ", out);
		cga_out_md(out, v->p->base_path);
	} else
		for (i = 0; i < v->nprofiles; i++) {
			fputs(i > 0 ? ", " : "", out);
			cga_out_md(out, v->profiles[i]);
		}
	putc('\n', out);
}

static int
md_print(FILE *out, const struct cga_view *v)
{
	title(out, v);
	if (v->gate != NULL)
		gate(out, v->gate);
	if (totals(out, v) == -1) {
		cga_diag("%s: a total of NEW does not fit in 64 bits",
		    cga_profile_said(v->p));
		return 1;
	}
	return functions(out, v) == 0 ? 0 : 1;
}

/* Inclusive costs only when the functions are listed by them. */
static unsigned
md_needs(const struct cga_view *v)
{
	return v->inclusive ? CGA_NEED_INCL : 0;
}

const struct cga_format cga_format_markdown = { "markdown", md_needs,
    NULL, 0, md_print, NULL, NULL, 0 };
