/*
 * pane.h: private to tui/: the state of --tui, the terminal browser of a
 * loaded profile, shared by its panes.  tui.c owns the terminal and the
 * loop of keys; screen.c draws text safely; list.c is the function list,
 * func.c a function's callers and callees, text.c its source and machine
 * code, flame.c its stacks as a text icicle, lines.c the panes of lines.
 * Panes call screen.c and lines.c only; what a key asks of another pane
 * (open a function, type a line) is a request tui.c carries out.  Nothing here changes the
 * model: every pane reads the view it was given and keeps its own
 * orders and caches, so that a key never recomputes what was loaded.
 */
#ifndef CGA_TUI_PANE_H
#define CGA_TUI_PANE_H

#include <regex.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "view/view.h"

enum tui_pane { TUI_LIST, TUI_FUNC, TUI_SOURCE, TUI_ASM, TUI_FLAME,
	TUI_NPANES };

/* A line typed on the status line, and what it is for. */
enum tui_prompt { TUI_PROMPT_NONE, TUI_PROMPT_SEARCH, TUI_PROMPT_FILTER };

/* Colour pairs (screen.c); 0 is the terminal's own. */
enum tui_color { TC_NONE, TC_HEAD, TC_SEL, TC_HOT1, TC_HOT2, TC_HOT3,
	TC_MORE, TC_LESS, TC_DIM, TC_MARK, TC_FLAME1, TC_FLAME2, TC_NCOLORS };

/* A row of the function list: a listed function (or group), or a member. */
struct tui_row {
	struct cga_fn	*fn;
	uint32_t	 pos;		/* in fns0; UINT32_MAX for a member */
	uint32_t	 group;		/* member: its group's row + 1; 0 */
};

/* The function list (list.c). */
struct tui_list {
	struct cga_fn	**fns0;		/* lp's functions that pass */
	size_t		  nfns;
	/* The report's orders, by self (0) and inclusive (1) cost. */
	uint32_t	 *base[2];	/* positions in fns0 */
	size_t		  nself, nincl;
	uint32_t	 *order;	/* positions in fns0, as now sorted */
	size_t		  norder;
	/* Each mode's order by each shown event (order.c). */
	struct tui_orders *orders;
	/* The names of fns0 end to end, and in lower case (names.c). */
	size_t		 *at;		/* by position: where its name is */
	char		 *names, *lower;
	unsigned char	 *match;	/* by position: holds the text */
	char		 *matched;	/* that match is of */
	unsigned char	 *open;		/* by fns0 position: a group opened */
	struct tui_row	 *rows;		/* what is shown, filter applied */
	size_t		  nrows, rowcap;
	size_t		  top, sel;	/* first row on screen, selected */
	size_t		  sort_ev;	/* index into v->show */
	int		  inclusive;	/* ranked by inclusive cost */
	/* A regex filter, applied a slice at a time between keys. */
	regex_t		  re;
	int		  have_re;
	char		  pattern[256];
	char		 *lit;		/* what every match holds, or "" */
	int		  whole;	/* the regex is lit alone */
	unsigned char	 *holds;	/* by position: its name holds lit */
	size_t		  marked;	/* positions of holds made */
	uint32_t	 *pass;		/* positions passing, so far */
	size_t		  npass;
	size_t		  scanned;	/* positions of order tried */
	int		  filtering;	/* scanned < norder */
	size_t		 *w;		/* column widths, by event; grow */
	size_t		 *wi;		/* the same for inclusive costs */
};

/* One step of the path taken, for going back (Backspace). */
struct tui_step {
	enum tui_pane	 pane;
	struct cga_fn	*fn;
	size_t		 top, sel;
};

/* Lines of text with a cursor: the function pane, source, asm, help. */
struct tui_lines {
	char		**text;		/* as printed, escaped */
	unsigned char	 *hot;		/* 0 none, 1..3 share bands */
	struct cga_fn	**go;		/* a line's function to go to */
	uint64_t	 *line;		/* source line number, or 0 */
	size_t		  n, cap;
	size_t		  top, sel;
	size_t		  xoff;		/* scrolled to the right */
	const struct cga_fn *of;	/* whose lines these are */
	int		  inclusive;	/* made in which mode */
	size_t		  sort_ev;
};

struct tui_flame;
struct tui_orders;

struct tui {
	struct cga_view	  v;		/* the report's view; inclusive */
					/* follows the list's mode */
	int		  utf8;		/* the locale's charset is UTF-8 */
	int		  color;	/* colours, unless NO_COLOR or TERM */
	int		  mouse;
	int		  rows, cols;
	enum tui_pane	  pane;
	struct cga_fn	 *cur;		/* the function opened, or NULL */
	struct tui_step	 *path;		/* the way back */
	size_t		  npath, pathcap;
	struct tui_list	  list;
	struct tui_lines  func, src, asm_, help;
	struct tui_flame *flame;
	size_t		  flame_ev;	/* the event it is of */
	char		  msg[512];	/* said on the status line once */
	char		  search[256];	/* the last search */
	enum tui_prompt	  prompt;	/* a line is being typed */
	char		  pbuf[256];
	size_t		  psel;		/* the selection when it began */
	/* A pane's request, done by the loop after the key. */
	struct cga_fn	 *go;		/* open this function */
	enum tui_pane	  go_pane;
	int		  quit;
	/* Standard error while the screen is ours (tui.c). */
	int		  diag_pid;	/* the child keeping it, or 0 */
	int		  diag_fd;	/* its copy, read from diag_at */
	int		  saved_err;	/* where standard error was */
	long		  diag_at;
};

