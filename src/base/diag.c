/* diag.c: formats every diagnostic cgannotate prints. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/diag.h"
#include "base/out.h"

int	cga_diag_silent;
int	cga_diag_spec;
/* Set while a progress line is on standard error: wiped before a message. */
static int	cga_diag_progress;
unsigned long	cga_diag_count;
char	cga_diag_last[CGA_DIAG_LAST];

/*
 * Memory taken here is checked here: xalloc.c's wrappers end in
 * cga_oom, which is a diagnostic.
 */
static void *
mem(void *p)
{
	if (p == NULL)
		cga_oom();
	return p;
}

void
cga_oom(void)
{
	cga_diag("out of memory");
	exit(1);
}

static void
wipe_progress(void)
{
	if (cga_diag_progress) {
		fputs("\r\033[K", stderr);
		cga_diag_progress = 0;
	}
}

/* A message is made in memory, so that tests can see it when silent. */
static FILE *
begin(char **buf, size_t *len)
{
	FILE	*m;

	if ((m = open_memstream(buf, len)) == NULL)
		cga_oom();
	fputs("cgannotate: ", m);
	return m;
}

/*
 * Messages held while a file is checked (--check), to be printed in the
 * order of their lines: at most CGA_DIAG_HOLD_MAX errors and as many
 * warnings, in the order they came; the rest only counted.
 */
struct held {
	uint64_t	 line;		/* 0 (the file as a whole): last */
	size_t		 seq;
	int		 warn;
	char		*text;
};

static struct {
	int		 on;
	int		 mute;		/* dropped, not even counted */
	struct held	*v;
	size_t		 n;
	unsigned long	 count[2];	/* errors, warnings */
} hold;

static void
hold_add(uint64_t line, int warn, char *text)
{
	hold.count[warn]++;
	if (hold.count[warn] > CGA_DIAG_HOLD_MAX) {
		free(text);
		return;
	}
	hold.v = mem(realloc(hold.v, (hold.n + 1) * sizeof(*hold.v)));
	hold.v[hold.n].line = line;
	hold.v[hold.n].seq = hold.n;
	hold.v[hold.n].warn = warn;
	hold.v[hold.n++].text = text;
}

/* Counts and keeps the message, and prints it unless silent or held. */
static void
emit_at(FILE *m, char **buf, size_t *len, uint64_t line, int warn)
{
	if (fclose(m) != 0)
		cga_oom();
	cga_diag_count++;
	snprintf(cga_diag_last, sizeof(cga_diag_last), "%s", *buf);
	if (hold.on && hold.mute) {
		free(*buf);
		return;
	}
	if (hold.on) {
		hold_add(line, warn, *buf);
		return;
	}
	if (!cga_diag_silent) {
		fflush(stdout);
		wipe_progress();
		fwrite(*buf, 1, *len, stderr);
		putc('\n', stderr);
	}
	free(*buf);
}

/* A message of no line: a warning when it says so after its path. */
static void
emit(FILE *m, char **buf, size_t *len)
{
	if (fflush(m) != 0)
		cga_oom();
	emit_at(m, buf, len, 0, strstr(*buf, ": warning: ") != NULL);
}

void
cga_diag_mute(int on)
{
	hold.mute = on;
}

void
cga_diag_hold(void)
{
	hold.on = 1;
	hold.n = 0;
	hold.count[0] = hold.count[1] = 0;
}

