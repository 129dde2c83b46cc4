/* fmt.c: commas, column widths and percentages, exactly as callgrind_annotate. */
#include <float.h>
#include <stdio.h>
#include <string.h>

#include "base/fmt.h"

size_t
cga_fmt_count(char *buf, uint64_t v)
{
	char	 digits[21];
	size_t	 n = 0, i, out = 0;

	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0);
	for (i = n; i > 0; i--) {
		buf[out++] = digits[i - 1];
		if (i > 1 && (i - 1) % 3 == 0)
			buf[out++] = ',';
	}
	buf[out] = '\0';
	return out;
}

size_t
cga_fmt_count_width(uint64_t v)
{
	size_t	 n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n + (n - 1) / 3;
}

static uint64_t
magnitude(int64_t v)
{
	return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
}

size_t
cga_fmt_scount(char *buf, int64_t v)
{
	if (v >= 0)
		return cga_fmt_count(buf, (uint64_t)v);
	buf[0] = '-';
	return 1 + cga_fmt_count(buf + 1, magnitude(v));
}

size_t
cga_fmt_scount_width(int64_t v)
{
	return (v < 0) + cga_fmt_count_width(magnitude(v));
}

double
cga_fmt_spercent(int64_t v, uint64_t total)
{
	double	 perc = cga_fmt_percent(magnitude(v), total);

	return v < 0 ? -perc : perc;
}

/*
 * callgrind_annotate multiplies by 100 in integers while the product fits
 * and in doubles after; doing the same keeps the last digit equal.
 */
double
cga_fmt_percent(uint64_t v, uint64_t total)
{
	uint64_t	 prod;
	double		 num;

	if (total == 0)
		return 0.0;
	if (__builtin_mul_overflow(v, (uint64_t)100, &prod))
		num = (double)v * 100.0;
	else
		num = (double)prod;
	return num / (double)total;
}

/*
 * " (%5.2f%%)" of perc, from -9.995 to 99.995, made by hand: a report
 * prints it on each of its rows, and snprintf's conversion of a double
 * took a third of writing them.  perc is m * 2^e (IEEE 754's binary64);
 * m * 100 fits in 64 bits, so perc * 100 is split exactly into hundredths
 * and the rest, and rounded as printf rounds in the default mode, half
 * to even.  Elsewhere, -1: snprintf does it.
 */
static int
perc_hundredths(char *buf, double perc)
{
#if FLT_RADIX == 2 && DBL_MANT_DIG == 53 && DBL_MAX_EXP == 1024
	uint64_t	 bits, m, k, rest, half;
	int		 e;
	char		*p = buf;

	memcpy(&bits, &perc, sizeof(bits));
	m = bits & (((uint64_t)1 << 52) - 1);
	e = (int)(bits >> 52 & 0x7ff);
	if (e == 0x7ff || e > 1023 + 6)		/* not finite, or 128 up */
		return -1;
	if (e != 0)
		m |= (uint64_t)1 << 52;
	e = (e != 0 ? e : 1) - 1075;		/* perc is m * 2^e */
	m *= 100;
	if (e >= 0)
		k = m << e;
	else if (e <= -64)
		k = 0;				/* below half a hundredth */
	else {
		k = m >> -e;
		rest = m & (((uint64_t)1 << -e) - 1);
		half = (uint64_t)1 << (-e - 1);
		if (rest > half || (rest == half && (k & 1)))
			k++;
	}
	*p++ = ' ';
	*p++ = '(';
	if (bits >> 63)
		*p++ = '-';
	else if (k < 1000)
		*p++ = ' ';
	if (k >= 1000)
		*p++ = (char)('0' + k / 1000);
	*p++ = (char)('0' + k / 100 % 10);
	*p++ = '.';
	*p++ = (char)('0' + k / 10 % 10);
	*p++ = (char)('0' + k % 10);
	*p++ = '%';
	*p++ = ')';
	*p = '\0';
	return (int)(p - buf);
#else
	(void)buf;
	(void)perc;
	return -1;
#endif
}

size_t
cga_fmt_perc(char *buf, double perc)
{
	int	 n;

	if (-9.995 < perc && perc < 99.995 &&
	    (n = perc_hundredths(buf, perc)) > 0)
		return (size_t)n;
	if (-9.995 < perc && perc < 99.995)
		n = snprintf(buf, CGA_FMT_PERC, " (%5.2f%%)", perc);
	else
		n = snprintf(buf, CGA_FMT_PERC, " (%5.1f%%)", perc);
	return n < 0 ? 0 : (size_t)n >= CGA_FMT_PERC ? CGA_FMT_PERC - 1 :
	    (size_t)n;
}

void
cga_fmt_print_raw(FILE *out, uint64_t v, int sgn)
{
	if (sgn)
		fprintf(out, "%lld", (long long)(int64_t)v);
	else
		fprintf(out, "%llu", (unsigned long long)v);
}
