/* callgrind.c: --format=callgrind: what was loaded, as one Callgrind file. */
#define _GNU_SOURCE		/* fopencookie */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/fmt.h"
#include "base/out.h"
#include "base/xalloc.h"
#include "base/version.h"
#include "print/callgrind_costs.h"
#include "print/format.h"
#include "view/view.h"

/* A name's compression id. */
struct nameid {
	const char		*name;		/* interned: the key */
	size_t			 id;
	const struct cga_fn	*fn;		/* homes: the function */
	UT_hash_handle		 hh;
};

/* A function that others of its name in its object are inlined into. */
struct home {
	const char		*key[2];	/* name, object */
	const struct cga_fn	*fn;
	UT_hash_handle		 hh;
};

struct writer {
	FILE			*out;
	const struct cga_profile *p;
	size_t			 nrec;
	struct cga_pieces	 pc;
	struct nameid		*ids[3];	/* files, functions, objects */
	struct nameid		*homes;		/* see inlined_into */
	struct home		*objhomes;	/* the same, by name and object */
	struct cga_piece	**bypos;	/* with jumps: pieces by line */
	const struct cga_site	**firsts;	/* see firsts_find */
	size_t			 nfirsts;
	char			*sdone;		/* sites written, by index */
	size_t			 nids[3];
	const char		*ob;		/* the current ob=, fl= and fn= */
	const char		*fl;
	const struct cga_fn	*fn;
	const struct cga_fn	*restore;	/* see switch_to */
	int			 abs;		/* next position absolute */
	uint64_t		 last;
	int			 zeros;		/* an event not given written 0 */
};

enum { ID_FL, ID_FN, ID_OB };

static void
name_free(struct nameid **tab)
{
	struct nameid	*n, *tmp;

	HASH_ITER(hh, *tab, n, tmp) {
		HASH_DEL(*tab, n);
		free(n);
	}
}

/* key=(id) name the first time, key=(id) after; an empty name as is. */
static void
put_name(struct writer *w, const char *key, int kind, const char *name)
{
	struct nameid	*n;

	if (*name == '\0') {
		fprintf(w->out, "%s=\n", key);
		return;
	}
	HASH_FIND_PTR(w->ids[kind], &name, n);
	if (n != NULL) {
		fprintf(w->out, "%s=(%zu)\n", key, n->id);
		return;
	}
	n = xcalloc(1, sizeof(*n));
	n->name = name;
	n->id = ++w->nids[kind];
	HASH_ADD_PTR(w->ids[kind], name, n);
	fprintf(w->out, "%s=(%zu) %s\n", key, n->id, name);
}

static void
put_count(struct writer *w, uint64_t c)
{
	if (w->p->diff)
		fprintf(w->out, " %lld", (long long)(int64_t)c);
	else
		fprintf(w->out, " %llu", (unsigned long long)c);
}

/*
 * The recorded events' counts of c, up to the last one given: one
 * before it that was not given is written 0 (a line gives a prefix),
 * which changes nothing where a and b (NULL: none) give it.
 */
static void
put_counts(struct writer *w, const uint64_t *c, const uint64_t *a,
    const uint64_t *b)
{
	size_t	 k, e;

	for (k = w->nrec; k > 0 && !cga_cost_defined(w->p, c, k - 1); k--)
		;
	for (e = 0; e < k; e++)
		if (cga_cost_defined(w->p, c, e))
			put_count(w, c[e]);
		else {
			put_count(w, 0);
			if (a == NULL || b == NULL ||
			    !cga_cost_defined(w->p, a, e) ||
			    !cga_cost_defined(w->p, b, e))
				w->zeros = 1;
		}
}

/* A line position: absolute after a name line, else relative. */
static void
put_position(struct writer *w, uint64_t line)
{
	if (w->abs)
		fprintf(w->out, "%llu", (unsigned long long)line);
	else if (line == w->last)
		fputs("*", w->out);
	else if (line > w->last)
		fprintf(w->out, "+%llu", (unsigned long long)(line - w->last));
	else
		fprintf(w->out, "-%llu", (unsigned long long)(w->last - line));
	w->abs = 0;
	w->last = line;
}

