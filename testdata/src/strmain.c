/* strmain.c: counts words of a fixed text with the hash table. */
#include <stdio.h>
#include "strhash.h"

static const char *text =
    "The quick brown fox jumps over the lazy dog. The dog sleeps; the fox "
    "runs away. A hash table maps words to counts, and the counts grow as "
    "the text repeats: the quick brown fox, the lazy dog, the hash table.";

static void add_word(const char *w, void *arg)
{
    table_add(arg, w);
}

int main(void)
{
    struct table *t = table_new(31);
    int total = 0;
    for (int round = 0; round < 20; round++)
        total += split_words(text, add_word, t);
    printf("words %d the %d fox %d dog %d hash %d none %d\n", total,
           table_get(t, "the"), table_get(t, "fox"), table_get(t, "dog"),
           table_get(t, "hash"), table_get(t, "none"));
    table_free(t);
    return 0;
}
