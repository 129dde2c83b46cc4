/*
 * text.c: the source and machine code panes: the text report's
 * annotation of the open function's files (annotate.c) and its --asm
 * listing (asm.c), printed as the report prints them and shown a screen
 * at a time, each source line knowing its number, hot lines by their
 * share of the total, the pane scrolled to where the function starts.
 */
#define _XOPEN_SOURCE 700
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/xalloc.h"
#include "print/annotate.h"
#include "print/asm.h"
#include "tui/pane.h"

/* Columns of figures before a line's text: each shown event's, a blank. */
static size_t
figures_width(const char *heading)
{
	return strlen(heading);
}

/*
 * The share (percent) in the k-th "(...%)" of the figures of a line, or
 * 0; its sign kept.
 */
static double
share_of(const char *s, size_t width, size_t k)
{
	const char	*p = s, *end = s + width;
	size_t		 i = 0;

	while (p < end && (p = memchr(p, '(', (size_t)(end - p))) != NULL) {
		if (i++ == k)
			return strtod(p + 1, NULL);
		p++;
	}
	return 0;
}

/* A line with its tabs as blanks to the next stop of 8. */
static char *
untab(const char *s)
{
	size_t	 n = 0, col = 0;
	char	*out;
	const char *p;

	for (p = s; *p != '\0'; p++)
		n += *p == '\t' ? 8 : 1;
	out = xmalloc(n + 1);
	n = 0;
	for (p = s; *p != '\0'; p++) {
		if (*p == '\t') {
			do
				out[n++] = ' ';
			while (++col % 8 != 0);
			continue;
		}
		out[n++] = *p;
		/* Columns count characters: not a UTF-8 continuation. */
		if (((unsigned char)*p & 0xc0) != 0x80)
			col++;
	}
	out[n] = '\0';
	return out;
}

/* What a line of the annotation is. */
struct walk {
	size_t		 width;		/* of the figures, 0 outside a file */
	uint64_t	 next;		/* the number of the next source line */
	int		 in_own;	/* in the section of the function's file */
	size_t		 target;	/* the line to start on, or SIZE_MAX */
	uint64_t	 first;		/* the function's first line */
};

static int
is_special(const char *s, size_t width)
{
	size_t	 n = strlen(s);

	if (n <= width)
		return n == 0 || strspn(s, " ") == n;
	return strncmp(s + width, "=> ", 3) == 0 ||
	    strncmp(s + width - 1, " => ", 4) == 0 ||
	    strncmp(s + width, "jcnd ", 5) == 0 ||
	    strncmp(s + width, "jump ", 5) == 0 ||
	    strncmp(s + width - 1, " jcnd ", 6) == 0 ||
	    strncmp(s + width - 1, " jump ", 6) == 0 ||
	    strncmp(s + width - 1, " <", 2) == 0;
}

/* One line of the annotation into the pane. */
static void
source_line(struct tui *t, struct walk *w, const char *s)
{
	static const char	 head[] = "-- Auto-annotated source: ";
	static const char	 user[] = "-- User-annotated source: ";
	struct tui_lines	*l = &t->src;
	const char		*file = t->cur->key.file;
	uint64_t		 num = 0;
	int			 hot = 0;
	double			 perc;

	if (strncmp(s, head, sizeof(head) - 1) == 0 ||
	    strncmp(s, user, sizeof(user) - 1) == 0) {
		w->width = 0;
		w->next = 1;
		w->in_own = strcmp(s + sizeof(head) - 1, file) == 0 ||
		    (strlen(s + sizeof(head) - 1) >= strlen(file) &&
		    strcmp(s + strlen(s) - strlen(file), file) == 0);
		tui_lines_add(l, s, 4, NULL, 0);
		return;
	}
	if (strncmp(s, "-- line ", 8) == 0) {
		w->next = strtoull(s + 8, NULL, 10);
		tui_lines_add(l, s, 0, NULL, 0);
		return;
	}
	if (w->width == 0 && w->next == 1 && l->n > 0 &&
	    l->hot[l->n - 1] == 4 && *s != '-' && *s != '\0') {
		/* The events' heading: as wide as the figures. */
		w->width = figures_width(s);
		tui_lines_add(l, s, 0, NULL, 0);
		return;
	}
	if (w->width > 0 && !is_special(s, w->width) && *s != '@') {
		num = w->next++;
		perc = share_of(s, w->width, t->list.sort_ev);
		hot = tui_band(perc);
		if (w->in_own && w->target == SIZE_MAX && num >= w->first &&
		    w->first > 0)
			w->target = l->n;
	} else if (w->width > 0 && strstr(s, " => ") != NULL)
		hot = tui_band(share_of(s, w->width, t->list.sort_ev));
	tui_lines_add(l, s, hot, NULL, num);
}

