/*
 * json.c: --format=json, the report as one JSON document: metadata, the
 * events, the totals, the functions listed with their exclusive and
 * inclusive costs, callers and callees, and with annotation on, each listed
 * function's file with its line costs.  Counts are exact 64-bit integers;
 * an event never counted in a place is left out of that cost object.
 */
#include <stdlib.h>
#include <string.h>

#include "asm.h"
#include "branches.h"
#include "formats.h"
#include "gate.h"
#include "group.h"
#include "json.h"
#include "out.h"
#include "view.h"

void
cga_json_cost(FILE *out, const struct cga_view *v, const uint64_t *c)
{
	const struct cga_profile *p = v->p;
	size_t	 e;
	int	 first = 1;

	putc('{', out);
	for (e = 0; c != NULL && e < p->nev; e++) {
		if (!cga_cost_defined(p, c, e))
			continue;
		if (!first)
			fputs(", ", out);
		first = 0;
		cga_out_json(out, p->ev[e].name);
		fputs(": ", out);
		cga_view_print_count(out, v, c[e]);
	}
	putc('}', out);
}

static void
calls(FILE *out, const struct cga_view *v, const struct cga_fn *fn,
    int callers)
{
	const struct cga_call	**list, *c;
	size_t			  n, i;
	int			  first = 1;

	fputs(callers ? "      \"callers\": [" : "      \"callees\": [", out);
	list = cga_view_calls_of(v, fn, callers, &n);
	for (i = 0; i < n; i++) {
		c = list[i];
		fputs(first ? "\n" : ",\n", out);
		first = 0;
		fputs("        {\"function\": ", out);
		cga_out_json(out, (callers ? c->key.caller : c->key.callee)->display);
		fputs(", \"count\": ", out);
		cga_view_print_count(out, v, c->count);
		fputs(", \"cost\": ", out);
		cga_json_cost(out, v, cga_call_cost(c));
		fputs(c->recursive ? ", \"recursive\": true" :
		    ", \"recursive\": false", out);
		putc('}', out);
	}
	free(list);
	fputs(first ? "]" : "\n      ]", out);
}

/* A row's exclusive and inclusive costs, its callers and its callees. */
static void
costs_and_calls(FILE *out, const struct cga_view *v, const struct cga_fn *fn)
{
	fputs(",\n      \"exclusive\": ", out);
	cga_json_cost(out, v, fn->self);
	fputs(",\n      \"inclusive\": ", out);
	cga_json_cost(out, v, fn->incl);
	fputs(",\n", out);
	calls(out, v, fn, 1);
	fputs(",\n", out);
	calls(out, v, fn, 0);
}

/* The files of the listed functions, each once, by name, with line costs. */
static void
files(struct cga_out_piece *pc, const struct cga_view *v,
    struct cga_fn **fns, size_t n)
{
	struct cga_file		**list, *f;
	struct cga_lineref	 *lines;
	FILE			 *to = pc->out, *out;
	struct cga_branches	 *br;
	char			 *seen;
	size_t			  nf = 0, nl, i, j;

	list = xcalloc(n + 1, sizeof(*list));
	seen = xcalloc(v->p->nfiles + 1, 1);
	for (i = 0; i < n; i++) {
		f = cga_file_find(v->p, fns[i]->key.file);
		if (f != NULL && !seen[f->id]) {
			seen[f->id] = 1;
			list[nf++] = f;
		}
	}
	free(seen);
	cga_view_sort_files(list, nf);
	br = cga_branches_new(v->p);
	fputs(",\n  \"files\": [", to);
	for (i = 0; i < nf && !ferror(to); i++) {
		out = cga_out_piece_begin(pc);
		fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", out);
		cga_out_json(out, list[i]->name);
		fputs(", \"lines\": [", out);
		lines = cga_file_lines(v->p, list[i], &nl);
		for (j = 0; j < nl; j++) {
			fputs(j ? ",\n      {\"line\": " : "\n      {\"line\": ",
			    out);
			cga_out_u64(out, lines[j].line);
			fputs(", \"cost\": ", out);
			cga_json_cost(out, v, lines[j].cost);
			cga_branches_json(out, v, br, list[i], lines[j].line);
			putc('}', out);
		}
		free(lines);
		fputs(nl ? "\n    ]}" : "]}", out);
		cga_out_piece_end(pc);
	}
	fputs(nf ? "\n  ]" : "]", to);
	free(list);
	cga_branches_free(br);
}

