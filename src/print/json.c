/*
 * json.c: --format=json, the report as one JSON document: its schema's
 * version (doc/cgannotate.schema.json), metadata, the events, the
 * totals, the functions listed with their exclusive and inclusive costs,
 * callers and callees, and with annotation on, each listed function's
 * file with its line costs.  Counts are exact 64-bit integers; an event
 * never counted in a place is left out of that cost object.
 */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/gate.h"
#include "analysis/group.h"
#include "analysis/inclusive.h"
#include "base/diag.h"
#include "base/job.h"
#include "base/out.h"
#include "print/asm.h"
#include "print/branches.h"
#include "print/format.h"
#include "print/json.h"
#include "print/turns.h"
#include "view/columns.h"
#include "view/view.h"

/*
 * The version of the document's shape, its first member: doc/
 * cgannotate.schema.json describes this version, and a change that
 * renames, removes or retypes a member makes the next.
 */
#define SCHEMA_VERSION	1

/* printf's formats, for the few members that need them. */
static void
wfmt(struct cga_w *w, const char *fmt, ...)
{
	va_list	 ap;
	char	 buf[256];
	int	 n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < sizeof(buf)) {
		cga_w_write(w, buf, (size_t)n);
		return;
	}
	cga_w_flush(w);
	va_start(ap, fmt);
	vfprintf(w->f, fmt, ap);
	va_end(ap);
}

void
cga_json_piece_init(struct cga_json_piece *pc, FILE *out, int script)
{
	pc->out = out;
	pc->script = script;
	pc->m = NULL;
	pc->buf = NULL;
	pc->len = 0;
}

FILE *
cga_json_piece_begin(struct cga_json_piece *pc)
{
	if (!pc->script)
		return pc->out;
	if (pc->m == NULL) {
		if ((pc->m = open_memstream(&pc->buf, &pc->len)) == NULL)
			cga_oom();
	} else if (fseeko(pc->m, 0, SEEK_SET) != 0)
		cga_oom();
	return pc->m;
}

/* The piece is what lies before the stream's position. */
void
cga_json_piece_end(struct cga_json_piece *pc)
{
	off_t	 at;

	if (pc->m == NULL)
		return;
	if (fflush(pc->m) != 0 || (at = ftello(pc->m)) < 0)
		cga_oom();
	cga_out_script(pc->out, pc->buf, (size_t)at);
}

void
cga_json_piece_free(struct cga_json_piece *pc)
{
	if (pc->m != NULL && fclose(pc->m) != 0)
		cga_oom();
	free(pc->buf);
	pc->m = NULL;
	pc->buf = NULL;
}

/*
 * A piece of the document (see cga_json_piece_begin), written through w:
 * what w holds goes out before the piece ends.
 */
static void
piece_begin(struct cga_json_piece *pc, struct cga_w *w)
{
	cga_w_init(w, cga_json_piece_begin(pc));
}

static void
piece_end(struct cga_json_piece *pc, struct cga_w *w)
{
	cga_w_flush(w);
	cga_json_piece_end(pc);
}

void
cga_json_cost(struct cga_w *w, const struct cga_view *v, const uint64_t *c)
{
	const struct cga_profile *p = v->p;
	size_t	 e;
	int	 first = 1;

	cga_w_putc(w, '{');
	for (e = 0; c != NULL && e < p->nev; e++) {
		if (!cga_cost_defined(p, c, e))
			continue;
		if (!first)
			cga_w_puts(w, ", ");
		first = 0;
		cga_w_json(w, p->ev[e].name);
		cga_w_puts(w, ": ");
		cga_view_write_count(w, v, c[e]);
	}
	cga_w_putc(w, '}');
}

