/*
 * merge.c: -j 2's merge.  The model of the half a thread read (split.c)
 * is taken into the loader's at the line where the half begins, and the
 * loader goes on past it.  The result is the model of one reader, byte
 * for byte, or nothing is merged and the loader reads the half itself:
 *
 *  - The loader's cursor at that line is one the thread's at its start
 *    stands for (cursor_agrees): the same part and format, nothing
 *    waiting, a file and object that its placeholders stand for.
 *  - No id has two names, and every placeholder of the thread's a name
 *    by then (mergeable).
 *  - No sum overflows in the merge: the counts of everything read, the
 *    model's bounds (profile.h), fit in 64 bits, or nothing is merged.
 *  - Everything made is made in the order one reader makes it: what the
 *    thread made first, after all the loader made.  Where two of its
 *    files or functions become one (callgrind names a file once in each
 *    object), what came first is told by the line of the profile that
 *    said it: a line's owner, a function's object.
 */
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "load/split.h"
#include "model/objs.h"

/*
 * The merge rests on the reader's cursor (loader.h): the thread starts
 * with one of its own (cga_cursor_start), the halves are merged only
 * where the loader's at the cut agrees with it (cursor_agrees), and the
 * loader goes on from the thread's (cursor_take).  The three name every
 * field of struct cursor, which has no padding: one added there breaks
 * the build here until they say what becomes of it at the cut.
 */
#if UINTPTR_MAX == UINT64_MAX
_Static_assert(sizeof(struct cursor) ==
    /* the part */ sizeof(uint64_t) + 2 * sizeof(void *) +
    2 * sizeof(size_t) + 5 * sizeof(int) +
    /* what waits */ 3 * sizeof(int) + 2 * sizeof(uint64_t) +
    sizeof(struct cga_jump) + 3 * sizeof(void *) +
    /* where */ 5 * sizeof(void *) + 3 * sizeof(uint64_t) +
    /* lookups */ 3 * sizeof(void *) + sizeof(uint64_t),
    "struct cursor has a field cga_cursor_start, cursor_agrees and "
    "cursor_take do not name");
#endif

/*
 * The thread's cursor at the start of its half, c: the part and format
 * of the loader's, from (map and kmask copied, maskw words a count);
 * placeholders for the file and object in force (fileph, objph, in q),
 * which the merge makes the loader's at the cut; nothing waiting.  The
 * half's first lines set fnname, fn and last: it starts at an fn= line
 * (or the fl= line before it), before a cost line whose positions are
 * all absolute (start_line).  A calls= line before a cfn= line makes the
 * thread give up (callee).  No lookups yet.
 */
void
cga_cursor_start(struct cursor *c, const struct cursor *from,
    struct cga_profile *q, const char *fileph, const char *objph,
    size_t maskw)
{
	size_t	 nk;

	memset(c, 0, sizeof(*c));
	c->nfileparts = from->nfileparts;
	c->map = xcalloc(from->nfev + 1, sizeof(*c->map));
	memcpy(c->map, from->map, from->nfev * sizeof(*c->map));
	if (from->kmask != NULL) {
		nk = (from->nfev + 1) * maskw;
		c->kmask = xcalloc(nk, sizeof(*c->kmask));
		memcpy(c->kmask, from->kmask, nk * sizeof(*c->kmask));
	}
	c->nfev = from->nfev;
	c->npos = from->npos;
	c->linepos = from->linepos;
	c->instrpos = from->instrpos;
	c->known = from->known;
	c->in_body = from->in_body;
	c->skip = from->skip;
	c->file = cga_file_get(q, fileph);
	c->obj = objph;
}

/*
 * Whether the loader's cursor at the cut, at, is one that start, the
 * thread's at its start, stands for: the same part and format; a file
 * and an object in force that are names (its placeholders stand for
 * them); nothing waiting, as nothing did at the start.  fnname, fn,
 * last and callee may be anything (cga_cursor_start); the lookups are
 * made again (cursor_take).
 */
