/*
 * body.c: reads the Callgrind profile format (and Cachegrind's subset of
 * it) into the model: the body of position, cost, call and jump lines.
 * One set of parse primitives (parse.h) serves two readers: a loop over
 * the cost and jump lines of a block of input, in place, and the
 * line-at-a-time reader, which takes every other line and words the
 * message of a line the primitives refuse.  header.c reads the header
 * lines, ids.c names.
 */
#include <ctype.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "load/parse.h"
#include "model/objs.h"

/*
 * The value of calls=COUNT TARGET, after the '='; a target out of range
 * is *range (target()).
 */
static enum cga_msg
calls_parse(const struct loader *ld, const char *s, uint64_t *count,
    enum cga_msg *range)
{
	enum cga_msg	 m;
	uint64_t	 tpos[3];

	s = skip_blanks(s);
	if (*s == '-')
		return CGA_MSG_CALLS_NEGATIVE;
	if ((m = number_token(&s, IN_LINE, count, CGA_MSG_CALLS)) !=
	    CGA_MSG_OK)
		return m;
	if (ld->cur.callee == NULL)
		return CGA_MSG_CALLS_NO_CFN;
	return target(ld, &s, IN_LINE, tpos, range);
}

/*
 * The positions of a cost line become the last ones.  All three are
 * copied, a fixed size: a loop to npos became a memcpy call on every
 * line.  Those past npos are 0 in pos and never read.
 */
CGA_HOT void
set_last(struct loader *ld, const uint64_t *pos)
{
	ld->cur.last[0] = pos[0];
	ld->cur.last[1] = pos[1];
	ld->cur.last[2] = pos[2];
}

/* Whether the line costs of file f are kept. */
static int
keeps_file(struct loader *ld, struct cga_file *f)
{
	size_t	 id = f->id, n;

	if (!ld->opts->lines)
		return 0;
	if (ld->opts->want_lines == NULL)
		return 1;
	/* The answer kept, before the name is read: a cache miss a block. */
	if (id < ld->nkeep && ld->keep[id] != 0)
		return ld->keep[id] == 1;
	/* A file named by an id not defined yet: asked once it is. */
	if (cga_ids_placeholder(f->name))
		return 1;
	if (id >= ld->nkeep) {
		n = ld->nkeep ? ld->nkeep : 64;
		while (n <= id)
			n *= 2;
		ld->keep = xreallocarray(ld->keep, n, 1);
		memset(ld->keep + ld->nkeep, 0, n - ld->nkeep);
		ld->nkeep = n;
	}
	/* split.c: the two threads ask one at a time. */
	if (ld->want_lock != NULL)
		pthread_mutex_lock(ld->want_lock);
	ld->keep[id] = ld->opts->want_lines(ld->opts->want_ctx, f->name) ?
	    1 : 2;
	if (ld->want_lock != NULL)
		pthread_mutex_unlock(ld->want_lock);
	return ld->keep[id] == 1;
}

/* Whether the line costs of the current file are kept. */
static int
keeps_lines(struct loader *ld)
{
	return keeps_file(ld, ld->cur.file);
}

int
cga_load_keeps(struct loader *ld, struct cga_file *f, int jumps)
{
	if (jumps)
		return ld->opts->instrs || (ld->opts->jumps &&
		    keeps_file(ld, f));
	return keeps_file(ld, f);
}

/* The cost of a line of the current file, owned by fn if it is new. */
CGA_HOT uint64_t *
line_cost(struct loader *ld, uint64_t line, struct cga_fn *fn)
{
	if (ld->cur.linecost == NULL || ld->cur.lineno != line ||
	    ld->cur.linefile != ld->cur.file) {
		ld->cur.linecost = cga_line_get(ld->p, ld->cur.file, line);
		ld->cur.linefile = ld->cur.file;
		ld->cur.lineno = line;
		/* split.c's thread numbers its lines as they come. */
		if (ld->spec && !ld->p->no_owners &&
		    ld->cur.linecost[ld->p->cw] == 0)
			ld->cur.linecost[ld->p->cw + 1] = ++ld->lineseq;
		cga_line_own(ld->p, ld->cur.linecost, fn);
	}
	return ld->cur.linecost;
}

/* Whether the jumps of the current file are kept. */
static int
keeps_jumps(struct loader *ld)
{
	return ld->opts->instrs || (ld->opts->jumps && keeps_lines(ld));
}

static struct cga_fn *current_fn(struct loader *);

