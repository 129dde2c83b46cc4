/*
 * cold.c: a program for tests/oracles/reconcile.sh, built with gcc -O2
 * -freorder-blocks-and-partition: the branch that calls a cold function
 * goes to a part of its own, scale.cold, which runs now and then.
 */
#include <stdio.h>

__attribute__((cold, noinline)) static void
report(int x)
{
	printf("odd value %d\n", x);
}

__attribute__((noinline)) static int
scale(int x)
{
	if (x < 0) {
		report(x);
		x = -x;
	}
	return x * 3;
}

int
main(int argc, char **argv)
{
	int	 i, s = 0;

	(void)argv;
	for (i = 0; i < 1000; i++)
		s += scale(i % 97 == 0 ? -i - argc : i);
	printf("%d\n", s);
	return 0;
}
