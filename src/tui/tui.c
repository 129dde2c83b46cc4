/*
 * tui.c: --tui: the loaded profile browsed in the terminal.  The
 * terminal is set up here (ncurses), the keys read and sent to the pane
 * shown, the header and the status line drawn; what is slow to make (a
 * filter over every name, the stacks of the flame pane) is done a slice
 * at a time between keys.
 */
#define _XOPEN_SOURCE 700
#include <sys/wait.h>

#include <curses.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/fmt.h"
#include "base/out.h"
#include "base/xalloc.h"
#include "print/format.h"
#include "tui/pane.h"
#include "tui/tui.h"
#include "view/columns.h"

/* Milliseconds between looks at a thread's work, while it goes on. */
#define WAIT_MS		50

static volatile sig_atomic_t hangup;

static void
on_hangup(int sig)
{
	(void)sig;
	hangup = 1;
}

static const char *const pane_name[TUI_NPANES] = { "Functions", "Function",
    "Source", "Asm", "Flame" };

/* The path back: where we are, before going on. */
static void
push(struct tui *t)
{
	struct tui_step	*s;
	struct tui_lines *l = t->pane == TUI_FUNC ? &t->func :
	    t->pane == TUI_SOURCE ? &t->src : t->pane == TUI_ASM ? &t->asm_ :
	    NULL;

	if (t->npath == t->pathcap) {
		t->pathcap = t->pathcap ? 2 * t->pathcap : 16;
		t->path = xreallocarray(t->path, t->pathcap, sizeof(*t->path));
	}
	s = &t->path[t->npath++];
	s->pane = t->pane;
	s->fn = t->cur;
	s->top = l != NULL ? l->top : t->list.top;
	s->sel = l != NULL ? l->sel : t->list.sel;
}

/* Makes the pane's lines for the function open, unless made already. */
static void
make_pane(struct tui *t)
{
	switch (t->pane) {
	case TUI_FUNC:
		if (t->func.of != t->cur || t->func.inclusive !=
		    t->list.inclusive || t->func.sort_ev != t->list.sort_ev)
			tui_func_make(t);
		break;
	case TUI_SOURCE:
		if (t->src.of != t->cur || t->src.n == 0)
			tui_source_make(t);
		break;
	case TUI_ASM:
		if (t->asm_.of != t->cur || t->asm_.n == 0)
			tui_asm_make(t);
		break;
	case TUI_FLAME:
		/* Built when the list was shown, or for another event. */
		if (t->flame != NULL && t->flame_ev != tui_event(t)) {
			tui_flame_free(t->flame);
			t->flame = NULL;
		}
		if (t->flame == NULL) {
			t->flame = tui_flame_new(t);
			t->flame_ev = tui_event(t);
		}
		break;
	default:
		break;
	}
}

static void
tui_open_fn(struct tui *t, struct cga_fn *fn, enum tui_pane pane)
{
	push(t);
	t->cur = fn;
	t->pane = pane;
	make_pane(t);
}

/* Back along the path taken: 0, or -1 at its start. */
static int
back(struct tui *t)
{
	struct tui_step	*s;
	struct tui_lines *l;

	if (t->npath == 0)
		return -1;
	s = &t->path[--t->npath];
	t->pane = s->pane;
	t->cur = s->fn;
	make_pane(t);
	l = t->pane == TUI_FUNC ? &t->func : t->pane == TUI_SOURCE ? &t->src :
	    t->pane == TUI_ASM ? &t->asm_ : NULL;
	if (l != NULL) {
		l->top = s->top;
		l->sel = s->sel < l->n ? s->sel : 0;
	} else if (t->pane == TUI_LIST) {
		t->list.top = s->top;
		t->list.sel = s->sel < t->list.nrows ? s->sel : 0;
	}
	return 0;
}

