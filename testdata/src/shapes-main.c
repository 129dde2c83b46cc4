/* shapes-main.c: the program linked against libshapes.so (shapes-lib.c).
 * Its callback, scale_one, is called from the library's shapes_each and
 * calls the library's shape_area back. */
#include <stdio.h>
#include <stdlib.h>
#include "shapes.h"

static long scale_one(struct shape *s, void *arg)
{
    int f = *(int *)arg;
    s->a = s->a * f / 4 + 1;
    s->b = s->b * f / 4 + 1;
    return shape_area(s);
}

static long perimeter_sum(const struct shape *s, int n)
{
    long t = 0;
    for (int i = 0; i < n; i++)
        t += 2L * (s[i].a + s[i].b);
    return t;
}

int main(void)
{
    int n = 2000, f = 3;
    struct shape *s = shapes_make(n);
    if (!s)
        return 1;
    long before = shapes_total_area(s, n);
    shapes_sort(s, n);
    long scaled = shapes_each(s, n, scale_one, &f);
    long per = perimeter_sum(s, n);
    printf("%ld %ld %ld\n", before, scaled, per);
    free(s);
    return 0;
}
