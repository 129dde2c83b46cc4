/* strhash.c: the hash table. */
#include <stdlib.h>
#include <string.h>
#include "strhash.h"

struct table *table_new(size_t nbuckets)
{
    struct table *t = malloc(sizeof *t);
    t->nbuckets = nbuckets;
    t->buckets = calloc(nbuckets, sizeof *t->buckets);
    return t;
}

static struct entry *lookup(const struct table *t, const char *word)
{
    struct entry *e = t->buckets[hash_str(word) % t->nbuckets];
    while (e && strcmp(e->word, word) != 0)
        e = e->next;
    return e;
}

void table_add(struct table *t, const char *word)
{
    struct entry *e = lookup(t, word);
    if (e) {
        e->count++;
        return;
    }
    size_t b = hash_str(word) % t->nbuckets;
    e = malloc(sizeof *e);
    e->word = strdup(word);
    e->count = 1;
    e->next = t->buckets[b];
    t->buckets[b] = e;
}

int table_get(const struct table *t, const char *word)
{
    struct entry *e = lookup(t, word);
    return e ? e->count : 0;
}

void table_free(struct table *t)
{
    for (size_t i = 0; i < t->nbuckets; i++) {
        struct entry *e = t->buckets[i];
        while (e) {
            struct entry *n = e->next;
            free(e->word);
            free(e);
            e = n;
        }
    }
    free(t->buckets);
    free(t);
}