/* The profile, its command, events and totals: two lines. */
static void
draw_header(struct tui *t)
{
	char	 buf[512], count[CGA_FMT_COUNT];
	size_t	 i, e;
	int	 x;

	tui_attr(t, TC_HEAD, 1);
	mvaddstr(0, 0, "");
	x = tui_put(t, "cgannotate ", t->cols);
	x += tui_put(t, t->v.profiles[0], t->cols - x);
	if (t->v.nprofiles > 1) {
		snprintf(buf, sizeof(buf), " (+%zu)", t->v.nprofiles - 1);
		x += tui_put(t, buf, t->cols - x);
	}
	if (t->v.diff && t->v.older != NULL) {
		x += tui_put(t, " minus ", t->cols - x);
		x += tui_put(t, t->v.older->path, t->cols - x);
		if (t->v.nolds > 1) {
			snprintf(buf, sizeof(buf), " (+%zu)", t->v.nolds - 1);
			x += tui_put(t, buf, t->cols - x);
		}
	}
	if (t->v.p->cmd != NULL) {
		x += tui_put(t, "  cmd: ", t->cols - x);
		x += tui_put(t, t->v.p->cmd, t->cols - x);
	}
	tui_clear_eol(t, 0, x);
	tui_attr_off(t);
	mvaddstr(1, 0, "");
	x = tui_put(t, "total:", t->cols);
	for (i = 0; i < t->v.nshow; i++) {
		e = t->v.show[i];
		cga_view_count(&t->v, count, t->v.p->total[e]);
		snprintf(buf, sizeof(buf), " %s %s", t->v.p->ev[e].name, count);
		x += tui_put(t, buf, t->cols - x);
	}
	if (t->v.p->calculated)
		x += tui_put(t, " (calculated)", t->cols - x);
	tui_clear_eol(t, 1, x);
}

/* The tabs of the panes, the sort, and the function open. */
static void
draw_tabs(struct tui *t, int y)
{
	char	 buf[512];
	int	 i, x = 0;

	move(y, 0);
	for (i = 0; i < TUI_NPANES && x < t->cols; i++) {
		snprintf(buf, sizeof(buf), "%d %s", i + 1, pane_name[i]);
		tui_attr(t, i == (int)t->pane ? TC_SEL : TC_DIM,
		    i == (int)t->pane);
		x += tui_put(t, buf, t->cols - x);
		tui_attr_off(t);
		x += tui_put(t, " ", t->cols - x);
	}
	snprintf(buf, sizeof(buf), "| sort: %s %s%s%s",
	    t->v.p->ev[tui_event(t)].name,
	    t->list.inclusive ? "inclusive" : "self",
	    t->list.have_re ? " | filter: " : "",
	    t->list.have_re ? t->list.pattern : "");
	x += tui_put(t, buf, t->cols - x);
	if (t->list.filtering)
		x += tui_put(t, " (filtering...)", t->cols - x);
	tui_clear_eol(t, y, x);
}

static const char *const keys_of[TUI_NPANES] = {
	"Enter open  s sort  i incl/self  / search  \\ filter  ? help  q quit",
	"Enter go  Bksp back  Tab source  ? help  q quit",
	"] [ hot lines  Bksp back  Tab asm  ? help  q quit",
	"] [ hot lines  Bksp back  Tab flame  ? help  q quit",
	"arrows move  Enter zoom  Bksp out  Tab list  ? help  q quit",
};

static void
draw_status(struct tui *t)
{
	int	 x;

	tui_attr(t, TC_HEAD, 0);
	mvaddstr(t->rows - 1, 0, "");
	if (t->msg[0] != '\0')
		x = tui_put(t, t->msg, t->cols);
	else
		x = tui_put(t, keys_of[t->pane], t->cols);
	tui_clear_eol(t, t->rows - 1, x);
	tui_attr_off(t);
}

