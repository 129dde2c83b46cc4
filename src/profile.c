/* profile.c: the model's tables and the costs they hold. */
#include <stdlib.h>
#include <string.h>

#include "profile.h"

struct cga_str {
	UT_hash_handle	 hh;
	size_t		 len;
	char		 s[];
};

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
	free(p->ev);
	HASH_CLEAR(hh, p->lines);
	HASH_CLEAR(hh, p->files);
	HASH_CLEAR(hh, p->fns);
	HASH_CLEAR(hh, p->calls);
	HASH_CLEAR(hh, p->sites);
	HASH_CLEAR(hh, p->firsts);
	HASH_CLEAR(hh, p->strs);
	free(p->desc);
	free(p->parts);
	cga_arena_free(&p->arena);
	free(p);
}

/* Equal names share one copy, so tables can key on the pointer. */
const char *
cga_profile_intern(struct cga_profile *p, const char *s, size_t len)
{
	struct cga_str	*e;

	HASH_FIND(hh, p->strs, s, len, e);
	if (e != NULL)
		return e->s;
	e = cga_arena_alloc(&p->arena, sizeof(*e) + len + 1);
	e->len = len;
	memcpy(e->s, s, len);
	e->s[len] = '\0';
	HASH_ADD_KEYPTR(hh, p->strs, e->s, len, e);
	return e->s;
}

void
cga_profile_set_events(struct cga_profile *p, struct cga_event *ev,
    size_t nev, size_t nrec)
{
	p->ev = ev;
	p->nev = nev;
	p->nrec = nrec;
	p->maskw = (nev + 63) / 64;
	p->cw = nev + p->maskw;
}

size_t
cga_event_index(const struct cga_profile *p, const char *name)
{
	size_t	 i;

	for (i = 0; i < p->nev; i++)
		if (strcmp(p->ev[i].name, name) == 0)
			return i;
	return CGA_NOEVENT;
}

uint64_t *
cga_cost_new(struct cga_profile *p)
{
	return cga_arena_alloc(&p->arena, p->cw * sizeof(uint64_t));
}

struct cga_file *
cga_file_get(struct cga_profile *p, const char *name)
{
	struct cga_file	*f;

	HASH_FIND_PTR(p->files, &name, f);
	if (f == NULL) {
		f = cga_arena_alloc(&p->arena, sizeof(*f));
		f->name = name;
		HASH_ADD_PTR(p->files, name, f);
	}
	return f;
}

struct cga_line *
cga_line_find(const struct cga_profile *p, struct cga_file *f, uint64_t line)
{
	struct cga_line_key	 key;
	struct cga_line		*l;

	memset(&key, 0, sizeof(key));
	key.file = f;
	key.line = line;
	HASH_FIND(hh, p->lines, &key, sizeof(key), l);
	return l;
}

struct cga_line *
cga_line_get(struct cga_profile *p, struct cga_file *f, uint64_t line)
{
	struct cga_line	*l = cga_line_find(p, f, line);

	if (l == NULL) {
		l = cga_arena_alloc(&p->arena,
		    sizeof(*l) + p->cw * sizeof(uint64_t));
		l->key.file = f;
		l->key.line = line;
		HASH_ADD(hh, p->lines, key, sizeof(l->key), l);
	}
	return l;
}

static int
line_pos_cmp(const void *a, const void *b)
{
	const struct cga_line	*la = *(const struct cga_line *const *)a;
	const struct cga_line	*lb = *(const struct cga_line *const *)b;
	uintptr_t		 fa = (uintptr_t)la->key.file;
	uintptr_t		 fb = (uintptr_t)lb->key.file;

	if (fa != fb)
		return fa < fb ? -1 : 1;
	if (la->key.line != lb->key.line)
		return la->key.line < lb->key.line ? -1 : 1;
	return 0;
}

struct cga_line **
cga_lines_sorted(const struct cga_profile *p, size_t *np)
{
	struct cga_line	**all, *l, *tmp;
	size_t		  n = 0;

	all = xcalloc(HASH_COUNT(p->lines) + 1, sizeof(*all));
	HASH_ITER(hh, p->lines, l, tmp)
		all[n++] = l;
	qsort(all, n, sizeof(*all), line_pos_cmp);
	*np = n;
	return all;
}