/* The first line of fn in its file: where it starts (0: not known). */
static uint64_t
first_line(const struct tui *t, const struct cga_fn *fn)
{
	struct cga_file		*f;
	struct cga_lineref	*lines;
	size_t			 n, i;
	uint64_t		 first = 0;

	if ((f = cga_file_find(t->v.p, fn->key.file)) == NULL)
		return 0;
	lines = cga_file_lines(t->v.p, f, &n);
	for (i = 0; i < n; i++)
		if (lines[i].fn == fn && lines[i].line > 0) {
			first = lines[i].line;
			break;
		}
	free(lines);
	return first;
}

/* What a printer wrote into text, a line at a time, into the pane. */
static void
add_text(struct tui *t, char *text, int source, struct walk *w)
{
	char	*line, *next, *u;

	for (line = text; line != NULL && *line != '\0'; line = next) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		u = untab(line);
		if (source)
			source_line(t, w, u);
		else
			tui_lines_add(&t->asm_, u, tui_band(share_of(u,
			    strlen(u), t->list.sort_ev)) * (strchr(u, '(') !=
			    NULL && u[0] != '-'), NULL, 0);
		free(u);
	}
}

/* A view of the report's for one function's annotation. */
static void
one_view(struct tui *t, struct cga_view *v)
{
	*v = t->v;
	v->auto_annotate = 1;
	v->nsources = 0;
	v->asm_code = 0;
	v->color = 0;
	v->gate = NULL;
}

void
tui_source_make(struct tui *t)
{
	struct cga_view	 v;
	struct cga_fn	*fn = t->cur;
	struct walk	 w;
	char		*text = NULL;
	size_t		 len = 0;
	FILE		*m;

	tui_lines_free(&t->src);
	t->src.of = fn;
	if (fn == NULL)
		return;
	one_view(t, &v);
	if ((m = open_memstream(&text, &len)) == NULL)
		return;
	cga_annotate(m, &v, &fn, 1);
	fclose(m);
	memset(&w, 0, sizeof(w));
	w.target = SIZE_MAX;
	w.first = first_line(t, fn);
	add_text(t, text, 1, &w);
	free(text);
	if (t->src.n == 0)
		tui_lines_add(&t->src, "(no source annotation for this "
		    "function)", 0, NULL, 0);
	if (w.target != SIZE_MAX) {
		t->src.sel = w.target;
		t->src.top = w.target > 2 ? w.target - 2 : 0;
	} else if (tui_lines_hot(&t->src, 1, 10) == -1)
		t->src.sel = 0;
}

void
tui_asm_make(struct tui *t)
{
	struct cga_view	 v;
	struct cga_fn	*fn = t->cur;
	char		*text = NULL;
	size_t		 len = 0;
	FILE		*m;

	tui_lines_free(&t->asm_);
	t->asm_.of = fn;
	if (fn == NULL)
		return;
	if (!t->v.p->have_instr) {
		tui_lines_add(&t->asm_, "(no machine code: the profile has no "
		    "instruction positions; valgrind --dump-instr=yes records "
		    "them)", 0, NULL, 0);
		return;
	}
	if (!t->v.asm_code) {
		tui_lines_add(&t->asm_, "(a profile this large keeps the cost "
		    "of each instruction only with --asm=yes: cgannotate --tui "
		    "--asm=yes)", 0, NULL, 0);
		return;
	}
	one_view(t, &v);
	v.asm_code = 1;
	v.auto_annotate = 0;
	if ((m = open_memstream(&text, &len)) == NULL)
		return;
	cga_asm_print(m, &v, &fn, 1);
	fclose(m);
	add_text(t, text, 0, NULL);
	free(text);
	if (t->asm_.n == 0)
		tui_lines_add(&t->asm_, "(no machine code found for this "
		    "function)", 0, NULL, 0);
	if (tui_lines_hot(&t->asm_, 1, 10) == -1)
		t->asm_.sel = 0;
}
