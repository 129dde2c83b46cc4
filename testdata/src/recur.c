/* recur.c: direct recursion, mutual recursion and a three-function cycle. */
#include <stdio.h>

__attribute__((noinline)) unsigned long fact(unsigned n)
{
    return n <= 1 ? 1 : n * fact(n - 1);
}

__attribute__((noinline)) unsigned long fib(unsigned n)
{
    return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

__attribute__((noinline)) int is_odd(unsigned n);

__attribute__((noinline)) int is_even(unsigned n)
{
    return n == 0 ? 1 : is_odd(n - 1);
}

__attribute__((noinline)) int is_odd(unsigned n)
{
    return n == 0 ? 0 : is_even(n - 1);
}

__attribute__((noinline)) int cyc_b(int n);
__attribute__((noinline)) int cyc_c(int n);

__attribute__((noinline)) int cyc_a(int n)
{
    return n <= 0 ? 0 : 1 + cyc_b(n - 1);
}

__attribute__((noinline)) int cyc_b(int n)
{
    return n <= 0 ? 0 : 2 + cyc_c(n - 1);
}

__attribute__((noinline)) int cyc_c(int n)
{
    return n <= 0 ? 0 : 3 + cyc_a(n - 1);
}

int main(void)
{
    unsigned long f = 0;
    for (unsigned i = 1; i <= 12; i++)
        f += fact(i);
    printf("fact-sum %lu\n", f);
    printf("fib(14) %lu\n", fib(14));
    printf("even(101) %d odd(101) %d\n", is_even(101), is_odd(101));
    printf("cycle(30) %d\n", cyc_a(30));
    return 0;
}
