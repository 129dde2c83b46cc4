/*
 * bench/floor.c: the least work a reader of a profile must do, timed by
 * bench/run.sh beside cgannotate.  It reads the file in 1 MB blocks, as
 * cgannotate does, and for each cost line parses every position (keeping
 * relative ones) and every count, summing the counts.  Every other line is
 * only stepped over.  It checks nothing, looks nothing up, keeps no table
 * and prints no report: what cgannotate does on top of it is its whole
 * job.  With -j2, two threads each take half of the file, split at a line.
 * With -v (where the compiler targets SSE2), each cost line is found and
 * split by bit masks of a 32-byte window instead: its newline and spaces
 * compared 16 bytes at a time, each number converted by its length,
 * eight digits in a word, and a subposition's sign applied without a
 * branch; a line longer than the window, or with a byte that is not a
 * digit where a number is (hexadecimal, a negative count), or with a
 * number of more than eight digits goes the plain way.  It measures what
 * such a vector path would gain (README, Performance).
 *
 *   floor [-j2] [-v] PROFILE
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

#if defined(__SSE2__)
#include <emmintrin.h>

/* The 8 bytes at s, the first in the low byte (x86 is little-endian). */
static uint64_t
load8(const char *s)
{
	uint64_t	 w;

	memcpy(&w, s, sizeof(w));
	return w;
}

/* The value of the len (1 to 8) digits at the low end of t, each 0 to 9. */
static uint64_t
digits(uint64_t t, unsigned len)
{
	t <<= 8 * (8 - len);
	t = t * 10 + (t >> 8);
	t = (t & 0x000000ff000000ffULL) * (100 + (1000000ULL << 32)) +
	    ((t >> 16) & 0x000000ff000000ffULL) * (1 + (10000ULL << 32));
	return t >> 32;
}

/* The bytes of v that are digits, as 0xff. */
static __m128i
digit(__m128i v)
{
	return _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
	    _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
}

/* lines(), each cost line split by masks (see the top); 32 bytes past end
 * are readable. */
static void
lines_vec(struct half *h, const char *s, const char *end, uint64_t *last)
{
	const __m128i	 nlv = _mm_set1_epi8('\n'), spv = _mm_set1_epi8(' ');
	__m128i		 a, b;
	uint64_t	 n, t, star, plus, minus, ends, starts;
	uint32_t	 nl, first, sp, seps, other;
	unsigned	 pos, e, o, len;
	size_t		 i;
	const char	*eol;
	char		 c;

	while (s < end) {
		if (!cost_start(*s)) {
			s = (const char *)memchr(s, '\n', (size_t)(end - s)) + 1;
			continue;
		}
		a = _mm_loadu_si128((const __m128i *)s);
		b = _mm_loadu_si128((const __m128i *)(s + 16));
		nl = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(a, nlv)) |
		    (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(b, nlv)) << 16;
		sp = (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(a, spv)) |
		    (uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(b, spv)) << 16;
		/* Bytes that are no digit: a sign, '*', 'x', anything. */
		other = ~((uint32_t)_mm_movemask_epi8(digit(a)) |
		    (uint32_t)_mm_movemask_epi8(digit(b)) << 16) & ~(sp | nl);
		/* The separators up to the first newline; in ends, each one
		 * bit up, and the line's start as bit 0: every token is at
		 * most 8 bytes when each bit has another at most 9 below. */
		first = nl & -nl;
		seps = (sp | nl) & (first | (first - 1));
		ends = (uint64_t)seps << 1 | 1;
		/* Where a position may have its sign or '*': its start. */
		starts = 1;
		for (i = 1, t = seps; i < h->npos && t != 0; i++, t &= t - 1)
			starts |= (t & -t) << 1;
		if (nl == 0 || (other & (first - 1) & ~starts) != 0 ||
		    (ends & (ends << 1 | ends << 2 | ends << 3 | ends << 4 |
		    ends << 5 | ends << 6 | ends << 7 | ends << 8 |
		    ends << 9)) != (ends & ~(uint64_t)1)) {
			eol = memchr(s, '\n', (size_t)(end - s));
			lines(h, s, eol + 1, last);
			s = eol + 1;
			continue;
		}
		pos = 0;
		for (i = 0; i < h->npos; i++) {
			e = (unsigned)__builtin_ctz(seps);
			seps &= seps - 1;
			c = s[pos];
			star = c == '*';
			plus = c == '+';
			minus = c == '-';
			o = (unsigned)(plus | minus);
			len = e - pos - o;
			t = load8(s + pos + o) ^ 0x3030303030303030ULL;
			n = digits(t, len ? len : 1) &
			    (0 - (uint64_t)(!star && len != 0));
			last[i] = (last[i] & (0 - (plus | minus | star))) +
			    ((n ^ (0 - minus)) + minus);
			pos = e + 1;
		}
		for (i = 0; seps != 0; pos = e + 1) {
			e = (unsigned)__builtin_ctz(seps);
			seps &= seps - 1;
			if (e == pos)	/* a blank before the newline */
				continue;
			n = digits(load8(s + pos) ^ 0x3030303030303030ULL,
			    e - pos);
			if (i++ == 0)
				h->sum += n;
		}
		s += pos;
	}
}
#endif

static int	 vec;

static void *
run(void *arg)
{
	struct half	*h = arg;
	char		*buf = malloc(2 * BLOCK + 64), *nl;
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
#if defined(__SSE2__)
		if (vec)
			lines_vec(h, buf, nl, last);
		else
#endif
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
		else if (strcmp(argv[i], "-v") == 0)
			vec = 1;
		else
			break;
	if (argc < 2 || i != argc - 1) {
		fprintf(stderr, "usage: floor [-j2] [-v] profile\n");
		return 2;
	}
#if !defined(__SSE2__)
	if (vec) {
		fprintf(stderr, "floor: -v needs SSE2\n");
		return 2;
	}
#endif
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
