/*
 * out.c: how profile-supplied strings are written to each kind of output.
 * A profile may come from anywhere: what it names must not drive the
 * user's terminal (escape sequences, a CR hiding text), break a TSV row,
 * make JSON invalid or a DOT label mean something else.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/out.h"

/* Strings here end in NUL, which stops a sequence before its end. */
#define utf8_len(s)	cga_utf8_len((s), 4)

size_t
cga_utf8_len(const unsigned char *s, size_t avail)
{
	unsigned char	 c = s[0];
	size_t		 n, i;
	unsigned long	 cp;

	if (c < 0x80)
		return 1;
	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
		cp = c & 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		cp = c & 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		cp = c & 0x07;
	} else
		return 0;
	if (n > avail)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 ||
	    cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	return n;
}

/*
 * What a terminal shows of the character at s: into buf, with the bytes
 * it takes in *used.  Valid UTF-8 is itself; a C0 control, DEL, a C1
 * control (U+0080 to U+009F, or a byte 0x80 to 0x9F outside UTF-8) is an
 * escape such as \x1b, \r, \t; other bytes outside UTF-8 are themselves.
 */
static size_t
visible_at(const unsigned char *s, size_t avail, char *buf, size_t *used)
{
	static const char hex[] = "0123456789abcdef";
	size_t		 n = cga_utf8_len(s, avail);
	unsigned	 c = s[0];

	if (n == 2 && c == 0xc2 && s[1] <= 0x9f)
		c = s[1];	/* U+0080..U+009F: a C1 control */
	else if (n > 1) {
		memcpy(buf, s, n);
		*used = n;
		return n;
	}
	*used = n == 2 ? 2 : 1;
	if (c >= 0x20 && c != 0x7f && !(c >= 0x80 && c <= 0x9f)) {
		buf[0] = (char)c;
		return 1;
	}
	buf[0] = '\\';
	if (c == '\t' || c == '\n' || c == '\r') {
		buf[1] = c == '\t' ? 't' : c == '\n' ? 'n' : 'r';
		return 2;
	}
	buf[1] = 'x';
	buf[2] = hex[c >> 4];
	buf[3] = hex[c & 15];
	return 4;
}

static size_t
visible(const unsigned char *s, char *buf, size_t *used)
{
	return visible_at(s, 4, buf, used);
}

void
cga_out_source(FILE *out, const char *s, size_t len)
{
	const unsigned char	*p = (const unsigned char *)s;
	const unsigned char	*end = p + len;
	char			 buf[8];
	size_t			 n, used;

	while (p < end) {
		/* Runs of plain text, tabs and line ends go out as they are. */
		for (n = 0; p + n < end && ((p[n] >= 0x20 && p[n] < 0x7f) ||
		    p[n] == '\t' || p[n] == '\n' || (p[n] == '\r' &&
		    p + n + 1 < end && p[n + 1] == '\n')); n++)
			;
		if (n > 0) {
			fwrite(p, 1, n, out);
			p += n;
			continue;
		}
		if (*p == '\0') {
			fputs("\\x00", out);
			p++;
			continue;
		}
		n = visible_at(p, (size_t)(end - p) < 4 ? (size_t)(end - p) : 4,
		    buf, &used);
		fwrite(buf, 1, n, out);
		p += used;
	}
}

/* Writes s as a terminal may show it; returns the bytes written. */
static size_t
text(FILE *out, const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;
	char			 buf[8];
	size_t			 n, used, total = 0;

	while (*p != '\0') {
		/* Runs of plain text go out as they are. */
		for (n = 0; p[n] >= 0x20 && p[n] < 0x7f; n++)
			;
		if (n > 0) {
			if (out != NULL)
				fwrite(p, 1, n, out);
			p += n;
			total += n;
			continue;
		}
		n = visible(p, buf, &used);
		if (out != NULL)
			fwrite(buf, 1, n, out);
		p += used;
		total += n;
	}
	return total;
}

void
cga_out_text(FILE *out, const char *s)
{
	text(out, s);
}