static const char *const help_text[] = {
	"cgannotate --tui: keys",
	"",
	"Everywhere",
	"  q            quit (Ctrl-C too)",
	"  ?            this help; any key leaves it",
	"  Tab          the next pane: functions, function, source, asm, flame",
	"  1 2 3 4 5    that pane",
	"  Backspace    back along the path taken (Esc, Left, h too)",
	"  arrows j k   move; PgUp PgDn, Home End (g G) further",
	"  s S          sort by the next (previous) shown event",
	"  i            rank by inclusive or by self cost",
	"",
	"Function list",
	"  Enter        open the function (a group: show its members)",
	"  /  n  N      search names, the next, the previous",
	"  \\            filter names by an extended regex (empty: none)",
	"",
	"Function       its callers (<) above, its callees (>) below; Enter",
	"               on one goes there.  (recursive): in one cycle with it.",
	"Source, Asm    ] [ the next and previous hot line (1 % or more of the",
	"               total); Left Right scroll sideways",
	"Flame          the selected function's stacks, an icicle: Up Down",
	"               Left Right pick a frame, Enter zooms in, Bksp out,",
	"               a the whole program's stacks (or the function's)",
	"Mouse          the wheel scrolls; a click picks a row, two open it",
	"",
	"Figures are those of the report (cgannotate without --tui).",
	NULL
};

static void
help_make(struct tui *t)
{
	size_t	 i;

	if (t->help.n > 0)
		return;
	for (i = 0; help_text[i] != NULL; i++)
		tui_lines_add(&t->help, help_text[i], 0, NULL, 0);
}

/* The line being typed, on the status line, with the cursor after it. */
static void
draw_prompt(struct tui *t)
{
	int	 x;

	tui_attr(t, TC_HEAD, 1);
	mvaddstr(t->rows - 1, 0, "");
	x = tui_put(t, t->prompt == TUI_PROMPT_SEARCH ? "/" :
	    "filter (extended regex, empty: none): ", t->cols);
	x += tui_put(t, t->pbuf, t->cols - x);
	tui_clear_eol(t, t->rows - 1, x);
	tui_attr_off(t);
	move(t->rows - 1, x < t->cols ? x : t->cols - 1);
}

static void
draw(struct tui *t, int help)
{
	int	 body = t->rows - 4;

	erase();
	draw_header(t);
	draw_tabs(t, 2);
	if (body < 1)
		body = 1;
	if (help) {
		help_make(t);
		tui_lines_draw(t, &t->help, 3, body);
	} else switch (t->pane) {
	case TUI_LIST:
		tui_list_draw(t, 3, body);
		break;
	case TUI_FUNC:
		tui_lines_draw(t, &t->func, 3, body);
		break;
	case TUI_SOURCE:
		tui_lines_draw(t, &t->src, 3, body);
		break;
	case TUI_ASM:
		tui_lines_draw(t, &t->asm_, 3, body);
		break;
	case TUI_FLAME:
		tui_flame_draw(t, 3, body);
		break;
	default:
		break;
	}
	if (t->prompt != TUI_PROMPT_NONE && t->msg[0] == '\0') {
		draw_prompt(t);
		curs_set(1);
	} else {
		draw_status(t);
		curs_set(0);
	}
	refresh();
}

/* A key while a line is typed: a search moves as it is typed. */
static void
prompt_key(struct tui *t, int c)
{
	size_t	 len = strlen(t->pbuf);

	if (c == 27 || c == ('g' & 0x1f)) {
		if (t->prompt == TUI_PROMPT_SEARCH)
			t->list.sel = t->psel;
		t->prompt = TUI_PROMPT_NONE;
		return;
	}
	if (c == '\n' || c == '\r' || c == KEY_ENTER) {
		if (t->prompt == TUI_PROMPT_FILTER)
			tui_list_filter(t, t->pbuf);
		else if (t->pbuf[0] != '\0')
			snprintf(t->search, sizeof(t->search), "%s", t->pbuf);
		t->prompt = TUI_PROMPT_NONE;
		return;
	}
	if (c == KEY_BACKSPACE || c == 127 || c == 8) {
		while (len > 0 && ((unsigned char)t->pbuf[len - 1] & 0xc0) ==
		    0x80)
			len--;	/* the rest of a UTF-8 character */
		if (len > 0)
			len--;
	} else if (c >= 0x20 && c < 0x100 && c != 0x7f &&
	    len + 1 < sizeof(t->pbuf))
		t->pbuf[len++] = (char)c;
	else
		return;
	t->pbuf[len] = '\0';
	if (t->prompt == TUI_PROMPT_SEARCH && len > 0) {
		t->list.sel = t->psel;
		if (tui_list_find(t, t->pbuf, 0, 0) == -1)
			tui_say(t, "not found: %s", t->pbuf);
	}
}