/*
 * A jump line read: what it says waits for the position line after it,
 * where the jump is.  Its target is in the file and function of jfi= and
 * jfn= before it, or the current ones.
 */
static void
jump_hold(struct loader *ld, const struct jumpval *jv, int jcnd)
{
	struct cga_jump	*j = &ld->cur.jump;

	if (ld->cur.jump_pending)	/* no position line came: at the last */
		cga_jump_add(ld->p, j);
	memset(j, 0, sizeof(*j));
	j->count = jv->count;
	j->executed = jv->executed;
	j->cond = (uint32_t)jcnd;
	j->tfile = cga_jump_no(ld->cur.jfile != NULL ? ld->cur.jfile :
	    ld->cur.file->name);
	j->tfn = cga_jump_no(ld->cur.jfn != NULL ? ld->cur.jfn :
	    current_fn(ld)->key.name);
	j->taddr = ld->cur.instrpos >= 0 ? jv->tpos[ld->cur.instrpos] : 0;
	j->tline = ld->cur.linepos >= 0 ? jv->tpos[ld->cur.linepos] : 0;
	j->fn = current_fn(ld);
	j->obj = cga_jump_no(ld->cur.obj);
	j->file = ld->cur.file;
	j->addr = ld->cur.instrpos >= 0 ? ld->cur.last[ld->cur.instrpos] : 0;
	j->line = ld->cur.linepos >= 0 ? ld->cur.last[ld->cur.linepos] : 0;
	ld->cur.jfile = ld->cur.jfn = NULL;
	ld->cur.jump_pending = 1;
}

/* The position line after a jump: where the jump is. */
static void
jump_at(struct loader *ld, const uint64_t *pos)
{
	ld->cur.jump.addr = ld->cur.instrpos >= 0 ? pos[ld->cur.instrpos] : 0;
	ld->cur.jump.line = ld->cur.linepos >= 0 ? pos[ld->cur.linepos] : 0;
	cga_jump_add(ld->p, &ld->cur.jump);
	ld->cur.jump_pending = 0;
}

/*
 * An instruction's cost, or the cost of the calls to callee made from
 * it (count of them): 0, or -1 after the message.
 */
static int
instr_keep(struct loader *ld, struct cga_fn *fn, const uint64_t *pos,
    uint64_t line, struct cga_fn *callee, size_t k)
{
	struct cga_instr	*r;

	r = cga_instr_add(ld->p, fn, pos[ld->cur.instrpos], ld->cur.obj, callee,
	    ld->cur.file, line);
	if (r == NULL || cost_add(adder_of(ld), r->cost, NULL, NULL, ld->cnt,
	    k, 0, ld->p->diff) == -1)
		return cga_load_bad(ld, CGA_MSG_COST_SUM);
	r->count = callee != NULL ? ld->cur.call_count : 0;
	return 0;
}

/* jump= or jcnd= at s: 0 or 1 for which, -1 for neither. */
CGA_HOT int
jump_key(const char *s)
{
	/* s[0] is 'j'; a NUL stops the comparisons before the end. */
	if (s[1] == 'c' && s[2] == 'n' && s[3] == 'd' && s[4] == '=')
		return 1;
	if (s[1] == 'u' && s[2] == 'm' && s[3] == 'p' && s[4] == '=')
		return 0;
	return -1;
}

/* Counts the block loop takes; lines of more go the general path. */
#define BLOCK_COUNTS	64

/*
 * Reads the cost and jump lines that follow straight from the input
 * buffer: most lines of a profile, while the function and file stay the
 * same.  It stops, before the line, at anything else: another kind of
 * line, a line the primitives refuse (its message is the general path's
 * to word), an overflow, the end of the bytes read, a NUL byte.  Its
 * counts are signed (sgn, a constant) in a profile with negative counts;
 * unsigned, a negative count stops it, and the general path makes the
 * profile signed.
 */