static int
cursor_agrees(const struct cursor *at, const struct cursor *start,
    size_t maskw)
{
	if (at->nfileparts != start->nfileparts || at->nfev != start->nfev ||
	    at->map == NULL || memcmp(at->map, start->map, at->nfev *
	    sizeof(*at->map)) != 0 ||
	    (at->kmask == NULL) != (start->kmask == NULL) ||
	    (at->kmask != NULL && memcmp(at->kmask, start->kmask,
	    (at->nfev + 1) * maskw * sizeof(*at->kmask)) != 0) ||
	    at->npos != start->npos || at->linepos != start->linepos ||
	    at->instrpos != start->instrpos || at->known != start->known ||
	    at->in_body != start->in_body || at->skip != start->skip)
		return 0;
	/* call_count, call_line and jump are read only while one waits. */
	if (at->pending_call != start->pending_call ||
	    at->call_bad != start->call_bad ||
	    at->jump_pending != start->jump_pending ||
	    at->cfile != NULL || at->jfile != NULL || at->jfn != NULL)
		return 0;
	return !cga_ids_placeholder(at->file->name) &&
	    (at->obj == NULL || !cga_ids_placeholder(at->obj));
}

/*
 * The merge.  The loader's model takes the thread's whole (profile.h):
 * its memory, its names, each file, function and call edge it lacks;
 * what both have is summed in the loader's.  Names of the thread's model
 * map to the loader's: its placeholders to what the loader's ids and
 * object say, the others by the number p gave them.
 */
struct merge {
	struct loader		*ld;		/* the loader */
	struct loader		*b;		/* the thread's */
	struct cga_split	*sp;
	struct cga_profile	*p, *q;
	const char		**fwd;		/* the placeholders' names */
	enum idkind		 kind;		/* of the ids looked at */
	int			 clash;		/* an id with two names */
};

/* The loader's name of a name of the thread's, once p has its names. */
static const char *
map_name(struct merge *m, const char *s)
{
	if (s == NULL)
		return NULL;
	if (s == m->sp->objph)
		return m->ld->cur.obj;
	if (s == m->sp->fileph)
		return m->ld->cur.file->name;
	if (cga_ids_placeholder(s))
		return m->fwd[strtoull(s + 1, NULL, 10)];
	return cga_profile_name(m->p, cga_name_no(s));
}

static int
id_agrees(void *ctx, uint64_t id, const char *name)
{
	struct merge	*m = ctx;
	const char	*had;

	(void)id;
	if (cga_ids_placeholder(name))
		return 0;
	/* Defined by both halves: with one name, or one reader warns. */
	had = cga_ids_get(m->ld, m->kind, id);
	if (had != NULL && strcmp(had, name) != 0) {
		m->clash = 1;
		return -1;
	}
	return 0;
}

/* The loader's number of a name of the thread's, for its ids. */
static uint32_t
id_no(void *ctx, uint32_t no)
{
	struct merge	*m = ctx;

	/* A name p took or had, read without a look at its header. */
	if (m->q->adopted[no - 1] != 0)
		return m->q->adopted[no - 1];
	return cga_name_no(map_name(m, cga_profile_name(m->q, no)));
}

/* Adds saturating: the bound of a sum. */
static uint64_t
bound_add(uint64_t a, uint64_t b)
{
	uint64_t	 s;

	return __builtin_add_overflow(a, b, &s) ? UINT64_MAX : s;
}

/*
 * Whether no sum of the merged model can overflow: what either model
 * holds is a sum of its cost lines' counts.
 */
