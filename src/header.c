/*
 * header.c: the header lines of a profile (version:, creator:, cmd:,
 * positions:, events:, event: with derived events, summary:, totals:, ...)
 * and the parts they begin and end.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "loader.h"
#include "sort.h"

/* An event name in an events: line. */
struct span {
	const char	*s;
	size_t		 len;
};

/*
 * The one reader of an events: line's value: its names, each once, into
 * a new array (free it) of *n spans of v.  CGA_MSG_OK, or what is wrong:
 * no name, or a name given twice (then kept once).
 */
/* Indexes of spans (the context) by name, then by place. */
static int
span_cmp(const void *a, const void *b, void *ctx)
{
	const struct span	*v = ctx;
	size_t			 i = *(const size_t *)a, j = *(const size_t *)b;
	size_t			 n = v[i].len < v[j].len ? v[i].len : v[j].len;
	int			 c = memcmp(v[i].s, v[j].s, n);

	if (c != 0)
		return c;
	if (v[i].len != v[j].len)
		return v[i].len < v[j].len ? -1 : 1;
	return i < j ? -1 : i > j;
}

static enum cga_msg
events_split(const char *v, struct span **names, size_t *n)
{
	enum cga_msg	 m = CGA_MSG_OK;
	struct span	*sp;
	size_t		*order, len, i, k, first;

	*names = NULL;
	*n = 0;
	for (v = skip_blanks(v); *v != '\0'; v = skip_blanks(v + len)) {
		for (len = 0; !ends_token(v[len], '\0'); len++)
			;
		if ((*n & (*n - 1)) == 0)	/* 0, 1, 2, 4, ...: grow */
			*names = xreallocarray(*names, *n ? 2 * *n : 1,
			    sizeof(**names));
		(*names)[*n].s = v;
		(*names)[(*n)++].len = len;
	}
	if (*n == 0)
		return CGA_MSG_EVENTS_NONE;
	/* Names given twice, found by sorting: 100,000 events are many. */
	sp = *names;
	order = xcalloc(*n, sizeof(*order));
	for (i = 0; i < *n; i++)
		order[i] = i;
	cga_sort(order, *n, sizeof(*order), span_cmp, sp);
	/* Each is compared with the first of its run, which stays. */
	for (i = 1, first = 0; i < *n; i++)
		if (sp[order[i]].len == sp[order[first]].len &&
		    memcmp(sp[order[i]].s, sp[order[first]].s,
		    sp[order[i]].len) == 0) {
			m = CGA_MSG_EVENTS_TWICE;
			sp[order[i]].s = NULL;	/* not its first place */
		} else
			first = i;
	free(order);
	for (i = 0, k = 0; i < *n; i++)
		if (sp[i].s != NULL)
			sp[k++] = sp[i];
	*n = k;
	return m;
}

int
cga_profile_sniff(const char *path, char ***names, size_t *n)
{
	struct cga_input	 in;
	struct span		*ev;
	char			*s;
	size_t			 len, nev, i;
	int			 r;

	if (cga_input_open(&in, path) == -1)
		return -1;
	while ((r = cga_input_line(&in, &s, &len)) > 0 && in.lineno <= 1000) {
		if (strncmp(s, "events:", 7) != 0)
			continue;
		/* The loader words what may be wrong with the line. */
		(void)events_split(s + 7, &ev, &nev);
		*names = xreallocarray(*names, *n + nev + 1, sizeof(**names));
		for (i = 0; i < nev; i++)
			(*names)[(*n)++] = xmemdup0(ev[i].s, ev[i].len);
		free(ev);
		cga_input_close(&in);
		return 1;
	}
	cga_input_close(&in);
	return r == -1 ? -1 : 0;
}

/*
 * Adds mul times a derived event's expression to e's terms, in recorded
 * events; a derived event named in it is expanded in turn.
 */
