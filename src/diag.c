/* diag.c: formats every diagnostic cgannotate prints. */
#include <stdarg.h>
#include <stdio.h>

#include "diag.h"

int	cga_diag_silent;
int	cga_diag_progress;

static void
wipe_progress(void)
{
	if (cga_diag_progress) {
		fputs("\r\033[K", stderr);
		cga_diag_progress = 0;
	}
}

static void
quote(const char *text, size_t len)
{
	size_t		 i, n;
	unsigned char	 c;

	n = len > CGA_DIAG_QUOTE ? CGA_DIAG_QUOTE : len;
	fputs(" '", stderr);
	for (i = 0; i < n; i++) {
		c = (unsigned char)text[i];
		if (c < 0x20 || c == 0x7f || c == '\\')
			fprintf(stderr, "\\x%02x", c);
		else
			putc(c, stderr);
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
	if (line > 0)
		fprintf(stderr, "cgannotate: %s:%llu: %s%s", path,
		    (unsigned long long)line, kind, msg);
	else
		fprintf(stderr, "cgannotate: %s: %s%s", path, kind, msg);
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

	if (cga_diag_silent)
		return;
	fflush(stdout);
	wipe_progress();
	fputs("cgannotate: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
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
