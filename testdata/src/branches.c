/* branches.c: the source of testdata/hand/branches.callgrind, written by hand. */
int count(const int *v, int n)
{
	int i, odd = 0;

	for (i = 0; i < n; i++)
		if (v[i] & 1)
			odd++;
	return helper(odd);
}
