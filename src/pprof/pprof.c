/*
 * pprof.c: --format=pprof: the stacks of --format=folded with a value per
 * shown event, as a gzip-compressed profile.proto (perftools.profiles)
 * for pprof, Pyroscope and the like.  A stack's own cost, its last
 * frame's, is split over that frame's source lines (callgrind_costs.c's
 * pieces) or its instructions, exactly both ways, so that pprof's -list
 * shows the annotation's line costs; each caller stands at the line of
 * its call.  What the rows of the profile are is said here; proto.c makes
 * and writes them (over pb.c, the wire format, by hand).
 */

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/group.h"
#include "analysis/stacks.h"
#include "base/diag.h"
#include "pprof/idtab.h"
#include "base/out.h"
#include "pprof/proto.h"
#include "base/version.h"
#include "print/callgrind_costs.h"
#include "pprof/pprof.h"
#include "print/format.h"
#include "print/frames.h"
#include "view/view.h"

/* Frames at most, in all, as folded.c. */
#define MAX_FRAMES	(4u * 1024 * 1024)

/*
 * Room for n items of size bytes in *a, of which *cap are there; what is
 * new is not cleared (untouched, it takes no memory).
 */
static void
room(void *a, size_t *cap, size_t n, size_t size)
{
	void	**p = a;

	if (n <= *cap)
		return;
	while (*cap < n)
		*cap = *cap ? 2 * *cap : 256;
	*p = xreallocarray(*p, *cap, size);
}

/* Event e of a cost c of p; a derived event, summed from its terms. */
static uint64_t
count(struct cga_proto *pr, const struct cga_profile *p, const uint64_t *c,
    size_t e)
{
	const struct cga_event	*ev;
	uint64_t		 v = 0, t;
	size_t			 i;

	if (e == CGA_NOEVENT)
		return 0;
	ev = &p->ev[e];
	if (ev->nterms == 0)
		return cga_cost_defined(p, c, e) ? c[e] : 0;
	for (i = 0; i < ev->nterms; i++)
		if (cga_cost_defined(p, c, ev->terms[i].ev) &&
		    (__builtin_mul_overflow(c[ev->terms[i].ev],
		    ev->terms[i].coef, &t) || __builtin_add_overflow(v, t, &v)))
			pr->err = 1;
	return v;
}

/* The costliest call site of the calls of one frame to another. */
struct pair {
	const struct cga_site	*site;
	const struct cga_instr	*ins;	/* its call instruction, or NULL */
	uint64_t		 sc, ic;	/* their costs */
	size_t			 loc;	/* their location, 0: not made */
};

/* A line of a frame's own cost: where it is (its counts: lval). */
struct lline {
	size_t		 frame, loc;
};

/*
 * One profile's stacks added to the samples: the view's, or a side of a
 * difference (OLD's negative).  Its frames gather base's functions.
 */
struct side {
	const struct cga_view *v;
	struct cga_proto *pr;
	const struct cga_profile *base;
	struct cga_frames fr;
	struct cga_fn	**frame;	/* fr.g's functions, by id */
	int		 sign;
	int		 addrs;		/* instructions give the leaves */
	int		 warned;	/* of stacks cut */
	size_t		*ev;		/* by value: base's event, or none */
	size_t		*name;		/* by frame: 1 + its name's string */
	size_t		*nstr;		/* by base's name number: 1 + string */
	size_t		*noline;	/* by frame: its location of no line */
	struct cga_idtab pairs;		/* (caller frame, callee frame) */
	struct pair	*pair;
	size_t		 paircap;
	struct lline	*line;		/* by frame, then as made */
	size_t		 nline, linecap;
	uint64_t	*lval;		/* by line: nval counts */
	size_t		 lvalcap;
	size_t		*lfirst;	/* by frame: its first line; */
};					/* lfirst[nfns]: all of them */

static struct cga_fn *
frame_of(const struct side *sd, const struct cga_fn *fn)
{
	return sd->fr.groups != NULL ? sd->fr.groups->of[fn->id] :
	    (struct cga_fn *)(uintptr_t)fn;
}

