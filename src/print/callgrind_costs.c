/*
 * callgrind_costs.c: the cost lines of --format=callgrind, each function's
 * cost at each line, made from the model's sums.
 */
#include <stdlib.h>
#include <string.h>

#include "print/callgrind_costs.h"

/* Lines and functions whose costs are still to be paired off. */
struct lside {
	size_t			 n, cap;
	const struct cga_file	**file;
	const struct cga_lineref **ref;		/* into their file's lines */
	uint64_t		*rem;		/* n * nrec */
};

struct fside {
	size_t			 n, cap;
	const struct cga_fn	**fn;
	uint64_t		*rem;
};

/* What is known of a file: its lines, its functions. */
struct pfile {
	struct cga_lineref	*lines;
	size_t			 nlines;
	const struct cga_fn	**fns;		/* whose file it is */
	size_t			 nfns;
	size_t			*firstline;	/* per event: a line defining */
	size_t			*firstfn;	/* it, a function; n: none */
	size_t			 base;		/* its lines' place in byline */
};

/* The piece of fn at a line of file (ref: in the file's lines). */
static struct cga_piece *
piece_get(struct cga_pieces *w, const struct cga_fn *fn,
    const struct cga_file *file, const struct cga_lineref *ref)
{
	const struct pfile	*fi = &w->fi[file->id];
	struct cga_piece	*pc, **head;

	head = &w->byline[fi->base + (size_t)(ref - fi->lines)];
	for (pc = *head; pc != NULL; pc = pc->next)
		if (pc->key.fn == fn)
			return pc;
	pc = xcalloc(1, sizeof(*pc) + w->p->cw * sizeof(uint64_t));
	pc->key.fn = fn;
	pc->key.file = file;
	pc->key.line = ref->line;
	pc->ref = ref;
	pc->next = *head;
	*head = pc;
	if (w->npieces == w->cap) {
		w->cap = w->cap ? 2 * w->cap : 1024;
		w->all = xreallocarray(w->all, w->cap, sizeof(*w->all));
	}
	w->all[w->npieces++] = pc;
	return pc;
}

/* x more of event e for fn at a line; sets the error on overflow. */
static void
piece_add(struct cga_pieces *w, const struct cga_fn *fn,
    const struct cga_file *file, const struct cga_lineref *ref, size_t e,
    uint64_t x)
{
	struct cga_piece	*pc = piece_get(w, fn, file, ref);

	if (cga_count_add(w->p, &pc->cost[e], x) == -1)
		w->err = 1;
	cga_cost_define(w->p, pc->cost, e);
}

static int
negative(const struct cga_pieces *w, uint64_t v)
{
	return w->p->diff && (int64_t)v < 0;
}

/* v -= x, signed in a difference; sets the error on overflow. */
static void
take(struct cga_pieces *w, uint64_t *v, uint64_t x)
{
	int64_t	 s;

	if (!w->p->diff)
		*v -= x;	/* x is at most *v */
	else if (__builtin_sub_overflow((int64_t)*v, (int64_t)x, &s))
		w->err = 1;
	else
		*v = (uint64_t)s;
}

/*
 * Pairs off event e of the lines and the functions, in order: each pair
 * takes the smaller remainder (of the same sign; the line's, when signs
 * differ), until one side has nothing left.
 */
static void
pair_off(struct cga_pieces *w, struct lside *ls, struct fside *fs, size_t e)
{
	size_t		 i = 0, j = 0, nr = w->nrec;
	uint64_t	*a, *b, x;

	while (!w->err) {
		while (i < ls->n && ls->rem[i * nr + e] == 0)
			i++;
		while (j < fs->n && fs->rem[j * nr + e] == 0)
			j++;
		if (i == ls->n || j == fs->n)
			break;
		a = &ls->rem[i * nr + e];
		b = &fs->rem[j * nr + e];
		if (negative(w, *a) != negative(w, *b))
			x = *a;
		else
			x = cga_magnitude(*a) <= cga_magnitude(*b) ? *a : *b;
		piece_add(w, fs->fn[j], ls->file[i], ls->ref[i], e, x);
		take(w, a, x);
		take(w, b, x);
	}
}