/* The pane after this one, for Tab; the function list's selection opens. */
static void
next_pane(struct tui *t, enum tui_pane to)
{
	struct cga_fn	*fn = t->cur;

	if (t->pane == TUI_LIST && tui_list_selected(t) != NULL) {
		fn = tui_list_selected(t);
		/* A group's row: its costliest member. */
		if (t->v.groups != NULL && t->list.rows[t->list.sel].group == 0)
			fn = NULL;
	}
	if (to != TUI_LIST && to != TUI_FLAME && fn == NULL) {
		tui_say(t, "open a function first (Enter on one)");
		return;
	}
	if (to == t->pane)
		return;
	tui_open_fn(t, fn, to);
}

/* The height of a pane's body, for its keys. */
static int
body_rows(const struct tui *t)
{
	return t->rows - 5 > 1 ? t->rows - 5 : 1;
}

static void
sort_key(struct tui *t, int key)
{
	size_t	 n = t->v.nshow;

	if (key == 's')
		t->list.sort_ev = (t->list.sort_ev + 1) % n;
	else if (key == 'S')
		t->list.sort_ev = (t->list.sort_ev + n - 1) % n;
	else if (!t->v.p->have_incl) {
		tui_say(t, "this view has no inclusive costs");
		return;
	} else
		t->list.inclusive = !t->list.inclusive;
	t->v.inclusive = t->list.inclusive;
	tui_list_sort(t);
	t->func.of = NULL;	/* made again in the new order */
}

/* A key: what it does in the pane shown, or everywhere. */
static void
key(struct tui *t, int c)
{
	int	 h = body_rows(t);

	if (t->prompt != TUI_PROMPT_NONE) {
		prompt_key(t, c);
		return;
	}
	if (t->pane == TUI_LIST && tui_list_key(t, c, h)) {
		t->psel = t->list.sel;
		return;
	}
	if ((t->pane == TUI_FUNC && tui_lines_key(t, &t->func, c, h)) ||
	    (t->pane == TUI_SOURCE && tui_lines_key(t, &t->src, c, h)) ||
	    (t->pane == TUI_ASM && tui_lines_key(t, &t->asm_, c, h)) ||
	    (t->pane == TUI_FLAME && tui_flame_key(t, c, h)))
		return;
	switch (c) {
	case 'q': case 'Q': case 'c' & 0x1f:
		t->quit = 1;
		break;
	case '\t':
		next_pane(t, (t->pane + 1) % TUI_NPANES);
		break;
	case KEY_BTAB:
		next_pane(t, (t->pane + TUI_NPANES - 1) % TUI_NPANES);
		break;
	case '1': case '2': case '3': case '4': case '5':
		next_pane(t, (enum tui_pane)(c - '1'));
		break;
	case KEY_BACKSPACE: case 127: case 8: case 27: case KEY_LEFT: case 'h':
		if (back(t) == -1)
			tui_say(t, "at the start of the path (q quits)");
		break;
	case 's': case 'S': case 'i':
		sort_key(t, c);
		break;
	case KEY_RESIZE:
		break;
	default:
		tui_say(t, "key not bound here: ? lists them");
		break;
	}
}

static void
mouse(struct tui *t)
{
	MEVENT	 ev;

	if (getmouse(&ev) != OK)
		return;
	if (ev.bstate & BUTTON4_PRESSED)
		key(t, KEY_UP);
	else if (ev.bstate & BUTTON5_PRESSED)
		key(t, KEY_DOWN);
	else if (t->pane == TUI_LIST && ev.y >= 4 &&
	    (ev.bstate & (BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED)))
		tui_list_click(t, ev.y - 4,
		    (ev.bstate & BUTTON1_DOUBLE_CLICKED) != 0);
}

