/*
 * flame.c: the flame pane: the stacks --format=folded writes (frames.c,
 * stacks.c), for the list's event, drawn as an icicle of text rooted at
 * the open function (every stack through it, from its outermost frame)
 * or at the whole program; a frame picked with the arrows, Enter zooms
 * into it, Backspace out.  The stacks are built by a thread of their own
 * while keys go on being answered: the model is only read.
 */
#define _XOPEN_SOURCE 700
#include <curses.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/stacks.h"
#include "base/fmt.h"
#include "base/xalloc.h"
#include "print/frames.h"
#include "tui/pane.h"
#include "view/columns.h"

#define MAX_FRAMES	(4u * 1024 * 1024)

/* A box of the icicle: frames of one path merged, on one row. */
struct node {
	const struct cga_fn *fn;	/* the frame (of the frames' graph) */
	uint64_t	 w;		/* the cost through it */
	size_t		 first, n;	/* its stack frames, in the pool */
	size_t		 parent;	/* node, SIZE_MAX at the root */
	int		 depth;
	int		 x0, x1;	/* cells */
};

struct tui_flame {
	pthread_t	 thread;
	int		 started;
	atomic_int	 done;		/* 1 built, -1 failed */
	int		 joined;
	struct cga_frames fr;
	struct cga_stacks s;
	struct cga_view	 v;
	/* The profile whose stacks these are: the listed one, or NEW's. */
	const struct cga_profile *src;
	size_t		 event;		/* of src */
	size_t		*child;		/* by frame: its first child */
	size_t		*sib;		/* by frame: its next sibling */
	/* The icicle now drawn. */
	struct node	*node;
	size_t		 nnode, nodecap;
	size_t		*pool;		/* frames of the nodes */
	size_t		 npool, poolcap;
	size_t		 sel;
	const struct cga_fn *rooted;	/* what it was made for */
	int		 cols, rows;
	/* Zoomed-in roots: pools of frames, for Backspace. */
	size_t		**zoom;
	size_t		 *nzoom;
	size_t		  depth;
	int		  whole;	/* the whole program is the root */
};

static void *
build(void *arg)
{
	struct tui_flame	*f = arg;
	struct cga_stack_opts	 so;

	memset(&so, 0, sizeof(so));
	so.event = f->event;
	so.max_depth = f->v.max_depth;
	so.max_frames = MAX_FRAMES;
	so.quiet = 1;		/* the screen says why: tui_flame_draw */
	if (cga_frames_make_quiet(&f->fr, &f->v, f->src) == -1) {
		atomic_store(&f->done, -2);
		return NULL;
	}
	if (cga_stacks_build(&f->s, f->fr.g, &so) == -1) {
		atomic_store(&f->done, -1);
		return NULL;
	}
	atomic_store(&f->done, 1);
	return NULL;
}

struct tui_flame *
tui_flame_new(struct tui *t)
{
	struct tui_flame	*f = xcalloc(1, sizeof(*f));

	f->v = t->v;
	f->src = t->v.lp;
	f->event = tui_event(t);
	/*
	 * A difference has no stacks of its own: those of NEW are shown
	 * (the event is 0 in NEW when NEW lacks it).
	 */
	if (t->v.diff && t->v.newer != NULL) {
		f->src = t->v.newer;
		f->event = cga_event_index(f->src, t->v.p->ev[f->event].name);
	}
	if (f->event == CGA_NOEVENT) {
		f->joined = 1;
		atomic_store(&f->done, -2);
		return f;
	}
	if (pthread_create(&f->thread, NULL, build, f) != 0) {
		f->joined = 1;
		build(f);
	}
	return f;
}

void
tui_flame_free(struct tui_flame *f)
{
	size_t	 i;

	if (f == NULL)
		return;
	if (!f->joined)
		pthread_join(f->thread, NULL);
	if (atomic_load(&f->done) != -2)
		cga_frames_free(&f->fr);
	if (atomic_load(&f->done) == 1)
		cga_stacks_free(&f->s);
	for (i = 0; i < f->depth; i++)
		free(f->zoom[i]);
	free(f->zoom);
	free(f->nzoom);
	free(f->child);
	free(f->sib);
	free(f->node);
	free(f->pool);
	free(f);
}

/* Once built: the children of each frame, in the stacks' order. */
static void
index_children(struct tui_flame *f)
{
	size_t	 i, p;

	f->child = xcalloc(f->s.n + 1, sizeof(*f->child));
	f->sib = xcalloc(f->s.n + 1, sizeof(*f->sib));
	for (i = 0; i < f->s.n; i++)
		f->child[i] = f->sib[i] = SIZE_MAX;
	for (i = f->s.n; i-- > 0;) {
		if ((p = f->s.f[i].parent) == SIZE_MAX)
			continue;
		f->sib[i] = f->child[p];
		f->child[p] = i;
	}
}

