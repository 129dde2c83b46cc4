/*
 * bench/floor.c: the least work a reader of a profile must do, timed by
 * bench/run.sh beside cgannotate.  It reads the file in 1 MB blocks, as
 * cgannotate does, and for each cost line parses every position (keeping
 * relative ones) and every count, summing the counts.  Every other line is
 * only stepped over.  It checks nothing, looks nothing up, keeps no table
 * and prints no report: what cgannotate does on top of it is its whole
 * job.  With -j2, two threads each take half of the file, split at a line.
 * (A -v that split each line by SSE2 bit masks took 1.36 to 1.56 times
 * this one's time, and went: bench/RESULTS.md, issue 29.)
 *
 *   floor [-j2] PROFILE
 *
 * prints the sum of the first count of all cost lines (call costs too),
 * so that none of the work can be left out by the compiler.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define BLOCK	(1 << 20)

struct half {
	const char	*path;
	off_t		 from, to;	/* bytes; from is a line's start */
	size_t		 npos;
	uint64_t	 sum;
};

/* A number, decimal or 0x hexadecimal, at s; where it ends. */
static const char *
number(const char *s, uint64_t *v)
{
	uint64_t	 n = 0;
	unsigned	 d;

	if (s[0] == '0' && s[1] == 'x') {
		for (s += 2;; s++) {
			if ((d = (unsigned)(*s - '0')) <= 9)
				n = n << 4 | d;
			else if ((d = (unsigned)((*s | 0x20) - 'a')) < 6)
				n = n << 4 | (d + 10);
			else
				break;
		}
	} else
		for (; (d = (unsigned)(*s - '0')) <= 9; s++)
			n = n * 10 + d;
	*v = n;
	return s;
}

/* Whether a line starting with c is a cost line. */
static int
cost_start(char c)
{
	return (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '*';
}

/* The complete lines of s..end (end is a newline). */
static void
lines(struct half *h, const char *s, const char *end, uint64_t *last)
{
	uint64_t	 n;
	size_t		 i;
	char		 c;

	while (s < end) {
		if (!cost_start(*s)) {
			s = (const char *)memchr(s, '\n', (size_t)(end - s)) + 1;
			continue;
		}
		for (i = 0; i < h->npos; i++) {
			c = *s;
			if (c == '*')
				s++;
			else {
				s = number(s + (c == '+' || c == '-'), &n);
				last[i] = c == '+' ? last[i] + n :
				    c == '-' ? last[i] - n : n;
			}
			if (*s == ' ')
				s++;
		}
		for (i = 0; *s != '\n'; i++) {
			s = number(s, &n);
			if (i == 0)
				h->sum += n;
			if (*s == ' ')
				s++;
			else if (*s != '\n')
				s++;
		}
		s++;
	}
}


static void *
run(void *arg)
{
	struct half	*h = arg;
	char		*buf = malloc(2 * BLOCK + 1), *nl;
	uint64_t	 last[8] = { 0 };
	size_t		 have = 0;
	ssize_t		 r;
	off_t		 at = h->from;
	int		 fd;

	if (buf == NULL || (fd = open(h->path, O_RDONLY)) == -1) {
		perror(h->path);
		exit(1);
	}
	while (at < h->to) {
		r = pread(fd, buf + have, (size_t)(h->to - at < BLOCK ?
		    h->to - at : BLOCK), at);
		if (r <= 0)
			break;
		at += r;
		have += (size_t)r;
		buf[have] = '\n';
		/* The lines complete so far; a partial one moves down. */
		for (nl = buf + have; nl > buf && nl[-1] != '\n'; nl--)
			;
		lines(h, buf, nl, last);
		have -= (size_t)(nl - buf);
		memmove(buf, nl, have);
	}
	if (have > 0) {
		buf[have] = '\n';
		lines(h, buf, buf + have + 1, last);
	}
	close(fd);
	free(buf);
	return NULL;
}

/* Positions per cost line, from the positions: line (1 without one). */
static size_t
positions(const char *path)
{
	char	 line[4096];
	size_t	 n = 1;
	FILE	*f = fopen(path, "r");

	if (f == NULL) {
		perror(path);
		exit(1);
	}
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, "positions:", 10) == 0) {
			n = strstr(line, "instr") && strstr(line, "line") ? 2 :
			    1;
			break;
		}
		if (strncmp(line, "fn=", 3) == 0)
			break;
	}
	fclose(f);
	return n;
}

/* Where the line after byte at starts. */
static off_t
line_after(const char *path, off_t at)
{
	char	 c;
	FILE	*f = fopen(path, "r");

	if (f == NULL || fseeko(f, at, SEEK_SET) == -1) {
		perror(path);
		exit(1);
	}
	while (fread(&c, 1, 1, f) == 1 && c != '\n')
		at++;
	fclose(f);
	return at + 1;
}

int
main(int argc, char **argv)
{
	struct half	 h[2];
	struct stat	 st;
	pthread_t	 t;
	int		 two = 0, i;
	const char	*path = argv[argc - 1];

	for (i = 1; i < argc - 1; i++)
		if (strcmp(argv[i], "-j2") == 0)
			two = 1;
		else
			break;
	if (argc < 2 || i != argc - 1) {
		fprintf(stderr, "usage: floor [-j2] profile\n");
		return 2;
	}
	if (stat(path, &st) == -1) {
		perror(path);
		return 1;
	}
	memset(h, 0, sizeof(h));
	h[0].path = h[1].path = path;
	h[0].npos = h[1].npos = positions(path);
	h[0].to = st.st_size;
	if (two) {
		h[0].to = h[1].from = line_after(path, st.st_size / 2);
		h[1].to = st.st_size;
		if (pthread_create(&t, NULL, run, &h[1]) != 0)
			return 1;
	}
	run(&h[0]);
	if (two)
		pthread_join(t, NULL);
	printf("%llu\n", (unsigned long long)(h[0].sum + h[1].sum));
	return 0;
}
