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

/* Whether s starts a count as the columns print it: 1,234, -5, or ".". */
static size_t
count_len(const char *s)
{
	size_t	 n = 0;

	if (s[0] == '.' && (s[1] == ' ' || s[1] == '\0'))
		return 1;
	if (s[n] == '-')
		n++;
	if (s[n] < '0' || s[n] > '9')
		return 0;
	while ((s[n] >= '0' && s[n] <= '9') || s[n] == ',')
		n++;
	return n;
}

/*
 * Where a line's text starts after its figures (nshow counts, each with
 * its "(12.34%)" or span), or NULL when it starts with no count: a
 * jump's line, a heading.  *perc: the share in the k-th column.
 */
static const char *
after_figures(const char *s, size_t nshow, size_t k, double *perc)
{
	size_t	 i, n;

	*perc = 0;
	for (i = 0; i < nshow; i++) {
		s += strspn(s, " ");
		if ((n = count_len(s)) == 0)
			return NULL;
		s += n;
		/* A span: "lo..hi". */
		if (s[0] == '.' && s[1] == '.' && (n = count_len(s + 2)) > 0)
			s += 2 + n;
		if (s[0] == ' ' && s[1] == '(') {
			if (i == k)
				*perc = strtod(s + 2, NULL);
			s = strchr(s, ')') != NULL ? strchr(s, ')') + 1 : s;
		}
	}
	return s;
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

/* Where the annotation is, a line at a time. */
struct walk {
	int		 heading;	/* the events' heading comes next */
	int		 in_file;	/* in a file's lines */
	uint64_t	 next;		/* the number of the next source line */
	int		 in_own;	/* in the section of the function's file */
	size_t		 target;	/* the line to start on, or SIZE_MAX */
	uint64_t	 first;		/* the function's first line */
};

/* Whether the text after a line's figures is a source line's. */
static int
is_source(const char *text)
{
	text += strspn(text, " ");
	return strncmp(text, "=> ", 3) != 0 &&
	    strncmp(text, "<bogus line ", 12) != 0 &&
	    strncmp(text, "<counts for unidentified lines", 30) != 0;
}

/* Whether name, a section's heading's file, is file (or ends in it). */
static int
names_file(const char *name, const char *file)
{
	size_t	 n = strlen(name), f = strlen(file);

	return strcmp(name, file) == 0 || (n > f && name[n - f - 1] == '/' &&
	    strcmp(name + n - f, file) == 0) || (f > n && file[f - n - 1] ==
	    '/' && strcmp(file + f - n, name) == 0);
}

/* One line of the annotation into the pane. */
static void
source_line(struct tui *t, struct walk *w, const char *s)
{
	static const char	 head[] = "-- Auto-annotated source: ";
	static const char	 user[] = "-- User-annotated source: ";
	struct tui_lines	*l = &t->src;
	const char		*text;
	uint64_t		 num = 0;
	double			 perc;

	if (strncmp(s, head, sizeof(head) - 1) == 0 ||
	    strncmp(s, user, sizeof(user) - 1) == 0) {
		w->heading = 1;
		w->in_file = 0;
		w->next = 1;
		w->in_own = names_file(s + sizeof(head) - 1, t->cur->key.file);
		tui_lines_add(l, s, 4, NULL, 0);
		return;
	}
	if (*s == '\0' || strspn(s, "-") == strlen(s) || *s == '@') {
		tui_lines_add(l, s, 0, NULL, 0);
		return;
	}
	if (w->heading) {
		/* The events' heading, after the rule under the file's. */
		w->heading = 0;
		w->in_file = 1;
		tui_lines_add(l, s, 0, NULL, 0);
		return;
	}
	if (strncmp(s, "-- line ", 8) == 0) {
		w->next = strtoull(s + 8, NULL, 10);
		tui_lines_add(l, s, 0, NULL, 0);
		return;
	}
	text = w->in_file ? after_figures(s, t->v.nshow, t->list.sort_ev,
	    &perc) : NULL;
	if (text == NULL) {
		tui_lines_add(l, s, 0, NULL, 0);
		return;
	}
	if (is_source(text)) {
		num = w->next++;
		if (w->in_own && w->target == SIZE_MAX && w->first > 0 &&
		    num >= w->first)
			w->target = l->n;
	}
	tui_lines_add(l, s, tui_band(perc), NULL, num);
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

/* A line of --asm's listing: an instruction's hot by its share. */
static void
asm_line(struct tui *t, const char *s)
{
	const char	*text;
	double		 perc;

	text = after_figures(s, t->v.nshow, t->list.sort_ev, &perc);
	if (text == NULL || strstr(text, "total of the instructions") != NULL)
		perc = 0;
	tui_lines_add(&t->asm_, s, tui_band(perc), NULL, 0);
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
			asm_line(t, u);
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
		tui_lines_add(&t->asm_, "(no machine code: a profile this large "
		    "keeps the cost of each instruction only with --asm=yes: "
		    "cgannotate --tui --asm=yes)", 0, NULL, 0);
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