static int
expand_terms(struct loader *ld, const struct pending_event *pe,
    struct cga_event *ev, size_t nev, size_t nrec,
    const struct pending_event **dpend, struct cga_event *e, uint64_t mul,
    int depth)
{
	const char	*s = pe->expr, *name;
	uint64_t	 coef;
	size_t		 i, len;

	if (depth > 16) {
		cga_diag_msg(ld->path, pe->line, CGA_MSG_DERIVED_CYCLE,
		    pe->name, strlen(pe->name));
		return -1;
	}
	for (;;) {
		s = skip_blanks(s);
		coef = 1;
		if (isdigit((unsigned char)*s)) {
			if (number(&s, &coef) != NUM_OK)
				goto bad;
			s = skip_blanks(s);
			if (*s == '*')
				s = skip_blanks(s + 1);
		}
		for (name = s; *s != '\0' && !blank(*s) && *s != '+'; s++)
			;
		if ((len = (size_t)(s - name)) == 0)
			goto bad;
		for (i = 0; i < nev; i++)
			if (strlen(ev[i].name) == len &&
			    memcmp(ev[i].name, name, len) == 0)
				break;
		if (i == nev) {
			cga_diag_msg(ld->path, pe->line,
			    CGA_MSG_DERIVED_UNKNOWN, name, len);
			return -1;
		}
		if (__builtin_mul_overflow(coef, mul, &coef)) {
			cga_diag_msg(ld->path, pe->line,
			    CGA_MSG_DERIVED_FACTOR, pe->expr,
			    strlen(pe->expr));
			return -1;
		}
		if (i < nrec) {
			e->terms = xreallocarray(e->terms, e->nterms + 1,
			    sizeof(*e->terms));
			e->terms[e->nterms].ev = i;
			e->terms[e->nterms++].coef = coef;
		} else if (expand_terms(ld, dpend[i - nrec], ev, nev, nrec,
		    dpend, e, coef, depth + 1) == -1)
			return -1;
		s = skip_blanks(s);
		if (*s == '\0')
			return 0;
		if (*s++ != '+')
			goto bad;
	}
bad:
	cga_diag_msg(ld->path, pe->line, CGA_MSG_DERIVED_SYNTAX, pe->expr,
	    strlen(pe->expr));
	return -1;
}

/* Fixes the model's events from the first part's events: and event: lines. */
static int
make_events(struct loader *ld)
{
	struct cga_profile		 *p = ld->p;
	struct cga_event		 *ev;
	const struct pending_event	**dpend;
	size_t				  nrec = ld->nevnames, nev, i, j;

	/* Several profiles: the events of them all, known beforehand. */
	if (ld->opts->nevents > 0)
		nrec = ld->opts->nevents;
	ev = xcalloc(nrec + ld->npend, sizeof(*ev));
	dpend = xcalloc(ld->npend + 1, sizeof(*dpend));
	for (i = 0; i < nrec; i++)
		ev[i].name = ld->opts->nevents == 0 ? ld->evnames[i] :
		    cga_profile_intern(p, ld->opts->events[i],
		    strlen(ld->opts->events[i]));
	nev = nrec;
	for (i = 0; i < ld->npend; i++) {
		for (j = 0; j < nev; j++)
			if (strcmp(ev[j].name, ld->pend[i].name) == 0)
				break;
		if (ld->pend[i].expr == NULL) {
			/* A long name only. */
			if (j < nev && ld->pend[i].longname != NULL)
				ev[j].longname = ld->pend[i].longname;
			continue;
		}
		if (j < nev) {
			cga_diag_msg(ld->path, ld->pend[i].line,
			    CGA_MSG_DERIVED_NAME, ld->pend[i].name,
			    strlen(ld->pend[i].name));
			goto fail;
		}
		dpend[nev - nrec] = &ld->pend[i];
		ev[nev].name = ld->pend[i].name;
		ev[nev++].longname = ld->pend[i].longname;
	}
	/* Derived events sit after the recorded ones, in event: order. */
	for (i = nrec; i < nev; i++)
		if (expand_terms(ld, dpend[i - nrec], ev, nev, nrec, dpend,
		    &ev[i], 1, 0) == -1)
			goto fail;
	free(dpend);
	cga_profile_set_events(p, ev, nev, nrec);
	p->total = cga_cost_new(p);
	return 0;
fail:
	for (i = 0; i < nev; i++)
		free(ev[i].terms);
	free(ev);
	free(dpend);
	return -1;
}

