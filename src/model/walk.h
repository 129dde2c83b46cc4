/*
 * walk.h: walks over a model's functions and call edges that ask for
 * what lies ahead of them, so that their cache misses overlap (a model of
 * the 512 MB profile holds 759,000 functions and a million edges, and a
 * walk that waits for each spends most of its time so).  Used by the
 * inclusive costs, groups, stacks, frames and the ranking.
 */
#ifndef CGA_WALK_H
#define CGA_WALK_H

#include "model/profile.h"

/*
 * p's i-th function, prev the one before it (NULL at first): by id from
 * p->fnv where the model keeps one, so that a walk can ask for the
 * functions ahead of it (cga_fn_walk_ahead), else down the list, whose
 * every step waits for the one before:
 *	for (fn = NULL, i = 0; (fn = cga_fn_walk(p, fn, i)) != NULL; i++)
 */
static inline struct cga_fn *
cga_fn_walk(const struct cga_profile *p, struct cga_fn *prev, size_t i)
{
	if (p->fnv != NULL)
		return i < p->nfns ? p->fnv[i] : NULL;
	return i == 0 ? p->fns : prev->next;
}

/*
 * For such a walk at i: the function ahead on asked for, and half as far
 * ahead its exclusive and inclusive costs (nothing without p->fnv).
 */
static inline void
cga_fn_walk_ahead(const struct cga_profile *p, size_t i, size_t ahead)
{
	const struct cga_fn	*fn;

	if (p->fnv == NULL)
		return;
	if (i + ahead < p->nfns)
		__builtin_prefetch(p->fnv[i + ahead]);
	if (i + ahead / 2 < p->nfns) {
		fn = p->fnv[i + ahead / 2];
		__builtin_prefetch(fn->self);
		if (fn->incl != NULL)
			__builtin_prefetch(fn->incl);
	}
}

/*
 * For a walk over p->callv that reads each edge's caller and callee, at
 * edge k: asks for the edge ahead edges on, and the functions of the
 * edge ahead / 2 on, so that their cache misses overlap.
 */
static inline void
cga_call_fetch_ahead(const struct cga_profile *p, size_t k, size_t ahead)
{
	const struct cga_call	*c;

	if (k + ahead < p->ncallv && p->callv[k + ahead] != NULL)
		__builtin_prefetch(p->callv[k + ahead]);
	if (k + ahead / 2 < p->ncallv &&
	    (c = p->callv[k + ahead / 2]) != NULL) {
		__builtin_prefetch(c->key.caller);
		__builtin_prefetch(c->key.callee);
	}
}

#endif