CGA_HOT void
block_loop(struct loader *ld, const int sgn)
{
	struct adder	 a;
	const char	*s, *t;
	uint64_t	 pos[3] = { 0, 0, 0 }, lines = 0, *self, *part;
	uint64_t	*line = NULL, cnt[BLOCK_COUNTS];
	size_t		 k, kmax = 0;
	int		 keep, jcnd;
	char		 c;

	keep = keeps_lines(ld);
	self = ld->cur.fn->self;
	part = ld->pself;
	a = adder_of(ld);
	for (s = cga_input_peek(&ld->in);; s = t + 1, lines++) {
		t = s;
		c = *s;
		if ((c >= '0' && c <= '9') || c == '+' || c == '-' ||
		    c == '*') {
			if (cost_parse(ld, &t, IN_BLOCK, pos, cnt, &k, sgn) !=
			    CGA_MSG_OK)
				break;
			if (keep)
				line = line_cost(ld, ld->cur.linepos >= 0 ?
				    pos[ld->cur.linepos] : 0, ld->cur.fn);
			if (cost_add(a, self, part, line, cnt, k, 1, sgn) ==
			    -1)
				break;
			set_last(ld, pos);
			if (k > kmax)
				kmax = k;
		} else if (c != 'j' || (jcnd = jump_key(s)) == -1) {
			break;
		} else {
			/* A jump kept, and the line after it, go the other way. */
			if (keeps_jumps(ld))
				break;
			t = s + 5;
			if (jump_parse(ld, &t, IN_BLOCK, jcnd, NULL) !=
			    CGA_MSG_OK)
				break;
			ld->cur.jfile = ld->cur.jfn = NULL;
		}
	}
	cga_input_skip(&ld->in, s, lines);
	cost_mark(a, self, kmax);
	cost_mark(a, part, kmax);
}

int
cga_load_blocks(const struct loader *ld)
{
	/* Counts on the stack: the compiler knows no store there aliases. */
	/* Instructions kept: every line the general path's. */
	if (!ld->cur.in_body || ld->cur.skip || ld->cur.pending_call ||
	    ld->cur.fn == NULL || ld->cur.nfev > BLOCK_COUNTS ||
	    ld->opts->instrs || ld->cur.jump_pending)
		return 0;
	return 1;
}

void
cga_load_block(struct loader *ld)
{
	if (!cga_load_blocks(ld))
		return;
	ld->block_line = ld->in.lineno + 1;
	/* sgn a constant in each: the unsigned loop has no signed branch. */
	if (ld->p->diff)
		block_loop(ld, 1);
	else
		block_loop(ld, 0);
	ld->block_line = 0;
}

static struct cga_fn *
current_fn(struct loader *ld)
{
	if (ld->cur.fn == NULL) {
		/* Costs before any fn= line: an unknown function. */
		ld->cur.fn = cga_fn_get(ld->p, ld->cur.file->name, ld->unknown);
		ld->cur.fn->listed = 1;
	}
	return ld->cur.fn;
}

/*
 * What every call cost line adds to the model's bounds (profile.h),
 * saturating: the self cost lines' are the parts' own sums.
 */
static void
call_bound(struct loader *ld, size_t k)
{
	struct cga_profile	*p = ld->p;
	size_t			 i, j;

	if (p->callbound == NULL)
		p->callbound = cga_cost_new(p);
	for (i = 0; i < k; i++) {
		j = ld->cur.map[i];
		if (__builtin_add_overflow(p->callbound[j], ld->cnt[i],
		    &p->callbound[j]))
			p->callbound[j] = UINT64_MAX;
	}
	if (__builtin_add_overflow(p->countbound, ld->cur.call_count,
	    &p->countbound))
		p->countbound = UINT64_MAX;
}

/* The cost line after a calls= line: the cost of the calls it made. */
static int
call_cost(struct loader *ld, struct cga_fn *fn, uint64_t line, size_t k)
{
	struct cga_profile	*p = ld->p;
	struct cga_site		*site;
	uint64_t		 at = 0;
	int			 err;

	ld->cur.pending_call = 0;
	call_bound(ld, k);
	if (ld->opts->instrs && ld->cur.instrpos >= 0 &&
	    instr_keep(ld, fn, ld->cur.last, line, ld->cur.callee, k) == -1)
		return -1;
	/*
	 * The calls a function makes never sum past 2^64-1: that catches
	 * an edge's or a site's count overflowing even when neither is kept.
	 */
	if (cga_count_add(p, &fn->ncalls, ld->cur.call_count) == -1)
		return cga_load_bad(ld, CGA_MSG_CALL_COUNT_SUM);
	if (!ld->opts->no_calls) {
		if (ld->cur.call == NULL || ld->cur.call->key.caller != fn ||
		    ld->cur.call->key.callee != ld->cur.callee)
			ld->cur.call = cga_call_get(p, fn, ld->cur.callee);
		if (cga_count_add(p, &ld->cur.call->count,
		    ld->cur.call_count) == -1)
			return cga_load_bad(ld, CGA_MSG_CALL_COUNT_SUM);
		if (cost_add(adder_of(ld), ld->cur.call->cost, NULL, NULL,
		    ld->cnt, k, 0, p->diff) == -1)
			return cga_load_bad(ld, CGA_MSG_COST_SUM);
	}
	if (ld->opts->no_sites || !keeps_lines(ld))
		return 0;
	if ((site = cga_site_add(p, ld->cur.file, line, fn, ld->cur.callee,
	    &err, &at)) == NULL) {
		if (ld->spec) {
			ld->bail = 1;
			return -1;
		}
		cga_diag_msg(ld->path, at, err == -1 ? CGA_MSG_CALL_COUNT_SUM :
		    CGA_MSG_CALL_COST_SUM, NULL, 0);
		return -1;
	}
	site->count = ld->cur.call_count;
	site->lineno = ld->in.lineno;
	if (cost_add(adder_of(ld), site->cost, NULL, NULL, ld->cnt, k, 0,
	    p->diff) == -1)
		return cga_load_bad(ld, CGA_MSG_COST_SUM);
	return 0;
}