void
cga_w_text(struct cga_w *w, const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;
	char			 buf[8];
	size_t			 n, used;

	while (*p != '\0') {
		for (n = 0; p[n] >= 0x20 && p[n] < 0x7f; n++)
			;
		if (n > 0) {
			cga_w_write(w, (const char *)p, n);
			p += n;
			continue;
		}
		n = visible(p, buf, &used);
		cga_w_write(w, buf, n);
		p += used;
	}
}

size_t
cga_out_text_width(const char *s)
{
	return text(NULL, s);
}

/*
 * s as cga_out_text writes it, but for the bytes of sep: each is written
 * as with, or as a blank when with is NULL.
 */
static void
text_but(FILE *out, const char *s, const char *sep, const char *with)
{
	const unsigned char	*p = (const unsigned char *)s;
	char			 buf[8];
	size_t			 n, used;
	uint64_t		 in_sep[2] = { 0, 0 };	/* ASCII bytes of sep */

	for (n = 0; sep[n] != '\0'; n++)
		if ((unsigned char)sep[n] < 0x80)
			in_sep[(unsigned char)sep[n] >> 6] |=
			    (uint64_t)1 << (sep[n] & 63);
	while (*p != '\0') {
		/*
		 * Runs of plain text go out as they are, in one write: a
		 * byte at a time took half of --format=folded's 17 s on
		 * the 512 MB profile (780 MB of stacks).
		 */
		for (n = 0; p[n] >= 0x20 && p[n] < 0x7f &&
		    !(in_sep[p[n] >> 6] >> (p[n] & 63) & 1); n++)
			;
		if (n > 0) {
			fwrite(p, 1, n, out);
			p += n;
			continue;
		}
		if (strchr(sep, *p) != NULL) {
			if (with != NULL)
				fputs(with, out);
			else
				putc(' ', out);
			p++;
			continue;
		}
		n = visible(p, buf, &used);
		fwrite(buf, 1, n, out);
		p += used;
	}
}

void
cga_out_tsv(FILE *out, const char *s)
{
	text_but(out, s, "\t\n\r", NULL);
}

void
cga_out_folded(FILE *out, const char *s)
{
	text_but(out, s, ";", "\\x3b");
}

void
cga_out_utf8(FILE *out, const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;
	char			 buf[8];
	size_t			 n, used;

	while (*p != '\0') {
		/* visible() keeps a byte from 0xa0 outside UTF-8 as it is. */
		if (*p >= 0xa0 && utf8_len(p) == 0) {
			fprintf(out, "\\x%02x", *p++);
			continue;
		}
		n = visible(p, buf, &used);
		fwrite(buf, 1, n, out);
		p += used;
	}
}

void
cga_w_flush(struct cga_w *w)
{
	if (w->n > 0)
		fwrite(w->b, 1, w->n, w->f);
	w->n = 0;
}

/*
 * c's decimal digits, ending at end: where they start.  Two at a time
 * from a table: the JSON document writes tens of millions of counts.
 */
static char *
u64_digits(char *end, uint64_t c)
{
	static const char two[] =
	    "00010203040506070809101112131415161718192021222324252627282930"
	    "31323334353637383940414243444546474849505152535455565758596061"
	    "62636465666768697071727374757677787980818283848586878889909192"
	    "93949596979899";
	unsigned	 d;

	while (c >= 100) {
		d = (unsigned)(c % 100) * 2;
		c /= 100;
		*--end = two[d + 1];
		*--end = two[d];
	}
	if (c >= 10) {
		d = (unsigned)c * 2;
		*--end = two[d + 1];
		*--end = two[d];
	} else
		*--end = (char)('0' + c);
	return end;
}

void
cga_w_u64(struct cga_w *w, uint64_t c)
{
	char	 buf[24], *p = u64_digits(buf + sizeof(buf), c);

	cga_w_write(w, p, (size_t)(buf + sizeof(buf) - p));
}

void
cga_out_u64(FILE *out, uint64_t c)
{
	char	 buf[24], *p = u64_digits(buf + sizeof(buf), c);

	fwrite(p, 1, (size_t)(buf + sizeof(buf) - p), out);
}

/* The bytes a JSON string holds as they are: printable ASCII but " and \. */
static const unsigned char json_plain[256] = {
	[0x20] = 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0
};

