/* formats.c: the table of the formats --format names. */
#include <string.h>

#include "cli/formats.h"

const struct cga_format *const cga_formats[] = {
	&cga_format_text,
	&cga_format_tsv,
	&cga_format_json,
	&cga_format_dot,
	&cga_format_markdown,
	&cga_format_callgrind,
	&cga_format_folded,
	&cga_format_speedscope,
	&cga_format_html,
	NULL
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