/*
 * The function whose code fn is inlined into: the first of its name in
 * another file with an object, when fn has none (fi= and fe= give none),
 * or NULL.  fn is then written as that function's, with fi=.
 */
static const struct cga_fn *
inlined_into(const struct writer *w, const struct cga_fn *fn)
{
	struct nameid	*n;
	struct home	*h;
	const char	*name = fn->key.name, *key[2];

	if (fn->obj != NULL)
		return NULL;
	/* In the object its code was inlined in, if known. */
	key[0] = name;
	key[1] = fn->codeobj;
	HASH_FIND(hh, w->objhomes, key, sizeof(key), h);
	if (h != NULL)
		return h->fn != fn ? h->fn : NULL;
	HASH_FIND_PTR(w->homes, &name, n);
	return n != NULL && n->fn != fn ? n->fn : NULL;
}

/* ob= obj, when it is not the one in force. */
static void
put_ob(struct writer *w, const char *obj)
{
	if (obj != w->ob) {
		put_name(w, "ob", ID_OB, obj != NULL ? obj : "");
		w->ob = obj;
	}
}

/*
 * After code inlined into fn's home in another object than the home's
 * (its ob= and fn= before the fi=): fn= of the home in its own object
 * again, with no cost, so that its object read back is the one at its
 * last fn= line, as it was.
 */
static void
restore_home(struct writer *w)
{
	const struct cga_fn	*h = w->restore;

	w->restore = NULL;
	put_ob(w, h->obj);
	if (w->fl != h->key.file)
		put_name(w, "fl", ID_FL, h->key.file);
	put_name(w, "fn", ID_FN, h->key.name);
	w->fl = h->key.file;
	w->fn = h;
	w->abs = 1;
}

/* Cost lines go to fn at file from here on. */
static void
switch_to(struct writer *w, const struct cga_fn *fn, const char *file)
{
	const struct cga_fn	*home, *named;
	const char		*obj;
	int			 apart;

	if (w->fn != fn && w->restore != NULL)
		restore_home(w);
	if (w->fn != fn) {
		home = inlined_into(w, fn);
		named = home != NULL ? home : fn;
		/* Code inlined in an object its home's last fn= is not in. */
		apart = home != NULL && fn->codeobj != NULL &&
		    fn->codeobj != home->obj;
		obj = apart ? fn->codeobj : named->obj;
		if (home == NULL || w->fn == NULL || apart ||
		    w->fn->key.name != fn->key.name) {
			put_ob(w, obj);
			if (w->fl != named->key.file)
				put_name(w, "fl", ID_FL, named->key.file);
			put_name(w, "fn", ID_FN, fn->key.name);
			w->fl = named->key.file;
			if (apart)
				w->restore = home;
		}
		if (home != NULL)
			put_name(w, "fi", ID_FL, fn->key.file);
		w->fl = fn->key.file;
		w->fn = fn;
		w->abs = 1;
	}
	if (w->fl != file) {
		/* fl= keeps the function: its cost at another file's line. */
		put_name(w, "fl", ID_FL, file);
		w->fl = file;
		w->abs = 1;
	}
}

static void
homes_free(struct home **homes)
{
	struct home	*h, *tmp;

	HASH_ITER(hh, *homes, h, tmp) {
		HASH_DEL(*homes, h);
		free(h);
	}
}