/*
 * First each line's cost goes to the function that named it first, as
 * much as that function's cost takes (slot: each function's place in fs,
 * plus 1, by id): a line has one function in most profiles.
 */
static void
pair_owners(struct cga_pieces *w, struct lside *ls, struct fside *fs,
    const size_t *slot, size_t e)
{
	size_t		 i, j, nr = w->nrec;
	uint64_t	*a, *b, x;

	for (i = 0; i < ls->n && !w->err; i++) {
		if (ls->ref[i]->fn == NULL || (j = slot[ls->ref[i]->fn->id]) == 0)
			continue;
		a = &ls->rem[i * nr + e];
		b = &fs->rem[(j - 1) * nr + e];
		if (*a == 0 || *b == 0 || negative(w, *a) != negative(w, *b))
			continue;
		x = cga_magnitude(*a) <= cga_magnitude(*b) ? *a : *b;
		piece_add(w, fs->fn[j - 1], ls->file[i], ls->ref[i], e, x);
		take(w, a, x);
		take(w, b, x);
	}
}

/* Whether event e's remainders add up to the same on both sides. */
static int
balanced(struct cga_pieces *w, const struct lside *ls, const struct fside *fs,
    size_t e)
{
	uint64_t	 a = 0, b = 0;
	size_t		 i;

	for (i = 0; i < ls->n; i++)
		if (cga_count_add(w->p, &a, ls->rem[i * w->nrec + e]) == -1)
			w->err = 1;
	for (i = 0; i < fs->n; i++)
		if (cga_count_add(w->p, &b, fs->rem[i * w->nrec + e]) == -1)
			w->err = 1;
	return a == b;
}

/*
 * What remains of event e (adding up to 0 on each side: signed counts)
 * goes to the last line and the last function, whose sums it leaves.
 */
static void
settle_rest(struct cga_pieces *w, struct lside *ls, struct fside *fs, size_t e)
{
	size_t		 i, nr = w->nrec;
	uint64_t	*r;

	if (ls->n == 0 || fs->n == 0)
		return;
	for (i = 0; i < ls->n; i++) {
		r = &ls->rem[i * nr + e];
		if (*r != 0)
			piece_add(w, fs->fn[fs->n - 1], ls->file[i], ls->ref[i],
			    e, *r);
		*r = 0;
	}
	for (i = 0; i < fs->n; i++) {
		r = &fs->rem[i * nr + e];
		if (*r != 0)
			piece_add(w, fs->fn[i], ls->file[ls->n - 1],
			    ls->ref[ls->n - 1], e, *r);
		*r = 0;
	}
}

/* The recorded events' counts of c, 0 where not given, into v. */
static void
plain(const struct cga_pieces *w, const uint64_t *c, uint64_t *v)
{
	size_t	 e;

	for (e = 0; e < w->nrec; e++)
		v[e] = cga_cost_defined(w->p, c, e) ? c[e] : 0;
}

static void
lside_add(struct cga_pieces *w, struct lside *ls, const struct cga_file *f,
    const struct cga_lineref *ref, const uint64_t *v)
{
	if (ls->n == ls->cap) {
		ls->cap = ls->cap ? 2 * ls->cap : 16;
		ls->file = xreallocarray(ls->file, ls->cap, sizeof(*ls->file));
		ls->ref = xreallocarray(ls->ref, ls->cap, sizeof(*ls->ref));
		ls->rem = xreallocarray(ls->rem, ls->cap * w->nrec + 1,
		    sizeof(*ls->rem));
	}
	ls->file[ls->n] = f;
	ls->ref[ls->n] = ref;
	memcpy(&ls->rem[ls->n * w->nrec], v, w->nrec * sizeof(*v));
	ls->n++;
}

