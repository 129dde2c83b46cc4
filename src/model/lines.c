/*
 * lines.c: a file's line costs, in pages of CGA_LPAGE lines that hold
 * only the lines they have.
 */
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "model/profile.h"

/* Pages asked for ahead of the one read, walking a file's. */
#define PAGES_AHEAD	4

/*
 * A file's pages.  Where they lie close together (as they do) they are
 * found in an array indexed by page number from plo; the others in a
 * small open addressing table of their own.
 */
struct cga_flines {
	uint64_t	 plo;		/* first page of the array */
	uint64_t	 pcap;		/* pages the array holds */
	struct cga_lpage **dir;		/* pcap pages, NULL where none */
	size_t		 ndir;		/* pages in the array */
	size_t		 nlines;	/* lines with a cost, in all pages */
	size_t		 nsparse;	/* pages in the table */
	size_t		 scap;		/* its size, a power of 2 */
	uint64_t	*skeys;		/* page numbers */
	struct cga_lpage **spage;	/* their pages; NULL: a free slot */
};

/*
 * A page of line costs: the lines of the page it has, as bits of mask,
 * and their costs packed in line order, lw words each, with room for
 * cap (1, 2, 4, 8 or 16).
 */
struct cga_lpage {
	uint16_t	 mask;
	uint8_t		 cap;
	uint8_t		 room;		/* log2(cap), its free list */
	uint64_t	 c[];
};

static struct cga_lpage *
lpage_new(struct cga_profile *p, unsigned room)
{
	struct cga_lpage	*pg;
	size_t			 size;

	size = sizeof(*pg) + ((size_t)1 << room) * p->lw * sizeof(uint64_t);
	if ((pg = p->lfree[room]) != NULL) {
		memcpy(&p->lfree[room], pg->c, sizeof(pg));
		memset(pg, 0, size);
	} else
		pg = cga_arena_alloc(&p->arena, size);	/* zeroed */
	pg->cap = (uint8_t)(1U << room);
	pg->room = (uint8_t)room;
	return pg;
}

/* A page outgrown goes back for a later one of its room. */
static void
lpage_free(struct cga_profile *p, struct cga_lpage *pg)
{
	memcpy(pg->c, &p->lfree[pg->room], sizeof(pg));
	p->lfree[pg->room] = pg;
}

/* Where page pno is, or would go, in the file's table. */
static size_t
sparse_slot(const struct cga_flines *f, uint64_t pno)
{
	size_t	 i, mask = f->scap - 1;

	i = (size_t)cga_hash_u64(pno) & mask;
	while (f->spage[i] != NULL && f->skeys[i] != pno)
		i = (i + 1) & mask;
	return i;
}

/* The table's slot for page pno, made room for. */
static struct cga_lpage **
sparse_get(struct cga_flines *f, uint64_t pno)
{
	struct cga_lpage	**pages;
	uint64_t		 *keys;
	size_t			  i, j, cap;

	if (2 * (f->nsparse + 1) > f->scap) {
		keys = f->skeys;
		pages = f->spage;
		cap = f->scap;
		f->scap = cap ? 2 * cap : 8;
		f->skeys = xcalloc_written(f->scap, sizeof(*f->skeys));
		f->spage = xcalloc_written(f->scap, sizeof(*f->spage));
		for (i = 0; i < cap; i++)
			if (pages[i] != NULL) {
				j = sparse_slot(f, keys[i]);
				f->skeys[j] = keys[i];
				f->spage[j] = pages[i];
			}
		free(keys);
		free(pages);
	}
	i = sparse_slot(f, pno);
	if (f->spage[i] == NULL) {
		f->skeys[i] = pno;
		f->nsparse++;
	}
	return &f->spage[i];
}

/*
 * Makes the array reach page pno, if it stays within a small multiple of
 * the file's pages: 0, or -1 when the page must go to the table.  A slot
 * is a pointer, so a gap of a few pages costs little.
 */
static int
dir_reach(struct cga_flines *f, uint64_t pno)
{
	struct cga_lpage	**dir;
	uint64_t		  lo, hi, cap;

	lo = f->pcap == 0 || pno < f->plo ? pno : f->plo;
	hi = f->pcap == 0 || pno >= f->plo + f->pcap ? pno + 1 :
	    f->plo + f->pcap;
	if (hi - lo > 4 * (uint64_t)f->ndir + 64)
		return -1;
	cap = hi - lo + (hi - lo) / 2 + 4;
	if (f->pcap > 0 && pno < f->plo)	/* room below, where it grows */
		lo = cap > hi ? 0 : hi - cap;
	dir = xcalloc_written(cap, sizeof(*dir));
	if (f->pcap > 0)
		memcpy(dir + (f->plo - lo), f->dir, f->pcap * sizeof(*dir));
	free(f->dir);
	f->dir = dir;
	f->plo = lo;
	f->pcap = cap;
	return 0;
}

