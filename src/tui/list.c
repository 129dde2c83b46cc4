/*
 * list.c: --tui's function list: every function (or --by's group) the
 * view lets pass, in the report's order and figures, sorted again by
 * any shown event, self or inclusive, without touching the model (a
 * stable radix sort of the costs read once); groups open to their
 * members; search by name and a filter by regex, done a slice at a time
 * between keys so that no key waits for it.
 */
#define _XOPEN_SOURCE 700
#include <curses.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "analysis/group.h"
#include "base/xalloc.h"
#include "tui/pane.h"
#include "view/columns.h"

/* Milliseconds of a filter's work between two looks at the keyboard. */
#define FILTER_MS	10
/* Names searched for the filter's text between two looks at the clock. */
#define MARK_NAMES	16384
/* Rows a search tries one by one before it reads every name. */
#define NEAR_ROWS	4096

/* A row's name: its label, or a member's name in its group. */
static const char *
row_name(const struct tui *t, const struct tui_row *r)
{
	if (r->group != 0)
		return cga_view_member_name(&t->v, r->fn);
	return tui_names_of(t, r->pos);
}

static double
now_ms(void)
{
	struct timespec	 ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void
add_row(struct tui_list *l, struct cga_fn *fn, uint32_t pos, uint32_t group)
{
	if (l->nrows == l->rowcap) {
		l->rowcap = l->rowcap ? 2 * l->rowcap : 1024;
		l->rows = xreallocarray(l->rows, l->rowcap, sizeof(*l->rows));
	}
	l->rows[l->nrows].fn = fn;
	l->rows[l->nrows].pos = pos;
	l->rows[l->nrows++].group = group;
}

/* A group's members under its row, as the report lists them. */
static void
add_members(struct tui *t, struct cga_fn *g)
{
	struct cga_fn	**m;
	size_t		  n, i;
	uint32_t	  at = (uint32_t)t->list.nrows;

	m = cga_view_members(&t->v, g, &n);
	for (i = 0; i < n; i++)
		add_row(&t->list, m[i], UINT32_MAX, at);
	free(m);
}

/*
 * The rows again from the order and what the filter has passed; the
 * selection stays on its function where it can.
 */
static void
make_rows(struct tui *t)
{
	struct tui_list	*l = &t->list;
	struct cga_fn	*was = l->nrows > 0 ? l->rows[l->sel].fn : NULL;
	size_t		 i, n = l->have_re ? l->npass : l->norder;
	uint32_t	 pos;

	l->nrows = 0;
	for (i = 0; i < n; i++) {
		pos = l->have_re ? l->pass[i] : l->order[i];
		add_row(l, l->fns0[pos], pos, 0);
		if (l->open[pos])
			add_members(t, l->fns0[pos]);
	}
	if (l->sel >= l->nrows)
		l->sel = l->nrows > 0 ? l->nrows - 1 : 0;
	for (i = 0; was != NULL && i < l->nrows; i++)
		if (l->rows[i].fn == was) {
			l->sel = i;
			break;
		}
}

/*
 * Every function the view lets pass, and the report's order of them by
 * self cost and by inclusive cost (each lists what the other may not:
 * functions only called, or in a difference those whose self cost did
 * not change), the columns as wide as the report's in either mode.
 */
int
tui_list_init(struct tui *t)
{
	struct tui_list	 *l = &t->list;
	struct cga_view	  all = t->v;
	struct cga_fn	**incl = NULL;
	uint32_t	 *at;
	size_t		  n = 0, i;

	all.filter = 0;
	all.top = 0;
	l->w = cga_widths_new(&t->v);
	l->wi = cga_widths_new(&t->v);
	all.inclusive = 0;
	l->fns0 = cga_view_select(&all, l->w, &l->nself);
	l->nfns = l->nself;
	l->base[0] = xcalloc(l->nself + 1, sizeof(*l->base[0]));
	for (i = 0; i < l->nself; i++)
		l->base[0][i] = (uint32_t)i;
	if (t->v.p->have_incl) {
		all.inclusive = 1;
		incl = cga_view_select(&all, l->wi, &n);
	}
	/* Positions in fns0 by function id (+ 1), for the other order. */
	at = xcalloc(t->v.lp->nfns + 1, sizeof(*at));
	for (i = 0; i < l->nfns; i++)
		at[l->fns0[i]->id] = (uint32_t)i + 1;
	l->fns0 = xreallocarray(l->fns0, l->nfns + n + 1, sizeof(*l->fns0));
	l->base[1] = xcalloc(n + 1, sizeof(*l->base[1]));
	l->nincl = n;
	for (i = 0; i < n; i++) {
		if (at[incl[i]->id] == 0) {
			l->fns0[l->nfns] = incl[i];
			at[incl[i]->id] = (uint32_t)++l->nfns;
		}
		l->base[1][i] = at[incl[i]->id] - 1;
	}
	free(at);
	free(incl);
	l->order = xcalloc(l->nfns + 1, sizeof(*l->order));
	l->pass = xcalloc(l->nfns + 1, sizeof(*l->pass));
	l->open = xcalloc(l->nfns + 1, 1);
	/* The event the report sorts by first, when it is shown. */
	for (i = 0; t->v.nsort > 0 && i < t->v.nshow; i++)
		if (t->v.show[i] == t->v.sort[0]) {
			l->sort_ev = i;
			break;
		}
	l->inclusive = t->v.inclusive && t->v.p->have_incl;
	l->norder = l->inclusive ? l->nincl : l->nself;
	memcpy(l->order, l->base[l->inclusive], l->norder * sizeof(*l->order));
	tui_names_make(t);
	/* The other orders, made by a thread while the list is looked at. */
	tui_orders_start(t);
	make_rows(t);
	return 0;
}

/* The filter's text and the names holding it, none. */
static void
forget_literal(struct tui_list *l)
{
	free(l->lit);
	free(l->holds);
	l->lit = NULL;
	l->holds = NULL;
	l->whole = 0;
	l->marked = 0;
}

void
tui_list_free(struct tui *t)
{
	struct tui_list	*l = &t->list;

	tui_orders_stop(t);
	tui_names_free(t);
	free(l->fns0);
	free(l->base[0]);
	free(l->base[1]);
	free(l->order);
	free(l->pass);
	free(l->open);
	free(l->rows);
	free(l->w);
	free(l->wi);
	if (l->have_re)
		regfree(&l->re);
	forget_literal(l);
}

void
tui_list_sort(struct tui *t)
{
	struct tui_list	*l = &t->list;

	l->norder = l->inclusive ? l->nincl : l->nself;
	memcpy(l->order, tui_orders_get(t, l->inclusive, l->sort_ev),
	    l->norder * sizeof(*l->order));
	/* Members follow the event too. */
	t->v.sort = &t->v.show[l->sort_ev];
	t->v.nsort = 1;
	t->v.inclusive = l->inclusive;
	if (l->have_re) {
		l->npass = 0;
		l->scanned = 0;
		l->filtering = 1;
	}
	make_rows(t);
}

/*
 * Some milliseconds of the filter: first the names that hold the text
 * every match must (one search over the names as they lie, rather than
 * a regexec of each in the order shown: 53 ms for the 759,000 of the
 * 512 MB profile), then those of them in order, each tried unless the
 * regex is that text alone.
 */
int
tui_list_work(struct tui *t)
{
	struct tui_list	*l = &t->list;
	size_t		 to;
	uint32_t	 pos;
	double		 t0;

	if (!l->filtering)
		return 0;
	t0 = now_ms();
	while (l->holds != NULL && l->marked < l->nfns) {
		to = l->nfns - l->marked > MARK_NAMES ? l->marked + MARK_NAMES :
		    l->nfns;
		tui_names_mark(t, l->lit, l->marked, to, l->holds);
		l->marked = to;
		if (now_ms() - t0 >= FILTER_MS)
			return 1;
	}
	for (; l->scanned < l->norder; l->scanned++) {
		if ((l->scanned & 1023) == 0 && now_ms() - t0 >= FILTER_MS)
			break;
		pos = l->order[l->scanned];
		if (l->holds != NULL && !l->holds[pos])
			continue;
		if (l->whole || regexec(&l->re, tui_names_of(t, pos), 0, NULL,
		    0) == 0)
			l->pass[l->npass++] = pos;
	}
	l->filtering = l->scanned < l->norder;
	make_rows(t);
	return l->filtering;
}

int
tui_list_filter(struct tui *t, const char *pattern)
{
	struct tui_list	*l = &t->list;
	regex_t		 re;
	char		 err[128];
	int		 rc;

	if (*pattern != '\0' &&
	    (rc = regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB)) != 0) {
		regerror(rc, &re, err, sizeof(err));
		tui_say(t, "not a regex: %s", err);
		return -1;
	}
	if (l->have_re)
		regfree(&l->re);
	forget_literal(l);
	l->have_re = *pattern != '\0';
	snprintf(l->pattern, sizeof(l->pattern), "%s", pattern);
	if (l->have_re) {
		l->re = re;
		l->lit = tui_filter_literal(pattern, &l->whole);
		if (*l->lit != '\0')
			l->holds = xcalloc(l->nfns + 1, 1);
	}
	l->npass = 0;
	l->scanned = 0;
	l->filtering = l->have_re;
	l->sel = 0;
	l->top = 0;
	make_rows(t);
	return 0;
}

