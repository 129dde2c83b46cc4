/*
 * asm_code.c: the machine code of each function --asm lists: its records
 * in the model (cga_code_collect), and where they lie in its object: the
 * object's bias from the profile's addresses, voted by the functions
 * whose entries are at their symbols, the pieces of each function's
 * code, disassembled by objdump (objdump.c) and checked to start an
 * instruction at every address the profile has.
 */
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/sort.h"
#include "print/asm.h"
#include "print/asm_code.h"
#include "print/objdump.h"

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

/*
 * Whether g is code of fn's machine function: fn itself, or code of its
 * name in its object inlined (named by fi= or fe= only, never by fn=)
 * into it or inlined into by it.  Two functions named by fn= are two
 * symbols, even of one name (static functions of two files).
 */
static int
same_code(const struct cga_fn *fn, const struct cga_fn *g)
{
	return g == fn || (g->key.name == fn->key.name &&
	    (g->objseq == 0 || fn->objseq == 0) &&
	    same_obj(cga_fn_object(fn), cga_fn_object(g)));
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
			if (same_obj(cga_jump_name(p,
			    p->jumps[first + i].obj), obj))
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

/* Load addresses are multiples of the page: so is an object's bias. */
#define PAGE		((uint64_t)4096)
/* A function's code this close to its other code is shown with it. */
#define PIECE_GAP	((uint64_t)256)
/*
 * Code this close is disassembled in one objdump run: decoding 16 KiB
 * costs about what starting a run does (python3.11 and libc.so.6: 0.25
 * to 0.45 us a byte, 6 to 8 ms a run).
 */
#define RUN_GAP		((uint64_t)1 << 14)
/* The longest instruction is 15 bytes (x86). */
#define INSN_MAX	16

static void
insns_free(struct insns *c)
{
	size_t	 i;

	for (i = 0; i < c->nbufs; i++)
		free(c->bufs[i]);
	free(c->bufs);
	free(c->in);
}

static struct objcode *
objcode_get(struct asmrun *r, const char *path)
{
	size_t	 i;

	for (i = 0; i < r->nobj; i++)
		if (strcmp(r->obj[i]->o.path, path) == 0)
			return r->obj[i];
	r->obj = xreallocarray(r->obj, r->nobj + 1, sizeof(*r->obj));
	r->obj[r->nobj] = xcalloc(1, sizeof(**r->obj));
	r->obj[r->nobj]->o.path = path;
	return r->obj[r->nobj++];
}

/* Whether g is the machine code of a function r has already. */
static int
seen(const struct asmrun *r, const struct cga_fn *g)
{
	size_t	 i;

	if (cga_fn_namesakes(g) == 1)
		return 0;
	for (i = 0; i < r->nf; i++)
		if (same_code(r->f[i].fn, g))
			return 1;
	return 0;
}

void
cga_asmrun_init(struct asmrun *r, const struct cga_view *v,
    struct cga_fn **listed, size_t nlisted, int once)
{
	const char	*obj;
	size_t		 i;

	memset(r, 0, sizeof(*r));
	r->v = v;
	r->f = xcalloc(nlisted + 1, sizeof(*r->f));
	for (i = 0; i < nlisted; i++) {
		if (once && seen(r, listed[i]))
			continue;
		r->f[r->nf].fn = listed[i];
		cga_code_collect(v, listed[i], &r->f[r->nf].c);
		if ((obj = cga_fn_object(listed[i])) != NULL)
			r->f[r->nf].oc = objcode_get(r, obj);
		r->nf++;
	}
}

void
cga_asmrun_free(struct asmrun *r)
{
	size_t	 i;

	for (i = 0; i < r->nf; i++) {
		cga_code_release(&r->f[i].c);
		free(r->f[i].syms);
		free(r->f[i].pc);
		insns_free(&r->f[i].own);
	}
	for (i = 0; i < r->nobj; i++) {
		cga_objdump_free(&r->obj[i]->o);
		insns_free(&r->obj[i]->code);
		free(r->obj[i]->runs);
		free(r->obj[i]->byaddr);
		free(r->obj[i]);
	}
	free(r->obj);
	free(r->f);
}

/*
 * Whether name is an address, as callgrind names code no symbol covers
 * ("0x" and up to 16 hex digits: the object's address of its first
 * block); no C name starts with a digit.
 */
static int
address_name(const char *name, uint64_t *addr)
{
	size_t	 i, len = strlen(name);

	if (strncmp(name, "0x", 2) != 0 || len < 3 || len > 18)
		return 0;
	*addr = 0;
	for (i = 2; i < len; i++) {
		if (name[i] >= '0' && name[i] <= '9')
			*addr = *addr << 4 | (uint64_t)(name[i] - '0');
		else if (name[i] >= 'a' && name[i] <= 'f')
			*addr = *addr << 4 | (uint64_t)(name[i] - 'a' + 10);
		else
			return 0;
	}
	return 1;
}

/* A bias, and the function that puts it forward. */
struct vote {
	uint64_t	 bias;
	size_t		 who;
};

static int
vote_cmp(const void *a, const void *b, void *ctx)
{
	const struct vote	*x = a, *y = b;

	(void)ctx;
	if (x->bias != y->bias)
		return x->bias < y->bias ? -1 : 1;
	return x->who < y->who ? -1 : x->who > y->who;
}

/* The bias function who puts forward, were its address a its entry s. */
static void
vote_for(struct vote **vs, size_t *n, size_t *cap, uint64_t a, uint64_t s,
    size_t who)
{
	if ((a - s) % PAGE != 0)
		return;
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		*vs = xreallocarray(*vs, *cap, sizeof(**vs));
	}
	(*vs)[*n].bias = a - s;
	(*vs)[(*n)++].who = who;
}