/* The part's events: in the model's order. */
static int
map_events(struct loader *ld)
{
	struct cga_profile	*p = ld->p;
	size_t			 i, k;

	ld->nfev = ld->nevnames;
	ld->map = xreallocarray(ld->map, ld->nfev, sizeof(*ld->map));
	ld->cnt = xreallocarray(ld->cnt, ld->nfev, sizeof(*ld->cnt));
	for (i = 0; i < ld->nfev; i++) {
		ld->map[i] = cga_event_index(p, ld->evnames[i]);
		if (ld->map[i] == CGA_NOEVENT || ld->map[i] >= p->nrec)
			return cga_load_bad(ld, CGA_MSG_EVENTS_UNKNOWN);
	}
	free(ld->kmask);
	ld->kmask = NULL;
	/*
	 * The masks of k counts, for each k, take (events)^2 / 8 bytes: for
	 * many events (100,000 would take 1.2 GB) each line marks its own.
	 */
	if (ld->nfev > CGA_KMASK_MAX)
		return 0;
	ld->kmask = xcalloc((ld->nfev + 1) * p->maskw, sizeof(uint64_t));
	for (k = 1; k <= ld->nfev; k++) {
		memcpy(ld->kmask + k * p->maskw, ld->kmask + (k - 1) *
		    p->maskw, p->maskw * sizeof(uint64_t));
		ld->kmask[k * p->maskw + ld->map[k - 1] / 64] |=
		    (uint64_t)1 << (ld->map[k - 1] % 64);
	}
	return 0;
}

/* --check: the derived events, whose messages were given, are left out. */
static int
drop_derived(struct loader *ld)
{
	size_t	 i, k;

	for (i = 0, k = 0; i < ld->npend; i++) {
		if (ld->pend[i].expr == NULL)
			ld->pend[k++] = ld->pend[i];
		free(ld->pend[i].expr);
	}
	ld->npend = k;
	return make_events(ld);
}

/* Fixes the events once the first cost, position or summary line needs them. */
static int
need_events(struct loader *ld)
{
	if (ld->lost)	/* --check: a bad events: or positions: line */
		return -1;
	if (!ld->have_events)
		return cga_load_bad(ld, CGA_MSG_EVENTS_MISSING);
	if (ld->p->ev == NULL && make_events(ld) == -1 &&
	    (!ld->opts->check || drop_derived(ld) == -1))
		return -1;
	if (ld->map == NULL && map_events(ld) == -1)
		return -1;
	return 0;
}

/* Whether --part keeps the part being read. */
static int
part_kept(struct loader *ld)
{
	const char	*s = ld->part->number;
	uint64_t	 n = ld->part->ordinal;
	size_t		 i;

	if (ld->opts->nparts == 0)
		return 1;
	if (s != NULL && (number(&s, &n) != NUM_OK || !ends_token(*s, '\0')))
		n = ld->part->ordinal;
	for (i = 0; i < ld->opts->nparts; i++)
		if (ld->opts->parts[i] == n)
			return 1;
	return 0;
}

/*
 * --check: the part's body cannot be read, for want of its events or
 * positions (the message was given): it is left out, as by --part.
 */
static void
lose_part(struct loader *ld)
{
	if (!ld->opts->check)
		return;
	ld->nlost += !ld->lost;
	ld->lost = 1;
	free(ld->map);
	ld->map = NULL;
}

