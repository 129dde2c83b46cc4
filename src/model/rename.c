/*
 * rename.c: names given late.  A name id used before its definition
 * names a placeholder until the definition comes; then what was made
 * under the placeholder takes the name, or is merged into what has it.
 */
#include <stdlib.h>
#include <string.h>

#include "model/model.h"
#include "model/profile.h"
#include "model/objs.h"

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
	struct cga_str	*str = cga_str_of(fn->key.name);
	struct cga_str	*fstr = cga_str_of(fn->key.file);
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
	cga_call_forget(p, c);
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
	cga_fn_merge_objs(p, b, a, cga_fn_code_obj(a, NULL));
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
	if ((to = cga_fn_find(p, file, name)) == NULL) {
		cga_fn_key(p, fn, file, name);
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
		cga_fn_key(p, fn, file, name);
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
	struct cga_str	*str = cga_str_of(from);
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
	cga_objpairs_rename(p, from, to);
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
	if (lm->p->no_owners)
		return;
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
	struct cga_file	*into = cga_str_of(to)->file;
	int		 rc = 0;

	cga_str_of(f->name)->file = NULL;
	if (into != NULL && into->id < f->id)
		return file_merge(p, f, into, lines);
	if (into != NULL)
		rc = file_merge(p, into, f, lines);
	f->name = to;
	cga_str_of(to)->file = f;
	if (!lines) {
		cga_file_drop_lines(f);
		sites_of(p, f, NULL);
	}
	return rc;
}
