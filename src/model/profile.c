/* profile.c: the model's tables and the costs they hold. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "model/profile.h"

/* A name's bytes: the header without its padding, the name, its NUL. */
#define STR_SIZE(len)	(offsetof(struct cga_str, s) + (len) + 1)

static struct cga_str *
str_of(const char *s)
{
	return cga_str_of(s);
}

struct cga_profile *
cga_profile_new(void)
{
	return xcalloc(1, sizeof(struct cga_profile));
}

void
cga_profile_free(struct cga_profile *p)
{
	struct cga_file	*f;
	size_t		 i;

	if (p == NULL)
		return;
	for (i = 0; i < p->nev; i++)
		free(p->ev[i].terms);
	for (f = p->files; f != NULL; f = f->next)
		cga_file_drop_lines(f);
	free(p->ev);
	free(p->fntab);
	HASH_CLEAR(hh, p->calls);
	free(p->sites);
	free(p->instrs);
	free(p->jumps);
	for (i = 0; i < sizeof(p->strs) / sizeof(p->strs[0]); i++)
		free(p->strs[i].slots);
	free(p->strv);
	free(p->desc);
	for (i = 0; i < p->nparts; i++)
		free(p->parts[i].desc);
	free(p->parts);
	free(p->scratch);
	cga_arena_free(&p->arena);
	free(p);
}

/* The part of the table of names a hash is in. */
static struct cga_strpart *
str_part(const struct cga_profile *p, uint32_t h)
{
	return (struct cga_strpart *)(uintptr_t)&p->strs[h >> (32 -
	    CGA_STRPART_BITS)];
}

/*
 * A part made room for one more name: twice as big, when it would be more
 * than half full.  Its names' hashes say where they go.
 */
static void
strpart_grow(struct cga_strpart *pt)
{
	struct cga_strslot	*old = pt->slots, *v;
	size_t			 i, j, cap;

	if (2 * ((size_t)pt->n + 1) <= pt->cap)
		return;
	cap = pt->cap ? 2 * (size_t)pt->cap : 16;
	if (cap > UINT32_MAX)
		cga_oom();
	v = xcalloc(cap, sizeof(*v));
	for (i = 0; i < pt->cap; i++) {
		if (old[i].str == 0)
			continue;
		for (j = old[i].hash & (cap - 1); v[j].str != 0;
		    j = (j + 1) & (cap - 1))
			;
		v[j] = old[i];
	}
	free(old);
	pt->slots = v;
	pt->cap = (uint32_t)cap;
}

/*
 * The slot of s in the table of names: its name's, or a free one; NULL
 * when its part is empty.
 */
static struct cga_strslot *
str_slot(const struct cga_profile *p, const char *s, size_t len, uint32_t h)
{
	const struct cga_strpart *pt = str_part(p, h);
	struct cga_strslot	*slot;
	struct cga_str		*e;
	size_t			 i;

	if (pt->cap == 0)
		return NULL;
	for (i = h & (pt->cap - 1);; i = (i + 1) & (pt->cap - 1)) {
		slot = &pt->slots[i];
		if (slot->str == 0)
			return slot;
		if (slot->hash != h)
			continue;
		e = p->strv[slot->str - 1];
		if (e->len == len && memcmp(e->s, s, len) == 0)
			return slot;
	}
}

const char *
cga_profile_lookup(const struct cga_profile *p, const char *s, size_t len)
{
	struct cga_strslot	*slot = str_slot(p, s, len, cga_hash(s, len));

	return slot != NULL && slot->str != 0 ? p->strv[slot->str - 1]->s :
	    NULL;
}

/* Equal names share one copy, so that tables can key on the pointer. */
const char *
cga_profile_intern(struct cga_profile *p, const char *s, size_t len)
{
	struct cga_strslot	*slot;
	struct cga_str		*e;
	uint32_t		 h = cga_hash(s, len);

	strpart_grow(str_part(p, h));
	slot = str_slot(p, s, len, h);
	if (slot->str != 0)
		return p->strv[slot->str - 1]->s;
	/* 2^32 names, or one of 4 GiB, would take more than there is. */
	if (p->nstrs >= UINT32_MAX - 1 || len > UINT32_MAX)
		cga_oom();
	if (p->nstrs == p->strvcap) {
		p->strvcap = p->strvcap ? 2 * p->strvcap : 1024;
		p->strv = xreallocarray(p->strv, p->strvcap, sizeof(*p->strv));
	}
	e = cga_arena_alloc(&p->arena, STR_SIZE(len));
	e->len = (uint32_t)len;
	memcpy(e->s, s, len);
	e->s[len] = '\0';
	p->strv[p->nstrs++] = e;
	e->no = (uint32_t)p->nstrs;
	str_part(p, h)->n++;
	slot->hash = h;
	slot->str = (uint32_t)p->nstrs;
	return e->s;
}

