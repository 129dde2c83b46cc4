/* input.c: block reads and line splitting, without per-line allocation. */
#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "input.h"
#include "xalloc.h"

#define INPUT_BLOCK	(1024 * 1024)

int
cga_input_open(struct cga_input *in, const char *path)
{
	struct stat	 st;

	memset(in, 0, sizeof(*in));
	in->path = path;
	in->fd = open(path, O_RDONLY);
	if (in->fd == -1) {
		cga_diag("%s: cannot open: %s", path, strerror(errno));
		return -1;
	}
	if (fstat(in->fd, &st) == -1 || S_ISDIR(st.st_mode)) {
		cga_diag("%s: cannot read: %s", path,
		    S_ISDIR(st.st_mode) ? "Is a directory" : strerror(errno));
		close(in->fd);
		in->fd = -1;
		return -1;
	}
	in->cap = INPUT_BLOCK;
	in->buf = xmalloc(in->cap + 1);
	in->nul = SIZE_MAX;
	return 0;
}

void
cga_input_close(struct cga_input *in)
{
	if (in->fd != -1)
		close(in->fd);
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
		in->cap *= 2;
		in->buf = xreallocarray(in->buf, in->cap + 1, 1);
	}
	do
		n = read(in->fd, in->buf + in->end, in->cap - in->end);
	while (n == -1 && errno == EINTR);
	if (n == -1) {
		cga_diag("%s: read error: %s", in->path, strerror(errno));
		return -1;
	}
	if (n == 0) {
		in->eof = 1;
		return 0;
	}
	/* NUL bytes are looked for once a block, not once a line. */
	if (in->nul == SIZE_MAX && (nul = memchr(in->buf + in->end, '\0',
	    (size_t)n)) != NULL)
		in->nul = (size_t)(nul - in->buf);
	in->end += (size_t)n;
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
		if ((r = fill(in)) == -1)
			return -1;
	}
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
