/*
 * split.c: -j 2: a profile file read in two halves at once.  Once the
 * first part's cost lines begin, a thread reads the file from a line
 * near the middle on, with a loader of its own, into a model of its own;
 * the loader reads up to that line, then merges the thread's model into
 * its own (merge.c) and goes on past what the thread read.  The result
 * is the model of one reader, byte for byte, or the thread's half is
 * dropped and read again:
 *
 *  - The thread starts at an fn= line (or the fl= line before it),
 *    before any line that uses positions but a cost line whose positions
 *    are all absolute (or a calls= line whose target is): so it knows
 *    the function and positions in force.  The file and object in force,
 *    and names by ids defined before (the first half's), it gives
 *    placeholders, which the merge replaces with what the loader has
 *    when it reaches that line.
 *  - It stops before a header line (a part may end there, with another
 *    format), a new run of the file, a NUL byte, a last line without a
 *    newline; and it gives up at anything that would print a message or
 *    past the loader's memory budget.  Its half is left to the loader
 *    too where one reader could have read it otherwise: a count with a
 *    '-', an id the two halves name differently, an id the first half
 *    used before its definition and the second uses or names, an id the
 *    thread used before a definition the first half gave, names the
 *    thread merged, a sum that could overflow (merge.c).
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/xalloc.h"
#include "load/split.h"

/* Files smaller than this are read by one thread (unless CGA_CUT). */
#define SPLIT_MIN	(8u * 1024 * 1024)
/* Profiles of more events are read by one thread: rows too wide to hold twice. */
#define SPLIT_EVENTS	64
/* How far past the middle a line to start at is looked for, how read. */
#define SEARCH_MAX	(4u * 1024 * 1024)
#define SEARCH_BLOCK	(64u * 1024)


/* Whether the line at s (len bytes) starts with key. */
static int
starts(const char *s, size_t len, const char *key)
{
	size_t	 n = strlen(key);

	return len >= n && memcmp(s, key, n) == 0;
}

/* Whether the cost line at s has npos positions, each absolute. */
static int
absolute(const char *s, const char *end, size_t npos)
{
	size_t	 i;

	for (i = 0; i < npos; i++) {
		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		if (s == end || *s < '0' || *s > '9')
			return 0;
		while (s < end && *s != ' ' && *s != '\t')
			s++;
	}
	return 1;
}

/* Whether each position of the target of calls=COUNT TARGET is absolute. */
static int
targets_absolute(const char *s, const char *end)
{
	while (s < end && (*s == ' ' || *s == '\t'))
		s++;
	while (s < end && *s != ' ' && *s != '\t')	/* the count */
		s++;
	for (;;) {
		while (s < end && (*s == ' ' || *s == '\t'))
			s++;
		if (s == end)
			return 1;
		if (*s < '0' || *s > '9')
			return 0;
		while (s < end && *s != ' ' && *s != '\t')
			s++;
	}
}

/*
 * The search's state after the line from s to its newline e: 1 after an
 * fl= line, 2 after the fn= line after it (4 after an fn= line after
 * anything else), and 3 at a cost line there whose positions are
 * absolute: the thread can start at that fl= line (or fn= line).  Lines
 * between fn= and the cost line may name things (cfn=, fi=, ob= and the
 * like) and call with an absolute target; anything else starts the
 * search again.
 */
static int
next_state(int state, const char *s, const char *e, size_t npos)
{
	size_t		 len = (size_t)(e - s);
	const char	*eq, *colon;

	if (len == 0)		/* a blank line changes nothing */
		return state;
	if (starts(s, len, "fl="))
		return 1;
	if (starts(s, len, "fn="))
		return state == 1 ? 2 : 4;
	if (state != 2 && state != 4)
		return 0;
	if ((*s >= '0' && *s <= '9') || *s == '+' || *s == '-' || *s == '*')
		return absolute(s, e, npos) ? 3 : 0;
	if (starts(s, len, "calls="))
		return targets_absolute(s + 6, e) ? state : 0;
	if (*s < 'a' || *s > 'z' || starts(s, len, "jump=") ||
	    starts(s, len, "jcnd="))
		return 0;
	eq = memchr(s, '=', len);
	colon = memchr(s, ':', len);
	return eq != NULL && (colon == NULL || eq < colon) ? state : 0;
}