/*
 * Names of q (-j 2's thread's model, whose arena p takes) become p's: a
 * name p lacks is taken whole, its header made p's; every other one is
 * numbered as p's name of the same bytes.  q's table of names goes first,
 * before p's grows; its list stays, so that q's numbers still name its
 * names (cga_profile_name) until it is freed.  Placeholders ("\n" and a
 * number, or a word: ids.c, split.c) stay q's.
 */
void
cga_profile_adopt_names(struct cga_profile *p, struct cga_profile *q)
{
	struct cga_strslot	*slot;
	struct cga_str		*e;
	size_t			 need = p->nstrs + q->nstrs, cap, i;
	uint32_t		 h;

	for (i = 0; i < sizeof(q->strs) / sizeof(q->strs[0]); i++)
		free(q->strs[i].slots);
	memset(q->strs, 0, sizeof(q->strs));
	if (need >= UINT32_MAX - 1)
		cga_oom();
	for (cap = p->strvcap ? p->strvcap : 1024; cap < need; cap *= 2)
		;
	if (cap != p->strvcap) {
		p->strvcap = cap;
		p->strv = xreallocarray(p->strv, p->strvcap, sizeof(*p->strv));
	}
	for (i = 0; i < q->nstrs; i++) {
		e = q->strv[i];
		if (e->s[0] == '\n')
			continue;
		h = cga_hash(e->s, e->len);
		strpart_grow(str_part(p, h));
		slot = str_slot(p, e->s, e->len, h);
		if (slot->str == 0) {
			slot->hash = h;
			p->strv[p->nstrs++] = e;
			slot->str = (uint32_t)p->nstrs;
			str_part(p, h)->n++;
			e->file = NULL;
			e->fns = e->infile = NULL;
			e->nfns = e->ninfile = e->event = 0;
		}
		e->no = slot->str;
	}
}

void
cga_profile_forget_names(struct cga_profile *q)
{
	free(q->strv);
	q->strv = NULL;
	q->nstrs = q->strvcap = 0;
}

void
cga_profile_set_events(struct cga_profile *p, struct cga_event *ev,
    size_t nev, size_t nrec)
{
	size_t	 i;

	p->ev = ev;
	p->nev = nev;
	p->nrec = nrec;
	/* The names are this profile's; a name per event, so fewer than 2^32. */
	for (i = 0; i < nev; i++)
		str_of(ev[i].name)->event = (uint32_t)(i + 1);
	p->maskw = (nev + 63) / 64;
	p->cw = nev + p->maskw;
	p->lw = p->cw + 1;
}

char *
cga_event_list(const struct cga_profile *p)
{
	char	*list, *at;
	size_t	 i, n = 1;

	for (i = 0; i < p->nev; i++)
		n += strlen(p->ev[i].name) + 1;
	at = list = xmalloc(n);
	*at = '\0';
	for (i = 0; i < p->nev; i++)
		at += sprintf(at, " %s", p->ev[i].name);
	return list;
}

size_t
cga_event_index(const struct cga_profile *p, const char *name)
{
	const struct cga_strslot *slot;
	size_t			  len = strlen(name);

	/* Through the table of names: 100,000 events are found at once. */
	slot = str_slot(p, name, len, cga_hash(name, len));
	if (slot == NULL || slot->str == 0 ||
	    p->strv[slot->str - 1]->event == 0)
		return CGA_NOEVENT;
	return p->strv[slot->str - 1]->event - 1;
}

uint64_t *
cga_cost_new(struct cga_profile *p)
{
	return cga_arena_alloc(&p->arena, p->cw * sizeof(uint64_t));
}

void
cga_cost_clear(const struct cga_profile *p, uint64_t *c)
{
	size_t	 i;

	for (i = cga_cost_next(p, c, 0); i < p->nev;
	    i = cga_cost_next(p, c, i + 1))
		c[i] = 0;
	memset(c + p->nev, 0, p->maskw * sizeof(*c));
}