struct cga_fn *
tui_list_selected(struct tui *t)
{
	return t->list.nrows == 0 ? NULL : t->list.rows[t->list.sel].fn;
}

int
tui_list_find(struct tui *t, const char *s, int back, int from_next)
{
	struct tui_list		*l = &t->list;
	const unsigned char	*match;
	const struct tui_row	*r;
	size_t			 i, k;

	if (l->nrows == 0 || *s == '\0')
		return -1;
	/* The rows near the selection one by one; then every name once. */
	match = NULL;
	for (k = from_next ? 1 : 0; k <= l->nrows; k++) {
		if (k == NEAR_ROWS && match == NULL)
			match = tui_names_match(t, s);
		i = back ? (l->sel + l->nrows - k % l->nrows) % l->nrows :
		    (l->sel + k) % l->nrows;
		r = &l->rows[i];
		if (r->group != 0 || match == NULL ?
		    tui_names_holds(row_name(t, r), s) : match[r->pos]) {
			l->sel = i;
			return 0;
		}
	}
	return -1;
}

static void
toggle(struct tui *t)
{
	struct tui_list	*l = &t->list;
	struct tui_row	*r;

	if (l->nrows == 0)
		return;
	r = &l->rows[l->sel];
	if (r->group != 0)
		l->sel = r->group - 1;	/* closes the group it is in */
	r = &l->rows[l->sel];
	l->open[r->pos] = !l->open[r->pos];
	make_rows(t);
}