/*
 * The first line at or after from where the thread can start, within
 * SEARCH_MAX bytes: its offset, or 0 for none.
 */
static uint64_t
start_line(int fd, uint64_t from, uint64_t size, size_t npos)
{
	char		*buf, *s, *e, *end;
	uint64_t	 pos = from - 1, found = 0, cand = 0;
	ssize_t		 n;
	int		 state = 0;	/* 1: after fl=, 2: after fn= */
	int		 skip = 1;	/* to the end of a line begun before */

	if (from == 0 || from >= size)
		return 0;
	buf = xmalloc(SEARCH_BLOCK + 1);
	while (found == 0 && pos < size && pos < from + SEARCH_MAX &&
	    (n = pread(fd, buf, SEARCH_BLOCK, (off_t)pos)) > 0) {
		end = buf + n;
		s = buf;
		if (skip) {
			if ((s = memchr(buf, '\n', (size_t)n)) == NULL) {
				pos += (uint64_t)n;
				continue;
			}
			s++;
			skip = 0;
		}
		for (; s < end && found == 0; s = e + 1) {
			if ((e = memchr(s, '\n', (size_t)(end - s))) == NULL)
				break;
			state = next_state(state, s, e, npos);
			/* An fl= line, or an fn= line without one before. */
			if (state == 1 || (state == 4 &&
			    starts(s, (size_t)(e - s), "fn=")))
				cand = pos + (uint64_t)(s - buf);
			else if (state == 3)
				found = cand;
		}
		if (found != 0 || n < SEARCH_BLOCK)
			break;
		if (s == buf) {		/* a line longer than the block */
			skip = 1;
			state = 0;
			s = end;
		}
		pos += (uint64_t)(s - buf);
	}
	free(buf);
	return found;
}

/* Whether the thread stops before line s: the loader's to read. */
static int
stop_before(const struct cga_input *in, const char *s)
{
	const char	*k;

	if (in->line_nul || in->unended || s[0] == '=')
		return 1;
	s = skip_blanks(s);
	for (k = s; *k >= 'a' && *k <= 'z'; k++)
		;
	return k > s && *k == ':';
}

/* The thread's arena past the budget: it gives up; the loader reads on. */
static void
spec_over(void *ctx, size_t need, size_t size)
{
	struct loader	*ld = ctx;

	(void)need;
	(void)size;
	ld->bail = 1;
}

static void *
split_run(void *arg)
{
	struct cga_split	*sp = arg;
	struct loader		*ld = &sp->ld;
	struct cga_input	*in = &ld->in;
	uint64_t		 off;
	char			*s;
	size_t			 len;
	int			 r;

	for (;;) {
		if (__atomic_load_n(&sp->quit, __ATOMIC_RELAXED) || ld->bail)
			return NULL;
		off = cga_input_offset(in, in->buf + in->start);
		if ((r = cga_input_line(in, &s, &len)) == -1)
			return NULL;
		if (r == 0 || stop_before(in, s)) {
			if (r == 1)
				in->lineno--;
			break;
		}
		ld->text = s;
		ld->len = len;
		if (cga_load_line(ld, s) == -1)
			return NULL;
		cga_load_block(ld);
	}
	sp->end = off;
	sp->lines = in->lineno;
	sp->ok = !ld->bail && !ld->cur.pending_call && !ld->cur.jump_pending &&
	    !ld->p->diff && ld->nforeign == 0;
	return NULL;
}

static void
split_free(struct cga_split *sp)
{
	struct loader	*ld = &sp->ld;

	cga_input_close(&ld->in);
	cga_ids_clear(ld);
	free(ld->cur.map);
	free(ld->cur.kmask);
	free(ld->cnt);
	free(ld->keep);
	cga_profile_free(ld->p);
	pthread_mutex_destroy(&sp->lock);
	free(sp);
}