/* The first of base's functions a frame gathers. */
static const struct cga_fn *
member(const struct side *sd, const struct cga_fn *f)
{
	const struct cga_groups	*gr = sd->fr.groups;

	return gr != NULL ? gr->members[gr->first[f->id]] : f;
}

/* The string of one of base's names ("" for none). */
static size_t
name_str(struct side *sd, const char *s)
{
	uint32_t	 no;

	if (s == NULL)
		return 0;
	no = cga_name_no(s);
	if (sd->nstr[no] == 0)
		sd->nstr[no] = 1 + cga_proto_str(sd->pr, s);
	return sd->nstr[no] - 1;
}

static size_t
frame_name(struct side *sd, const struct cga_fn *f)
{
	if (sd->name[f->id] == 0)
		sd->name[f->id] = 1 + cga_proto_str(sd->pr,
		    cga_frames_name(&sd->fr, f));
	return sd->name[f->id] - 1;
}

/*
 * The mapping of an object; code of no known object has one named "",
 * as pprof would otherwise make one and look for the names in it.
 */
static size_t
map_obj(struct side *sd, const char *obj)
{
	return cga_proto_map(sd->pr, name_str(sd, obj));
}

/* A frame's location of no line: what none of its lines holds. */
static size_t
noline(struct side *sd, const struct cga_fn *f)
{
	const struct cga_fn	*m = member(sd, f);
	size_t			 file;

	if (sd->noline[f->id] == 0) {
		file = sd->fr.groups != NULL &&
		    sd->fr.groups->by == CGA_GROUP_OBJECT ? 0 :
		    name_str(sd, m->key.file);
		sd->noline[f->id] = cga_proto_loc(sd->pr,
		    map_obj(sd, cga_fn_object(m)), 0, cga_proto_fn(sd->pr,
		    frame_name(sd, f), file, 0), 0);
	}
	return sd->noline[f->id];
}

static struct pair *
pair_of(struct side *sd, const struct cga_fn *a, const struct cga_fn *b)
{
	uint64_t	 key[2] = { a->id, b->id };
	int		 made;
	size_t		 id = cga_idtab_id(&sd->pairs, key, sizeof(key), &made);

	room(&sd->pair, &sd->paircap, id + 1, sizeof(*sd->pair));
	if (made)
		memset(&sd->pair[id], 0, sizeof(*sd->pair));
	return &sd->pair[id];
}

/*
 * The costliest call site (in the first shown event) of each caller frame
 * and callee frame, and its call instruction when they give addresses.
 */
static void
pairs_scan(struct side *sd)
{
	const struct cga_profile *p = sd->base;
	const struct cga_site	 *st;
	const struct cga_instr	 *in;
	struct cga_fn		 *a, *b;
	struct pair		 *pr;
	uint64_t		  c;
	size_t			  i;

	for (i = 0; i < p->nsites; i++) {
		st = cga_site_at(p, i);
		a = frame_of(sd, st->key.caller);
		b = frame_of(sd, st->key.callee);
		c = count(sd->pr, p, st->cost, sd->ev[0]);
		if (a != b && ((pr = pair_of(sd, a, b))->site == NULL ||
		    c > pr->sc)) {
			pr->site = st;
			pr->sc = c;
		}
	}
	for (i = 0; sd->addrs && i < p->ninstrs; i++) {
		in = cga_instr_at(p, i);
		if (in->callee == NULL)
			continue;
		a = frame_of(sd, in->fn);
		b = frame_of(sd, in->callee);
		c = count(sd->pr, p, in->cost, sd->ev[0]);
		if (a != b && ((pr = pair_of(sd, a, b))->ins == NULL ||
		    c > pr->ic)) {
			pr->ins = in;
			pr->ic = c;
		}
	}
}

