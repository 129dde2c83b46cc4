/* wordfreq.c: counts the words of a file; run on two inputs for --diff. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NBUCKETS 1024

struct word {
	char		*text;
	unsigned	 count;
	struct word	*next;
};

static struct word *table[NBUCKETS];

static unsigned
hash(const char *s)
{
	unsigned h = 5381;

	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h % NBUCKETS;
}

static void
add(const char *s)
{
	struct word *w;
	unsigned h = hash(s);

	for (w = table[h]; w != NULL; w = w->next)
		if (strcmp(w->text, s) == 0) {
			w->count++;
			return;
		}
	w = malloc(sizeof(*w));
	w->text = strdup(s);
	w->count = 1;
	w->next = table[h];
	table[h] = w;
}

int
main(int argc, char **argv)
{
	char buf[256];
	size_t n = 0;
	int c;
	unsigned words = 0, distinct = 0, i;
	FILE *f = argc > 1 ? fopen(argv[1], "r") : stdin;

	if (f == NULL)
		return 1;
	while ((c = getc(f)) != EOF) {
		if (isalnum(c) && n < sizeof(buf) - 1) {
			buf[n++] = (char)tolower(c);
			continue;
		}
		if (n > 0) {
			buf[n] = '\0';
			add(buf);
			words++;
			n = 0;
		}
	}
	for (i = 0; i < NBUCKETS; i++)
		for (struct word *w = table[i]; w != NULL; w = w->next)
			distinct++;
	printf("%u words, %u distinct\n", words, distinct);
	return 0;
}