/* A jump of an instruction: its counts and target. */
static void
instr_jump(FILE *out, const struct cga_view *v, const struct cga_jump *j)
{
	fprintf(out, "{\"conditional\": %s, \"count\": ", j->cond ? "true" :
	    "false");
	cga_view_print_count(out, v, j->count);
	if (j->cond) {
		fputs(", \"executed\": ", out);
		cga_view_print_count(out, v, j->executed);
	}
	fprintf(out, ", \"target\": {\"address\": %llu, \"file\": ",
	    (unsigned long long)j->taddr);
	cga_out_json(out, j->tfile);
	fputs(", \"function\": ", out);
	cga_out_json(out, j->tfn);
	fprintf(out, ", \"line\": %llu}}", (unsigned long long)j->tline);
}

/*
 * --asm: the function's instructions as the profile has them, by
 * address, each with its cost, source line, calls and jumps.
 */
static void
instructions(FILE *out, const struct cga_view *v, const struct cga_fn *fn)
{
	struct cga_code		 c;
	const struct cga_instr	*r;
	size_t			 i = 0, k, ji = 0;

	cga_code_collect(v, fn, &c);
	fputs(",\n      \"instructions\": [", out);
	while (i < c.nrec) {
		r = c.rec[i];
		fprintf(out, "%s\n        {\"address\": %llu, \"cost\": ",
		    i ? "," : "", (unsigned long long)r->addr);
		cga_json_cost(out, v, r->callee == NULL ? r->cost : NULL);
		fputs(", \"file\": ", out);
		cga_out_json(out, r->file->name);
		fprintf(out, ", \"line\": %llu, \"calls\": [",
		    (unsigned long long)r->line);
		for (k = i += r->callee == NULL; i < c.nrec && c.rec[i]->addr ==
		    r->addr; i++) {
			fputs(i > k ? ", {\"function\": " : "{\"function\": ",
			    out);
			cga_out_json(out, c.rec[i]->callee->display);
			fputs(", \"count\": ", out);
			cga_view_print_count(out, v, c.rec[i]->count);
			fputs(", \"cost\": ", out);
			cga_json_cost(out, v, c.rec[i]->cost);
			putc('}', out);
		}
		fputs("], \"jumps\": [", out);
		while (ji < c.njmp && c.jmp[ji]->addr < r->addr)
			ji++;
		for (k = ji; ji < c.njmp && c.jmp[ji]->addr == r->addr; ji++) {
			fputs(ji > k ? ", " : "", out);
			instr_jump(out, v, c.jmp[ji]);
		}
		fputs("]}", out);
	}
	fputs(c.nrec ? "\n      ]" : "]", out);
	cga_code_release(&c);
}

/* A header value that is a number as a number, any other as a string. */
static void
number_or_string(FILE *out, const char *s)
{
	size_t	 n = s != NULL ? strspn(s, "0123456789") : 0;

	/* Up to 15 digits: exact in every reader's doubles. */
	if (n > 0 && n <= 15 && s[n] == '\0' && (s[0] != '0' || n == 1))
		fputs(s, out);
	else
		cga_out_json_or_null(out, s);
}

/* The profiles named, the difference's base, and the header's values. */
static void
header(FILE *out, const struct cga_view *v)
{
	const struct cga_profile *p = v->p;
	size_t			  i;

	fputs("{\n  \"profiles\": [", out);
	for (i = 0; i < v->nprofiles; i++) {
		if (i > 0)
			fputs(", ", out);
		cga_out_json(out, v->profiles[i]);
	}
	fputs("],\n  \"diff_base\": ", out);
	cga_out_json_or_null(out, p->base_path);
	fputs(",\n  \"creator\": ", out);
	cga_out_json_or_null(out, p->creator);
	fputs(",\n  \"command\": ", out);
	cga_out_json_or_null(out, p->cmd);
	fputs(",\n  \"pid\": ", out);
	number_or_string(out, p->pid);
}

static void
parts(FILE *out, const struct cga_view *v)
{
	const struct cga_profile *p = v->p;
	const struct cga_part	 *pt;
	uint64_t		 *total = xcalloc(p->cw, sizeof(*total));
	size_t			  i;

	fputs(",\n  \"parts\": [", out);
	for (i = 0; i < p->nparts; i++) {
		pt = &p->parts[i];
		fputs(i ? ",\n    {\"file\": " : "\n    {\"file\": ", out);
		cga_out_json(out, pt->path);
		fprintf(out, ", \"ordinal\": %llu, \"part\": ",
		    (unsigned long long)pt->ordinal);
		number_or_string(out, pt->number);
		fputs(", \"thread\": ", out);
		number_or_string(out, pt->thread);
		fputs(", \"pid\": ", out);
		number_or_string(out, pt->pid);
		fputs(", \"trigger\": ", out);
		cga_out_json_or_null(out, pt->trigger);
		fputs(", \"totals\": ", out);
		cga_evcounts_cost(p, pt->total, pt->ntotal, total);
		cga_json_cost(out, v, total);
		putc('}', out);
	}
	fputs(p->nparts ? "\n  ],\n" : "],\n", out);
	free(total);
}

