/* strwords.c: splitting text into lower-case words. */
#include "strhash.h"

int split_words(const char *text, void (*fn)(const char *, void *), void *arg)
{
    char buf[64];
    int n = 0, len = 0;
    for (const char *p = text;; p++) {
        if (*p && is_word_char(*p)) {
            if (len < 63)
                buf[len++] = (char)to_lower(*p);
        } else {
            if (len > 0) {
                buf[len] = 0;
                fn(buf, arg);
                n++;
                len = 0;
            }
            if (!*p)
                break;
        }
    }
    return n;
}
