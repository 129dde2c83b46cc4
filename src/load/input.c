/*
 * input.c: block reads and line splitting, without per-line allocation;
 * gzip-compressed input (known by its magic bytes) inflated on the way.
 */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <zlib.h>

#include "base/diag.h"
#include "base/num.h"
#include "base/xalloc.h"
#include "load/input.h"

#define INPUT_BLOCK	(1024 * 1024)
/* Profiles at least this big show how far reading has come. */
#define PROGRESS_SIZE	(64 * 1024 * 1024)
#define GZIP_BLOCK	(256 * 1024)
/* Inflated bytes a slot holds, and the slots the inflater may fill ahead. */
#define GZIP_OUT	(1024 * 1024)
#define GZIP_SLOTS	4

/*
 * An error met while inflating, printed by the reader when it comes to
 * it: the thread that inflates prints nothing.
 */
struct gz_err {
	enum cga_msg	 msg;
	char		 detail[256];	/* its argument */
};

/*
 * Inflated bytes handed from the inflating thread to the reader: a block,
 * then the end of the stream (end 1, len 0) or an error (end -1).
 */
struct gz_slot {
	char		*data;
	size_t		 len;
	size_t		 off;		/* bytes the reader has taken */
	int		 end;
	uint64_t	 read;		/* compressed bytes read by then */
	struct gz_err	 err;
};

/*
 * Inflation runs in a thread of its own, a few blocks ahead of the lines
 * being read, so that it costs no time of the loader's: it takes about as
 * long as the loading on the 512 MB benchmark.  If the thread cannot be
 * made, the reader inflates by itself.
 */
struct cga_gzip {
	z_stream	 z;
	unsigned char	*in;		/* compressed bytes read */
	int		 eof;		/* no more compressed bytes */
	int		 done;		/* the last member ended */
	uint64_t	 read;		/* compressed bytes read so far */

	int		 threaded;
	pthread_t	 thread;
	pthread_mutex_t	 lock;
	pthread_cond_t	 cond;
	struct gz_slot	 slot[GZIP_SLOTS];
	uint64_t	 filled;	/* slots filled, ever; the inflater's */
	uint64_t	 taken;		/* slots taken, ever; the reader's */
	int		 stop;		/* the reader closes the input */
};

/* On a terminal, "cgannotate: reading FILE: 42%" as a big file is read. */
static void
progress(struct cga_input *in, size_t n)
{
	int	 percent;

	in->done += n;
	percent = (int)(in->done * 100 / in->size);
	if (percent == in->percent)
		return;
	in->percent = percent;
	cga_diag_progress_show(in->path, percent);
}

/* read(2), going on after signals: bytes read, 0 at the end, -1. */
static ssize_t
read_raw(int fd, void *buf, size_t len)
{
	ssize_t	 n;

	do
		n = read(fd, buf, len);
	while (n == -1 && errno == EINTR);
	return n;
}

/*
 * Inputs that cannot be read twice (standard input, a pipe, a FIFO) and
 * were read while keeping was on: what was read of them, and their open
 * descriptor, for the next open of the same path to read again.
 */
struct kept {
	char	*path;
	int	 fd;
	char	*data;
	size_t	 len;
};

static struct kept	*kept;
static size_t		 nkept;
static int		 keeping;

/*
 * The descriptor path names, or -1: "-" and /dev/stdin are standard
 * input, /dev/fd/N (what <(...) gives) and /proc/self/fd/N descriptor N.
 * They are read through a copy of it: opening a pipe's name again would
 * wait for a writer that may be gone, the data still in the pipe.
 */
static int
fd_named(const char *path)
{
	const char	*n = NULL;
	uint64_t	 v;

	if (strcmp(path, "-") == 0 || strcmp(path, "/dev/stdin") == 0)
		return STDIN_FILENO;
	if (strncmp(path, "/dev/fd/", 8) == 0)
		n = path + 8;
	else if (strncmp(path, "/proc/self/fd/", 14) == 0)
		n = path + 14;
	if (n == NULL || *n < '0' || *n > '9' || cga_number(&n, &v) != NUM_OK)
		return -1;
	return *n == '\0' && v < 65536 ? (int)v : -1;
}

int
cga_input_once(const char *path)
{
	struct stat	 st;

	return fd_named(path) != -1 ||
	    (stat(path, &st) == 0 && !S_ISREG(st.st_mode) &&
	    !S_ISDIR(st.st_mode));
}

