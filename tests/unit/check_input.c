/*
 * check_input.c: the line reader (cga_input_*): lines across the 1 MB
 * blocks it reads, line ends, NUL bytes, gzip input, standard input, and
 * files that cannot be read.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <zlib.h>

#include "check_cga.h"
#include "base/diag.h"
#include "load/input.h"

/* The reader's block size (INPUT_BLOCK in input.c). */
#define BLOCK	(1024 * 1024)

/* A directory of its own for each test's files, under build/. */
static char	 dir[64];
static char	 pathbuf[128];

static void
input_setup(void)
{
	snprintf(dir, sizeof(dir), "build/check_input.XXXXXX");
	ck_assert_msg(mkdtemp(dir) != NULL, "mkdtemp: %s", strerror(errno));
}

static void
input_teardown(void)
{
	DIR		*d;
	struct dirent	*e;
	char		 p[512];

	if ((d = opendir(dir)) == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, e->d_name);
		unlink(p);
	}
	closedir(d);
	rmdir(dir);
}

/* The path of name in the test's directory (valid until the next call). */
static const char *
path_of(const char *name)
{
	snprintf(pathbuf, sizeof(pathbuf), "%s/%s", dir, name);
	return pathbuf;
}

/* Writes len bytes to name in the test's directory; its path. */
static const char *
put(const char *name, const void *data, size_t len)
{
	const char	*path = path_of(name);
	FILE		*f = fopen(path, "wb");

	ck_assert_msg(f != NULL, "%s: %s", path, strerror(errno));
	ck_assert_uint_eq(fwrite(data, 1, len, f), len);
	ck_assert_int_eq(fclose(f), 0);
	return path;
}

/* len bytes of data as one gzip member (malloc'd; its size in *outlen). */
static unsigned char *
gzip_of(const void *data, size_t len, size_t *outlen)
{
	z_stream	 z;
	unsigned char	*out;
	size_t		 cap;

	memset(&z, 0, sizeof(z));
	ck_assert_int_eq(deflateInit2(&z, 6, Z_DEFLATED, 16 + MAX_WBITS, 8,
	    Z_DEFAULT_STRATEGY), Z_OK);
	cap = deflateBound(&z, (uLong)len);
	out = malloc(cap);
	ck_assert_ptr_nonnull(out);
	z.next_in = (unsigned char *)(uintptr_t)data;
	z.avail_in = (uInt)len;
	z.next_out = out;
	z.avail_out = (uInt)cap;
	ck_assert_int_eq(deflate(&z, Z_FINISH), Z_STREAM_END);
	*outlen = cap - z.avail_out;
	deflateEnd(&z);
	return out;
}

/* Writes data gzip-compressed to name; its path. */
static const char *
put_gzip(const char *name, const void *data, size_t len)
{
	unsigned char	*gz;
	size_t		 n;
	const char	*path;

	gz = gzip_of(data, len, &n);
	path = put(name, gz, n);
	free(gz);
	return path;
}

/*
 * Diagnostics are silent in the unit tests (check_main.c); these print
 * them into a file for a while and give back what was printed.
 */
static int	 saved_stderr = -1;
static int	 saved_silent;
static FILE	*captured;

static void
capture_begin(void)
{
	fflush(stderr);
	captured = tmpfile();
	ck_assert_ptr_nonnull(captured);
	saved_stderr = dup(STDERR_FILENO);
	dup2(fileno(captured), STDERR_FILENO);
	saved_silent = cga_diag_silent;
	cga_diag_silent = 0;
}

static const char *
capture_end(void)
{
	static char	 text[1024];
	size_t		 n;

	fflush(stderr);
	dup2(saved_stderr, STDERR_FILENO);
	close(saved_stderr);
	saved_stderr = -1;
	cga_diag_silent = saved_silent;
	rewind(captured);
	n = fread(text, 1, sizeof(text) - 1, captured);
	text[n] = '\0';
	fclose(captured);
	return text;
}