/*
 * The bias of oc's code in the profile, one for the object: 0 for an
 * executable loaded at its own addresses; else the one most functions
 * agree on, where an address of a function's code is at its symbol's
 * (its entry) and the bias a multiple of the page; else 0, a guess.  Code
 * away from its symbol (a .cold part) is no entry, and moves no bias.
 */
static void
place_object(struct asmrun *r, struct objcode *oc)
{
	struct fcode	*f;
	struct vote	*vs = NULL;
	size_t		 n = 0, cap = 0, i, j, k, who, best = 0;
	uint64_t	 a;

	oc->placed = PLACED_GUESS;
	oc->bias = 0;
	if (oc->o.fixed) {
		oc->placed = PLACED_FIXED;
		return;
	}
	for (i = 0; i < r->nf; i++) {
		if ((f = &r->f[i])->oc != oc)
			continue;
		for (k = 0; k < f->c.nrec; k++) {
			a = f->c.rec[k]->addr;
			if (k > 0 && a == f->c.rec[k - 1]->addr)
				continue;
			for (j = 0; j < f->nsyms; j++)
				vote_for(&vs, &n, &cap, a, f->syms[j]->value, i);
			if (f->addrname)
				vote_for(&vs, &n, &cap, a, f->entry, i);
		}
	}
	cga_sort(vs, n, sizeof(*vs), vote_cmp, NULL);
	/* The bias most functions put forward; of equals, 0, or the least. */
	for (i = 0; i < n; i = j) {
		for (j = i, who = 0; j < n && vs[j].bias == vs[i].bias; j++)
			who += j == i || vs[j].who != vs[j - 1].who;
		if (who > best || (who == best && vs[i].bias == 0)) {
			best = who;
			oc->bias = vs[i].bias;
			oc->placed = PLACED_VOTE;
		}
	}
	free(vs);
}

static int
u64_cmp(const void *a, const void *b, void *ctx)
{
	uint64_t	 x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	(void)ctx;
	return x < y ? -1 : x > y;
}

