/*
 * out.h: every string a profile controls (names, header values) leaves
 * through one of these, one per destination, so that what it may hold is
 * dealt with in one place; used by every printer and diag.c.
 */
#ifndef CGA_OUT_H
#define CGA_OUT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/*
 * Text for a terminal: the report, the annotation, diagnostics.  Valid
 * UTF-8 passes; every C0 and C1 control and DEL is a visible escape
 * (\x1b, \r).
 */
void	cga_out_text(FILE *, const char *);
/*
 * A line of a source file (len bytes, a NUL among them maybe) for a
 * terminal: as cga_out_text writes text, but tabs and line ends (a CR
 * before a LF too), which lay the source out, stay; a NUL is \x00.
 */
void	cga_out_source(FILE *, const char *s, size_t len);
/* The bytes cga_out_text writes of s. */
size_t	cga_out_text_width(const char *);
/* A TSV field: tabs and line ends become blanks, other controls escapes. */
void	cga_out_tsv(FILE *, const char *);
/*
 * A frame of a folded stack: as cga_out_text, and ';', which separates
 * frames, as \x3b.
 */
void	cga_out_folded(FILE *, const char *);
/*
 * A string of a binary format whose strings are UTF-8 (pprof's): as
 * cga_out_text, and a byte outside UTF-8 as an escape (\xff) too.
 */
void	cga_out_utf8(FILE *, const char *);
/*
 * A buffer in front of a stream, for the formats that write the most
 * (JSON writes more bytes than the profile has): each piece is a copy
 * into the buffer, where each stdio call would take the stream's lock
 * and its bookkeeping.  What it holds reaches the stream when it fills
 * and at cga_w_flush, which must come before the stream is used again.
 */
struct cga_w {
	FILE	*f;
	size_t	 n;
	char	 b[8192];
};

void	cga_w_flush(struct cga_w *);
void	cga_w_u64(struct cga_w *, uint64_t);
/* Text for a terminal, as cga_out_text writes it. */
void	cga_w_text(struct cga_w *, const char *);
/* A JSON string, quotes included; a byte outside UTF-8 is \u00XX. */
void	cga_w_json(struct cga_w *, const char *);
/*
 * The JSON string of a, sep and b joined, as cga_w_json writes it (a
 * function's display name unmade: file, ':', name); sep plain ASCII.
 */
void	cga_w_json_parts(struct cga_w *, const char *a, char sep,
	    const char *b);
/* A JSON string, or null for NULL. */
void	cga_w_json_or_null(struct cga_w *, const char *);

static inline void
cga_w_init(struct cga_w *w, FILE *f)
{
	w->f = f;
	w->n = 0;
}

static inline void
cga_w_write(struct cga_w *w, const char *s, size_t n)
{
	if (n > sizeof(w->b) - w->n) {
		cga_w_flush(w);
		if (n > sizeof(w->b)) {
			fwrite(s, 1, n, w->f);
			return;
		}
	}
	memcpy(w->b + w->n, s, n);
	w->n += n;
}

/* A string, its length known at compile time where it is a literal. */
static inline void
cga_w_puts(struct cga_w *w, const char *s)
{
	cga_w_write(w, s, strlen(s));
}

static inline void
cga_w_putc(struct cga_w *w, char c)
{
	if (w->n == sizeof(w->b))
		cga_w_flush(w);
	w->b[w->n++] = c;
}

/* A number in decimal, made by hand: formats print millions of them. */
void	cga_out_u64(FILE *, uint64_t);
/* cga_w_json and cga_w_json_or_null straight to a stream. */
void	cga_out_json(FILE *, const char *);
void	cga_out_json_or_null(FILE *, const char *);
/*
 * JSON text (n bytes, as the JSON functions above write it) inside an HTML
 * <script> element: '<' is \u003c, so that neither "</script" nor "<!--"
 * can appear, and U+2028 and U+2029 are escapes.  Each of these can stand
 * only inside the JSON's strings, where the escapes mean the same.
 */
void	cga_out_script(FILE *, const char *buf, size_t n);

/*
 * Text inside a Graphviz quoted string (no quotes written): UTF-8, a byte
 * outside it read as Latin-1; controls as visible escapes.
 */
void	cga_out_dot(FILE *, const char *);

/*
 * A code span of GitHub-flavoured Markdown, backticks included, fit for a
 * table cell: in a code span no Markdown, HTML, entity or autolink means
 * anything.  Its fence is one backtick longer than the longest run of
 * them in s (padded with a blank where s starts or ends with a backtick
 * or a blank); '|' is "\|", which a table cell needs even there; C0 and
 * C1 controls, DEL, bytes outside UTF-8 and the characters that reorder
 * or break text (U+200E, U+200F, U+2028 to U+202E, U+2066 to U+2069) are
 * visible escapes (\x1b, \n, \u202e).  Nothing for an empty s.
 */
void	cga_out_md(FILE *, const char *);

/*
 * The length of the valid UTF-8 sequence at s (1 to 4 bytes, at most
 * avail), or 0 when the byte at s does not start one: no overlong forms,
 * no surrogates, nothing past U+10FFFF.
 */
size_t	cga_utf8_len(const unsigned char *s, size_t avail);

#endif
