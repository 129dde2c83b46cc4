/* strhash.h: hash table of words; small helpers are static inline. */
#ifndef STRHASH_H
#define STRHASH_H
#include <stddef.h>

struct entry {
    char *word;
    int count;
    struct entry *next;
};

struct table {
    size_t nbuckets;
    struct entry **buckets;
};

static inline unsigned long hash_str(const char *s)
{
    unsigned long h = 5381;
    while (*s)
        h = h * 33 + (unsigned char)*s++;
    return h;
}

static inline int is_word_char(int c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static inline int to_lower(int c)
{
    return (c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c;
}

struct table *table_new(size_t nbuckets);
void table_add(struct table *t, const char *word);
int table_get(const struct table *t, const char *word);
void table_free(struct table *t);
int split_words(const char *text, void (*fn)(const char *, void *), void *arg);

#endif
