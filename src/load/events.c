/*
 * events.c: the events: and event: lines of a profile's header (derived
 * events among them), the model's events fixed from the first part's, and
 * each part's mapped to them.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "base/sort.h"
#include "load/loader.h"

/* An event name in an events: line. */
struct span {
	const char	*s;
	size_t		 len;
};

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

/*
 * The one reader of an events: line's value: its names, each once, into
 * a new array (free it) of *n spans of v.  CGA_MSG_OK, or what is wrong:
 * no name, or a name given twice (then kept once).
 */
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

	ld->cur.nfev = ld->nevnames;
	ld->cur.map = xreallocarray(ld->cur.map, ld->cur.nfev,
	    sizeof(*ld->cur.map));
	ld->cnt = xreallocarray(ld->cnt, ld->cur.nfev, sizeof(*ld->cnt));
	for (i = 0; i < ld->cur.nfev; i++) {
		ld->cur.map[i] = cga_event_index(p, ld->evnames[i]);
		if (ld->cur.map[i] == CGA_NOEVENT || ld->cur.map[i] >= p->nrec)
			return cga_load_bad(ld, CGA_MSG_EVENTS_UNKNOWN);
	}
	free(ld->cur.kmask);
	ld->cur.kmask = NULL;
	/*
	 * The masks of k counts, for each k, take (events)^2 / 8 bytes: for
	 * many events (100,000 would take 1.2 GB) each line marks its own.
	 */
	if (ld->cur.nfev > CGA_KMASK_MAX)
		return 0;
	ld->cur.kmask = xcalloc((ld->cur.nfev + 1) * p->maskw,
	    sizeof(uint64_t));
	for (k = 1; k <= ld->cur.nfev; k++) {
		memcpy(ld->cur.kmask + k * p->maskw, ld->cur.kmask + (k - 1) *
		    p->maskw, p->maskw * sizeof(uint64_t));
		ld->cur.kmask[k * p->maskw + ld->cur.map[k - 1] / 64] |=
		    (uint64_t)1 << (ld->cur.map[k - 1] % 64);
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
int
cga_events_need(struct loader *ld)
{
	if (ld->lost)	/* --check: a bad events: or positions: line */
		return -1;
	if (!ld->have_events)
		return cga_load_bad(ld, CGA_MSG_EVENTS_MISSING);
	if (ld->p->ev == NULL && make_events(ld) == -1 &&
	    (!ld->opts->check || drop_derived(ld) == -1))
		return -1;
	if (ld->cur.map == NULL && map_events(ld) == -1)
		return -1;
	return 0;
}

int
cga_events_line(struct loader *ld, const char *v)
{
	struct span	*names;
	size_t		 n, i;
	enum cga_msg	 m;

	/* --check: the format wants one a part; the last one holds. */
	if (ld->opts->check && ld->part_events++ > 0)
		cga_load_bad(ld, CGA_MSG_EVENTS_AGAIN);
	free(ld->evnames);
	ld->evnames = NULL;
	ld->nevnames = 0;
	if ((m = events_split(v, &names, &n)) != CGA_MSG_OK) {
		free(names);
		cga_part_lose(ld);
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
		cga_part_lose(ld);
		return -1;
	}
	free(ld->cur.map);
	ld->cur.map = NULL;
	return 0;
}

/* event: NAME [= EXPR] [: LONG NAME] */
int
cga_event_line(struct loader *ld, char *v)
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
