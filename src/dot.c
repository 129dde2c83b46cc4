/*
 * dot.c: --format=dot, the call graph for Graphviz: a node for each
 * function whose inclusive cost reaches --node-threshold percent of the
 * total (first sort event), labelled with its name and its inclusive and
 * exclusive percentages and coloured by its inclusive cost; an edge for
 * each call between two such nodes whose cost reaches --edge-threshold
 * percent, labelled with its cost and count.  Each edge is drawn once, a
 * function calling itself as a loop.
 */
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "formats.h"
#include "report.h"

static void
quoted(FILE *out, const char *s)
{
	putc('"', out);
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			putc('\\', out);
		if (*s == '\n' || *s == '\r')
			continue;
		putc(*s, out);
	}
	putc('"', out);
}

/* The share of the total, as a fraction; signed in a difference. */
static double
share(const struct cga_view *v, const uint64_t *c, size_t e)
{
	if (c == NULL || !cga_cost_defined(v->p, c, e) || v->total[e] == 0)
		return 0;
	return (v->p->diff ? cga_fmt_spercent((int64_t)c[e], v->total[e]) :
	    cga_fmt_percent(c[e], v->total[e])) / 100;
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

static int
dot_print(FILE *out, const struct cga_view *v)
{
	const struct cga_profile *p = v->p;
	const struct cga_opts	 *o = v->o;
	struct cga_fn		 *fn;
	const struct cga_call	 *c;
	size_t			  e = v->nsort > 0 ? v->sort[0] : 0;
	size_t			  id = 0;
	char			  num[CGA_FMT_COUNT];
	double			  f;

	fputs("digraph cgannotate {\n", out);
	fputs("  graph [fontname=\"Helvetica\", label=", out);
	quoted(out, p->path);
	fputs(", labelloc=t];\n", out);
	fputs("  node [shape=box, style=\"filled,rounded\", "
	    "fontname=\"Helvetica\", fontsize=10];\n", out);
	fputs("  edge [fontname=\"Helvetica\", fontsize=9];\n", out);
	for (fn = p->fns; fn != NULL; fn = fn->next) {
		fn->node = 0;
		f = share(v, fn->incl, e);
		if ((f < 0 ? -f : f) * 100 < o->node_threshold ||
		    fn->incl == NULL || !cga_cost_defined(p, fn->incl, e))
			continue;
		fn->node = ++id;
		fprintf(out, "  n%zu [label=", id);
		putc('"', out);
		for (const char *s = fn->display; *s != '\0'; s++) {
			if (*s == '"' || *s == '\\')
				putc('\\', out);
			putc(*s, out);
		}
		fprintf(out, "\\n%.2f%%\\n(%.2f%%)\", fillcolor=", f * 100,
		    share(v, fn->self, e) * 100);
		colour(out, f);
		fputs("];\n", out);
	}
	for (fn = p->fns; fn != NULL; fn = fn->next) {
		if (fn->node == 0)
			continue;
		for (c = fn->out; c != NULL; c = c->next_out) {
			f = share(v, c->cost, e);
			if (c->key.callee->node == 0 ||
			    (f < 0 ? -f : f) * 100 < o->edge_threshold)
				continue;
			if (p->diff)
				cga_fmt_scount(num, (int64_t)c->count);
			else
				cga_fmt_count(num, c->count);
			fprintf(out, "  n%zu -> n%zu [label=\"%.2f%%\\n%sx\", "
			    "color=", fn->node, c->key.callee->node, f * 100,
			    num);
			colour(out, f);
			fprintf(out, ", penwidth=%.1f];\n",
			    1 + 4 * (f < 0 ? -f : f));
		}
	}
	fputs("}\n", out);
	return 0;
}

static unsigned
dot_needs(const struct cga_view *v)
{
	(void)v;
	return CGA_NEED_INCL;
}

const struct cga_format cga_format_dot = { "dot", dot_needs, 0, dot_print };