static void
events(FILE *out, const struct cga_view *v)
{
	const struct cga_profile *p = v->p;
	size_t			  e;

	fputs("  \"events\": [", out);
	for (e = 0; e < p->nev; e++) {
		fputs(e ? ",\n    {\"name\": " : "\n    {\"name\": ", out);
		cga_out_json(out, p->ev[e].name);
		fputs(", \"long_name\": ", out);
		cga_out_json_or_null(out, p->ev[e].longname);
		fprintf(out, ", \"derived\": %s}", e >= p->nrec ? "true" :
		    "false");
	}
	fputs("\n  ],\n  \"totals\": ", out);
	cga_json_cost(out, v, p->total);
	fprintf(out, ",\n  \"totals_calculated\": %s,\n",
	    p->calculated ? "true" : "false");
}

/* The gate's verdicts, numbers as numbers, with a gate only. */
static void
gate(FILE *out, const struct cga_gate *g)
{
	const struct cga_gate_verdict *gv;
	char	 lim[64];
	double	 pc;
	size_t	 i;

	fprintf(out, "  \"gate\": {\"passed\": %s, \"verdicts\": [",
	    g->tripped ? "false" : "true");
	for (i = 0; i < g->n; i++) {
		gv = &g->v[i];
		fputs(i ? ",\n    {\"event\": " : "\n    {\"event\": ", out);
		cga_out_json(out, gv->limit->event);
		if (gv->limit->percent)
			cga_gate_limit_text(gv->limit, lim, sizeof(lim));
		else
			snprintf(lim, sizeof(lim), "%llu",
			    (unsigned long long)gv->limit->num);
		fprintf(out, ", \"of\": \"%s\", \"limit\": %s, \"unit\": "
		    "\"%s\", \"above\": %s,\n     \"old\": %lld, \"new\": "
		    "%lld, \"change\": %lld, \"percent\": ",
		    gv->limit->function ? "function" : "total", lim,
		    gv->limit->percent ? "percent" : "count",
		    gv->above ? "true" : "false", (long long)gv->old,
		    (long long)gv->new, (long long)gv->change);
		if (cga_gate_percent(gv, &pc) == 0)
			fprintf(out, "%.6f", pc);
		else
			fputs("null", out);
		fprintf(out, ", \"old_total\": %lld, \"function\": ",
		    (long long)gv->old_total);
		if (gv->worst != NULL) {
			fputs("{\"file\": ", out);
			cga_out_json(out, gv->worst->key.file);
			fputs(", \"name\": ", out);
			cga_out_json(out, gv->worst->key.name);
			putc('}', out);
		} else
			fputs("null", out);
		putc('}', out);
	}
	fputs(g->n ? "\n  ]},\n" : "]},\n", out);
}

static void
function(FILE *out, const struct cga_view *v, const struct cga_fn *fn,
    int first)
{
	fputs(first ? "\n    {\n      \"file\": " :
	    ",\n    {\n      \"file\": ", out);
	cga_out_json(out, fn->key.file);
	fputs(",\n      \"name\": ", out);
	cga_out_json(out, fn->key.name);
	fputs(",\n      \"object\": ", out);
	cga_out_json_or_null(out, cga_fn_object(fn));
	costs_and_calls(out, v, fn);
	if (v->asm_code)
		instructions(out, v, fn);
	fputs("\n    }", out);
}

/* A list of strings, [] when empty. */
static void
strings(FILE *out, char *const *s, size_t n)
{
	size_t	 i;

	putc('[', out);
	for (i = 0; i < n; i++) {
		if (i > 0)
			fputs(", ", out);
		cga_out_json(out, s[i]);
	}
	putc(']', out);
}