/* Where frame a calls frame b: their costliest site, or a's no line. */
static size_t
call_loc(struct side *sd, const struct cga_fn *a, const struct cga_fn *b)
{
	struct pair	*pr = pair_of(sd, a, b);
	const struct cga_instr *in = pr->ins;
	const struct cga_site *st = pr->site;

	if (pr->loc != 0)
		return pr->loc;
	if (in != NULL)
		pr->loc = cga_proto_loc(sd->pr, map_obj(sd, in->obj), in->addr,
		    cga_proto_fn(sd->pr, frame_name(sd, a), name_str(sd,
		    in->file->name), in->line), in->line);
	else if (st != NULL)
		pr->loc = cga_proto_loc(sd->pr, map_obj(sd,
		    cga_fn_object(st->key.caller)), 0, cga_proto_fn(sd->pr,
		    frame_name(sd, a), name_str(sd, st->key.file->name),
		    st->key.line), st->key.line);
	else
		pr->loc = noline(sd, a);
	return pr->loc;
}

/* The counts of cost c of p into v: whether any is not 0. */
static int
counts(struct side *sd, const uint64_t *c, uint64_t *v)
{
	size_t	 k;
	int	 any = 0;

	for (k = 0; k < sd->pr->nval; k++)
		any |= (v[k] = count(sd->pr, sd->base, c, sd->ev[k])) != 0;
	return any;
}

/* A line of frame f's own cost, at location loc, with counts v. */
static void
line_add(struct side *sd, const struct cga_fn *f, size_t loc,
    const uint64_t *v)
{
	size_t	 nval = sd->pr->nval;

	room(&sd->line, &sd->linecap, sd->nline + 1, sizeof(*sd->line));
	room(&sd->lval, &sd->lvalcap, (sd->nline + 1) * nval,
	    sizeof(*sd->lval));
	sd->line[sd->nline].frame = f->id;
	sd->line[sd->nline].loc = loc;
	memcpy(&sd->lval[sd->nline * nval], v, nval * sizeof(*v));
	sd->nline++;
}

/*
 * By frame, whether instructions give its own cost: each of its
 * functions' instructions add up to the function's, event by event.
 */
static unsigned char *
instrs_exact(struct side *sd)
{
	const struct cga_profile *p = sd->base;
	const struct cga_instr	 *in;
	const struct cga_fn	 *fn;
	unsigned char		 *ok;
	uint64_t		 *sum, *v;
	size_t			  nval = sd->pr->nval, i, k;

	ok = xcalloc(sd->fr.g->nfns + 1, 1);
	if (!sd->addrs)
		return ok;
	memset(ok, 1, sd->fr.g->nfns);
	sum = xcalloc(p->nfns * nval + 1, sizeof(*sum));
	v = xcalloc(nval + 1, sizeof(*v));
	for (i = 0; i < p->ninstrs; i++) {
		in = cga_instr_at(p, i);
		counts(sd, in->cost, v);
		for (k = 0; in->callee == NULL && k < nval; k++)
			if (__builtin_add_overflow(sum[in->fn->id * nval + k],
			    v[k], &sum[in->fn->id * nval + k]))
				ok[frame_of(sd, in->fn)->id] = 0;
	}
	for (fn = p->fns; fn != NULL; fn = fn->next) {
		counts(sd, fn->self, v);
		if (memcmp(v, &sum[fn->id * nval], nval * sizeof(*v)) != 0)
			ok[frame_of(sd, fn)->id] = 0;
	}
	free(sum);
	free(v);
	return ok;
}

static int
piece_cmp(const void *a, const void *b)
{
	const struct cga_piece_key *x = &(*(struct cga_piece *const *)a)->key;
	const struct cga_piece_key *y = &(*(struct cga_piece *const *)b)->key;

	if (x->fn->id != y->fn->id)
		return x->fn->id < y->fn->id ? -1 : 1;
	if (x->file->id != y->file->id)
		return x->file->id < y->file->id ? -1 : 1;
	return x->line < y->line ? -1 : x->line > y->line;
}

/* The instructions of each frame whose own cost they give (ok). */
static void
lines_of_instrs(struct side *sd, const unsigned char *ok, uint64_t *v)
{
	const struct cga_profile *p = sd->base;
	const struct cga_instr	 *in;
	struct cga_fn		 *f;
	size_t			  i;

	for (i = 0; sd->addrs && i < p->ninstrs; i++) {
		in = cga_instr_at(p, i);
		f = frame_of(sd, in->fn);
		if (in->callee == NULL && ok[f->id] && counts(sd, in->cost, v))
			line_add(sd, f, cga_proto_loc(sd->pr,
			    map_obj(sd, in->obj), in->addr, cga_proto_fn(sd->pr,
			    frame_name(sd, f), name_str(sd, in->file->name),
			    in->line), in->line), v);
	}
}

