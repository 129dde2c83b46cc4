/* bogus.c: 9 lines; testdata/ann/bogus.callgrind puts costs on lines 40 and 41. */
#include "bogus.h"

int main(void)
{
    int n = twice(3);
    return n - 6;
}
/* end */