/* The thread's loader: the format of the loader's, a model of its own. */
static int
split_init(struct cga_split *sp, struct loader *main, const char *path)
{
	struct loader		*ld = &sp->ld;
	struct cga_profile	*p = main->p, *q;
	struct cga_event	*ev;
	size_t			 i;

	sp->opts = *main->opts;
	sp->opts.jobs = 1;
	ld->p = q = cga_profile_new();
	q->late_display = 1;	/* the merge makes the loader's */
	ev = xcalloc(p->nev, sizeof(*ev));
	for (i = 0; i < p->nev; i++)
		ev[i].name = cga_profile_intern(q, p->ev[i].name,
		    strlen(p->ev[i].name));
	q->no_owners = p->no_owners;
	if (p->fnv != NULL)
		cga_fns_index(q);
	cga_profile_set_events(q, ev, p->nev, p->nrec);
	if (!q->no_owners)	/* a line's cost, owner and number */
		q->lw = q->cw + 2;
	/* Past the loader's budget now, the thread gives up. */
	q->arena.over = spec_over;
	q->arena.ctx = ld;
	q->arena.limit = p->arena.limit;
	ld->opts = &sp->opts;
	ld->path = main->path;
	ld->unknown = cga_profile_intern(q, "???", 3);
	ld->cwdlen = main->cwdlen;
	ld->writer = main->writer;
	ld->have_events = 1;
	sp->fileph = cga_profile_intern(q, "\nfile", 5);
	sp->objph = cga_profile_intern(q, "\nobj", 4);
	cga_cursor_start(&ld->cur, &main->cur, q, sp->fileph, sp->objph,
	    p->maskw);
	sp->start = ld->cur;	/* its map and kmask the thread's */
	ld->cnt = xcalloc(ld->cur.nfev + 1, sizeof(*ld->cnt));
	ld->pself = cga_cost_new(q);
	ld->split_tried = 1;
	ld->spec = 1;
	return cga_input_open_at(&ld->in, path, sp->at);
}

void
cga_split_start(struct loader *ld)
{
	struct cga_input	*in = &ld->in;
	struct cga_split	*sp;
	const char		*env = getenv("CGA_CUT");
	int			 rc;
	uint64_t		 off, cut, at;

	ld->split_tried = 1;
	if (ld->opts->jobs < 2 || ld->opts->check || ld->opts->instrs ||
	    ld->p->diff || !cga_input_plain(in) || ld->cur.map == NULL ||
	    ld->p->nev > SPLIT_EVENTS)
		return;
	off = cga_input_offset(in, cga_input_peek(in));
	if (off >= in->fsize)
		return;
	if (env != NULL && *env != '\0')
		cut = strtoull(env, NULL, 10);
	else if (in->fsize - off < SPLIT_MIN)
		return;
	else
		cut = off + (in->fsize - off) / 2;
	if (cut <= off || (at = start_line(in->fd, cut, in->fsize,
	    ld->cur.npos)) == 0)
		return;
	sp = xcalloc(1, sizeof(*sp));
	sp->at = at;
	sp->cut = env != NULL && *env != '\0';
	pthread_mutex_init(&sp->lock, NULL);
	if (split_init(sp, ld, in->path) == -1) {
		split_free(sp);
		return;
	}
	ld->want_lock = sp->ld.want_lock = &sp->lock;
	if ((rc = pthread_create(&sp->thread, NULL, split_run, sp)) != 0) {
		ld->want_lock = NULL;
		split_free(sp);
		return;
	}
	ld->split = sp;
	ld->split_at = at;
}

void
cga_split_stop(struct loader *ld)
{
	struct cga_split	*sp = ld->split;

	if (sp == NULL)
		return;
	__atomic_store_n(&sp->quit, 1, __ATOMIC_RELAXED);
	pthread_join(sp->thread, NULL);
	ld->want_lock = NULL;
	split_free(sp);
	ld->split = NULL;
}

int
cga_split_join(struct loader *ld)
{
	struct cga_split	*sp = ld->split;
	int			 rc = 0, merged;

	ld->split = NULL;
	pthread_join(sp->thread, NULL);
	ld->want_lock = NULL;
	if ((merged = cga_split_merge(ld, sp)))
		rc = cga_input_seek(&ld->in, sp->end, sp->lines);
	/* The tests' cut: whether it took, so that none passes idle. */
	if (sp->cut && !cga_diag_silent)
		fprintf(stderr, "cgannotate: -j 2: the half from byte %llu "
		    "to %llu %s\n", (unsigned long long)sp->at,
		    (unsigned long long)sp->end, merged ? "merged" :
		    "read again");
	split_free(sp);
	return rc;
}