/* The next line must be want (len bytes: it may hold NUL bytes). */
static void
next_is(struct cga_input *in, const char *want, size_t len, uint64_t lineno)
{
	char	*s;
	size_t	 n;

	ck_assert_int_eq(cga_input_line(in, &s, &n), 1);
	ck_assert_uint_eq(n, len);
	ck_assert_msg(memcmp(s, want, len) == 0, "line %llu: '%.*s', not "
	    "'%.*s'", (unsigned long long)lineno, (int)n, s, (int)len, want);
	ck_assert_int_eq(s[n], '\0');
	ck_assert_uint_eq(in->lineno, lineno);
}

#define NEXT_IS(in, s, lineno)	next_is(in, s, sizeof(s) - 1, lineno)

/* No more lines, and asking again says so again. */
static void
at_end(struct cga_input *in)
{
	char	*s;
	size_t	 n;

	ck_assert_int_eq(cga_input_line(in, &s, &n), 0);
	ck_assert_int_eq(cga_input_line(in, &s, &n), 0);
}

static void
open_text(struct cga_input *in, const char *text, size_t len)
{
	ck_assert_int_eq(cga_input_open(in, put("p", text, len)), 0);
}

#define OPEN_TEXT(in, s)	open_text(in, s, sizeof(s) - 1)

/*
 * Line i of the generated profiles: 12 to 108 bytes, so that lines end
 * at every offset of a block: "line 0000042 " and letters.
 */
static size_t
gen_line(char *buf, size_t i)
{
	size_t	 n, len = 13 + i % 97;

	snprintf(buf, 14, "line %07zu ", i);
	for (n = 13; n < len; n++)
		buf[n] = (char)('a' + (i + n) % 26);
	buf[len] = '\0';
	return len;
}

/* Lines 0..nlines-1 of gen_line, each ending in "\n" (malloc'd). */
static char *
gen_text(size_t nlines, size_t *len)
{
	char	*text, line[128];
	size_t	 i, n, off = 0;

	text = malloc(nlines * 110);
	ck_assert_ptr_nonnull(text);
	for (i = 0; i < nlines; i++) {
		n = gen_line(line, i);
		memcpy(text + off, line, n);
		text[off + n] = '\n';
		off += n + 1;
	}
	*len = off;
	return text;
}

/* Reads the lines of gen_text back, each in place and whole. */
static void
read_gen(struct cga_input *in, size_t nlines)
{
	char	 line[128];
	size_t	 i, n;

	for (i = 0; i < nlines; i++) {
		n = gen_line(line, i);
		next_is(in, line, n, i + 1);
	}
	at_end(in);
}

START_TEST(lines_are_split_at_newlines_and_numbered)
{
	struct cga_input	 in;

	OPEN_TEXT(&in, "events: Ir\nfn=main\n\n1 5\n");
	NEXT_IS(&in, "events: Ir", 1);
	NEXT_IS(&in, "fn=main", 2);
	NEXT_IS(&in, "", 3);
	NEXT_IS(&in, "1 5", 4);
	at_end(&in);
	cga_input_close(&in);
}
END_TEST

START_TEST(an_empty_file_has_no_line)
{
	struct cga_input	 in;

	OPEN_TEXT(&in, "");
	at_end(&in);
	ck_assert_uint_eq(in.lineno, 0);
	cga_input_close(&in);
}
END_TEST

START_TEST(a_last_line_without_newline_is_a_line)
{
	struct cga_input	 in;

	OPEN_TEXT(&in, "fn=main\n1 5");
	NEXT_IS(&in, "fn=main", 1);
	NEXT_IS(&in, "1 5", 2);
	at_end(&in);
	cga_input_close(&in);

	OPEN_TEXT(&in, "x");
	NEXT_IS(&in, "x", 1);
	at_end(&in);
	cga_input_close(&in);
}
END_TEST

START_TEST(crlf_line_ends_lose_the_cr)
{
	struct cga_input	 in;

	OPEN_TEXT(&in, "events: Ir\r\n\r\n1 5\r\n2 6\r");
	NEXT_IS(&in, "events: Ir", 1);
	NEXT_IS(&in, "", 2);
	NEXT_IS(&in, "1 5", 3);
	NEXT_IS(&in, "2 6", 4);
	at_end(&in);
	cga_input_close(&in);
}
END_TEST