int
cga_body_begin(struct loader *ld)
{
	ld->skip = !part_kept(ld);
	if (need_events(ld) == -1) {
		if (ld->opts->check) {
			lose_part(ld);
			ld->skip = ld->in_body = 1;
		}
		return -1;
	}
	if (ld->part->self == NULL)
		ld->part->self = cga_cost_new(ld->p);
	ld->in_body = 1;
	return 0;
}

void
cga_part_begin(struct loader *ld)
{
	struct cga_profile	*p = ld->p;

	/* A part before that added nothing (a header, or left out) goes. */
	if (p->nparts > 0 && p->parts[p->nparts - 1].total == NULL) {
		free(p->parts[p->nparts - 1].desc);
		p->nparts--;
	}
	p->parts = xreallocarray(p->parts, p->nparts + 1, sizeof(*p->parts));
	ld->part = &p->parts[p->nparts++];
	memset(ld->part, 0, sizeof(*ld->part));
	ld->part->path = ld->path;
	ld->part->ordinal = ++ld->nfileparts;
	/* callgrind names the command, pid and thread once a file. */
	ld->part->cmd = ld->cmd;
	ld->part->pid = ld->pid;
	ld->part->thread = ld->thread;
	ld->skip = 0;
	ld->in_body = 0;
	ld->npos = 1;
	ld->linepos = 0;
	memset(ld->last, 0, sizeof(ld->last));
	free(ld->sumtext[0]);
	free(ld->sumtext[1]);
	memset(ld->sumtext, 0, sizeof(ld->sumtext));
	ld->file = cga_file_get(p, ld->unknown);
	ld->fnname = NULL;
	ld->fn = NULL;
	ld->obj = NULL;
	ld->cfile = NULL;
	ld->callee = NULL;
	ld->call = NULL;
	ld->linecost = NULL;
	ld->lost = 0;
	ld->call_bad = 0;
}

/* Whether a summary: or totals: line gave any count. */
static int
has_counts(const struct cga_profile *p, const uint64_t *c)
{
	size_t	 i;

	for (i = 0; c != NULL && i < p->nrec; i++)
		if (cga_cost_defined(p, c, i))
			return 1;
	return 0;
}

/* A count as text: signed in a profile with negative counts. */
static void
print_count(FILE *m, const struct cga_profile *p, uint64_t c)
{
	if (p->diff)
		fprintf(m, "%lld", (long long)(int64_t)c);
	else
		fprintf(m, "%llu", (unsigned long long)c);
}

/*
 * A summary: (which = 0) or totals: line that disagrees with the cost
 * lines: one warning naming every event that does.  A totals: line must
 * give their sum; a summary: may give more (the format says so), and
 * gives less only by mistake, unless the counts are signed.
 */
static void
check_sum(struct loader *ld, int which, const uint64_t *sum)
{
	const struct cga_profile	*p = ld->p;
	const uint64_t			*self = ld->part->self;
	FILE				*m;
	char				*list;
	size_t				 i, len, n = 0;

	if ((m = open_memstream(&list, &len)) == NULL)
		cga_oom();
	for (i = 0; i < p->nrec; i++) {
		if (!cga_cost_defined(p, sum, i) || sum[i] == self[i] ||
		    (which == 0 && !p->diff && sum[i] > self[i]))
			continue;
		fprintf(m, "%s%s: ", n++ ? "; " : "", p->ev[i].name);
		print_count(m, p, sum[i]);
		fputs(", cost lines: ", m);
		print_count(m, p, self[i]);
	}
	if (fclose(m) != 0)
		cga_oom();
	/* --check: the format says totals: must, summary: should. */
	if (n > 0 && which == 1 && ld->opts->check)
		cga_diag_msgf(ld->path, ld->sumline[which],
		    CGA_MSG_TOTALS_WRONG, list);
	else if (n > 0 && shows_warning(ld))
		cga_diag_msgf(ld->path, ld->sumline[which],
		    CGA_MSG_SUM_DISAGREES, which ? "totals:" : "summary:", list);
	free(list);
}