static int
bounded(struct merge *m)
{
	const struct cga_part	*pt;
	uint64_t		*g;
	size_t			 i, j;
	int			 ok = 1;

	g = xcalloc(m->p->nev, sizeof(*g));
	for (i = 0; i < m->p->nparts; i++) {
		pt = &m->p->parts[i];
		for (j = 0; pt->self != NULL && j < pt->nself; j++)
			g[pt->self[j].ev] = bound_add(g[pt->self[j].ev],
			    pt->self[j].n);
	}
	for (j = 0; j < m->p->nev; j++) {
		g[j] = bound_add(g[j], m->ld->pself[j]);
		g[j] = bound_add(g[j], m->b->pself[j]);
		if (m->p->callbound != NULL)
			g[j] = bound_add(g[j], m->p->callbound[j]);
		if (m->q->callbound != NULL)
			g[j] = bound_add(g[j], m->q->callbound[j]);
		if (g[j] == UINT64_MAX)
			ok = 0;
	}
	free(g);
	return ok && bound_add(m->p->countbound, m->q->countbound) <
	    UINT64_MAX;
}

/*
 * Whether the two halves can be merged: the loader's state at the line
 * is what the thread took it for, every placeholder has a name, no id has
 * two, no two of the thread's files or functions become one.
 */
static int
mergeable(struct merge *m)
{
	struct loader	*ld = m->ld, *b = m->b;
	const char	*name;
	size_t		 i;
	int		 k;

	if (!m->sp->ok || ld->p->diff ||
	    !cursor_agrees(&ld->cur, &m->sp->start, m->p->maskw))
		return 0;
	/*
	 * Something the thread merged, as an id used before it was defined
	 * got its name: one reader may have known the name all along.
	 */
	if (m->q->nmerged > 0)
		return 0;
	m->fwd = xcalloc(b->nfwd + 1, sizeof(*m->fwd));
	for (i = 0; i < b->nfwd; i++) {
		if (b->fwd[i].name == NULL) {	/* defined by the thread */
			if (cga_ids_get(ld, b->fwd[i].kind, b->fwd[i].id) !=
			    NULL)
				return 0;
			continue;
		}
		name = cga_ids_get(ld, b->fwd[i].kind, b->fwd[i].id);
		if (name == NULL || cga_ids_placeholder(name))
			return 0;
		m->fwd[i] = name;
	}
	for (k = 0; k < ID_KINDS && !m->clash; k++) {
		m->kind = (enum idkind)k;
		cga_ids_each(b, m->kind, id_agrees, m);
	}
	return !m->clash && bounded(m);
}

/* What a function or file of the thread's is in the loader's model. */
static struct cga_fn *
fn_of(struct cga_fn *fn)
{
	return fn != NULL ? cga_fn_final(fn) : NULL;
}

static struct cga_file *
file_of(struct cga_file *f)
{
	return cga_file_final(f);
}

/*
 * A line the merge makes: its owner is the function that came to it
 * first, of the thread's files that became its file (twins: the same file
 * under two ids, as callgrind gives one in two objects), by the order the
 * thread made lines in.  Until all are merged its owner word holds
 * 1 + 2 * its index here.
 */
struct new_line {
	struct cga_file	*file;
	uint64_t	 line;
	uint64_t	 seq;
	struct cga_fn	*owner;
};

struct line_merge {
	struct merge	*m;
	struct cga_file	*to;
	struct new_line	*v;
	size_t		 n, cap;
};

static void
line_add(void *ctx, struct cga_file *f, uint64_t line, uint64_t *cost)
{
	struct line_merge	*lm = ctx;
	struct cga_profile	*p = lm->m->p, *q = lm->m->q;
	struct new_line		*nl;
	struct cga_fn		*owner;
	uint64_t		*c, seq;

	(void)f;
	c = cga_line_get(p, lm->to, line);
	(void)cga_cost_add(p, c, cost);	/* bounded: no overflow */
	if (p->no_owners)
		return;
	seq = cost[q->cw + 1];
	owner = fn_of(cga_line_owner(q, cost));
	if (c[p->cw] == 0) {
		if (lm->n == lm->cap) {
			lm->cap = lm->cap ? 2 * lm->cap : 1024;
			lm->v = xreallocarray(lm->v, lm->cap, sizeof(*lm->v));
		}
		nl = &lm->v[lm->n];
		nl->file = lm->to;
		nl->line = line;
		nl->seq = seq;
		nl->owner = owner;
		c[p->cw] = 1 + 2 * (uint64_t)lm->n++;
	} else if (c[p->cw] & 1) {
		nl = &lm->v[c[p->cw] >> 1];
		if (seq < nl->seq) {
			nl->seq = seq;
			nl->owner = owner;
		}
	}
}