/* screen.c: the terminal's text, escaped, cut to the cells it may take. */
void	 tui_screen_init(struct tui *);
/* Writes s (a profile's bytes) at the cursor in at most width cells,
 * escaping what is not printable; returns the cells used. */
int	 tui_put(struct tui *, const char *s, int width);
/* The same, from byte offset skip cells into s (scrolled text). */
int	 tui_put_from(struct tui *, const char *s, int skip, int width);
/* Blanks to the end of the line, in the attributes set. */
void	 tui_clear_eol(struct tui *, int y, int x);
void	 tui_attr(struct tui *, enum tui_color, int bold);
void	 tui_attr_off(struct tui *);
/*
 * A key that moves a cursor over n rows shown h at a time (sel the row
 * selected, top the first shown): 1 when taken, the cursor then shown.
 */
int	 tui_move(size_t *sel, size_t *top, size_t n, int key, int h);
/* top moved so that row sel is among the h shown. */
void	 tui_scroll(size_t sel, size_t *top, int h);
/* The colour of a share of the total: hot lines' bands, 0 below 1 %. */
int	 tui_band(double percent);

/* Says fmt on the status line, once. */
void	 tui_say(struct tui *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/* A row's figures, as the report's columns print them, into buf. */
void	 tui_figures(struct tui *, char *buf, size_t n, const size_t *w,
	    const struct cga_fn *fn, int group_row);
/* Number of the shown event the list is sorted by, in the profile. */
size_t	 tui_event(const struct tui *);

/* list.c */
int	 tui_list_init(struct tui *);
void	 tui_list_free(struct tui *);
void	 tui_list_draw(struct tui *, int y0, int h);
int	 tui_list_key(struct tui *, int key, int h);
/* Sorts by the list's event and mode: no model recomputed. */
void	 tui_list_sort(struct tui *);
/* Some of a filter's work, between keys: whether more is left. */
int	 tui_list_work(struct tui *);
void	 tui_list_click(struct tui *, int row, int twice);
/* The selected row's function (a member, or a listed function). */
struct cga_fn *tui_list_selected(struct tui *);
/* Searches names from the selected row: 0 when found. */
int	 tui_list_find(struct tui *, const char *s, int back, int from_next);
/* Sets the filter (empty: none): 0, or -1 when not a regex (said). */
int	 tui_list_filter(struct tui *, const char *pattern);

/* lines.c: panes of lines. */
void	 tui_lines_free(struct tui_lines *);
void	 tui_lines_add(struct tui_lines *, const char *text, int hot,
	    struct cga_fn *go, uint64_t line);
void	 tui_lines_draw(struct tui *, struct tui_lines *, int y0, int h);
/* Keys of a pane of lines: 1 when taken. */
int	 tui_lines_key(struct tui *, struct tui_lines *, int key, int h);

/* Next (dir 1) or previous (-1) hot line: 0 when found. */
int	 tui_lines_hot(struct tui_lines *, int dir, int h);

/* order.c: the list's orders, made by a thread from the start. */
void	 tui_orders_start(struct tui *);
/* The order of a mode (1: inclusive) by the k-th shown event. */
const uint32_t *tui_orders_get(struct tui *, int incl, size_t k);
void	 tui_orders_stop(struct tui *);

/* names.c: the list's names end to end, for search and filter. */
void	 tui_names_make(struct tui *);
void	 tui_names_free(struct tui *);
/* The label of fns0's function at pos. */
const char *tui_names_of(const struct tui *, uint32_t pos);
/* Whether name holds s: ignoring case when s has no capital. */
int	 tui_names_holds(const char *name, const char *s);
/* By position, whether its name holds s (kept for the next search). */
const unsigned char *tui_names_match(struct tui *, const char *s);
/* Marks, by position, the names from from up to to that hold s as typed. */
void	 tui_names_mark(struct tui *, const char *s, size_t from, size_t to,
	    unsigned char *mark);
/*
 * The longest text that every name an extended regex matches must hold,
 * as typed ("" when it finds none it can be sure of); *whole when the
 * regex is that text alone, all of it ASCII: a name matches if and only
 * if it holds it.
 */
char	*tui_filter_literal(const char *re, int *whole);

/* func.c: the callers and callees of t->cur. */
void	 tui_func_make(struct tui *);

/* text.c: source and machine code of t->cur. */
void	 tui_source_make(struct tui *);
void	 tui_asm_make(struct tui *);

/* flame.c */
struct tui_flame *tui_flame_new(struct tui *);
void	 tui_flame_free(struct tui_flame *);
void	 tui_flame_draw(struct tui *, int y0, int h);
int	 tui_flame_key(struct tui *, int key, int h);
/* Work between keys (the stacks built a slice at a time): more left. */
int	 tui_flame_work(struct tui *);

#endif
