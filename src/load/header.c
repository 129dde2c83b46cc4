/*
 * header.c: the header lines of a profile (version:, creator:, cmd:,
 * positions:, summary:, totals:, ...; events.c reads events: and event:)
 * and the parts they begin and end.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fmt.h"
#include "load/parse.h"

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
 * Row i of the costs kept while a part is read (struct cga_profile's
 * scratch), once the events are known.
 */
static uint64_t *
scratch(struct cga_profile *p, size_t i)
{
	if (p->scratch == NULL)
		p->scratch = xcalloc(4 * p->cw, sizeof(uint64_t));
	return p->scratch + i * p->cw;
}

int
cga_body_begin(struct loader *ld)
{
	ld->cur.skip = !part_kept(ld);
	if (cga_events_need(ld) == -1) {
		if (ld->opts->check) {
			cga_part_lose(ld);
			ld->cur.skip = ld->cur.in_body = 1;
		}
		return -1;
	}
	ld->pself = scratch(ld->p, 0);
	ld->cur.in_body = 1;
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
	if (p->scratch != NULL)
		cga_cost_clear(p, scratch(p, 0));
	ld->pself = NULL;
	ld->part->path = ld->path;
	ld->part->ordinal = ++ld->cur.nfileparts;
	/* callgrind names the command, pid and thread once a file. */
	ld->part->cmd = ld->cmd;
	ld->part->pid = ld->pid;
	ld->part->thread = ld->thread;
	ld->cur.skip = 0;
	ld->cur.in_body = 0;
	ld->cur.npos = 1;
	ld->cur.linepos = 0;
	ld->cur.instrpos = -1;
	ld->cur.jump_pending = 0;
	ld->cur.jfile = ld->cur.jfn = NULL;
	memset(ld->cur.last, 0, sizeof(ld->cur.last));
	free(ld->sumtext[0]);
	free(ld->sumtext[1]);
	memset(ld->sumtext, 0, sizeof(ld->sumtext));
	ld->cur.file = cga_file_get(p, ld->unknown);
	ld->cur.fnname = NULL;
	ld->cur.fn = NULL;
	ld->cur.obj = NULL;
	ld->cur.cfile = NULL;
	ld->cur.callee = NULL;
	ld->cur.call = NULL;
	ld->cur.linecost = NULL;
	ld->lost = 0;
	ld->cur.call_bad = 0;
	ld->part_events = 0;
}