void
cga_input_keep_pipes(int on)
{
	keeping = on;
}

void
cga_input_forget(void)
{
	size_t	 i;

	for (i = 0; i < nkept; i++) {
		close(kept[i].fd);
		free(kept[i].path);
		free(kept[i].data);
	}
	free(kept);
	kept = NULL;
	nkept = 0;
}

/* The bytes of the input: first those kept of it, then the file's. */
static ssize_t
in_read(struct cga_input *in, void *buf, size_t len)
{
	ssize_t	 n;
	size_t	 left = in->nreplay - in->replayed;

	if (left > 0) {
		n = (ssize_t)(left < len ? left : len);
		memcpy(buf, in->replay + in->replayed, (size_t)n);
		in->replayed += (size_t)n;
		return n;
	}
	n = read_raw(in->fd, buf, len);
	if (n > 0 && in->keep) {
		in->kept = xreallocarray(in->kept, in->nkept + (size_t)n, 1);
		memcpy(in->kept + in->nkept, buf, (size_t)n);
		in->nkept += (size_t)n;
	}
	return n;
}

/* in_read, with the error printed and the progress shown. */
static ssize_t
read_some(struct cga_input *in, void *buf, size_t len)
{
	ssize_t	 n;

	if ((n = in_read(in, buf, len)) == -1) {
		if (!in->quiet)
			cga_diag_msgf(in->path, 0, CGA_MSG_READ_ERROR,
			    strerror(errno));
	}
	else if (in->size > 0)
		progress(in, (size_t)n);
	return n;
}

static int	gz_start(struct cga_input *);

/*
 * Reads the input's first bytes: a gzip stream is inflated from then on,
 * anything else is kept as it is.  0, or -1 after printing an error.
 */
static int
sniff(struct cga_input *in)
{
	struct cga_gzip	*gz;
	ssize_t		 n;
	size_t		 have = 0;

	/* Two bytes tell, but a pipe may give them one at a time. */
	while (have < 2) {
		if ((n = read_some(in, in->buf + have, in->cap - have)) == -1)
			return -1;
		if (n == 0)
			break;
		have += (size_t)n;
	}
	if (have < 2 || (unsigned char)in->buf[0] != 0x1f ||
	    (unsigned char)in->buf[1] != 0x8b) {
		in->end = have;
		in->got = have;
		in->eof = have == 0;
		return 0;
	}
	gz = xcalloc(1, sizeof(*gz));
	gz->in = xmalloc(GZIP_BLOCK > have ? GZIP_BLOCK : have);
	memcpy(gz->in, in->buf, have);
	gz->z.next_in = gz->in;
	gz->z.avail_in = (uInt)have;
	if (inflateInit2(&gz->z, 16 + MAX_WBITS) != Z_OK) {
		cga_diag_msgf(in->path, 0, CGA_MSG_GZIP_INIT,
		    gz->z.msg ? gz->z.msg : "zlib error");
		free(gz->in);
		free(gz);
		return -1;
	}
	gz->read = have;
	in->gz = gz;
	gz_start(in);
	return 0;
}

/*
 * The next compressed bytes: 0, or -1 with the error in err.  In the
 * inflating thread the read is the one place it may be cancelled.
 */
static int
gz_read(struct cga_input *in, struct gz_err *err)
{
	struct cga_gzip	*gz = in->gz;
	ssize_t		 n;
	int		 old;

	if (gz->threaded)
		pthread_setcancelstate(PTHREAD_CANCEL_ENABLE, &old);
	n = in_read(in, gz->in, GZIP_BLOCK);
	if (gz->threaded)
		pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
	if (n == -1) {
		err->msg = CGA_MSG_READ_ERROR;
		snprintf(err->detail, sizeof(err->detail), "%s",
		    strerror(errno));
		return -1;
	}
	gz->read += (uint64_t)n;
	gz->eof = n == 0;
	gz->z.next_in = gz->in;
	gz->z.avail_in = (uInt)n;
	return 0;
}

/*
 * Inflates into buf: bytes made, 0 at the end, -1 with the error in err
 * (printed by the reader when it comes to it).
 */
