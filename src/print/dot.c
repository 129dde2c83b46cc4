/*
 * dot.c: --format=dot, the call graph for Graphviz: a node for each
 * function whose inclusive cost reaches --node-threshold percent of the
 * total (first sort event), labelled with its name and its inclusive and
 * exclusive percentages and coloured by its inclusive cost; an edge for
 * each call between two such nodes whose cost reaches --edge-threshold
 * percent, labelled with its cost and count.  A total of 0 gives no
 * percentage: the labels give counts, and no threshold leaves anything
 * out.  Each edge is drawn once, a function calling itself as a loop.
 * With --by=file or --by=object the nodes are the groups; by default a
 * function is one node whatever files inlining spread its code over
 * (--group-inlined).
 */
#include <stdlib.h>
#include <string.h>

#include "base/fmt.h"
#include "base/out.h"
#include "print/format.h"
#include "view/columns.h"
#include "view/view.h"

/* The share of the total, as a fraction; signed in a difference. */
static double
share(const struct cga_view *v, const uint64_t *c, size_t e)
{
	if (c == NULL || !cga_cost_defined(v->p, c, e) || v->total[e] == 0)
		return 0;
	return cga_view_percent(v, c, e) / 100;
}

/* Whether share f is under a threshold of perc %; none without a total. */
static int
under(const struct cga_view *v, size_t e, double f, double perc)
{
	return v->total[e] != 0 && (f < 0 ? -f : f) * 100 < perc;
}

/* A figure of a label: c[e]'s share of the total, or with none c[e]. */
static void
figure(FILE *out, const struct cga_view *v, const uint64_t *c, size_t e)
{
	char	 num[CGA_FMT_COUNT];

	if (v->total[e] != 0) {
		fprintf(out, "%.2f%%", share(v, c, e) * 100);
		return;
	}
	cga_view_count(v, num, c != NULL && cga_cost_defined(v->p, c, e) ?
	    c[e] : 0);
	fputs(num, out);
}

/* Blue for little, through yellow, to red for all of it. */
static void
colour(FILE *out, double f)
{
	double	 r, g, b;

	if (f < 0)
		f = -f;
	if (f > 1)
		f = 1;
	if (f < 0.5) {
		r = 0.55 + 0.9 * f;
		g = 0.7 + 0.5 * f;
		b = 1 - 1.6 * f;
	} else {
		r = 1;
		g = 0.95 - 1.3 * (f - 0.5);
		b = 0.2 - 0.2 * (f - 0.5);
	}
	fprintf(out, "\"#%02x%02x%02x\"", (unsigned)(r * 255 + 0.5),
	    (unsigned)(g * 255 + 0.5), (unsigned)(b * 255 + 0.5));
}

/* A node for each function over --node-threshold: node[fn->id], 0: none. */
static size_t *
nodes(FILE *out, const struct cga_view *v, size_t e)
{
	const struct cga_profile *p = v->lp;
	const struct cga_fn	 *fn;
	size_t			 *node, id = 0;
	double			  f;

	node = xcalloc(p->nfns + 1, sizeof(*node));
	for (fn = p->fns; fn != NULL; fn = fn->next) {
		f = share(v, fn->incl, e);
		if (under(v, e, f, v->node_threshold) || fn->incl == NULL ||
		    !cga_cost_defined(p, fn->incl, e) ||
		    !cga_view_passes(v, fn, 0))
			continue;
		node[fn->id] = ++id;
		fprintf(out, "  n%zu [label=\"", id);
		cga_out_dot(out, cga_view_label(v, fn));
		fputs("\\n", out);
		/* A figure the call graph only bounds: its span. */
		if (cga_view_bounded(v, fn, e)) {
			figure(out, v, cga_view_fn_min(v, fn), e);
			fputs("..", out);
		}
		figure(out, v, fn->incl, e);
		fputs("\\n(", out);
		figure(out, v, fn->self, e);
		fputs(")\", fillcolor=", out);
		colour(out, f);
		fputs("];\n", out);
	}
	return node;
}

/* An edge for each call between two nodes over --edge-threshold. */
static void
edges(FILE *out, const struct cga_view *v, size_t e, const size_t *node)
{
	const struct cga_fn	*fn;
	const struct cga_call	*c;
	char			 num[CGA_FMT_COUNT];
	double			 f;

	for (fn = v->lp->fns; fn != NULL; fn = fn->next) {
		if (node[fn->id] == 0)
			continue;
		for (c = fn->out; c != NULL; c = c->next_out) {
			f = share(v, cga_call_cost(c), e);
			if (node[c->key.callee->id] == 0 ||
			    under(v, e, f, v->edge_threshold))
				continue;
			fprintf(out, "  n%zu -> n%zu [label=\"", node[fn->id],
			    node[c->key.callee->id]);
			figure(out, v, cga_call_cost(c), e);
			cga_view_count(v, num, c->count);
			fprintf(out, "\\n%sx\", color=", num);
			colour(out, f);
			fprintf(out, ", penwidth=%.1f%s];\n",
			    1 + 4 * (f < 0 ? -f : f),
			    c->recursive ? ", style=dashed" : "");
		}
	}
}

static int
dot_print(FILE *out, const struct cga_view *v)
{
	size_t	 e = v->nsort > 0 ? v->sort[0] : 0, *node;

	fputs("digraph cgannotate {\n", out);
	fputs("  graph [fontname=\"Helvetica\", label=\"", out);
	cga_out_dot(out, v->p->path);
	fputs("\", labelloc=t];\n", out);
	fputs("  node [shape=box, style=\"filled,rounded\", "
	    "fontname=\"Helvetica\", fontsize=10];\n", out);
	fputs("  edge [fontname=\"Helvetica\", fontsize=9];\n", out);
	node = nodes(out, v, e);
	edges(out, v, e, node);
	free(node);
	fputs("}\n", out);
	return 0;
}

static unsigned
dot_needs(const struct cga_view *v)
{
	(void)v;
	return CGA_NEED_INCL;
}

const struct cga_format cga_format_dot = { "dot", dot_needs, NULL, 0,
    dot_print,
    NULL, NULL, 0 };
