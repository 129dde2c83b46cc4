/* sortprog: sorts the same pseudo-random array with qsort and with a merge sort. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 2000

static unsigned lcg_state = 12345u;

static unsigned lcg(void)
{
    lcg_state = lcg_state * 1103515245u + 12345u;
    return (lcg_state >> 8) & 0xffff;
}

static int cmp_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static void merge(int *a, int *tmp, int lo, int mid, int hi)
{
    int i = lo, j = mid, k = lo;
    while (i < mid && j < hi)
        tmp[k++] = (a[i] <= a[j]) ? a[i++] : a[j++];
    while (i < mid)
        tmp[k++] = a[i++];
    while (j < hi)
        tmp[k++] = a[j++];
    memcpy(a + lo, tmp + lo, (size_t)(hi - lo) * sizeof *a);
}

void merge_sort(int *a, int *tmp, int lo, int hi)
{
    if (hi - lo < 2)
        return;
    int mid = lo + (hi - lo) / 2;
    merge_sort(a, tmp, lo, mid);
    merge_sort(a, tmp, mid, hi);
    merge(a, tmp, lo, mid, hi);
}

__attribute__((noinline)) static long checksum(const int *a, int n)
{
    long s = 0;
    for (int i = 0; i < n; i++)
        s = s * 31 + a[i];
    return s;
}

int main(void)
{
    int *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
    int *tmp = malloc(N * sizeof *tmp);
    for (int i = 0; i < N; i++)
        a[i] = b[i] = (int)lcg();
    qsort(a, N, sizeof *a, cmp_int);
    merge_sort(b, tmp, 0, N);
    printf("qsort %ld merge %ld same %d\n", checksum(a, N), checksum(b, N),
           memcmp(a, b, N * sizeof *a) == 0);
    free(a); free(b); free(tmp);
    return 0;
}
