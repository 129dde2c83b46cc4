/*
 * load.c: reads the Callgrind profile format (and Cachegrind's subset of it)
 * into the model, one line at a time, as valgrind writes it.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "input.h"
#include "load.h"

/* Warnings printed per file before the rest are only counted. */
#define MAX_WARNINGS	20
/*
 * Name ids are kept in an array indexed by id, as callgrind numbers them
 * from 1 up, while the array stays within a few times the ids defined
 * (or this size); sparser ids go to a hash.
 */
#define ID_ARRAY_MIN	(1u << 20)

enum idkind { ID_FILE, ID_FN, ID_OBJ, ID_KINDS };
enum poskind { POS_INSTR, POS_BB, POS_LINE };

/* An id past the array, in the open-addressed table. */
struct ident {
	uint64_t	 id;
	const char	*name;		/* NULL: a free slot */
};

/* One table of name compression ids, e.g. shared by fl= fi= fe= cfi= jfi=. */
struct idtab {
	const char	**v;
	size_t		  n;
	size_t		  count;	/* ids defined */
	struct ident	 *h;		/* hcap slots, a power of 2 */
	size_t		  hcap;
	size_t		  nh;		/* slots used */
};

/* A derived event from an event: line, resolved when the body begins. */
struct pending_event {
	const char	*name;
	const char	*longname;
	char		*expr;		/* NULL for a long name only */
	uint64_t	 line;
};

struct loader {
	struct cga_profile		*p;
	const struct cga_load_opts	*opts;
	struct cga_input		 in;
	const char			*path;
	char				*text;	/* the line being read */
	size_t				 len;

	struct idtab			 ids[ID_KINDS];
	const char			*unknown;	/* "???" */
	size_t				 cwdlen;
	int				 nwarn;

	/* Header of the file's first part, before the model has events. */
	const char		       **evnames;
	size_t				 nevnames;
	struct pending_event		*pend;
	size_t				 npend;

	/* The part being read. */
	struct cga_part			*part;
	uint64_t			 nfileparts;	/* parts of this file */
	const char			*cmd, *pid, *thread;	/* last given */
	int				 skip;		/* not kept (--part) */
	int				 in_body;
	int				 have_events;
	size_t				 npos;
	int				 linepos;	/* index of "line", or -1 */
	uint64_t			 last[3];
	size_t				 nfev;		/* the part's events: */
	size_t				*map;		/* its events in the model */
	uint64_t			*kmask;		/* defined-mask for k counts */
	char				*sumtext[2];	/* summary:, totals: */
	uint64_t			 sumline[2];

	/* Where cost lines go. */
	struct cga_file			*file;
	const char			*fnname;
	struct cga_fn			*fn;
	const char			*obj;
	const char			*cfile;		/* cfi= for the next cfn= */
	struct cga_fn			*callee;
	struct cga_call			*call;		/* last call edge used */
	uint64_t			*linecost;	/* last line cost used */
	struct cga_file			*linefile;	/* its file */
	uint64_t			 lineno;	/* and line */
	int				 pending_call;
	uint64_t			 call_count;
	uint64_t			 call_line;

	uint64_t			*vals;		/* counts of one cost line */
	size_t				 k;
};

static int
bad(struct loader *ld, const char *msg)
{
	cga_diag_line(ld->path, ld->in.lineno, msg, ld->text, ld->len);
	return -1;
}

static void
warn(struct loader *ld, const char *msg)
{
	if (++ld->nwarn <= MAX_WARNINGS)
		cga_diag_warn(ld->path, ld->in.lineno, msg, ld->text, ld->len);
}

static int
blank(char c)
{
	return c == ' ' || c == '\t';
}

static char *
skip_blanks(char *s)
{
	while (blank(*s))
		s++;
	return s;
}

/* Where a token ends: a blank or the end of the line. */
static int
token_end(char c)
{
	return c == '\0' || blank(c);
}

/*
 * Reads a decimal or 0x hexadecimal number at *sp: 0, -1 when there is
 * none, -2 when it does not fit in 64 bits.
 */
/* A hex digit's value, or 16; the C locale's digits only. */
static unsigned
hexval(char c)
{
	if (c >= '0' && c <= '9')
		return (unsigned)(c - '0');
	if (c >= 'a' && c <= 'f')
		return (unsigned)(c - 'a' + 10);
	if (c >= 'A' && c <= 'F')
		return (unsigned)(c - 'A' + 10);
	return 16;
}

static int
number(char **sp, uint64_t *v)
{
	char		*s = *sp;
	uint64_t	 n = 0;
	unsigned	 d;

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && hexval(s[2]) < 16) {
		for (s += 2; (d = hexval(*s)) < 16; s++) {
			if (n > (UINT64_MAX >> 4))
				return -2;
			n = n << 4 | d;
		}
	} else if (*s >= '0' && *s <= '9') {
		/* 19 digits always fit; check only beyond. */
		for (; (d = (unsigned)(*s - '0')) <= 9; s++) {
			if (n >= UINT64_MAX / 10 &&
			    (n > UINT64_MAX / 10 || d > UINT64_MAX % 10))
				return -2;
			n = n * 10 + d;
		}
	} else
		return -1;
	*sp = s;
	*v = n;
	return 0;
}

/* A number that must end its token; err names what was expected. */
static int
number_token(struct loader *ld, char **sp, uint64_t *v, const char *err)
{
	switch (number(sp, v)) {
	case -2:
		return bad(ld, "number does not fit in 64 bits");
	case -1:
		return bad(ld, err);
	}
	if (!token_end(**sp))
		return bad(ld, err);
	return 0;
}