/*
 * The lines of each frame's own cost: its functions' instructions where
 * they give it (ok), else the pieces of its functions' costs at lines,
 * made only then (they take memory).
 */
static int
lines_make(struct side *sd, const unsigned char *ok, uint64_t *v)
{
	struct cga_pieces	  pc;
	struct cga_piece	**pcs, *x;
	struct cga_fn		 *f;
	size_t			  i, n = sd->fr.g->nfns;
	int			  rc = 0;

	lines_of_instrs(sd, ok, v);
	for (i = 0; i < n && ok[i]; i++)
		;
	if (i == n)
		return 0;
	if (cga_pieces_make(&pc, sd->base) == -1) {
		cga_diag("%s: a cost of a line does not fit in 64 bits",
		    sd->base->path);
		rc = -1;
	}
	pcs = cga_pieces_sorted(&pc, piece_cmp);
	for (i = 0; rc == 0 && i < pc.npieces; i++) {
		x = pcs[i];
		f = frame_of(sd, x->key.fn);
		if (!ok[f->id] && counts(sd, x->cost, v))
			line_add(sd, f, cga_proto_loc(sd->pr, map_obj(sd,
			    cga_fn_object(x->key.fn)), 0, cga_proto_fn(sd->pr,
			    frame_name(sd, f), name_str(sd, x->key.file->name),
			    x->key.line), x->key.line), v);
	}
	free(pcs);
	cga_pieces_free(&pc);
	return rc;
}

/* The lines of each frame's own cost, in order by frame. */
static int
lines_of(struct side *sd)
{
	struct lline	*line;
	uint64_t	*val, *v;
	unsigned char	*ok = instrs_exact(sd);
	size_t		 n = sd->fr.g->nfns, nval = sd->pr->nval, i, *at;
	int		 rc;

	v = xcalloc(nval + 1, sizeof(*v));
	rc = lines_make(sd, ok, v);
	free(v);
	free(ok);
	/* A counting sort, stable: each frame's lines in the order made. */
	sd->lfirst = xcalloc(n + 2, sizeof(*sd->lfirst));
	for (i = 0; i < sd->nline; i++)
		sd->lfirst[sd->line[i].frame + 1]++;
	for (i = 0; i < n; i++)
		sd->lfirst[i + 1] += sd->lfirst[i];
	at = xcalloc(n + 1, sizeof(*at));
	memcpy(at, sd->lfirst, n * sizeof(*at));
	line = xcalloc(sd->nline + 1, sizeof(*line));
	val = xcalloc(sd->nline * nval + 1, sizeof(*val));
	for (i = 0; i < sd->nline; i++) {
		line[at[sd->line[i].frame]] = sd->line[i];
		memcpy(&val[at[sd->line[i].frame]++ * nval],
		    &sd->lval[i * nval], nval * sizeof(*val));
	}
	free(at);
	free(sd->line);
	free(sd->lval);
	sd->line = line;
	sd->lval = val;
	return rc;
}

/* A stack's own cost, still to be spread over its last frame's lines. */
struct own {
	size_t		 frame;		/* the frame's id */
	size_t		 path;		/* of the frames above it */
	uint64_t	 v;
};

/*
 * The walk down the stacks of one event, by frame of the tree: the
 * deepest frame --hide shows on the way to it (SIZE_MAX: none), the path
 * of the frames shown above that one, and when that frame is not the
 * frame itself, the path through its call (to a frame --hide hides).
 */
struct walk {
	size_t		*top, *above, *below;
	unsigned char	*focus;		/* --focus names a frame on the way */
	struct own	*own;
	size_t		 nown, owncap;
};