struct cga_evcount *
cga_evcounts_of(struct cga_profile *p, const uint64_t *c, size_t *n)
{
	struct cga_evcount	*v;
	size_t			 i;

	*n = 0;
	for (i = cga_cost_next(p, c, 0); i < p->nev;
	    i = cga_cost_next(p, c, i + 1))
		++*n;
	v = cga_arena_alloc(&p->arena, (*n > 0 ? *n : 1) * sizeof(*v));
	*n = 0;
	for (i = cga_cost_next(p, c, 0); i < p->nev;
	    i = cga_cost_next(p, c, i + 1)) {
		v[*n].ev = i;
		v[(*n)++].n = c[i];
	}
	return v;
}

void
cga_evcounts_cost(const struct cga_profile *p, const struct cga_evcount *v,
    size_t n, uint64_t *c)
{
	size_t	 i;

	cga_cost_clear(p, c);
	for (i = 0; i < n; i++) {
		c[v[i].ev] = v[i].n;
		cga_cost_define(p, c, v[i].ev);
	}
}

struct cga_file *
cga_file_get(struct cga_profile *p, const char *name)
{
	struct cga_str	*str = str_of(name);
	struct cga_file	*f = str->file;

	if (f == NULL) {
		f = cga_arena_alloc(&p->arena, sizeof(*f));
		f->name = name;
		f->id = p->nfiles;
		if (p->files_last != NULL)
			p->files_last->next = f;
		else
			p->files = f;
		p->files_last = f;
		p->nfiles++;
		str->file = f;
	}
	return f;
}

void
cga_file_adopt(struct cga_profile *p, struct cga_file *f, const char *name)
{
	f->name = name;
	f->id = p->nfiles++;
	f->next = NULL;
	f->merged = NULL;
	if (p->files_last != NULL)
		p->files_last->next = f;
	else
		p->files = f;
	p->files_last = f;
	str_of(name)->file = f;
}

struct cga_file *
cga_file_find(const struct cga_profile *p, const char *name)
{
	(void)p;
	return str_of(name)->file;
}

size_t
cga_fn_namesakes(const struct cga_fn *fn)
{
	return str_of(fn->key.name)->nfns;
}

/* Functions a list is walked for rather than the table looked in. */
#define FNS_WALK	8

/* The slot of the function of file and name in the table. */
static struct cga_fn **
fn_slot(const struct cga_profile *p, const char *file, const char *name)
{
	const char	*key[2] = { file, name };
	size_t		 i, mask = p->fncap - 1;

	i = (size_t)cga_siphash(key, sizeof(key)) & mask;
	while (p->fntab[i] != NULL && (p->fntab[i]->key.file != file ||
	    p->fntab[i]->key.name != name))
		i = (i + 1) & mask;
	return &p->fntab[i];
}

/*
 * Puts fn, the n-th function, in the table of every function, grown to
 * stay half empty.
 */
static void
fn_table_add(struct cga_profile *p, struct cga_fn *fn, size_t n)
{
	struct cga_fn	**old = p->fntab;
	size_t		  cap = p->fncap, i;

	if (2 * (n + 1) > p->fncap) {
		p->fncap = cap ? 2 * cap : 1024;
		p->fntab = xcalloc(p->fncap, sizeof(*p->fntab));
		for (i = 0; i < cap; i++)
			if (old[i] != NULL)
				*fn_slot(p, old[i]->key.file, old[i]->key.name) =
				    old[i];
		free(old);
	}
	*fn_slot(p, fn->key.file, fn->key.name) = fn;
}

/*
 * A function is found among those of its name or those of its file,
 * whichever are fewer: nearly always one or two.  When both are long (a
 * thousand files with the same thousand names), in the table of all.
 */
static struct cga_fn *
fn_find(struct cga_profile *p, const char *file, const char *name)
{
	struct cga_str	*str = str_of(name), *fstr = str_of(file);
	struct cga_fn	*fn;

	if (str->nfns > FNS_WALK && fstr->ninfile > FNS_WALK) {
		/* Made the first time it is needed: most profiles never do. */
		if (p->fntab == NULL)
			for (fn = p->fns; fn != NULL; fn = fn->next)
				if (!fn->gone)
					fn_table_add(p, fn, fn->id);
		if ((fn = *fn_slot(p, file, name)) != NULL)
			return fn;
	} else if (str->nfns <= fstr->ninfile) {
		for (fn = str->fns; fn != NULL; fn = fn->same_name)
			if (fn->key.file == file)
				return fn;
	} else {
		for (fn = fstr->infile; fn != NULL; fn = fn->same_file)
			if (fn->key.name == name)
				return fn;
	}
	return NULL;
}