/* A subposition: a number, +N, -N or *, relative to base. */
static int
subposition(struct loader *ld, char **sp, uint64_t base, uint64_t *v)
{
	char		*s = *sp;
	uint64_t	 n;
	int		 sign = 0;

	if (*s == '*') {
		s++;
		n = base;
	} else {
		if (*s == '+' || *s == '-')
			sign = *s++;
		switch (number(&s, &n)) {
		case -2:
			return bad(ld, "position does not fit in 64 bits");
		case -1:
			return bad(ld, sign ? "expected digits after the sign "
			    "of a relative position" : "expected a position");
		}
		if (sign == '+' && __builtin_add_overflow(base, n, &n))
			return bad(ld, "relative position goes past 2^64-1");
		if (sign == '-') {
			if (n > base)
				return bad(ld, "relative position goes below 0");
			n = base - n;
		}
	}
	if (!token_end(*s))
		return bad(ld, "expected a position");
	*sp = s;
	*v = n;
	return 0;
}

/* A target position (calls=, jump=): checked, not kept. */
static int
target(struct loader *ld, char *s)
{
	uint64_t	 v;
	size_t		 i = 0;

	for (s = skip_blanks(s); *s != '\0'; s = skip_blanks(s), i++)
		if (subposition(ld, &s, ld->last[i < ld->npos ? i : 0], &v))
			return -1;
	return 0;
}

/* Where id is, or would go, in the table. */
static struct ident *
idtab_slot(const struct idtab *t, uint64_t id)
{
	size_t	 i, mask = t->hcap - 1;

	i = (size_t)((id * 0x9e3779b97f4a7c15ULL) >> 32) & mask;
	while (t->h[i].name != NULL && t->h[i].id != id)
		i = (i + 1) & mask;
	return &t->h[i];
}

static const char *
idtab_get(struct idtab *t, uint64_t id)
{
	if (id < t->n && t->v[id] != NULL)
		return t->v[id];
	return t->nh == 0 ? NULL : idtab_slot(t, id)->name;
}

static void
idtab_set(struct idtab *t, uint64_t id, const char *name)
{
	struct ident	*old = t->h, *e;
	uint64_t	 max = 4 * (uint64_t)t->count + 1024;
	size_t		 n, i, cap = t->hcap;

	t->count++;
	if (max < ID_ARRAY_MIN)
		max = ID_ARRAY_MIN;
	if (id < t->n || id < max) {
		if (id >= t->n) {
			n = t->n ? t->n : 256;
			while (n <= id)
				n *= 2;
			t->v = xreallocarray(t->v, n, sizeof(*t->v));
			memset(t->v + t->n, 0, (n - t->n) * sizeof(*t->v));
			t->n = n;
		}
		t->v[id] = name;
		return;
	}
	if (2 * (t->nh + 1) > t->hcap) {
		t->hcap = cap ? 2 * cap : 64;
		t->h = xcalloc(t->hcap, sizeof(*t->h));
		for (i = 0; i < cap; i++)
			if (old[i].name != NULL)
				*idtab_slot(t, old[i].id) = old[i];
		free(old);
	}
	e = idtab_slot(t, id);
	if (e->name == NULL)
		t->nh++;
	e->id = id;
	e->name = name;
}

static void
idtab_free(struct idtab *t)
{
	free(t->v);
	free(t->h);
	memset(t, 0, sizeof(*t));
}

/* A name interned as --mod-filename and --mod-funcname rewrite it. */
static const char *
rewritten(struct loader *ld, enum idkind kind, const char *s)
{
	const struct cga_rewrite	*rw = NULL;
	const char			*name;
	char				*cur = NULL, *next;
	size_t				 n = 0, i;

	if (kind == ID_FILE) {
		rw = ld->opts->mod_filename;
		n = ld->opts->nmod_filename;
	} else if (kind == ID_FN) {
		rw = ld->opts->mod_funcname;
		n = ld->opts->nmod_funcname;
	}
	for (i = 0; i < n; i++)
		if ((next = cga_rewrite_apply(&rw[i], cur ? cur : s)) != NULL) {
			free(cur);
			cur = next;
		}
	name = cga_profile_intern(ld->p, cur ? cur : s, strlen(cur ? cur : s));
	free(cur);
	return name;
}

/*
 * The name of a position line: "name", "(id) name" (which defines id) or
 * "(id)".  File names lose the current directory, as in fl=; then the
 * --mod-filename and --mod-funcname rewrites apply.
 */
