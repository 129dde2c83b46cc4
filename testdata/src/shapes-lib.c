/* shapes-lib.c: libshapes.so, a shared library of ours for the profiles
 * listed by object (testdata/shlib*.callgrind).  Its functions do
 * measurable work; shapes_each calls back into a function of the program
 * through a pointer, so that the call graph crosses the object boundary
 * both ways. */
#include <stdlib.h>
#include "shapes.h"

static unsigned long seed = 12345;

static int next_rand(void)
{
    seed = seed * 1103515245 + 12345;
    return (int)((seed >> 16) & 0x7fff);
}

struct shape *shapes_make(int n)
{
    struct shape *s = malloc((size_t)n * sizeof *s);
    if (!s)
        return NULL;
    for (int i = 0; i < n; i++) {
        s[i].kind = next_rand() % 3;
        s[i].a = next_rand() % 100 + 1;
        s[i].b = next_rand() % 100 + 1;
    }
    return s;
}

long shape_area(const struct shape *s)
{
    switch (s->kind) {
    case SHAPE_RECT:
        return (long)s->a * s->b;
    case SHAPE_TRIANGLE:
        return (long)s->a * s->b / 2;
    default: /* a circle of radius a, pi as 355/113 */
        return (long)s->a * s->a * 355 / 113;
    }
}

long shapes_total_area(const struct shape *s, int n)
{
    long t = 0;
    for (int i = 0; i < n; i++)
        t += shape_area(&s[i]);
    return t;
}

static int by_area(const void *x, const void *y)
{
    long a = shape_area(x), b = shape_area(y);
    return (a > b) - (a < b);
}

void shapes_sort(struct shape *s, int n)
{
    qsort(s, (size_t)n, sizeof *s, by_area);
}

long shapes_each(struct shape *s, int n, long (*fn)(struct shape *, void *),
                 void *arg)
{
    long t = 0;
    for (int i = 0; i < n; i++)
        t += fn(&s[i], arg);
    return t;
}