/* The functions that others of their name are inlined into. */
static void
homes_find(struct writer *w)
{
	const struct cga_fn	*fn;
	struct nameid		*n;
	struct home		*h;
	const char		*key[2];

	for (fn = w->p->fns; fn != NULL; fn = fn->next) {
		if (!fn->listed || fn->obj == NULL)
			continue;
		key[0] = fn->key.name;
		key[1] = fn->obj;
		HASH_FIND(hh, w->objhomes, key, sizeof(key), h);
		if (h == NULL) {
			h = xcalloc(1, sizeof(*h));
			memcpy(h->key, key, sizeof(key));
			h->fn = fn;
			HASH_ADD(hh, w->objhomes, key, sizeof(h->key), h);
		}
		HASH_FIND_PTR(w->homes, &fn->key.name, n);
		if (n != NULL)
			continue;
		n = xcalloc(1, sizeof(*n));
		n->name = fn->key.name;
		n->fn = fn;
		HASH_ADD_PTR(w->homes, name, n);
	}
}

/* Where a function's cost lines go: its own file first, then by line. */
static size_t
file_rank(const struct cga_fn *fn, const struct cga_file *f)
{
	return f->name == fn->key.file ? 0 : f->id + 1;
}

static int
by_fn(const void *a, const void *b)
{
	const struct cga_piece	*x = *(struct cga_piece *const *)a;
	const struct cga_piece	*y = *(struct cga_piece *const *)b;
	size_t			 rx, ry;

	if (x->key.fn->id != y->key.fn->id)
		return x->key.fn->id < y->key.fn->id ? -1 : 1;
	rx = file_rank(x->key.fn, x->key.file);
	ry = file_rank(y->key.fn, y->key.file);
	if (rx != ry)
		return rx < ry ? -1 : 1;
	return x->key.line < y->key.line ? -1 : x->key.line > y->key.line;
}

/* A piece as a cost line, after its line's owner's piece. */
static void
put_piece(struct writer *w, struct cga_piece *pc)
{
	struct cga_piece	*op;

	if (pc->done)
		return;
	if (pc->ref->fn != NULL && pc->ref->fn != pc->key.fn &&
	    (op = cga_piece_find(&w->pc, pc->ref->fn, pc)) != NULL)
		put_piece(w, op);
	switch_to(w, pc->key.fn, pc->key.file->name);
	put_position(w, pc->key.line);
	put_counts(w, pc->cost, pc->key.fn->self, pc->ref->cost);
	putc('\n', w->out);
	pc->done = 1;
}

static size_t
site_index(const struct cga_profile *p, const struct cga_site *s)
{
	return (size_t)((const char *)s - p->sites) / p->sitesize;
}

