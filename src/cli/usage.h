/*
 * usage.h: the usage line and --help (usage.c); used by opts.c, args.c
 * and main.c.
 */
#ifndef CGA_USAGE_H
#define CGA_USAGE_H

#include <stdio.h>

/* The SYNOPSIS of man/cgannotate.1, and the hint after a usage error. */
#define CGA_USAGE_LINE \
    "usage: cgannotate [options] [profile [profile ...] [source-file ...]]\n"
#define CGA_USAGE_HINT	"Try 'cgannotate --help' for more.\n"

/* The usage line, what cgannotate does, and every option: --help. */
void	cga_usage(FILE *);
/*
 * Prints "cgannotate: " and the message, the usage line and the hint to
 * --help: a usage error, after which the caller exits with status 2.
 */
void	cga_usage_error(const char *fmt, ...)
	    __attribute__((format(printf, 1, 2)));

#endif
