/*
 * parse.h: the parse primitives of the profile format's body, the one
 * reader of its grammar, and the one routine that adds a line's counts
 * to the model; private to load/: included by body.c, whose two readers
 * (the block loop and the line-at-a-time reader) both call them, and by
 * header.c, whose summary: and totals: lines are counts too.
 */
#ifndef CGA_PARSE_H
#define CGA_PARSE_H

#include "load/loader.h"

/*
 * The parse primitives.  Each reads one piece of a line in one of two
 * forms, and returns CGA_MSG_OK or what is wrong; none changes the loader.
 * IN_LINE: a line of its own, ending in '\0', where blanks are any run of
 * spaces and tabs.  IN_BLOCK: a line in the block of input, in the form
 * valgrind writes, single spaces and a '\n' at the end; a line in another
 * form is refused there, to be read again IN_LINE, which takes it or words
 * what is wrong.  The block ends in a NUL, which no primitive takes.
 * Numbers are read a digit at a time in both (number()): eight digits
 * at a time in a word (SWAR) measured no faster on real profiles, whose
 * numbers are short (bench/RESULTS.md, issue 29).
 */
enum form { IN_LINE, IN_BLOCK };

CGA_HOT char
eol(enum form f)
{
	return f != IN_LINE ? '\n' : '\0';
}

/* Whether c is a blank: in a block, the one space valgrind writes. */
CGA_HOT int
is_blank(char c, enum form f)
{
	return f != IN_LINE ? c == ' ' : blank(c);
}

/* Past the blank at s, which ends a token: in a block, the one space. */
CGA_HOT const char *
past_blank(const char *s, enum form f)
{
	return f != IN_LINE ? s + 1 : skip_blanks(s);
}

/* Whether c ends a token. */
CGA_HOT int
ends(char c, enum form f)
{
	return f != IN_LINE ? c == ' ' || c == '\n' : ends_token(c, '\0');
}

/* A number that must end its token; expected names what was expected. */
CGA_HOT enum cga_msg
number_token(const char **sp, enum form f, uint64_t *v,
    enum cga_msg expected)
{
	switch (number(sp, v)) {
	case NUM_BIG:
		return CGA_MSG_NUMBER_BIG;
	case NUM_NONE:
		return expected;
	}
	return ends(**sp, f) ? CGA_MSG_OK : expected;
}

/* A subposition: a number, +N, -N or *, relative to base. */
CGA_HOT enum cga_msg
subposition(const char **sp, enum form f, uint64_t base, uint64_t *v)
{
	const char	*s = *sp;
	uint64_t	 n;
	char		 sign = *s;

	if (sign == '*') {
		s++;
		n = base;
	} else {
		if (sign == '+' || sign == '-')
			s++;
		switch (number(&s, &n)) {
		case NUM_BIG:
			return CGA_MSG_POSITION_BIG;
		case NUM_NONE:
			return sign == '+' || sign == '-' ?
			    CGA_MSG_POSITION_SIGN : CGA_MSG_POSITION;
		}
		if (sign == '+') {
			if (__builtin_add_overflow(base, n, &n))
				return CGA_MSG_POSITION_PAST;
		} else if (sign == '-') {
			if (n > base)
				return CGA_MSG_POSITION_BELOW;
			n = base - n;
		}
	}
	if (!ends(*s, f))
		return CGA_MSG_POSITION;
	*sp = s;
	*v = n;
	return CGA_MSG_OK;
}

/*
 * A count of a profile with negative counts (cg_diff writes them): a
 * number with or without a '-', that fits in 64 bits signed, as two's
 * complement into *v.
 */
CGA_HOT enum cga_msg
signed_count(const char **sp, enum form f, uint64_t *v)
{
	const char	*s = *sp;
	uint64_t	 n;
	enum cga_msg	 m;
	int		 neg = *s == '-';

	s += neg;
	if ((m = number_token(&s, f, &n, CGA_MSG_COUNT)) != CGA_MSG_OK)
		return m;
	if (n > (uint64_t)INT64_MAX + (uint64_t)neg)
		return CGA_MSG_COUNT_SIGNED_BIG;
	*sp = s;
	*v = neg ? (uint64_t)0 - n : n;
	return CGA_MSG_OK;
}

/*
 * The counts that end a cost line (or make a summary: line), in the
 * part's event order, into cnt: *kp of them; *sp is left at the end.
 * Unsigned, a count with a '-' is CGA_MSG_COUNT_NEGATIVE: the profile
 * is to be read as signed from then on (sgn).
 */