static int
seq_cmp(const void *a, const void *b)
{
	uint64_t	 x = (*(struct cga_call *const *)a)->seq;
	uint64_t	 y = (*(struct cga_call *const *)b)->seq;

	return x < y ? -1 : x > y;
}

static int
site_seq_cmp(const void *a, const void *b)
{
	uint64_t	 x = (*(struct cga_site *const *)a)->seq;
	uint64_t	 y = (*(struct cga_site *const *)b)->seq;

	return x < y ? -1 : x > y;
}

/*
 * The thread's files, in its order: each the loader's of its name, or
 * taken as the loader's newest.  twin[i] says that the i-th file taken
 * has a twin merged into it.
 */
static struct cga_file **
merge_files(struct merge *m, unsigned char **twin)
{
	struct cga_profile	*p = m->p, *q = m->q;
	struct cga_file		**v, *f, *next, *to;
	const char		 *name;
	size_t			  n = 0, first = p->nfiles;

	v = xcalloc(q->nfiles + 1, sizeof(*v));
	*twin = xcalloc(q->nfiles + 1, 1);
	for (f = q->files; f != NULL; f = next) {
		next = f->next;
		v[n++] = f;
		name = map_name(m, f->name);
		if ((to = cga_file_find(p, name)) == NULL)
			cga_file_adopt(p, f, name);
		else {
			f->merged = to;
			if (to->id >= first)
				(*twin)[to->id - first] = 1;
		}
	}
	q->files = q->files_last = NULL;
	q->nfiles = 0;
	q->nlined = 0;		/* their lines are the loader's too */
	return v;
}

/* map_name, for cga_objpairs_take. */
static const char *
name_in_p(void *m, const char *s)
{
	return map_name(m, s);
}

/* The thread's functions, taken or summed into the loader's, in order. */
static void
merge_fns(struct merge *m, uint64_t lineno)
{
	struct cga_profile	*p = m->p, *q = m->q;
	struct cga_fn		*fn, *next, *to;
	uint64_t		 objseq = p->objseq;

	for (fn = q->fns; fn != NULL; fn = next) {
		next = fn->next;
		to = cga_fn_find(p, map_name(m, fn->key.file),
		    map_name(m, fn->key.name));
		if (to == NULL) {
			/* As a function made now, its figures the thread's. */
			cga_fn_adopt(p, fn, map_name(m, fn->key.file),
			    map_name(m, fn->key.name));
			fn->obj = fn->objseq != 0 ? map_name(m, fn->obj) : NULL;
			if (fn->objseq != 0)
				fn->objseq += objseq;
			fn->codeobj = map_name(m, fn->codeobj);
			fn->codeseq = fn->codeobj != NULL ? lineno + fn->codeseq :
			    0;
			continue;
		}
		cga_fn_merge_into(fn, to);
		cga_fn_merge_objs(p, to, fn, map_name(m, cga_fn_code_obj(fn,
		    NULL)));
		(void)cga_cost_add(p, to->self, fn->self);
		to->ncalls += fn->ncalls;
		to->listed |= fn->listed;
		/* The object at its last fn= line: the thread's, or a twin's. */
		if (fn->objseq != 0 && objseq + fn->objseq > to->objseq) {
			to->obj = map_name(m, fn->obj);
			to->objseq = objseq + fn->objseq;
		}
		/*
		 * The object of its code: said first by the loader's lines,
		 * or by the thread's first line of its twins (the same
		 * function of a file under two ids).
		 */
		if (fn->codeobj != NULL && (to->codeobj == NULL ||
		    lineno + fn->codeseq < to->codeseq)) {
			to->codeobj = map_name(m, fn->codeobj);
			to->codeseq = lineno + fn->codeseq;
		}
	}
	q->fns = q->fns_last = NULL;
	q->nfns = 0;
	free(q->fnv);
	q->fnv = NULL;
	q->fnvcap = 0;
}