static int
piece_cmp(const void *a, const void *b, void *ctx)
{
	const struct piece	*x = a, *y = b;

	(void)ctx;
	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	return x->hi < y->hi ? -1 : x->hi > y->hi;
}

/* Pieces sorted, those at most gap apart merged: their number. */
static size_t
pieces_merge(struct piece *pc, size_t n, uint64_t gap)
{
	size_t	 i, m = 0;

	cga_sort(pc, n, sizeof(*pc), piece_cmp, NULL);
	for (i = 0; i < n; i++) {
		if (m > 0 && (pc[m - 1].hi >= UINT64_MAX - gap ||
		    pc[i].lo <= pc[m - 1].hi + gap)) {
			if (pc[i].hi > pc[m - 1].hi)
				pc[m - 1].hi = pc[i].hi;
		} else
			pc[m++] = pc[i];
	}
	return m;
}

/* The addresses of f's code in its object, sorted, each once: *n. */
static uint64_t *
addrs_of(const struct fcode *f, size_t *n)
{
	uint64_t	*x = xcalloc(f->c.nrec + 1, sizeof(*x));
	size_t		 i;

	*n = 0;
	for (i = 0; i < f->c.nrec; i++)
		if (i == 0 || f->c.rec[i]->addr != f->c.rec[i - 1]->addr)
			x[(*n)++] = f->c.rec[i]->addr - f->oc->bias;
	cga_sort(x, *n, sizeof(*x), u64_cmp, NULL);
	return x;
}

/*
 * Where f's code lies in its object, the bias taken off: the range of
 * its symbol (of those of its name, the one most of its code is in) and
 * each address of the profile, merged where close.  Code away from the
 * symbol (a .cold part, or code of no symbol that callgrind counts in
 * the function that jumped to it) makes pieces of its own.
 */
static void
place_code(struct fcode *f)
{
	uint64_t	*x;
	size_t		 n, i, j, in, most = 0;

	x = addrs_of(f, &n);
	f->sym = f->nsyms > 0 ? f->syms[0] : NULL;
	for (j = 0; f->nsyms > 1 && j < f->nsyms; j++) {
		for (i = 0, in = 0; i < n; i++)
			in += x[i] - f->syms[j]->value < f->syms[j]->size;
		if (in > most) {
			most = in;
			f->sym = f->syms[j];
		}
	}
	f->pc = xcalloc(n + 1, sizeof(*f->pc));
	for (i = 0; i < n; i++) {
		f->pc[i].lo = x[i];
		f->pc[i].hi = x[i];
	}
	f->npc = n;
	if (f->sym != NULL && f->sym->size > 0) {
		f->pc[f->npc].lo = f->sym->value;
		f->pc[f->npc++].hi = f->sym->value + f->sym->size - 1;
	}
	f->npc = pieces_merge(f->pc, f->npc, PIECE_GAP);
	free(x);
}