static int
cost_line(struct loader *ld, const char *s)
{
	struct cga_fn	*fn;
	uint64_t	 pos[3] = { 0, 0, 0 }, line, *lc = NULL;
	size_t		 k;
	enum cga_msg	 m;
	int		 err;

	if (!ld->cur.in_body && cga_body_begin(ld) == -1)
		return -1;
	if (ld->cur.skip)
		return 0;
	if ((m = counts_read(ld, &s, pos, &k, &err)) != CGA_MSG_OK) {
		if (m == CGA_MSG_COUNTS_MORE && ld->opts->check &&
		    !ld->have_positions)
			m = CGA_MSG_COUNTS_NO_POSITIONS;
		return err ? -1 : cga_load_bad(ld, m);
	}
	set_last(ld, pos);
	line = ld->cur.linepos >= 0 ? pos[ld->cur.linepos] : 0;
	fn = current_fn(ld);
	if (ld->cur.call_bad) {
		/* --check: the cost of a bad calls= line, read, not kept. */
		ld->cur.pending_call = ld->cur.call_bad = 0;
		return 0;
	}
	if (ld->cur.jump_pending)
		jump_at(ld, pos);
	if (ld->cur.pending_call)
		return call_cost(ld, fn, line, k);
	if (ld->opts->instrs && ld->cur.instrpos >= 0 &&
	    instr_keep(ld, fn, pos, line, NULL, k) == -1)
		return -1;
	if (keeps_lines(ld))
		lc = line_cost(ld, line, fn);
	if (cost_add(adder_of(ld), fn->self, ld->pself, lc, ld->cnt, k,
	    0, ld->p->diff) == -1)
		return cga_load_bad(ld, CGA_MSG_COST_SUM);
	return 0;
}

/* The keys of position lines, the most frequent first. */
enum poskey {
	K_FN, K_CFN, K_CALLS, K_FL, K_FI, K_FE, K_CFI, K_CFL, K_OB, K_COB,
	K_JUMP, K_JCND, K_JFI, K_JFN, K_NONE
};

static const struct {
	char		 key[6];
	size_t		 len;
	enum idkind	 ids;		/* ID_KINDS: not a name */
} poskeys[K_NONE] = {
	[K_FN] =	{ "fn", 2, ID_FN },
	[K_CFN] =	{ "cfn", 3, ID_FN },
	[K_CALLS] =	{ "calls", 5, ID_KINDS },
	[K_FL] =	{ "fl", 2, ID_FILE },
	[K_FI] =	{ "fi", 2, ID_FILE },
	[K_FE] =	{ "fe", 2, ID_FILE },
	[K_CFI] =	{ "cfi", 3, ID_FILE },
	[K_CFL] =	{ "cfl", 3, ID_FILE },
	[K_OB] =	{ "ob", 2, ID_OBJ },
	[K_COB] =	{ "cob", 3, ID_OBJ },
	[K_JUMP] =	{ "jump", 4, ID_KINDS },
	[K_JCND] =	{ "jcnd", 4, ID_KINDS },
	[K_JFI] =	{ "jfi", 3, ID_FILE },
	[K_JFN] =	{ "jfn", 3, ID_FN },
};

/* Byte by byte: memcmp of a length not known in advance is a call. */
static enum poskey
poskey_find(const char *key, size_t klen)
{
	enum poskey	 k;
	size_t		 i;

	for (k = 0; k < K_NONE; k++) {
		if (poskeys[k].len != klen)
			continue;
		for (i = 0; i < klen && poskeys[k].key[i] == key[i]; i++)
			;
		if (i == klen)
			break;
	}
	return k;
}

