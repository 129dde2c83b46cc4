/*
 * fmtloop.c: a loop printing formatted numbers, for tests/browser/html.sh, which
 * builds it with -O2, runs it under callgrind and compares the page's
 * flame graph with --format=folded: libc's printf is one function whose
 * code inlining spread over several files (fi=, fe=).
 */
#include <stdio.h>

int
main(void)
{
	double	 sum = 0;
	int	 i;

	for (i = 0; i < 2000; i++) {
		sum += i * 0.5;
		printf("%d %.3f %x\n", i, sum, i * 7);
	}
	return 0;
}
