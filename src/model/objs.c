/*
 * objs.c: functions with code in more than one object (objs.h).
 */
#include <stdlib.h>

#include "base/xalloc.h"
#include "model/objs.h"

/* Names of no line: a placeholder's (load/loader.h) start with a newline. */
static int
placeholder(const char *name)
{
	return name != NULL && name[0] == '\n';
}

void
cga_fn_two_objects(struct cga_profile *p, struct cga_fn *fn, const char *a,
    const char *b)
{
	struct cga_objpair	*x;

	if (a == b || fn->objs)
		return;
	if (!placeholder(a) && !placeholder(b)) {
		fn->objs = 1;
		return;
	}
	if (p->nobjpairs == p->objpaircap) {
		p->objpaircap = p->objpaircap ? 2 * p->objpaircap : 16;
		p->objpairs = xreallocarray(p->objpairs, p->objpaircap,
		    sizeof(*p->objpairs));
	}
	x = &p->objpairs[p->nobjpairs++];
	x->fn = fn;
	x->a = a;
	x->b = b;
}

void
cga_fn_merge_objs(struct cga_profile *p, struct cga_fn *b,
    const struct cga_fn *a, const char *a_obj)
{
	int	 seen;

	(void)cga_fn_code_obj(a, &seen);
	if (a->objs)
		b->objs = 1;
	else if (seen)
		cga_fn_in_object(p, b, a_obj);
}

void
cga_objpairs_take(struct cga_profile *p, struct cga_profile *q,
    const char *(*name)(void *, const char *), void *ctx)
{
	size_t	 i;

	for (i = 0; i < q->nobjpairs; i++)
		cga_fn_two_objects(p, cga_fn_final(q->objpairs[i].fn),
		    name(ctx, q->objpairs[i].a), name(ctx, q->objpairs[i].b));
	free(q->objpairs);
	q->objpairs = NULL;
	q->nobjpairs = q->objpaircap = 0;
}

void
cga_objpairs_rename(struct cga_profile *p, const char *from, const char *to)
{
	size_t	 i;

	for (i = 0; i < p->nobjpairs; i++) {
		if (p->objpairs[i].a == from)
			p->objpairs[i].a = to;
		if (p->objpairs[i].b == from)
			p->objpairs[i].b = to;
	}
}

void
cga_objpairs_settle(struct cga_profile *p)
{
	struct cga_objpair	*x;
	size_t			 i;

	for (i = 0; i < p->nobjpairs; i++) {
		x = &p->objpairs[i];
		if (x->a != x->b)
			cga_fn_final(x->fn)->objs = 1;
	}
	free(p->objpairs);
	p->objpairs = NULL;
	p->nobjpairs = p->objpaircap = 0;
}