/*
 * Why the part, the file's last, looks cut short, or NULL: a profile
 * that valgrind wrote (its creator: line, or Cachegrind's layout) lacks
 * the line valgrind ends it with, or its last line lacks its newline.
 */
static const char *
truncated(const struct loader *ld)
{
	if (!ld->at_end || ld->writer == WRITER_OTHER)
		return NULL;
	if (ld->cut)
		return "its last line is cut short";
	if (ld->writer == WRITER_CALLGRIND && ld->sumtext[1] == NULL)
		return "no totals: line at its end";
	if (ld->writer == WRITER_CACHEGRIND && ld->sumtext[0] == NULL)
		return "no summary: line at its end";
	return NULL;
}

/*
 * The warning of a truncated part, with what its cost lines hold of each
 * event its summary: gives more of.  Printed whatever warnings came
 * before: it says the figures are not the whole run's.
 */
static void
warn_truncated(struct loader *ld, const char *why, const uint64_t *summary)
{
	const struct cga_profile	*p = ld->p;
	const uint64_t			*self = ld->part->self;
	FILE				*m;
	char				*list;
	size_t				 i, len, n = 0;

	if ((m = open_memstream(&list, &len)) == NULL)
		cga_oom();
	for (i = 0; summary != NULL && !p->diff && i < p->nrec; i++) {
		if (!cga_cost_defined(p, summary, i) || self[i] >= summary[i])
			continue;
		fprintf(m, "%s%s %llu of %llu (%.2f%%)", n++ ? ", " :
		    ": its cost lines give ", p->ev[i].name,
		    (unsigned long long)self[i],
		    (unsigned long long)summary[i],
		    cga_fmt_percent(self[i], summary[i]));
	}
	if (n > 0)
		fputs(" of what its summary: gives", m);
	if (fclose(m) != 0)
		cga_oom();
	cga_diag_msgf(ld->path, ld->in.lineno, CGA_MSG_TRUNCATED, why, list);
	ld->p->truncated = 1;
	free(list);
}

/*
 * The part's program total: its summary:, else its totals: (even when
 * they give 0), else the sum of its cost lines; the sum too when the
 * part looks truncated.  A part without costs has a total of 0.
 */
static void
settle_total(struct loader *ld, uint64_t *const sum[2], int trunc)
{
	struct cga_profile	*p = ld->p;
	struct cga_part		*pt = ld->part;
	const uint64_t		*src = NULL;
	size_t			 i, j;

	pt->total = cga_cost_new(p);
	if (!trunc && has_counts(p, sum[0]))
		src = sum[0];
	else if (!trunc && has_counts(p, sum[1]))
		src = sum[1];
	memcpy(pt->total, src != NULL ? src : pt->self,
	    p->cw * sizeof(uint64_t));
	if (src == NULL) {
		pt->calculated = 1;
		p->calculated = 1;
	}
	/* Events the line leaves out come from the cost lines. */
	for (i = 0; i < ld->nfev; i++) {
		j = ld->map[i];
		if (!cga_cost_defined(p, pt->total, j) &&
		    (src != NULL || !has_counts(p, pt->self))) {
			pt->total[j] = pt->self[j];
			cga_cost_define(p, pt->total, j);
		}
	}
}

/*
 * The counts of the part's summary: and totals: lines, into sum.  They
 * are read, and their messages worded, as the lines they were; then the
 * line being read is again the one a message names (the header line that
 * ended the part, once the part's lines are forgotten).
 */
