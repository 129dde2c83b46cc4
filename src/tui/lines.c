/*
 * lines.c: a pane of lines with a cursor, for the function pane, the
 * source and machine code and the help: lines kept as printed, drawn
 * escaped, scrolled, hot ones found.
 */
#define _XOPEN_SOURCE 700
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "tui/pane.h"

void
tui_lines_free(struct tui_lines *l)
{
	size_t	 i;

	for (i = 0; i < l->n; i++)
		free(l->text[i]);
	free(l->text);
	free(l->hot);
	free(l->go);
	free(l->line);
	memset(l, 0, sizeof(*l));
}

void
tui_lines_add(struct tui_lines *l, const char *text, int hot,
    struct cga_fn *go, uint64_t line)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->text = xreallocarray(l->text, l->cap, sizeof(*l->text));
		l->hot = xreallocarray(l->hot, l->cap, sizeof(*l->hot));
		l->go = xreallocarray(l->go, l->cap, sizeof(*l->go));
		l->line = xreallocarray(l->line, l->cap, sizeof(*l->line));
	}
	l->text[l->n] = xstrdup(text);
	l->hot[l->n] = (unsigned char)hot;
	l->go[l->n] = go;
	l->line[l->n++] = line;
}

void
tui_lines_draw(struct tui *t, struct tui_lines *l, int y0, int h)
{
	size_t	 i;
	int	 y, x;

	tui_scroll(l->sel, &l->top, h);
	for (y = 0; y < h; y++) {
		i = l->top + (size_t)y;
		move(y0 + y, 0);
		clrtoeol();
		if (i >= l->n)
			continue;
		if (i == l->sel && l != &t->help)
			tui_attr(t, TC_SEL, 1);
		else if (l->hot[i] == 4)
			tui_attr(t, TC_HEAD, 1);	/* a heading */
		else if (l->hot[i] >= 5)
			tui_attr(t, l->hot[i] == 5 ? TC_MORE : TC_LESS, 0);
		else if (l->hot[i] > 0)
			tui_attr(t, (enum tui_color)(TC_HOT1 + l->hot[i] - 1),
			    l->hot[i] == 3);
		else if (l->go[i] == NULL && l->line[i] == 0 && l != &t->help)
			tui_attr(t, TC_DIM, 0);
		x = tui_put_from(t, l->text[i], (int)l->xoff, t->cols);
		if (i == l->sel || l->hot[i] == 4)
			tui_clear_eol(t, y0 + y, x);
		tui_attr_off(t);
	}
}

int
tui_lines_hot(struct tui_lines *l, int dir, int h)
{
	size_t	 i;

	for (i = l->sel + (size_t)dir; i < l->n; i += (size_t)dir)
		if (l->hot[i] > 0 && l->hot[i] < 4) {
			l->sel = i;
			/* Shown a third of the way down, with what leads to it. */
			l->top = i > (size_t)h / 3 ? i - (size_t)h / 3 : 0;
			return 0;
		}
	return -1;
}

int
tui_lines_key(struct tui *t, struct tui_lines *l, int key, int h)
{
	if (tui_move(&l->sel, &l->top, l->n, key, h))
		return 1;
	switch (key) {
	case ']': case '[':
		if (l == &t->func)
			return 0;
		if (tui_lines_hot(l, key == ']' ? 1 : -1, h) == -1)
			tui_say(t, "no %s hot line (1 %% of the total or more)",
			    key == ']' ? "further" : "earlier");
		return 1;
	case KEY_RIGHT: case '>':
		if (l == &t->func)
			goto go;
		l->xoff += 8;
		return 1;
	case KEY_LEFT: case '<':
		if (l == &t->func || l->xoff == 0)
			return 0;
		l->xoff = l->xoff > 8 ? l->xoff - 8 : 0;
		return 1;
	case '\n': case '\r': case KEY_ENTER: case 'l':
	go:
		if (l->sel < l->n && l->go[l->sel] != NULL) {
			t->go = l->go[l->sel];
			t->go_pane = TUI_FUNC;
		} else
			tui_say(t, "nothing to go to on this line");
		return 1;
	default:
		return 0;
	}
}