static ssize_t
inflate_some(struct cga_input *in, char *buf, size_t len, struct gz_err *err)
{
	struct cga_gzip	*gz = in->gz;
	int		 r;

	gz->z.next_out = (unsigned char *)buf;
	gz->z.avail_out = (uInt)(len > UINT32_MAX ? UINT32_MAX : len);
	while (gz->z.avail_out == len && !gz->done) {
		if (gz->z.avail_in == 0 && !gz->eof &&
		    gz_read(in, err) == -1)
			return -1;
		r = inflate(&gz->z, Z_NO_FLUSH);
		if (r == Z_STREAM_END) {
			/* gzip files may hold several members, one after
			 * another, as cat of two .gz files makes them. */
			if (gz->z.avail_in == 0 && !gz->eof &&
			    gz_read(in, err) == -1)
				return -1;
			if (gz->z.avail_in == 0) {
				gz->done = 1;
				break;
			}
			if (inflateReset(&gz->z) != Z_OK)
				r = Z_DATA_ERROR;
			else
				continue;
		} else if (r == Z_BUF_ERROR && gz->z.avail_in == 0 && gz->eof) {
			err->msg = CGA_MSG_GZIP_SHORT;
			err->detail[0] = '\0';
			return -1;
		}
		if (r != Z_OK && r != Z_STREAM_END && r != Z_BUF_ERROR) {
			err->msg = CGA_MSG_GZIP_BAD;
			snprintf(err->detail, sizeof(err->detail), "%s",
			    gz->z.msg ? gz->z.msg : "zlib error");
			return -1;
		}
	}
	return (ssize_t)(len - gz->z.avail_out);
}

/* The inflating thread: fills the slots in turn until the stream ends. */
static void *
gz_thread(void *arg)
{
	struct cga_input	*in = arg;
	struct cga_gzip		*gz = in->gz;
	struct gz_slot		*sl;
	ssize_t			 n;
	int			 old, stop;

	pthread_setcancelstate(PTHREAD_CANCEL_DISABLE, &old);
	for (;;) {
		pthread_mutex_lock(&gz->lock);
		while (gz->filled - gz->taken == GZIP_SLOTS && !gz->stop)
			pthread_cond_wait(&gz->cond, &gz->lock);
		stop = gz->stop;
		pthread_mutex_unlock(&gz->lock);
		if (stop)
			break;
		sl = &gz->slot[gz->filled % GZIP_SLOTS];
		n = inflate_some(in, sl->data, GZIP_OUT, &sl->err);
		sl->len = n > 0 ? (size_t)n : 0;
		sl->off = 0;
		sl->end = n == 0 ? 1 : n == -1 ? -1 : 0;
		sl->read = gz->read;
		pthread_mutex_lock(&gz->lock);
		gz->filled++;
		pthread_cond_broadcast(&gz->cond);
		pthread_mutex_unlock(&gz->lock);
		if (sl->end != 0)
			break;
	}
	return NULL;
}

/* Starts the inflating thread: 0, or -1 to inflate in the reader. */
static int
gz_start(struct cga_input *in)
{
	struct cga_gzip	*gz = in->gz;
	size_t		 i;

	for (i = 0; i < GZIP_SLOTS; i++)
		gz->slot[i].data = xmalloc(GZIP_OUT);
	if (pthread_mutex_init(&gz->lock, NULL) != 0)
		return -1;
	if (pthread_cond_init(&gz->cond, NULL) != 0) {
		pthread_mutex_destroy(&gz->lock);
		return -1;
	}
	gz->threaded = 1;
	if (pthread_create(&gz->thread, NULL, gz_thread, in) != 0) {
		gz->threaded = 0;
		pthread_cond_destroy(&gz->cond);
		pthread_mutex_destroy(&gz->lock);
		return -1;
	}
	return 0;
}

/* Stops the inflating thread, wherever it is, and waits for it. */
static void
gz_stop(struct cga_gzip *gz)
{
	pthread_mutex_lock(&gz->lock);
	gz->stop = 1;
	pthread_cond_broadcast(&gz->cond);
	pthread_mutex_unlock(&gz->lock);
	/* It may be waiting on a read from a pipe that never ends. */
	pthread_cancel(gz->thread);
	pthread_join(gz->thread, NULL);
	pthread_cond_destroy(&gz->cond);
	pthread_mutex_destroy(&gz->lock);
}