/*
 * The thread's line costs of the files the loader keeps.  A file taken
 * without a twin keeps its pages, laid out as the loader's; the lines of
 * the others are added to the loader's file, each new one owned as one
 * reader would own it.  The rest are dropped.
 */
static void
merge_lines(struct merge *m, struct cga_file **qf, const unsigned char *twin,
    size_t first)
{
	struct cga_profile	*p = m->p, *q = m->q;
	struct line_merge	 lm = { m, NULL, NULL, 0, 0 };
	struct cga_file		*f, *to, from;
	size_t			 i;

	memset(&from, 0, sizeof(from));
	for (i = 0; qf[i] != NULL; i++) {
		f = qf[i];
		to = file_of(f);
		if (f->lines == NULL)
			continue;
		if (!cga_load_keeps(m->ld, to, 0)) {
			cga_file_drop_lines(f);
			if (to == f)	/* as a file made now */
				f->lines = NULL;
			continue;
		}
		if (to == f && !twin[f->id - first]) {
			cga_file_adopt_lines(p, q->lw, f);
			continue;
		}
		from.lines = f->lines;
		if (to == f)
			f->lines = NULL;
		lm.to = to;
		cga_file_each(q, &from, line_add, &lm);
		cga_file_drop_lines(&from);
	}
	for (i = 0; i < lm.n; i++)
		cga_line_find(p, lm.v[i].file, lm.v[i].line)[p->cw] =
		    (uint64_t)(uintptr_t)lm.v[i].owner;
	free(lm.v);
}

/* The thread's call edges, taken or summed, in the order they were made. */
static void
merge_calls(struct merge *m)
{
	struct cga_profile	*p = m->p, *q = m->q;
	struct cga_call		*c, *to, **cv;
	struct cga_fn		*caller, *callee;
	size_t			 i, n;
	int			 sorted = 1;

	/*
	 * In the order made, which is seq's unless a rename moved one (a
	 * thread whose names merged is not merged: mergeable; the sort
	 * stays for a model that breaks that).
	 */
	cv = xcalloc(q->ncalls + 1, sizeof(*cv));
	for (i = n = 0; (c = cga_call_next(q, &i)) != NULL; n++) {
		if (n > 0 && cv[n - 1]->seq > c->seq)
			sorted = 0;
		cv[n] = c;
	}
	if (!sorted)
		qsort(cv, n, sizeof(*cv), seq_cmp);
	cga_calls_free(q);	/* its list and table; the edges stay */
	for (i = 0; i < n; i++) {
		caller = fn_of(cv[i]->key.caller);
		callee = fn_of(cv[i]->key.callee);
		if ((to = cga_call_find(p, caller, callee)) == NULL) {
			cga_call_adopt(p, cv[i], caller, callee);
			continue;
		}
		to->count += cv[i]->count;
		(void)cga_cost_add(p, to->cost, cv[i]->cost);
	}
	free(cv);
}

/*
 * The loader goes on from where the thread stopped: its cursor, to, takes
 * the thread's, from, in the loader's names.  The part and format stay
 * to's, which agree (cursor_agrees).
 */
static void
cursor_take(struct merge *m, struct cursor *to, const struct cursor *from)
{
	/*
	 * Nothing waits at the thread's end (split_run's ok): call_count,
	 * call_line and jump are read only while something does.
	 */
	to->pending_call = from->pending_call;
	to->call_bad = from->call_bad;
	to->jump_pending = from->jump_pending;
	to->cfile = map_name(m, from->cfile);
	to->jfile = map_name(m, from->jfile);
	to->jfn = map_name(m, from->jfn);
	to->file = file_of(from->file);
	to->fnname = map_name(m, from->fnname);
	to->fn = fn_of(from->fn);
	to->obj = map_name(m, from->obj);
	/* A callee the thread never named is still the loader's. */
	if (from->callee != NULL)
		to->callee = fn_of(from->callee);
	memcpy(to->last, from->last, sizeof(to->last));
	/* Lookups in the thread's model: the loader's are made again. */
	to->call = NULL;
	to->linecost = NULL;
	to->linefile = NULL;
	to->lineno = 0;
}