/* fn's display name, "file:name". */
static void
fn_display(struct cga_profile *p, struct cga_fn *fn)
{
	const struct cga_str *str = str_of(fn->key.name);
	const struct cga_str *fstr = str_of(fn->key.file);
	size_t		 flen = fstr->len, nlen = str->len;
	char		*d;

	d = cga_arena_alloc(&p->arena, flen + nlen + 2);
	memcpy(d, fn->key.file, flen);
	d[flen] = ':';
	memcpy(d + flen + 1, fn->key.name, nlen + 1);
	fn->display = d;
}

void
cga_fn_displays(struct cga_profile *p)
{
	struct cga_fn	*fn;

	for (fn = p->fns; fn != NULL; fn = fn->next)
		if (fn->display == NULL)
			fn_display(p, fn);
	p->late_display = 0;
}

/* The next byte of a display name read from its parts: 0 at its end. */
static unsigned
display_byte(const unsigned char **s, const unsigned char **name)
{
	unsigned	 c = **s;

	if (c != '\0') {
		++*s;
		return c;
	}
	if (*name == NULL)
		return 0;
	*s = *name;		/* past the file: the colon, then the name */
	*name = NULL;
	return ':';
}

int
cga_fn_display_cmp(const struct cga_fn *a, const struct cga_fn *b)
{
	const unsigned char	*x, *y, *xname, *yname;
	size_t			 xlen, ylen;
	unsigned		 cx, cy;
	int			 c;

	if (a->display != NULL && b->display != NULL)
		return strcmp(a->display, b->display);
	if (a->key.file == b->key.file)	/* interned: "file:" is the same */
		return strcmp(a->key.name, b->key.name);
	/* Files that differ before either ends decide it at once. */
	xlen = str_of(a->key.file)->len;
	ylen = str_of(b->key.file)->len;
	if ((c = memcmp(a->key.file, b->key.file, xlen < ylen ? xlen :
	    ylen)) != 0)
		return c;
	x = (const unsigned char *)a->key.file + (xlen < ylen ? xlen : ylen);
	y = (const unsigned char *)b->key.file + (xlen < ylen ? xlen : ylen);
	xname = (const unsigned char *)a->key.name;
	yname = (const unsigned char *)b->key.name;
	do {
		cx = display_byte(&x, &xname);
		cy = display_byte(&y, &yname);
	} while (cx == cy && cx != 0);
	return cx < cy ? -1 : cx > cy;
}

/* Keys fn by file and name: it joins the lists of both. */
static void
fn_key(struct cga_profile *p, struct cga_fn *fn, const char *file,
    const char *name)
{
	struct cga_str	*str = str_of(name), *fstr = str_of(file);

	fn->key.file = file;
	fn->key.name = name;
	if (!p->late_display)
		fn_display(p, fn);
	else
		fn->display = NULL;
	fn->same_name = str->fns;
	str->fns = fn;
	if (str->nfns < UINT32_MAX)
		str->nfns++;
	fn->same_file = fstr->infile;
	fstr->infile = fn;
	if (fstr->ninfile < UINT32_MAX)
		fstr->ninfile++;
}

struct cga_fn *
cga_fn_find(struct cga_profile *p, const char *file, const char *name)
{
	return fn_find(p, file, name);
}

/* Makes fn, keyed, the last of the model's functions. */
static void
fn_append(struct cga_profile *p, struct cga_fn *fn, const char *file,
    const char *name)
{
	/* 2^32 functions would take 640 GB. */
	if (p->nfns >= UINT32_MAX)
		cga_oom();
	fn_key(p, fn, file, name);
	fn->id = (uint32_t)p->nfns;
	if (p->fns_last != NULL)
		p->fns_last->next = fn;
	else
		p->fns = fn;
	p->fns_last = fn;
	if (p->fntab != NULL)
		fn_table_add(p, fn, p->nfns);
	p->nfns++;
}

