/*
 * fuzz_many.c: libFuzzer target over several profiles at once: summed,
 * or as --diff's NEW and OLD, one of them read once through a pipe, a
 * FIFO, standard input or a descriptor, then printed in every format.
 *
 * The input: two bytes of choices, then up to three profiles, each ended
 * by a line holding only the byte 0x1e (the last needs none):
 *
 *	byte 0	bit 1: --diff (the last profile is OLD) when there are two
 *		or more; bits 2-3: which profile is read once (0: none,
 *		k: the k-th, or the last); bits 4-6: how it is named (see
 *		enum once); bit 7: the writer gives its first byte alone
 *	byte 1	bit 0: --inclusive; bit 1: --tree; bit 2: --threshold=100;
 *		bit 3: --part=1; bit 4: name rewrites; bit 5: --show and
 *		--sort named; bit 6: no line costs; bit 7: no percentages,
 *		DOT thresholds 0
 *
 * A difference of two profiles of the same bytes must be 0 everywhere,
 * one of them read through a pipe or not.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "analysis/diff.h"
#include "analysis/inclusive.h"
#include "base/diag.h"
#include "base/xalloc.h"
#include "cli/formats.h"
#include "cli/opts.h"
#include "cli/profiles.h"
#include "cli/resolve.h"
#include "cli/run.h"
#include "load/input.h"
#include "load/load.h"
#include "view/view.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

#define MAXPROF	3

/* How the profile read once is named. */
enum once {
	ONCE_PIPE_FD,		/* a pipe, as /dev/fd/N (what <(...) gives) */
	ONCE_PIPE_DASH,		/* a pipe on standard input, as "-" */
	ONCE_PIPE_STDIN,	/* the same, as /dev/stdin */
	ONCE_PIPE_PROC,		/* a pipe, as /proc/self/fd/N */
	ONCE_FIFO,		/* a FIFO, by its path */
	ONCE_FILE_FD,		/* a regular file, open, as /dev/fd/N */
	ONCE_FILE_DASH,		/* a regular file on standard input, as "-" */
	ONCE_PIPE_FD2		/* a pipe, as /dev/fd/N again */
};

/* Writes a profile into a pipe or a FIFO, as a shell would. */
struct feeder {
	pthread_t	 thread;
	int		 fd;		/* the write end, or -1: open fifo */
	const char	*fifo;
	const uint8_t	*data;
	size_t		 len;
	size_t		 first;		/* bytes of the first write */
	atomic_int	 cancel;	/* no reader will come */
};

static char			 path[MAXPROF][64], fifo[64];
static FILE			*devnull;
static struct cga_rewrite	 rw;
static regex_t			 hide_re;
static char			*hide_text[] = { (char *)"^_|<[0-9]" };
static const uint64_t		 part1 = 1;

/* The FIFO goes when libFuzzer ends its run (a crash leaves it). */
static void
fifo_remove(void)
{
	unlink(fifo);
}

/* Writes len bytes to p, or aborts: the harness cannot go on without. */
static void
put(const char *p, const uint8_t *data, size_t len)
{
	FILE	*f;

	if ((f = fopen(p, "wb")) == NULL)
		abort();
	if (len > 0 && fwrite(data, 1, len, f) != len)
		abort();
	if (fclose(f) != 0)
		abort();
}

/*
 * The FIFO's write end, once a reader has opened it, or -1 when told no
 * reader will come: a blocking open would wait for ever then.
 */
static int
fifo_open(struct feeder *fe)
{
	struct timespec	 ts = { 0, 50 * 1000 };
	int		 w;

	while ((w = open(fe->fifo, O_WRONLY | O_NONBLOCK)) == -1) {
		if (errno != ENXIO || atomic_load(&fe->cancel))
			return -1;
		nanosleep(&ts, NULL);
	}
	if (fcntl(w, F_SETFL, 0) == -1)
		abort();
	return w;
}

/* The writer: the profile in one or two writes; a reader gone ends it. */
static void *
feed(void *arg)
{
	struct feeder	*fe = arg;
	size_t		 done = 0, n;
	ssize_t		 r;
	int		 w = fe->fd;

	if (w == -1 && (w = fifo_open(fe)) == -1)
		return NULL;
	while (done < fe->len) {
		n = done == 0 && fe->first > 0 ? fe->first : fe->len - done;
		if ((r = write(w, fe->data + done, n)) == -1) {
			if (errno == EINTR)
				continue;
			break;		/* EPIPE: the reader stopped */
		}
		done += (size_t)r;
	}
	close(w);
	return NULL;
}

