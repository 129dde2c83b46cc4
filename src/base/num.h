/*
 * num.h: the one number parser of cgannotate, for the numbers of a
 * profile (decimal or 0x hexadecimal, up to 2^64-1) and of the command
 * line; used by the loader (loader.h), opts.c and input.c.
 */
#ifndef CGA_NUM_H
#define CGA_NUM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* 1 + the value of a hex digit (the C locale's), 0 for any other byte. */
extern const unsigned char cga_hexdigit[256];
/* 10 to the power of 0 to 8. */
extern const uint64_t cga_pow10[9];

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

/*
 * The same numbers, with decimal digits taken eight at a time in a 64-bit
 * word (SWAR): no branch per digit, and none mispredicted on a number's
 * length.  It reads up to 8 bytes past the number: the caller's buffer
 * has them (input.h, CGA_INPUT_PAD).  Hexadecimal numbers, rare in a
 * profile, go to cga_number.  The same results as cga_number for every
 * input (the fuzzer over the reader compares the two).
 */

/* The 8 bytes at s, the first in the low byte whatever the machine. */
static inline __attribute__((always_inline)) uint64_t
cga_load8(const char *s)
{
	uint64_t	 w;

	memcpy(&w, s, sizeof(w));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
	w = __builtin_bswap64(w);
#endif
	return w;
}

/* The value of the 8 digits of w (0 to 9 each, the first low). */
static inline __attribute__((always_inline)) uint64_t
cga_digits8(uint64_t w)
{
	w = (w * 10) + (w >> 8);
	w = (w & 0x000000ff000000ffULL) * (100 + (1000000ULL << 32)) +
	    ((w >> 16) & 0x000000ff000000ffULL) * (1 + (10000ULL << 32));
	return w >> 32;
}

static inline __attribute__((always_inline)) int
cga_number_swar(const char **sp, uint64_t *v)
{
	const char	*s = *sp;
	uint64_t	 w, t, mask, n = 0;
	size_t		 len = 0, d;

	if (s[0] == '0' && (s[1] | 0x20) == 'x')
		return cga_number(sp, v);
	for (;;) {
		w = cga_load8(s + len);
		t = w ^ 0x3030303030303030ULL;	/* digits: 0 to 9 */
		/* The high bit of each byte that is no digit (a carry out
		 * of one only marks bytes after it). */
		mask = ((t + 0x7676767676767676ULL) | t) &
		    0x8080808080808080ULL;
		if (mask != 0)
			break;
		n = n * 100000000 + cga_digits8(t);
		len += 8;
	}
	d = (size_t)__builtin_ctzll(mask) >> 3;	/* 0 to 7 */
	if (d > 0) {
		t <<= 8 * (8 - d);	/* the d digits, leading zeros before */
		n = n * cga_pow10[d] + cga_digits8(t);
	}
	len += d;
	if (len - 1 >= 19) {
		if (len == 0)
			return NUM_NONE;
		if (!cga_number_fits(s, len, 0))
			return NUM_BIG;
	}
	*sp = s + len;
	*v = n;
	return NUM_OK;
}

#endif