/*
 * Whether none of the 8 bytes of x needs an escape in a JSON string: a
 * control or NUL (below 0x20), '"', '\\', DEL or a byte past ASCII.
 * (v - 0x01..01) & ~v has a byte's high bit set where some byte of v is
 * 0 (and where one below such a byte borrowed), (x - 0x20..20) & ~x
 * where some byte is below 0x20: exact, read as a whole.
 */
static int
json_word_plain(uint64_t x)
{
	const uint64_t	 ones = 0x0101010101010101ULL, high = ones * 0x80;
	uint64_t	 q = x ^ (ones * '"'), b = x ^ (ones * '\\');
	uint64_t	 d = x ^ (ones * 0x7f);

	return ((((x - ones * 0x20) & ~x) | ((q - ones) & ~q) |
	    ((b - ones) & ~b) | ((d - ones) & ~d) | x) & high) == 0;
}

/* The bytes from s on that need no escape, of n: 8 at a time. */
static size_t
json_plain_len(const unsigned char *s, size_t n)
{
	uint64_t	 x;
	size_t		 i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&x, s + i, sizeof(x));
		if (!json_word_plain(x))
			break;
	}
	while (i < n && json_plain[s[i]])
		i++;
	return i;
}

/* The len bytes of s inside a JSON string, escaped where they must be. */
static void
json_body(struct cga_w *w, const char *s, size_t len)
{
	static const char hex[] = "0123456789abcdef";
	const unsigned char	*p = (const unsigned char *)s, *end = p + len;
	char			 esc[6] = { '\\', 'u', '0', '0' };
	size_t			 n;
	unsigned		 c;

	while (p < end) {
		/* Runs of plain ASCII go out as they are. */
		if ((n = json_plain_len(p, (size_t)(end - p))) > 0) {
			cga_w_write(w, (const char *)p, n);
			p += n;
			continue;
		}
		c = *p;
		n = utf8_len(p);
		if (c == '"' || c == '\\') {
			cga_w_putc(w, '\\');
			cga_w_putc(w, (char)c);
		} else if (c < 0x20 || c == 0x7f || n == 0) {
			/* A control, or a byte outside UTF-8 read as Latin-1. */
			esc[4] = hex[c >> 4];
			esc[5] = hex[c & 15];
			cga_w_write(w, esc, sizeof(esc));
		} else {
			cga_w_write(w, (const char *)p, n);
			p += n;
			continue;
		}
		p++;
	}
}

void
cga_w_json(struct cga_w *w, const char *s)
{
	size_t	 len = strlen(s);

	if (json_plain_len((const unsigned char *)s, len) == len &&
	    len + 2 <= sizeof(w->b) - w->n) {
		/* Most strings need no escape and fit: one copy. */
		w->b[w->n] = '"';
		memcpy(w->b + w->n + 1, s, len);
		w->b[w->n + len + 1] = '"';
		w->n += len + 2;
		return;
	}
	cga_w_putc(w, '"');
	json_body(w, s, len);
	cga_w_putc(w, '"');
}

void
cga_w_json_parts(struct cga_w *w, const char *a, char sep, const char *b)
{
	size_t	 la = strlen(a), lb = strlen(b);

	if (json_plain_len((const unsigned char *)a, la) == la &&
	    json_plain_len((const unsigned char *)b, lb) == lb &&
	    la + lb + 3 <= sizeof(w->b) - w->n) {
		w->b[w->n] = '"';
		memcpy(w->b + w->n + 1, a, la);
		w->b[w->n + 1 + la] = sep;
		memcpy(w->b + w->n + 2 + la, b, lb);
		w->b[w->n + la + lb + 2] = '"';
		w->n += la + lb + 3;
		return;
	}
	cga_w_putc(w, '"');
	json_body(w, a, la);
	cga_w_putc(w, sep);
	json_body(w, b, lb);
	cga_w_putc(w, '"');
}

void
cga_w_json_or_null(struct cga_w *w, const char *s)
{
	if (s == NULL)
		cga_w_puts(w, "null");
	else
		cga_w_json(w, s);
}

void
cga_out_json(FILE *out, const char *s)
{
	struct cga_w	 w;

	cga_w_init(&w, out);
	cga_w_json(&w, s);
	cga_w_flush(&w);
}