/*
 * The slot of page pno: in the array, or in the table when the array
 * cannot reach it or grew over it after it went there.  NULL, when make
 * is 0 and the page is nowhere.
 */
static struct cga_lpage **
page_slot(struct cga_flines *f, uint64_t pno, int make)
{
	struct cga_lpage	**slot = NULL;
	size_t			  i;

	if (pno >= f->plo && pno - f->plo < f->pcap) {
		slot = &f->dir[pno - f->plo];
		if (*slot != NULL)
			return slot;
	}
	if (f->nsparse > 0 && f->spage[i = sparse_slot(f, pno)] != NULL)
		return &f->spage[i];
	if (!make)
		return NULL;
	if (slot == NULL && dir_reach(f, pno) == 0)
		slot = &f->dir[pno - f->plo];
	if (slot != NULL) {
		f->ndir++;
		return slot;
	}
	return sparse_get(f, pno);
}

/* The bits set in a page's mask (no popcount instruction is assumed). */
static size_t
popcount16(unsigned v)
{
	v = v - (v >> 1 & 0x5555);
	v = (v & 0x3333) + (v >> 2 & 0x3333);
	v = (v + (v >> 4)) & 0x0f0f;
	return (v + (v >> 8)) & 0x1f;
}

/* Lines of the page before bit, the place of its cost. */
static size_t
lpage_rank(const struct cga_lpage *pg, unsigned bit)
{
	return popcount16(pg->mask & ((1U << bit) - 1));
}

uint64_t *
cga_line_get(struct cga_profile *p, struct cga_file *f, uint64_t line)
{
	struct cga_lpage	**slot, *pg, *big;
	unsigned		  bit = (unsigned)(line % CGA_LPAGE);
	size_t			  r, n, lw = p->lw;

	if (f->lines == NULL) {
		f->lines = cga_arena_alloc(&p->arena, sizeof(*f->lines));
		cga_file_lined(p, f);
	}
	slot = page_slot(f->lines, line / CGA_LPAGE, 1);
	if ((pg = *slot) == NULL)
		*slot = pg = lpage_new(p, 0);
	r = lpage_rank(pg, bit);
	if (pg->mask >> bit & 1)
		return pg->c + r * lw;
	n = popcount16(pg->mask);
	if (n == pg->cap) {
		big = lpage_new(p, pg->room + 1U);
		big->mask = pg->mask;
		memcpy(big->c, pg->c, r * lw * sizeof(uint64_t));
		memcpy(big->c + (r + 1) * lw, pg->c + r * lw,
		    (n - r) * lw * sizeof(uint64_t));
		lpage_free(p, pg);
		*slot = pg = big;
	} else if (r < n) {
		memmove(pg->c + (r + 1) * lw, pg->c + r * lw,
		    (n - r) * lw * sizeof(uint64_t));
		memset(pg->c + r * lw, 0, lw * sizeof(uint64_t));
	}
	/* Else the line comes last: room past the lines is still zero. */
	pg->mask |= (uint16_t)(1U << bit);
	f->lines->nlines++;
	return pg->c + r * lw;
}

uint64_t *
cga_line_find(const struct cga_profile *p, struct cga_file *f, uint64_t line)
{
	struct cga_lpage	**slot, *pg;
	unsigned		  bit = (unsigned)(line % CGA_LPAGE);

	if (f->lines == NULL ||
	    (slot = page_slot(f->lines, line / CGA_LPAGE, 0)) == NULL ||
	    (pg = *slot) == NULL || !(pg->mask >> bit & 1))
		return NULL;
	return pg->c + lpage_rank(pg, bit) * p->lw;
}

/* Calls fn for each line of page pg, number pno, in line order. */
static void
lpage_each(const struct cga_profile *p, struct cga_file *f,
    const struct cga_lpage *pg, uint64_t pno,
    void (*fn)(void *, struct cga_file *, uint64_t, uint64_t *), void *ctx)
{
	unsigned	 bit, mask;
	uint64_t	*c = (uint64_t *)(uintptr_t)pg->c;

	for (mask = pg->mask; mask != 0; mask &= mask - 1, c += p->lw) {
		bit = (unsigned)__builtin_ctz(mask);
		fn(ctx, f, pno * CGA_LPAGE + bit, c);
	}
}

