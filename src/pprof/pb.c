/* pb.c: protocol buffers' wire format by hand, and a gzip stream of it. */
#include <stdlib.h>
#include <string.h>

#include "pprof/pb.h"
#include "base/xalloc.h"

/* Room for n more bytes. */
static void
room(struct cga_pb *m, size_t n)
{
	if (n > m->cap - m->n) {
		while (n > m->cap - m->n)
			m->cap = m->cap ? 2 * m->cap : 256;
		m->b = xreallocarray(m->b, m->cap, 1);
	}
}

static void
put(struct cga_pb *m, const void *s, size_t n)
{
	room(m, n);
	if (n > 0)
		memcpy(m->b + m->n, s, n);
	m->n += n;
}

/* Seven bits a byte, the lowest first; the top bit: more follow. */
void
cga_pb_varint(struct cga_pb *m, uint64_t v)
{
	room(m, 10);
	while (v > 0x7f) {
		m->b[m->n++] = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	m->b[m->n++] = (unsigned char)v;
}

/* A field's key is its number and its wire type: 0 varint, 2 length. */
void
cga_pb_int(struct cga_pb *m, unsigned f, uint64_t v)
{
	if (v == 0)
		return;
	cga_pb_varint(m, (uint64_t)f << 3);
	cga_pb_varint(m, v);
}

void
cga_pb_bytes(struct cga_pb *m, unsigned f, const void *s, size_t n)
{
	cga_pb_varint(m, (uint64_t)f << 3 | 2);
	cga_pb_varint(m, n);
	put(m, s, n);
}

void
cga_pb_msg(struct cga_pb *m, unsigned f, struct cga_pb *sub)
{
	cga_pb_bytes(m, f, sub->b, sub->n);
	sub->n = 0;
}

void
cga_pb_free(struct cga_pb *m)
{
	free(m->b);
	memset(m, 0, sizeof(*m));
}

int
cga_gz_start(struct cga_gz *g, FILE *out)
{
	memset(&g->z, 0, sizeof(g->z));
	memset(&g->in, 0, sizeof(g->in));
	g->out = out;
	g->err = 0;
	/* windowBits 15 + 16: a gzip header and trailer around deflate. */
	return deflateInit2(&g->z, Z_BEST_SPEED, Z_DEFLATED, 15 + 16,
	    8, Z_DEFAULT_STRATEGY) == Z_OK ? 0 : -1;
}

/* n bytes at s into the stream, flushed as flush says after the last. */
static void
run(struct cga_gz *g, const unsigned char *s, size_t n, int flush)
{
	size_t	 chunk;
	int	 rc, f;

	do {
		chunk = n < (1u << 30) ? n : 1u << 30;
		g->z.next_in = (Bytef *)(uintptr_t)s;
		g->z.avail_in = (uInt)chunk;
		s += chunk;
		n -= chunk;
		f = n > 0 ? Z_NO_FLUSH : flush;
		do {
			g->z.next_out = g->buf;
			g->z.avail_out = sizeof(g->buf);
			if ((rc = deflate(&g->z, f)) == Z_STREAM_ERROR)
				g->err = 1;
			fwrite(g->buf, 1, sizeof(g->buf) - g->z.avail_out,
			    g->out);
		} while (!g->err && (g->z.avail_out == 0 ||
		    (f == Z_FINISH && rc != Z_STREAM_END)));
	} while (n > 0 && !g->err);
}

void
cga_gz_put(struct cga_gz *g, struct cga_pb *m)
{
	put(&g->in, m->b, m->n);
	m->n = 0;
	if (g->in.n >= sizeof(g->buf)) {
		run(g, g->in.b, g->in.n, Z_NO_FLUSH);
		g->in.n = 0;
	}
}

int
cga_gz_end(struct cga_gz *g)
{
	run(g, g->in.b, g->in.n, Z_FINISH);
	deflateEnd(&g->z);
	cga_pb_free(&g->in);
	return g->err ? -1 : 0;
}
