/*
 * cold.c: a function split hot and cold, for tests/scripts/asm.sh.  Built with
 * gcc -O2 -freorder-blocks-and-partition, hot's branch that calls the
 * cold function fail goes apart from hot, as hot.cold in .text.unlikely:
 * testdata/asm/cold.s is that output.  No C library: _start calls hot
 * and exits, so that callgrind sees only this code.
 */
static volatile int sink;	/* a store the compiler cannot leave out */

__attribute__((cold, noinline)) static void
fail(int i)
{
	sink = -i;
}

__attribute__((noinline)) int
hot(int n)
{
	int	 i, s = 0;

	for (i = 0; i < n; i++) {
		if (i % 100 == 99) {
			fail(i);
			s -= sink;
		}
		s += i;
	}
	return s;
}

void
_start(void)
{
	sink = hot(1000);
	__asm__ volatile("mov $60, %eax\n\txor %edi, %edi\n\tsyscall");
}
