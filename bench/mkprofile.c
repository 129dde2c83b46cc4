/*
 * mkprofile.c: grows a real Callgrind profile to a requested size for the
 * benchmark.  The seed's body is written again and again; in each copy every
 * compressed name gets ids of its own and a name of its own (the copy's
 * number appended), so the result has as many distinct objects, files and
 * functions as a profile of that size would, and keeps the seed's positions,
 * calls, jumps, subposition compression and cost lines as callgrind wrote
 * them.  The summary: and totals: lines are the seed's times the copies.
 *
 * usage: mkprofile SEED MEGABYTES > OUT
 * The seed must use name compression (callgrind's default) and have one part.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *
slurp(const char *path, size_t *len)
{
	FILE	*f = fopen(path, "rb");
	char	*buf;
	long	 n;

	if (f == NULL || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 ||
	    fseek(f, 0, SEEK_SET) != 0) {
		perror(path);
		exit(1);
	}
	buf = malloc((size_t)n + 1);
	if (buf == NULL || fread(buf, 1, (size_t)n, f) != (size_t)n) {
		perror(path);
		exit(1);
	}
	buf[n] = '\0';
	fclose(f);
	*len = (size_t)n;
	return buf;
}

/* Numbers of a summary:/totals: line times k. */
static void
scaled(FILE *out, const char *key, const char *s, const char *end,
    unsigned long long k)
{
	char	*next;

	fputs(key, out);
	while (s < end) {
		unsigned long long v = strtoull(s, &next, 10);

		if (next == s)
			break;
		fprintf(out, " %llu", v * k);
		s = next;
	}
	fputc('\n', out);
}

static int
is_name_key(const char *s, size_t n)
{
	static const char *const keys[] = { "ob", "fl", "fi", "fe", "fn",
	    "cob", "cfi", "cfl", "cfn", "jfi", "jfn" };
	size_t	 i;

	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++)
		if (strlen(keys[i]) == n && memcmp(keys[i], s, n) == 0)
			return 1;
	return 0;
}

int
main(int argc, char **argv)
{
	char			*seed, *body, *line, *end, *eq, *s, *summary = NULL;
	const char		*sumend = NULL;
	size_t			 len;
	unsigned long long	 want, written = 0, copies = 0, id, stride = 0;

	if (argc != 3) {
		fputs("usage: mkprofile SEED MEGABYTES > OUT\n", stderr);
		return 2;
	}
	/*
	 * Megabytes, up to 16 GiB: a size in bytes given by mistake once
	 * filled a 252 GB disk.
	 */
	want = strtoull(argv[2], NULL, 10);
	if (want == 0 || want > 16384) {
		fprintf(stderr, "mkprofile: %s: a size from 1 to 16384 MB\n",
		    argv[2]);
		return 2;
	}
	want *= 1024 * 1024;
	seed = slurp(argv[1], &len);

	/* The largest id, so copies can take ids of their own. */
	for (s = seed; (s = strstr(s, "=(")) != NULL; s += 2) {
		id = strtoull(s + 2, NULL, 10);
		if (id >= stride)
			stride = id + 1;
	}
	/* The header ends where the first position line begins. */
	body = seed;
	for (line = seed; *line != '\0'; line = end + 1) {
		end = strchr(line, '\n');
		if (end == NULL)
			end = line + strlen(line);
		eq = memchr(line, '=', (size_t)(end - line));
		if (strncmp(line, "summary:", 8) == 0) {
			summary = line + 8;
			sumend = end;
		} else if (eq != NULL && is_name_key(line, (size_t)(eq - line))) {
			body = line;
			break;
		}
		if (*end == '\0')
			break;
		if (strncmp(line, "summary:", 8) != 0)
			written += fwrite(line, 1, (size_t)(end - line) + 1,
			    stdout);
	}
	/* The summary can only be written once the copies are counted: leave
	 * it to the totals: line at the end, which cgannotate reads too. */
	while (written < want) {
		for (line = body; *line != '\0'; line = end + 1) {
			end = strchr(line, '\n');
			if (end == NULL)
				end = line + strlen(line);
			eq = memchr(line, '=', (size_t)(end - line));
			if (strncmp(line, "totals:", 7) == 0 ||
			    strncmp(line, "summary:", 8) == 0) {
				/* left out: written once at the end */
			} else if (eq != NULL && eq[1] == '(' &&
			    is_name_key(line, (size_t)(eq - line))) {
				char *close = strchr(eq, ')');

				id = strtoull(eq + 2, NULL, 10);
				written += (size_t)printf("%.*s(%llu)",
				    (int)(eq + 1 - line), line,
				    id + copies * stride);
				if (close + 1 < end) {
					/* A definition: a name of its own. */
					written += (size_t)printf("%.*s#%llu",
					    (int)(end - close - 1), close + 1,
					    copies);
				}
				putchar('\n');
				written++;
			} else
				written += fwrite(line, 1,
				    (size_t)(end - line) + 1, stdout);
			if (*end == '\0')
				break;
		}
		copies++;
	}
	if (summary != NULL)
		scaled(stdout, "totals:", summary, sumend, copies);
	fprintf(stderr, "mkprofile: %llu copies, %llu bytes\n", copies,
	    written);
	free(seed);
	return 0;
}