struct cga_fn *
cga_fn_get(struct cga_profile *p, const char *file, const char *name)
{
	struct cga_fn	*fn;

	if ((fn = fn_find(p, file, name)) != NULL)
		return fn;
	/* Arena memory comes zeroed. */
	fn = cga_arena_alloc(&p->arena, sizeof(*fn) + p->cw * sizeof(uint64_t));
	fn->self = fn->cost;
	fn_append(p, fn, file, name);
	return fn;
}

void
cga_fn_adopt(struct cga_profile *p, struct cga_fn *fn, const char *file,
    const char *name)
{
	fn->next = NULL;
	fn->out = fn->in = NULL;
	fn->nout = fn->nin = 0;
	fn->gone = 0;
	fn_append(p, fn, file, name);
}

/* Edges a short list is walked for rather than hashed. */
#define CALLS_WALK	8

/*
 * The edge from caller to callee, or NULL.  Most functions call and are
 * called by few others: walking the shorter of the two lists, when it is
 * short, finds an edge, or shows there is none yet, without reading the
 * table's buckets at random.
 */
struct cga_call *
cga_call_find(const struct cga_profile *p, struct cga_fn *caller,
    struct cga_fn *callee)
{
	struct cga_call_key	 key;
	struct cga_call		*c;

	if (caller->nout <= CALLS_WALK && caller->nout <= callee->nin) {
		for (c = caller->out; c != NULL; c = c->next_out)
			if (c->key.callee == callee)
				return c;
	} else if (callee->nin <= CALLS_WALK) {
		for (c = callee->in; c != NULL; c = c->next_in)
			if (c->key.caller == caller)
				return c;
	} else {
		memset(&key, 0, sizeof(key));
		key.caller = caller;
		key.callee = callee;
		HASH_FIND(hh, p->calls, &key, sizeof(key), c);
		return c;
	}
	return NULL;
}

/* Makes c the edge from caller to callee, the last made. */
static void
call_link(struct cga_profile *p, struct cga_call *c, struct cga_fn *caller,
    struct cga_fn *callee)
{
	c->key.caller = caller;
	c->key.callee = callee;
	c->seq = p->callseq++;
	c->next_out = caller->out;
	caller->out = c;
	caller->nout++;
	c->next_in = callee->in;
	callee->in = c;
	callee->nin++;
	HASH_ADD(hh, p->calls, key, sizeof(c->key), c);
}

struct cga_call *
cga_call_get(struct cga_profile *p, struct cga_fn *caller,
    struct cga_fn *callee)
{
	struct cga_call	*c;

	if ((c = cga_call_find(p, caller, callee)) != NULL)
		return c;
	c = cga_arena_alloc(&p->arena, sizeof(*c));
	c->cost = cga_cost_new(p);
	call_link(p, c, caller, callee);
	return c;
}

void
cga_call_adopt(struct cga_profile *p, struct cga_call *c,
    struct cga_fn *caller, struct cga_fn *callee)
{
	memset(&c->hh, 0, sizeof(c->hh));
	c->incl = NULL;
	c->recursive = 0;
	call_link(p, c, caller, callee);
}

static int
site_key_cmp(const void *a, const void *b)
{
	const struct cga_site_key	*x = a, *y = b;

#define CMP(f)	if ((uintptr_t)x->f != (uintptr_t)y->f)			\
		return (uintptr_t)x->f < (uintptr_t)y->f ? -1 : 1
	CMP(file);
	CMP(line);
	CMP(caller);
	CMP(callee);
#undef CMP
	return 0;
}

int
cga_sites_merge(struct cga_profile *p, uint64_t *lineno)
{
	struct cga_site	*s, *to;
	size_t		 i, n = 0;
	int		 err = 0;

	if (p->nsites < 2)
		return 0;
	qsort(p->sites, p->nsites, p->sitesize, site_key_cmp);
	for (i = 0; i < p->nsites; i++) {
		s = cga_site_at(p, i);
		to = n > 0 ? cga_site_at(p, n - 1) : NULL;
		if (to != NULL && site_key_cmp(&to->key, &s->key) == 0) {
			if (s->seq < to->seq)
				to->seq = s->seq;
			if (err == 0 && cga_count_add(p, &to->count,
			    s->count) == -1)
				err = -1;
			else if (err == 0 && cga_cost_add(p, to->cost,
			    s->cost) == -1)
				err = -2;
			if (err != 0 && *lineno == 0)
				*lineno = s->lineno > to->lineno ? s->lineno :
				    to->lineno;
			continue;
		}
		if (n != i)
			memcpy(cga_site_at(p, n), s, p->sitesize);
		n++;
	}
	p->nsites = n;
	return err;
}