/* Only a CR right before the newline goes: others are the line's. */
START_TEST(a_cr_inside_a_line_stays)
{
	struct cga_input	 in;

	OPEN_TEXT(&in, "a\rb\nc\r\r\n\rd\n");
	NEXT_IS(&in, "a\rb", 1);
	NEXT_IS(&in, "c\r", 2);
	NEXT_IS(&in, "\rd", 3);
	at_end(&in);
	cga_input_close(&in);
}
END_TEST

/* 40,000 lines, 2.4 MB: three blocks, lines ending at every offset. */
START_TEST(lines_across_block_boundaries_are_whole)
{
	struct cga_input	 in;
	char			*text;
	size_t			 len;

	text = gen_text(40000, &len);
	ck_assert_uint_gt(len, 2 * BLOCK);
	open_text(&in, text, len);
	free(text);
	read_gen(&in, 40000);
	ck_assert_uint_eq(in.lineno, 40000);
	cga_input_close(&in);
}
END_TEST

/* A line of 3 MB, longer than a block: the buffer grows to hold it. */
START_TEST(a_line_longer_than_a_block_is_whole)
{
	struct cga_input	 in;
	size_t			 big = 3 * BLOCK, len = big + 5;
	char			*text, *s;
	size_t			 n, i;

	text = malloc(len);
	ck_assert_ptr_nonnull(text);
	memcpy(text, "a\n", 2);
	memset(text + 2, '#', big);
	memcpy(text + 2 + big, "\nb\n", 3);
	open_text(&in, text, len);
	free(text);
	NEXT_IS(&in, "a", 1);
	ck_assert_int_eq(cga_input_line(&in, &s, &n), 1);
	ck_assert_uint_eq(n, big);
	for (i = 0; i < n && s[i] == '#'; i++)
		continue;
	ck_assert_uint_eq(i, big);
	ck_assert_uint_eq(in.lineno, 2);
	NEXT_IS(&in, "b", 3);
	at_end(&in);
	cga_input_close(&in);
}
END_TEST

/* A line holding a NUL byte says so; the lines around it do not. */
START_TEST(nul_bytes_mark_their_lines)
{
	static const char	 text[] = "a\0b\nc\nd\0\0e\n\0\nf";
	struct cga_input	 in;

	open_text(&in, text, sizeof(text) - 1);
	NEXT_IS(&in, "a\0b", 1);
	ck_assert_int_eq(in.line_nul, 1);
	NEXT_IS(&in, "c", 2);
	ck_assert_int_eq(in.line_nul, 0);
	NEXT_IS(&in, "d\0\0e", 3);
	ck_assert_int_eq(in.line_nul, 1);
	NEXT_IS(&in, "\0", 4);
	ck_assert_int_eq(in.line_nul, 1);
	NEXT_IS(&in, "f", 5);
	ck_assert_int_eq(in.line_nul, 0);
	at_end(&in);
	cga_input_close(&in);
}
END_TEST

/* NUL bytes are looked for once a block: one in the second is found. */
START_TEST(a_nul_byte_in_a_later_block_marks_its_line)
{
	struct cga_input	 in;
	char			*text, line[128];
	size_t			 len, i, n;

	text = gen_text(25000, &len);	/* 1.5 MB */
	ck_assert_uint_gt(len, BLOCK + BLOCK / 4);
	text = realloc(text, len + 16);
	ck_assert_ptr_nonnull(text);
	memcpy(text + len, "x\0y\nz\n", 6);
	open_text(&in, text, len + 6);
	free(text);
	for (i = 0; i < 25000; i++) {
		n = gen_line(line, i);
		next_is(&in, line, n, i + 1);
		ck_assert_int_eq(in.line_nul, 0);
	}
	NEXT_IS(&in, "x\0y", 25001);
	ck_assert_int_eq(in.line_nul, 1);
	NEXT_IS(&in, "z", 25002);
	ck_assert_int_eq(in.line_nul, 0);
	at_end(&in);
	cga_input_close(&in);
}
END_TEST