int
tui_flame_work(struct tui *t)
{
	struct tui_flame	*f = t->flame;

	if (f == NULL || f->joined)
		return 0;
	if (atomic_load(&f->done) == 0)
		return 1;
	pthread_join(f->thread, NULL);
	f->joined = 1;
	if (atomic_load(&f->done) == 1)
		index_children(f);
	else
		tui_say(t, "the stacks could not be built (a count over 64 "
		    "bits)");
	f->rooted = NULL;
	f->cols = 0;
	return 0;
}

static void
pool_add(struct tui_flame *f, size_t frame)
{
	if (f->npool == f->poolcap) {
		f->poolcap = f->poolcap ? 2 * f->poolcap : 1024;
		f->pool = xreallocarray(f->pool, f->poolcap, sizeof(*f->pool));
	}
	f->pool[f->npool++] = frame;
}

static size_t
node_add(struct tui_flame *f, const struct cga_fn *fn, size_t parent,
    int depth)
{
	struct node	*n;

	if (f->nnode == f->nodecap) {
		f->nodecap = f->nodecap ? 2 * f->nodecap : 256;
		f->node = xreallocarray(f->node, f->nodecap, sizeof(*f->node));
	}
	n = &f->node[f->nnode];
	memset(n, 0, sizeof(*n));
	n->fn = fn;
	n->parent = parent;
	n->depth = depth;
	n->first = f->npool;
	return f->nnode++;
}

/* A frame's cost: its own count and its children's, as folded sums it. */
static uint64_t
frame_cost(const struct tui_flame *f, size_t i)
{
	return f->s.f[i].w;
}

/* A child frame, to gather those of one frame together. */
struct kid {
	const struct cga_fn *fn;
	size_t		 frame;
};

static int
kid_cmp(const void *a, const void *b)
{
	const struct kid	*x = a, *y = b;

	if (x->fn != y->fn)
		return (uintptr_t)x->fn < (uintptr_t)y->fn ? -1 : 1;
	return (x->frame > y->frame) - (x->frame < y->frame);
}

/* Costlier first; then by the frame's number, a fixed order. */
static int
node_cmp(const void *a, const void *b)
{
	const struct node	*x = a, *y = b;

	if (x->w != y->w)
		return x->w > y->w ? -1 : 1;
	return (x->fn->id > y->fn->id) - (x->fn->id < y->fn->id);
}

static void expand(struct tui_flame *, size_t, int);

static void
kid_add(struct tui_flame *f, struct kid **kid, size_t *n, size_t *cap,
    size_t frame)
{
	if (*n == *cap) {
		*cap = *cap ? 2 * *cap : 64;
		*kid = xreallocarray(*kid, *cap, sizeof(**kid));
	}
	(*kid)[*n].fn = f->s.f[frame].fn;
	(*kid)[(*n)++].frame = frame;
}

/*
 * The frames of kid made node k's children, merged by frame, each a node
 * one row down, laid out in k's cells in proportion to their cost,
 * costliest first; then theirs.  Frees kid.
 */
static void
place(struct tui_flame *f, size_t k, struct kid *kid, size_t nkid,
    int max_depth)
{
	size_t		 i, j, start = f->nnode, end, m;
	uint64_t	 cum = 0;
	double		 scale;
	int		 x0 = f->node[k].x0;

	if (nkid > 1)
		qsort(kid, nkid, sizeof(*kid), kid_cmp);
	for (i = 0; i < nkid; i = j) {
		m = node_add(f, kid[i].fn, k, f->node[k].depth + 1);
		for (j = i; j < nkid && kid[j].fn == kid[i].fn; j++) {
			pool_add(f, kid[j].frame);
			f->node[m].w += frame_cost(f, kid[j].frame);
		}
		f->node[m].n = f->npool - f->node[m].first;
	}
	free(kid);
	end = f->nnode;
	if (end - start > 1)
		qsort(f->node + start, end - start, sizeof(*f->node),
		    node_cmp);
	scale = f->node[k].w == 0 ? 0 :
	    (double)(f->node[k].x1 - x0) / (double)f->node[k].w;
	for (m = start; m < end; m++) {
		f->node[m].x0 = x0 + (int)((double)cum * scale);
		cum += f->node[m].w;
		f->node[m].x1 = x0 + (int)((double)cum * scale);
	}
	for (m = start; m < end; m++)
		if (f->node[m].x1 - f->node[m].x0 >= 1)
			expand(f, m, max_depth);
}

