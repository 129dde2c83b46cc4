/* formats.h: the report for scripts, --format=tsv and json; main.c. */
#ifndef CGA_FORMATS_H
#define CGA_FORMATS_H

#include <stdio.h>

#include "report.h"

void	cga_tsv(FILE *, const struct cga_view *);
void	cga_json(FILE *, const struct cga_view *);
void	cga_dot(FILE *, const struct cga_view *);

#endif