/* Whether a summary: or totals: line gave any count. */
static int
has_counts(const struct cga_profile *p, const uint64_t *c)
{
	return c != NULL && cga_cost_next(p, c, 0) < p->nrec;
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
	const uint64_t			*self = ld->pself;
	FILE				*m;
	char				*list;
	size_t				 i, len, n = 0;

	if ((m = open_memstream(&list, &len)) == NULL)
		cga_oom();
	for (i = cga_cost_next(p, sum, 0); i < p->nrec;
	    i = cga_cost_next(p, sum, i + 1)) {
		if (sum[i] == self[i] ||
		    (which == 0 && !p->diff && sum[i] > self[i]))
			continue;
		fprintf(m, "%s%s: ", n++ ? "; " : "", p->ev[i].name);
		cga_fmt_print_raw(m, sum[i], p->diff);
		fputs(", cost lines: ", m);
		cga_fmt_print_raw(m, self[i], p->diff);
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
	const uint64_t			*self = ld->pself;
	FILE				*m;
	char				*list;
	size_t				 i, len, n = 0;

	if ((m = open_memstream(&list, &len)) == NULL)
		cga_oom();
	for (i = summary != NULL && !p->diff ? cga_cost_next(p, summary, 0) :
	    p->nev; i < p->nrec; i = cga_cost_next(p, summary, i + 1)) {
		if (self[i] >= summary[i])
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

/* The counters src gives into dst, which gives none. */
static void
copy_given(const struct cga_profile *p, uint64_t *dst, const uint64_t *src)
{
	size_t	 i;

	for (i = cga_cost_next(p, src, 0); i < p->nev;
	    i = cga_cost_next(p, src, i + 1)) {
		dst[i] = src[i];
		cga_cost_define(p, dst, i);
	}
}

/*
 * The part's program total: its summary:, else its totals: (even when
 * they give 0), else the sum of its cost lines; the sum too when the
 * part looks truncated.  A part without costs has a total of 0.
 */
static int
settle_total(struct loader *ld, uint64_t *const sum[2], int trunc)
{
	struct cga_profile	*p = ld->p;
	struct cga_part		*pt = ld->part;
	const uint64_t		*src = NULL, *self = ld->pself;
	uint64_t		*total = scratch(p, 3);
	size_t			 i, j;

	cga_cost_clear(p, total);
	if (!trunc && has_counts(p, sum[0]))
		src = sum[0];
	else if (!trunc && has_counts(p, sum[1]))
		src = sum[1];
	if (src == NULL) {
		pt->calculated = 1;
		p->calculated = 1;
	}
	copy_given(p, total, src != NULL ? src : self);
	/* Events the line leaves out come from the cost lines. */
	for (i = 0; i < ld->cur.nfev; i++) {
		j = ld->cur.map[i];
		if (!cga_cost_defined(p, total, j) &&
		    (src != NULL || !has_counts(p, self))) {
			total[j] = self[j];
			cga_cost_define(p, total, j);
		}
	}
	/* Derived events come once every profile is read (finish.c). */
	pt->self = cga_evcounts_of(p, ld->pself, &pt->nself);
	pt->total = cga_evcounts_of(p, total, &pt->ntotal);
	for (i = 0; i < pt->ntotal; i++) {
		j = pt->total[i].ev;
		if (cga_count_add(p, &p->total[j], pt->total[i].n) == -1) {
			cga_diag_msg(ld->path, 0, CGA_MSG_TOTAL_BIG, NULL, 0);
			return -1;
		}
		cga_cost_define(p, p->total, j);
	}
	return 0;
}

/* The counts of a summary: or totals: value, added to dst; 0, or -1. */
static int
sum_read(struct loader *ld, const char *s, uint64_t *dst)
{
	enum cga_msg	 m;
	size_t		 k;
	int		 err;

	if ((m = counts_read(ld, &s, NULL, &k, &err)) != CGA_MSG_OK)
		return err ? -1 : cga_load_bad(ld, m);
	if (cost_add(adder_of(ld), dst, NULL, NULL, ld->cnt, k, 0,
	    ld->p->diff) == -1)
		return cga_load_bad(ld, CGA_MSG_COST_SUM);
	return 0;
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
		if (cga_events_need(ld) == -1)
			rc = -1;
		else {
			sum[i] = scratch(ld->p, 1 + i);
			cga_cost_clear(ld->p, sum[i]);
			rc = sum_read(ld, strchr(ld->text, ':') + 1, sum[i]);
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

	if (ld->cur.pending_call && trunc == NULL) {
		lineno = ld->in.lineno;
		ld->in.lineno = ld->cur.call_line;
		cga_load_bad(ld, CGA_MSG_CALLS_NO_COST);
		if (!ld->opts->check)
			return -1;
		ld->in.lineno = lineno;
	}
	/* A call whose cost line was cut off: it never happened. */
	ld->cur.pending_call = 0;
	/*
	 * A header alone adds nothing, but for a file that has nothing
	 * else (a thread that collected nothing): its report is empty.
	 */
	if (!ld->cur.in_body && ld->sumtext[0] == NULL &&
	    ld->sumtext[1] == NULL &&
	    !(ld->at_end && ld->nkept == 0 && ld->have_events))
		return 0;
	if (ld->cur.skip || !part_kept(ld)) {
		/* Left out by --part: forget it. */
		free(pt->desc);
		memset(pt, 0, sizeof(*pt));
		return 0;
	}
	/* summary: and totals: are read once the part's events are known. */
	if (read_sums(ld, sum) == -1 || cga_events_need(ld) == -1) {
		if (!ld->opts->check)
			return -1;
		/* --check: a part without events is left out. */
		cga_part_lose(ld);
		free(pt->desc);
		memset(pt, 0, sizeof(*pt));
		return 0;
	}
	if (ld->pself == NULL)
		ld->pself = scratch(p, 0);
	ld->nkept++;
	ld->costs |= has_counts(p, ld->pself);
	if (settle_total(ld, sum, trunc != NULL) == -1 && !ld->opts->check)
		return -1;
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
	ld->cur.npos = 1;
	ld->cur.linepos = 0;
	ld->cur.instrpos = -1;
	ld->have_positions = 1;
	cga_part_lose(ld);
	return cga_load_bad(ld, m);
}

/* positions: instr bb line, each at most once and in that order. */
static int
positions(struct loader *ld, const char *v)
{
	static const char *const kinds[] = { "instr", "bb", "line" };
	size_t	 i, len;
	int	 prev = -1, k;

	ld->cur.npos = 0;
	ld->cur.linepos = -1;
	ld->cur.instrpos = -1;
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
			ld->cur.linepos = (int)ld->cur.npos;
		if (k == POS_INSTR) {
			ld->cur.instrpos = (int)ld->cur.npos;
			ld->p->have_instr = 1;
		}
		prev = k;
		ld->cur.npos++;
	}
	if (ld->cur.npos == 0)
		return bad_positions(ld, CGA_MSG_POSITIONS);
	ld->have_positions = 1;
	return 0;
}



/* summary: or totals:, read when the part ends (they may come first). */
static void
cost_summary(struct loader *ld, int which)
{
	if (ld->sumtext[which] != NULL && shows_warning(ld))
		cga_diag_msgf(ld->path, ld->in.lineno, CGA_MSG_SUM_AGAIN,
		    which ? "totals:" : "summary:");
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
	if (!ld->cur.known)
		cga_load_known(ld);
	ld->nheader++;
	if (KEY("summary") || KEY("totals")) {
		cost_summary(ld, KEY("totals"));
		return 0;
	}
	if (ld->cur.in_body) {
		if (cga_part_end(ld) == -1)
			return -1;
		cga_part_begin(ld);
	}
	/* --check: the format wants version: first, if at all. */
	if (KEY("version") && ld->opts->check && ld->nheader > 1)
		cga_load_bad(ld, CGA_MSG_VERSION_LATE);
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
		return cga_events_line(ld, v);
	} else if (KEY("event")) {
		return cga_event_line(ld, v);
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
	free(ld->cur.map);
	free(ld->cur.kmask);
	free(ld->cnt);
	free(ld->sumtext[0]);
	free(ld->sumtext[1]);
}