struct cga_site *
cga_site_add(struct cga_profile *p, struct cga_file *file, uint64_t line,
    struct cga_fn *caller, struct cga_fn *callee, int *err, uint64_t *lineno)
{
	struct cga_site	*s;

	if (p->nsites == p->sitecap) {
		/* Merge first; grow only if that left the log half full. */
		if ((*err = cga_sites_merge(p, lineno)) != 0)
			return NULL;
		if (p->sitecap == 0 || p->nsites > p->sitecap / 2) {
			p->sitesize = sizeof(*s) + p->cw * sizeof(uint64_t);
			p->sitecap = p->sitecap ? 2 * p->sitecap : 1024;
			p->sites = xreallocarray(p->sites, p->sitecap,
			    p->sitesize);
		}
	}
	s = cga_site_at(p, p->nsites++);
	memset(s, 0, p->sitesize);
	s->key.file = file;
	s->key.line = line;
	s->key.caller = caller;
	s->key.callee = callee;
	s->seq = p->siteseq++;
	return s;
}

/*
 * Renaming, as a name id used before its definition gets its name
 * (ids.c): what was made under the placeholder takes the name, or merges
 * into what has the name already.  A merged file or function stays, out
 * of every name's list, pointing to where it went (merged), until
 * cga_profile_finish takes it out of the model; line owners and call
 * sites follow then.
 */

/* Takes fn out of the lists of its name and of its file. */
static void
fn_unkey(struct cga_fn *fn)
{
	struct cga_str	*str = str_of(fn->key.name);
	struct cga_str	*fstr = str_of(fn->key.file);
	struct cga_fn	**pp;

	for (pp = &str->fns; *pp != fn; pp = &(*pp)->same_name)
		;
	*pp = fn->same_name;
	if (str->nfns < UINT32_MAX)
		str->nfns--;
	for (pp = &fstr->infile; *pp != fn; pp = &(*pp)->same_file)
		;
	*pp = fn->same_file;
	if (fstr->ninfile < UINT32_MAX)
		fstr->ninfile--;
}

/* Takes call c out of the model. */
static void
call_unlink(struct cga_profile *p, struct cga_call *c)
{
	struct cga_call	**pp;

	for (pp = &c->key.caller->out; *pp != c; pp = &(*pp)->next_out)
		;
	*pp = c->next_out;
	c->key.caller->nout--;
	for (pp = &c->key.callee->in; *pp != c; pp = &(*pp)->next_in)
		;
	*pp = c->next_in;
	c->key.callee->nin--;
	HASH_DELETE(hh, p->calls, c);
}

/* Adds call c's figures to the call from caller to callee; -1 on overflow. */
static int
call_move(struct cga_profile *p, struct cga_call *c, struct cga_fn *caller,
    struct cga_fn *callee)
{
	struct cga_call	*to;

	call_unlink(p, c);
	to = cga_call_get(p, caller, callee);
	/* It stands where the first of the two was made. */
	if (c->seq < to->seq)
		to->seq = c->seq;
	if (cga_count_add(p, &to->count, c->count) == -1 ||
	    cga_cost_add(p, to->cost, c->cost) == -1)
		return -1;
	return 0;
}

/* Merges function a, out of the lists already, into b: -1 on overflow. */
static int
fn_merge(struct cga_profile *p, struct cga_fn *a, struct cga_fn *b)
{
	struct cga_call	*c;
	int		 rc = 0;

	if (cga_cost_add(p, b->self, a->self) == -1 ||
	    cga_count_add(p, &b->ncalls, a->ncalls) == -1)
		rc = -1;
	b->listed |= a->listed;
	/* The object at the last fn= line of either. */
	if (a->objseq > b->objseq) {
		b->obj = a->obj;
		b->objseq = a->objseq;
	}
	if (b->codeobj == NULL)
		b->codeobj = a->codeobj;
	while ((c = a->out) != NULL)
		if (call_move(p, c, b, c->key.callee == a ? b :
		    c->key.callee) == -1)
			rc = -1;
	while ((c = a->in) != NULL)
		if (call_move(p, c, c->key.caller, b) == -1)
			rc = -1;
	memset(a->self, 0, p->cw * sizeof(uint64_t));
	cga_fn_merge_into(a, b);
	p->nmerged++;
	return rc;
}