/* Frame i of the tree of stacks s, its parent walked. */
static void
walk_frame(struct side *sd, struct walk *w, const struct cga_stacks *s,
    size_t i, size_t k)
{
	const struct cga_view	*v = sd->v;
	const struct cga_sframe	*f = &s->f[i];
	size_t			 up = f->parent, t;

	t = up == SIZE_MAX ? SIZE_MAX : w->top[up];
	w->focus[i] = v->nfocus == 0 || (up != SIZE_MAX && w->focus[up]) ||
	    cga_view_focused(v, f->fn);
	w->top[i] = cga_view_hidden(v, f->fn) ? t : i;
	w->above[i] = w->below[i] = 0;
	if (t != SIZE_MAX) {
		/* The shown frame above: at its call on the way here. */
		w->below[i] = t != up ? w->below[up] : cga_proto_path(sd->pr,
		    w->above[up], call_loc(sd, s->f[up].fn, f->fn));
		w->above[i] = w->top[i] == i ? w->below[i] : w->above[up];
		if (w->top[i] == i)
			w->below[i] = 0;
	}
	if (f->self == 0 || !w->focus[i] || w->top[i] == SIZE_MAX)
		return;
	if (w->top[i] != i) {
		/* Hidden frames' cost: at the call of the frame above them. */
		cga_proto_add(sd->pr, w->below[i], k, sd->sign, f->self);
		return;
	}
	room(&w->own, &w->owncap, w->nown + 1, sizeof(*w->own));
	w->own[w->nown].frame = f->fn->id;
	w->own[w->nown].path = w->above[i];
	w->own[w->nown++].v = f->self;
}

/*
 * The stacks' own costs of value k spread over their last frame's lines,
 * frame by frame, in order (the north-west corner of a transport): each
 * stack gets its own cost, each line its count; what the lines do not
 * hold (a stack cut at --max-depth keeps its calls' costs) has no line.
 */
static void
spread_own(struct side *sd, const struct walk *w, size_t k)
{
	const struct own *o;
	size_t		 n = sd->fr.g->nfns, nval = sd->pr->nval;
	size_t		*first, *order, i, j, end;
	uint64_t	 x, d, y;

	first = xcalloc(n + 2, sizeof(*first));
	order = xcalloc(w->nown + 1, sizeof(*order));
	for (i = 0; i < w->nown; i++)
		first[w->own[i].frame + 1]++;
	for (i = 0; i < n; i++)
		first[i + 1] += first[i];
	for (i = 0; i < w->nown; i++)
		order[first[w->own[i].frame]++] = i;
	for (i = 0, j = end = d = 0; i < w->nown; i++) {
		o = &w->own[order[i]];
		if (i == 0 || o->frame != w->own[order[i - 1]].frame) {
			j = sd->lfirst[o->frame];
			end = sd->lfirst[o->frame + 1];
			d = j < end ? sd->lval[j * nval + k] : 0;
		}
		for (x = o->v; x > 0; x -= y) {
			while (d == 0 && j < end && ++j < end)
				d = sd->lval[j * nval + k];
			if (j == end) {
				cga_proto_add(sd->pr, cga_proto_path(sd->pr,
				    o->path, noline(sd, sd->frame[o->frame])),
				    k, sd->sign, x);
				break;
			}
			y = x < d ? x : d;
			cga_proto_add(sd->pr, cga_proto_path(sd->pr, o->path,
			    sd->line[j].loc), k, sd->sign, y);
			d -= y;
		}
	}
	free(first);
	free(order);
}