/*
 * Makes the profile readable once under a name, put in name, the way
 * chosen: what to undo after loading goes to *saved_stdin (standard
 * input as it was) and *opened (a descriptor to close).
 */
static void
once_start(struct feeder *fe, enum once how, const char *file, char *name,
    size_t len, int *saved_stdin, int *opened)
{
	int	 p[2], r;

	*saved_stdin = *opened = -1;
	fe->fd = -1;
	fe->fifo = NULL;
	atomic_store(&fe->cancel, 0);
	if (how == ONCE_FILE_FD || how == ONCE_FILE_DASH) {
		if ((r = open(file, O_RDONLY)) == -1)
			abort();
	} else if (how == ONCE_FIFO) {
		fe->fifo = fifo;
		snprintf(name, len, "%s", fifo);
		if (pthread_create(&fe->thread, NULL, feed, fe) != 0)
			abort();
		return;
	} else {
		if (pipe(p) == -1)
			abort();
		r = p[0];
		fe->fd = p[1];
		if (pthread_create(&fe->thread, NULL, feed, fe) != 0)
			abort();
	}
	switch (how) {
	case ONCE_PIPE_DASH:
	case ONCE_PIPE_STDIN:
	case ONCE_FILE_DASH:
		if ((*saved_stdin = dup(STDIN_FILENO)) == -1 ||
		    dup2(r, STDIN_FILENO) == -1)
			abort();
		close(r);
		snprintf(name, len, "%s", how == ONCE_PIPE_STDIN ?
		    "/dev/stdin" : "-");
		break;
	case ONCE_PIPE_PROC:
		*opened = r;
		snprintf(name, len, "/proc/self/fd/%d", r);
		break;
	default:
		*opened = r;
		snprintf(name, len, "/dev/fd/%d", r);
		break;
	}
}

/* Undoes once_start once the profiles are loaded; the writer ends. */
static void
once_end(struct feeder *fe, enum once how, int saved_stdin, int opened)
{
	if (saved_stdin != -1) {
		if (dup2(saved_stdin, STDIN_FILENO) == -1)
			abort();
		close(saved_stdin);
	}
	if (opened != -1)
		close(opened);
	if (how == ONCE_FILE_FD || how == ONCE_FILE_DASH)
		return;
	atomic_store(&fe->cancel, 1);
	pthread_join(fe->thread, NULL);
}

/* The views printed: each format, and tsv's three kinds of rows. */
struct shown {
	const struct cga_format	*format;
	int			 calls, lines;
	int			 lines_needed;	/* skipped with no lines */
};

static const struct shown shown_all[] = {
	{ &cga_format_text, 0, 0, 0 },
	{ &cga_format_tsv, 0, 0, 0 },
	{ &cga_format_tsv, 1, 0, 0 },
	{ &cga_format_tsv, 0, 1, 1 },
	{ &cga_format_json, 0, 0, 0 },
	{ &cga_format_dot, 0, 0, 0 },
	{ &cga_format_markdown, 0, 0, 0 },
	{ &cga_format_callgrind, 0, 0, 1 },
	{ &cga_format_folded, 0, 0, 0 },
	{ &cga_format_speedscope, 0, 0, 0 },
	{ &cga_format_html, 0, 0, 0 },
	{ &cga_format_pprof, 0, 0, 0 },
	{ &cga_format_parts, 0, 0, 0 },
};
#define NSHOWN	(sizeof(shown_all) / sizeof(shown_all[0]))

/* The options of one view; json annotates (prints lines) when it may. */
static void
view_opts(struct cga_opts *o, const struct shown *s, int nolines)
{
	o->format = s->format;
	o->calls = s->calls;
	o->lines = s->lines;
	o->auto_annotate = (s->format == &cga_format_json ||
	    s->format == &cga_format_html) && !nolines;
	/* As cga_opts_parse resolves them. */
	o->inlined_frames = 1;
	o->group_inlined = o->by == CGA_BY_FUNCTION &&
	    (s->format == &cga_format_dot || s->format == &cga_format_folded ||
	    s->format == &cga_format_speedscope ||
	    s->format == &cga_format_pprof);
}

/* What the loader asks: whose line costs to keep; every file's here. */
static int
want_lines(void *ctx, const char *name)
{
	(void)ctx;
	(void)name;
	return 1;
}

