// tmpl.cc: functions whose bodies are mostly templates of tmpl.h inlined
// (g++ -O2 -g): their cost shows as tmpl.cc:FN and tmpl.h:FN.
#include <cstdio>
#include "tmpl.h"

struct Point {
    int x, y;
    bool operator<(const Point &o) const
    {
        return x * x + y * y < o.x * o.x + o.y * o.y;
    }
};

static unsigned seed = 7;

static int next_rand()
{
    seed = seed * 1664525u + 1013904223u;
    return (int)(seed >> 20);
}

__attribute__((noinline)) static void fill(Vec<int> &v, Vec<Point> &p, int n)
{
    for (int i = 0; i < n; i++) {
        v.push(next_rand() % 1000);
        p.push(Point{next_rand() % 100, next_rand() % 100});
    }
}

__attribute__((noinline)) static long int_stats(Vec<int> &v)
{
    transform(v.begin(), v.end(), [](int x) { return x * 3 + 1; });
    long s = sum(v.begin(), v.end(), 0L);
    std::size_t odd = count_if(v.begin(), v.end(), [](int x) { return x & 1; });
    return s + (long)odd;
}

__attribute__((noinline)) static long sort_points(Vec<Point> &p)
{
    insertion_sort(p.begin(), p.end());
    long far = 0;
    for (std::size_t i = 0; i < p.size(); i++)
        far += p[i].x - p[i].y;
    return far;
}

__attribute__((noinline)) static double mean(const Vec<int> &v)
{
    return sum(v.begin(), v.end(), 0.0) / (double)v.size();
}

int main()
{
    const int n = 600;
    Vec<int> v(n);
    Vec<Point> p(n);
    fill(v, p, n);
    long a = int_stats(v);
    long b = sort_points(p);
    double m = mean(v);
    std::printf("%ld %ld %.2f\n", a, b, m);
    return 0;
}