/* The names of the thread's jumps, numbered as the loader's. */
static void
jump_names(struct merge *m)
{
	struct cga_profile	*q = m->q;
	struct cga_jump		*j;
	size_t			 i;

	for (i = 0; i < q->njumps; i++) {
		j = &q->jumps[i];
		j->obj = cga_jump_no(map_name(m, cga_jump_name(q, j->obj)));
		j->tfile = cga_jump_no(map_name(m, cga_jump_name(q,
		    j->tfile)));
		j->tfn = cga_jump_no(map_name(m, cga_jump_name(q, j->tfn)));
	}
}

/* What the thread read, added to the loader's model, in its order. */
static void
merge(struct merge *m, uint64_t lineno)
{
	struct cga_profile	*p = m->p, *q = m->q;
	struct loader		*ld = m->ld, *b = m->b;
	struct cga_file		*f, **qf;
	struct cga_site		*s, *t, **sv;
	struct cga_jump		 j;
	unsigned char		*twin;
	uint64_t		 at = 0;
	size_t			 i, n, first = p->nfiles;
	int			 err;

	cga_arena_adopt(&p->arena, &q->arena);
	cga_profile_adopt_names(p, q);
	cga_ids_adopt(ld, b, id_no, m);
	jump_names(m);
	cga_profile_forget_names(q);
	qf = merge_files(m, &twin);
	merge_fns(m, lineno);
	cga_objpairs_take(p, q, name_in_p, m);
	merge_lines(m, qf, twin, first);
	free(qf);
	free(twin);
	merge_calls(m);
	sv = xcalloc(q->nsites + 1, sizeof(*sv));
	for (i = 0; i < q->nsites; i++)
		sv[i] = cga_site_at(q, i);
	qsort(sv, q->nsites, sizeof(*sv), site_seq_cmp);
	for (i = 0; i < q->nsites; i++) {
		s = sv[i];
		f = file_of(s->key.file);
		if (!cga_load_keeps(ld, f, 0))
			continue;
		t = cga_site_add(p, f, s->key.line, fn_of(s->key.caller),
		    fn_of(s->key.callee), &err, &at);
		if (t == NULL)		/* bounded: it cannot be */
			abort();
		t->count = s->count;
		t->lineno = s->lineno + lineno;
		memcpy(t->cost, s->cost, p->cw * sizeof(*t->cost));
	}
	free(sv);
	free(q->sites);
	q->sites = NULL;
	q->nsites = q->sitecap = 0;
	for (i = n = 0; i < q->njumps; i++) {
		j = q->jumps[i];
		j.file = file_of(j.file);
		if (!cga_load_keeps(ld, j.file, 1))
			continue;
		j.fn = fn_of(j.fn);
		q->jumps[n++] = j;
	}
	cga_jumps_take(p, q->jumps, n);
	q->jumps = NULL;
	q->njumps = q->jumpcap = 0;
	(void)cga_cost_add(p, ld->pself, b->pself);
	if (q->callbound != NULL) {
		if (p->callbound == NULL)
			p->callbound = cga_cost_new(p);
		for (i = 0; i < p->nev; i++)
			p->callbound[i] = bound_add(p->callbound[i],
			    q->callbound[i]);
	}
	p->countbound = bound_add(p->countbound, q->countbound);
	p->objseq += q->objseq;
	cursor_take(m, &ld->cur, &b->cur);
	ld->costs |= b->costs;
}

int
cga_split_merge(struct loader *ld, struct cga_split *sp)
{
	struct merge	 m;
	int		 merged;

	memset(&m, 0, sizeof(m));
	m.ld = ld;
	m.b = &sp->ld;
	m.sp = sp;
	m.p = ld->p;
	m.q = sp->ld.p;
	if ((merged = mergeable(&m)))
		merge(&m, ld->in.lineno);
	free(m.fwd);
	return merged;
}