int
tui_list_key(struct tui *t, int key, int h)
{
	struct tui_list	*l = &t->list;

	if (tui_move(&l->sel, &l->top, l->nrows, key, h))
		return 1;
	switch (key) {
	case '\n': case '\r': case KEY_ENTER: case KEY_RIGHT: case 'l':
		if (l->nrows == 0)
			break;
		if (t->v.groups != NULL && l->rows[l->sel].group == 0) {
			toggle(t);
			break;
		}
		t->go = l->rows[l->sel].fn;
		t->go_pane = TUI_FUNC;
		break;
	case '+': case '-': case 'o':
		if (t->v.groups != NULL)
			toggle(t);
		break;
	case '/':
		t->prompt = TUI_PROMPT_SEARCH;
		t->pbuf[0] = '\0';
		break;
	case 'n': case 'N':
		if (t->search[0] == '\0')
			tui_say(t, "no search yet: / searches");
		else if (tui_list_find(t, t->search, key == 'N', 1) == -1)
			tui_say(t, "not found: %s", t->search);
		break;
	case '\\': case '|':
		t->prompt = TUI_PROMPT_FILTER;
		snprintf(t->pbuf, sizeof(t->pbuf), "%s", l->pattern);
		break;
	default:
		return 0;
	}
	tui_scroll(l->sel, &l->top, h);
	return 1;
}

void
tui_list_click(struct tui *t, int row, int twice)
{
	struct tui_list	*l = &t->list;
	size_t		 i = l->top + (size_t)row;

	if (row < 0 || i >= l->nrows)
		return;
	l->sel = i;
	if (twice)
		tui_list_key(t, '\n', 1);
}

