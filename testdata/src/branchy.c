/*
 * branchy.c: a loop of 1,000 trips holding a branch taken one time in
 * four, for tests/scripts/asm.sh, which builds it, runs it under callgrind with
 * --dump-instr=yes --collect-jumps=yes and checks what --asm shows.
 */
#include <stdio.h>

static volatile int sink;	/* a store the compiler cannot leave out */

__attribute__((noinline)) int
loop(int n)
{
	int	 i, hits = 0;

	for (i = 0; i < n; i++) {
		if ((i & 3) == 0) {
			sink += i;
			hits++;
		}
	}
	return hits;
}

int
main(void)
{
	printf("%d\n", loop(1000));
	return 0;
}
