/* fmt.h: how counts and percentages are written; used by every printer. */
#ifndef CGA_FMT_H
#define CGA_FMT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* Longest text cga_fmt_count writes, with its NUL: 20 digits, 6 commas. */
#define CGA_FMT_COUNT	27
/* Longest text cga_fmt_perc writes: " (-1.8e+19%)" would be long; cap it. */
#define CGA_FMT_PERC	64
/* Longest text of a span, "lo..hi (p..q)". */
#define CGA_FMT_SPAN	(2 * CGA_FMT_COUNT + 2 * CGA_FMT_PERC + 8)

/* Writes v with commas between groups of three digits; returns the length. */
size_t	cga_fmt_count(char *buf, uint64_t v);
/* The width cga_fmt_count gives v. */
size_t	cga_fmt_count_width(uint64_t v);
/* The same for a signed count (a difference), with '-' when below 0. */
size_t	cga_fmt_scount(char *buf, int64_t v);
size_t	cga_fmt_scount_width(int64_t v);
/* v in plain digits, as a profile gives it: signed (sgn) or not. */
void	cga_fmt_print_raw(FILE *, uint64_t v, int sgn);
/* The percentage a signed v is of total. */
double	cga_fmt_spercent(int64_t v, uint64_t total);
/* The percentage v is of total, as callgrind_annotate computes it. */
double	cga_fmt_percent(uint64_t v, uint64_t total);
/* " (12.34%)": two decimals, one from 99.995 % or at/below -9.995 %. */
size_t	cga_fmt_perc(char *buf, double perc);

#endif