/*
 * The fast reader's access: the unread bytes in place, NUL-terminated,
 * and a skip over whole lines that the line count follows.
 */
START_TEST(peek_and_skip_consume_whole_lines)
{
	struct cga_input	 in;
	char			*s;

	OPEN_TEXT(&in, "fn=main\n1 5\n2 6\n3");
	NEXT_IS(&in, "fn=main", 1);
	s = cga_input_peek(&in);
	ck_assert_str_eq(s, "1 5\n2 6\n3");
	cga_input_skip(&in, s + 8, 2);
	ck_assert_uint_eq(in.lineno, 3);
	NEXT_IS(&in, "3", 4);
	at_end(&in);
	cga_input_close(&in);
}
END_TEST

START_TEST(gzip_input_reads_as_the_plain_text)
{
	static const char	 text[] = "events: Ir\r\nfn=main\n1 5\n2 6";
	struct cga_input	 in;

	ck_assert_int_eq(cga_input_open(&in, put_gzip("p.gz", text,
	    sizeof(text) - 1)), 0);
	ck_assert_ptr_nonnull(in.gz);
	NEXT_IS(&in, "events: Ir", 1);
	NEXT_IS(&in, "fn=main", 2);
	NEXT_IS(&in, "1 5", 3);
	NEXT_IS(&in, "2 6", 4);
	at_end(&in);
	cga_input_close(&in);
}
END_TEST

/*
 * 100,000 lines, 6 MB inflated: more than the inflating thread's four
 * 1 MB slots, so the reader and the thread take turns.
 */
START_TEST(gzip_input_larger_than_the_inflaters_slots_is_whole)
{
	struct cga_input	 in;
	char			*text;
	size_t			 len;

	text = gen_text(100000, &len);
	ck_assert_uint_gt(len, 5 * BLOCK);
	ck_assert_int_eq(cga_input_open(&in, put_gzip("p.gz", text, len)),
	    0);
	free(text);
	read_gen(&in, 100000);
	cga_input_close(&in);
}
END_TEST

/* Two gzip members one after the other (cat a.gz b.gz) read as one. */
START_TEST(concatenated_gzip_members_read_as_one_text)
{
	struct cga_input	 in;
	unsigned char		*a, *b, *ab;
	size_t			 na, nb;

	a = gzip_of("fn=main\n1 ", 10, &na);
	b = gzip_of("5\n2 6\n", 6, &nb);
	ab = malloc(na + nb);
	ck_assert_ptr_nonnull(ab);
	memcpy(ab, a, na);
	memcpy(ab + na, b, nb);
	ck_assert_int_eq(cga_input_open(&in, put("ab.gz", ab, na + nb)), 0);
	free(a);
	free(b);
	free(ab);
	NEXT_IS(&in, "fn=main", 1);
	NEXT_IS(&in, "1 5", 2);
	NEXT_IS(&in, "2 6", 3);
	at_end(&in);
	cga_input_close(&in);
}
END_TEST

/* A cut stream: the lines before the cut, then an error, not an end. */
START_TEST(a_cut_gzip_stream_is_an_error_after_its_lines)
{
	struct cga_input	 in;
	char			*text, *s, line[128], want[256];
	unsigned char		*gz;
	size_t			 len, n, i, ngz;
	int			 r;

	text = gen_text(1000, &len);
	gz = gzip_of(text, len, &ngz);
	free(text);
	ck_assert_int_eq(cga_input_open(&in, put("cut.gz", gz, ngz / 2)), 0);
	free(gz);
	snprintf(want, sizeof(want), "cgannotate: %s: compressed data ends "
	    "too soon\n", path_of("cut.gz"));
	capture_begin();
	for (i = 0; (r = cga_input_line(&in, &s, &n)) == 1; i++) {
		if (i < 100 && (gen_line(line, i) != n ||
		    memcmp(line, s, n) != 0))
			break;
	}
	ck_assert_str_eq(capture_end(), want);
	ck_assert_int_eq(r, -1);
	ck_assert_uint_ge(i, 100);
	ck_assert_uint_lt(i, 1000);
	cga_input_close(&in);
}
END_TEST

