/* out.c: how profile-supplied strings are written to each kind of output. */
#include <string.h>

#include "out.h"

void
cga_out_text(FILE *out, const char *s)
{
	fputs(s, out);
}

void
cga_out_tsv(FILE *out, const char *s)
{
	size_t	 n;

	for (;;) {
		n = strcspn(s, "\t\n\r");
		fwrite(s, 1, n, out);
		if (s[n] == '\0')
			return;
		putc(' ', out);
		s += n + 1;
	}
}

void
cga_out_json(FILE *out, const char *s)
{
	unsigned char	 c;

	putc('"', out);
	for (; *s != '\0'; s++) {
		c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			fprintf(out, "\\u%04x", c);
		else
			putc(c, out);
	}
	putc('"', out);
}

void
cga_out_json_or_null(FILE *out, const char *s)
{
	if (s == NULL)
		fputs("null", out);
	else
		cga_out_json(out, s);
}

void
cga_out_dot(FILE *out, const char *s)
{
	for (; *s != '\0'; s++) {
		if (*s == '"' || *s == '\\')
			putc('\\', out);
		if (*s == '\n' || *s == '\r')
			continue;
		putc(*s, out);
	}
}