/* Takes up to len inflated bytes from the thread: bytes, 0 at the end, -1. */
static ssize_t
gz_take(struct cga_input *in, char *buf, size_t len)
{
	struct cga_gzip	*gz = in->gz;
	struct gz_slot	*sl;
	size_t		 n;

	pthread_mutex_lock(&gz->lock);
	while (gz->taken == gz->filled)
		pthread_cond_wait(&gz->cond, &gz->lock);
	pthread_mutex_unlock(&gz->lock);
	sl = &gz->slot[gz->taken % GZIP_SLOTS];
	if (in->size > 0 && sl->off == 0 && sl->read > in->done)
		progress(in, (size_t)(sl->read - in->done));
	if (sl->end == -1) {
		cga_diag_msgf(in->path, 0, sl->err.msg, sl->err.detail);
		return -1;
	}
	if (sl->end == 1)
		return 0;	/* the slot stays: the end is for good */
	n = sl->len - sl->off < len ? sl->len - sl->off : len;
	memcpy(buf, sl->data + sl->off, n);
	sl->off += n;
	if (sl->off == sl->len) {
		pthread_mutex_lock(&gz->lock);
		gz->taken++;
		pthread_cond_broadcast(&gz->cond);
		pthread_mutex_unlock(&gz->lock);
	}
	return (ssize_t)n;
}

/* Inflated bytes into buf, from the thread or inflated here. */
static ssize_t
gz_some(struct cga_input *in, char *buf, size_t len)
{
	struct gz_err	 err;
	ssize_t		 n;

	if (in->gz->threaded)
		return gz_take(in, buf, len);
	n = inflate_some(in, buf, len, &err);
	if (n == -1)
		cga_diag_msgf(in->path, 0, err.msg, err.detail);
	if (in->size > 0 && in->gz->read > in->done)
		progress(in, (size_t)(in->gz->read - in->done));
	return n;
}

int
cga_input_open(struct cga_input *in, const char *path)
{
	struct stat	 st;
	size_t		 i;
	int		 fd;

	memset(in, 0, sizeof(*in));
	in->path = path;
	for (i = 0; i < nkept; i++)
		if (strcmp(kept[i].path, path) == 0)
			break;
	if (i < nkept) {
		/* Read before: that again, then the rest. */
		in->fd = kept[i].fd;
		in->replay = kept[i].data;
		in->nreplay = kept[i].len;
		free(kept[i].path);
		kept[i] = kept[--nkept];
	} else if ((fd = fd_named(path)) != -1)
		in->fd = dup(fd);
	else
		in->fd = open(path, O_RDONLY);
	if (in->fd == -1) {
		cga_diag_msgf(path, 0, CGA_MSG_OPEN, strerror(errno));
		return -1;
	}
	if (fstat(in->fd, &st) == -1 || S_ISDIR(st.st_mode)) {
		cga_diag_msgf(path, 0, CGA_MSG_READ, S_ISDIR(st.st_mode) ?
		    "Is a directory" : strerror(errno));
		close(in->fd);
		in->fd = -1;
		return -1;
	}
	/* A descriptor of ours shares its offset, even on a file. */
	in->keep = keeping && (!S_ISREG(st.st_mode) || fd_named(path) != -1);
	in->regular = S_ISREG(st.st_mode);
	in->fsize = (uint64_t)st.st_size;
	in->cap = INPUT_BLOCK;
	in->buf = xcalloc(in->cap + 1, 1);
	in->nul = SIZE_MAX;
	in->percent = -1;
	if (S_ISREG(st.st_mode) && st.st_size >= PROGRESS_SIZE &&
	    isatty(STDERR_FILENO) && !cga_diag_silent)
		in->size = (uint64_t)st.st_size;
	if (sniff(in) == -1) {
		cga_input_close(in);
		return -1;
	}
	/* The bytes sniffed are data: look for NUL bytes in them. */
	if (in->end > 0) {
		char *nul = memchr(in->buf, '\0', in->end);

		if (nul != NULL)
			in->nul = (size_t)(nul - in->buf);
	}
	return 0;
}

int
cga_input_open_at(struct cga_input *in, const char *path, uint64_t off)
{
	memset(in, 0, sizeof(*in));
	in->path = path;
	if ((in->fd = open(path, O_RDONLY)) == -1)
		return -1;
	if (lseek(in->fd, (off_t)off, SEEK_SET) == (off_t)-1) {
		close(in->fd);
		in->fd = -1;
		return -1;
	}
	in->regular = 1;
	in->quiet = 1;
	in->cap = INPUT_BLOCK;
	in->buf = xcalloc(in->cap + 1, 1);
	in->nul = SIZE_MAX;
	in->percent = -1;
	in->got = off;
	return 0;
}

