/* profile.c: a profile's model as a whole: its names, events and costs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "model/model.h"
#include "model/profile.h"

/* A name's bytes: the header without its padding, the name, its NUL. */
#define STR_SIZE(len)	(offsetof(struct cga_str, s) + (len) + 1)

struct cga_profile *
cga_profile_new(void)
{
	return xcalloc(1, sizeof(struct cga_profile));
}

void
cga_profile_free(struct cga_profile *p)
{
	size_t		 i;

	if (p == NULL)
		return;
	for (i = 0; i < p->nev; i++)
		free(p->ev[i].terms);
	/* Those with lines alone: a profile may hold 365,000 files. */
	for (i = 0; i < p->nlined; i++)
		cga_file_drop_lines(p->lined[i]);
	free(p->lined);
	free(p->ev);
	free(p->fntab);
	free(p->fnv);
	free(p->objpairs);
	free(p->callv);
	free(p->calltab);
	free(p->sites);
	free(p->instrs);
	free(p->jumps);
	for (i = 0; i < sizeof(p->strs) / sizeof(p->strs[0]); i++)
		free(p->strs[i].slots);
	free(p->strv);
	free(p->adopted);
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
 * A part made room for want names in all: as big again as it takes, if
 * need be, to stay at most half full.  Its names' hashes say where they
 * go.
 */
static void
strpart_reserve(struct cga_strpart *pt, size_t want)
{
	struct cga_strslot	*old = pt->slots, *v;
	size_t			 i, j, cap;

	if (2 * want <= pt->cap)
		return;
	for (cap = pt->cap ? 2 * (size_t)pt->cap : 16; cap < 2 * want;
	    cap *= 2)
		;
	if (cap > UINT32_MAX)
		cga_oom();
	v = xcalloc_written(cap, sizeof(*v));
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

/* Name s of hash h interned. */
static const char *
intern_hashed(struct cga_profile *p, const char *s, size_t len, uint32_t h)
{
	struct cga_strslot	*slot;
	struct cga_str		*e;

	strpart_reserve(str_part(p, h), (size_t)str_part(p, h)->n + 1);
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

/* Equal names share one copy, so that tables can key on the pointer. */
const char *
cga_profile_intern(struct cga_profile *p, const char *s, size_t len)
{
	return intern_hashed(p, s, len, cga_hash(s, len));
}

void
cga_namemap_init(struct cga_namemap *m, const struct cga_profile *p,
    struct cga_profile *q)
{
	const struct cga_strpart *pt;
	size_t			  i, k;

	m->p = p;
	m->q = q;
	m->hash = xcalloc(p->nstrs + 1, sizeof(*m->hash));
	m->have = xcalloc(p->nstrs + 1, 1);
	m->to = xcalloc_written(p->nstrs + 1, sizeof(*m->to));
	for (i = 0; i < sizeof(p->strs) / sizeof(p->strs[0]); i++) {
		pt = &p->strs[i];
		for (k = 0; k < pt->cap; k++)
			if (pt->slots[k].str != 0 &&
			    pt->slots[k].str <= p->nstrs) {
				m->hash[pt->slots[k].str] = pt->slots[k].hash;
				m->have[pt->slots[k].str] = 1;
			}
		/* A part's names hash there in q too: room made at once. */
		strpart_reserve(&q->strs[i], (size_t)q->strs[i].n + pt->n);
	}
}

const char *
cga_namemap_get(struct cga_namemap *m, const char *s)
{
	uint32_t	 no = cga_name_no(s);
	size_t		 len;

	/* Not p's (a placeholder a -j 2 thread named): interned as any. */
	if (no == 0 || no > m->p->nstrs || m->p->strv[no - 1]->s != s)
		return cga_profile_intern(m->q, s, strlen(s));
	if (m->to[no] == NULL) {
		len = cga_str_of(s)->len;
		m->to[no] = m->have[no] ? intern_hashed(m->q, s, len,
		    m->hash[no]) : cga_profile_intern(m->q, s, len);
	}
	return m->to[no];
}

void
cga_namemap_free(struct cga_namemap *m)
{
	free(m->hash);
	free(m->have);
	free(m->to);
	memset(m, 0, sizeof(*m));
}

/* Names of q adopted at once: their slots in p are fetched ahead. */
#define ADOPT_AHEAD	16

/*
 * Names of q (-j 2's thread's model, whose arena p takes) become p's: a
 * name p lacks is taken whole, its header made p's; every other one is
 * numbered as p's name of the same bytes.  Each name's hash is read from
 * q's table rather than computed again; each part of p's is made room
 * for all it will hold first; and the slots where names are looked for
 * are fetched ADOPT_AHEAD names ahead, so that their cache misses
 * overlap.  q's table of names goes then, before p's grows; its list
 * stays, so that q's numbers still name its names (cga_profile_name)
 * until it is freed.  Placeholders ("\n" and a number, or a word: ids.c,
 * split.c) stay q's.
 */
void
cga_profile_adopt_names(struct cga_profile *p, struct cga_profile *q)
{
	struct cga_strslot	*slot;
	struct cga_strpart	*pt;
	struct cga_str		*e;
	uint32_t		*hv, h;	/* each name's hash, then its number */
	size_t			 need = p->nstrs + q->nstrs, cap, i, k;

	if (need >= UINT32_MAX - 1)
		cga_oom();
	hv = q->adopted = xcalloc(q->nstrs + 1, sizeof(*q->adopted));
	for (i = 0; i < sizeof(q->strs) / sizeof(q->strs[0]); i++) {
		pt = &q->strs[i];
		for (k = 0; k < pt->cap; k++)
			if (pt->slots[k].str != 0)
				hv[pt->slots[k].str - 1] = pt->slots[k].hash;
		strpart_reserve(&p->strs[i], (size_t)p->strs[i].n + pt->n);
		free(pt->slots);
	}
	memset(q->strs, 0, sizeof(q->strs));
	for (cap = p->strvcap ? p->strvcap : 1024; cap < need; cap *= 2)
		;
	if (cap != p->strvcap) {
		p->strvcap = cap;
		p->strv = xreallocarray(p->strv, p->strvcap, sizeof(*p->strv));
	}
	for (i = 0; i < q->nstrs; i++) {
		if (i + ADOPT_AHEAD < q->nstrs) {
			h = hv[i + ADOPT_AHEAD];
			pt = str_part(p, h);
			__builtin_prefetch(&pt->slots[h & (pt->cap - 1)]);
		}
		e = q->strv[i];
		if (e->s[0] == '\n') {
			q->adopted[i] = 0;
			continue;
		}
		h = hv[i];
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
		e->no = q->adopted[i] = slot->str;
	}
}

void
cga_profile_forget_names(struct cga_profile *q)
{
	free(q->strv);
	free(q->adopted);
	q->strv = NULL;
	q->adopted = NULL;
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
		cga_str_of(ev[i].name)->event = (uint32_t)(i + 1);
	p->maskw = (nev + 63) / 64;
	p->cw = nev + p->maskw;
	p->lw = p->cw + !p->no_owners;
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

/* v += coef * c, signed in a difference: -1 on overflow. */
static int
term_add(const struct cga_profile *p, uint64_t *v, uint64_t c, uint64_t coef)
{
	uint64_t	 prod;
	int64_t		 sprod;

	if (!p->diff)
		return __builtin_mul_overflow(c, coef, &prod) ||
		    __builtin_add_overflow(*v, prod, v) ? -1 : 0;
	if (coef > INT64_MAX ||
	    __builtin_mul_overflow((int64_t)c, (int64_t)coef, &sprod))
		return -1;
	return cga_count_add(p, v, (uint64_t)sprod);
}

int
cga_cost_derive(const struct cga_profile *p, uint64_t *c)
{
	const struct cga_event	*e;
	size_t			 i, t;
	uint64_t		 v;
	int			 def;

	for (i = p->nrec; i < p->nev; i++) {
		e = &p->ev[i];
		v = 0;
		def = 0;
		for (t = 0; t < e->nterms; t++) {
			if (!cga_cost_defined(p, c, e->terms[t].ev))
				continue;
			def = 1;
			if (term_add(p, &v, c[e->terms[t].ev],
			    e->terms[t].coef) == -1)
				return -1;
		}
		c[i] = v;
		if (def)
			cga_cost_define(p, c, i);
	}
	return 0;
}
