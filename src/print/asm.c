/*
 * asm.c: --asm, the machine code of each listed function as objdump
 * prints it for the function's addresses in its object (asm_code.c
 * places and decodes it), each instruction with its cost, the source
 * line it came from where that changes, and the calls and jumps made
 * from it; in the text report, and for the page as JSON.
 */
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/fmt.h"
#include "base/out.h"
#include "print/asm.h"
#include "print/asm_code.h"
#include "print/objdump.h"
#include "view/columns.h"

static const char fancy[] =
    "--------------------------------------------------------------------------------\n";

/* What printing one function's code needs. */
struct printer {
	FILE			*out;
	const struct cga_view	*v;
	const struct cga_code	*c;
	uint64_t		 bias;
	const struct cga_insn	*in;		/* a piece's */
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
	    pr->bias));
	if (j->tfn != 0 && j->tfn != cga_jump_no(j->fn->key.name)) {
		fputs(" in ", pr->out);
		cga_out_text(pr->out, cga_jump_name(pr->v->p, j->tfn));
	}
	putc('\n', pr->out);
}

/* The instruction in[k]: its source heading, cost, code, calls, jumps. */
static void
insn_print(struct printer *pr, size_t k)
{
	const struct cga_instr	*r, *own = NULL;
	uint64_t		 addr = pr->in[k].addr + pr->bias;
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
	uint64_t	 addr = pr->in[k].addr + pr->bias;
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
 * What heads piece k of f's code, unless all of it is one piece at its
 * symbol: where it is, and whether it is at the symbol or outside it (a
 * part hot/cold splitting put apart, as NAME.cold in .text.unlikely, or
 * code without a symbol of its own that callgrind counts in the function
 * that jumped to it).
 */
static void
piece_heading(const struct fcode *f, size_t k, char *s, size_t len)
{
	const struct piece	*p = &f->pc[k];
	const char		*name = f->fn->key.name;
	int			 at_sym, nlen = (int)f->symlen;

	at_sym = f->sym != NULL && f->sym->value >= p->lo &&
	    f->sym->value <= p->hi;
	s[0] = '\0';
	if (f->npc == 1 && (f->sym == NULL || at_sym))
		return;
	if (at_sym)
		snprintf(s, len, "code at 0x%llx, the symbol %.*s",
		    (unsigned long long)p->lo, nlen, name);
	else if (f->sym != NULL)
		snprintf(s, len, "code at 0x%llx, outside the symbol %.*s (a "
		    ".cold part, or code it jumps to)", (unsigned long long)p->lo,
		    nlen, name);
	else
		snprintf(s, len, "code at 0x%llx", (unsigned long long)p->lo);
}

/* The instructions of c in piece p: pr->in and pr->nin. */
static void
piece_code(struct printer *pr, const struct insns *c, const struct piece *p)
{
	size_t	 lo = cga_insn_lower(c, p->lo), hi = lo;

	while (hi < c->n && c->in[hi].addr <= p->hi)
		hi++;
	pr->in = c->in + lo;
	pr->nin = hi - lo;
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

/* A note beside f's code, when it has no symbol of its name: 0, or -1. */
static int
nosym_note(const struct fcode *f, char *s)
{
	if (f->nsyms > 0 || f->addrname)
		return -1;
	if (f->oc->bias == 0)
		snprintf(s, CGA_NOTE_MAX, "%s has no symbol %s (stripped?): "
		    "its addresses are the profile's", f->oc->o.path,
		    f->fn->key.name);
	else
		snprintf(s, CGA_NOTE_MAX, "%s has no symbol %s (stripped?): "
		    "its addresses are the profile's less the object's bias "
		    "0x%llx", f->oc->o.path, f->fn->key.name,
		    (unsigned long long)f->oc->bias);
	return 0;
}

/* f's code, placed, disassembled and printed; notes on the way. */
static void
code_print(FILE *out, struct asmrun *r, struct fcode *f, size_t *w)
{
	struct printer	 pr;
	char		 s[CGA_NOTE_MAX];
	size_t		 k;

	if (cga_fcode_ready(r, f, s) == -1) {
		note(out, &f->oc->o, "no machine code", s);
		return;
	}
	if (nosym_note(f, s) == 0)
		note(out, NULL, "note", s);
	memset(&pr, 0, sizeof(pr));
	pr.out = out;
	pr.v = r->v;
	pr.c = &f->c;
	pr.bias = f->oc->bias;
	pr.w = w;
	pr.sum = xcalloc(r->v->p->cw, sizeof(uint64_t));
	for (k = 0; k < f->npc && !ferror(out); k++) {
		piece_heading(f, k, s, sizeof(s));
		if (s[0] != '\0') {
			fprintf(out, "%s-- ", k > 0 ? "\n" : "");
			cga_out_text(out, s);
			putc('\n', out);
			pr.file = NULL;
		}
		piece_code(&pr, cga_fcode_insns(f), &f->pc[k]);
		insns_print(&pr);
	}
	fputs("\n", out);
	if (!pr.overflow) {
		cga_print_cost(out, r->v, w, pr.sum);
		fputs(" total of the instructions\n", out);
	}
	fputs("\n", out);
	free(pr.sum);
}

int
cga_asm_print(FILE *out, const struct cga_view *v, struct cga_fn **listed,
    size_t nlisted)
{
	struct asmrun	 r;
	struct fcode	*f;
	size_t		 i, *w;

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
	cga_asmrun_init(&r, v, listed, nlisted, 1);
	for (i = 0; i < r.nf && !ferror(out); i++) {
		if ((f = &r.f[i])->c.nrec == 0)
			continue;
		w = code_widths(v, &f->c);
		heading(out, v, f->fn, w);
		if (f->oc == NULL)
			note(out, NULL, "no machine code", "the profile names "
			    "no object (ob=) for it");
		else
			code_print(out, &r, f, w);
		free(w);
	}
	cga_asmrun_free(&r);
	return 0;
}

/*
 * "code": [address, text] for each instruction shown (within --context
 * of one with a cost, a call or a jump), a count in place of each run of
 * those left out, and the heading of each piece (a string) where the
 * text report has one.
 */
static void
code_list(FILE *out, const struct asmrun *r, const struct fcode *f)
{
	struct printer	 pr;
	unsigned char	*show;
	char		 s[CGA_NOTE_MAX];
	size_t		 k, p, n = 0, skipped;

	memset(&pr, 0, sizeof(pr));
	pr.v = r->v;
	pr.c = &f->c;
	pr.bias = f->oc->bias;
	fputs(", \"code\": [", out);
	for (p = 0; p < f->npc; p++) {
		piece_heading(f, p, s, sizeof(s));
		if (s[0] != '\0') {
			fputs(n++ == 0 ? "\n      " : ",\n      ", out);
			cga_out_json(out, s);
		}
		piece_code(&pr, cga_fcode_insns(f), &f->pc[p]);
		show = shown(&pr);
		for (k = 0, skipped = 0; k <= pr.nin; k++) {
			if (k < pr.nin && !show[k]) {
				skipped++;
				continue;
			}
			if (skipped > 0)
				fprintf(out, "%s%zu", n++ == 0 ? "\n      " :
				    ",\n      ", skipped);
			skipped = 0;
			if (k == pr.nin)
				break;
			fprintf(out, "%s[%llu, ", n++ == 0 ? "\n      " :
			    ",\n      ", (unsigned long long)pr.in[k].addr);
			cga_out_json(out, pr.in[k].text);
			putc(']', out);
		}
		free(show);
	}
	putc(']', out);
}

/*
 * One listed function's code for the page: objdump's text of its
 * instructions by the object's address, bias (the profile's address less
 * the object's), or why there is none.
 */
static void
code_json(FILE *out, struct asmrun *r, struct fcode *f, int first)
{
	char	 s[CGA_NOTE_MAX];

	fputs(first ? "\n    {\"file\": " : ",\n    {\"file\": ", out);
	cga_out_json(out, f->fn->key.file);
	fputs(", \"name\": ", out);
	cga_out_json(out, f->fn->key.name);
	if (f->c.nrec == 0)
		fputs(", \"none\": \"the profile has no instruction of it\"",
		    out);
	else if (f->oc == NULL)
		fputs(", \"none\": \"the profile names no object (ob=) for "
		    "it\"", out);
	else if (cga_fcode_ready(r, f, s) == -1) {
		fputs(", \"none\": ", out);
		cga_out_json(out, s);
	} else {
		if (nosym_note(f, s) == 0) {
			fputs(", \"note\": ", out);
			cga_out_json(out, s);
		}
		fprintf(out, ", \"bias\": %llu",
		    (unsigned long long)f->oc->bias);
		code_list(out, r, f);
	}
	putc('}', out);
}

void
cga_asm_json(FILE *out, const struct cga_view *v, struct cga_fn **listed,
    size_t nlisted)
{
	struct asmrun	 r;
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
	if (v->newer == NULL && v->p->have_instr) {
		cga_asmrun_init(&r, v, listed, nlisted, 0);
		for (i = 0; i < r.nf && !ferror(out); i++)
			code_json(out, &r, &r.f[i], n++ == 0);
		cga_asmrun_free(&r);
	}
	fputs(n ? "\n  ]}" : "]}", out);
}
