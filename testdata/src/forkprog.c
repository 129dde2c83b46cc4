/* forkprog.c: forks once; the child and the parent each do fixed work. */
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

__attribute__((noinline)) static unsigned long collatz_steps(unsigned long n)
{
    unsigned long steps = 0;
    while (n != 1) {
        n = (n & 1) ? 3 * n + 1 : n / 2;
        steps++;
    }
    return steps;
}

__attribute__((noinline)) static unsigned long child_work(void)
{
    unsigned long total = 0;
    for (unsigned long i = 1; i <= 300; i++)
        total += collatz_steps(i);
    return total;
}

__attribute__((noinline)) static unsigned long parent_work(void)
{
    unsigned long x = 1;
    for (int i = 0; i < 1000; i++)
        x = x * 6364136223846793005UL + 1442695040888963407UL;
    return x & 0xffff;
}

int main(void)
{
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        printf("child %lu\n", child_work());
        return 0;
    }
    int status;
    waitpid(pid, &status, 0);
    printf("parent %lu child-exit %d\n", parent_work(), WEXITSTATUS(status));
    return 0;
}
