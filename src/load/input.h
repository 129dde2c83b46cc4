/*
 * input.h: reads a profile line by line in large blocks, from a file or
 * standard input ("-"), gzip-compressed or not; used by the loader
 * (load/, and events.c to sniff a profile's events), main.c and cli/
 * (which inputs can be read only once).
 */
#ifndef CGA_INPUT_H
#define CGA_INPUT_H

#include <stddef.h>
#include <stdint.h>

struct cga_gzip;

/*
 * The longest line read, far above any real one (names reach a few
 * hundred KB): a longer one is an error, not a buffer grown until memory
 * runs out.
 */
#define CGA_LINE_MAX		(16u * 1024 * 1024)	/* diag.c says it */

struct cga_input {
	const char	*path;
	int		 fd;
	struct cga_gzip	*gz;		/* set when the input is compressed */
	char		*buf;
	size_t		 cap;
	size_t		 start;		/* first unread byte */
	size_t		 end;		/* end of the bytes read */
	int		 eof;
	uint64_t	 lineno;	/* number of the line last returned */
	size_t		 nul;		/* first NUL byte not yet returned */
	uint64_t	 size;		/* of the file, when progress is shown */
	uint64_t	 done;		/* bytes of it read */
	uint64_t	 got;		/* bytes read, inflated: always kept */
	int		 percent;	/* last shown */
	int		 quiet;	/* says nothing: the loader will */
	int		 regular;	/* a regular file, */
	uint64_t	 fsize;		/* of this size */
	int		 line_nul;	/* the line last returned holds a NUL */
	int		 unended;	/* it is the last, without a newline */
	char		*replay;	/* bytes read before, read again first */
	size_t		 nreplay;
	size_t		 replayed;
	int		 keep;		/* keeps what it reads (a pipe read */
	char		*kept;		/* twice: see cga_input_keep_pipes) */
	size_t		 nkept;
};

/*
 * While on, an input that cannot be read twice (standard input, a pipe,
 * a FIFO) keeps what is read of it and stays open when closed; the next
 * open of the same path reads those bytes again, then the rest.  So a
 * look at a profile's header before loading it loses nothing.
 */
void	cga_input_keep_pipes(int on);
/*
 * Whether path can be read only once: standard input ("-", /dev/stdin),
 * a descriptor (/dev/fd/N), a pipe, a FIFO, a device.
 */
int	cga_input_once(const char *path);
/* Closes what was kept and never opened again. */
void	cga_input_forget(void);
/* 0, or -1 after printing why the file cannot be read. */
int	cga_input_open(struct cga_input *, const char *path);
void	cga_input_close(struct cga_input *);
/*
 * A second reader of the regular file at path, from offset off (a line
 * start) on, that says nothing of what goes wrong: 0, or -1.  And the input moved on to offset off
 * of its file (cga_input_plain), lines more read: 0, or -1 after the
 * message.
 */
int	cga_input_open_at(struct cga_input *, const char *path, uint64_t off);
int	cga_input_seek(struct cga_input *, uint64_t off, uint64_t lines);
/*
 * The unread bytes of the block, for a reader that parses them in place:
 * they end at a NUL byte, put past the last byte read, or at the first
 * NUL byte of the data.  Lines that end in a newline before that NUL are
 * whole; cga_input_skip(in, past, lines) then consumes them.
 */
static inline char *
cga_input_peek(struct cga_input *in)
{
	in->buf[in->end] = '\0';
	return in->buf + in->start;
}

static inline void
cga_input_skip(struct cga_input *in, const char *past, uint64_t lines)
{
	in->start = (size_t)(past - in->buf);
	in->lineno += lines;
}

/*
 * Whether the bytes of the block are the file's own, at offsets that
 * cga_input_offset tells: a regular file, not compressed, nothing of it
 * read before (a pipe's bytes kept).
 */
static inline int
cga_input_plain(const struct cga_input *in)
{
	return in->regular && in->gz == NULL && in->nreplay == 0 && !in->keep;
}

/* Where in the file the byte at s of the block is (cga_input_plain). */
static inline uint64_t
cga_input_offset(const struct cga_input *in, const char *s)
{
	return in->got - in->end + (uint64_t)(s - in->buf);
}

/*
 * The next line, without its newline and a CR before it, NUL-terminated
 * in place: 1, 0 at the end of the input, -1 after printing a read error.
 */
int	cga_input_line(struct cga_input *, char **line, size_t *len);

#endif