static void
fside_add(struct cga_pieces *w, struct fside *fs, const struct cga_fn *fn,
    const uint64_t *v)
{
	if (fs->n == fs->cap) {
		fs->cap = fs->cap ? 2 * fs->cap : 16;
		fs->fn = xreallocarray(fs->fn, fs->cap, sizeof(*fs->fn));
		fs->rem = xreallocarray(fs->rem, fs->cap * w->nrec + 1,
		    sizeof(*fs->rem));
	}
	fs->fn[fs->n] = fn;
	memcpy(&fs->rem[fs->n * w->nrec], v, w->nrec * sizeof(*v));
	fs->n++;
}

/* Whether any of the n counts at r is left. */
static int
left(const uint64_t *r, size_t n)
{
	size_t	 e;

	for (e = 0; e < n; e++)
		if (r[e] != 0)
			return 1;
	return 0;
}

static void
sides_free(struct lside *ls, struct fside *fs)
{
	free(ls->file);
	free(ls->ref);
	free(ls->rem);
	free(fs->fn);
	free(fs->rem);
}

/* The costs of one file's lines and functions; what is left to gl, gf. */
static void
pair_file(struct cga_pieces *w, const struct cga_file *f,
    const struct pfile *fi, struct lside *gl, struct fside *gf)
{
	struct lside	 ls;
	struct fside	 fs;
	uint64_t	*v;
	size_t		 i, e, nr = w->nrec;

	memset(&ls, 0, sizeof(ls));
	memset(&fs, 0, sizeof(fs));
	v = xcalloc(nr + 1, sizeof(*v));
	for (i = 0; i < fi->nlines; i++) {
		plain(w, fi->lines[i].cost, v);
		lside_add(w, &ls, f, &fi->lines[i], v);
	}
	for (i = 0; i < fi->nfns; i++) {
		plain(w, fi->fns[i]->self, v);
		fside_add(w, &fs, fi->fns[i], v);
	}
	free(v);
	for (i = 0; i < fs.n; i++)
		w->slot[fs.fn[i]->id] = i + 1;
	for (e = 0; e < nr && !w->err; e++) {
		pair_owners(w, &ls, &fs, w->slot, e);
		pair_off(w, &ls, &fs, e);
		if (balanced(w, &ls, &fs, e))
			settle_rest(w, &ls, &fs, e);
	}
	for (i = 0; i < fs.n; i++)
		w->slot[fs.fn[i]->id] = 0;
	for (i = 0; i < ls.n; i++)
		if (left(&ls.rem[i * nr], nr))
			lside_add(w, gl, f, ls.ref[i], &ls.rem[i * nr]);
	for (i = 0; i < fs.n; i++)
		if (left(&fs.rem[i * nr], nr))
			fside_add(w, gf, fs.fn[i], &fs.rem[i * nr]);
	sides_free(&ls, &fs);
}

/* Each file's lines and functions, and where each event is given. */
static void
files_scan(struct cga_pieces *w, struct fside *homeless)
{
	const struct cga_profile *p = w->p;
	struct cga_file		*f;
	struct cga_fn		*fn;
	struct pfile		*fi;
	uint64_t		*v;
	size_t			 n = 0, i, e;

	for (f = p->files; f != NULL; f = f->next)
		if (f->id >= n)
			n = f->id + 1;
	w->fi = xcalloc(n + 1, sizeof(*w->fi));
	for (f = p->files; f != NULL; f = f->next) {
		fi = &w->fi[f->id];
		fi->lines = cga_file_lines(p, f, &fi->nlines);
		fi->fns = xcalloc(1, sizeof(*fi->fns));
		fi->base = w->nlines;
		w->nlines += fi->nlines;
	}
	w->byline = xcalloc(w->nlines + 1, sizeof(*w->byline));
	v = xcalloc(w->nrec + 1, sizeof(*v));
	for (fn = p->fns; fn != NULL; fn = fn->next) {
		if ((f = cga_file_find(p, fn->key.file)) == NULL) {
			plain(w, fn->self, v);
			fside_add(w, homeless, fn, v);
			continue;
		}
		fi = &w->fi[f->id];
		if (fi->nfns > 0 && (fi->nfns & (fi->nfns - 1)) == 0)
			fi->fns = xreallocarray(fi->fns, 2 * fi->nfns,
			    sizeof(*fi->fns));
		fi->fns[fi->nfns++] = fn;
	}
	free(v);
	for (f = p->files; f != NULL; f = f->next) {
		fi = &w->fi[f->id];
		fi->firstline = xcalloc(w->nrec + 1, sizeof(size_t));
		fi->firstfn = xcalloc(w->nrec + 1, sizeof(size_t));
		for (e = 0; e < w->nrec; e++) {
			for (i = 0; i < fi->nlines &&
			    !cga_cost_defined(p, fi->lines[i].cost, e); i++)
				;
			fi->firstline[e] = i;
			for (i = 0; i < fi->nfns &&
			    !cga_cost_defined(p, fi->fns[i]->self, e); i++)
				;
			fi->firstfn[e] = i;
		}
	}
}