/* The children of node k's frames, placed under it. */
static void
expand(struct tui_flame *f, size_t k, int max_depth)
{
	struct kid	*kid = NULL;
	size_t		 nkid = 0, cap = 0, i, c;

	if (f->node[k].depth + 1 >= max_depth)
		return;
	for (i = 0; i < f->node[k].n; i++)
		for (c = f->child[f->pool[f->node[k].first + i]];
		    c != SIZE_MAX; c = f->sib[c])
			kid_add(f, &kid, &nkid, &cap, c);
	place(f, k, kid, nkid, max_depth);
}

/* Whether frame i has an ancestor of the same frame (not outermost). */
static int
nested(const struct tui_flame *f, size_t i)
{
	size_t	 p;

	for (p = f->s.f[i].parent; p != SIZE_MAX; p = f->s.f[p].parent)
		if (f->s.f[p].fn == f->s.f[i].fn)
			return 1;
	return 0;
}

/* The frame of the stacks a function of the listed profile is in. */
static const struct cga_fn *
frame_of(const struct tui_flame *f, const struct cga_fn *fn)
{
	if (fn == NULL)
		return NULL;
	/* In NEW, of a difference: the function of the same name. */
	if (f->src != f->v.lp && (fn = cga_fn_find((struct cga_profile *)
	    f->src, fn->key.file, fn->key.name)) == NULL)
		return NULL;
	/* Frames gather functions of the listing's profile (of p's). */
	if (f->fr.groups != NULL && f->fr.g != f->src)
		return f->fr.groups->of[fn->id];
	return fn;
}

/* The root node: the zoomed frames, or fn's outermost, or every root. */
static void
make_root(struct tui *t, struct tui_flame *f, int max_depth)
{
	const struct cga_fn	*target = f->whole || t->cur == NULL ? NULL :
				    frame_of(f, t->cur);
	size_t			 i, k;

	f->nnode = f->npool = 0;
	k = node_add(f, target, SIZE_MAX, 0);
	if (f->depth > 0) {
		for (i = 0; i < f->nzoom[f->depth - 1]; i++)
			pool_add(f, f->zoom[f->depth - 1][i]);
		f->node[k].fn = f->s.f[f->pool[0]].fn;
	} else
		for (i = 0; i < f->s.n; i++)
			if (target == NULL ? f->s.f[i].parent == SIZE_MAX :
			    f->s.f[i].fn == target && !nested(f, i))
				pool_add(f, i);
	f->node[k].n = f->npool;
	for (i = 0; i < f->node[k].n; i++)
		f->node[k].w += frame_cost(f, f->pool[i]);
	f->node[k].x0 = 0;
	f->node[k].x1 = t->cols;
	if (target == NULL && f->depth == 0) {
		/* The whole program: "all", not drawn, over its roots. */
		struct kid	*kid = NULL;
		size_t		 nkid = 0, cap = 0;

		f->node[k].depth = -1;
		for (i = 0; i < f->node[k].n; i++)
			kid_add(f, &kid, &nkid, &cap, f->pool[i]);
		place(f, k, kid, nkid, max_depth);
	} else
		expand(f, k, max_depth);
	f->sel = f->nnode > 1 && f->node[0].depth < 0 ? 1 : 0;
	f->rooted = t->cur;
	f->cols = t->cols;
}

static void
draw_node(struct tui *t, struct tui_flame *f, size_t k, int y0)
{
	struct node	*n = &f->node[k];
	const char	*name = n->fn != NULL ? cga_frames_name(&f->fr, n->fn) :
	    "all";
	int		 x, width = n->x1 - n->x0;

	if (n->depth < 0 || width < 1)
		return;
	tui_attr(t, k == f->sel ? TC_SEL : (n->depth % 2) ? TC_FLAME2 :
	    TC_FLAME1, k == f->sel);
	move(y0 + n->depth, n->x0);
	x = width > 1 ? tui_put(t, name, width - 1) : 0;
	for (; x < width; x++)
		addch(' ');
	tui_attr_off(t);
}

