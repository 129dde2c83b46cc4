/* shapes.h: the interface of libshapes.so (shapes-lib.c). */
#ifndef SHAPES_H
#define SHAPES_H

enum { SHAPE_RECT, SHAPE_TRIANGLE, SHAPE_CIRCLE };

struct shape {
    int kind;
    int a, b;
};

struct shape *shapes_make(int n);
long shape_area(const struct shape *s);
long shapes_total_area(const struct shape *s, int n);
void shapes_sort(struct shape *s, int n);
long shapes_each(struct shape *s, int n, long (*fn)(struct shape *, void *),
                 void *arg);

#endif