/*
 * Work left between keys: a filter's slices (2: look at the keys and go
 * on at once), or the flame's stacks, built by a thread (1: look again
 * a little later).
 */
static int
work(struct tui *t)
{
	if (tui_list_work(t))
		return 2;
	return tui_flame_work(t);
}

/*
 * What is said on standard error while the screen is ours (a warning of
 * objdump's, a source file newer than the profile) must not draw on it,
 * nor be lost if the program dies: standard error becomes a pipe to a
 * child process, which copies what comes to a file (whose last line the
 * status line shows) and keeps it, and writes it all to the real
 * standard error when the pipe closes: after the screen is given back,
 * or when the program ended otherwise.
 */
#define DIAG_KEPT	(1u << 20)

static void
diag_child(int in, int file, int err)
{
	char	 buf[4096], *kept = malloc(DIAG_KEPT);
	size_t	 nkept = 0;
	ssize_t	 n, k;

	signal(SIGHUP, SIG_IGN);
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	while ((n = read(in, buf, sizeof(buf))) != 0) {
		if (n < 0)
			continue;	/* interrupted */
		(void)!write(file, buf, (size_t)n);
		if (kept != NULL && nkept + (size_t)n <= DIAG_KEPT) {
			memcpy(kept + nkept, buf, (size_t)n);
			nkept += (size_t)n;
		}
	}
	for (n = 0; kept != NULL && (size_t)n < nkept; n += k)
		if ((k = write(err, kept + n, nkept - (size_t)n)) <= 0)
			break;
	_exit(0);
}

static void
diag_begin(struct tui *t)
{
	char	 path[] = "/tmp/cgannotate-tui-XXXXXX";
	int	 fd[2], file;
	pid_t	 pid;

	t->diag_fd = -1;
	fflush(stderr);
	if ((file = mkstemp(path)) == -1)
		return;
	t->diag_fd = open(path, O_RDONLY);
	unlink(path);
	if (t->diag_fd == -1 || pipe(fd) == -1 ||
	    (t->saved_err = dup(STDERR_FILENO)) == -1) {
		close(file);
		return;
	}
	if ((pid = fork()) == 0) {
		close(fd[1]);
		diag_child(fd[0], file, t->saved_err);
	}
	close(fd[0]);
	close(file);
	if (pid == -1 || dup2(fd[1], STDERR_FILENO) == -1) {
		close(fd[1]);
		close(t->saved_err);
		t->saved_err = -1;
		return;
	}
	close(fd[1]);
	t->diag_pid = pid;
}

static void
diag_seen(struct tui *t)
{
	char	 buf[512];
	ssize_t	 n;
	char	*line, *end;

	if (t->diag_pid <= 0)
		return;
	fflush(stderr);
	/* What came since the last look; its last whole line is shown. */
	while ((n = pread(t->diag_fd, buf, sizeof(buf) - 1, t->diag_at)) > 0) {
		buf[n] = '\0';
		if ((end = strrchr(buf, '\n')) == NULL)
			break;
		*end = '\0';
		t->diag_at += end + 1 - buf;
		line = strrchr(buf, '\n') != NULL ? strrchr(buf, '\n') + 1 : buf;
		if (*line != '\0')
			tui_say(t, "%s", line);
	}
}

static void
diag_end(struct tui *t)
{
	if (t->diag_pid <= 0)
		return;
	fflush(stderr);
	/* The pipe's last writer closed: the child writes it all out. */
	dup2(t->saved_err, STDERR_FILENO);
	close(t->saved_err);
	waitpid(t->diag_pid, NULL, 0);
	close(t->diag_fd);
}