/* The stacks of value k, as folded.c builds them, into the samples. */
static int
side_event(struct side *sd, size_t k)
{
	const struct cga_view	*v = sd->v;
	struct cga_stack_opts	 so;
	struct cga_stacks	 s;
	struct walk		 w;
	size_t			 i;

	if (sd->ev[k] == CGA_NOEVENT)
		return 0;	/* the event counts 0 there */
	memset(&so, 0, sizeof(so));
	so.event = sd->ev[k];
	so.max_depth = v->max_depth;
	so.max_frames = MAX_FRAMES;
	if (cga_stacks_build(&s, sd->fr.g, &so) == -1)
		return -1;
	if (s.cut > 0 && !sd->warned++)
		cga_diag("%s: warning: %zu stacks cut at %u frames (or the "
		    "limit of %u frames); their cost is on their last frame",
		    sd->fr.g->path, s.cut, v->max_depth, MAX_FRAMES);
	memset(&w, 0, sizeof(w));
	w.top = xcalloc(s.n + 1, sizeof(*w.top));
	w.above = xcalloc(s.n + 1, sizeof(*w.above));
	w.below = xcalloc(s.n + 1, sizeof(*w.below));
	w.focus = xcalloc(s.n + 1, 1);
	for (i = 0; i < s.n; i++)
		walk_frame(sd, &w, &s, i, k);
	spread_own(sd, &w, k);
	free(w.top);
	free(w.above);
	free(w.below);
	free(w.focus);
	free(w.own);
	cga_stacks_free(&s);
	return 0;
}

static void
side_free(struct side *sd)
{
	free(sd->frame);
	free(sd->ev);
	free(sd->name);
	free(sd->nstr);
	free(sd->noline);
	cga_idtab_free(&sd->pairs);
	free(sd->pair);
	free(sd->line);
	free(sd->lval);
	free(sd->lfirst);
	cga_frames_free(&sd->fr);
}

/* The stacks of g, a sign on their values, into the samples. */
static int
side_run(const struct cga_view *v, struct cga_proto *pr,
    const struct cga_profile *g, int sign)
{
	struct side	 sd;
	struct cga_fn	*fn;
	size_t		 k, n;
	int		 rc;

	memset(&sd, 0, sizeof(sd));
	sd.v = v;
	sd.pr = pr;
	sd.sign = sign;
	if (cga_frames_make(&sd.fr, v, g) == -1)
		return -1;
	/* The frames are groups of the view's, or made of g, or g's own. */
	sd.base = sd.fr.groups == NULL ? sd.fr.g : sd.fr.made ? g : v->p;
	n = sd.fr.g->nfns;
	sd.frame = xcalloc(n + 1, sizeof(*sd.frame));
	for (fn = sd.fr.g->fns; fn != NULL; fn = fn->next)
		sd.frame[fn->id] = fn;
	sd.ev = xcalloc(pr->nval, sizeof(*sd.ev));
	for (k = 0; k < pr->nval; k++)
		sd.ev[k] = sd.base == v->p ? v->show[k] :
		    cga_event_index(sd.base, v->p->ev[v->show[k]].name);
	/* Addresses of two runs do not compare: a difference has lines. */
	sd.addrs = v->older == NULL && sd.base->have_instr &&
	    sd.base->ninstrs > 0;
	sd.name = xcalloc(n + 1, sizeof(*sd.name));
	sd.noline = xcalloc(n + 1, sizeof(*sd.noline));
	sd.nstr = xcalloc(sd.base->nstrs + 1, sizeof(*sd.nstr));
	cga_idtab_fixed(&sd.pairs, 2 * sizeof(uint64_t));
	pairs_scan(&sd);
	rc = lines_of(&sd);
	for (k = 0; k < pr->nval && rc == 0; k++)
		rc = side_event(&sd, k);
	side_free(&sd);
	return rc;
}

/* What the profile says of itself, its parts and its events. */
static void
comments(const struct cga_view *v, struct cga_proto *pr)
{
	const struct cga_profile *p = v->newer != NULL ? v->newer : v->p;
	const struct cga_part	 *pt;
	const struct cga_event	 *ev;
	size_t			  i;

	cga_proto_comment(pr, "cgannotate %s --format=pprof", CGA_VERSION);
	if (v->older != NULL)
		cga_proto_comment(pr, "difference: %s minus %s", p->path,
		    v->older->path);
	if (p->creator != NULL)
		cga_proto_comment(pr, "creator: %s", p->creator);
	if (p->cmd != NULL)
		cga_proto_comment(pr, "cmd: %s", p->cmd);
	for (i = 0; i < p->ndesc; i++)
		cga_proto_comment(pr, "desc: %s", p->desc[i]);
	for (i = 0; p->nparts > 1 && i < p->nparts; i++) {
		pt = &p->parts[i];
		cga_proto_comment(pr, "part %llu of %s: part %s, pid %s, "
		    "thread %s, trigger %s", (unsigned long long)pt->ordinal,
		    pt->path, pt->number ? pt->number : "-",
		    pt->pid ? pt->pid : "-", pt->thread ? pt->thread : "-",
		    pt->trigger ? pt->trigger : "-");
	}
	for (i = 0; i < v->nshow; i++) {
		ev = &v->p->ev[v->show[i]];
		if (ev->longname != NULL)
			cga_proto_comment(pr, "%s: %s", ev->name, ev->longname);
	}
}