/* What was listed and what was left out. */
static void
listing(FILE *out, const struct cga_view *v)
{
	size_t	 i;

	fputs("  \"listing\": {\"by\": ", out);
	cga_out_json(out, v->groups == NULL ? "function" : v->group_word);
	fprintf(out, ", \"group_inlined\": %s, \"threshold\": ",
	    v->groups != NULL && v->groups->by == CGA_GROUP_NAME ? "true" :
	    "false");
	if (v->filter && v->nsort > 0) {
		putc('{', out);
		for (i = 0; i < v->nsort; i++) {
			fputs(i ? ", " : "", out);
			cga_out_json(out, v->p->ev[v->sort[i]].name);
			fprintf(out, ": %g", v->th[i]);
		}
		putc('}', out);
	} else
		fputs("null", out);
	fputs(", \"top\": ", out);
	if (v->top > 0)
		fprintf(out, "%llu", (unsigned long long)v->top);
	else
		fputs("null", out);
	fputs(",\n    \"focus\": ", out);
	strings(out, v->focus_text, v->nfocus);
	fputs(", \"hide\": ", out);
	strings(out, v->hide_text, v->nhide);
	fprintf(out, ", \"hidden_functions\": %zu, \"hidden_cost\": ",
	    v->nhidden);
	cga_json_cost(out, v, v->hidden);
	fputs("},\n", out);
}

/*
 * The groups, each with its callers and callees among the groups and its
 * functions; those functions are what annotation covers.
 */
static struct cga_fn **
groups(struct cga_out_piece *pc, const struct cga_view *v, size_t *nlisted)
{
	struct cga_fn		**gs, **fns, **listed = NULL, *g;
	FILE			 *to = pc->out, *out;
	size_t			  n, nf, i, j;

	*nlisted = 0;
	fputs("  \"groups\": [", to);
	gs = cga_view_select(v, NULL, &n);
	for (i = 0; i < n && !ferror(to); i++) {
		out = cga_out_piece_begin(pc);
		g = gs[i];
		fputs(i ? ",\n    {\n      \"name\": " :
		    "\n    {\n      \"name\": ", out);
		cga_out_json(out, g->display);
		costs_and_calls(out, v, g);
		fputs(",\n      \"functions\": [", out);
		fns = cga_view_members(v, g, &nf);
		listed = xreallocarray(listed, *nlisted + nf + 1,
		    sizeof(*listed));
		for (j = 0; j < nf; j++) {
			listed[(*nlisted)++] = fns[j];
			function(out, v, fns[j], j == 0);
		}
		fputs(nf ? "\n    ]}" : "]}", out);
		free(fns);
		cga_out_piece_end(pc);
	}
	fputs(n ? "\n  ]" : "]", to);
	free(gs);
	return listed;
}

int
cga_json_write(FILE *to, const struct cga_view *v, unsigned flags,
    void (*more)(FILE *, const struct cga_view *, struct cga_fn **, size_t))
{
	struct cga_out_piece	  pc;
	struct cga_fn		**fns;
	FILE			 *out;
	size_t			  n, i;

	cga_out_piece_init(&pc, to, (flags & CGA_JSON_SCRIPT) != 0);
	out = cga_out_piece_begin(&pc);
	header(out, v);
	parts(out, v);
	events(out, v);
	if (v->gate != NULL)
		gate(out, v->gate);
	listing(out, v);
	cga_out_piece_end(&pc);
	if (v->groups != NULL)
		fns = groups(&pc, v, &n);
	else {
		fputs("  \"functions\": [", to);
		fns = cga_view_select(v, NULL, &n);
		for (i = 0; i < n && !ferror(to); i++) {
			out = cga_out_piece_begin(&pc);
			function(out, v, fns[i], i == 0);
			cga_out_piece_end(&pc);
		}
		fputs(n ? "\n  ]" : "]", to);
	}
	if (v->auto_annotate && !(flags & CGA_JSON_NO_FILES))
		files(&pc, v, fns, n);
	cga_out_piece_free(&pc);
	if (more != NULL)
		more(to, v, fns, n);
	fputs("\n}", to);
	free(fns);
	return 0;
}

static int
json_print(FILE *out, const struct cga_view *v)
{
	int	 rc = cga_json_write(out, v, 0, NULL);

	putc('\n', out);
	return rc;
}

/* Files' line costs go with the functions when annotation is on. */
static unsigned
json_needs(const struct cga_view *v)
{
	return CGA_NEED_INCL | (v->auto_annotate ? CGA_NEED_ALL_LINES |
	    CGA_NEED_JUMPS : 0) | (v->asm_code ? CGA_NEED_INSTRS : 0);
}

const struct cga_format cga_format_json = { "json", json_needs, 0,
    json_print };