static void
loop(struct tui *t)
{
	int	 c, help = 0, more = 0;

	while (!t->quit && !hangup) {
		getmaxyx(stdscr, t->rows, t->cols);
		draw(t, help);
		t->msg[0] = '\0';
		/* Work left: a look at the keys between its slices. */
		timeout(more == 2 ? 0 : more == 1 ? WAIT_MS : -1);
		c = getch();
		diag_seen(t);
		if (c == ERR) {
			/* Waiting for nothing, no key: the terminal is gone. */
			if (hangup || !more)
				break;
			more = work(t);
			continue;
		}
		if (help) {
			help = 0;
			if (c != 'q')
				continue;
		}
		if (c == '?' && t->prompt == TUI_PROMPT_NONE)
			help = 1;
		else if (c == KEY_MOUSE)
			mouse(t);
		else
			key(t, c);
		if (t->go != NULL) {
			tui_open_fn(t, t->go, t->go_pane);
			t->go = NULL;
		}
		more = work(t);
	}
}

/* What the report's panes need: inclusive costs, lines, jumps, code. */
static unsigned
tui_needs(const struct cga_view *v)
{
	unsigned need = CGA_NEED_INCL | CGA_NEED_LINES | CGA_NEED_JUMPS;

	if (cga_view_keeps_instrs(v))
		need |= CGA_NEED_INSTRS;
	return need;
}

static int
tui_run(FILE *out, const struct cga_view *v)
{
	struct tui	 t;
	struct sigaction sa;
	SCREEN		*scr;
	const char	*term = getenv("TERM");

	(void)out;
	memset(&t, 0, sizeof(t));
	t.v = *v;
	t.v.color = 0;
	/* The machine code pane, where the costs of instructions are kept. */
	t.v.asm_code = cga_view_keeps_instrs(v);
	t.v.filter = 0;
	t.v.top = 0;
	if (v->nshow == 0) {
		cga_diag("--tui: no event to show");
		return 1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_hangup;
	sigemptyset(&sa.sa_mask);
	/* Not restarted: a read of the keys ends, and the loop with it. */
	sigaction(SIGHUP, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	setlocale(LC_ALL, "");
	/* A screen's changes in few writes: over ssh, few packets. */
	setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	t.utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
	if ((scr = newterm(term != NULL && *term != '\0' ? term : "vt100",
	    stdout, stdin)) == NULL) {
		cga_diag("--tui: the terminal '%s' is not known to ncurses",
		    term != NULL ? term : "");
		return 1;
	}
	set_term(scr);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	if (getenv("CGA_TUI_NO_MOUSE") == NULL)
		t.mouse = mousemask(BUTTON1_CLICKED | BUTTON1_DOUBLE_CLICKED |
		    BUTTON4_PRESSED | BUTTON5_PRESSED, NULL) != 0;
	tui_screen_init(&t);
	getmaxyx(stdscr, t.rows, t.cols);
	diag_begin(&t);
	tui_list_init(&t);
	/* The flame pane's stacks, built while the list is looked at. */
	t.flame = tui_flame_new(&t);
	t.flame_ev = tui_event(&t);
	loop(&t);
	endwin();
	delscreen(scr);
	diag_end(&t);
	tui_list_free(&t);
	tui_lines_free(&t.func);
	tui_lines_free(&t.src);
	tui_lines_free(&t.asm_);
	tui_lines_free(&t.help);
	tui_flame_free(t.flame);
	free(t.path);
	return 0;
}

/* --tui's checks before loading: a terminal on both ends. */
int
cga_tui_usable(void)
{
	if (!isatty(STDOUT_FILENO)) {
		cga_diag("--tui: standard output is not a terminal (the report, "
		    "without --tui, is for pipes and files)");
		return -1;
	}
	if (!isatty(STDIN_FILENO)) {
		cga_diag("--tui: standard input is not a terminal: it reads "
		    "the keys");
		return -1;
	}
	return 0;
}

const struct cga_format cga_format_tui = { "tui", tui_needs, NULL, 0,
    tui_run,
    NULL, NULL, 0 };
