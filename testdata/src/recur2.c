/* recur2.c: recursion shapes for the inclusive-cost tests: a direct recursion
   entered from three callers, recursion through a helper (walk -> step ->
   walk), a recursion running another recursion at each level (outer ->
   sum_to), and a leaf called from inside recursions. */
#include <stdio.h>

__attribute__((noinline)) unsigned leaf(unsigned n)
{
    return n * 3 + 1;
}

__attribute__((noinline)) unsigned sum_to(unsigned n)
{
    return n == 0 ? leaf(0) : n + sum_to(n - 1);
}

__attribute__((noinline)) unsigned use_a(void)
{
    return sum_to(10);
}

__attribute__((noinline)) unsigned use_b(void)
{
    return sum_to(20) + sum_to(5);
}

__attribute__((noinline)) unsigned walk(unsigned n);

__attribute__((noinline)) unsigned step(unsigned n)
{
    return leaf(n) + walk(n - 1);
}

__attribute__((noinline)) unsigned walk(unsigned n)
{
    return n == 0 ? 0 : step(n);
}

__attribute__((noinline)) unsigned outer(unsigned n)
{
    return n == 0 ? 0 : sum_to(n) + outer(n - 1);
}

int main(void)
{
    unsigned r = use_a() + use_b() + walk(15) + outer(8);
    printf("recur2 %u\n", r);
    return 0;
}