START_TEST(corrupt_gzip_data_is_an_error)
{
	struct cga_input	 in;
	unsigned char		*gz;
	const char		*err;
	char			*s, want[256];
	size_t			 ngz, n;
	int			 r;

	gz = gzip_of("fn=main\n1 5\n", 12, &ngz);
	/* The first byte of the deflate data: block type 3 does not exist. */
	gz[10] = 0xff;
	ck_assert_int_eq(cga_input_open(&in, put("bad.gz", gz, ngz)), 0);
	free(gz);
	capture_begin();
	r = cga_input_line(&in, &s, &n);
	err = capture_end();
	ck_assert_int_eq(r, -1);
	snprintf(want, sizeof(want), "cgannotate: %s: bad compressed data: ",
	    path_of("bad.gz"));
	ck_assert_msg(strncmp(err, want, strlen(want)) == 0, "stderr: %s",
	    err);
	cga_input_close(&in);
}
END_TEST

/* One byte of the gzip magic alone is text. */
START_TEST(half_a_gzip_magic_is_plain_text)
{
	struct cga_input	 in;

	OPEN_TEXT(&in, "\x1f");
	NEXT_IS(&in, "\x1f", 1);
	at_end(&in);
	ck_assert_ptr_null(in.gz);
	cga_input_close(&in);
}
END_TEST

/* Runs f with standard input read from fd, which it closes. */
static void
with_stdin(int fd, void (*f)(void))
{
	int	 saved = dup(STDIN_FILENO);

	ck_assert_int_ne(saved, -1);
	ck_assert_int_ne(dup2(fd, STDIN_FILENO), -1);
	close(fd);
	f();
	dup2(saved, STDIN_FILENO);
	close(saved);
}

static struct cga_input	 stdin_in;
static int		 stdin_opened;
static char		*stdin_line;
static size_t		 stdin_len;

static void
open_stdin(void)
{
	stdin_opened = cga_input_open(&stdin_in, "-");
	if (stdin_opened == 0)
		cga_input_line(&stdin_in, &stdin_line, &stdin_len);
}

START_TEST(dash_reads_standard_input)
{
	static const char	 text[] = "fn=main\n1 5\n";
	int			 fd;

	fd = open(put("p", text, sizeof(text) - 1), O_RDONLY);
	ck_assert_int_ne(fd, -1);
	with_stdin(fd, open_stdin);
	ck_assert_int_eq(stdin_opened, 0);
	ck_assert_str_eq(stdin_in.path, "-");
	/* The first line was read while standard input was the file. */
	ck_assert_str_eq(stdin_line, "fn=main");
	NEXT_IS(&stdin_in, "1 5", 2);
	at_end(&stdin_in);
	cga_input_close(&stdin_in);
}
END_TEST

/*
 * A pipe may give the two bytes of the gzip magic in two reads: a writer
 * thread gives the first, waits, then the rest.
 */
struct slow_writer {
	int			 fd;
	const unsigned char	*data;
	size_t			 len;
};

static void *
write_slowly(void *arg)
{
	struct slow_writer	*w = arg;
	struct timespec		 pause = { 0, 50 * 1000 * 1000 };
	size_t			 off = 1;
	ssize_t			 n;

	if (write(w->fd, w->data, 1) != 1)
		return NULL;
	nanosleep(&pause, NULL);
	while (off < w->len && (n = write(w->fd, w->data + off,
	    w->len - off)) > 0)
		off += (size_t)n;
	close(w->fd);
	return NULL;
}

