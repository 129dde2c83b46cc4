/*
 * objs.h: which functions have code in more than one object (fn->objs),
 * found while loading: --by=object counts each whole in one of them, and
 * says which.  Where one of two objects is a placeholder (an id not yet
 * defined, -j 2's object in force at its cut) the pair waits, in
 * p->objpairs, for the names.
 */
#ifndef CGA_MODEL_OBJS_H
#define CGA_MODEL_OBJS_H

#include "model/profile.h"

/* A function whose code lay in objects a and b, a placeholder among them. */
struct cga_objpair {
	struct cga_fn	*fn;
	const char	*a, *b;
};

/*
 * While loading: the object of fn's code so far, where there is any (a
 * fn= line of it, or code inlined from it, fi= or fe=): *seen, unless
 * seen is NULL.
 */
static inline const char *
cga_fn_code_obj(const struct cga_fn *fn, int *seen)
{
	if (seen != NULL)
		*seen = fn->objseq != 0 || fn->codeseq != 0;
	return fn->objseq != 0 ? fn->obj : fn->codeobj;
}

/* fn's code lay in objects a and b: fn->objs, or a pair to settle. */
void	 cga_fn_two_objects(struct cga_profile *, struct cga_fn *fn,
	    const char *a, const char *b);

/*
 * While loading: fn's code lies in obj too (a fn= line of it, or code
 * inlined from it): when fn had code in another object, fn->objs, or a
 * pair to settle once placeholders have names.  Inline: a fn= line of
 * the 512 MB profile's millions seldom changes it.
 */
static inline void
cga_fn_in_object(struct cga_profile *p, struct cga_fn *fn, const char *obj)
{
	int		 seen;
	const char	*was = cga_fn_code_obj(fn, &seen);

	if (seen && was != obj && !fn->objs)
		cga_fn_two_objects(p, fn, was, obj);
}

/*
 * While merging function a into b: b->objs when a had it, or when a's
 * code lay in another object than b's; a_obj names a's object of its code
 * (cga_fn_code_obj) among b's names.
 */
void	 cga_fn_merge_objs(struct cga_profile *, struct cga_fn *b,
	    const struct cga_fn *a, const char *a_obj);
/*
 * -j 2's merge: q's pairs into p, q's functions merged already (their
 * final ones p's), their names in p's by name(ctx, name).
 */
void	 cga_objpairs_take(struct cga_profile *p, struct cga_profile *q,
	    const char *(*name)(void *, const char *), void *ctx);
/* An object named from before is named to now (cga_obj_rename). */
void	 cga_objpairs_rename(struct cga_profile *, const char *from,
	    const char *to);
/* Once every name is known: each pair of two objects sets its objs. */
void	 cga_objpairs_settle(struct cga_profile *);

#endif