/* Every line's and function's cost in pieces, file by file, then across. */
static void
pair_all(struct cga_pieces *w)
{
	struct lside	 gl;
	struct fside	 gf;
	struct cga_file	*f;
	size_t		 e;

	const struct cga_fn	*fn;
	size_t		 n = 0;

	memset(&gl, 0, sizeof(gl));
	memset(&gf, 0, sizeof(gf));
	for (fn = w->p->fns; fn != NULL; fn = fn->next)
		if (fn->id >= n)
			n = fn->id + 1;
	w->slot = xcalloc(n + 1, sizeof(*w->slot));
	files_scan(w, &gf);
	for (f = w->p->files; f != NULL && !w->err; f = f->next)
		pair_file(w, f, &w->fi[f->id], &gl, &gf);
	for (e = 0; e < w->nrec && !w->err; e++) {
		pair_off(w, &gl, &gf, e);
		settle_rest(w, &gl, &gf, e);
	}
	sides_free(&gl, &gf);
}

/* Pieces by function, then file and line. */
static int
by_fn(const void *a, const void *b)
{
	const struct cga_piece	*x = *(struct cga_piece *const *)a;
	const struct cga_piece	*y = *(struct cga_piece *const *)b;

	if (x->key.fn->id != y->key.fn->id)
		return x->key.fn->id < y->key.fn->id ? -1 : 1;
	if (x->key.file->id != y->key.file->id)
		return x->key.file->id < y->key.file->id ? -1 : 1;
	return x->key.line < y->key.line ? -1 : x->key.line > y->key.line;
}

/* The pieces, sorted by cmp (free it). */
struct cga_piece **
cga_pieces_sorted(struct cga_pieces *w, int (*cmp)(const void *, const void *))
{
	struct cga_piece	**v;

	v = xcalloc(w->npieces + 1, sizeof(*v));
	if (w->npieces > 0)	/* w->all is NULL until then */
		memcpy(v, w->all, w->npieces * sizeof(*v));
	qsort(v, w->npieces, sizeof(*v), cmp);
	return v;
}

/* A piece of n at g[0..n) that gives event e, or NULL. */
static struct cga_piece *
giving(const struct cga_pieces *w, struct cga_piece **g, size_t n, size_t e)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		if (cga_cost_defined(w->p, g[i]->cost, e))
			return g[i];
	return NULL;
}

/*
 * An event a line gives, even as 0, is given by one of its pieces: one
 * whose function gives it too, else a piece of such a function made.
 */
static void
cover_line(struct cga_pieces *w, const struct cga_file *f,
    const struct cga_lineref *ref)
{
	const struct pfile	*fi = &w->fi[f->id];
	struct cga_piece	*head, *pc;
	size_t			 e;

	head = w->byline[fi->base + (size_t)(ref - fi->lines)];
	for (e = 0; e < w->nrec; e++) {
		if (!cga_cost_defined(w->p, ref->cost, e))
			continue;
		for (pc = head; pc != NULL; pc = pc->next)
			if (cga_cost_defined(w->p, pc->cost, e))
				break;
		if (pc != NULL)
			continue;
		for (pc = head; pc != NULL; pc = pc->next)
			if (cga_cost_defined(w->p, pc->key.fn->self, e))
				break;
		if (pc == NULL && fi->firstfn[e] < fi->nfns)
			pc = piece_get(w, fi->fns[fi->firstfn[e]], f, ref);
		if (pc == NULL)
			pc = head;
		if (pc != NULL)
			cga_cost_define(w->p, pc->cost, e);
	}
}

