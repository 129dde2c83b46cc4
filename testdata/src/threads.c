/* threads.c: two worker threads doing fixed, independent work. */
#include <pthread.h>
#include <stdio.h>

struct job {
    int id;
    unsigned n;
    unsigned long result;
};

static unsigned long sum_squares(unsigned n)
{
    unsigned long s = 0;
    for (unsigned i = 1; i <= n; i++)
        s += (unsigned long)i * i;
    return s;
}

static unsigned long count_primes(unsigned n)
{
    unsigned long c = 0;
    for (unsigned i = 2; i <= n; i++) {
        int prime = 1;
        for (unsigned d = 2; d * d <= i; d++)
            if (i % d == 0) {
                prime = 0;
                break;
            }
        c += prime;
    }
    return c;
}

static void *worker(void *arg)
{
    struct job *j = arg;
    j->result = j->id == 0 ? sum_squares(j->n) : count_primes(j->n);
    return NULL;
}

int main(void)
{
    struct job jobs[2] = {{0, 5000, 0}, {1, 3000, 0}};
    pthread_t th[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&th[i], NULL, worker, &jobs[i]);
    for (int i = 0; i < 2; i++)
        pthread_join(th[i], NULL);
    printf("sum_squares %lu primes %lu\n", jobs[0].result, jobs[1].result);
    return 0;
}
