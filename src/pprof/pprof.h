/*
 * pprof.h: --format=pprof, the stacks as a gzip-compressed profile.proto
 * (pprof/): its format, and the check made before a profile is loaded;
 * used by cli/.
 */
#ifndef CGA_PPROF_H
#define CGA_PPROF_H

#include "print/format.h"

extern const struct cga_format cga_format_pprof;

/* 0, or -1 after saying that standard output is a terminal. */
int	cga_pprof_usable(void);

#endif
