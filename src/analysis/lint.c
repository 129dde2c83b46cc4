/*
 * lint.c: what --check adds for the writers of profiles, once the model
 * is loaded: calls that cost more than the whole program.  (The recovery
 * after a bad line is body.c's, messages held in line order diag.c's.)
 */
#include <stdio.h>
#include <stdlib.h>

#include "analysis/lint.h"
#include "base/diag.h"
#include "base/xalloc.h"
#include "model/profile.h"

/*
 * The events of which call c cost more than the program total, as
 * "Ir: 10, total: 8; ..." (free it), or NULL when none.
 */
static char *
above_total(const struct cga_profile *p, const struct cga_call *c)
{
	FILE	*m;
	char	*list;
	size_t	 i, len, n = 0;

	if ((m = open_memstream(&list, &len)) == NULL)
		cga_oom();
	for (i = 0; i < p->nrec; i++)
		if (c->cost[i] > p->total[i])
			fprintf(m, "%s%s: %llu, total: %llu", n++ ? "; " : "",
			    p->ev[i].name, (unsigned long long)c->cost[i],
			    (unsigned long long)p->total[i]);
	if (fclose(m) != 0)
		cga_oom();
	if (n == 0) {
		free(list);
		return NULL;
	}
	return list;
}

/*
 * A call's cost is inclusive: what the program did inside the calls,
 * which the program total holds.  Recorded costs of calls within a
 * cycle of the call graph count nested calls again (callgrind writes
 * them so), and calls=0 (a call running when the dump was taken) may
 * hold cost of the dumps before: neither is checked; nor are profiles
 * cut short or signed (differences).
 */
unsigned long
cga_lint_calls(struct cga_profile *p, const char *path)
{
	const struct cga_fn	*fn;
	const struct cga_site	*s;
	struct cga_call		*c;
	uint64_t		*first;
	unsigned long		 n = 0;
	char			*list;
	size_t			 i;
	uint64_t		 nseq = p->callseq;

	/* A truncated profile's total lacks what its calls' costs hold. */
	if (p->diff || p->truncated || p->total == NULL)
		return 0;
	/*
	 * The first cost line of each edge, by its number (seq), from the
	 * call sites, which --check keeps with the profile line of each.
	 */
	first = xcalloc(nseq + 1, sizeof(*first));
	for (i = 0; i < p->nsites; i++) {
		s = cga_site_at(p, i);
		c = cga_call_get(p, s->key.caller, s->key.callee);
		if (c->seq < nseq && (first[c->seq] == 0 ||
		    s->lineno < first[c->seq]))
			first[c->seq] = s->lineno;
	}
	for (fn = p->fns; fn != NULL; fn = fn->next)
		for (c = fn->out; c != NULL; c = c->next_out) {
			if (c->recursive || c->count == 0 ||
			    (list = above_total(p, c)) == NULL)
				continue;
			cga_diag_msgf(path, c->seq < nseq ?
			    first[c->seq] : 0, CGA_MSG_CALL_ABOVE_TOTAL,
			    c->key.caller->display, c->key.callee->display,
			    list);
			free(list);
			n++;
		}
	free(first);
	return n;
}