CGA_HOT enum cga_msg
counts_parse(const struct loader *ld, const char **sp, enum form f,
    uint64_t *cnt, size_t *kp, int sgn)
{
	const char	*s, *t;
	enum cga_msg	 m;
	size_t		 k = 0, nfev = ld->cur.nfev;

	/* *sp ends a position (or is a summary:'s value, IN_LINE). */
	for (s = *sp; *s != eol(f); s = t) {
		if (*(s = past_blank(s, f)) == eol(f))
			break;
		if (k == nfev)
			return CGA_MSG_COUNTS_MORE;
		t = s;
		if (sgn) {
			if ((m = signed_count(&t, f, &cnt[k])) != CGA_MSG_OK)
				return m;
		} else if ((m = number_token(&t, f, &cnt[k],
		    CGA_MSG_COUNT)) != CGA_MSG_OK)
			/* A sign is no digit: looked for on failure. */
			return *s == '-' ? CGA_MSG_COUNT_NEGATIVE : m;
		k++;
	}
	*sp = s;
	*kp = k;
	return CGA_MSG_OK;
}

/*
 * A cost line: its positions, relative to the last ones, into pos, then
 * its counts.
 */
CGA_HOT enum cga_msg
cost_parse(const struct loader *ld, const char **sp, enum form f,
    uint64_t *pos, uint64_t *cnt, size_t *kp, int sgn)
{
	const char	*s = *sp;
	enum cga_msg	 m;
	size_t		 i, npos = ld->cur.npos;

	for (i = 0; i < npos; i++) {
		if (i > 0) {
			if (!is_blank(*s, f))
				return CGA_MSG_POSITION;
			s = past_blank(s, f);
		}
		if ((m = subposition(&s, f, ld->cur.last[i], &pos[i])) !=
		    CGA_MSG_OK)
			return m;
	}
	*sp = s;
	return counts_parse(ld, sp, f, cnt, kp, sgn);
}

/*
 * A target position (calls=, jump=, jcnd=), relative to the last
 * position, into tpos (as many as there are, at most 3; NULL: checked
 * only, as the block loop reads a jump).  With range not NULL, a
 * relative position that goes below 0 or past 2^64-1 is read as 0 and
 * noted in *range (CGA_MSG_CALLS_TARGET) rather than refused: pprof
 * writes calls= targets relative to the function before the current one,
 * and a call's target changes no figure.
 */
CGA_HOT enum cga_msg
target(const struct loader *ld, const char **sp, enum form f, uint64_t *tpos,
    enum cga_msg *range)
{
	const char	*s, *t;
	uint64_t	 v;
	enum cga_msg	 m;
	size_t		 i = 0;

	/* *sp ends a count. */
	for (s = *sp; *s != eol(f); i++) {
		if (*(s = past_blank(s, f)) == eol(f))
			break;
		m = subposition(&s, f, ld->cur.last[i < ld->cur.npos ? i : 0],
		    &v);
		if (range != NULL && (m == CGA_MSG_POSITION_BELOW ||
		    m == CGA_MSG_POSITION_PAST)) {
			/* The sign, then digits that fit: steps over them. */
			t = s + 1;
			if (number(&t, &v) != NUM_OK || !ends(*t, f))
				return CGA_MSG_POSITION;
			s = t;
			v = 0;
			*range = CGA_MSG_CALLS_TARGET;
		} else if (m != CGA_MSG_OK)
			return m;
		if (tpos != NULL && i < 3)
			tpos[i] = v;
	}
	*sp = s;
	return CGA_MSG_OK;
}

/* What a jump= or jcnd= line says. */
struct jumpval {
	uint64_t	 count;		/* jumps made, or taken */
	uint64_t	 executed;	/* jcnd: times executed */
	uint64_t	 tpos[3];	/* the target */
};

/*
 * The value of jump=COUNT TARGET or of jcnd=TAKEN/EXECUTED TARGET, as
 * callgrind writes it (or the spec's spaced form, read in the same
 * order), after the '=', into jv (NULL: checked only).
 */
CGA_HOT enum cga_msg
jump_parse(const struct loader *ld, const char **sp, enum form f, int jcnd,
    struct jumpval *jv)
{
	const char	*s = skip_blanks(*sp);
	enum cga_msg	 m;
	uint64_t	 n = 0, e;

