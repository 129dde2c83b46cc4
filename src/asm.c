/*
 * asm.c: --asm, the machine code of each listed function as objdump
 * prints it for the function's addresses in its object, each instruction
 * with its cost, the source line it came from where that changes, and the
 * calls and jumps made from it.
 */
#include <stdlib.h>
#include <string.h>

#include "asm.h"
#include "diag.h"
#include "fmt.h"
#include "objdump.h"
#include "out.h"
#include "sort.h"

static const char fancy[] =
    "--------------------------------------------------------------------------------\n";

/* An instruction's own cost first, then its calls by callee. */
static int
rec_cmp(const void *a, const void *b, void *ctx)
{
	const struct cga_instr	*x = *(const struct cga_instr *const *)a;
	const struct cga_instr	*y = *(const struct cga_instr *const *)b;

	(void)ctx;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->callee == NULL || y->callee == NULL)
		return (x->callee != NULL) - (y->callee != NULL);
	return cga_fn_display_cmp(x->callee, y->callee);
}

/* By address; conditional ones first, then by target. */
static int
jmp_cmp(const void *a, const void *b, void *ctx)
{
	const struct cga_jump	*x = *(const struct cga_jump *const *)a;
	const struct cga_jump	*y = *(const struct cga_jump *const *)b;

	(void)ctx;
	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	if (x->cond != y->cond)
		return y->cond - x->cond;
	return x->taddr < y->taddr ? -1 : x->taddr > y->taddr;
}

static int
same_obj(const char *a, const char *b)
{
	return a == b || (a != NULL && b != NULL && strcmp(a, b) == 0);
}

/* Whether g is code of fn's machine function: its name, its object. */
static int
same_code(const struct cga_fn *fn, const struct cga_fn *g)
{
	return g->key.name == fn->key.name &&
	    same_obj(cga_fn_object(fn), cga_fn_object(g));
}

void
cga_code_collect(const struct cga_view *v, const struct cga_fn *fn,
    struct cga_code *c)
{
	const struct cga_profile *p = v->p;
	const struct cga_fn	 *g;
	const char		 *obj = cga_fn_object(fn);
	size_t			  first, n, i;

	memset(c, 0, sizeof(*c));
	c->rec = xcalloc(1, sizeof(*c->rec));
	c->jmp = xcalloc(1, sizeof(*c->jmp));
	if (p->ninstrs == 0)
		return;
	for (g = p->fns; g != NULL; g = g->next) {
		if (!same_code(fn, g))
			continue;
		/* Only the code in fn's object: the one disassembled. */
		n = cga_instrs_of(p, g, &first);
		c->rec = xreallocarray(c->rec, c->nrec + n + 1,
		    sizeof(*c->rec));
		for (i = 0; i < n; i++)
			if (same_obj(cga_instr_at(p, first + i)->obj, obj))
				c->rec[c->nrec++] = cga_instr_at(p, first + i);
		n = cga_jumps_of(p, g, &first);
		c->jmp = xreallocarray(c->jmp, c->njmp + n + 1,
		    sizeof(*c->jmp));
		for (i = 0; i < n; i++)
			if (same_obj(p->jumps[first + i].obj, obj))
				c->jmp[c->njmp++] = &p->jumps[first + i];
	}
	cga_sort(c->rec, c->nrec, sizeof(*c->rec), rec_cmp, NULL);
	cga_sort(c->jmp, c->njmp, sizeof(*c->jmp), jmp_cmp, NULL);
	if (c->nrec > 0) {
		c->lo = c->rec[0]->addr;
		c->hi = c->rec[c->nrec - 1]->addr;
	}
}

void
cga_code_release(struct cga_code *c)
{
	free(c->rec);
	free(c->jmp);
}

/* The objects read so far, each once. */
struct objects {
	struct cga_object *v;
	size_t		  n;
};

static struct cga_object *
object_get(struct objects *os, const char *path)
{
	size_t	 i;

	for (i = 0; i < os->n; i++)
		if (strcmp(os->v[i].path, path) == 0)
			return &os->v[i];
	os->v = xreallocarray(os->v, os->n + 1, sizeof(*os->v));
	memset(&os->v[os->n], 0, sizeof(os->v[os->n]));
	os->v[os->n].path = path;
	return &os->v[os->n++];
}

/* Where a function's code is, and how the profile's addresses map to it. */
struct place {
	uint64_t	 bias;		/* profile address - object address */
	uint64_t	 start, stop;	/* in the object */
	uint64_t	 last;		/* the last instruction to show */
	int		 nosym;		/* no symbol of its name */
};