static int
read_sums(struct loader *ld, uint64_t *sum[2])
{
	char		*text = ld->text;
	size_t		 len = ld->len, i;
	uint64_t	 lineno = ld->in.lineno;
	int		 rc = 0;

	for (i = 0; i < 2 && rc == 0; i++) {
		if (ld->sumtext[i] == NULL)
			continue;
		ld->in.lineno = ld->sumline[i];
		ld->text = ld->sumtext[i];
		ld->len = strlen(ld->text);
		if (need_events(ld) == -1)
			rc = -1;
		else {
			sum[i] = cga_cost_new(ld->p);
			rc = cga_load_sum(ld, strchr(ld->text, ':') + 1,
			    sum[i]);
			/* --check: a bad line is left out; the rest is read. */
			if (rc == -1 && ld->opts->check && ld->p->ev != NULL) {
				sum[i] = NULL;
				rc = 0;
			}
		}
	}
	ld->text = text;
	ld->len = len;
	ld->in.lineno = lineno;
	return rc;
}

/*
 * Settles the part's program total and checks its summary: and totals:
 * lines; at the end of the file (at_end), whether it looks truncated.
 */
int
cga_part_end(struct loader *ld)
{
	struct cga_profile	*p = ld->p;
	struct cga_part		*pt = ld->part;
	uint64_t		*sum[2] = { NULL, NULL }, lineno;
	const char		*trunc = truncated(ld);

	if (ld->pending_call && trunc == NULL) {
		lineno = ld->in.lineno;
		ld->in.lineno = ld->call_line;
		cga_load_bad(ld, CGA_MSG_CALLS_NO_COST);
		if (!ld->opts->check)
			return -1;
		ld->in.lineno = lineno;
	}
	/* A call whose cost line was cut off: it never happened. */
	ld->pending_call = 0;
	/*
	 * A header alone adds nothing, but for a file that has nothing
	 * else (a thread that collected nothing): its report is empty.
	 */
	if (!ld->in_body && ld->sumtext[0] == NULL && ld->sumtext[1] == NULL &&
	    !(ld->at_end && ld->nkept == 0 && ld->have_events))
		return 0;
	if (ld->skip || !part_kept(ld)) {
		/* Left out by --part: forget it. */
		free(pt->desc);
		memset(pt, 0, sizeof(*pt));
		return 0;
	}
	/* summary: and totals: are read once the part's events are known. */
	if (read_sums(ld, sum) == -1 || need_events(ld) == -1) {
		if (!ld->opts->check)
			return -1;
		/* --check: a part without events is left out. */
		lose_part(ld);
		free(pt->desc);
		memset(pt, 0, sizeof(*pt));
		return 0;
	}
	if (pt->self == NULL)
		pt->self = cga_cost_new(p);
	ld->nkept++;
	ld->costs |= has_counts(p, pt->self);
	settle_total(ld, sum, trunc != NULL);
	if (cga_cost_add(p, p->total, pt->total) == -1) {
		cga_diag_msg(ld->path, 0, CGA_MSG_TOTAL_BIG, NULL, 0);
		if (!ld->opts->check)
			return -1;
	}
	if (trunc != NULL) {
		warn_truncated(ld, trunc, sum[0]);
		return 0;
	}

	if (sum[0] != NULL)
		check_sum(ld, 0, sum[0]);
	if (sum[1] != NULL)
		check_sum(ld, 1, sum[1]);
	return 0;
}

/* A bad positions: line; --check reads on, without the part's body. */
static int
bad_positions(struct loader *ld, enum cga_msg m)
{
	ld->npos = 1;
	ld->linepos = 0;
	ld->have_positions = 1;
	lose_part(ld);
	return cga_load_bad(ld, m);
}