/* What a name line changes: where the cost lines after it go. */
static void
name_line(struct loader *ld, enum poskey k, const char *name)
{
	struct cga_profile	*p = ld->p;

	switch (k) {
	case K_FN:
		ld->cur.fnname = name;
		ld->cur.fn = cga_fn_get(p, ld->cur.file->name, name);
		ld->cur.fn->listed = 1;
		cga_fn_in_object(p, ld->cur.fn, ld->cur.obj);
		ld->cur.fn->obj = ld->cur.obj;
		ld->cur.fn->objseq = ++p->objseq;
		if (ld->cur.fn->codeobj == NULL) {
			ld->cur.fn->codeobj = ld->cur.obj;
			ld->cur.fn->codeseq = ld->in.lineno;
		}
		break;
	case K_FL:
		ld->cur.file = cga_file_get(p, name);
		/* No fn= yet: the unknown function of this file. */
		if (ld->cur.fnname == NULL)
			ld->cur.fn = NULL;
		break;
	case K_FI:
	case K_FE:
		/* Inlined code: the function continues under this file. */
		ld->cur.file = cga_file_get(p, name);
		if (ld->cur.fnname != NULL) {
			ld->cur.fn = cga_fn_get(p, name, ld->cur.fnname);
			ld->cur.fn->listed = 1;
			cga_fn_in_object(p, ld->cur.fn, ld->cur.obj);
			if (ld->cur.fn->codeobj == NULL) {
				ld->cur.fn->codeobj = ld->cur.obj;
				ld->cur.fn->codeseq = ld->in.lineno;
			}
		} else		/* the unknown function of this file */
			ld->cur.fn = NULL;
		break;
	case K_OB:
		ld->cur.obj = name;
		break;
	case K_CFN:
		ld->cur.callee = cga_fn_get(p, ld->cur.cfile != NULL ?
		    ld->cur.cfile : ld->cur.file->name, name);
		ld->cur.cfile = NULL;
		break;
	case K_CFI:
	case K_CFL:
		ld->cur.cfile = name;
		break;
	case K_JFI:
		ld->cur.jfile = name;
		break;
	case K_JFN:
		ld->cur.jfn = name;
		break;
	default:	/* cob=: only its ids count */
		break;
	}
}

/* ob= fl= fi= fe= fn= cob= cfi= cfl= cfn= calls= jump= jcnd= jfi= jfn= */
static int
position_line(struct loader *ld, const char *key, size_t klen, char *v)
{
	enum poskey	 k = poskey_find(key, klen);
	const char	*name, *s = v;
	enum cga_msg	 m, range;
	uint64_t	 n;
	struct jumpval	 jv;

	if (!ld->cur.known) {
		if (k == K_NONE)
			return cga_load_warn(ld, CGA_MSG_UNKNOWN_LINE);
		cga_load_known(ld);
	}
	/* --check: a part that cannot be read still defines its ids. */
	if (!ld->cur.in_body && cga_body_begin(ld) == -1 && !ld->opts->check)
		return -1;
	if (k != K_NONE && poskeys[k].ids != ID_KINDS) {
		/* A part left out still defines names for the parts after. */
		if (cga_ids_resolve(ld, poskeys[k].ids, v, &name) == -1)
			return -1;
		if (!ld->cur.skip)
			name_line(ld, k, name);
		return 0;
	}
	if (ld->cur.skip)
		return 0;
	switch (k) {
	case K_CALLS:
		range = CGA_MSG_OK;
		if ((m = calls_parse(ld, v, &n, &range)) != CGA_MSG_OK)
			return cga_load_bad(ld, m);
		if (ld->p->diff && n > INT64_MAX)
			return cga_load_bad(ld, CGA_MSG_COUNT_SIGNED_BIG);
		if (range != CGA_MSG_OK && cga_load_warn(ld, range) == -1)
			return -1;
		ld->cur.pending_call = 1;
		ld->cur.call_count = n;
		ld->cur.call_line = ld->in.lineno;
		return 0;
	case K_JUMP:
	case K_JCND:
		if ((m = jump_parse(ld, &s, IN_LINE, k == K_JCND, &jv)) !=
		    CGA_MSG_OK)
			return cga_load_bad(ld, m);
		if (keeps_jumps(ld))
			jump_hold(ld, &jv, k == K_JCND);
		else
			ld->cur.jfile = ld->cur.jfn = NULL;
		return 0;
	default:
		return cga_load_warn(ld, CGA_MSG_UNKNOWN_LINE);
	}
}

