/*
 * tables.c: the model's files, functions, call edges and call sites:
 * made, found, and taken whole from -j 2's other model.
 */
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "model/profile.h"

struct cga_file *
cga_file_get(struct cga_profile *p, const char *name)
{
	struct cga_str	*str = cga_str_of(name);
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
	cga_str_of(name)->file = f;
	if (f->lines != NULL)
		cga_file_lined(p, f);
}

struct cga_file *
cga_file_find(const struct cga_profile *p, const char *name)
{
	(void)p;
	return cga_str_of(name)->file;
}

size_t
cga_fn_namesakes(const struct cga_fn *fn)
{
	return cga_str_of(fn->key.name)->nfns;
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
		p->fntab = xcalloc_written(p->fncap, sizeof(*p->fntab));
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
	struct cga_str	*str = cga_str_of(name), *fstr = cga_str_of(file);
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
	const struct cga_str *str = cga_str_of(fn->key.name);
	const struct cga_str *fstr = cga_str_of(fn->key.file);
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
	xlen = cga_str_of(a->key.file)->len;
	ylen = cga_str_of(b->key.file)->len;
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

void
cga_fn_key(struct cga_profile *p, struct cga_fn *fn, const char *file,
    const char *name)
{
	struct cga_str	*str = cga_str_of(name), *fstr = cga_str_of(file);

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

struct cga_fn **
cga_fns_by_id(const struct cga_profile *p)
{
	struct cga_fn	**v = xcalloc(p->nfns + 1, sizeof(*v)), *fn;

	if (p->fnv != NULL)	/* a copy, not a walk down the list */
		memcpy(v, p->fnv, p->nfns * sizeof(*v));
	else
		for (fn = p->fns; fn != NULL; fn = fn->next)
			v[fn->id] = fn;
	return v;
}

void
cga_fns_index(struct cga_profile *p)
{
	struct cga_fn	*fn;

	if (p->fnv != NULL)
		return;
	for (p->fnvcap = 1024; p->fnvcap <= p->nfns; p->fnvcap *= 2)
		;
	p->fnv = xcalloc(p->fnvcap, sizeof(*p->fnv));
	for (fn = p->fns; fn != NULL; fn = fn->next)
		p->fnv[fn->id] = fn;
}

/* Makes fn, keyed, the last of the model's functions. */
static void
fn_append(struct cga_profile *p, struct cga_fn *fn, const char *file,
    const char *name)
{
	/* 2^32 functions would take 640 GB. */
	if (p->nfns >= UINT32_MAX)
		cga_oom();
	cga_fn_key(p, fn, file, name);
	fn->id = (uint32_t)p->nfns;
	if (p->fnv != NULL) {
		if (p->nfns == p->fnvcap) {
			p->fnvcap *= 2;
			p->fnv = xreallocarray(p->fnv, p->fnvcap,
			    sizeof(*p->fnv));
		}
		p->fnv[p->nfns] = fn;
	}
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

/* Edges a short list is walked for rather than looked up in the table. */
#define CALLS_WALK	8

/*
 * A key's hash: its two functions' addresses under the run's random key
 * (base/hash.h), so that no profile can make its edges collide.
 */
static uint32_t
call_hash(const struct cga_fn *caller, const struct cga_fn *callee)
{
	const struct cga_fn	*key[2] = { caller, callee };

	return (uint32_t)cga_siphash(key, sizeof(key));
}

/* The slot of the edge from caller to callee, or the free one it would take. */
static struct cga_callslot *
call_slot(const struct cga_profile *p, const struct cga_fn *caller,
    const struct cga_fn *callee, uint32_t h)
{
	struct cga_callslot	*slot;
	const struct cga_call	*c;
	size_t			 i, mask = p->calltabcap - 1;

	for (i = h & mask;; i = (i + 1) & mask) {
		slot = &p->calltab[i];
		if (slot->call == 0)
			return slot;
		if (slot->hash != h || (c = p->callv[slot->call - 1]) == NULL)
			continue;
		if (c->key.caller == caller && c->key.callee == callee)
			return slot;
	}
}

/* Puts edge c in the table, which lacks it and has room. */
static void
call_put(struct cga_profile *p, struct cga_call *c, uint32_t h)
{
	size_t	 j, mask = p->calltabcap - 1;

	for (j = h & mask; p->calltab[j].call != 0; j = (j + 1) & mask)
		;
	p->calltab[j].hash = h;
	p->calltab[j].call = c->no;
	p->calltabn++;
	c->indexed = 1;
}

/*
 * Makes the table room for one more edge: when that would make it more
 * than half full, a table a quarter full or less, without the slots of
 * edges taken out.  The hashes are read from the
 * old slots, or from the edges when there are none.
 */
static void
calltab_room(struct cga_profile *p)
{
	struct cga_callslot	*old = p->calltab;
	struct cga_call		*c;
	size_t			 oldcap = p->calltabcap, cap, i;
	size_t			 n = p->calltabn;

	if (old != NULL && 2 * (n + 1) <= oldcap)
		return;
	if (old == NULL)
		for (i = 0; (c = cga_call_next(p, &i)) != NULL;)
			n += c->indexed;
	for (cap = 1024; cap < 4 * (n + 1); cap *= 2)
		;
	p->calltab = xcalloc_written(cap, sizeof(*p->calltab));
	p->calltabcap = cap;
	p->calltabn = 0;
	if (old == NULL) {
		for (i = 0; (c = cga_call_next(p, &i)) != NULL;)
			if (c->indexed)
				call_put(p, c, call_hash(c->key.caller,
				    c->key.callee));
		return;
	}
	for (i = 0; i < oldcap; i++)
		if (old[i].call != 0 && (c = p->callv[old[i].call - 1]) !=
		    NULL)
			call_put(p, c, old[i].hash);
	free(old);
}

static void
call_index(struct cga_profile *p, struct cga_call *c)
{
	if (c->indexed)
		return;
	calltab_room(p);
	call_put(p, c, call_hash(c->key.caller, c->key.callee));
}

/*
 * The edge from caller to callee, or NULL.  Most functions call and are
 * called by few others: walking the shorter of the two lists, when it is
 * short, finds an edge, or shows there is none yet, without reading the
 * table at random.
 */
struct cga_call *
cga_call_find(const struct cga_profile *p, struct cga_fn *caller,
    struct cga_fn *callee)
{
	struct cga_callslot	*slot;
	struct cga_call		*c;

	if (caller->nout <= CALLS_WALK && caller->nout <= callee->nin) {
		for (c = caller->out; c != NULL; c = c->next_out)
			if (c->key.callee == callee)
				return c;
	} else if (callee->nin <= CALLS_WALK) {
		for (c = callee->in; c != NULL; c = c->next_in)
			if (c->key.caller == caller)
				return c;
	} else if (p->calltabcap != 0) {
		/* Both lists long: every edge of such a pair is indexed. */
		slot = call_slot(p, caller, callee, call_hash(caller, callee));
		return slot->call != 0 ? p->callv[slot->call - 1] : NULL;
	}
	return NULL;
}

/*
 * Makes c the edge from caller to callee, the last made.  An edge goes in
 * the table once both its functions' lists are long; a list that becomes
 * long puts its edges whose other end's list is long there too.
 */
static void
call_link(struct cga_profile *p, struct cga_call *c, struct cga_fn *caller,
    struct cga_fn *callee)
{
	struct cga_call	*e;

	/* 2^32 edges would take more memory than there is. */
	if (p->ncallv >= UINT32_MAX - 1)
		cga_oom();
	if (p->ncallv == p->callvcap) {
		p->callvcap = p->callvcap ? 2 * p->callvcap : 1024;
		p->callv = xreallocarray(p->callv, p->callvcap,
		    sizeof(*p->callv));
	}
	p->callv[p->ncallv++] = c;
	p->ncalls++;
	c->no = (uint32_t)p->ncallv;
	c->indexed = 0;
	c->key.caller = caller;
	c->key.callee = callee;
	c->seq = p->callseq++;
	c->next_out = caller->out;
	caller->out = c;
	caller->nout++;
	c->next_in = callee->in;
	callee->in = c;
	callee->nin++;
	if (caller->nout == CALLS_WALK + 1)
		for (e = caller->out; e != NULL; e = e->next_out)
			if (e->key.callee->nin > CALLS_WALK)
				call_index(p, e);
	if (callee->nin == CALLS_WALK + 1)
		for (e = callee->in; e != NULL; e = e->next_in)
			if (e->key.caller->nout > CALLS_WALK)
				call_index(p, e);
	if (caller->nout > CALLS_WALK && callee->nin > CALLS_WALK)
		call_index(p, c);
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
	c->incl = NULL;
	c->recursive = 0;
	call_link(p, c, caller, callee);
}

void
cga_call_forget(struct cga_profile *p, struct cga_call *c)
{
	/* Its slot, if it has one, stays until the table grows. */
	p->callv[c->no - 1] = NULL;
	p->ncalls--;
}

static int
call_seq_cmp(const void *a, const void *b)
{
	const struct cga_call	*x = *(struct cga_call *const *)a;
	const struct cga_call	*y = *(struct cga_call *const *)b;

	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void
cga_calls_by_seq(struct cga_profile *p)
{
	size_t	 i, n = 0;
	int	 sorted = 1;

	for (i = 0; i < p->ncallv; i++)
		if (p->callv[i] != NULL) {
			if (n > 0 && p->callv[n - 1]->seq > p->callv[i]->seq)
				sorted = 0;
			p->callv[n++] = p->callv[i];
		}
	p->ncallv = n;
	if (!sorted)
		qsort(p->callv, n, sizeof(*p->callv), call_seq_cmp);
	for (i = 0; i < n; i++)
		p->callv[i]->no = (uint32_t)(i + 1);
	free(p->calltab);
	p->calltab = NULL;
	p->calltabcap = p->calltabn = 0;
	calltab_room(p);
}

void
cga_calls_free(struct cga_profile *p)
{
	free(p->callv);
	free(p->calltab);
	p->callv = NULL;
	p->calltab = NULL;
	p->ncallv = p->callvcap = p->ncalls = 0;
	p->calltabcap = p->calltabn = 0;
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