	if (jcnd) {
		if (number(&s, &n) != NUM_OK)
			return CGA_MSG_JCND;
		if (*s == '/')
			s++;
		else if (is_blank(*s, f))
			s = past_blank(s, f);
		else
			return CGA_MSG_JCND;
	}
	if ((m = number_token(&s, f, &e, jcnd ? CGA_MSG_JCND :
	    CGA_MSG_JUMP)) != CGA_MSG_OK)
		return m;
	*sp = s;
	if (jv != NULL) {
		jv->count = jcnd ? n : e;
		jv->executed = jcnd ? e : 0;
	}
	return target(ld, sp, f, jv != NULL ? jv->tpos : NULL, NULL);
}

/*
 * Adding what was parsed.
 */

/*
 * What adding a line's counts needs, copied out of the loader: over a
 * block the compiler then keeps it in registers, as it cannot keep fields
 * that a store to a cost might, for all it knows, change.
 */
struct adder {
	const size_t	*map;		/* the part's events in the model */
	const uint64_t	*kmask;		/* the defined-mask of k counts */
	size_t		 nev;
	size_t		 maskw;
};

CGA_HOT struct adder
adder_of(const struct loader *ld)
{
	struct adder	 a = { ld->cur.map, ld->cur.kmask, ld->p->nev,
	    ld->p->maskw };

	return a;
}

/* Marks the events of k counts given in cost c. */
CGA_HOT void
cost_mark(struct adder a, uint64_t *c, size_t k)
{
	size_t	 i;

	if (a.kmask == NULL) {
		for (i = 0; i < k; i++)
			cga_cost_define_at(c, a.nev, a.map[i]);
		return;
	}
	for (i = 0; i < a.maskw; i++)
		c[a.nev + i] |= a.kmask[k * a.maskw + i];
}

/* Whether a + b overflows: unsigned, or signed (two's complement). */
CGA_HOT int
sum_overflows(uint64_t a, uint64_t b, int sgn)
{
	uint64_t	 u;
	int64_t		 s;

	if (sgn)
		return __builtin_add_overflow((int64_t)a, (int64_t)b, &s);
	return __builtin_add_overflow(a, b, &u);
}

/*
 * The one routine that adds a line's k counts to the model: to dst (a
 * function's self cost, a call's cost, a sum), and to part and line
 * unless they are NULL, marking the events given.  Every sum is checked
 * before any changes, so that a line that overflows (-1) adds nothing;
 * signed, in a profile with negative counts (sgn).  With defer, dst and part are left for the caller to mark: the
 * block loop marks them once, for the most counts of its lines.
 */
CGA_HOT int
cost_add(struct adder a, uint64_t *dst, uint64_t *part, uint64_t *line,
    const uint64_t *cnt, size_t k, int defer, int sgn)
{
	size_t		 i, j;

	for (i = 0; i < k; i++) {
		j = a.map[i];
		if (sum_overflows(dst[j], cnt[i], sgn) ||
		    (part != NULL && sum_overflows(part[j], cnt[i], sgn)) ||
		    (line != NULL && sum_overflows(line[j], cnt[i], sgn)))
			return -1;
	}
	for (i = 0; i < k; i++) {
		j = a.map[i];
		dst[j] += cnt[i];
		if (part != NULL)
			part[j] += cnt[i];
		if (line != NULL)
			line[j] += cnt[i];
	}
	if (line != NULL)
		cost_mark(a, line, k);
	if (!defer) {
		cost_mark(a, dst, k);
		if (part != NULL)
			cost_mark(a, part, k);
	}
	return 0;
}

/*
 * A count with a '-' (cg_diff writes them): the model becomes a
 * difference, signed from then on, which the counts so far must fit.
 */
static int
become_signed(struct loader *ld)
{
	if (cga_profile_make_signed(ld->p) == -1)
		return cga_load_bad(ld, CGA_MSG_SIGNED_LATE);
	return 0;
}

/*
 * The counts of a line at *sp, signed when the profile is: a count with
 * a '-' makes it so, and the line is read again.
 */
static enum cga_msg
counts_read(struct loader *ld, const char **sp, uint64_t *pos, size_t *k,
    int *err)
{
	const char	*s = *sp;
	enum cga_msg	 m;

	*err = 0;
	m = pos != NULL ? cost_parse(ld, sp, IN_LINE, pos, ld->cnt, k,
	    ld->p->diff) : counts_parse(ld, sp, IN_LINE, ld->cnt, k,
	    ld->p->diff);
	if (m != CGA_MSG_COUNT_NEGATIVE)
		return m;
	if (become_signed(ld) == -1) {
		*err = 1;
		return m;
	}
	*sp = s;
	return pos != NULL ? cost_parse(ld, sp, IN_LINE, pos, ld->cnt, k, 1) :
	    counts_parse(ld, sp, IN_LINE, ld->cnt, k, 1);
}

#endif
