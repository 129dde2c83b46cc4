/* num.c: the slow end of the one number parser (num.h). */
#include <string.h>

#include "base/num.h"

const unsigned char cga_hexdigit[256] = {
	['0'] = 1, ['1'] = 2, ['2'] = 3, ['3'] = 4, ['4'] = 5, ['5'] = 6,
	['6'] = 7, ['7'] = 8, ['8'] = 9, ['9'] = 10, ['a'] = 11, ['b'] = 12,
	['c'] = 13, ['d'] = 14, ['e'] = 15, ['f'] = 16, ['A'] = 11,
	['B'] = 12, ['C'] = 13, ['D'] = 14, ['E'] = 15, ['F'] = 16,
};

/*
 * Whether the n digits at s, more than always fit, fit in 64 bits: the
 * slow end of number(), for leading zeros and for overflow.
 */
int
cga_number_fits(const char *s, size_t n, int hex)
{
	static const char max[] = "18446744073709551615";

	for (; n > 0 && *s == '0'; s++, n--)
		;
	if (hex)
		return n <= 16;
	return n < sizeof(max) - 1 || (n == sizeof(max) - 1 &&
	    memcmp(s, max, n) <= 0);
}
