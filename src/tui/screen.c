/*
 * screen.c: what --tui puts on the terminal: a profile's bytes escaped
 * and cut to the cells they may take, colours and their plain fallbacks,
 * bars and rules in UTF-8 or in ASCII.
 */
#define _XOPEN_SOURCE 700
#include <curses.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "base/out.h"
#include "view/columns.h"
#include "tui/pane.h"

void
tui_screen_init(struct tui *t)
{
	const char	*nc = getenv("NO_COLOR");

	t->color = has_colors() && (nc == NULL || *nc == '\0');
	if (!t->color)
		return;
	start_color();
	use_default_colors();
	init_pair(TC_HEAD, COLOR_BLACK, COLOR_CYAN);
	init_pair(TC_SEL, COLOR_BLACK, COLOR_YELLOW);
	init_pair(TC_HOT1, COLOR_YELLOW, -1);
	init_pair(TC_HOT2, COLOR_MAGENTA, -1);
	init_pair(TC_HOT3, COLOR_RED, -1);
	init_pair(TC_MORE, COLOR_RED, -1);
	init_pair(TC_LESS, COLOR_GREEN, -1);
	init_pair(TC_DIM, COLOR_BLUE, -1);
	init_pair(TC_MARK, COLOR_CYAN, -1);
	init_pair(TC_FLAME1, COLOR_BLACK, COLOR_RED);
	init_pair(TC_FLAME2, COLOR_BLACK, COLOR_YELLOW);
}

void
tui_attr(struct tui *t, enum tui_color c, int bold)
{
	attr_t	 a = bold ? A_BOLD : A_NORMAL;

	if (t->color && c != TC_NONE) {
		attrset(a | COLOR_PAIR(c));
		return;
	}
	/* Without colours: what stands out is reversed or bold. */
	if (c == TC_HEAD || c == TC_SEL || c == TC_FLAME1)
		a |= A_REVERSE;
	else if (c == TC_HOT3 || c == TC_MORE || c == TC_MARK)
		a |= A_BOLD;
	else if (c == TC_DIM)
		a |= A_DIM;
	else if (c == TC_LESS || c == TC_HOT2)
		a |= A_UNDERLINE;
	attrset(a);
}

void
tui_attr_off(struct tui *t)
{
	(void)t;
	attrset(A_NORMAL);
}

/*
 * One character of s: its bytes to write (escaped when not printable)
 * into out, its cells into *cells; returns the bytes of s it took.
 */
static size_t
one(const struct tui *t, const unsigned char *s, char *out, size_t *nout,
    int *cells)
{
	static const char hex[] = "0123456789abcdef";
	size_t		 n;
	mbstate_t	 st;
	wchar_t		 wc;
	int		 w;

	if (*s >= 0x20 && *s < 0x7f) {
		out[0] = (char)*s;
		*nout = 1;
		*cells = 1;
		return 1;
	}
	if (*s >= 0x80 && t->utf8 && (n = cga_utf8_len(s, 4)) > 0) {
		memset(&st, 0, sizeof(st));
		if (mbrtowc(&wc, (const char *)s, n, &st) == n &&
		    /* C1 controls, and the marks that turn text around. */
		    !(wc >= 0x80 && wc < 0xa0) &&
		    !(wc >= 0x202a && wc <= 0x202e) &&
		    !(wc >= 0x2066 && wc <= 0x2069) &&
		    (w = wcwidth(wc)) > 0) {
			memcpy(out, s, n);
			*nout = n;
			*cells = w;
			return n;
		}
		/* Printed as the bytes it is made of. */
	}
	out[0] = '\\';
	out[1] = 'x';
	out[2] = hex[*s >> 4];
	out[3] = hex[*s & 15];
	*nout = 4;
	*cells = 4;
	return 1;
}

int
tui_put_from(struct tui *t, const char *s, int skip, int width)
{
	const unsigned char	*p = (const unsigned char *)s;
	char			 buf[8];
	size_t			 nb;
	int			 cells, used = 0, at = 0;

	while (*p != '\0' && used < width) {
		p += one(t, p, buf, &nb, &cells);
		if (at < skip) {
			at += cells;
			continue;
		}
		if (used + cells > width)
			break;
		addnstr(buf, (int)nb);
		used += cells;
	}
	return used;
}

int
tui_put(struct tui *t, const char *s, int width)
{
	return tui_put_from(t, s, 0, width);
}

void
tui_clear_eol(struct tui *t, int y, int x)
{
	for (; x < t->cols; x++)
		mvaddch(y, x, ' ');
}

int
tui_band(double percent)
{
	if (percent < 0)
		percent = -percent;
	return percent >= 10 ? 3 : percent >= 3 ? 2 : percent >= 1 ? 1 : 0;
}


void
tui_say(struct tui *t, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vsnprintf(t->msg, sizeof(t->msg), fmt, ap);
	va_end(ap);
}

size_t
tui_event(const struct tui *t)
{
	return t->v.show[t->list.sort_ev];
}

void
tui_figures(struct tui *t, char *buf, size_t n, const size_t *w,
    const struct cga_fn *fn, int group_row)
{
	FILE	*m;

	buf[0] = '\0';
	if ((m = fmemopen(buf, n, "w")) == NULL)
		return;
	cga_print_span(m, &t->v, w, group_row ? cga_view_fn_min(&t->v, fn) :
	    NULL, cga_view_fn_cost(&t->v, fn));
	fclose(m);
}

void
tui_scroll(size_t sel, size_t *top, int h)
{
	if (h < 1)
		h = 1;
	if (sel < *top)
		*top = sel;
	if (sel >= *top + (size_t)h)
		*top = sel - (size_t)h + 1;
}

int
tui_move(size_t *sel, size_t *top, size_t n, int key, int h)
{
	size_t	 page = h > 1 ? (size_t)h - 1 : 1;

	switch (key) {
	case KEY_DOWN: case 'j':
		if (*sel + 1 < n)
			(*sel)++;
		break;
	case KEY_UP: case 'k':
		if (*sel > 0)
			(*sel)--;
		break;
	case KEY_NPAGE: case ' ': case 'f' & 0x1f:
		*sel = *sel + page < n ? *sel + page : n > 0 ? n - 1 : 0;
		if (*top + page < n)
			*top += page;
		break;
	case KEY_PPAGE: case 'b' & 0x1f:
		*sel = *sel > page ? *sel - page : 0;
		*top = *top > page ? *top - page : 0;
		break;
	case KEY_HOME: case 'g':
		*sel = 0;
		break;
	case KEY_END: case 'G':
		*sel = n > 0 ? n - 1 : 0;
		break;
	default:
		return 0;
	}
	tui_scroll(*sel, top, h);
	return 1;
}