/* The same for an event a function gives, at a line that gives it. */
static void
cover_fn(struct cga_pieces *w, const struct cga_fn *fn, struct cga_piece **g,
    size_t n)
{
	const struct cga_file	*f = cga_file_find(w->p, fn->key.file);
	const struct pfile	*fi = f != NULL ? &w->fi[f->id] : NULL;
	struct cga_piece		*pc;
	size_t			 e, i;

	for (e = 0; e < w->nrec; e++) {
		if (!cga_cost_defined(w->p, fn->self, e) ||
		    giving(w, g, n, e) != NULL)
			continue;
		for (pc = NULL, i = 0; i < n && pc == NULL; i++)
			if (cga_cost_defined(w->p, g[i]->ref->cost, e))
				pc = g[i];
		if (pc == NULL && fi != NULL && fi->firstline[e] < fi->nlines)
			pc = piece_get(w, fn, f, &fi->lines[fi->firstline[e]]);
		if (pc == NULL && n > 0)
			pc = g[0];
		if (pc != NULL)
			cga_cost_define(w->p, pc->cost, e);
	}
}

/*
 * Each line has a piece of the function that named it first (written
 * first), and each event a line or a function gives, even as 0, is
 * given by one of its pieces, so that "." stays "." and 0 stays 0.
 */
static void
cover(struct cga_pieces *w)
{
	struct cga_piece	**v;
	struct cga_file	*f;
	struct cga_fn	*fn;
	size_t		  i, j, n;

	for (f = w->p->files; f != NULL; f = f->next)
		for (i = 0; i < w->fi[f->id].nlines; i++) {
			if (w->fi[f->id].lines[i].fn != NULL)
				piece_get(w, w->fi[f->id].lines[i].fn, f,
				    &w->fi[f->id].lines[i]);
			cover_line(w, f, &w->fi[f->id].lines[i]);
		}
	n = w->npieces;
	v = cga_pieces_sorted(w, by_fn);
	for (i = 0, fn = w->p->fns; fn != NULL; fn = fn->next) {
		while (i < n && v[i]->key.fn->id < fn->id)
			i++;
		for (j = i; j < n && v[j]->key.fn == fn; j++)
			;
		cover_fn(w, fn, v + i, j - i);
		i = j;
	}
	free(v);
}


struct cga_piece *
cga_piece_find(const struct cga_pieces *w, const struct cga_fn *fn,
    const struct cga_piece *at)
{
	const struct pfile	*fi = &w->fi[at->key.file->id];
	struct cga_piece	*pc;

	pc = w->byline[fi->base + (size_t)(at->ref - fi->lines)];
	while (pc != NULL && pc->key.fn != fn)
		pc = pc->next;
	return pc;
}

int
cga_pieces_make(struct cga_pieces *w, const struct cga_profile *p)
{
	memset(w, 0, sizeof(*w));
	w->p = p;
	w->nrec = p->nrec;
	pair_all(w);
	if (!w->err)
		cover(w);
	return w->err ? -1 : 0;
}

void
cga_pieces_free(struct cga_pieces *w)
{
	struct cga_file		*f;
	size_t			 i;

	for (i = 0; i < w->npieces; i++)
		free(w->all[i]);
	free(w->all);
	free(w->byline);
	for (f = w->p->files; w->fi != NULL && f != NULL; f = f->next) {
		free(w->fi[f->id].lines);
		free(w->fi[f->id].fns);
		free(w->fi[f->id].firstline);
		free(w->fi[f->id].firstfn);
	}
	free(w->fi);
	free(w->slot);
}