/*
 * fn under a new key, merged with the function that has it, if one does;
 * the one made first stays, so that the model's order is the order
 * names first came in, as if the id had been defined at its first use.
 */
static int
fn_move(struct cga_profile *p, struct cga_fn *fn, const char *file,
    const char *name)
{
	struct cga_fn	*to;
	int		 rc;

	/* The table of functions is made again when next needed. */
	free(p->fntab);
	p->fntab = NULL;
	p->fncap = 0;
	fn_unkey(fn);
	if ((to = fn_find(p, file, name)) == NULL) {
		fn_key(p, fn, file, name);
		free(p->fntab);
		p->fntab = NULL;
		p->fncap = 0;
		return 0;
	}
	if (to->id < fn->id)
		rc = fn_merge(p, fn, to);
	else {
		fn_unkey(to);
		rc = fn_merge(p, to, fn);
		fn_key(p, fn, file, name);
	}
	/* fn_find may have made the table again, with the keys before. */
	free(p->fntab);
	p->fntab = NULL;
	p->fncap = 0;
	return rc;
}

int
cga_fn_rename(struct cga_profile *p, const char *from, const char *to,
    int file)
{
	struct cga_str	*str = str_of(from);
	struct cga_fn	*fn;
	int		 rc = 0;

	if (file)
		while ((fn = str->infile) != NULL)
			rc |= fn_move(p, fn, to, fn->key.name);
	else
		while ((fn = str->fns) != NULL)
			rc |= fn_move(p, fn, fn->key.file, to);
	return rc;
}

void
cga_obj_rename(struct cga_profile *p, const char *from, const char *to)
{
	struct cga_fn	*fn;

	for (fn = p->fns; fn != NULL; fn = fn->next) {
		if (fn->obj == from)
			fn->obj = to;
		if (fn->codeobj == from)
			fn->codeobj = to;
	}
}

/* Takes the sites of file f out of the log, or moves them to file to. */
static void
sites_of(struct cga_profile *p, struct cga_file *f, struct cga_file *to)
{
	struct cga_site	*s;
	size_t		 i, n = 0;

	for (i = 0; i < p->nsites; i++) {
		s = cga_site_at(p, i);
		if (s->key.file == f) {
			if (to == NULL)
				continue;
			s->key.file = to;
		}
		if (n != i)
			memcpy(cga_site_at(p, n), s, p->sitesize);
		n++;
	}
	p->nsites = n;
}

struct line_move {
	struct cga_profile	*p;
	struct cga_file		*to;
	int			 err;
};

static void
line_move(void *ctx, struct cga_file *f, uint64_t line, uint64_t *cost)
{
	struct line_move	*lm = ctx;
	struct cga_fn		*owner, *was;
	uint64_t		*c;

	(void)f;
	c = cga_line_get(lm->p, lm->to, line);
	if (cga_cost_add(lm->p, c, cost) == -1)
		lm->err = 1;
	/* A line of both: owned by the function made first. */
	owner = cga_line_owner(lm->p, cost);
	was = cga_line_owner(lm->p, c);
	if (was == NULL || (owner != NULL && owner->id < was->id))
		c[lm->p->cw] = (uint64_t)(uintptr_t)owner;
}

/* Merges file a's lines and sites into b (or drops them), and a. */
static int
file_merge(struct cga_profile *p, struct cga_file *a, struct cga_file *b,
    int lines)
{
	struct line_move	 lm = { p, b, 0 };

	if (lines)
		cga_file_each(p, a, line_move, &lm);
	cga_file_drop_lines(a);
	sites_of(p, a, lines ? b : NULL);
	a->merged = b;
	p->nmerged++;
	return lm.err ? -1 : 0;
}

/* As fn_move: the file made first stays. */
int
cga_file_rename(struct cga_profile *p, struct cga_file *f, const char *to,
    int lines)
{
	struct cga_file	*into = str_of(to)->file;
	int		 rc = 0;

	str_of(f->name)->file = NULL;
	if (into != NULL && into->id < f->id)
		return file_merge(p, f, into, lines);
	if (into != NULL)
		rc = file_merge(p, into, f, lines);
	f->name = to;
	str_of(to)->file = f;
	if (!lines) {
		cga_file_drop_lines(f);
		sites_of(p, f, NULL);
	}
	return rc;
}
