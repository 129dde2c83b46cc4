/* diag.c: formats every diagnostic cgannotate prints. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "diag.h"
#include "out.h"
#include "xalloc.h"

int	cga_diag_silent;
/* Set while a progress line is on standard error: wiped before a message. */
static int	cga_diag_progress;

static void
wipe_progress(void)
{
	if (cga_diag_progress) {
		fputs("\r\033[K", stderr);
		cga_diag_progress = 0;
	}
}

/*
 * The offending text, cut short: valid UTF-8 as it is, and every other
 * byte that is a control (C0, DEL, C1, as a byte or as U+0080..U+009F),
 * or a backslash, as \xNN, so that the quote shows exactly what is there.
 */
static void
quote(const char *text, size_t len)
{
	const unsigned char	*t = (const unsigned char *)text;
	size_t			 i, k, n;
	unsigned char		 c;

	n = len > CGA_DIAG_QUOTE ? CGA_DIAG_QUOTE : len;
	fputs(" '", stderr);
	for (i = 0; i < n; i += k) {
		c = t[i];
		k = c >= 0x80 ? cga_utf8_len(t + i, n - i) : 1;
		if (k > 1 && !(c == 0xc2 && t[i + 1] <= 0x9f)) {
			fwrite(t + i, 1, k, stderr);
			continue;
		}
		if (k == 0)
			k = 1;
		for (size_t j = 0; j < k; j++) {
			c = t[i + j];
			if (c < 0x20 || c == 0x7f || c == '\\' || c >= 0x80)
				fprintf(stderr, "\\x%02x", c);
			else
				putc(c, stderr);
		}
	}
	fputs(n < len ? "'..." : "'", stderr);
}

static void
positioned(const char *path, uint64_t line, const char *kind, const char *msg,
    const char *text, size_t len)
{
	if (cga_diag_silent)
		return;
	fflush(stdout);
	wipe_progress();
	fputs("cgannotate: ", stderr);
	cga_out_text(stderr, path);
	if (line > 0)
		fprintf(stderr, ":%llu", (unsigned long long)line);
	fprintf(stderr, ": %s", kind);
	cga_out_text(stderr, msg);
	if (text != NULL) {
		putc(':', stderr);
		quote(text, len);
	}
	putc('\n', stderr);
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

void
cga_diag(const char *fmt, ...)
{
	va_list	 ap;
	char	*msg;
	int	 n;

	if (cga_diag_silent)
		return;
	fflush(stdout);
	wipe_progress();
	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	msg = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(msg, (size_t)n + 1, fmt, ap);
	va_end(ap);
	/* Names from a profile may be in it: no control reaches stderr. */
	fputs("cgannotate: ", stderr);
	cga_out_text(stderr, msg);
	putc('\n', stderr);
	free(msg);
}

void
cga_diag_progress_show(const char *path, int percent)
{
	if (cga_diag_silent)
		return;
	fprintf(stderr, "\rcgannotate: reading %s: %d%%", path, percent);
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
cga_diag_list(const char *msg, char *const *items, size_t n)
{
	size_t	 i;

	if (cga_diag_silent)
		return;
	fflush(stdout);
	wipe_progress();
	fprintf(stderr, "cgannotate: %s", msg);
	for (i = 0; i < n; i++) {
		fputs(i > 0 ? ", " : " ", stderr);
		cga_out_text(stderr, items[i]);
	}
	putc('\n', stderr);
}

void
cga_diag_usage(const char *lines, const char *fmt, ...)
{
	va_list	 ap;

	if (cga_diag_silent)
		return;
	fflush(stdout);
	wipe_progress();
	fputs("cgannotate: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	putc('\n', stderr);
	fputs(lines, stderr);
}