/* positions: instr bb line, each at most once and in that order. */
static int
positions(struct loader *ld, const char *v)
{
	static const char *const kinds[] = { "instr", "bb", "line" };
	size_t	 i, len;
	int	 prev = -1, k;

	ld->npos = 0;
	ld->linepos = -1;
	for (v = skip_blanks(v); *v != '\0'; v = skip_blanks(v + len)) {
		for (len = 0; !ends_token(v[len], '\0'); len++)
			;
		k = -1;
		for (i = 0; i < 3; i++)
			if (strlen(kinds[i]) == len &&
			    memcmp(v, kinds[i], len) == 0)
				k = (int)i;
		if (len == 4 && memcmp(v, "addr", 4) == 0)
			k = POS_INSTR;
		if (k == -1 || k <= prev)
			return bad_positions(ld, k == -1 ? CGA_MSG_POSITIONS :
			    CGA_MSG_POSITIONS_ORDER);
		if (k == POS_LINE)
			ld->linepos = (int)ld->npos;
		prev = k;
		ld->npos++;
	}
	if (ld->npos == 0)
		return bad_positions(ld, CGA_MSG_POSITIONS);
	ld->have_positions = 1;
	return 0;
}

static int
events(struct loader *ld, const char *v)
{
	struct span	*names;
	size_t		 n, i;
	enum cga_msg	 m;

	free(ld->evnames);
	ld->evnames = NULL;
	ld->nevnames = 0;
	if ((m = events_split(v, &names, &n)) != CGA_MSG_OK) {
		free(names);
		lose_part(ld);
		return cga_load_bad(ld, m);
	}
	ld->evnames = xreallocarray(NULL, n, sizeof(*ld->evnames));
	for (i = 0; i < n; i++)
		ld->evnames[i] = cga_profile_intern(ld->p, names[i].s,
		    names[i].len);
	ld->nevnames = n;
	free(names);
	ld->have_events = 1;
	if (ld->p->ev != NULL) {	/* a later part, or another file */
		if (map_events(ld) == 0)
			return 0;
		lose_part(ld);
		return -1;
	}
	free(ld->map);
	ld->map = NULL;
	return 0;
}

/* event: NAME [= EXPR] [: LONG NAME] */
static int
event(struct loader *ld, char *v)
{
	struct pending_event	 pe;
	char			*name, *s, *colon;

	v = skip_blanks(v);
	for (name = s = v; *s != '\0' && !blank(*s) && *s != '=' &&
	    *s != ':'; s++)
		;
	if (s == name)
		return cga_load_bad(ld, CGA_MSG_EVENT_NAME);
	memset(&pe, 0, sizeof(pe));
	pe.line = ld->in.lineno;
	pe.name = cga_profile_intern(ld->p, name, (size_t)(s - name));
	s = skip_blanks(s);
	colon = strchr(s, ':');
	if (colon != NULL) {
		*colon = '\0';
		pe.longname = cga_profile_intern(ld->p, skip_blanks(colon + 1),
		    strlen(skip_blanks(colon + 1)));
	}
	if (*s == '=') {
		pe.expr = xstrdup(skip_blanks(s + 1));
	} else if (*s != '\0') {
		if (colon != NULL)
			*colon = ':';
		return cga_load_bad(ld, CGA_MSG_EVENT_SYNTAX);
	}
	if (ld->p->ev != NULL) {
		/* Later parts may repeat the first part's events. */
		free(pe.expr);
		if (cga_event_index(ld->p, pe.name) == CGA_NOEVENT) {
			if (colon != NULL)
				*colon = ':';
			return cga_load_bad(ld, CGA_MSG_EVENTS_UNKNOWN);
		}
		return 0;
	}
	ld->pend = xreallocarray(ld->pend, ld->npend + 1, sizeof(*ld->pend));
	ld->pend[ld->npend++] = pe;
	return 0;
}

/* summary: or totals:, read when the part ends (they may come first). */
static void
cost_summary(struct loader *ld, int which)
{
	free(ld->sumtext[which]);
	ld->sumtext[which] = xmemdup0(ld->text, ld->len);
	ld->sumline[which] = ld->in.lineno;
}

static const char *
header_value(struct loader *ld, const char *v)
{
	v = skip_blanks(v);
	return cga_profile_intern(ld->p, v, strlen(v));
}