int
cga_input_seek(struct cga_input *in, uint64_t off, uint64_t lines)
{
	if (lseek(in->fd, (off_t)off, SEEK_SET) == (off_t)-1) {
		cga_diag_msgf(in->path, 0, CGA_MSG_READ_ERROR, strerror(errno));
		return -1;
	}
	in->start = in->end = 0;
	in->nul = SIZE_MAX;
	in->eof = 0;
	in->got = off;
	if (in->size > 0)
		in->done = off;
	in->lineno += lines;
	return 0;
}

void
cga_input_close(struct cga_input *in)
{
	if (in->size > 0)
		cga_diag_progress_end();
	in->size = 0;
	/* The inflating thread reads the file: it stops before the close. */
	if (in->gz != NULL && in->gz->threaded)
		gz_stop(in->gz);
	if (in->keep && in->fd != -1) {
		/* Kept open, with what was read, for the next open. */
		kept = xreallocarray(kept, nkept + 1, sizeof(*kept));
		kept[nkept].path = xstrdup(in->path);
		kept[nkept].fd = in->fd;
		kept[nkept].data = in->kept;
		kept[nkept++].len = in->nkept;
		in->kept = NULL;
		in->fd = -1;
	}
	free(in->kept);
	in->kept = NULL;
	free(in->replay);
	in->replay = NULL;
	if (in->fd != -1)
		close(in->fd);
	if (in->gz != NULL) {
		inflateEnd(&in->gz->z);
		for (size_t i = 0; i < GZIP_SLOTS; i++)
			free(in->gz->slot[i].data);
		free(in->gz->in);
		free(in->gz);
		in->gz = NULL;
	}
	free(in->buf);
	in->buf = NULL;
	in->fd = -1;
}

/* Reads more bytes behind the unread ones: 1 read, 0 end, -1 error. */
static int
fill(struct cga_input *in)
{
	ssize_t	 n;
	char	*nul;

	if (in->start > 0) {
		memmove(in->buf, in->buf + in->start, in->end - in->start);
		in->end -= in->start;
		if (in->nul != SIZE_MAX)
			in->nul -= in->start;
		in->start = 0;
	}
	if (in->end == in->cap) {
		/* One line fills the buffer: make room for it. */
		in->buf = xreallocarray(in->buf, 2 * in->cap + 1, 1);
		in->cap *= 2;
	}
	if (in->gz != NULL)
		n = gz_some(in, in->buf + in->end, in->cap - in->end);
	else
		n = read_some(in, in->buf + in->end, in->cap - in->end);
	if (n == -1)
		return -1;
	if (n == 0) {
		in->eof = 1;
		return 0;
	}
	/* NUL bytes are looked for once a block, not once a line. */
	if (in->nul == SIZE_MAX && (nul = memchr(in->buf + in->end, '\0',
	    (size_t)n)) != NULL)
		in->nul = (size_t)(nul - in->buf);
	in->end += (size_t)n;
	in->got += (uint64_t)n;
	return 1;
}

int
cga_input_line(struct cga_input *in, char **line, size_t *len)
{
	char	*s, *nl;
	size_t	 scanned = 0;
	int	 r;

	for (;;) {
		s = in->buf + in->start;
		nl = memchr(s + scanned, '\n', in->end - in->start - scanned);
		if (nl != NULL)
			break;
		if (in->eof) {
			if (in->start == in->end)
				return 0;
			/* A last line without a newline. */
			nl = in->buf + in->end;
			break;
		}
		scanned = in->end - in->start;
		if (scanned > CGA_LINE_MAX) {
			/* /dev/zero, a comment inflating to gigabytes */
			if (!in->quiet)
				cga_diag_msg(in->path, in->lineno + 1,
				    CGA_MSG_LINE_LONG, s, CGA_DIAG_QUOTE);
			return -1;
		}
		if ((r = fill(in)) == -1)
			return -1;
	}
	in->unended = nl == in->buf + in->end;
	in->start = (size_t)(nl - in->buf) + (nl < in->buf + in->end);
	in->line_nul = in->nul < (size_t)(nl - in->buf);
	if (in->line_nul) {
		char *next = memchr(in->buf + in->start, '\0',
		    in->end - in->start);

		in->nul = next != NULL ? (size_t)(next - in->buf) : SIZE_MAX;
	}
	if (nl > s && nl[-1] == '\r')
		nl--;
	*nl = '\0';
	*line = s;
	*len = (size_t)(nl - s);
	in->lineno++;
	return 1;
}