/* Addresses this far from a function's symbol are the process's. */
#define NEAR_SYMBOL	((uint64_t)1 << 16)

/*
 * Where fn's code lies in the object o: its symbol's range and the
 * profile's, which may pass it (debug information names code the symbol
 * does not cover), in the object's addresses; those of the profile are
 * the object's unless they lie far from the symbol, where the first is
 * aligned with the symbol's (addresses as the process saw them).  Without
 * a symbol, the profile's range.  Instruction boundaries check it.
 */
static void
place_code(const struct cga_object *o, const struct cga_fn *fn,
    const struct cga_code *c, struct place *pl)
{
	const struct cga_sym	*sym = cga_objdump_sym(o, fn->key.name, c->lo);
	uint64_t		 lo, hi;

	memset(pl, 0, sizeof(*pl));
	if (sym == NULL)
		pl->nosym = 1;
	else if (c->lo + NEAR_SYMBOL < sym->value ||
	    c->lo > sym->value + sym->size + NEAR_SYMBOL)
		pl->bias = c->lo - sym->value;
	lo = c->lo - pl->bias;
	hi = c->hi - pl->bias;
	pl->start = sym != NULL && sym->value < lo ? sym->value : lo;
	/* The longest instruction is 15 bytes (x86). */
	pl->stop = hi > UINT64_MAX - 16 ? UINT64_MAX : hi + 16;
	pl->last = hi;
	if (sym != NULL && sym->value + sym->size > pl->stop)
		pl->stop = sym->value + sym->size;
	if (sym != NULL && sym->size > 0 && sym->value + sym->size - 1 > hi)
		pl->last = sym->value + sym->size - 1;
}

