/*
 * gate.c: the regression gate of --diff: whether the program total of an
 * event, or any one function's exclusive cost of it, rose by more than a
 * limit, in counts or in percent of OLD's total, compared exactly.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/gate.h"
#include "base/diag.h"
#include "base/fmt.h"
#include "base/num.h"
#include "base/xalloc.h"
#include "model/profile.h"

/* Decimal digits at *sp (no 0x form) into *v, their number in *n. */
static int
digits(const char **sp, uint64_t *v, size_t *n)
{
	const char	*s = *sp;

	*n = 0;
	*v = 0;
	if (*s < '0' || *s > '9')
		return 0;
	if (s[0] == '0' && (s[1] | 0x20) == 'x')
		return -1;
	if (cga_number(sp, v) != NUM_OK)
		return -2;
	*n = (size_t)(*sp - s);
	return 0;
}

/*
 * N of one limit: digits with at most one point among or around them,
 * then '%' for a percentage; a count has no point.  The one number parser
 * reads each run of digits.
 */
static const char *
parse_number(const char *s, struct cga_gate_limit *l)
{
	static const char big[] = "the number does not fit in 64 bits";
	uint64_t	 ip, fp = 0, scale = 1;
	size_t		 ni, nf = 0, i;
	int		 r;

	if (*s == '-')
		return "a limit must not be negative";
	if ((r = digits(&s, &ip, &ni)) < 0)
		return r == -2 ? big : "expected a number";
	if (*s == '.') {
		s++;
		if ((r = digits(&s, &fp, &nf)) < 0)
			return r == -2 ? big : "expected a number";
		if (nf > CGA_GATE_DEC)
			return "at most 6 decimals, please";
	}
	if (ni + nf == 0)
		return "expected a number";
	l->percent = *s == '%';
	if (*s == '%')
		s++;
	if (*s != '\0')
		return "expected a number, then '%' for a percentage";
	for (i = 0; i < nf; i++)
		scale *= 10;
	if (__builtin_mul_overflow(ip, scale, &l->num) ||
	    __builtin_add_overflow(l->num, fp, &l->num))
		return big;
	l->dec = (unsigned)nf;
	if (!l->percent && nf > 0)
		return "a count has no decimals (add '%' for a percentage)";
	return NULL;
}

static const char *
parse_item(const char *item, int function, struct cga_gate_limit *l)
{
	const char	*colon = strrchr(item, ':');

	memset(l, 0, sizeof(*l));
	l->function = function;
	if (colon == NULL || colon == item)
		return "expected EVENT:N or EVENT:N%";
	l->event = xmemdup0(item, (size_t)(colon - item));
	return parse_number(colon + 1, l);
}

int
cga_gate_parse(struct cga_gate_limit **limits, size_t *n, const char *arg,
    int function, char *err, size_t errsize)
{
	const char	*s = arg, *comma, *why;
	char		*item;

	do {
		comma = strchr(s, ',');
		item = xmemdup0(s, comma != NULL ? (size_t)(comma - s) :
		    strlen(s));
		*limits = xreallocarray(*limits, *n + 1, sizeof(**limits));
		why = parse_item(item, function, &(*limits)[*n]);
		(*n)++;		/* freed with the others, even when wrong */
		if (why != NULL) {
			snprintf(err, errsize, "%s: '%s'", why, item);
			free(item);
			return -1;
		}
		free(item);
		s = comma + 1;
	} while (comma != NULL);
	return 0;
}

void
cga_gate_limits_free(struct cga_gate_limit *limits, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		free(limits[i].event);
	free(limits);
}

