/* b.c: a static helper named as a.c's, which main calls through a pointer. */
__attribute__((noinline)) static int
helper(int x)
{
	int	 i, s = 0;

	for (i = 0; i < x % 7; i++)
		s += i ^ x;
	return s;
}

int (*b_helper)(int) = helper;
