/* bogus.h: 5 lines; testdata/ann/bogus.callgrind puts a cost on line 30. */
static inline int twice(int x)
{
    return 2 * x;
}