/* The 128-bit product of a and b in *hi and *lo. */
static void
mul128(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
	uint64_t	 a0 = a & 0xffffffff, a1 = a >> 32;
	uint64_t	 b0 = b & 0xffffffff, b1 = b >> 32;
	uint64_t	 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0;
	uint64_t	 mid;

	mid = (p00 >> 32) + (p01 & 0xffffffff) + (p10 & 0xffffffff);
	*lo = mid << 32 | (p00 & 0xffffffff);
	*hi = a1 * b1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

int
cga_gate_product_gt(uint64_t a, uint64_t b, uint64_t c, uint64_t d)
{
	uint64_t	 h1, l1, h2, l2;

	mul128(a, b, &h1, &l1);
	mul128(c, d, &h2, &l2);
	return h1 > h2 || (h1 == h2 && l1 > l2);
}

/*
 * Whether a rise exceeds the limit: more than N counts, or more than N % of
 * OLD's total, which any rise from a total of 0 is (0 to 0 is none).
 */
static int
exceeds(const struct cga_gate_limit *l, int64_t change, int64_t old_total)
{
	uint64_t	 scale = 100;
	unsigned	 i;

	if (change <= 0)
		return 0;
	if (!l->percent)
		return (uint64_t)change > l->num;
	if (old_total <= 0)
		return 1;
	for (i = 0; i < l->dec; i++)
		scale *= 10;
	/* change / old_total * 100 > num / 10^dec */
	return cga_gate_product_gt((uint64_t)change, scale, l->num,
	    (uint64_t)old_total);
}

/* A profile's total of the event named, as a signed count; 0 if none. */
static int64_t
total_of(const struct cga_profile *p, const char *name)
{
	size_t	 e = cga_event_index(p, name);

	if (e == CGA_NOEVENT || !cga_cost_defined(p, p->total, e))
		return 0;
	return (int64_t)p->total[e];
}

/* c[e] of the difference as a signed count; 0 where never counted. */
static int64_t
count_of(const struct cga_profile *d, const uint64_t *c, size_t e)
{
	return c != NULL && cga_cost_defined(d, c, e) ? (int64_t)c[e] : 0;
}

/* The function whose exclusive cost rose most (then by name); -1: overflow. */
static int
worst_function(const struct cga_profile *d, size_t e,
    struct cga_gate_verdict *v)
{
	const struct cga_fn	*fn;
	int64_t			 change, old, new;

	v->old = v->new = v->change = 0;
	for (fn = d->fns; fn != NULL; fn = fn->next) {
		change = count_of(d, fn->self, e);
		if (change <= 0 || change < v->change || (change == v->change &&
		    strcmp(fn->display, v->worst->display) >= 0))
			continue;
		old = count_of(d, cga_fn_base_self(fn), e);
		if (__builtin_add_overflow(old, change, &new))
			return -1;
		v->worst = fn;
		v->old = old;
		v->new = new;
		v->change = change;
	}
	return 0;
}

static void
unknown_event(const struct cga_profile *d, const struct cga_gate_limit *l)
{
	char	*list = cga_event_list(d);

	cga_diag("%s event '%s' is in neither %s nor %s; their events are:%s",
	    l->function ? "--fail-above-function" : "--fail-above", l->event,
	    d->base_path, d->path, list);
	free(list);
}

int
cga_gate_check(struct cga_gate **gp, const struct cga_gate_limit *limits,
    size_t n, const struct cga_profile *old, const struct cga_profile *new,
    const struct cga_profile *d)
{
	struct cga_gate		*g = xcalloc(1, sizeof(*g));
	struct cga_gate_verdict	*v;
	const char		*bad = NULL;
	size_t			 i, e;
	int			 rc = 0;

	g->v = xcalloc(n + 1, sizeof(*g->v));
	for (i = 0; i < n && rc == 0; i++, g->n++) {
		v = &g->v[i];
		v->limit = &limits[i];
		if ((e = cga_event_index(d, limits[i].event)) == CGA_NOEVENT) {
			unknown_event(d, &limits[i]);
			rc = -2;
			break;
		}
		bad = limits[i].event;
		v->old_total = total_of(old, limits[i].event);
		if (!limits[i].function) {
			v->old = v->old_total;
			v->new = total_of(new, limits[i].event);
			if (__builtin_sub_overflow(v->new, v->old, &v->change))
				rc = -1;
		} else if (worst_function(d, e, v) == -1)
			rc = -1;
		v->exceeded = exceeds(v->limit, v->change, v->old_total);
		g->tripped |= v->exceeded;
	}
	if (rc == -1)
		cga_diag("%s: the change of %s from %s does not fit in 64 bits",
		    d->path, bad, d->base_path);
	if (rc != 0) {
		cga_gate_free(g);
		g = NULL;
	}
	*gp = g;
	return rc;
}

void
cga_gate_free(struct cga_gate *g)
{
	if (g == NULL)
		return;
	free(g->v);
	free(g);
}

int
cga_gate_percent(const struct cga_gate_verdict *v, double *perc)
{
	if (v->old_total <= 0)
		return -1;
	*perc = cga_fmt_spercent(v->change, (uint64_t)v->old_total);
	return 0;
}

void
cga_gate_limit_text(const struct cga_gate_limit *l, char *buf, size_t size)
{
	uint64_t	 scale = 1;
	unsigned	 i;
	int		 n;

	if (!l->percent) {
		if (size >= CGA_FMT_COUNT)
			cga_fmt_count(buf, l->num);
		return;
	}
	for (i = 0; i < l->dec; i++)
		scale *= 10;
	n = snprintf(buf, size, "%llu", (unsigned long long)(l->num / scale));
	if (l->dec == 0 || l->num % scale == 0 || n < 0)
		return;
	snprintf(buf + n, size - (size_t)n, ".%0*llu", (int)l->dec,
	    (unsigned long long)(l->num % scale));
	/* No trailing zeros: 1.50 is 1.5. */
	for (n = (int)strlen(buf); buf[n - 1] == '0'; n--)
		buf[n - 1] = '\0';
}

/* "+1,234", "-5", "+0": a signed count with commas. */
static void
signed_count(char *buf, int64_t v)
{
	if (v >= 0)
		*buf++ = '+';
	cga_fmt_scount(buf, v);
}

/*
 * One verdict: the change in the unit of its limit, then OLD -> NEW and
 * the change in the other unit, then whether it exceeds the limit.
 */
static void
report_one(const struct cga_gate_verdict *v)
{
	const struct cga_gate_limit *l = v->limit;
	char	 o[CGA_FMT_COUNT], n[CGA_FMT_COUNT], c[CGA_FMT_COUNT + 1];
	char	 lim[64], perc[64], fn[16];
	const char *verdict = v->exceeded ? "exceeds" : "within";
	double	 pc;
	int	 by_perc;	/* the change led by its percentage */

	cga_fmt_scount(o, v->old);
	cga_fmt_scount(n, v->new);
	signed_count(c, v->change);
	cga_gate_limit_text(l, lim, sizeof(lim));
	by_perc = cga_gate_percent(v, &pc) == 0;
	if (by_perc)
		snprintf(perc, sizeof(perc), "%+.2f %%%s", pc, l->function ?
		    " of the total" : "");
	else
		snprintf(perc, sizeof(perc), "no percentage of a total of 0");
	by_perc = by_perc && l->percent;
	snprintf(fn, sizeof(fn), "%s", l->function ? " in a function" : "");
	if (l->function && v->worst == NULL)
		cga_diag("%s%s: no function rose, %s %s%s", l->event, fn,
		    verdict, lim, l->percent ? " %" : "");
	else
		cga_diag("%s%s %s (%s%s%s -> %s, %s), %s %s%s", l->event, fn,
		    by_perc ? perc : c, l->function ? v->worst->display : "",
		    l->function ? ", " : "", o, n, by_perc ? c : perc,
		    verdict, lim, l->percent ? " %" : "");
}

void
cga_gate_report(const struct cga_gate *g)
{
	size_t	 i;

	for (i = 0; i < g->n; i++)
		report_one(&g->v[i]);
}