void
cga_out_json_or_null(FILE *out, const char *s)
{
	struct cga_w	 w;

	cga_w_init(&w, out);
	cga_w_json_or_null(&w, s);
	cga_w_flush(&w);
}

void
cga_out_script(FILE *out, const char *buf, size_t n)
{
	const unsigned char	*p = (const unsigned char *)buf, *end = p + n;
	const unsigned char	*lt, *e2;

	/* memchr finds the rare bytes at speed; most pieces have none. */
	lt = memchr(p, '<', n);
	e2 = memchr(p, 0xe2, n);
	while (lt != NULL || e2 != NULL) {
		if (lt != NULL && (e2 == NULL || lt < e2)) {
			fwrite(p, 1, (size_t)(lt - p), out);
			fputs("\\u003c", out);
			p = lt + 1;
			lt = memchr(p, '<', (size_t)(end - p));
			continue;
		}
		if (e2 + 2 < end && e2[1] == 0x80 &&
		    (e2[2] == 0xa8 || e2[2] == 0xa9)) {
			fwrite(p, 1, (size_t)(e2 - p), out);
			fputs(e2[2] == 0xa8 ? "\\u2028" : "\\u2029", out);
			p = e2 + 3;
		}
		e2 = memchr(e2 + 1, 0xe2, (size_t)(end - e2 - 1));
	}
	fwrite(p, 1, (size_t)(end - p), out);
}

void
cga_out_dot(FILE *out, const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;
	char			 buf[8];
	size_t			 n, used;

	while (*p != '\0') {
		if (*p == '"' || *p == '\\') {
			putc('\\', out);
			putc(*p++, out);
			continue;
		}
		if (*p == '\n' || *p == '\r') {
			p++;
			continue;
		}
		if (*p >= 0xa0 && utf8_len(p) == 0) {
			/* Graphviz wants UTF-8: the byte as Latin-1. */
			putc(0xc0 | *p >> 6, out);
			putc(0x80 | (*p & 0x3f), out);
			p++;
			continue;
		}
		n = visible(p, buf, &used);
		/* An escape's backslash stays a backslash in the label. */
		if (buf[0] == '\\')
			putc('\\', out);
		fwrite(buf, 1, n, out);
		p += used;
	}
}

/* Characters that reorder text or break lines where they stand. */
static int
reorders(const unsigned char *p, size_t n)
{
	if (n != 3 || p[0] != 0xe2)
		return 0;
	if (p[1] == 0x80)
		return p[2] == 0x8e || p[2] == 0x8f ||
		    (p[2] >= 0xa8 && p[2] <= 0xae);
	return p[1] == 0x81 && p[2] >= 0xa6 && p[2] <= 0xa9;
}

/* The code span's text: s, its pipes and what a reader cannot see escaped. */
static void
md_text(FILE *out, const unsigned char *p)
{
	char	 buf[8];
	size_t	 n, used;

	while (*p != '\0') {
		n = utf8_len(p);
		if (*p == '|') {
			fputs("\\|", out);
			p++;
		} else if (reorders(p, n)) {
			fprintf(out, "\\u%04x", (unsigned)((p[0] & 0x0f) << 12 |
			    (p[1] & 0x3f) << 6 | (p[2] & 0x3f)));
			p += n;
		} else if (n == 0) {
			fprintf(out, "\\x%02x", *p++);
		} else {
			n = visible(p, buf, &used);
			fwrite(buf, 1, n, out);
			p += used;
		}
	}
}

void
cga_out_md(FILE *out, const char *s)
{
	const unsigned char	*p = (const unsigned char *)s;
	size_t			 run = 0, longest = 0, i, len = strlen(s);
	int			 pad;

	if (len == 0)
		return;
	for (i = 0; i < len; i++) {
		run = p[i] == '`' ? run + 1 : 0;
		if (run > longest)
			longest = run;
	}
	pad = p[0] == '`' || p[0] == ' ' || p[len - 1] == '`' ||
	    p[len - 1] == ' ';
	for (i = 0; i <= longest; i++)
		putc('`', out);
	if (pad)
		putc(' ', out);
	md_text(out, p);
	if (pad)
		putc(' ', out);
	for (i = 0; i <= longest; i++)
		putc('`', out);
}