static int
site_pos_cmp(const void *a, const void *b)
{
	const struct cga_site	*x = *(struct cga_site *const *)a;
	const struct cga_site	*y = *(struct cga_site *const *)b;

	if (x->key.file->id != y->key.file->id)
		return x->key.file->id < y->key.file->id ? -1 : 1;
	if (x->key.line != y->key.line)
		return x->key.line < y->key.line ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Sites by file and line only. */
static int
line_cmp(const struct cga_site *x, const struct cga_site *y)
{
	if (x->key.file->id != y->key.file->id)
		return x->key.file->id < y->key.file->id ? -1 : 1;
	return x->key.line < y->key.line ? -1 : x->key.line > y->key.line;
}

/* The first call made from s's line (a binary search). */
static const struct cga_site *
site_first(const struct writer *w, const struct cga_site *s)
{
	size_t	 lo = 0, hi = w->nfirsts, m;

	while (lo < hi) {
		m = lo + (hi - lo) / 2;
		if (line_cmp(w->firsts[m], s) < 0)
			lo = m + 1;
		else
			hi = m;
	}
	return lo < w->nfirsts && line_cmp(w->firsts[lo], s) == 0 ?
	    w->firsts[lo] : NULL;
}

/*
 * The first call made from each line (the one whose caller's calls the
 * annotated source lists there), to be written before the others.
 */
static void
firsts_find(struct writer *w, const struct cga_site **s, size_t n)
{
	size_t	 i;

	qsort(s, n, sizeof(*s), site_pos_cmp);
	w->firsts = xcalloc(n + 1, sizeof(*w->firsts));
	for (i = 0; i < n; i++)
		if (i == 0 || line_cmp(s[i], s[i - 1]) != 0)
			w->firsts[w->nfirsts++] = s[i];
	w->sdone = xcalloc(n + 1, 1);
}

/*
 * A call site: the callee named, calls=, then the calls' cost; after
 * the first call made from its line, when another function made that.
 */
static void
put_site(struct writer *w, const struct cga_site *s)
{
	const struct cga_fn	*callee = s->key.callee;
	const struct cga_site	*first;

	if (w->sdone[site_index(w->p, s)])
		return;
	if ((first = site_first(w, s)) != NULL && first != s &&
	    first->key.caller != s->key.caller)
		put_site(w, first);
	switch_to(w, s->key.caller, s->key.file->name);
	if (callee->obj != NULL && callee->obj != w->ob)
		put_name(w, "cob", ID_OB, callee->obj);
	if (callee->key.file != w->fl)
		put_name(w, "cfi", ID_FL, callee->key.file);
	put_name(w, "cfn", ID_FN, callee->key.name);
	/* The model keeps no call's target line: 0, unknown. */
	fprintf(w->out, "calls=%llu 0\n", (unsigned long long)s->count);
	put_position(w, s->key.line);
	put_counts(w, s->cost, NULL, NULL);
	putc('\n', w->out);
	w->sdone[site_index(w->p, s)] = 1;
}

static int
sites_cmp(const void *a, const void *b)
{
	const struct cga_site	*x = *(struct cga_site *const *)a;
	const struct cga_site	*y = *(struct cga_site *const *)b;
	size_t			 rx, ry;

	if (x->key.caller->id != y->key.caller->id)
		return x->key.caller->id < y->key.caller->id ? -1 : 1;
	rx = file_rank(x->key.caller, x->key.file);
	ry = file_rank(y->key.caller, y->key.file);
	if (rx != ry)
		return rx < ry ? -1 : 1;
	if (x->key.line != y->key.line)
		return x->key.line < y->key.line ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Whether piece pc comes before site s in their function's block. */
static int
piece_first(const struct cga_piece *pc, const struct cga_site *s)
{
	size_t	 rp = file_rank(pc->key.fn, pc->key.file);
	size_t	 rs = file_rank(s->key.caller, s->key.file);

	if (rp != rs)
		return rp < rs;
	return pc->key.line <= s->key.line;
}

static int
pos_cmp(const void *a, const void *b)
{
	const struct cga_piece	*x = *(struct cga_piece *const *)a;
	const struct cga_piece	*y = *(struct cga_piece *const *)b;

	if (x->key.file->id != y->key.file->id)
		return x->key.file->id < y->key.file->id ? -1 : 1;
	return x->key.line < y->key.line ? -1 : x->key.line > y->key.line;
}

/*
 * Before a jump's line is named: the piece of the function that named
 * the line first, so that it stays the line's first (a binary search of
 * the pieces by line).
 */
static void
put_owner(struct writer *w, const struct cga_jump *j)
{
	struct cga_piece	 key, *at = &key, **pp = &at, *op;
	size_t			 lo = 0, hi = w->pc.npieces, mid;

	key.key.file = j->file;
	key.key.line = j->line;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (pos_cmp(&w->bypos[mid], pp) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == w->pc.npieces || pos_cmp(&w->bypos[lo], pp) != 0)
		return;
	at = w->bypos[lo];
	if (at->ref->fn != NULL &&
	    (op = cga_piece_find(&w->pc, at->ref->fn, at)) != NULL)
		put_piece(w, op);
}

/*
 * A jump of fn's: its target's file and function where they are not the
 * jump's own (jfi=, jfn=), jump=COUNT or jcnd=TAKEN/EXECUTED with the
 * target line (absolute: a target moves no position), then the line it
 * is on, alone.  The file has no instruction positions: the addresses
 * are not written.
 */
static void
put_jump(struct writer *w, const struct cga_jump *j)
{
	put_owner(w, j);
	switch_to(w, j->fn, j->file->name);
	if (j->tfile != 0 && j->tfile != cga_jump_no(j->file->name))
		put_name(w, "jfi", ID_FL, cga_jump_name(w->p, j->tfile));
	if (j->tfn != 0 && j->tfn != cga_jump_no(j->fn->key.name))
		put_name(w, "jfn", ID_FN, cga_jump_name(w->p, j->tfn));
	if (j->cond) {
		fputs("jcnd=", w->out);
		cga_fmt_print_raw(w->out, j->count, w->p->diff);
		putc('/', w->out);
		cga_fmt_print_raw(w->out, j->executed, w->p->diff);
	} else {
		fputs("jump=", w->out);
		cga_fmt_print_raw(w->out, j->count, w->p->diff);
	}
	fprintf(w->out, " %llu\n", (unsigned long long)j->tline);
	put_position(w, j->line);
	putc('\n', w->out);
}

/* fn's jumps, after its cost lines and calls. */
static void
put_jumps(struct writer *w, const struct cga_fn *fn)
{
	size_t	 first, n, i;

	n = cga_jumps_of(w->p, fn, &first);
	for (i = 0; i < n && !ferror(w->out); i++)
		put_jump(w, &w->p->jumps[first + i]);
}

/* Each function's block: its cost lines and calls, in line order. */
static void
put_body(struct writer *w)
{
	const struct cga_profile *p = w->p;
	struct cga_piece	**v;
	const struct cga_site	**s;
	const struct cga_fn	 *fn;
	size_t			  n = w->pc.npieces, i = 0, j = 0, first;

	v = cga_pieces_sorted(&w->pc, by_fn);
	if (p->njumps > 0)
		w->bypos = cga_pieces_sorted(&w->pc, pos_cmp);
	s = xcalloc(p->nsites + 1, sizeof(*s));
	for (j = 0; j < p->nsites; j++)
		s[j] = cga_site_at(p, j);
	firsts_find(w, s, p->nsites);
	qsort(s, p->nsites, sizeof(*s), sites_cmp);
	for (j = 0, fn = p->fns; fn != NULL && !ferror(w->out); fn = fn->next) {
		while (i < n && v[i]->key.fn->id < fn->id)
			i++;
		while (j < p->nsites && s[j]->key.caller->id < fn->id)
			j++;
		if (fn->listed || (i < n && v[i]->key.fn == fn) ||
		    (j < p->nsites && s[j]->key.caller == fn) ||
		    cga_jumps_of(p, fn, &first) > 0) {
			putc('\n', w->out);
			switch_to(w, fn, fn->key.file);
		}
		while ((i < n && v[i]->key.fn == fn) ||
		    (j < p->nsites && s[j]->key.caller == fn)) {
			if (i < n && v[i]->key.fn == fn && (j == p->nsites ||
			    s[j]->key.caller != fn || piece_first(v[i], s[j])))
				put_piece(w, v[i++]);
			else
				put_site(w, s[j++]);
		}
		put_jumps(w, fn);
	}
	if (w->restore != NULL)
		restore_home(w);
	free(s);
	free(v);
}

/* Whether a name reads back as itself: no line end, blank or CR lost. */
static int
writable(const char *s)
{
	size_t	 n;

	if (s == NULL)
		return 1;
	n = strlen(s);
	return strchr(s, '\n') == NULL && s[0] != ' ' && s[0] != '\t' &&
	    (n == 0 || s[n - 1] != '\r');
}

/* 0, or -1 after naming a name that a Callgrind file cannot hold. */
static int
names_check(const struct cga_profile *p)
{
	const struct cga_fn	*fn;
	const struct cga_file	*f;
	const char		*bad = NULL;
	size_t			 i;

	for (f = p->files; f != NULL && bad == NULL; f = f->next)
		if (!writable(f->name))
			bad = f->name;
	for (fn = p->fns; fn != NULL && bad == NULL; fn = fn->next)
		if (!writable(fn->key.name))
			bad = fn->key.name;
		else if (!writable(fn->obj))
			bad = fn->obj;
		else if (!writable(fn->key.file))
			bad = fn->key.file;
	for (i = 0; i < p->ndesc && bad == NULL; i++)
		if (!writable(p->desc[i]))
			bad = p->desc[i];
	if (bad == NULL)
		return 0;
	cga_diag("%s: cannot be written as a Callgrind file: the name '%s' "
	    "holds a line end, or starts with a blank", cga_profile_said(p),
	    bad);
	return -1;
}

/* The sum of all cost lines, the functions' exclusive costs: 0 or -1. */
static int
cost_lines_sum(const struct cga_profile *p, uint64_t *sum)
{
	const struct cga_fn	*fn;

	for (fn = p->fns; fn != NULL; fn = fn->next)
		if (cga_cost_add(p, sum, fn->self) == -1)
			return -1;
	return 0;
}

/* Whether the recorded events of a and b are the same, given or not. */
static int
same_counts(const struct cga_profile *p, const uint64_t *a, const uint64_t *b)
{
	size_t	 e;

	for (e = 0; e < p->nrec; e++)
		if (cga_cost_defined(p, a, e) != cga_cost_defined(p, b, e) ||
		    (cga_cost_defined(p, a, e) && a[e] != b[e]))
			return 0;
	return 1;
}

static void
put_value(FILE *out, const char *key, const char *v)
{
	if (v != NULL && *v != '\0')
		fprintf(out, "%s: %s\n", key, v);
}

/* event: lines: long names, derived events by their terms. */
static void
put_event_lines(FILE *out, const struct cga_profile *p)
{
	const struct cga_event	*ev;
	size_t			 e, t;

	for (e = 0; e < p->nev; e++) {
		ev = &p->ev[e];
		if (e < p->nrec && ev->longname == NULL)
			continue;
		if (e >= p->nrec && ev->nterms == 0)
			continue;
		fprintf(out, "event: %s", ev->name);
		for (t = 0; e >= p->nrec && t < ev->nterms; t++) {
			fputs(t == 0 ? " = " : " + ", out);
			if (ev->terms[t].coef != 1)
				fprintf(out, "%llu * ", (unsigned long long)
				    ev->terms[t].coef);
			fputs(p->ev[ev->terms[t].ev].name, out);
		}
		if (ev->longname != NULL)
			fprintf(out, " : %s", ev->longname);
		putc('\n', out);
	}
}

static void
put_header(struct writer *w, int summary)
{
	const struct cga_profile *p = w->p;
	size_t			  i;

	fputs("# callgrind format\nversion: 1\n", w->out);
	fprintf(w->out, "creator: cgannotate-%s\n", CGA_VERSION);
	put_value(w->out, "pid", p->pid);
	put_value(w->out, "cmd", p->cmd);
	put_value(w->out, "part", p->part);
	put_value(w->out, "thread", p->thread);
	for (i = 0; i < p->ndesc; i++)
		fprintf(w->out, "desc: %s\n", p->desc[i]);
	fputs("\npositions: line\n", w->out);
	put_event_lines(w->out, p);
	fputs("events:", w->out);
	for (i = 0; i < p->nrec; i++)
		fprintf(w->out, " %s", p->ev[i].name);
	putc('\n', w->out);
	if (summary) {
		fputs("summary:", w->out);
		put_counts(w, p->total, NULL, NULL);
		putc('\n', w->out);
	}
}

static void
writer_free(struct writer *w)
{
	size_t	 i;

	cga_pieces_free(&w->pc);
	free(w->bypos);
	free(w->firsts);
	free(w->sdone);
	for (i = 0; i < 3; i++)
		name_free(&w->ids[i]);
	name_free(&w->homes);
	homes_free(&w->objhomes);
}

/*
 * The stream for a terminal (tty_lines): each line written to it reaches
 * out as cga_out_text writes it, its newline kept.
 */
struct tty_lines {
	FILE	*out;
	char	*b;
	size_t	 n, cap;
};

/* The line so far to out as text, and a newline when it ended. */
static void
tty_put(struct tty_lines *l, int ended)
{
	if (l->n > 0) {
		l->b[l->n] = '\0';
		cga_out_text(l->out, l->b);
	}
	if (ended)
		putc('\n', l->out);
	l->n = 0;
}

static ssize_t
tty_write(void *cookie, const char *buf, size_t size)
{
	struct tty_lines	*l = cookie;
	size_t			 i;

	for (i = 0; i < size; i++) {
		if (buf[i] == '\n') {
			tty_put(l, 1);
			continue;
		}
		if (l->n + 1 >= l->cap) {
			l->cap = l->cap ? 2 * l->cap : 256;
			l->b = xreallocarray(l->b, l->cap, 1);
		}
		/* Names are C strings: no NUL comes to end a line early. */
		l->b[l->n++] = buf[i];
	}
	/* The terminal's error is the stream's, which the writer checks. */
	return ferror(l->out) ? -1 : (ssize_t)size;
}

static int
tty_close(void *cookie)
{
	struct tty_lines	*l = cookie;

	if (l->n > 0)
		tty_put(l, 0);
	free(l->b);
	free(l);
	return 0;
}

/* A stream in front of out, a terminal: fclose it before out is used. */
static FILE *
tty_lines(FILE *out)
{
	cookie_io_functions_t	 io = { NULL, tty_write, NULL, tty_close };
	struct tty_lines	*l = xcalloc(1, sizeof(*l));
	FILE			*f;

	l->out = out;
	if ((f = fopencookie(l, "w", io)) == NULL)
		cga_oom();
	return f;
}

/*
 * The program total: none when it was the sum of the cost lines
 * (calculated), totals: at the end when it is their sum, else summary:.
 */
static int
write_profile(FILE *out, const struct cga_view *v)
{
	const struct cga_profile *p = v->p;
	struct writer		  w;
	uint64_t		 *sum;
	int			  totals;

	memset(&w, 0, sizeof(w));
	w.out = out;
	w.p = p;
	w.nrec = p->nrec;
	sum = xcalloc(p->cw + 1, sizeof(*sum));
	homes_find(&w);
	if (cost_lines_sum(p, sum) == -1 || cga_pieces_make(&w.pc, p) == -1) {
		cga_diag("%s: a cost to write does not fit in 64 bits",
		    cga_profile_said(p));
		writer_free(&w);
		free(sum);
		return 1;
	}
	totals = !p->calculated && same_counts(p, sum, p->total);
	put_header(&w, !p->calculated && !totals);
	put_body(&w);
	if (totals) {
		fputs("\ntotals:", out);
		put_counts(&w, p->total, NULL, NULL);
		putc('\n', out);
	}
	fflush(out);	/* a terminal's lines before the warning */
	if (w.zeros)
		cga_diag("warning: some costs lack an event that comes before "
		    "one they have (profiles of other events were summed): "
		    "it is written as 0, and shows as 0, not \".\"");
	writer_free(&w);
	free(sum);
	return 0;
}

static int
callgrind_print(FILE *out, const struct cga_view *v)
{
	FILE	*tty = NULL;
	int	 rc;

	if (names_check(v->p) == -1)
		return 1;
	/* Names as they are, but never to a terminal as its controls. */
	if (isatty(fileno(out)))
		out = tty = tty_lines(out);
	rc = write_profile(out, v);
	if (tty != NULL && fclose(tty) != 0)
		rc = 1;
	return rc;
}

/* Every file's line costs, the calls with their sites, the jumps. */
static unsigned
callgrind_needs(const struct cga_view *v)
{
	(void)v;
	return CGA_NEED_CALLS | CGA_NEED_ALL_LINES | CGA_NEED_SITES |
	    CGA_NEED_OWNERS | CGA_NEED_JUMPS;
}

const struct cga_format cga_format_callgrind = { "callgrind",
    callgrind_needs, NULL, 0, callgrind_print, NULL, NULL, 0 };

