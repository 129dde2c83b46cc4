/*
 * num.h: the one number parser of cgannotate, for the numbers of a
 * profile (decimal or 0x hexadecimal, up to 2^64-1) and of the command
 * line; used by the loader (loader.h), opts.c and input.c.
 */
#ifndef CGA_NUM_H
#define CGA_NUM_H

#include <stddef.h>
#include <stdint.h>

/* 1 + the value of a hex digit (the C locale's), 0 for any other byte. */
extern const unsigned char cga_hexdigit[256];

enum { NUM_OK, NUM_NONE, NUM_BIG };

int	cga_number_fits(const char *, size_t, int hex);

/*
 * The one number parser: a decimal or 0x hexadecimal number at *sp, its
 * end then in *sp.  NUM_OK, NUM_NONE when there is none, or NUM_BIG when
 * it does not fit in 64 bits.  Numbers of up to 19 digits (16 hex ones)
 * always fit: only longer ones are looked at again.
 */
static inline __attribute__((always_inline)) int
cga_number(const char **sp, uint64_t *v)
{
	const char	*s = *sp, *start;
	uint64_t	 n = 0;
	unsigned	 d;

	if (s[0] == '0' && (s[1] | 0x20) == 'x' &&
	    cga_hexdigit[(unsigned char)s[2]] != 0) {
		for (s += 2, start = s;
		    (d = cga_hexdigit[(unsigned char)*s]) != 0; s++)
			n = n << 4 | (d - 1);
		if (s - start > 16 &&
		    !cga_number_fits(start, (size_t)(s - start), 1))
			return NUM_BIG;
	} else {
		for (start = s; (d = (unsigned)(*s - '0')) <= 9; s++)
			n = n * 10 + d;
		/* One test for both: no digit, or more than always fit. */
		if ((size_t)(s - start) - 1 >= 19) {
			if (s == start)
				return NUM_NONE;
			if (!cga_number_fits(start, (size_t)(s - start), 0))
				return NUM_BIG;
		}
	}
	*sp = s;
	*v = n;
	return NUM_OK;
}

#endif