/* The header row: each shown event's name, as the report's. */
static void
draw_head(struct tui *t, int y, const size_t *w)
{
	char	 buf[4096];
	FILE	*m;
	int	 x;

	buf[0] = '\0';
	if ((m = fmemopen(buf, sizeof(buf), "w")) != NULL) {
		cga_print_events(m, &t->v, w);
		fclose(m);
	}
	tui_attr(t, TC_HEAD, 1);
	mvaddstr(y, 0, "");
	x = tui_put(t, buf, t->cols);
	x += tui_put(t, " ", t->cols - x);
	x += tui_put(t, t->v.groups != NULL ? t->v.group_word :
	    "file:function", t->cols - x);
	tui_clear_eol(t, y, x);
	tui_attr_off(t);
}

/* One row: its figures, its name, a member's share of its group. */
static void
draw_row(struct tui *t, int y, const size_t *w, const struct tui_row *r,
    int selected)
{
	char		 fig[4096], share[64];
	const uint64_t	*c = cga_view_fn_cost(&t->v, r->fn);
	size_t		 e = tui_event(t);
	double		 perc = cga_view_percent(&t->v, c, e), part;
	int		 x;

	tui_figures(t, fig, sizeof(fig), w, r->fn, r->group == 0);
	if (selected)
		tui_attr(t, TC_SEL, 1);
	else if (t->v.diff && perc != 0)
		tui_attr(t, perc > 0 ? TC_MORE : TC_LESS, 0);
	else
		tui_attr(t, (enum tui_color)(tui_band(perc) == 0 ? TC_NONE :
		    TC_HOT1 + tui_band(perc) - 1), 0);
	mvaddstr(y, 0, "");
	x = tui_put(t, fig, t->cols);
	if (!selected)
		tui_attr_off(t);
	x += tui_put(t, " ", t->cols - x);
	if (r->group != 0)
		x += tui_put(t, "   ", t->cols - x);
	else if (t->v.groups != NULL)
		x += tui_put(t, t->list.open[r->pos] ? "- " : "+ ", t->cols - x);
	x += tui_put(t, row_name(t, r), t->cols - x);
	if (r->group == 0 && r->fn->obj != NULL && *r->fn->obj != '\0' &&
	    (t->v.groups == NULL || t->v.groups->by == CGA_GROUP_NAME)) {
		x += tui_put(t, " [", t->cols - x);
		x += tui_put(t, r->fn->obj, t->cols - x);
		x += tui_put(t, "]", t->cols - x);
	}
	if (r->group != 0 && cga_view_member_share(&t->v,
	    t->list.rows[r->group - 1].fn, r->fn, e, &part)) {
		snprintf(share, sizeof(share), " (%.2f%% of the %s)", part,
		    t->v.group_word);
		x += tui_put(t, share, t->cols - x);
	}
	if (selected)
		tui_clear_eol(t, y, x);
	tui_attr_off(t);
}

void
tui_list_draw(struct tui *t, int y0, int h)
{
	struct tui_list	*l = &t->list;
	size_t		*w = l->inclusive ? l->wi : l->w;
	size_t		 i;
	int		 y;

	tui_scroll(l->sel, &l->top, h - 1);
	/* Columns as wide as the report's, and every row's yet seen. */
	for (i = l->top; i < l->nrows && i < l->top + (size_t)h; i++)
		cga_widths_add_span(&t->v, w, l->rows[i].group == 0 ?
		    cga_view_fn_min(&t->v, l->rows[i].fn) : NULL,
		    cga_view_fn_cost(&t->v, l->rows[i].fn));
	draw_head(t, y0, w);
	for (y = 1; y < h; y++) {
		i = l->top + (size_t)y - 1;
		move(y0 + y, 0);
		clrtoeol();
		if (i < l->nrows)
			draw_row(t, y0 + y, w, &l->rows[i], i == l->sel);
	}
	if (l->nrows == 0)
		mvaddstr(y0 + 1, 0, l->filtering ? "(filtering...)" :
		    "(no function passes)");
}