static void
calls(struct cga_w *w, const struct cga_view *v, const struct cga_fn *fn,
    int callers)
{
	const struct cga_call	**list, *c;
	size_t			  n, i;
	int			  first = 1;

	cga_w_puts(w, callers ? "      \"callers\": [" : "      \"callees\": [");
	list = cga_view_calls_of(v, fn, callers, &n);
	for (i = 0; i < n; i++) {
		c = list[i];
		cga_w_puts(w, first ? "\n" : ",\n");
		first = 0;
		cga_w_puts(w, "        {\"function\": ");
		cga_view_write_json_fn(w, callers ? c->key.caller :
		    c->key.callee);
		cga_w_puts(w, ", \"count\": ");
		cga_view_write_count(w, v, c->count);
		cga_w_puts(w, ", \"cost\": ");
		cga_json_cost(w, v, cga_call_cost(c));
		cga_w_puts(w, c->recursive ? ", \"recursive\": true" :
		    ", \"recursive\": false");
		cga_w_putc(w, '}');
	}
	free(list);
	cga_w_puts(w, first ? "]" : "\n      ]");
}

/*
 * A row's exclusive and inclusive costs, its callers and its callees.  In
 * a view of groups with inclusive costs, a group's "inclusive" holds the
 * events whose figure the call graph decides, and each row its bounds.
 */
static void
costs_and_calls(struct cga_w *w, const struct cga_view *v,
    const struct cga_fn *fn, int group)
{
	uint64_t	*c = NULL;
	const uint64_t	*lo = NULL;
	size_t		 e;

	cga_w_puts(w, ",\n      \"exclusive\": ");
	cga_json_cost(w, v, fn->self);
	cga_w_puts(w, ",\n      \"inclusive\": ");
	if (v->groups != NULL && v->groups->incl_min != NULL && fn->incl) {
		c = xcalloc(v->p->cw, sizeof(*c));
		if (group) {
			lo = v->groups->incl_min[fn->id];
			for (e = 0; e < v->p->nev; e++)
				if (cga_cost_defined(v->p, fn->incl, e) &&
				    !cga_group_bounded(v->groups, fn, e)) {
					c[e] = fn->incl[e];
					cga_cost_define(v->p, c, e);
				}
			cga_json_cost(w, v, c);
		} else {
			cga_fn_incl_min(v->p, fn, c);
			lo = c;
			cga_json_cost(w, v, fn->incl);
		}
		cga_w_puts(w, ",\n      \"inclusive_min\": ");
		cga_json_cost(w, v, lo);
		cga_w_puts(w, ",\n      \"inclusive_max\": ");
		cga_json_cost(w, v, fn->incl);
		free(c);
	} else
		cga_json_cost(w, v, fn->incl);
	cga_w_puts(w, ",\n");
	calls(w, v, fn, 1);
	cga_w_puts(w, ",\n");
	calls(w, v, fn, 0);
}

/* The files' items: each thread reads the jumps from a place of its own. */
struct file_items {
	const struct cga_view	*v;
	struct cga_file		**list;
	size_t			  n;
	struct cga_branches	 *br;
};

/* Files asked for ahead of the one written, a step each (file_prefetch). */
#define FILE_AHEAD	8