START_TEST(gzip_magic_split_across_pipe_reads_is_gzip)
{
	static const char	 text[] = "fn=main\n1 5\n";
	struct slow_writer	 w;
	pthread_t		 t;
	unsigned char		*gz;
	size_t			 ngz;
	int			 fds[2];

	gz = gzip_of(text, sizeof(text) - 1, &ngz);
	ck_assert_int_eq(pipe(fds), 0);
	w.fd = fds[1];
	w.data = gz;
	w.len = ngz;
	ck_assert_int_eq(pthread_create(&t, NULL, write_slowly, &w), 0);
	with_stdin(fds[0], open_stdin);
	ck_assert_int_eq(stdin_opened, 0);
	ck_assert_ptr_nonnull(stdin_in.gz);
	ck_assert_str_eq(stdin_line, "fn=main");
	NEXT_IS(&stdin_in, "1 5", 2);
	at_end(&stdin_in);
	cga_input_close(&stdin_in);
	pthread_join(t, NULL);
	free(gz);
}
END_TEST

/* cga_input_open of path fails with the message want (%s: the path). */
static void
open_fails(const char *path, const char *want_fmt)
{
	struct cga_input	 in;
	char			 want[256];
	int			 r;

	snprintf(want, sizeof(want), want_fmt, path);
	capture_begin();
	r = cga_input_open(&in, path);
	ck_assert_str_eq(capture_end(), want);
	ck_assert_int_eq(r, -1);
}

START_TEST(a_missing_file_is_an_error_naming_it)
{
	open_fails(path_of("none"), "cgannotate: %s: cannot open: No such "
	    "file or directory\n");
}
END_TEST

START_TEST(a_directory_is_an_error_naming_it)
{
	open_fails(dir, "cgannotate: %s: cannot read: Is a directory\n");
}
END_TEST

/* A file that opens but cannot be read: Linux's /proc/self/mem at 0. */
START_TEST(a_file_that_cannot_be_read_is_a_read_error)
{
	int	 fd = open("/proc/self/mem", O_RDONLY);

	if (fd == -1)
		return;		/* not Linux */
	close(fd);
	open_fails("/proc/self/mem", "cgannotate: %s: read error: "
	    "Input/output error\n");
}
END_TEST

/* Without the right to read (root has it anyway). */
START_TEST(a_file_without_read_permission_is_an_error)
{
	const char	*path;

	if (geteuid() == 0)
		return;
	path = put("secret", "events: Ir\n", 11);
	ck_assert_int_eq(chmod(path, 0), 0);
	open_fails(path, "cgannotate: %s: cannot open: Permission denied\n");
}
END_TEST

Suite *
input_suite(void)
{
	Suite	*s = suite_create("input");
	TCase	*tc = tcase_create("input");

	tcase_add_checked_fixture(tc, input_setup, input_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, lines_are_split_at_newlines_and_numbered);
	tcase_add_test(tc, an_empty_file_has_no_line);
	tcase_add_test(tc, a_last_line_without_newline_is_a_line);
	tcase_add_test(tc, crlf_line_ends_lose_the_cr);
	tcase_add_test(tc, a_cr_inside_a_line_stays);
	tcase_add_test(tc, lines_across_block_boundaries_are_whole);
	tcase_add_test(tc, a_line_longer_than_a_block_is_whole);
	tcase_add_test(tc, nul_bytes_mark_their_lines);
	tcase_add_test(tc, a_nul_byte_in_a_later_block_marks_its_line);
	tcase_add_test(tc, peek_and_skip_consume_whole_lines);
	tcase_add_test(tc, gzip_input_reads_as_the_plain_text);
	tcase_add_test(tc, gzip_input_larger_than_the_inflaters_slots_is_whole);
	tcase_add_test(tc, concatenated_gzip_members_read_as_one_text);
	tcase_add_test(tc, a_cut_gzip_stream_is_an_error_after_its_lines);
	tcase_add_test(tc, corrupt_gzip_data_is_an_error);
	tcase_add_test(tc, half_a_gzip_magic_is_plain_text);
	tcase_add_test(tc, dash_reads_standard_input);
	tcase_add_test(tc, gzip_magic_split_across_pipe_reads_is_gzip);
	tcase_add_test(tc, a_missing_file_is_an_error_naming_it);
	tcase_add_test(tc, a_directory_is_an_error_naming_it);
	tcase_add_test(tc, a_file_that_cannot_be_read_is_a_read_error);
	tcase_add_test(tc, a_file_without_read_permission_is_an_error);
	suite_add_tcase(s, tc);
	return s;
}