size_t
cga_insn_lower(const struct insns *c, uint64_t addr)
{
	size_t	 lo = 0, hi = c->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (c->in[mid].addr < addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/*
 * objdump's code of the pieces pc (sorted, apart), one run each, added
 * to c: 0, or -1 with why.
 */
static int
disassemble(const struct cga_view *v, const char *path,
    const struct piece *pc, size_t npc, struct insns *c, char *why)
{
	struct cga_insn	*got;
	char		*buf;
	size_t		 i, n;
	uint64_t	 stop;

	for (i = 0; i < npc; i++) {
		stop = pc[i].hi > UINT64_MAX - INSN_MAX ? UINT64_MAX :
		    pc[i].hi + INSN_MAX;
		/* Not into the next, which starts an instruction. */
		if (i + 1 < npc && pc[i + 1].lo < stop)
			stop = pc[i + 1].lo;
		if ((got = cga_objdump_code(path, pc[i].lo, stop,
		    v->asm_syntax, &n, &buf, why)) == NULL)
			return -1;
		c->bufs = xreallocarray(c->bufs, c->nbufs + 1,
		    sizeof(*c->bufs));
		c->bufs[c->nbufs++] = buf;
		/* What the last run decoded past its end, this one has. */
		while (c->n > 0 && c->in[c->n - 1].addr >= pc[i].lo)
			c->n--;
		c->in = xreallocarray(c->in, c->n + n + 1, sizeof(*c->in));
		memcpy(c->in + c->n, got, n * sizeof(*got));
		c->n += n;
		free(got);
	}
	return 0;
}

static int
sym_cmp(const void *a, const void *b, void *ctx)
{
	const struct cga_sym	*x = *(const struct cga_sym *const *)a;
	const struct cga_sym	*y = *(const struct cga_sym *const *)b;

	(void)ctx;
	return x->value < y->value ? -1 : x->value > y->value;
}

/*
 * Whether objdump's code at x (an address of the object) tells whether
 * an instruction starts there: x is in a function symbol, and the stretch
 * that decoded x began at or before the symbol.  objdump decodes each
 * symbol's code afresh from its start, and a function's code holds no
 * data; before that, decoding from a stretch's start may go astray where
 * data or padding lies between functions.
 */
static int
decoded_well(struct objcode *oc, uint64_t x)
{
	const struct cga_sym	*sym;
	size_t			 lo = 0, hi, mid, k;
	uint64_t		 start;

	/* The stretch x is in: the last to start at or before it. */
	for (hi = oc->nruns; lo < hi; ) {
		mid = lo + (hi - lo) / 2;
		if (oc->runs[mid].lo <= x)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return 0;
	start = oc->runs[lo - 1].lo;
	if (oc->byaddr == NULL) {
		oc->byaddr = xcalloc(oc->o.nsyms + 1, sizeof(*oc->byaddr));
		for (k = 0; k < oc->o.nsyms; k++)
			oc->byaddr[k] = &oc->o.syms[k];
		cga_sort(oc->byaddr, oc->o.nsyms, sizeof(*oc->byaddr),
		    sym_cmp, NULL);
	}
	/* The symbols at or before x, the nearest few (aliases share it). */
	for (lo = 0, hi = oc->o.nsyms; lo < hi; ) {
		mid = lo + (hi - lo) / 2;
		if (oc->byaddr[mid]->value <= x)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (k = lo; k > 0 && k + 8 > lo; k--) {
		sym = oc->byaddr[k - 1];
		if (x - sym->value < sym->size && start <= sym->value)
			return 1;
	}
	return 0;
}

/*
 * An address of f's code, the bias taken off, at which no instruction of
 * c starts (0 if none): the first that objdump decoded well with oc
 * given, else the first.
 */
static int
astray(struct objcode *oc, const struct fcode *f, const struct insns *c,
    uint64_t *addr)
{
	uint64_t	 x;
	size_t		 i, k;
	int		 found = 0;

	for (i = 0; i < f->c.nrec; i++) {
		x = f->c.rec[i]->addr - f->oc->bias;
		k = cga_insn_lower(c, x);
		if (k < c->n && c->in[k].addr == x)
			continue;
		if (!found)
			*addr = x;
		found = 1;
		if (oc != NULL && decoded_well(oc, x)) {
			*addr = x;
			return 2;
		}
	}
	return found;
}

/*
 * Makes oc ready, once: its symbols read, its bias found, the code of
 * each of r's functions in it placed, objdump run once for each stretch
 * of the object they need, and whether an address of theirs, decoded
 * well, starts no instruction (the object is not the one profiled): 0,
 * or -1 with oc->why.
 */
static int
object_ready(struct asmrun *r, struct objcode *oc)
{
	struct piece	*runs = NULL;
	struct fcode	*f;
	size_t		 n = 0, i;
	uint64_t	 x;

	if (oc->ready != 0)
		return oc->ready == 1 ? 0 : -1;
	oc->ready = -1;
	if (cga_objdump_symbols(&oc->o) == -1) {
		snprintf(oc->why, sizeof(oc->why), "%.300s: %.200s",
		    oc->o.path, oc->o.note);
		return -1;
	}
	for (i = 0; i < r->nf; i++) {
		if ((f = &r->f[i])->oc != oc || f->c.nrec == 0)
			continue;
		f->syms = cga_objdump_named(&oc->o, f->fn->key.name,
		    &f->nsyms, &f->symlen);
		f->addrname = f->nsyms == 0 &&
		    address_name(f->fn->key.name, &f->entry);
	}
	place_object(r, oc);
	for (i = 0; i < r->nf; i++) {
		if ((f = &r->f[i])->oc != oc || f->c.nrec == 0)
			continue;
		place_code(f);
		runs = xreallocarray(runs, n + f->npc + 1, sizeof(*runs));
		memcpy(runs + n, f->pc, f->npc * sizeof(*runs));
		n += f->npc;
	}
	oc->runs = runs;
	oc->nruns = pieces_merge(runs, n, RUN_GAP);
	if (disassemble(r->v, oc->o.path, oc->runs, oc->nruns, &oc->code,
	    oc->why) == -1)
		return -1;
	for (i = 0; i < r->nf && !oc->rebuilt; i++)
		if (r->f[i].oc == oc && r->f[i].c.nrec > 0)
			oc->rebuilt = astray(oc, &r->f[i], &oc->code, &x) == 2;
	oc->ready = 1;
	return 0;
}

/*
 * f's pieces, each cut where an address of f's code starts no instruction
 * of c, from which the next is decoded (*n of them; free them).
 */
static struct piece *
pieces_cut(const struct fcode *f, const struct insns *c, size_t *n)
{
	struct piece	*v;
	uint64_t	*x;
	size_t		 nx, i = 0, p, k;

	x = addrs_of(f, &nx);
	v = xcalloc(f->npc + nx + 1, sizeof(*v));
	*n = 0;
	for (p = 0; p < f->npc; p++) {
		v[(*n)++] = f->pc[p];
		for (; i < nx && x[i] <= f->pc[p].hi; i++) {
			k = cga_insn_lower(c, x[i]);
			if (x[i] <= v[*n - 1].lo || (k < c->n &&
			    c->in[k].addr == x[i]))
				continue;
			v[*n - 1].hi = x[i] - 1;
			v[*n].lo = x[i];
			v[(*n)++].hi = f->pc[p].hi;
		}
	}
	free(x);
	return v;
}

int
cga_fcode_ready(struct asmrun *r, struct fcode *f, char *why)
{
	struct objcode	*oc = f->oc;
	struct piece	*cut;
	uint64_t	 addr;
	size_t		 n;
	int		 k;

	if (object_ready(r, oc) == -1) {
		snprintf(why, CGA_NOTE_MAX, "%s", oc->why);
		return -1;
	}
	if ((k = astray(oc, f, &oc->code, &addr)) == 0)
		return 0;
	if (k == 1 && !oc->rebuilt) {
		cut = pieces_cut(f, &oc->code, &n);
		k = disassemble(r->v, oc->o.path, cut, n, &f->own, why);
		free(cut);
		if (k == -1)
			return -1;
		if (astray(NULL, f, &f->own, &addr) == 0)
			return 0;
	}
	if (oc->placed == PLACED_GUESS)
		snprintf(why, CGA_NOTE_MAX, "cannot place the profile's "
		    "addresses in %s: no instruction at 0x%llx in %s, and no "
		    "function's entry is at its symbol's address", oc->o.path,
		    (unsigned long long)addr, f->fn->key.name);
	else
		snprintf(why, CGA_NOTE_MAX, "%s does not match the profile "
		    "(rebuilt since?): no instruction at 0x%llx in %s",
		    oc->o.path, (unsigned long long)addr, f->fn->key.name);
	return -1;
}

