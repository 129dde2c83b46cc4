/*
 * a.c, with b.c: a program for tests/oracles/reconcile.sh: recursion (direct and
 * mutual), qsort calling back into the program, printf, and a static
 * helper of the same name as b.c's, both called from main.
 */
#include <stdio.h>
#include <stdlib.h>

extern int (*b_helper)(int);

static int is_odd(unsigned);

static int
fib(int n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static int
is_even(unsigned n)
{
	return n == 0 ? 1 : is_odd(n - 1);
}

static int
is_odd(unsigned n)
{
	return n == 0 ? 0 : is_even(n - 1);
}

static int
by_value(const void *a, const void *b)
{
	int	 x = *(const int *)a, y = *(const int *)b;

	return (x > y) - (x < y);
}

__attribute__((noinline)) static int
helper(int x)
{
	return x * 3 + 1;
}

int
main(void)
{
	int	 v[400], i, s = 0;

	for (i = 0; i < 400; i++)
		v[i] = (i * 7919) % 1000;
	qsort(v, 400, sizeof(v[0]), by_value);
	for (i = 0; i < 50; i++)
		s += helper(v[i]) + b_helper(v[i]);
	printf("%d %d %d %d\n", fib(14), is_even(61), v[0] + v[399], s);
	return 0;
}