/* The picked frame's name and figures, on the pane's last row. */
static void
draw_info(struct tui *t, struct tui_flame *f, int y)
{
	char		 buf[512], count[CGA_FMT_COUNT];
	struct node	*n = &f->node[f->sel], *root = &f->node[0];
	int		 x;

	cga_fmt_count(count, n->w);
	move(y, 0);
	clrtoeol();
	x = tui_put(t, n->fn != NULL ? cga_frames_name(&f->fr, n->fn) : "all",
	    t->cols / 2);
	snprintf(buf, sizeof(buf), "  %s %s (%.2f%% of the total, %.2f%% of "
	    "the root)%s", f->src->ev[f->event].name, count,
	    cga_fmt_percent(n->w, f->src->total[f->event]),
	    cga_fmt_percent(n->w, root->w), f->src != f->v.lp ?
	    ", in NEW: a difference has no stacks" : "");
	tui_put(t, buf, t->cols - x);
}

void
tui_flame_draw(struct tui *t, int y0, int h)
{
	struct tui_flame	*f = t->flame;
	size_t			 k;

	if (f == NULL)
		return;
	if (!f->joined || atomic_load(&f->done) != 1) {
		mvaddstr(y0 + 1, 0, !f->joined ?
		    "building the stacks (as --format=folded)..." :
		    atomic_load(&f->done) == -1 ? cga_stacks_why(f->s.err) :
		    "(no stacks)");
		return;
	}
	if (f->rooted != t->cur || f->cols != t->cols || f->rows != h) {
		f->rows = h;
		make_root(t, f, h - 2);
	}
	if (f->node[0].w == 0 && f->nnode <= 1) {
		mvaddstr(y0 + 1, 0, "(no stack holds this function's cost "
		    "of the event; a: the whole program)");
		return;
	}
	for (k = 0; k < f->nnode; k++)
		draw_node(t, f, k, y0);
	draw_info(t, f, y0 + h - 1);
}

/* The node on row (depth) d nearest x, from k, in direction dir. */
static size_t
neighbour(const struct tui_flame *f, size_t k, int dir)
{
	size_t	 i, best = k;
	int	 d = f->node[k].depth;

	for (i = 0; i < f->nnode; i++) {
		if (f->node[i].depth != d || f->node[i].x1 <= f->node[i].x0)
			continue;
		if (dir > 0 && f->node[i].x0 >= f->node[k].x1 &&
		    (best == k || f->node[i].x0 < f->node[best].x0))
			best = i;
		if (dir < 0 && f->node[i].x1 <= f->node[k].x0 &&
		    (best == k || f->node[i].x1 > f->node[best].x1))
			best = i;
	}
	return best;
}

static void
zoom_in(struct tui *t, struct tui_flame *f)
{
	struct node	*n = &f->node[f->sel];

	if (n->depth < 0 || n->n == 0)
		return;
	f->zoom = xreallocarray(f->zoom, f->depth + 1, sizeof(*f->zoom));
	f->nzoom = xreallocarray(f->nzoom, f->depth + 1, sizeof(*f->nzoom));
	f->zoom[f->depth] = xcalloc(n->n, sizeof(size_t));
	memcpy(f->zoom[f->depth], f->pool + n->first, n->n * sizeof(size_t));
	f->nzoom[f->depth++] = n->n;
	f->rooted = NULL;
	(void)t;
}

int
tui_flame_key(struct tui *t, int key, int h)
{
	struct tui_flame	*f = t->flame;
	size_t			 i;

	(void)h;
	if (f == NULL || !f->joined || atomic_load(&f->done) != 1 ||
	    f->nnode == 0)
		return 0;
	switch (key) {
	case KEY_RIGHT: case 'l':
		f->sel = neighbour(f, f->sel, 1);
		return 1;
	case KEY_LEFT: case 'h':
		if (neighbour(f, f->sel, -1) == f->sel)
			return 0;
		f->sel = neighbour(f, f->sel, -1);
		return 1;
	case KEY_UP: case 'k':
		if (f->node[f->sel].parent != SIZE_MAX &&
		    f->node[f->node[f->sel].parent].depth >= 0)
			f->sel = f->node[f->sel].parent;
		return 1;
	case KEY_DOWN: case 'j':
		for (i = f->sel + 1; i < f->nnode; i++)
			if (f->node[i].parent == f->sel &&
			    f->node[i].x1 > f->node[i].x0) {
				f->sel = i;
				break;
			}
		return 1;
	case '\n': case '\r': case KEY_ENTER:
		zoom_in(t, f);
		return 1;
	case 'a':
		f->whole = !f->whole;
		while (f->depth > 0)
			free(f->zoom[--f->depth]);
		f->rooted = NULL;
		return 1;
	case KEY_BACKSPACE: case 127: case 8: case 27:
		if (f->depth == 0)
			return 0;
		free(f->zoom[--f->depth]);
		f->rooted = NULL;
		return 1;
	default:
		return 0;
	}
}
