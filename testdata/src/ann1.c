/* ann1.c: compiled in testdata/src so that its debug info names the source
   "ann1.c" (relative), for tests of -I/--include. */
#include <stdio.h>

static unsigned squares(unsigned n)
{
    unsigned s = 0;
    for (unsigned i = 1; i <= n; i++)
        s += i * i;
    return s;
}

int main(void)
{
    unsigned t = 0;
    for (unsigned k = 0; k < 20; k++)
        t += squares(k);
    printf("%u\n", t);
    return 0;
}