/*
 * A calls= line not followed by its cost line: -1, or under --check 0,
 * the call forgotten and the line read as it is.
 */
static int
calls_pending(struct loader *ld)
{
	cga_load_bad(ld, CGA_MSG_CALLS_PENDING);
	if (!ld->opts->check)
		return -1;
	ld->cur.pending_call = ld->cur.call_bad = 0;
	return 0;
}

/* Xdebug's profiler_append: a new run in the same file, ids of its own. */
static int
new_run(struct loader *ld)
{
	cga_load_known(ld);
	if (ld->cur.pending_call && calls_pending(ld) == -1)
		return -1;
	if (ld->cur.in_body) {
		if (cga_part_end(ld) == -1)
			return -1;
		cga_part_begin(ld);
	}
	if (cga_ids_end(ld) == -1)
		return -1;
	cga_ids_clear(ld);
	ld->nheader = 0;	/* a new file: version: may come first again */
	return 0;
}

int
cga_load_line(struct loader *ld, char *s)
{
	char	*key;
	size_t	 klen;
	char	 c = s[0];

	/* No line of the format's yet: the file may be no text at all. */
	if (!ld->cur.known && (ld->in.lineno == 1 || ld->in.line_nul) &&
	    cga_load_binary(ld) == -1)
		return -1;
	if (ld->in.line_nul)
		return cga_load_bad(ld, CGA_MSG_NUL);
	if ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '*') {
		if (!ld->cur.in_body && !ld->have_events)
			/* Header text, such as a cmd: broken over lines. */
			return cga_load_warn(ld, CGA_MSG_UNKNOWN_HEADER);
		return cost_line(ld, s);
	}
	if (c == '#')
		return 0;
	if (c == '=' && strncmp(s, "==== NEW PROFILING FILE", 23) == 0)
		return new_run(ld);
	s = skip_blanks(s);
	if (*s == '\0')
		return 0;
	if (ld->cur.pending_call && calls_pending(ld) == -1)
		return -1;
	for (key = s; islower((unsigned char)*s); s++)
		;
	klen = (size_t)(s - key);
	if (klen > 0 && *s == '=')
		return position_line(ld, key, klen, s + 1);
	if (klen > 0 && *s == ':')
		return cga_header_line(ld, key, klen, s + 1);
	return cga_load_warn(ld, CGA_MSG_UNKNOWN_LINE);
}

/*
 * --check, after an error in line s: the state the lines after it are
 * read in.  A bad cost line leaves the function as it was, and no call
 * waits for it any more; the cost line after a bad calls= line is read
 * and left out; after a bad name line the name is unknown, ???, until
 * the next line of its kind.
 */
void
cga_load_recover(struct loader *ld, const char *s)
{
	struct cga_profile	*p = ld->p;
	const char		*key;
	size_t			 klen;

	if ((*s >= '0' && *s <= '9') || *s == '+' || *s == '-' || *s == '*') {
		ld->cur.pending_call = ld->cur.call_bad = 0;
		return;
	}
	for (key = s = skip_blanks(s); islower((unsigned char)*s); s++)
		;
	klen = (size_t)(s - key);
	if (*s != '=' || ld->cur.skip || ld->cur.file == NULL)
		return;
	switch (poskey_find(key, klen)) {
	case K_CALLS:
		ld->cur.pending_call = ld->cur.call_bad = 1;
		ld->cur.call_line = ld->in.lineno;
		break;
	case K_FN:
		ld->cur.fnname = NULL;
		ld->cur.fn = NULL;	/* ??? of the current file */
		break;
	case K_FL:
	case K_FI:
	case K_FE:
		ld->cur.file = cga_file_get(p, ld->unknown);
		ld->cur.fnname = NULL;
		ld->cur.fn = NULL;
		break;
	case K_OB:
		ld->cur.obj = NULL;
		break;
	case K_CFN:
		ld->cur.callee = cga_fn_get(p, ld->cur.cfile != NULL ?
		    ld->cur.cfile : ld->cur.file->name, ld->unknown);
		ld->cur.cfile = NULL;
		break;
	case K_CFI:
	case K_CFL:
		ld->cur.cfile = ld->unknown;
		break;
	default:
		break;
	}
}
