/* formats.c: the table of the formats --format names. */
#include <string.h>

#include "cli/formats.h"

const struct cga_format *const cga_formats[] = {
	[CGA_FORMAT_TEXT] =		&cga_format_text,
	[CGA_FORMAT_TSV] =		&cga_format_tsv,
	[CGA_FORMAT_JSON] =		&cga_format_json,
	[CGA_FORMAT_DOT] =		&cga_format_dot,
	[CGA_FORMAT_MARKDOWN] =		&cga_format_markdown,
	[CGA_FORMAT_CALLGRIND] =	&cga_format_callgrind,
	[CGA_FORMAT_FOLDED] =		&cga_format_folded,
	[CGA_FORMAT_SPEEDSCOPE] =	&cga_format_speedscope,
	[CGA_FORMAT_HTML] =		&cga_format_html,
	[CGA_FORMAT_PPROF] =		&cga_format_pprof,
	[CGA_FORMAT_TUI] =		&cga_format_tui,
	[CGA_FORMAT_PARTS] =		NULL	/* the end: --list-parts's */
};

const struct cga_format *
cga_format_find(const char *name)
{
	size_t	 i;

	for (i = 0; cga_formats[i] != NULL; i++)
		if (strcmp(cga_formats[i]->name, name) == 0)
			return cga_formats[i];
	return NULL;
}

unsigned
cga_format_bit(const struct cga_format *f)
{
	size_t	 i;

	for (i = 0; cga_formats[i] != NULL; i++)
		if (cga_formats[i] == f)
			return 1u << i;
	return f == &cga_format_parts ? 1u << CGA_FORMAT_PARTS : 0;
}