/* The instruction at addr, or -1. */
static long
insn_find(const struct cga_insn *in, size_t n, uint64_t addr)
{
	size_t	 lo = 0, hi = n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (in[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < n && in[lo].addr == addr ? (long)lo : -1;
}

/* Whether every address of the profile starts an instruction: 0, or -1. */
static int
boundaries(const struct cga_object *o, const struct cga_fn *fn,
    const struct cga_code *c, const struct place *pl,
    const struct cga_insn *in, size_t n, char *note)
{
	size_t	 i;

	for (i = 0; i < c->nrec; i++)
		if (insn_find(in, n, c->rec[i]->addr - pl->bias) == -1)
			break;
	if (i == c->nrec)
		return 0;
	snprintf(note, CGA_NOTE_MAX, "%s does not match the profile (rebuilt "
	    "since?): no instruction at 0x%llx in %s", o->path,
	    (unsigned long long)(c->rec[i]->addr - pl->bias), fn->key.name);
	return -1;
}

/* What printing one function's code needs. */
struct printer {
	FILE			*out;
	const struct cga_view	*v;
	const struct cga_code	*c;
	const struct place	*pl;
	const struct cga_insn	*in;
	size_t			 nin;
	size_t			*w;		/* cost columns */
	size_t			 ri, ji;	/* next record, next jump */
	const struct cga_file	*file;		/* the last heading's */
	uint64_t		 line;
	uint64_t		*sum;		/* instructions' costs shown */
	int			 overflow;
};

/* objdump's text, its tabs kept, the rest as a terminal may show it. */
static void
code_text(FILE *out, const char *s)
{
	const char	*tab;
	char		*piece;

	while ((tab = strchr(s, '\t')) != NULL) {
		piece = xmemdup0(s, (size_t)(tab - s));
		cga_out_text(out, piece);
		free(piece);
		putc('\t', out);
		s = tab + 1;
	}
	cga_out_text(out, s);
}

static void
jump_line(struct printer *pr, const struct cga_jump *j, size_t pad)
{
	char	 a[CGA_FMT_COUNT], e[CGA_FMT_COUNT];

	fprintf(pr->out, "%*s", (int)pad, "");
	cga_view_count(pr->v, a, j->count);
	if (j->cond) {
		cga_view_count(pr->v, e, j->executed);
		fprintf(pr->out, " jcnd %s/%s taken", a, e);
	} else
		fprintf(pr->out, " jump %sx", a);
	fprintf(pr->out, " -> 0x%llx", (unsigned long long)(j->taddr -
	    pr->pl->bias));
	if (j->tfn != NULL && strcmp(j->tfn, j->fn->key.name) != 0) {
		fputs(" in ", pr->out);
		cga_out_text(pr->out, j->tfn);
	}
	putc('\n', pr->out);
}

/* The instruction in[k]: its source heading, cost, code, calls, jumps. */
static void
insn_print(struct printer *pr, size_t k)
{
	const struct cga_instr	*r, *own = NULL;
	uint64_t		 addr = pr->in[k].addr + pr->pl->bias;
	char			 count[CGA_FMT_COUNT];
	size_t			 i, pad = 0, first;

	while (pr->ri < pr->c->nrec && pr->c->rec[pr->ri]->addr < addr)
		pr->ri++;
	first = pr->ri;
	if (pr->ri < pr->c->nrec && pr->c->rec[pr->ri]->addr == addr &&
	    pr->c->rec[pr->ri]->callee == NULL)
		own = pr->c->rec[pr->ri++];
	r = own != NULL ? own : first < pr->c->nrec &&
	    pr->c->rec[first]->addr == addr ? pr->c->rec[first] : NULL;
	if (r != NULL && (r->file != pr->file || r->line != pr->line)) {
		pr->file = r->file;
		pr->line = r->line;
		fputs("-- ", pr->out);
		cga_out_text(pr->out, r->file->name);
		fprintf(pr->out, ":%llu\n", (unsigned long long)r->line);
	}
	cga_print_cost(pr->out, pr->v, pr->w, own != NULL ? own->cost : NULL);
	if (own != NULL && cga_cost_add(pr->v->p, pr->sum, own->cost) == -1)
		pr->overflow = 1;
	fprintf(pr->out, " %8llx:\t", (unsigned long long)pr->in[k].addr);
	code_text(pr->out, pr->in[k].text);
	putc('\n', pr->out);
	for (; pr->ri < pr->c->nrec && pr->c->rec[pr->ri]->addr == addr;
	    pr->ri++) {
		r = pr->c->rec[pr->ri];
		cga_print_cost(pr->out, pr->v, pr->w, r->cost);
		cga_view_count(pr->v, count, r->count);
		fputs(" => ", pr->out);
		cga_view_print_fn(pr->out, r->callee);
		fprintf(pr->out, " (%sx)\n", count);
	}
	for (i = 0; i < pr->v->nshow; i++)
		pad += pr->w[pr->v->show[i]] + 1;
	while (pr->ji < pr->c->njmp && pr->c->jmp[pr->ji]->addr < addr)
		pr->ji++;
	for (; pr->ji < pr->c->njmp && pr->c->jmp[pr->ji]->addr == addr;
	    pr->ji++)
		jump_line(pr, pr->c->jmp[pr->ji], pad);
}

/* Whether in[k] has a cost, a call or a jump: it is annotated. */
static int
annotated(const struct printer *pr, size_t k)
{
	uint64_t	 addr = pr->in[k].addr + pr->pl->bias;
	size_t		 lo = 0, hi = pr->c->nrec, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (pr->c->rec[mid]->addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < pr->c->nrec && pr->c->rec[lo]->addr == addr)
		return 1;
	for (lo = 0; lo < pr->c->njmp; lo++)
		if (pr->c->jmp[lo]->addr == addr)
			return 1;
	return 0;
}

/* Which instructions are within --context of annotated ones (free it). */
static unsigned char *
shown(const struct printer *pr)
{
	unsigned char	*show = xcalloc(pr->nin + 1, 1);
	size_t		 k, j, ctx = pr->v->context;

	for (k = 0; k < pr->nin; k++) {
		if (!annotated(pr, k))
			continue;
		for (j = k > ctx ? k - ctx : 0; j < pr->nin && j <= k + ctx;
		    j++)
			show[j] = 1;
	}
	return show;
}

/* The instructions within --context of annotated ones, the rest counted. */
static void
insns_print(struct printer *pr)
{
	unsigned char	*show = shown(pr);
	size_t		 k, skipped = 0;

	for (k = 0; k < pr->nin && !ferror(pr->out); k++) {
		if (!show[k]) {
			skipped++;
			continue;
		}
		if (skipped > 0)
			fprintf(pr->out, "-- %zu instructions without cost "
			    "left out\n", skipped);
		skipped = 0;
		insn_print(pr, k);
	}
	if (skipped > 0)
		fprintf(pr->out, "-- %zu instructions without cost left out\n",
		    skipped);
	free(show);
}

/*
 * A note in the report, and, when code is missing, once per object (o)
 * on standard error.
 */
static void
note(FILE *out, struct cga_object *o, const char *what, const char *text)
{
	char	*esc = NULL;
	size_t	 len = 0;
	FILE	*m;

	fprintf(out, "-- %s: ", what);
	cga_out_text(out, text);
	fputs("\n\n", out);
	if (strcmp(what, "note") == 0 || (o != NULL && o->warned++))
		return;
	if ((m = open_memstream(&esc, &len)) == NULL)
		return;
	cga_out_text(m, text);
	fclose(m);
	cga_diag("warning: --asm: %s", esc);
	free(esc);
}

static void
heading(FILE *out, const struct cga_view *v, const struct cga_fn *fn,
    const size_t *w)
{
	fputs(fancy, out);
	fputs("-- Machine code: ", out);
	cga_view_print_fn(out, fn);
	if (cga_fn_object(fn) != NULL) {
		fputs(" [", out);
		cga_out_text(out, cga_fn_object(fn));
		putc(']', out);
	}
	fputs("\n", out);
	fputs(fancy, out);
	cga_print_events(out, v, w);
	fputs("\n\n", out);
}

/* Cost columns wide enough for every record of the code. */
static size_t *
code_widths(const struct cga_view *v, const struct cga_code *c)
{
	size_t	*w = cga_widths_new(v), i;

	for (i = 0; i < c->nrec; i++)
		cga_widths_add(v, w, c->rec[i]->cost);
	return w;
}

/* A function's code disassembled and placed, or why not. */
struct disasm {
	struct place	 pl;
	struct cga_insn	*in;		/* NULL: none, why says why */
	size_t		 nin;
	char		*buf;
	char		 why[CGA_NOTE_MAX];
	char		 nosym[CGA_NOTE_MAX];	/* a note beside the code */
};

/* The code of c in the object o, placed and disassembled: 0, or -1. */
static int
disasm_get(const struct cga_view *v, const struct cga_fn *fn,
    const struct cga_code *c, struct cga_object *o, struct disasm *d)
{
	memset(d, 0, sizeof(*d));
	if (cga_objdump_symbols(o) == -1) {
		snprintf(d->why, sizeof(d->why), "%.300s: %.200s", o->path,
		    o->note);
		return -1;
	}
	place_code(o, fn, c, &d->pl);
	if ((d->in = cga_objdump_code(o->path, d->pl.start, d->pl.stop,
	    v->asm_syntax, &d->nin, &d->buf, d->why)) == NULL)
		return -1;
	while (d->nin > 0 && d->in[d->nin - 1].addr > d->pl.last)
		d->nin--;
	if (boundaries(o, fn, c, &d->pl, d->in, d->nin, d->why) == -1) {
		free(d->in);
		free(d->buf);
		d->in = NULL;
		d->buf = NULL;
		return -1;
	}
	if (d->pl.nosym)
		snprintf(d->nosym, sizeof(d->nosym), "%s has no symbol %s "
		    "(stripped?): its addresses are the profile's", o->path,
		    fn->key.name);
	return 0;
}

static void
disasm_free(struct disasm *d)
{
	free(d->in);
	free(d->buf);
}

/* The code of c, placed, disassembled and printed; notes on the way. */
static void
code_print(FILE *out, const struct cga_view *v, const struct cga_fn *fn,
    const struct cga_code *c, struct cga_object *o, size_t *w)
{
	struct printer	 pr;
	struct disasm	 d;

	if (disasm_get(v, fn, c, o, &d) == -1) {
		note(out, o, "no machine code", d.why);
		return;
	}
	if (d.nosym[0] != '\0')
		note(out, NULL, "note", d.nosym);
	memset(&pr, 0, sizeof(pr));
	pr.out = out;
	pr.v = v;
	pr.c = c;
	pr.pl = &d.pl;
	pr.in = d.in;
	pr.nin = d.nin;
	pr.w = w;
	pr.sum = xcalloc(v->p->cw, sizeof(uint64_t));
	insns_print(&pr);
	fputs("\n", out);
	if (!pr.overflow) {
		cga_print_cost(out, v, w, pr.sum);
		fputs(" total of the instructions\n", out);
	}
	fputs("\n", out);
	free(pr.sum);
	disasm_free(&d);
}

int
cga_asm_print(FILE *out, const struct cga_view *v, struct cga_fn **listed,
    size_t nlisted)
{
	struct objects	 os = { NULL, 0 };
	struct cga_code	 c;
	const char	*obj;
	size_t		 i, j, *w;

	if (v->newer != NULL) {
		/* The difference keeps no instruction: nothing would match. */
		fputs(fancy, out);
		fputs("-- no machine code: --asm does not annotate a "
		    "difference (--diff); run it on each profile\n\n", out);
		return 0;
	}
	if (!v->p->have_instr) {
		fputs(fancy, out);
		fputs("-- no machine code: the profile has no instruction "
		    "addresses (callgrind --dump-instr=yes)\n\n", out);
		return 0;
	}
	for (i = 0; i < nlisted && !ferror(out); i++) {
		/* Inlined code's functions are the same machine code. */
		for (j = 0; cga_fn_namesakes(listed[i]) > 1 && j < i &&
		    !same_code(listed[j], listed[i]); j++)
			;
		if (cga_fn_namesakes(listed[i]) == 1)
			j = i;
		if (j < i)
			continue;
		cga_code_collect(v, listed[i], &c);
		if (c.nrec > 0) {
			w = code_widths(v, &c);
			heading(out, v, listed[i], w);
			if ((obj = cga_fn_object(listed[i])) == NULL)
				note(out, NULL, "no machine code", "the profile "
				    "names no object (ob=) for it");
			else
				code_print(out, v, listed[i], &c,
				    object_get(&os, obj), w);
			free(w);
		}
		cga_code_release(&c);
	}
	for (i = 0; i < os.n; i++)
		cga_objdump_free(&os.v[i]);
	free(os.v);
	return 0;
}

/*
 * "code": [address, text] for each instruction shown (within --context
 * of one with a cost, a call or a jump), a count in place of each run of
 * those left out.
 */
static void
code_list(FILE *out, const struct cga_view *v, const struct cga_code *c,
    const struct disasm *d)
{
	struct printer	 pr;
	unsigned char	*show;
	size_t		 k, n = 0, skipped = 0;

	memset(&pr, 0, sizeof(pr));
	pr.v = v;
	pr.c = c;
	pr.pl = &d->pl;
	pr.in = d->in;
	pr.nin = d->nin;
	show = shown(&pr);
	fputs(", \"code\": [", out);
	for (k = 0; k <= d->nin; k++) {
		if (k < d->nin && !show[k]) {
			skipped++;
			continue;
		}
		if (skipped > 0)
			fprintf(out, "%s%zu", n++ == 0 ? "\n      " : ",\n      ",
			    skipped);
		skipped = 0;
		if (k == d->nin)
			break;
		fprintf(out, "%s[%llu, ", n++ == 0 ? "\n      " : ",\n      ",
		    (unsigned long long)d->in[k].addr);
		cga_out_json(out, d->in[k].text);
		putc(']', out);
	}
	putc(']', out);
	free(show);
}

/*
 * One listed function's code for the page: objdump's text of its
 * instructions by the object's address, bias (the profile's address less
 * the object's), or why there is none.
 */
static void
code_json(FILE *out, const struct cga_view *v, const struct cga_fn *fn,
    struct objects *os, int first)
{
	struct cga_code	 c;
	struct disasm	 d;
	const char	*obj = cga_fn_object(fn);

	cga_code_collect(v, fn, &c);
	fputs(first ? "\n    {\"file\": " : ",\n    {\"file\": ", out);
	cga_out_json(out, fn->key.file);
	fputs(", \"name\": ", out);
	cga_out_json(out, fn->key.name);
	if (c.nrec == 0)
		fputs(", \"none\": \"the profile has no instruction of it\"",
		    out);
	else if (obj == NULL)
		fputs(", \"none\": \"the profile names no object (ob=) for "
		    "it\"", out);
	else if (disasm_get(v, fn, &c, object_get(os, obj), &d) == -1) {
		fputs(", \"none\": ", out);
		cga_out_json(out, d.why);
	} else {
		if (d.nosym[0] != '\0') {
			fputs(", \"note\": ", out);
			cga_out_json(out, d.nosym);
		}
		fprintf(out, ", \"bias\": %llu",
		    (unsigned long long)d.pl.bias);
		code_list(out, v, &c, &d);
		disasm_free(&d);
	}
	putc('}', out);
	cga_code_release(&c);
}

void
cga_asm_json(FILE *out, const struct cga_view *v, struct cga_fn **listed,
    size_t nlisted)
{
	struct objects	 os = { NULL, 0 };
	size_t		 i, n = 0;

	fputs(",\n  \"asm\": {\"syntax\": ", out);
	fputs(v->asm_syntax ? "\"intel\"" : "\"att\"", out);
	fprintf(out, ", \"context\": %zu, \"none\": ", v->context);
	if (v->newer != NULL)
		fputs("\"--asm does not annotate a difference (--diff)\"", out);
	else if (!v->p->have_instr)
		fputs("\"the profile has no instruction addresses (callgrind "
		    "--dump-instr=yes)\"", out);
	else
		fputs("null", out);
	fputs(", \"functions\": [", out);
	for (i = 0; v->newer == NULL && v->p->have_instr && i < nlisted &&
	    !ferror(out); i++)
		code_json(out, v, listed[i], &os, n++ == 0);
	fputs(n ? "\n  ]}" : "]}", out);
	for (i = 0; i < os.n; i++)
		cga_objdump_free(&os.v[i]);
	free(os.v);
}
