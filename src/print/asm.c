/*
 * asm.c: --asm, the machine code of each listed function as objdump
 * prints it for the function's addresses in its object, each instruction
 * with its cost, the source line it came from where that changes, and the
 * calls and jumps made from it.
 */
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/fmt.h"
#include "base/out.h"
#include "base/sort.h"
#include "print/asm.h"
#include "print/objdump.h"
#include "view/columns.h"

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

/* Instructions by address, and objdump's outputs their texts are in. */
struct insns {
	struct cga_insn	*in;
	size_t		 n;
	char		**bufs;
	size_t		 nbufs;
};

/* A stretch of code, in the object's addresses. */
struct piece {
	uint64_t	 lo, hi;	/* first byte, last instruction */
};

/* How an object's bias is known. */
enum placed {
	PLACED_GUESS,			/* nothing tells: the profile's own */
	PLACED_FIXED,			/* an executable, at its addresses */
	PLACED_VOTE			/* functions' entries at their symbols */
};

/*
 * An object with listed functions' code in it: its symbols, the bias of
 * the profile's addresses, and objdump's code of what they need.
 */
struct objcode {
	struct cga_object o;
	int		 ready;		/* 1 placed and disassembled, -1 why */
	enum placed	 placed;
	uint64_t	 bias;		/* profile address - object address */
	struct piece	*runs;		/* the stretches objdump decoded */
	size_t		 nruns;
	struct insns	 code;
	const struct cga_sym **byaddr;	/* its symbols by address */
	int		 rebuilt;	/* an address is in no instruction */
	char		 why[CGA_NOTE_MAX];
};

/* A listed function's code, and where it lies in its object. */
struct fcode {
	const struct cga_fn	*fn;
	struct cga_code		 c;
	struct objcode		*oc;	/* NULL: the profile names none */
	const struct cga_sym	**syms;	/* the object's of its name */
	size_t			 nsyms;
	const struct cga_sym	*sym;	/* the one its code is most in */
	int			 addrname;	/* named by its address, */
	uint64_t		 entry;		/* this one */
	struct piece		*pc;
	size_t			 npc;
	struct insns		 own;	/* its code decoded on its own */
};

/* The listed functions, and their objects. */
struct asmrun {
	const struct cga_view	*v;
	struct objcode		**obj;
	size_t			 nobj;
	struct fcode		*f;
	size_t			 nf;
};

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

/*
 * The code of the listed functions, by object; with once, each machine
 * function once (inlined code's functions are the same machine code).
 */
static void
asmrun_init(struct asmrun *r, const struct cga_view *v,
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

static void
asmrun_free(struct asmrun *r)
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

/* The first instruction at or after addr. */
static size_t
insn_lower(const struct insns *c, uint64_t addr)
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
		k = insn_lower(c, x);
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
		    &f->nsyms);
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

/* The code f is shown from: its own, or its object's. */
static const struct insns *
code_of(const struct fcode *f)
{
	return f->own.in != NULL ? &f->own : &f->oc->code;
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
			k = insn_lower(c, x[i]);
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

/*
 * f's object ready, and every address of f's code the start of an
 * instruction: 0, or -1 with why.  Where one is not, but objdump may
 * have gone astray on its way there (see decoded_well) and no address
 * of the object's functions says it is not the one profiled, f's code is
 * decoded again from each such address as the profile has it.
 */
static int
fcode_ready(struct asmrun *r, struct fcode *f, char *why)
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
	int			 at_sym, nlen;

	at_sym = f->sym != NULL && f->sym->value >= p->lo &&
	    f->sym->value <= p->hi;
	nlen = (int)cga_objdump_name_len(name);
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
	size_t	 lo = insn_lower(c, p->lo), hi = lo;

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

	if (fcode_ready(r, f, s) == -1) {
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
		piece_code(&pr, code_of(f), &f->pc[k]);
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
	asmrun_init(&r, v, listed, nlisted, 1);
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
	asmrun_free(&r);
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
		piece_code(&pr, code_of(f), &f->pc[p]);
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
	else if (fcode_ready(r, f, s) == -1) {
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
		asmrun_init(&r, v, listed, nlisted, 0);
		for (i = 0; i < r.nf && !ferror(out); i++)
			code_json(out, &r, &r.f[i], n++ == 0);
		asmrun_free(&r);
	}
	fputs(n ? "\n  ]}" : "]}", out);
}
