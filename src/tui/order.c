/*
 * order.c: the function list's orders, by each shown event, self and
 * inclusive: a stable radix sort of (cost, position) pairs read once,
 * from the report's order in that mode, so that ties keep it.  A thread
 * makes them all from the start (the model is only read), so that s, S
 * and i find them made; a key that comes first makes its own, and the
 * first one made is kept.
 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "tui/pane.h"

/* A position and its sort key, read once for a sort. */
struct kp {
	uint64_t	 key;		/* ascending order */
	uint32_t	 pos;
	uint32_t	 cls;		/* bit 0 a loss, bit 1 not defined */
};

struct tui_orders {
	const struct tui *t;		/* read only, by the thread too */
	_Atomic(uint32_t *) *slot[2];	/* by mode, by shown event */
	size_t		  nshow;
	pthread_t	  thread;
	int		  started;
	atomic_int	  stop;
};

/*
 * One stable pass of a counting sort of a into b, ascending, by 16 bits
 * of the key from shift, or by bit shift of cls; skipped when every key
 * has the same such bits.
 */
static void
pass(struct kp **a, struct kp **b, size_t *count, size_t n, int of_cls,
    unsigned shift)
{
	size_t		 i, sum = 0, c, d, mask = of_cls ? 1 : 0xffff;
	struct kp	*swap;

	memset(count, 0, (mask + 1) * sizeof(count[0]));
	for (i = 0; i < n; i++)
		count[((of_cls ? (*a)[i].cls : (*a)[i].key) >> shift) & mask]++;
	for (d = 0; d <= mask; d++) {
		if (count[d] == n)
			return;		/* all alike: nothing to do */
		c = count[d];
		count[d] = sum;
		sum += c;
	}
	for (i = 0; i < n; i++)
		(*b)[count[((of_cls ? (*a)[i].cls : (*a)[i].key) >> shift) &
		    mask]++] = (*a)[i];
	swap = *a;
	*a = *b;
	*b = swap;
}

/*
 * The key of each position of the mode's order for event e, as
 * cga_cost_cmp orders costs: defined before not, larger (in a
 * difference: larger change, then gains) first.
 */
static void
keys(const struct tui *t, int incl, size_t e, struct kp *a, size_t n)
{
	const struct cga_profile *p = t->v.p;
	const struct tui_list	*l = &t->list;
	const uint32_t		*base = l->base[incl];
	const uint64_t		*c;
	size_t			 i;

	for (i = 0; i < n; i++) {
		if (i + 16 < n)
			__builtin_prefetch(l->fns0[base[i + 16]]);
		c = incl ? l->fns0[base[i]]->incl : l->fns0[base[i]]->self;
		a[i].pos = base[i];
		if (c == NULL || !cga_cost_defined(p, c, e)) {
			a[i].key = UINT64_MAX;
			a[i].cls = 2;
		} else if (t->v.diff) {
			a[i].key = ~cga_magnitude(c[e]);
			a[i].cls = (int64_t)c[e] < 0;
		} else {
			a[i].key = ~c[e];
			a[i].cls = 0;
		}
	}
}

/* The order of mode incl by the k-th shown event, made now. */
static uint32_t *
make(const struct tui *t, int incl, size_t k)
{
	size_t		 n = incl ? t->list.nincl : t->list.nself, i;
	size_t		*count = xcalloc(1 << 16, sizeof(*count));
	struct kp	*a, *b;
	uint32_t	*order;
	unsigned	 s;

	a = xcalloc(n + 1, sizeof(*a));
	b = xcalloc(n + 1, sizeof(*b));
	keys(t, incl, t->v.show[k], a, n);
	pass(&a, &b, count, n, 1, 0);
	for (s = 0; s < 64; s += 16)
		pass(&a, &b, count, n, 0, s);
	pass(&a, &b, count, n, 1, 1);
	order = xcalloc(n + 1, sizeof(*order));
	for (i = 0; i < n; i++)
		order[i] = a[i].pos;
	free(a);
	free(b);
	free(count);
	return order;
}

/* Keeps order in its slot unless one is there: the one kept. */
static uint32_t *
keep(_Atomic(uint32_t *) *slot, uint32_t *order)
{
	uint32_t	*none = NULL;

	if (atomic_compare_exchange_strong(slot, &none, order))
		return order;
	free(order);
	return atomic_load(slot);
}

static void *
warm(void *arg)
{
	struct tui_orders	*o = arg;
	size_t			 k;
	int			 m, incl;

	/* The other mode first: i is the likelier key. */
	for (m = 0; m < 2; m++)
		for (k = 0; k < o->nshow && !atomic_load(&o->stop); k++) {
			incl = o->t->list.inclusive ? 1 - m : m;
			if (incl && !o->t->v.p->have_incl)
				continue;
			if (atomic_load(&o->slot[incl][k]) == NULL)
				keep(&o->slot[incl][k], make(o->t, incl, k));
		}
	return NULL;
}

void
tui_orders_start(struct tui *t)
{
	struct tui_orders	*o = xcalloc(1, sizeof(*o));
	size_t			 k;

	o->t = t;
	o->nshow = t->v.nshow;
	o->slot[0] = xcalloc(o->nshow + 1, sizeof(*o->slot[0]));
	o->slot[1] = xcalloc(o->nshow + 1, sizeof(*o->slot[1]));
	for (k = 0; k < o->nshow; k++) {
		atomic_init(&o->slot[0][k], NULL);
		atomic_init(&o->slot[1][k], NULL);
	}
	atomic_init(&o->stop, 0);
	o->started = pthread_create(&o->thread, NULL, warm, o) == 0;
	t->list.orders = o;
}

const uint32_t *
tui_orders_get(struct tui *t, int incl, size_t k)
{
	struct tui_orders	*o = t->list.orders;
	uint32_t		*order;

	if ((order = atomic_load(&o->slot[incl][k])) != NULL)
		return order;
	return keep(&o->slot[incl][k], make(t, incl, k));
}

void
tui_orders_stop(struct tui *t)
{
	struct tui_orders	*o = t->list.orders;
	size_t			 k;

	if (o == NULL)
		return;
	atomic_store(&o->stop, 1);
	if (o->started)
		pthread_join(o->thread, NULL);
	for (k = 0; k < o->nshow; k++) {
		free(atomic_load(&o->slot[0][k]));
		free(atomic_load(&o->slot[1][k]));
	}
	free(o->slot[0]);
	free(o->slot[1]);
	free(o);
	t->list.orders = NULL;
}