/* The command's program, as its object is named: the first word's end. */
static char *
program(const struct cga_view *v)
{
	const struct cga_profile *p = v->newer != NULL ? v->newer : v->p;
	const char		 *s = p->cmd != NULL ? p->cmd : "", *at;

	s += strspn(s, " ");
	for (at = s; *at != '\0' && *at != ' '; at++)
		if (*at == '/')
			s = at + 1;
	return xmemdup0(s, strcspn(s, " "));
}

/* Each sample type an event shown, the first sort event's the default. */
static int
pprof_write(FILE *out, const struct cga_view *v, struct cga_proto *pr)
{
	size_t	*type, def, i;
	char	*prog;
	int	 rc;

	type = xcalloc(v->nshow, sizeof(*type));
	def = cga_proto_str(pr, v->p->ev[v->show[0]].name);
	for (i = 0; i < v->nshow; i++) {
		type[i] = cga_proto_str(pr, v->p->ev[v->show[i]].name);
		if (v->nsort > 0 && v->sort[0] == v->show[i])
			def = type[i];
	}
	prog = program(v);
	rc = cga_proto_write(out, pr, type, cga_proto_str(pr, "count"), def,
	    prog);
	free(prog);
	free(type);
	return rc;
}

static int
pprof_print(FILE *out, const struct cga_view *v)
{
	struct cga_proto pr;
	int		 rc = 0;

	if (v->p->diff && v->older == NULL) {
		cga_diag("%s: a profile with negative counts has no stacks; "
		    "--diff OLD NEW writes the difference of two profiles",
		    cga_profile_said(v->p));
		return 1;
	}
	if (v->older != NULL && (v->older->diff || v->newer->diff)) {
		cga_diag("%s: --diff of a profile with negative counts has no "
		    "stacks", cga_profile_said(v->older->diff ? v->older :
		    v->newer));
		return 1;
	}
	if (v->nshow == 0) {
		cga_diag("%s: no event to show", cga_profile_said(v->p));
		return 1;
	}
	cga_proto_init(&pr, v->nshow);
	comments(v, &pr);
	if (v->older != NULL)
		rc = side_run(v, &pr, v->older, -1) == -1 ||
		    side_run(v, &pr, v->newer, 1) == -1;
	else
		rc = side_run(v, &pr, v->lp, 1) == -1;
	if (rc == 0 && pr.err) {
		cga_diag("%s: a count does not fit in pprof's 64 bits, signed",
		    cga_profile_said(v->p));
		rc = 1;
	}
	if (rc == 0 && pprof_write(out, v, &pr) == -1)
		rc = 1;
	cga_proto_free(&pr);
	return rc;
}

/*
 * Whether standard output may take the profile: not a terminal, where
 * compressed bytes would only make a mess.  0, or -1 after the message.
 */
int
cga_pprof_usable(void)
{
	if (!isatty(STDOUT_FILENO))
		return 0;
	cga_diag("--format=pprof writes a compressed binary profile, which a "
	    "terminal cannot show: redirect standard output to a file "
	    "(>profile.pb.gz)");
	return -1;
}

/* Stacks; every file's lines and the calls' sites; instructions. */
static unsigned
pprof_needs(const struct cga_view *v)
{
	return CGA_NEED_INCL | CGA_NEED_ALL_LINES |
	    (cga_view_keeps_instrs(v) ? CGA_NEED_INSTRS : 0);
}

const struct cga_format cga_format_pprof = { "pprof", pprof_needs, NULL, 0,
    pprof_print,
    NULL, NULL, 0 };