/*
 * Aborts unless every count of the difference is 0: its total and each
 * function's own cost.
 */
static void
zero_or_abort(const struct cga_profile *d)
{
	const struct cga_fn	*fn;
	size_t			 e;

	for (e = 0; e < d->nev; e++)
		if (d->total[e] != 0) {
			fprintf(stderr, "fuzz_many: a profile less itself: "
			    "total of %s is %lld\n", d->ev[e].name,
			    (long long)d->total[e]);
			abort();
		}
	for (fn = d->fns; fn != NULL; fn = fn->next)
		for (e = 0; e < d->nev; e++)
			if (fn->self[e] != 0) {
				fprintf(stderr, "fuzz_many: a profile less "
				    "itself: %s of %s is %lld\n",
				    d->ev[e].name, fn->display,
				    (long long)fn->self[e]);
				abort();
			}
}

/* Whether the views printed cover format f. */
static int
in_table(const struct cga_format *f)
{
	size_t	 i;

	for (i = 0; i < NSHOWN; i++)
		if (shown_all[i].format == f)
			return 1;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cga_load_opts	 lo = { .cwd = "/tmp/" };
	struct cga_opts		 o;
	struct cga_profile	*p = NULL, *old = NULL, *d = NULL, *s;
	struct cga_view		 v;
	struct feeder		 fe;
	const uint8_t		*at[MAXPROF], *end, *sep;
	size_t			 len[MAXPROF], n = 0, i, k;
	char			*names[MAXPROF + 1], once_name[64];
	char			*show[64], *sort[1], *sort_th[1];
	double			 sort_th_val[1];
	unsigned		 needs = 0;
	int			 diff, once, nolines, saved_stdin = -1;
	int			 opened = -1, ok;
	enum once		 how;
	char			 err[64];

	if (path[0][0] == '\0') {
		for (i = 0; i < MAXPROF; i++)
			snprintf(path[i], sizeof(path[i]),
			    "/tmp/cga-fuzz-many.%ld.%zu", (long)getpid(), i);
		snprintf(fifo, sizeof(fifo), "/tmp/cga-fuzz-many.%ld.fifo",
		    (long)getpid());
		unlink(fifo);
		if (mkfifo(fifo, 0600) == -1 || atexit(fifo_remove) != 0)
			abort();
		devnull = fopen("/dev/null", "w");
		cga_diag_silent = 1;
		/* A reader that stops early makes the writer's pipe break. */
		signal(SIGPIPE, SIG_IGN);
		/*
		 * Every format is in the table but --tui's, which needs a
		 * terminal: its figures are the report's (tests/scripts/tui.sh).
		 */
		for (i = 0; cga_formats[i] != NULL; i++)
			if (cga_formats[i] != &cga_format_tui &&
			    !in_table(cga_formats[i]))
				abort();
		if (cga_rewrite_parse(&rw, "s/[0-9]+|^$/<&>/g", err,
		    sizeof(err)) != 0 || regcomp(&hide_re, hide_text[0],
		    REG_EXTENDED | REG_NOSUB) != 0)
			abort();
	}
	if (size < 2)
		return 0;

	/* The profiles, each ended by a line "\x1e". */
	at[0] = data + 2;
	end = data + size;
	while (n < MAXPROF - 1) {
		sep = at[n];
		while ((sep = memchr(sep, 0x1e, (size_t)(end - sep))) != NULL &&
		    !((sep == data + 2 || sep[-1] == '\n') && sep + 1 < end &&
		    sep[1] == '\n'))
			sep++;
		if (sep == NULL)
			break;
		len[n] = (size_t)(sep - at[n]);
		at[n + 1] = sep + 2;
		n++;
	}
	len[n] = (size_t)(end - at[n]);
	n++;

	diff = (data[0] & 0x2) && n >= 2;
	once = (data[0] >> 2) & 0x3;
	once = once == 0 ? -1 : once - 1 < (int)n ? once - 1 : (int)n - 1;
	how = (enum once)((data[0] >> 4) & 0x7);
	nolines = (data[1] & 0x40) != 0;

	for (i = 0; i < n; i++) {
		put(path[i], at[i], len[i]);
		names[i] = path[i];
	}
	memset(&fe, 0, sizeof(fe));
	if (once >= 0) {
		fe.data = at[once];
		fe.len = len[once];
		fe.first = (data[0] & 0x80) ? 1 : 0;
		once_start(&fe, how, path[once], once_name,
		    sizeof(once_name), &saved_stdin, &opened);
		names[once] = once_name;
	}

	cga_opts_init(&o);
	o.profiles = names;
	o.nprofiles = diff ? n - 1 : n;
	o.profile = names[0];
	o.diff = diff ? names[n - 1] : NULL;
	o.inclusive = data[1] & 0x1;
	o.tree = (data[1] & 0x2) ? CGA_TREE_CALLER | CGA_TREE_CALLING : 0;
	if (data[1] & 0x4) {
		o.threshold = (char *)"100";
		o.threshold_val = 100;
	}
	o.context = 2;
	/* Listings: by file or object, the top 3, a function hidden. */
	if (data[0] & 0x1) {
		o.by = (data[1] & 0x4) ? CGA_BY_OBJECT : CGA_BY_FILE;
		o.top = 3;
		o.hide = &hide_re;
		o.hide_text = hide_text;
		o.nhide = 1;
		o.max_depth = 8;
	}
	if (data[1] & 0x80) {
		o.show_percs = 0;
		o.node_threshold = o.edge_threshold = 0;
	} else {
		o.node_threshold = 0.5;
		o.edge_threshold = 0.1;
	}

	/* What the loader and the model build: what every view needs. */
	for (k = 0; k < NSHOWN; k++) {
		if (shown_all[k].lines_needed && nolines)
			continue;
		view_opts(&o, &shown_all[k], nolines);
		cga_view_init(&v, &o);
		needs |= o.format->needs(&v);
		cga_view_free(&v);
	}
	lo.lines = (needs & (CGA_NEED_LINES | CGA_NEED_ALL_LINES)) != 0;
	lo.no_calls = !(needs & (CGA_NEED_CALLS | CGA_NEED_INCL));
	lo.no_sites = !(needs & (CGA_NEED_LINES | CGA_NEED_SITES));
	lo.no_owners = !(needs & (CGA_NEED_LINES | CGA_NEED_OWNERS));
	if (data[1] & 0x8) {
		lo.parts = &part1;
		lo.nparts = 1;
	}
	if (data[1] & 0x10) {
		lo.mod_funcname = lo.mod_filename = &rw;
		lo.nmod_funcname = lo.nmod_filename = 1;
	}
	lo.want_lines = want_lines;

	p = cga_profile_new();
	if (diff)
		old = cga_profile_new();
	ok = cga_profiles_load(p, old, &o, &lo) == 0;
	if (once >= 0)
		once_end(&fe, how, saved_stdin, opened);
	/* Several views print this model: it keeps its display names. */
	ok = ok && cga_profiles_finish(p, needs, 0, NULL, NULL, 0) == 0 &&
	    (old == NULL ||
	    cga_profiles_finish(old, needs, 0, NULL, NULL, 0) == 0);
	if (ok && old != NULL)
		ok = (d = cga_profile_diff(old, p)) != NULL;
	/* A profile less itself is nothing, whichever way it was read. */
	if (d != NULL && n == 2 && len[0] == len[1] &&
	    memcmp(at[0], at[1], len[0]) == 0)
		zero_or_abort(d);

	for (k = 0; ok && k < NSHOWN; k++) {
		if (shown_all[k].lines_needed && nolines)
			continue;
		view_opts(&o, &shown_all[k], nolines);
		s = d != NULL && !o.format->as_loaded ? d : p;
		/* --show every event, last first; --sort by the last. */
		o.nshow = o.nsort = 0;
		if ((data[1] & 0x20) && s->nev > 0 && s->nev <= 64) {
			for (i = 0; i < s->nev; i++)
				show[i] = (char *)s->ev[s->nev - 1 - i].name;
			o.show = show;
			o.nshow = s->nev;
			sort[0] = show[0];
			sort_th[0] = (char *)"1";
			sort_th_val[0] = 1;
			o.sort = sort;
			o.sort_th = sort_th;
			o.sort_th_val = sort_th_val;
			o.sort_has_th = 1;
			o.nsort = 1;
		}
		cga_view_init(&v, &o);
		if (cga_view_bind(&v, s) == 0)
			o.format->print(devnull, &v);
		cga_view_free(&v);
	}
	o.show = o.sort = o.sort_th = NULL;
	o.sort_th_val = NULL;
	o.nshow = o.nsort = 0;

	cga_profile_free(d);
	cga_profile_free(old);
	cga_profile_free(p);
	for (i = 0; i < n; i++)
		unlink(path[i]);
	return 0;
}