static int
name_value(struct loader *ld, enum idkind kind, char *s, const char **out)
{
	const char	*name, *old;
	char		*end;
	uint64_t	 id;
	int		 have_id = 0;

	s = skip_blanks(s);
	if (s[0] == '(' && isdigit((unsigned char)s[1])) {
		end = s + 1;
		if (number(&end, &id) != 0 || *end != ')')
			return bad(ld, "expected '(number)' before the name");
		s = skip_blanks(end + 1);
		have_id = 1;
		if (*s == '\0') {
			if ((name = idtab_get(&ld->ids[kind], id)) == NULL)
				return bad(ld, "name id used before it is "
				    "defined");
			*out = name;
			return 0;
		}
	}
	if (kind == ID_FILE && ld->cwdlen > 0 &&
	    strncmp(s, ld->opts->cwd, ld->cwdlen) == 0)
		s += ld->cwdlen;
	name = rewritten(ld, kind, s);
	if (have_id) {
		old = idtab_get(&ld->ids[kind], id);
		if (old != NULL && old != name)
			return bad(ld, "name id defined again with another "
			    "name");
		if (old == NULL)
			idtab_set(&ld->ids[kind], id, name);
	}
	*out = name;
	return 0;
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
	char		*t;

	if (depth > 16) {
		cga_diag_line(ld->path, pe->line, "derived events refer to "
		    "each other in a cycle", pe->name, strlen(pe->name));
		return -1;
	}
	for (;;) {
		while (blank(*s))
			s++;
		coef = 1;
		if (isdigit((unsigned char)*s)) {
			t = (char *)s;
			if (number(&t, &coef) != 0)
				goto bad;
			for (s = t; blank(*s); s++)
				;
			if (*s == '*')
				for (s++; blank(*s); s++)
					;
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
			cga_diag_line(ld->path, pe->line, "derived event "
			    "names an unknown event", name, len);
			return -1;
		}
		if (__builtin_mul_overflow(coef, mul, &coef)) {
			cga_diag_line(ld->path, pe->line, "derived event's "
			    "factor does not fit in 64 bits", pe->expr,
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
		while (blank(*s))
			s++;
		if (*s == '\0')
			return 0;
		if (*s++ != '+')
			goto bad;
	}
bad:
	cga_diag_line(ld->path, pe->line, "expected a derived event as "
	    "'NAME = [N [*]] EVENT + ...'", pe->expr, strlen(pe->expr));
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
			cga_diag_line(ld->path, ld->pend[i].line, "derived "
			    "event has the name of another event",
			    ld->pend[i].name, strlen(ld->pend[i].name));
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
	for (i = 0; i < ld->nfev; i++) {
		ld->map[i] = cga_event_index(p, ld->evnames[i]);
		if (ld->map[i] == CGA_NOEVENT || ld->map[i] >= p->nrec)
			return bad(ld, "event not among the events of the "
			    "first part");
	}
	free(ld->kmask);
	ld->kmask = xcalloc((ld->nfev + 1) * p->maskw, sizeof(uint64_t));
	for (k = 1; k <= ld->nfev; k++) {
		memcpy(ld->kmask + k * p->maskw, ld->kmask + (k - 1) *
		    p->maskw, p->maskw * sizeof(uint64_t));
		ld->kmask[k * p->maskw + ld->map[k - 1] / 64] |=
		    (uint64_t)1 << (ld->map[k - 1] % 64);
	}
	return 0;
}

/* Fixes the events once the first cost, position or summary line needs them. */
static int
need_events(struct loader *ld)
{
	if (!ld->have_events)
		return bad(ld, "expected an events: line before this line");
	if (ld->p->ev == NULL && make_events(ld) == -1)
		return -1;
	if (ld->map == NULL && map_events(ld) == -1)
		return -1;
	if (ld->vals == NULL)
		ld->vals = xcalloc(ld->p->nev, sizeof(uint64_t));
	return 0;
}

/* Whether --part keeps the part being read. */
static int
part_kept(struct loader *ld)
{
	const char	*s = ld->part->number;
	uint64_t	 n = ld->part->ordinal;
	char		*end;
	size_t		 i;

	if (ld->opts->nparts == 0)
		return 1;
	if (s != NULL) {
		end = (char *)s;
		if (number(&end, &n) != 0 || !token_end(*end))
			n = ld->part->ordinal;
	}
	for (i = 0; i < ld->opts->nparts; i++)
		if (ld->opts->parts[i] == n)
			return 1;
	return 0;
}

/* The first position or cost line of a part. */
static int
body_begin(struct loader *ld)
{
	ld->skip = !part_kept(ld);
	if (need_events(ld) == -1)
		return -1;
	if (ld->part->self == NULL)
		ld->part->self = cga_cost_new(ld->p);
	ld->in_body = 1;
	return 0;
}

static void
part_begin(struct loader *ld)
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
}

static int	counts(struct loader *, char *);
static int	add_counts(struct loader *, uint64_t *);

static int
all_zero(const struct cga_profile *p, const uint64_t *c)
{
	size_t	 i;

	for (i = 0; i < p->nrec; i++)
		if (c[i] != 0)
			return 0;
	return 1;
}

/* Settles the part's program total and checks its totals: line. */
static int
part_end(struct loader *ld)
{
	struct cga_profile	*p = ld->p;
	struct cga_part		*pt = ld->part;
	const uint64_t		*src = NULL;
	uint64_t		*sum[2] = { NULL, NULL };
	size_t			 i, j;
	char			 msg[256];

	if (ld->pending_call) {
		ld->in.lineno = ld->call_line;
		return bad(ld, "calls= line is not followed by a cost line");
	}
	if (!ld->in_body && ld->sumtext[0] == NULL && ld->sumtext[1] == NULL)
		return 0;	/* a header alone adds nothing */
	if (ld->skip || !part_kept(ld)) {
		/* Left out by --part: forget it. */
		free(pt->desc);
		memset(pt, 0, sizeof(*pt));
		return 0;
	}
	/* summary: and totals: are read once the part's events are known. */
	for (i = 0; i < 2; i++) {
		if (ld->sumtext[i] == NULL)
			continue;
		ld->in.lineno = ld->sumline[i];
		ld->text = ld->sumtext[i];
		ld->len = strlen(ld->text);
		if (need_events(ld) == -1 ||
		    counts(ld, strchr(ld->text, ':') + 1) == -1)
			return -1;
		sum[i] = cga_cost_new(p);
		if (add_counts(ld, sum[i]) == -1)
			return -1;
	}
	if (need_events(ld) == -1)
		return -1;
	if (pt->self == NULL)
		pt->self = cga_cost_new(p);
	pt->total = cga_cost_new(p);
	if (sum[0] != NULL && !all_zero(p, sum[0]))
		src = sum[0];
	else if (sum[1] != NULL && !all_zero(p, sum[1]))
		src = sum[1];
	if (src != NULL) {
		memcpy(pt->total, src, p->cw * sizeof(uint64_t));
		/* Events the line leaves out come from the cost lines. */
		for (i = 0; i < ld->nfev; i++) {
			j = ld->map[i];
			if (!cga_cost_defined(p, pt->total, j)) {
				pt->total[j] = pt->self[j];
				cga_cost_define(p, pt->total, j);
			}
		}
	} else {
		memcpy(pt->total, pt->self, p->cw * sizeof(uint64_t));
		pt->calculated = 1;
		p->calculated = 1;
	}
	if (cga_cost_add(p, p->total, pt->total) == -1) {
		cga_diag("%s: program totals overflow 64 bits", ld->path);
		return -1;
	}
	if (sum[1] != NULL) {
		for (i = 0; i < p->nrec; i++) {
			if (!cga_cost_defined(p, sum[1], i) ||
			    sum[1][i] == pt->self[i])
				continue;
			snprintf(msg, sizeof(msg), "totals: line disagrees "
			    "with the sum of the cost lines (%s: %llu, "
			    "cost lines: %llu)", p->ev[i].name,
			    (unsigned long long)sum[1][i],
			    (unsigned long long)pt->self[i]);
			if (++ld->nwarn <= MAX_WARNINGS)
				cga_diag_warn(ld->path, ld->sumline[1], msg,
				    NULL, 0);
			break;
		}
	}
	return 0;
}

/* Counts of a cost line, summary: or totals: into ld->vals. */
static int
counts(struct loader *ld, char *s)
{
	uint64_t	 v;
	size_t		 k = 0;

	for (s = skip_blanks(s); *s != '\0'; s = skip_blanks(s)) {
		if (k == ld->nfev)
			return bad(ld, "more counts than events");
		if (*s == '-')
			return bad(ld, "negative count");
		if (number_token(ld, &s, &v, "expected a count") == -1)
			return -1;
		ld->vals[ld->map[k++]] = v;
	}
	ld->k = k;
	return 0;
}

static int
add_counts(struct loader *ld, uint64_t *dst)
{
	const struct cga_profile	*p = ld->p;
	const uint64_t			*mask;
	size_t				 i, j;

	for (i = 0; i < ld->k; i++) {
		j = ld->map[i];
		if (__builtin_add_overflow(dst[j], ld->vals[j], &dst[j]))
			return bad(ld, "cost sum overflows 64 bits");
	}
	mask = ld->kmask + ld->k * p->maskw;
	for (i = 0; i < p->maskw; i++)
		dst[p->nev + i] |= mask[i];
	return 0;
}

/* Whether the line costs of the current file are kept. */
static int
keeps_lines(struct loader *ld)
{
	struct cga_file	*f = ld->file;

	if (!ld->opts->lines)
		return 0;
	if (ld->opts->want_lines == NULL)
		return 1;
	if (f->keep == 0)
		f->keep = ld->opts->want_lines(ld->opts->want_ctx, f->name) ?
		    1 : 2;
	return f->keep == 1;
}

static struct cga_fn *
current_fn(struct loader *ld)
{
	if (ld->fn == NULL) {
		/* Costs before any fn= line: an unknown function. */
		ld->fn = cga_fn_get(ld->p, ld->file->name, ld->unknown);
		ld->fn->listed = 1;
	}
	return ld->fn;
}

/*
 * The fast reading of cost and jump lines, for the form valgrind writes:
 * single spaces, numbers of at most 19 digits (16 hex ones).  It changes
 * nothing until the whole line has been read; NULL means "read it the
 * general way", which gives the error, if any.
 */
static const unsigned char hexdigit[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6,
	['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10, ['a'] = 11, ['b'] = 12,
	['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16, ['A'] = 11,
	['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

static inline __attribute__((always_inline)) const char *
fast_number(const char *s, uint64_t *v)
{
	const char	*start;
	uint64_t	 n = 0;
	unsigned	 d;

	if (s[0] == '0' && s[1] == 'x') {
		for (s += 2, start = s; (d = hexdigit[(unsigned char)*s]) != 0;
		    s++)
			n = n << 4 | (d - 1);
		if (s == start || s - start > 16)
			return NULL;
	} else {
		for (start = s; (d = (unsigned)(*s - '0')) <= 9; s++)
			n = n * 10 + d;
		if (s == start || s - start > 19)
			return NULL;
	}
	*v = n;
	return s;
}

/* npos positions, each relative to last, ending before a blank or eol. */
static inline __attribute__((always_inline)) const char *
fast_positions(struct loader *ld, const char *s, const uint64_t *last,
    uint64_t *pos, char eol)
{
	uint64_t	 n;
	size_t		 i;
	char		 sign;

	for (i = 0; i < ld->npos; i++) {
		if (i > 0 && *s++ != ' ')
			return NULL;
		sign = *s;
		if (sign == '*') {
			pos[i] = last[i];
			s++;
		} else {
			if (sign == '+' || sign == '-')
				s++;
			if ((s = fast_number(s, &n)) == NULL)
				return NULL;
			if (sign == '+') {
				if (__builtin_add_overflow(last[i], n, &n))
					return NULL;
			} else if (sign == '-') {
				if (n > last[i])
					return NULL;
				n = last[i] - n;
			}
			pos[i] = n;
		}
		if (*s != ' ' && *s != eol)
			return NULL;
	}
	return s;
}

/* The end of a line at s, after any one blank; NULL if it is not there. */
static const char *
fast_eol(const char *s, char eol)
{
	if (*s == ' ')
		s++;
	return *s == eol ? s : NULL;
}

/* Counts the fast reader takes; lines of more go the general path. */
#define FAST_COUNTS	64

/*
 * A cost line ending in eol: its positions into pos, its counts into cnt
 * and *k; where it ends, or NULL.
 */
static inline __attribute__((always_inline)) const char *
fast_cost(struct loader *ld, const char *s, uint64_t *pos, uint64_t *cnt,
    size_t *kp, char eol)
{
	size_t	 k = 0;

	if (ld->nfev > FAST_COUNTS ||
	    (s = fast_positions(ld, s, ld->last, pos, eol)) == NULL)
		return NULL;
	while (*s == ' ' && s[1] != eol) {
		if (k == ld->nfev || (s = fast_number(s + 1, &cnt[k])) == NULL ||
		    (*s != ' ' && *s != eol))
			return NULL;
		k++;
	}
	if ((s = fast_eol(s, eol)) == NULL)
		return NULL;
	*kp = k;
	return s;
}

/* jump=COUNT TARGET or jcnd=COUNT/COUNT TARGET ending in a newline. */
static const char *
fast_jump(struct loader *ld, const char *s)
{
	uint64_t	 n, pos[3];
	int		 jcnd;

	/* s[0] is 'j'; a NUL stops the comparisons before the end. */
	jcnd = s[1] == 'c' && s[2] == 'n' && s[3] == 'd' && s[4] == '=';
	if (!jcnd && !(s[1] == 'u' && s[2] == 'm' && s[3] == 'p' &&
	    s[4] == '='))
		return NULL;
	if ((s = fast_number(s + 5, &n)) == NULL)
		return NULL;
	if (jcnd && (*s != '/' || (s = fast_number(s + 1, &n)) == NULL))
		return NULL;
	if (*s++ != ' ')
		return NULL;
	/* Relative to the last positions, which a target leaves alone. */
	if ((s = fast_positions(ld, s, ld->last, pos, '\n')) == NULL)
		return NULL;
	return fast_eol(s, '\n');
}

/*
 * Adds k counts to dst, to the part's sum and, unless it is NULL, to a
 * line's cost, or changes nothing: -1.
 */
static inline int
fast_add(struct loader *ld, uint64_t *dst, uint64_t *line,
    const uint64_t *cnt, size_t k)
{
	uint64_t	*part = ld->part->self, a;
	const uint64_t	*mask;
	size_t		 i, j;

	for (i = 0; i < k; i++) {
		j = ld->map[i];
		if (__builtin_add_overflow(dst[j], cnt[i], &a) ||
		    __builtin_add_overflow(part[j], cnt[i], &a) ||
		    (line != NULL &&
		    __builtin_add_overflow(line[j], cnt[i], &a)))
			return -1;
	}
	for (i = 0; i < k; i++) {
		j = ld->map[i];
		dst[j] += cnt[i];
		part[j] += cnt[i];
	}
	if (line == NULL)
		return 0;
	for (i = 0; i < k; i++)
		line[ld->map[i]] += cnt[i];
	mask = ld->kmask + k * ld->p->maskw;
	for (i = 0; i < ld->p->maskw; i++)
		line[ld->p->nev + i] |= mask[i];
	return 0;
}

/*
 * The positions of a cost line become the last ones.  All three are
 * copied, a fixed size: a loop to npos became a memcpy call on every
 * line.  Those past npos are 0 in pos and never read.
 */
static inline void
set_last(struct loader *ld, const uint64_t *pos)
{
	ld->last[0] = pos[0];
	ld->last[1] = pos[1];
	ld->last[2] = pos[2];
}

static int	keeps_lines(struct loader *);

/* The cost of a line of the current file, owned by fn if it is new. */
static uint64_t *
line_cost(struct loader *ld, uint64_t line, struct cga_fn *fn)
{
	if (ld->linecost == NULL || ld->lineno != line ||
	    ld->linefile != ld->file) {
		ld->linecost = cga_line_get(ld->p, ld->file, line);
		ld->linefile = ld->file;
		ld->lineno = line;
		cga_line_own(ld->p, ld->linecost, fn);
	}
	return ld->linecost;
}

/*
 * Reads the cost and jump lines that follow straight from the input
 * buffer: most lines of a profile, while the function and file stay the
 * same.  It stops, before the line, at anything else: another kind of
 * line, a line not in valgrind's own form, an overflow, the end of the
 * bytes read, a NUL byte; the general path then takes that line.
 */
static void
fast_lines(struct loader *ld)
{
	const char	*s, *t;
	uint64_t	 pos[3] = { 0, 0, 0 }, cnt[FAST_COUNTS], lines = 0, *self;
	uint64_t	*line = NULL;
	const uint64_t	*mask;
	size_t		 i, k, kmax = 0;
	int		 keep;
	char		 c;

	if (!ld->in_body || ld->skip || ld->pending_call || ld->fn == NULL)
		return;
	keep = keeps_lines(ld);
	self = ld->fn->self;
	for (s = cga_input_peek(&ld->in);; s = t + 1, lines++) {
		c = *s;
		if ((c >= '0' && c <= '9') || c == '+' || c == '-' ||
		    c == '*') {
			if ((t = fast_cost(ld, s, pos, cnt, &k, '\n')) == NULL)
				break;
			if (keep)
				line = line_cost(ld, ld->linepos >= 0 ?
				    pos[ld->linepos] : 0, ld->fn);
			if (fast_add(ld, self, line, cnt, k) == -1)
				break;
			set_last(ld, pos);
			if (k > kmax)
				kmax = k;
		} else if (c != 'j' || (t = fast_jump(ld, s)) == NULL)
			break;
	}
	cga_input_skip(&ld->in, s, lines);
	/* The counts given mark their events defined, as add_counts does. */
	mask = ld->kmask + kmax * ld->p->maskw;
	for (i = 0; i < ld->p->maskw; i++) {
		self[ld->p->nev + i] |= mask[i];
		ld->part->self[ld->p->nev + i] |= mask[i];
	}
}

static int
cost_line(struct loader *ld, char *s)
{
	struct cga_profile	*p = ld->p;
	struct cga_fn		*fn;
	struct cga_site		*site;
	uint64_t		 at = 0;
	int			 err;
	uint64_t		 pos[3] = { 0, 0, 0 }, line, cnt[FAST_COUNTS];
	size_t			 i, k;

	if (!ld->in_body && body_begin(ld) == -1)
		return -1;
	if (ld->skip)
		return 0;
	if (fast_cost(ld, s, pos, cnt, &k, '\0') != NULL) {
		for (i = 0; i < k; i++)
			ld->vals[ld->map[i]] = cnt[i];
		ld->k = k;
	} else {
		for (i = 0; i < ld->npos; i++) {
			if (i > 0) {
				if (!blank(*s))
					return bad(ld, "expected a position");
				s = skip_blanks(s);
			}
			if (subposition(ld, &s, ld->last[i], &pos[i]) == -1)
				return -1;
		}
		if (counts(ld, s) == -1)
			return -1;
	}
	set_last(ld, pos);
	line = ld->linepos >= 0 ? pos[ld->linepos] : 0;
	fn = current_fn(ld);

	if (ld->pending_call) {
		ld->pending_call = 0;
		/*
		 * The calls a function makes never sum past 2^64-1: that
		 * catches an edge's or a site's count overflowing even when
		 * neither is kept.
		 */
		if (__builtin_add_overflow(fn->ncalls, ld->call_count,
		    &fn->ncalls))
			return bad(ld, "call count sum overflows 64 bits");
		if (ld->opts->no_calls)
			goto site;
		if (ld->call == NULL || ld->call->key.caller != fn ||
		    ld->call->key.callee != ld->callee)
			ld->call = cga_call_get(p, fn, ld->callee);
		if (__builtin_add_overflow(ld->call->count, ld->call_count,
		    &ld->call->count))
			return bad(ld, "call count sum overflows 64 bits");
		if (add_counts(ld, ld->call->cost) == -1)
			return -1;
site:
		if (!keeps_lines(ld))
			return 0;
		if ((site = cga_site_add(p, ld->file, line, fn, ld->callee,
		    &err, &at)) == NULL) {
			cga_diag_line(ld->path, at, err == -1 ? "call count "
			    "sum overflows 64 bits" : "call cost sum overflows "
			    "64 bits", NULL, 0);
			return -1;
		}
		site->count = ld->call_count;
		site->lineno = ld->in.lineno;
		return add_counts(ld, site->cost);
	}
	if (add_counts(ld, fn->self) == -1 ||
	    add_counts(ld, ld->part->self) == -1)
		return -1;
	if (!keeps_lines(ld))
		return 0;
	return add_counts(ld, line_cost(ld, line, fn));
}

/* ob= fl= fi= fe= fn= cob= cfi= cfl= cfn= calls= jump= jcnd= jfi= jfn= */
static int
position_line(struct loader *ld, const char *key, size_t klen, char *v)
{
	struct cga_profile	*p = ld->p;
	const char		*name;
	uint64_t		 n, m;

#define KEY(s)	(klen == sizeof(s) - 1 && memcmp(key, s, klen) == 0)
	if (!ld->in_body && body_begin(ld) == -1)
		return -1;
	if (ld->skip) {
		/* A part left out still defines names for the parts after. */
		if (KEY("fn") || KEY("cfn") || KEY("jfn"))
			return name_value(ld, ID_FN, v, &name);
		if (KEY("ob") || KEY("cob"))
			return name_value(ld, ID_OBJ, v, &name);
		if (KEY("fl") || KEY("fi") || KEY("fe") || KEY("cfi") ||
		    KEY("cfl") || KEY("jfi"))
			return name_value(ld, ID_FILE, v, &name);
		return 0;
	}
	if (KEY("fn")) {
		if (name_value(ld, ID_FN, v, &name) == -1)
			return -1;
		ld->fnname = name;
		ld->fn = cga_fn_get(p, ld->file->name, name);
		ld->fn->listed = 1;
		ld->fn->obj = ld->obj;
	} else if (KEY("fl")) {
		if (name_value(ld, ID_FILE, v, &name) == -1)
			return -1;
		ld->file = cga_file_get(p, name);
		if (ld->fnname == NULL)	/* the unknown function of this file */
			ld->fn = NULL;
	} else if (KEY("fi") || KEY("fe")) {
		/* Inlined code: the function continues under this file. */
		if (name_value(ld, ID_FILE, v, &name) == -1)
			return -1;
		ld->file = cga_file_get(p, name);
		if (ld->fnname != NULL) {
			ld->fn = cga_fn_get(p, name, ld->fnname);
			ld->fn->listed = 1;
		} else
			ld->fn = NULL;	/* the unknown function of this file */
	} else if (KEY("ob")) {
		if (name_value(ld, ID_OBJ, v, &name) == -1)
			return -1;
		ld->obj = name;
	} else if (KEY("cfn")) {
		if (name_value(ld, ID_FN, v, &name) == -1)
			return -1;
		ld->callee = cga_fn_get(p, ld->cfile != NULL ? ld->cfile :
		    ld->file->name, name);
		ld->cfile = NULL;
	} else if (KEY("cfi") || KEY("cfl")) {
		if (name_value(ld, ID_FILE, v, &ld->cfile) == -1)
			return -1;
	} else if (KEY("cob")) {
		if (name_value(ld, ID_OBJ, v, &name) == -1)
			return -1;
	} else if (KEY("jfi")) {
		if (name_value(ld, ID_FILE, v, &name) == -1)
			return -1;
	} else if (KEY("jfn")) {
		if (name_value(ld, ID_FN, v, &name) == -1)
			return -1;
	} else if (KEY("calls")) {
		v = skip_blanks(v);
		if (*v == '-')
			return bad(ld, "negative call count");
		if (number_token(ld, &v, &n, "expected 'calls=COUNT TARGET'"))
			return -1;
		if (ld->callee == NULL)
			return bad(ld, "calls= line without a cfn= line "
			    "before it");
		if (target(ld, v) == -1)
			return -1;
		ld->pending_call = 1;
		ld->call_count = n;
		ld->call_line = ld->in.lineno;
	} else if (KEY("jump")) {
		v = skip_blanks(v);
		if (number_token(ld, &v, &n, "expected 'jump=COUNT TARGET'"))
			return -1;
		return target(ld, v);
	} else if (KEY("jcnd")) {
		/* jcnd=FOLLOWED/EXECUTED TARGET, or the spec's spaced form */
		v = skip_blanks(v);
		if (number(&v, &n) != 0)
			return bad(ld, "expected 'jcnd=COUNT/COUNT TARGET'");
		if (*v == '/')
			v++;
		else if (blank(*v))
			v = skip_blanks(v);
		else
			return bad(ld, "expected 'jcnd=COUNT/COUNT TARGET'");
		if (number_token(ld, &v, &m, "expected 'jcnd=COUNT/COUNT "
		    "TARGET'") == -1)
			return -1;
		return target(ld, v);
	} else {
		warn(ld, "unknown line kind, skipped");
	}
#undef KEY
	return 0;
}

static int
positions(struct loader *ld, char *v)
{
	static const char *const kinds[] = { "instr", "bb", "line" };
	size_t	 i, len;
	int	 prev = -1, k;

	ld->npos = 0;
	ld->linepos = -1;
	for (v = skip_blanks(v); *v != '\0'; v = skip_blanks(v + len)) {
		for (len = 0; !token_end(v[len]); len++)
			;
		k = -1;
		for (i = 0; i < 3; i++)
			if (strlen(kinds[i]) == len &&
			    memcmp(v, kinds[i], len) == 0)
				k = (int)i;
		if (len == 4 && memcmp(v, "addr", 4) == 0)
			k = POS_INSTR;
		if (k == -1)
			return bad(ld, "expected positions: of instr, bb "
			    "and line");
		if (k <= prev)
			return bad(ld, "expected positions: in the order "
			    "instr, bb, line, each once");
		if (k == POS_LINE)
			ld->linepos = (int)ld->npos;
		prev = k;
		ld->npos++;
	}
	if (ld->npos == 0)
		return bad(ld, "expected positions: of instr, bb and line");
	return 0;
}

static int
events(struct loader *ld, char *v)
{
	size_t	 len, i;
	char	*name;

	free(ld->evnames);
	ld->evnames = NULL;
	ld->nevnames = 0;
	for (v = skip_blanks(v); *v != '\0'; v = skip_blanks(v + len)) {
		for (len = 0; !token_end(v[len]); len++)
			;
		name = v;
		for (i = 0; i < ld->nevnames; i++)
			if (strlen(ld->evnames[i]) == len &&
			    memcmp(ld->evnames[i], name, len) == 0)
				return bad(ld, "event named twice in events:");
		ld->evnames = xreallocarray(ld->evnames, ld->nevnames + 1,
		    sizeof(*ld->evnames));
		ld->evnames[ld->nevnames++] =
		    cga_profile_intern(ld->p, name, len);
	}
	if (ld->nevnames == 0)
		return bad(ld, "expected event names after events:");
	ld->have_events = 1;
	if (ld->p->ev != NULL)	/* a later part, or another file */
		return map_events(ld);
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
		return bad(ld, "expected an event name after event:");
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
		return bad(ld, "expected '= EXPRESSION' or ': LONG NAME' "
		    "after the event name");
	}
	if (ld->p->ev != NULL) {
		/* Later parts may repeat the first part's events. */
		free(pe.expr);
		if (cga_event_index(ld->p, pe.name) == CGA_NOEVENT) {
			if (colon != NULL)
				*colon = ':';
			return bad(ld, "event not among the events of the "
			    "first part");
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
header_value(struct loader *ld, char *v)
{
	v = skip_blanks(v);
	return cga_profile_intern(ld->p, v, strlen(v));
}

/* key: value lines; a header line after a body starts a new part. */
static int
header_line(struct loader *ld, const char *key, size_t klen, char *v)
{
	struct cga_profile	*p = ld->p;
	const char		*s;
	uint64_t		 n;
	char			*t;

#define KEY(s)	(klen == sizeof(s) - 1 && memcmp(key, s, klen) == 0)
	if (KEY("summary") || KEY("totals")) {
		cost_summary(ld, KEY("totals"));
		return 0;
	}
	if (!(KEY("version") || KEY("creator") || KEY("pid") ||
	    KEY("thread") || KEY("part") || KEY("cmd") || KEY("desc") ||
	    KEY("positions") || KEY("events") || KEY("event"))) {
		warn(ld, "unknown header line, skipped");
		return 0;
	}
	if (ld->in_body) {
		if (part_end(ld) == -1)
			return -1;
		part_begin(ld);
	}
	if (KEY("version")) {
		t = skip_blanks(v);
		if (number(&t, &n) != 0 || (*t != '\0' && *t != '.' &&
		    !blank(*t)))
			return bad(ld, "expected a version number");
		if (n > 1)
			return bad(ld, "unsupported format version (this "
			    "reads version 1)");
	} else if (KEY("creator")) {
		if (p->creator == NULL)
			p->creator = header_value(ld, v);
	} else if (KEY("pid")) {
		ld->part->pid = ld->pid = header_value(ld, v);
	} else if (KEY("thread")) {
		ld->part->thread = ld->thread = header_value(ld, v);
	} else if (KEY("part")) {
		ld->part->number = header_value(ld, v);
	} else if (KEY("cmd")) {
		ld->part->cmd = ld->cmd = header_value(ld, v);
	} else if (KEY("desc")) {
		s = header_value(ld, v);
		if (strncmp(s, "Trigger:", 8) == 0)
			ld->part->trigger = header_value(ld, (char *)s + 8);
		if (strncmp(s, "Option:", 7) != 0) {
			ld->part->desc = xreallocarray(ld->part->desc,
			    ld->part->ndesc + 1, sizeof(*ld->part->desc));
			ld->part->desc[ld->part->ndesc++] = s;
		}
	} else if (KEY("positions")) {
		return positions(ld, v);
	} else if (KEY("events")) {
		return events(ld, v);
	} else if (KEY("event")) {
		return event(ld, v);
	}
#undef KEY
	return 0;
}

static int
read_line(struct loader *ld, char *s)
{
	char	*key;
	size_t	 klen;
	char	 c = s[0];

	if (ld->in.line_nul)
		return bad(ld, "NUL byte in line");
	if ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == '*') {
		if (!ld->in_body && !ld->have_events) {
			/* Header text, such as a cmd: broken over lines. */
			warn(ld, "unknown header line, skipped");
			return 0;
		}
		return cost_line(ld, s);
	}
	if (c == '#')
		return 0;
	if (c == '=' && strncmp(s, "==== NEW PROFILING FILE", 23) == 0) {
		/* Xdebug's profiler_append: a new run, with ids of its own. */
		if (ld->pending_call)
			return bad(ld, "expected the cost line of the calls= "
			    "line before");
		if (ld->in_body) {
			if (part_end(ld) == -1)
				return -1;
			part_begin(ld);
		}
		for (size_t i = 0; i < ID_KINDS; i++)
			idtab_free(&ld->ids[i]);
		return 0;
	}
	s = skip_blanks(s);
	if (*s == '\0')
		return 0;
	if (ld->pending_call)
		return bad(ld, "expected the cost line of the calls= line "
		    "before");
	for (key = s; islower((unsigned char)*s); s++)
		;
	klen = (size_t)(s - key);
	if (klen > 0 && *s == '=')
		return position_line(ld, key, klen, s + 1);
	if (klen > 0 && *s == ':')
		return header_line(ld, key, klen, s + 1);
	warn(ld, "unknown line kind, skipped");
	return 0;
}

int
cga_profile_load(struct cga_profile *p, const char *path,
    const struct cga_load_opts *opts)
{
	struct loader	 ld;
	char		*s;
	size_t		 len, i;
	int		 r, rc = -1;

	memset(&ld, 0, sizeof(ld));
	ld.p = p;
	ld.opts = opts;
	ld.path = cga_profile_intern(p, path, strlen(path));
	ld.unknown = cga_profile_intern(p, "???", 3);
	ld.cwdlen = opts->cwd != NULL ? strlen(opts->cwd) : 0;
	if (cga_input_open(&ld.in, path) == -1)
		return -1;
	if (p->path == NULL)
		p->path = ld.path;
	part_begin(&ld);
	while ((r = cga_input_line(&ld.in, &s, &len)) > 0) {
		ld.text = s;
		ld.len = len;
		if (read_line(&ld, s) == -1)
			goto out;
		fast_lines(&ld);
	}
	if (r == -1)
		goto out;
	ld.text = NULL;
	ld.len = 0;
	if (part_end(&ld) == -1)
		goto out;
	if (p->ev == NULL) {
		cga_diag_line(ld.path, ld.in.lineno, ld.have_events ?
		    "no cost lines" : "no events: line: not a Callgrind or "
		    "Cachegrind profile", NULL, 0);
		goto out;
	}
	/* A part that only had a header, or was left out, adds nothing. */
	if (p->parts[p->nparts - 1].total == NULL) {
		free(p->parts[p->nparts - 1].desc);
		p->nparts--;
	}
	/* The header shows the first part kept. */
	if (p->nparts > 0 && p->cmd == NULL && p->pid == NULL &&
	    p->desc == NULL) {
		p->cmd = p->parts[0].cmd;
		p->pid = p->parts[0].pid;
		p->part = p->parts[0].number;
		p->thread = p->parts[0].thread;
		p->ndesc = p->parts[0].ndesc;
		p->desc = xcalloc(p->ndesc + 1, sizeof(*p->desc));
		if (p->ndesc > 0)
			memcpy(p->desc, p->parts[0].desc,
			    p->ndesc * sizeof(*p->desc));
	}
	if (ld.nwarn > MAX_WARNINGS)
		cga_diag("%s: %d more warnings not shown", path,
		    ld.nwarn - MAX_WARNINGS);
	rc = 0;
out:
	cga_input_close(&ld.in);
	for (i = 0; i < ID_KINDS; i++)
		idtab_free(&ld.ids[i]);
	for (i = 0; i < ld.npend; i++)
		free(ld.pend[i].expr);
	free(ld.pend);
	free(ld.evnames);
	free(ld.map);
	free(ld.kmask);
	free(ld.vals);
	free(ld.sumtext[0]);
	free(ld.sumtext[1]);
	return rc;
}

struct derive {
	const struct cga_profile	*p;
	int				 err;
};

static void
derive_line(void *ctx, struct cga_file *f, uint64_t line, uint64_t *cost)
{
	struct derive	*d = ctx;

	(void)f;
	(void)line;
	d->err |= cga_cost_derive(d->p, cost);
}

int
cga_profile_sniff(const char *path, char ***names, size_t *n)
{
	struct cga_input	 in;
	char			*s, *t;
	size_t			 len, i, tl;
	int			 r;

	if (cga_input_open(&in, path) == -1)
		return -1;
	while ((r = cga_input_line(&in, &s, &len)) > 0 && in.lineno <= 1000) {
		if (strncmp(s, "events:", 7) != 0)
			continue;
		for (s += 7; *(s = skip_blanks(s)) != '\0'; s += tl) {
			for (tl = 0; !token_end(s[tl]); tl++)
				;
			for (i = 0; i < *n; i++)
				if (strlen((*names)[i]) == tl &&
				    memcmp((*names)[i], s, tl) == 0)
					break;
			if (i < *n)
				continue;
			t = xmemdup0(s, tl);
			*names = xreallocarray(*names, *n + 1, sizeof(**names));
			(*names)[(*n)++] = t;
		}
		cga_input_close(&in);
		return 1;
	}
	cga_input_close(&in);
	return r == -1 ? -1 : 0;
}

int
cga_profile_finish(struct cga_profile *p)
{
	struct cga_fn	*fn;
	struct cga_call	*c, *ctmp;
	struct derive	 d;
	size_t		 i;
	uint64_t	 at = 0;
	int		 err = 0;

	if ((err = cga_sites_merge(p, &at)) != 0) {
		/* The last file loaded: sites of earlier ones were merged. */
		cga_diag_line(p->parts[p->nparts - 1].path, at, err == -1 ?
		    "call count sum overflows 64 bits" : "call cost sum "
		    "overflows 64 bits", NULL, 0);
		return -1;
	}
	if (p->nev == p->nrec)
		return 0;
	err |= cga_cost_derive(p, p->total);
	for (i = 0; i < p->nparts; i++) {
		err |= cga_cost_derive(p, p->parts[i].total);
		err |= cga_cost_derive(p, p->parts[i].self);
	}
	for (fn = p->fns; fn != NULL; fn = fn->next)
		err |= cga_cost_derive(p, fn->self);
	HASH_ITER(hh, p->calls, c, ctmp)
		err |= cga_cost_derive(p, c->cost);
	for (i = 0; i < p->nsites; i++)
		err |= cga_cost_derive(p, cga_site_at(p, i)->cost);
	d.p = p;
	d.err = 0;
	cga_lines_each(p, derive_line, &d);
	err |= d.err;
	if (err) {
		cga_diag("%s: a derived event's count does not fit in 64 "
		    "bits", p->path);
		return -1;
	}
	return 0;
}