struct cga_fn *
cga_fn_get(struct cga_profile *p, const char *file, const char *name)
{
	struct cga_fn_key	 key;
	struct cga_fn		*fn;
	size_t			 flen, nlen;
	char			*d;

	memset(&key, 0, sizeof(key));
	key.file = file;
	key.name = name;
	HASH_FIND(hh, p->fns, &key, sizeof(key), fn);
	if (fn != NULL)
		return fn;
	fn = cga_arena_alloc(&p->arena, sizeof(*fn));
	fn->key = key;
	flen = strlen(file);
	nlen = strlen(name);
	d = cga_arena_alloc(&p->arena, flen + nlen + 2);
	memcpy(d, file, flen);
	d[flen] = ':';
	memcpy(d + flen + 1, name, nlen + 1);
	fn->display = d;
	fn->self = cga_cost_new(p);
	HASH_ADD(hh, p->fns, key, sizeof(key), fn);
	p->nfns++;
	return fn;
}

struct cga_call *
cga_call_get(struct cga_profile *p, struct cga_fn *caller,
    struct cga_fn *callee)
{
	struct cga_call_key	 key;
	struct cga_call		*c;

	memset(&key, 0, sizeof(key));
	key.caller = caller;
	key.callee = callee;
	HASH_FIND(hh, p->calls, &key, sizeof(key), c);
	if (c == NULL) {
		c = cga_arena_alloc(&p->arena, sizeof(*c));
		c->key = key;
		c->cost = cga_cost_new(p);
		c->next_out = caller->out;
		caller->out = c;
		c->next_in = callee->in;
		callee->in = c;
		HASH_ADD(hh, p->calls, key, sizeof(key), c);
	}
	return c;
}

struct cga_site *
cga_site_get(struct cga_profile *p, struct cga_file *file, uint64_t line,
    struct cga_fn *caller, struct cga_fn *callee)
{
	struct cga_site_key	 key;
	struct cga_site		*s;
	struct cga_first	*first;

	memset(&key, 0, sizeof(key));
	key.file = file;
	key.line = line;
	key.caller = caller;
	key.callee = callee;
	HASH_FIND(hh, p->sites, &key, sizeof(key), s);
	if (s == NULL) {
		s = cga_arena_alloc(&p->arena, sizeof(*s));
		s->key = key;
		s->cost = cga_cost_new(p);
		HASH_ADD(hh, p->sites, key, sizeof(key), s);
		if (cga_first_caller(p, file, line) == NULL) {
			first = cga_arena_alloc(&p->arena, sizeof(*first));
			first->key.file = file;
			first->key.line = line;
			first->caller = caller;
			HASH_ADD(hh, p->firsts, key, sizeof(first->key),
			    first);
		}
	}
	return s;
}

struct cga_fn *
cga_first_caller(const struct cga_profile *p, struct cga_file *file,
    uint64_t line)
{
	struct cga_first_key	 key;
	struct cga_first	*first;

	memset(&key, 0, sizeof(key));
	key.file = file;
	key.line = line;
	HASH_FIND(hh, p->firsts, &key, sizeof(key), first);
	return first != NULL ? first->caller : NULL;
}

int
cga_cost_derive(const struct cga_profile *p, uint64_t *c)
{
	const struct cga_event	*e;
	size_t			 i, t;
	uint64_t		 v, prod;
	int			 def;

	for (i = p->nrec; i < p->nev; i++) {
		e = &p->ev[i];
		v = 0;
		def = 0;
		for (t = 0; t < e->nterms; t++) {
			if (!cga_cost_defined(p, c, e->terms[t].ev))
				continue;
			def = 1;
			if (__builtin_mul_overflow(c[e->terms[t].ev],
			    e->terms[t].coef, &prod) ||
			    __builtin_add_overflow(v, prod, &v))
				return -1;
		}
		c[i] = v;
		if (def)
			cga_cost_define(p, c, i);
	}
	return 0;
}