static int
version(struct loader *ld, const char *v)
{
	uint64_t	 n;

	v = skip_blanks(v);
	if (number(&v, &n) != NUM_OK || (*v != '\0' && *v != '.' &&
	    !blank(*v)))
		return cga_load_bad(ld, CGA_MSG_VERSION);
	if (n > 1)
		return cga_load_bad(ld, CGA_MSG_VERSION_UNSUPPORTED);
	return 0;
}

static void
desc(struct loader *ld, const char *v)
{
	const char	*s = header_value(ld, v);

	if (strncmp(s, "Trigger:", 8) == 0)
		ld->part->trigger = header_value(ld, s + 8);
	if (strncmp(s, "Option:", 7) != 0) {
		ld->part->desc = xreallocarray(ld->part->desc,
		    ld->part->ndesc + 1, sizeof(*ld->part->desc));
		ld->part->desc[ld->part->ndesc++] = s;
	}
}

/* key: value lines; a header line after a body starts a new part. */
int
cga_header_line(struct loader *ld, const char *key, size_t klen, char *v)
{
	struct cga_profile	*p = ld->p;

#define KEY(s)	(klen == sizeof(s) - 1 && memcmp(key, s, klen) == 0)
	if (!(KEY("version") || KEY("creator") || KEY("pid") ||
	    KEY("thread") || KEY("part") || KEY("cmd") || KEY("desc") ||
	    KEY("positions") || KEY("events") || KEY("event") ||
	    KEY("summary") || KEY("totals")))
		return cga_load_warn(ld, CGA_MSG_UNKNOWN_HEADER);
	if (!ld->known)
		cga_load_known(ld);
	if (KEY("summary") || KEY("totals")) {
		cost_summary(ld, KEY("totals"));
		return 0;
	}
	if (ld->in_body) {
		if (cga_part_end(ld) == -1)
			return -1;
		cga_part_begin(ld);
	}
	if (KEY("version"))
		return version(ld, v);
	if (KEY("creator")) {
		if (p->creator == NULL)
			p->creator = header_value(ld, v);
		v = skip_blanks(v);
		if (strncmp(v, "callgrind", 9) == 0)
			ld->writer = WRITER_CALLGRIND;
		else if (strncmp(v, "cachegrind", 10) == 0)
			ld->writer = WRITER_CACHEGRIND;
	} else if (KEY("pid")) {
		ld->part->pid = ld->pid = header_value(ld, v);
	} else if (KEY("thread")) {
		ld->part->thread = ld->thread = header_value(ld, v);
	} else if (KEY("part")) {
		ld->part->number = header_value(ld, v);
	} else if (KEY("cmd")) {
		ld->part->cmd = ld->cmd = header_value(ld, v);
		if (ld->in.lineno == ld->lead_desc + 1)
			ld->cmd_line = ld->in.lineno;
	} else if (KEY("desc")) {
		if (ld->in.lineno == ld->lead_desc + 1)
			ld->lead_desc++;
		desc(ld, v);
	} else if (KEY("positions")) {
		return positions(ld, v);
	} else if (KEY("events")) {
		/* Cachegrind's layout: desc: lines, cmd:, events:, no more. */
		if (ld->cmd_line != 0 && ld->in.lineno == ld->cmd_line + 1 &&
		    ld->writer == WRITER_OTHER)
			ld->writer = WRITER_CACHEGRIND;
		return events(ld, v);
	} else if (KEY("event")) {
		return event(ld, v);
	}
#undef KEY
	return 0;
}

void
cga_header_free(struct loader *ld)
{
	size_t	 i;

	for (i = 0; i < ld->npend; i++)
		free(ld->pend[i].expr);
	free(ld->pend);
	free(ld->evnames);
	free(ld->map);
	free(ld->kmask);
	free(ld->cnt);
	free(ld->sumtext[0]);
	free(ld->sumtext[1]);
}
