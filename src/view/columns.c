/*
 * columns.c: a view's figures as columns: counts, percentages, the spans
 * of bounded figures, and the widths that fit them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fmt.h"
#include "base/out.h"
#include "base/xalloc.h"
#include "view/columns.h"
#include "view/view.h"

size_t
cga_view_count(const struct cga_view *v, char *buf, uint64_t c)
{
	return v->diff ? cga_fmt_scount(buf, (int64_t)c) :
	    cga_fmt_count(buf, c);
}

void
cga_view_write_count(struct cga_w *w, const struct cga_view *v, uint64_t c)
{
	if (v->diff && (int64_t)c < 0) {
		cga_w_putc(w, '-');
		c = -c;
	}
	cga_w_u64(w, c);
}

void
cga_view_print_count(FILE *out, const struct cga_view *v, uint64_t c)
{
	struct cga_w	 w;

	cga_w_init(&w, out);
	cga_view_write_count(&w, v, c);
	cga_w_flush(&w);
}

double
cga_view_percent(const struct cga_view *v, const uint64_t *c, size_t e)
{
	if (c == NULL || !cga_cost_defined(v->p, c, e) || c[e] == 0)
		return 0;
	return v->diff ? cga_fmt_spercent((int64_t)c[e], v->total[e]) :
	    cga_fmt_percent(c[e], v->total[e]);
}

size_t *
cga_widths_new(const struct cga_view *v)
{
	size_t	*w = xcalloc(v->p->nev + 1, sizeof(*w));
	size_t	 i;

	for (i = 0; i < v->p->nev; i++)
		w[i] = cga_out_text_width(v->p->ev[i].name);
	return w;
}

/*
 * The width of c[e]'s percentage: 9, " (12.34%)", up to 100 % of the total
 * (or its size in a difference); more when a count is above the total
 * (a profile whose figures exceed its total, a large change).
 */
static size_t
perc_width(const struct cga_view *v, const uint64_t *c, size_t e)
{
	char	 buf[CGA_FMT_PERC];
	uint64_t m = v->diff ? cga_magnitude(c[e]) : c[e];

	/* Unsigned up to the total, signed down to -50 %: at most 9. */
	if (v->diff ? m <= v->total[e] / 2 : m <= v->total[e])
		return 9;
	return cga_fmt_perc(buf, cga_view_percent(v, c, e));
}

/* Whether event e of c is a span from lo (not NULL) to c. */
static int
spans(const struct cga_view *v, const uint64_t *lo, const uint64_t *c,
    size_t e)
{
	return lo != NULL && c != NULL && cga_cost_defined(v->p, lo, e) &&
	    cga_cost_defined(v->p, c, e) && lo[e] != c[e];
}

/* "(12.34%..56.78%)" of a span's ends, after a blank: its length. */
static size_t
span_perc(char *buf, const struct cga_view *v, const uint64_t *lo,
    const uint64_t *c, size_t e)
{
	char	 a[CGA_FMT_PERC], b[CGA_FMT_PERC];
	char	*x = a, *y = b;

	cga_fmt_perc(a, cga_view_percent(v, lo, e));
	cga_fmt_perc(b, cga_view_percent(v, c, e));
	/* " ( 1.23%)" to "1.23%" */
	x[strlen(x) - 1] = '\0';
	y[strlen(y) - 1] = '\0';
	x += strspn(x, " (");
	y += strspn(y, " (");
	return (size_t)sprintf(buf, " (%s..%s)", x, y);
}

/*
 * An event of a cost as its column shows it: count and percentage, or a
 * span from lo's count to c's, when lo is not NULL and they differ.
 */
static size_t
cost_text(char *text, const struct cga_view *v, const uint64_t *c,
    const uint64_t *lo, size_t e)
{
	size_t	 n;
	int	 def = c != NULL && cga_cost_defined(v->p, c, e);

	if (spans(v, lo, c, e)) {
		n = cga_view_count(v, text, lo[e]);
		text[n++] = '.';
		text[n++] = '.';
		n += cga_view_count(v, text + n, c[e]);
		if (v->percs && v->total[e] != 0)	/* no share of 0 */
			n += span_perc(text + n, v, lo, c, e);
		return n;
	}
	if (def)
		n = cga_view_count(v, text, c[e]);
	else
		n = (size_t)(strcpy(text, ".") - text) + 1;
	if (v->percs) {
		if (def && c[e] != 0 && v->total[e] != 0)
			n += cga_fmt_perc(text + n, cga_view_percent(v, c, e));
		else {
			memset(text + n, ' ', 9);
			n += 9;
			text[n] = '\0';
		}
	}
	return n;
}