/* By line, the file's own messages (line 0) last; then as they came. */
static int
held_cmp(const void *a, const void *b)
{
	const struct held	*x = a, *y = b;
	uint64_t		 lx = x->line - 1, ly = y->line - 1;

	if (lx != ly)
		return lx < ly ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void
cga_diag_release(const char *path, unsigned long *errors,
    unsigned long *warnings)
{
	static const char *const kinds[2] = { "errors", "warnings" };
	size_t	 i;
	int	 w;

	hold.on = 0;
	if (hold.n > 1)
		qsort(hold.v, hold.n, sizeof(*hold.v), held_cmp);
	for (i = 0; i < hold.n; i++) {
		if (!cga_diag_silent) {
			fflush(stdout);
			wipe_progress();
			fputs(hold.v[i].text, stderr);
			putc('\n', stderr);
		}
		free(hold.v[i].text);
	}
	free(hold.v);
	hold.v = NULL;
	hold.n = 0;
	for (w = 0; w < 2; w++)
		if (hold.count[w] > CGA_DIAG_HOLD_MAX)
			cga_diag("%s: %lu more %s not shown", path,
			    hold.count[w] - CGA_DIAG_HOLD_MAX, kinds[w]);
	*errors = hold.count[0];
	*warnings = hold.count[1];
}

/*
 * The offending text, cut short: valid UTF-8 as it is, and every other
 * byte that is a control (C0, DEL, C1, as a byte or as U+0080..U+009F),
 * or a backslash, as \xNN, so that the quote shows exactly what is there.
 */
static void
quote(FILE *m, const char *text, size_t len)
{
	const unsigned char	*t = (const unsigned char *)text;
	size_t			 i, j, k, n;
	unsigned char		 c;

	n = len > CGA_DIAG_QUOTE ? CGA_DIAG_QUOTE : len;
	fputs(" '", m);
	for (i = 0; i < n; i += k) {
		c = t[i];
		k = c >= 0x80 ? cga_utf8_len(t + i, n - i) : 1;
		if (k > 1 && !(c == 0xc2 && t[i + 1] <= 0x9f)) {
			fwrite(t + i, 1, k, m);
			continue;
		}
		if (k == 0)
			k = 1;
		for (j = 0; j < k; j++) {
			c = t[i + j];
			if (c < 0x20 || c == 0x7f || c == '\\' || c >= 0x80)
				fprintf(m, "\\x%02x", c);
			else
				putc(c, m);
		}
	}
	fputs(n < len ? "'..." : "'", m);
}

static void
positioned(const char *path, uint64_t line, const char *kind, const char *msg,
    const char *text, size_t len)
{
	FILE	*m;
	char	*buf;
	size_t	 blen;

	m = begin(&buf, &blen);
	/* Names from a profile may be in them: no control reaches stderr. */
	cga_out_text(m, path);
	if (line > 0)
		fprintf(m, ":%llu", (unsigned long long)line);
	fprintf(m, ": %s", kind);
	cga_out_text(m, msg);
	if (text != NULL) {
		putc(':', m);
		quote(m, text, len);
	}
	emit_at(m, &buf, &blen, line, *kind != '\0');
}

void
cga_diag_line(const char *path, uint64_t line, const char *msg,
    const char *text, size_t len)
{
	positioned(path, line, "", msg, text, len);
}

void
cga_diag_warn(const char *path, uint64_t line, const char *msg,
    const char *text, size_t len)
{
	positioned(path, line, "warning: ", msg, text, len);
}

/* A printf format's text (free it). */
static char *
vformat(const char *fmt, va_list ap)
{
	va_list	 aq;
	char	*s;
	int	 n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		n = 0;
	s = mem(malloc((size_t)n + 1));
	if (vsnprintf(s, (size_t)n + 1, fmt, ap) < 0)
		*s = '\0';
	return s;
}

/* cgannotate: MSG, MSG a printf format; its text escaped. */
static void
vsay(const char *fmt, va_list ap)
{
	FILE	*m;
	char	*buf, *msg;
	size_t	 len;

	m = begin(&buf, &len);
	msg = vformat(fmt, ap);
	/* Names from a profile may be in it: no control reaches stderr. */
	cga_out_text(m, msg);
	free(msg);
	emit(m, &buf, &len);
}

void
cga_diag(const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vsay(fmt, ap);
	va_end(ap);
}

/*
 * The loader's messages, in the order of enum cga_msg.  A text with a
 * conversion is a printf format, for cga_diag_msgf.
 */
static const struct {
	const char	*text;
	int		 warn;
} msgs[CGA_MSG__COUNT] = {
	[CGA_MSG_OK] = { "no error", 0 },
	/* Numbers and positions. */
	[CGA_MSG_NUMBER_BIG] = { "number does not fit in 64 bits", 0 },
	[CGA_MSG_POSITION_BIG] = { "position does not fit in 64 bits", 0 },
	[CGA_MSG_POSITION_SIGN] = { "expected digits after the sign of a "
	    "relative position", 0 },
	[CGA_MSG_POSITION] = { "expected a position", 0 },
	[CGA_MSG_POSITION_PAST] = { "relative position goes past 2^64-1", 0 },
	[CGA_MSG_POSITION_BELOW] = { "relative position goes below 0", 0 },
	/* Cost lines. */
	[CGA_MSG_COUNTS_MORE] = { "more counts than events", 0 },
	/* Never printed: it makes the profile signed (body.c). */
	[CGA_MSG_COUNT_NEGATIVE] = { "negative count", 0 },
	[CGA_MSG_COUNT_SIGNED_BIG] = { "count does not fit in 64 bits signed "
	    "(the profile has negative counts)", 0 },
	[CGA_MSG_SIGNED_LATE] = { "negative count, but the sums so far do "
	    "not fit in 64 bits signed", 0 },
	[CGA_MSG_COUNT] = { "expected a count", 0 },
	[CGA_MSG_COST_SUM] = { "cost sum overflows 64 bits", 0 },
	/* Calls and jumps. */
	[CGA_MSG_CALLS] = { "expected 'calls=COUNT TARGET'", 0 },
	[CGA_MSG_CALLS_NEGATIVE] = { "negative call count", 0 },
	[CGA_MSG_CALLS_NO_CFN] = { "calls= line without a cfn= line before "
	    "it", 0 },
	[CGA_MSG_CALLS_NO_COST] = { "calls= line is not followed by a cost "
	    "line", 0 },
	[CGA_MSG_CALLS_PENDING] = { "expected the cost line of the calls= "
	    "line before", 0 },
	[CGA_MSG_CALL_COUNT_SUM] = { "call count sum overflows 64 bits", 0 },
	[CGA_MSG_CALL_COST_SUM] = { "call cost sum overflows 64 bits", 0 },
	[CGA_MSG_JUMP] = { "expected 'jump=COUNT TARGET'", 0 },
	[CGA_MSG_JCND] = { "expected 'jcnd=COUNT/COUNT TARGET'", 0 },
	/* Names. */
	[CGA_MSG_ID] = { "expected '(number)' before the name", 0 },
	/* Header lines and events. */
	[CGA_MSG_VERSION] = { "expected a version number", 0 },
	[CGA_MSG_VERSION_UNSUPPORTED] = { "unsupported format version (this "
	    "reads version 1)", 0 },
	[CGA_MSG_POSITIONS] = { "expected positions: of instr, bb and line",
	    0 },
	[CGA_MSG_POSITIONS_ORDER] = { "expected positions: in the order "
	    "instr, bb, line, each once", 0 },
	[CGA_MSG_EVENTS_NONE] = { "expected event names after events:", 0 },
	[CGA_MSG_EVENTS_TWICE] = { "event named twice in events:", 0 },
	[CGA_MSG_EVENTS_MISSING] = { "expected an events: line before this "
	    "line", 0 },
	[CGA_MSG_EVENTS_UNKNOWN] = { "event not among the events of the first "
	    "part", 0 },
	[CGA_MSG_EVENT_NAME] = { "expected an event name after event:", 0 },
	[CGA_MSG_EVENT_SYNTAX] = { "expected '= EXPRESSION' or ': LONG NAME' "
	    "after the event name", 0 },
	[CGA_MSG_DERIVED_SYNTAX] = { "expected a derived event as 'NAME = "
	    "[N [*]] EVENT + ...'", 0 },
	[CGA_MSG_DERIVED_UNKNOWN] = { "derived event names an unknown event",
	    0 },
	[CGA_MSG_DERIVED_FACTOR] = { "derived event's factor does not fit in "
	    "64 bits", 0 },
	[CGA_MSG_DERIVED_CYCLE] = { "derived events refer to each other in a "
	    "cycle", 0 },
	[CGA_MSG_DERIVED_NAME] = { "derived event has the name of another "
	    "event", 0 },
	[CGA_MSG_DERIVED_BIG] = { "a derived event's count does not fit in "
	    "64 bits", 0 },
	/* The file as a whole. */
	[CGA_MSG_NUL] = { "NUL byte in line", 0 },
	[CGA_MSG_NO_EVENTS] = { "no events: line: not a Callgrind or "
	    "Cachegrind profile", 0 },
	[CGA_MSG_NOT_PROFILE] = { "not a Callgrind or Cachegrind profile",
	    0 },
	[CGA_MSG_ELF] = { "an ELF binary, not a profile (profile it with "
	    "valgrind --tool=callgrind)", 0 },
	[CGA_MSG_PACKED] = { "%s-compressed, not a profile (decompress it "
	    "first: only gzip is read as it is)", 0 },
	[CGA_MSG_BINARY] = { "a NUL byte: a binary file, not a profile", 0 },
	[CGA_MSG_TOTAL_BIG] = { "program totals overflow 64 bits", 0 },
	/* Warnings. */
	[CGA_MSG_UNKNOWN_LINE] = { "unknown line kind, skipped", 1 },
	[CGA_MSG_UNKNOWN_HEADER] = { "unknown header line, skipped", 1 },
	[CGA_MSG_ID_AGAIN] = { "name id defined again with another name "
	    "(it was '%s'); the new name holds from here on", 1 },
	[CGA_MSG_ID_UNDEFINED] = { "name id used but never defined; shown as "
	    "%s", 1 },
	[CGA_MSG_CALLS_TARGET] = { "calls= target position goes below 0 or "
	    "past 2^64-1 (pprof writes it relative to the function before); "
	    "the call is kept, its target left out", 1 },
	[CGA_MSG_NO_COSTS] = { "no cost lines: the report is empty", 1 },
	[CGA_MSG_SUM_DISAGREES] = { "%s line disagrees with the sum of the "
	    "cost lines (%s)", 1 },
	[CGA_MSG_SUM_AGAIN] = { "%s line again in the same part: the last "
	    "one holds", 1 },
	[CGA_MSG_TRUNCATED] = { "profile looks truncated (%s)%s; the totals "
	    "are the sum of its cost lines", 1 },
	[CGA_MSG_MORE_WARNINGS] = { "%d more warnings not shown", 0 },
	/* Reading the file. */
	[CGA_MSG_OPEN] = { "cannot open: %s", 0 },
	[CGA_MSG_READ] = { "cannot read: %s", 0 },
	[CGA_MSG_READ_ERROR] = { "read error: %s", 0 },
	[CGA_MSG_GZIP_INIT] = { "cannot inflate: %s", 0 },
	[CGA_MSG_GZIP_SHORT] = { "compressed data ends too soon", 0 },
	[CGA_MSG_GZIP_BAD] = { "bad compressed data: %s", 0 },
	[CGA_MSG_LINE_LONG] = { "line too long: more than 16 MiB without a "
	    "newline", 0 },
	[CGA_MSG_TOO_WIDE] = { "profile too costly to hold: %zu events for "
	    "each function and line need more than %llu MiB, the limit for "
	    "%llu bytes read (1 GiB plus 16 bytes for each byte read)", 0 },
	/* --check only. */
	[CGA_MSG_ID_TWICE] = { "name id defined again with another name (it "
	    "was '%s')", 0 },
	[CGA_MSG_TOTALS_WRONG] = { "totals: line disagrees with the sum of "
	    "the cost lines (%s)", 0 },
	[CGA_MSG_CALL_ABOVE_TOTAL] = { "calls from %s to %s cost more than "
	    "the program total (%s)", 0 },
	[CGA_MSG_COUNTS_NO_POSITIONS] = { "more counts than events, and no "
	    "positions: line", 0 },
	[CGA_MSG_VERSION_LATE] = { "version: line after other header lines",
	    0 },
	[CGA_MSG_EVENTS_AGAIN] = { "events: line again in the same part", 0 },
};

/*
 * What the format requires, added to a message under --check (no '%' in
 * them: they end printf formats).
 */
static const char *const specs[CGA_MSG__COUNT] = {
	[CGA_MSG_POSITION] = "the format requires a cost line to start with "
	    "a position for each of positions:",
	[CGA_MSG_POSITION_BELOW] = "the format requires a position of 0 or "
	    "more",
	[CGA_MSG_COUNTS_MORE] = "the format requires at most one count for "
	    "each event of the events: line",
	[CGA_MSG_COUNTS_NO_POSITIONS] = "without one, a cost line has one "
	    "position, its line: the format requires a positions: line "
	    "naming each position column",
	[CGA_MSG_COUNT] = "the format requires counts to be numbers",
	[CGA_MSG_CALLS] = "the format requires 'calls=COUNT TARGET-POSITION'",
	[CGA_MSG_CALLS_NO_CFN] = "the format requires a cfn= line naming "
	    "the function called",
	[CGA_MSG_CALLS_NO_COST] = "the format requires a cost line after "
	    "each calls= line",
	[CGA_MSG_CALLS_PENDING] = "the format requires a cost line after "
	    "each calls= line",
	[CGA_MSG_ID_UNDEFINED] = "the format requires '(id) name' to define "
	    "each id used alone as '(id)'",
	[CGA_MSG_ID_TWICE] = "the format makes '(id) name' hold to the end of "
	    "the file",
	[CGA_MSG_VERSION_LATE] = "the format requires version:, when given, "
	    "to be the first header line",
	[CGA_MSG_EVENTS_AGAIN] = "the format requires exactly one events: "
	    "line in each part's header",
	[CGA_MSG_VERSION_UNSUPPORTED] = "the format of this specification "
	    "is version 1",
	[CGA_MSG_POSITIONS_ORDER] = "the format requires instr, bb and line "
	    "in this order",
	[CGA_MSG_EVENTS_NONE] = "the format requires at least one event name",
	[CGA_MSG_EVENTS_MISSING] = "the format requires an events: line "
	    "before the first cost line",
	[CGA_MSG_NO_EVENTS] = "the format requires an events: line in every "
	    "profile",
	[CGA_MSG_SUM_AGAIN] = "the format gives a part one summary: line, "
	    "and one totals: line at its end",
	[CGA_MSG_SUM_DISAGREES] = "the format requires a summary: at least "
	    "the sum of the cost lines",
	[CGA_MSG_TOTALS_WRONG] = "the format requires totals: to be the sum "
	    "of all cost lines",
	[CGA_MSG_CALL_ABOVE_TOTAL] = "the cost line after calls= is the "
	    "calls' inclusive cost, which the program total holds",
};

/* A message's text, with what the format requires under --check (free). */
static char *
msg_text(enum cga_msg id)
{
	const char	*spec = cga_diag_spec ? specs[id] : NULL;
	char		*s;
	size_t		 n;

	if (spec == NULL)
		return mem(strdup(msgs[id].text));
	n = strlen(msgs[id].text) + strlen(spec) + 4;
	s = mem(malloc(n));
	snprintf(s, n, "%s (%s)", msgs[id].text, spec);
	return s;
}

void
cga_diag_msg(const char *path, uint64_t line, enum cga_msg id,
    const char *text, size_t len)
{
	char	*msg = msg_text(id);

	positioned(path, line, msgs[id].warn ? "warning: " : "", msg, text,
	    len);
	free(msg);
}

void
cga_diag_msgf(const char *path, uint64_t line, enum cga_msg id, ...)
{
	va_list	 ap;
	FILE	*m;
	char	*msg, *fmt = msg_text(id);
	size_t	 mlen;

	m = open_memstream(&msg, &mlen);
	if (m == NULL)
		cga_oom();
	va_start(ap, id);
	vfprintf(m, fmt, ap);
	va_end(ap);
	free(fmt);
	if (fclose(m) != 0)
		cga_oom();
	positioned(path, line, msgs[id].warn ? "warning: " : "", msg, NULL,
	    0);
	free(msg);
}

void
cga_diag_msgfq(const char *path, uint64_t line, enum cga_msg id,
    const char *text, size_t len, ...)
{
	va_list	 ap;
	char	*msg, *fmt = msg_text(id);

	va_start(ap, len);
	msg = vformat(fmt, ap);
	va_end(ap);
	free(fmt);
	positioned(path, line, msgs[id].warn ? "warning: " : "", msg, text,
	    len);
	free(msg);
}

/* "cgannotate: reading FILE: 42%", on a terminal, as a big file is read. */
void
cga_diag_progress_show(const char *path, int percent)
{
	if (cga_diag_silent)
		return;
	fputs("\rcgannotate: reading ", stderr);
	cga_out_text(stderr, path);
	fprintf(stderr, ": %d%%", percent);
	fflush(stderr);
	cga_diag_progress = 1;
}

void
cga_diag_progress_end(void)
{
	wipe_progress();
	fflush(stderr);
}

void
cga_diag_usage(const char *lines, const char *fmt, ...)
{
	va_list	 ap;

	va_start(ap, fmt);
	vsay(fmt, ap);
	va_end(ap);
	if (!cga_diag_silent)
		fputs(lines, stderr);
}

void
cga_diag_list(const char *msg, char *const *items, size_t n)
{
	FILE	*m;
	char	*buf;
	size_t	 len, i;

	m = begin(&buf, &len);
	fputs(msg, m);
	for (i = 0; i < n; i++) {
		fputs(i > 0 ? ", " : " ", m);
		cga_out_text(m, items[i]);
	}
	emit(m, &buf, &len);
}
