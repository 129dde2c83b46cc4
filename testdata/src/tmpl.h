// tmpl.h: a small container and algorithm templates, inlined by g++ -O2
// into the functions of tmpl.cc, so that valgrind writes fi=/fe= lines and
// one function's cost lies under two files (tmpl.cc and tmpl.h).
#ifndef TMPL_H
#define TMPL_H
#include <cstddef>

template <typename T>
class Vec {
public:
    explicit Vec(std::size_t cap) : data_(new T[cap]), size_(0), cap_(cap) {}
    ~Vec() { delete[] data_; }
    Vec(const Vec &) = delete;
    Vec &operator=(const Vec &) = delete;

    void push(const T &v)
    {
        if (size_ < cap_)
            data_[size_++] = v;
    }
    T &operator[](std::size_t i) { return data_[i]; }
    const T &operator[](std::size_t i) const { return data_[i]; }
    std::size_t size() const { return size_; }
    T *begin() { return data_; }
    T *end() { return data_ + size_; }
    const T *begin() const { return data_; }
    const T *end() const { return data_ + size_; }

private:
    T *data_;
    std::size_t size_, cap_;
};

template <typename It, typename T>
T sum(It first, It last, T init)
{
    for (; first != last; ++first)
        init = init + *first;
    return init;
}

template <typename It, typename Pred>
std::size_t count_if(It first, It last, Pred p)
{
    std::size_t n = 0;
    for (; first != last; ++first)
        if (p(*first))
            n++;
    return n;
}

template <typename It, typename F>
void transform(It first, It last, F f)
{
    for (; first != last; ++first)
        *first = f(*first);
}

template <typename It>
void insertion_sort(It first, It last)
{
    if (first == last)
        return;
    for (It i = first + 1; i != last; ++i) {
        auto v = *i;
        It j = i;
        while (j != first && v < *(j - 1)) {
            *j = *(j - 1);
            --j;
        }
        *j = v;
    }
}

#endif