void
cga_widths_add(const struct cga_view *v, size_t *w, const uint64_t *c)
{
	size_t	 i, n;

	for (i = cga_cost_next(v->p, c, 0); i < v->p->nev;
	    i = cga_cost_next(v->p, c, i + 1)) {
		n = (v->diff ? cga_fmt_scount_width((int64_t)c[i]) :
		    cga_fmt_count_width(c[i])) + (v->percs ? perc_width(v, c, i) :
		    0);
		if (n > w[i])
			w[i] = n;
	}
}

void
cga_widths_add_span(const struct cga_view *v, size_t *w, const uint64_t *lo,
    const uint64_t *c)
{
	char	 text[CGA_FMT_SPAN];
	size_t	 i, n;

	cga_widths_add(v, w, c);
	for (i = 0; lo != NULL && i < v->p->nev; i++)
		if (spans(v, lo, c, i) &&
		    (n = cost_text(text, v, c, lo, i)) > w[i])
			w[i] = n;
}

void
cga_widest_init(const struct cga_view *v, struct cga_widest *x)
{
	x->hi = xcalloc(v->p->cw, sizeof(*x->hi));
	x->lo = xcalloc(v->p->cw, sizeof(*x->lo));
}

void
cga_widest_add(const struct cga_view *v, struct cga_widest *x,
    const uint64_t *c)
{
	const struct cga_profile *p = v->p;
	size_t			  i;

	for (i = cga_cost_next(p, c, 0); i < p->nev;
	    i = cga_cost_next(p, c, i + 1)) {
		if (!cga_cost_defined(p, x->hi, i)) {
			x->hi[i] = x->lo[i] = c[i];
			cga_cost_define(p, x->hi, i);
			cga_cost_define(p, x->lo, i);
		} else if (v->diff) {
			if ((int64_t)c[i] > (int64_t)x->hi[i])
				x->hi[i] = c[i];
			if ((int64_t)c[i] < (int64_t)x->lo[i])
				x->lo[i] = c[i];
		} else if (c[i] > x->hi[i])
			x->hi[i] = c[i];
	}
}

void
cga_widest_done(const struct cga_view *v, struct cga_widest *x, size_t *w)
{
	cga_widths_add(v, w, x->hi);
	if (v->diff)
		cga_widths_add(v, w, x->lo);
	free(x->hi);
	free(x->lo);
}

static void
pad(FILE *out, size_t n)
{
	while (n-- > 0)
		putc(' ', out);
}

void
cga_w_span(struct cga_w *wr, const struct cga_view *v, const size_t *w,
    const uint64_t *lo, const uint64_t *c)
{
	static const char blanks[] = "                                ";
	char	 text[CGA_FMT_SPAN];
	size_t	 i, e, n, k;
	double	 perc;
	int	 hue;

	for (i = 0; i < v->nshow; i++) {
		e = v->show[i];
		n = cost_text(text, v, c, lo, e);
		perc = cga_view_percent(v, c, e);
		for (; w[e] > n; n += k) {
			k = w[e] - n < sizeof(blanks) - 1 ? w[e] - n :
			    sizeof(blanks) - 1;
			cga_w_write(wr, blanks, k);
		}
		/* Colour: red from 10 %, yellow from 1 %, of the total. */
		hue = !v->color ? 0 : perc >= 10 || perc <= -10 ? 31 :
		    perc >= 1 || perc <= -1 ? 33 : 0;
		cga_w_puts(wr, hue == 31 ? "\033[1;31m" : hue == 33 ?
		    "\033[33m" : "");
		cga_w_puts(wr, text);
		cga_w_puts(wr, hue != 0 ? "\033[0m " : " ");
	}
}

void
cga_print_span(FILE *out, const struct cga_view *v, const size_t *w,
    const uint64_t *lo, const uint64_t *c)
{
	struct cga_w	 wr;

	cga_w_init(&wr, out);
	cga_w_span(&wr, v, w, lo, c);
	cga_w_flush(&wr);
}

void
cga_print_cost(FILE *out, const struct cga_view *v, const size_t *w,
    const uint64_t *c)
{
	cga_print_span(out, v, w, NULL, c);
}

void
cga_print_events(FILE *out, const struct cga_view *v, const size_t *w)
{
	const char	*name;
	size_t		 i, n;

	for (i = 0; i < v->nshow; i++) {
		name = v->p->ev[v->show[i]].name;
		cga_out_text(out, name);
		n = cga_out_text_width(name);
		if (w[v->show[i]] > n)
			pad(out, w[v->show[i]] - n);
		putc(' ', out);
	}
}