void
cga_file_each(const struct cga_profile *p, struct cga_file *f,
    void (*fn)(void *, struct cga_file *, uint64_t, uint64_t *), void *ctx)
{
	const struct cga_flines	*fl = f->lines;
	uint64_t		 i;

	if (fl == NULL)
		return;
	/* Pages lie where they were made: each is asked for ahead. */
	for (i = 0; i < fl->pcap; i++) {
		if (i + PAGES_AHEAD < fl->pcap)
			__builtin_prefetch(fl->dir[i + PAGES_AHEAD]);
		if (fl->dir[i] != NULL)
			lpage_each(p, f, fl->dir[i], fl->plo + i, fn, ctx);
	}
	for (i = 0; i < fl->scap; i++) {
		if (i + PAGES_AHEAD < fl->scap)
			__builtin_prefetch(fl->spage[i + PAGES_AHEAD]);
		if (fl->spage[i] != NULL)
			lpage_each(p, f, fl->spage[i], fl->skeys[i], fn, ctx);
	}
}

void
cga_file_prefetch(const struct cga_file *f, int step)
{
	const struct cga_flines	*fl = f->lines;
	size_t			 i;

	if (step == 0) {
		__builtin_prefetch(f->name);
		__builtin_prefetch(fl);
		return;
	}
	if (fl == NULL)
		return;
	if (step == 1) {
		__builtin_prefetch(fl->dir);
		__builtin_prefetch(fl->spage);
		return;
	}
	for (i = 0; i < fl->pcap && i < PAGES_AHEAD; i++)
		__builtin_prefetch(fl->dir[i]);
}

/*
 * A page of a model whose lines are qlw words, laid out as p's, lw words
 * a line; the room it leaves past its lines zero, as a page's is.
 */
static void
lpage_adopt(const struct cga_profile *p, size_t qlw, struct cga_lpage *pg)
{
	struct cga_fn	*owner;
	uint64_t	*c;
	size_t		 i, n = popcount16(pg->mask);

	for (i = 0; i < n; i++) {
		c = pg->c + i * p->lw;
		memmove(c, pg->c + i * qlw, p->lw * sizeof(*c));
		if ((owner = cga_line_owner(p, c)) != NULL)
			c[p->cw] = (uint64_t)(uintptr_t)cga_fn_final(owner);
	}
	memset(pg->c + n * p->lw, 0, n * (qlw - p->lw) * sizeof(*pg->c));
}

void
cga_file_adopt_lines(const struct cga_profile *p, size_t qlw,
    struct cga_file *f)
{
	const struct cga_flines	*fl = f->lines;
	uint64_t		 i;

	if (fl == NULL)
		return;
	for (i = 0; i < fl->pcap; i++)
		if (fl->dir[i] != NULL)
			lpage_adopt(p, qlw, fl->dir[i]);
	for (i = 0; i < fl->scap; i++)
		if (fl->spage[i] != NULL)
			lpage_adopt(p, qlw, fl->spage[i]);
}

void
cga_file_lined(struct cga_profile *p, struct cga_file *f)
{
	if (p->nlined == p->linedcap) {
		p->linedcap = p->linedcap ? 2 * p->linedcap : 16;
		p->lined = xreallocarray(p->lined, p->linedcap,
		    sizeof(*p->lined));
	}
	p->lined[p->nlined++] = f;
}

void
cga_file_drop_lines(struct cga_file *f)
{
	struct cga_flines	*fl = f->lines;

	/* The pages stay in the arena; what indexes them goes. */
	if (fl == NULL)
		return;
	free(fl->dir);
	free(fl->skeys);
	free(fl->spage);
	memset(fl, 0, sizeof(*fl));
}

void
cga_lines_each(const struct cga_profile *p,
    void (*fn)(void *, struct cga_file *, uint64_t, uint64_t *), void *ctx)
{
	struct cga_file	*f;

	for (f = p->files; f != NULL; f = f->next)
		cga_file_each(p, f, fn, ctx);
}

static int
lineref_cmp(const void *a, const void *b)
{
	uint64_t	 x = ((const struct cga_lineref *)a)->line;
	uint64_t	 y = ((const struct cga_lineref *)b)->line;

	return x < y ? -1 : x > y;
}

struct linerefs {
	const struct cga_profile *p;
	struct cga_lineref	*r;
	size_t			 n;
};

static void
add_lineref(void *ctx, struct cga_file *f, uint64_t line, uint64_t *cost)
{
	struct linerefs	*lr = ctx;

	(void)f;
	lr->r[lr->n].line = line;
	lr->r[lr->n].cost = cost;
	lr->r[lr->n].fn = cga_line_owner(lr->p, cost);
	lr->n++;
}

struct cga_lineref *
cga_file_lines(const struct cga_profile *p, struct cga_file *f, size_t *np)
{
	struct linerefs	 lr = { p, NULL, 0 };
	size_t		 n = f->lines != NULL ? f->lines->nlines : 0;

	lr.r = xcalloc(n + 1, sizeof(*lr.r));
	cga_file_each(p, f, add_lineref, &lr);
	if (f->lines != NULL && f->lines->nsparse > 0)
		qsort(lr.r, lr.n, sizeof(*lr.r), lineref_cmp);
	*np = lr.n;
	return lr.r;
}