static void
file_item(struct cga_w *w, size_t i, void *ctx)
{
	struct file_items	*fi = ctx;
	struct cga_file		*f = fi->list[i];
	struct cga_lineref	*lines;
	size_t			 nl, j;

	if (i + FILE_AHEAD < fi->n)
		__builtin_prefetch(fi->list[i + FILE_AHEAD]);
	if (i + FILE_AHEAD / 2 < fi->n)
		cga_file_prefetch(fi->list[i + FILE_AHEAD / 2], 0);
	if (i + FILE_AHEAD / 4 < fi->n)
		cga_file_prefetch(fi->list[i + FILE_AHEAD / 4], 1);
	if (i + 1 < fi->n) {
		cga_file_prefetch(fi->list[i + 1], 2);
		cga_branches_prefetch(fi->br, fi->list[i + 1]);
	}
	cga_w_puts(w, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
	cga_w_json(w, f->name);
	cga_w_puts(w, ", \"lines\": [");
	lines = cga_file_lines(fi->v->p, f, &nl);
	for (j = 0; j < nl; j++) {
		cga_w_puts(w, j ? ",\n      {\"line\": " :
		    "\n      {\"line\": ");
		cga_w_u64(w, lines[j].line);
		cga_w_puts(w, ", \"cost\": ");
		cga_json_cost(w, fi->v, lines[j].cost);
		cga_branches_json(w, fi->v, fi->br, f, lines[j].line);
		cga_w_putc(w, '}');
	}
	free(lines);
	cga_w_puts(w, nl ? "\n    ]}" : "]}");
}

/*
 * The jumps' index made while the model's inclusive costs are
 * (json_early), which it does not read: 0.2 s of the 512 MB profile's
 * document, done on the processor that would wait.
 */
struct early {
	const struct cga_profile *p;
	struct cga_branches	 *br;
	struct cga_job		  job;
};

static struct early early;

static void *
early_run(void *arg)
{
	struct early	*e = arg;

	e->br = cga_branches_new(e->p, NULL);
	return NULL;
}

static void
json_early(const struct cga_view *v, const struct cga_profile *p)
{
	if (!v->auto_annotate)
		return;
	early.p = p;
	early.br = NULL;
	cga_job_start(&early.job, early_run, &early);
}

static void
json_early_end(void)
{
	cga_job_wait(&early.job);
	cga_branches_free(early.br);
	early.br = NULL;
}

/* The jumps' index of p: the one made early, or one made now. */
static struct cga_branches *
branches(const struct cga_profile *p)
{
	struct cga_branches	*br;

	cga_job_wait(&early.job);
	if (early.br != NULL && early.p == p) {
		br = early.br;
		early.br = NULL;
		return br;
	}
	return cga_branches_new(p, NULL);
}

/* The files of the listed functions, each once, by name, with line costs. */
static void
files(struct cga_json_piece *pc, const struct cga_view *v,
    struct cga_fn **fns, size_t n)
{
	struct cga_file		**list, *f;
	FILE			 *to = pc->out;
	struct file_items	  fi[2];
	struct cga_turns	  t;
	char			 *seen;
	size_t			  nf = 0, i;

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
	fi[0].v = fi[1].v = v;
	fi[0].list = fi[1].list = list;
	fi[0].n = fi[1].n = nf;
	fi[0].br = branches(v->p);
	fi[1].br = cga_branches_twin(fi[0].br);
	fputs(",\n  \"files\": [", to);
	memset(&t, 0, sizeof(t));
	t.out = to;
	t.script = t.alone = pc->script;
	t.n = nf;
	t.item = file_item;
	t.ctx[0] = &fi[0];
	t.ctx[1] = &fi[1];
	cga_turns_write(&t);
	fputs(nf ? "\n  ]" : "]", to);
	free(list);
	cga_branches_free(fi[1].br);
	cga_branches_free(fi[0].br);
}

/* A jump of an instruction: its counts and target. */
static void
instr_jump(struct cga_w *w, const struct cga_view *v, const struct cga_jump *j)
{
	wfmt(w, "{\"conditional\": %s, \"count\": ", j->cond ? "true" :
	    "false");
	cga_view_write_count(w, v, j->count);
	if (j->cond) {
		cga_w_puts(w, ", \"executed\": ");
		cga_view_write_count(w, v, j->executed);
	}
	wfmt(w, ", \"target\": {\"address\": %llu, \"file\": ",
	    (unsigned long long)j->taddr);
	cga_w_json(w, cga_jump_name(v->p, j->tfile));
	cga_w_puts(w, ", \"function\": ");
	cga_w_json(w, cga_jump_name(v->p, j->tfn));
	wfmt(w, ", \"line\": %llu}}", (unsigned long long)j->tline);
}

/*
 * --asm: the function's instructions as the profile has them, by
 * address, each with its cost, source line, calls and jumps.
 */
static void
instructions(struct cga_w *w, const struct cga_view *v, const struct cga_fn *fn)
{
	struct cga_code		 c;
	const struct cga_instr	*r;
	size_t			 i = 0, k, ji = 0;

	cga_code_collect(v, fn, &c);
	cga_w_puts(w, ",\n      \"instructions\": [");
	while (i < c.nrec) {
		r = c.rec[i];
		wfmt(w, "%s\n        {\"address\": %llu, \"cost\": ",
		    i ? "," : "", (unsigned long long)r->addr);
		cga_json_cost(w, v, r->callee == NULL ? r->cost : NULL);
		cga_w_puts(w, ", \"file\": ");
		cga_w_json(w, r->file->name);
		wfmt(w, ", \"line\": %llu, \"calls\": [",
		    (unsigned long long)r->line);
		for (k = i += r->callee == NULL; i < c.nrec && c.rec[i]->addr ==
		    r->addr; i++) {
			cga_w_puts(w, i > k ? ", {\"function\": " :
			    "{\"function\": ");
			cga_view_write_json_fn(w, c.rec[i]->callee);
			cga_w_puts(w, ", \"count\": ");
			cga_view_write_count(w, v, c.rec[i]->count);
			cga_w_puts(w, ", \"cost\": ");
			cga_json_cost(w, v, c.rec[i]->cost);
			cga_w_putc(w, '}');
		}
		cga_w_puts(w, "], \"jumps\": [");
		while (ji < c.njmp && c.jmp[ji]->addr < r->addr)
			ji++;
		for (k = ji; ji < c.njmp && c.jmp[ji]->addr == r->addr; ji++) {
			cga_w_puts(w, ji > k ? ", " : "");
			instr_jump(w, v, c.jmp[ji]);
		}
		cga_w_puts(w, "]}");
	}
	cga_w_puts(w, c.nrec ? "\n      ]" : "]");
	cga_code_release(&c);
}

/* A header value that is a number as a number, any other as a string. */
static void
number_or_string(struct cga_w *w, const char *s)
{
	size_t	 n = s != NULL ? strspn(s, "0123456789") : 0;

	/* Up to 15 digits: exact in every reader's doubles. */
	if (n > 0 && n <= 15 && s[n] == '\0' && (s[0] != '0' || n == 1))
		cga_w_puts(w, s);
	else
		cga_w_json_or_null(w, s);
}

/*
 * The schema's version (doc/cgannotate.schema.json), the profiles named,
 * the difference's base, and the header's values.
 */
static void
header(struct cga_w *w, const struct cga_view *v)
{
	const struct cga_profile *p = v->p;
	size_t			  i;

	wfmt(w, "{\n  \"schema_version\": %d,\n  \"profiles\": [",
	    SCHEMA_VERSION);
	for (i = 0; i < v->nprofiles; i++) {
		if (i > 0)
			cga_w_puts(w, ", ");
		cga_w_json(w, v->profiles[i]);
	}
	cga_w_puts(w, "],\n  \"diff_base\": ");
	cga_w_json_or_null(w, p->base_path);
	if (p->base_path != NULL && v->nolds > 0) {
		cga_w_puts(w, ",\n  \"diff_bases\": [");
		for (i = 0; i < v->nolds; i++) {
			if (i > 0)
				cga_w_puts(w, ", ");
			cga_w_json(w, v->olds[i]);
		}
		cga_w_putc(w, ']');
	}
	cga_w_puts(w, ",\n  \"creator\": ");
	cga_w_json_or_null(w, p->creator);
	cga_w_puts(w, ",\n  \"command\": ");
	cga_w_json_or_null(w, p->cmd);
	cga_w_puts(w, ",\n  \"pid\": ");
	number_or_string(w, p->pid);
}

static void
parts(struct cga_w *w, const struct cga_view *v)
{
	const struct cga_profile *p = v->p;
	const struct cga_part	 *pt;
	uint64_t		 *total = xcalloc(p->cw, sizeof(*total));
	size_t			  i;

	cga_w_puts(w, ",\n  \"parts\": [");
	for (i = 0; i < p->nparts; i++) {
		pt = &p->parts[i];
		cga_w_puts(w, i ? ",\n    {\"file\": " : "\n    {\"file\": ");
		cga_w_json(w, pt->path);
		wfmt(w, ", \"ordinal\": %llu, \"part\": ",
		    (unsigned long long)pt->ordinal);
		number_or_string(w, pt->number);
		cga_w_puts(w, ", \"thread\": ");
		number_or_string(w, pt->thread);
		cga_w_puts(w, ", \"pid\": ");
		number_or_string(w, pt->pid);
		cga_w_puts(w, ", \"trigger\": ");
		cga_w_json_or_null(w, pt->trigger);
		cga_w_puts(w, ", \"totals\": ");
		cga_evcounts_cost(p, pt->total, pt->ntotal, total);
		cga_json_cost(w, v, total);
		cga_w_putc(w, '}');
	}
	cga_w_puts(w, p->nparts ? "\n  ],\n" : "],\n");
	free(total);
}

static void
events(struct cga_w *w, const struct cga_view *v)
{
	const struct cga_profile *p = v->p;
	size_t			  e;

	cga_w_puts(w, "  \"events\": [");
	for (e = 0; e < p->nev; e++) {
		cga_w_puts(w, e ? ",\n    {\"name\": " : "\n    {\"name\": ");
		cga_w_json(w, p->ev[e].name);
		cga_w_puts(w, ", \"long_name\": ");
		cga_w_json_or_null(w, p->ev[e].longname);
		wfmt(w, ", \"derived\": %s}", e >= p->nrec ? "true" :
		    "false");
	}
	cga_w_puts(w, "\n  ],\n  \"totals\": ");
	cga_json_cost(w, v, p->total);
	wfmt(w, ",\n  \"totals_calculated\": %s,\n",
	    p->calculated ? "true" : "false");
}

/* The gate's verdicts, numbers as numbers, with a gate only. */
static void
gate(struct cga_w *w, const struct cga_gate *g)
{
	const struct cga_gate_verdict *gv;
	char	 lim[64];
	double	 pc;
	size_t	 i;

	wfmt(w, "  \"gate\": {\"exceeded\": %s, \"verdicts\": [",
	    g->tripped ? "true" : "false");
	for (i = 0; i < g->n; i++) {
		gv = &g->v[i];
		cga_w_puts(w, i ? ",\n    {\"event\": " : "\n    {\"event\": ");
		cga_w_json(w, gv->limit->event);
		if (gv->limit->percent)
			cga_gate_limit_text(gv->limit, lim, sizeof(lim));
		else
			snprintf(lim, sizeof(lim), "%llu",
			    (unsigned long long)gv->limit->num);
		wfmt(w, ", \"of\": \"%s\", \"limit\": %s, \"unit\": "
		    "\"%s\", \"exceeded\": %s,\n     \"old\": %lld, \"new\": "
		    "%lld, \"change\": %lld, \"percent\": ",
		    gv->limit->function ? "function" : "total", lim,
		    gv->limit->percent ? "percent" : "count",
		    gv->exceeded ? "true" : "false", (long long)gv->old,
		    (long long)gv->new, (long long)gv->change);
		if (cga_gate_percent(gv, &pc) == 0)
			wfmt(w, "%.6f", pc);
		else
			cga_w_puts(w, "null");
		wfmt(w, ", \"old_total\": %lld, \"function\": ",
		    (long long)gv->old_total);
		if (gv->worst != NULL) {
			cga_w_puts(w, "{\"file\": ");
			cga_w_json(w, gv->worst->key.file);
			cga_w_puts(w, ", \"name\": ");
			cga_w_json(w, gv->worst->key.name);
			cga_w_putc(w, '}');
		} else
			cga_w_puts(w, "null");
		cga_w_putc(w, '}');
	}
	cga_w_puts(w, g->n ? "\n  ]},\n" : "]},\n");
}

static void
function(struct cga_w *w, const struct cga_view *v, const struct cga_fn *fn,
    int first)
{
	cga_w_puts(w, first ? "\n    {\n      \"file\": " :
	    ",\n    {\n      \"file\": ");
	cga_w_json(w, fn->key.file);
	cga_w_puts(w, ",\n      \"name\": ");
	cga_w_json(w, fn->key.name);
	cga_w_puts(w, ",\n      \"object\": ");
	cga_w_json_or_null(w, cga_fn_object(fn));
	costs_and_calls(w, v, fn, 0);
	if (v->asm_code)
		instructions(w, v, fn);
	cga_w_puts(w, "\n    }");
}

/* The functions' items, read alike by both threads. */
struct fn_items {
	const struct cga_view	*v;
	struct cga_fn		**fns;
	size_t			 n;
};

/* A function's display name, or its parts where it is not made. */
static void
name_prefetch(const struct cga_fn *fn)
{
	if (fn->display != NULL)
		__builtin_prefetch(fn->display);
	else {
		__builtin_prefetch(fn->key.file);
		__builtin_prefetch(fn->key.name);
	}
}

/*
 * What writing a function reads at random, asked for ahead: the
 * function FN_AHEAD items on, then its names, costs and first calls,
 * then the functions at the other end of its calls and their names:
 * of FN_CALLS calls each way at most, so that a function called from
 * everywhere (malloc) is not walked three times over.
 */
#define FN_AHEAD	16
#define FN_CALLS	16

static void
fn_prefetch(const struct cga_fn *const *fns, size_t n, size_t i)
{
	const struct cga_fn	*fn;
	const struct cga_call	*c;
	size_t			 k;

	if (i + FN_AHEAD < n)
		__builtin_prefetch(fns[i + FN_AHEAD]);
	if (i + FN_AHEAD / 2 < n) {
		fn = fns[i + FN_AHEAD / 2];
		__builtin_prefetch(fn->key.file);
		__builtin_prefetch(fn->key.name);
		__builtin_prefetch(fn->incl);
		__builtin_prefetch(fn->in);
		__builtin_prefetch(fn->out);
	}
	if (i + FN_AHEAD / 4 < n) {
		fn = fns[i + FN_AHEAD / 4];
		for (c = fn->in, k = 0; c != NULL && k < FN_CALLS;
		    c = c->next_in, k++) {
			__builtin_prefetch(c->key.caller);
			__builtin_prefetch(c->cost);
		}
		for (c = fn->out, k = 0; c != NULL && k < FN_CALLS;
		    c = c->next_out, k++) {
			__builtin_prefetch(c->key.callee);
			__builtin_prefetch(c->cost);
		}
	}
	if (i + 1 < n) {
		fn = fns[i + 1];
		for (c = fn->in, k = 0; c != NULL && k < FN_CALLS;
		    c = c->next_in, k++)
			name_prefetch(c->key.caller);
		for (c = fn->out, k = 0; c != NULL && k < FN_CALLS;
		    c = c->next_out, k++)
			name_prefetch(c->key.callee);
	}
}

static void
fn_item(struct cga_w *w, size_t i, void *ctx)
{
	struct fn_items	*fi = ctx;

	fn_prefetch((const struct cga_fn *const *)fi->fns, fi->n, i);
	function(w, fi->v, fi->fns[i], i == 0);
}

/* The listed functions (the page's, with its flame's thread busy, alone). */
static void
functions(struct cga_json_piece *pc, const struct cga_view *v,
    struct cga_fn **fns, size_t n)
{
	struct fn_items	 fi = { v, fns, n };
	struct cga_turns t;

	memset(&t, 0, sizeof(t));
	t.out = pc->out;
	t.script = t.alone = pc->script;
	t.n = n;
	t.item = fn_item;
	t.ctx[0] = t.ctx[1] = &fi;
	cga_turns_write(&t);
}

/* A list of strings, [] when empty. */
static void
strings(struct cga_w *w, char *const *s, size_t n)
{
	size_t	 i;

	cga_w_putc(w, '[');
	for (i = 0; i < n; i++) {
		if (i > 0)
			cga_w_puts(w, ", ");
		cga_w_json(w, s[i]);
	}
	cga_w_putc(w, ']');
}

/* What was listed and what was left out. */
static void
listing(struct cga_w *w, const struct cga_view *v)
{
	size_t	 i;

	cga_w_puts(w, "  \"listing\": {\"by\": ");
	cga_w_json(w, v->groups == NULL ? "function" : v->group_word);
	wfmt(w, ", \"group_inlined\": %s, \"threshold\": ",
	    v->groups != NULL && v->groups->by == CGA_GROUP_NAME ? "true" :
	    "false");
	if (v->filter && v->nsort > 0) {
		cga_w_putc(w, '{');
		for (i = 0; i < v->nsort; i++) {
			cga_w_puts(w, i ? ", " : "");
			cga_w_json(w, v->p->ev[v->sort[i]].name);
			wfmt(w, ": %g", v->th[i]);
		}
		cga_w_putc(w, '}');
	} else
		cga_w_puts(w, "null");
	cga_w_puts(w, ", \"top\": ");
	if (v->top > 0)
		wfmt(w, "%llu", (unsigned long long)v->top);
	else
		cga_w_puts(w, "null");
	cga_w_puts(w, ",\n    \"focus\": ");
	strings(w, v->focus_text, v->nfocus);
	cga_w_puts(w, ", \"hide\": ");
	strings(w, v->hide_text, v->nhide);
	wfmt(w, ", \"hidden_functions\": %zu, \"hidden_cost\": ",
	    v->nhidden);
	cga_json_cost(w, v, v->hidden);
	cga_w_puts(w, "},\n");
}

/*
 * The groups, each with its callers and callees among the groups and its
 * functions; those functions are what annotation covers.
 */
static struct cga_fn **
groups(struct cga_json_piece *pc, const struct cga_view *v, size_t *nlisted)
{
	struct cga_fn		**gs, **fns, **listed = NULL, *g;
	FILE			 *to = pc->out;
	struct cga_w		  w[1];
	size_t			  n, nf, i, j;

	*nlisted = 0;
	fputs("  \"groups\": [", to);
	gs = cga_view_select(v, NULL, &n);
	for (i = 0; i < n && !ferror(to); i++) {
		piece_begin(pc, w);
		g = gs[i];
		cga_w_puts(w, i ? ",\n    {\n      \"name\": " :
		    "\n    {\n      \"name\": ");
		cga_w_json(w, g->display);
		costs_and_calls(w, v, g, 1);
		cga_w_puts(w, ",\n      \"functions\": [");
		fns = cga_view_members(v, g, &nf);
		listed = xreallocarray(listed, *nlisted + nf + 1,
		    sizeof(*listed));
		for (j = 0; j < nf; j++) {
			listed[(*nlisted)++] = fns[j];
			function(w, v, fns[j], j == 0);
		}
		cga_w_puts(w, nf ? "\n    ]}" : "]}");
		free(fns);
		piece_end(pc, w);
	}
	fputs(n ? "\n  ]" : "]", to);
	free(gs);
	return listed;
}

int
cga_json_write(FILE *to, const struct cga_view *v, unsigned flags,
    void (*more)(FILE *, const struct cga_view *, struct cga_fn **, size_t))
{
	struct cga_json_piece	  pc;
	struct cga_fn		**fns;
	struct cga_w		  w[1];
	size_t			  n;

	cga_json_piece_init(&pc, to, (flags & CGA_JSON_SCRIPT) != 0);
	piece_begin(&pc, w);
	header(w, v);
	parts(w, v);
	events(w, v);
	if (v->gate != NULL)
		gate(w, v->gate);
	listing(w, v);
	piece_end(&pc, w);
	if (v->groups != NULL)
		fns = groups(&pc, v, &n);
	else {
		fputs("  \"functions\": [", to);
		fns = cga_view_select(v, NULL, &n);
		functions(&pc, v, fns, n);
		fputs(n ? "\n  ]" : "]", to);
	}
	if (v->auto_annotate && !(flags & CGA_JSON_NO_FILES))
		files(&pc, v, fns, n);
	cga_json_piece_free(&pc);
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

/*
 * Functions are written as their file and name, and in calls as
 * "file:name" from them (cga_view_write_json_fn): the display names of
 * the 512 MB profile's 759,000 functions took 38 MB.  Groups keep theirs.
 */
static int
json_no_display(const struct cga_view *v)
{
	return !v->grouped;
}

const struct cga_format cga_format_json = { "json", json_needs,
    json_no_display, 0, json_print, json_early, json_early_end, 1 };
