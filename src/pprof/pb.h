/*
 * pb.h: protocol buffers' wire format, written by hand (varints and
 * length-delimited fields, a message made in memory so that its length
 * is known before it), and a gzip stream to write a message's fields to;
 * used by proto.c.  By hand: the wire format is small and stable, and
 * protobuf-c would be a dependency for some 100 lines.
 */
#ifndef CGA_PB_H
#define CGA_PB_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <zlib.h>

/* A message being made: its bytes. */
struct cga_pb {
	unsigned char	*b;
	size_t		 n, cap;
};

void	cga_pb_varint(struct cga_pb *, uint64_t);
/* Field f, a varint (a negative number in ten bytes); a 0 is left out. */
void	cga_pb_int(struct cga_pb *, unsigned f, uint64_t);
/* Field f, of n bytes: a string, a message, packed numbers. */
void	cga_pb_bytes(struct cga_pb *, unsigned f, const void *, size_t n);
/* Field f, a message made in sub, which is emptied. */
void	cga_pb_msg(struct cga_pb *, unsigned f, struct cga_pb *sub);
void	cga_pb_free(struct cga_pb *);

/*
 * A gzip-compressed stream of fields (zlib's gzip wrapper), deflated a
 * block at a time: a call of deflate for each small message took more
 * time than the compression.
 */
struct cga_gz {
	z_stream	 z;
	FILE		*out;
	int		 err;		/* zlib failed */
	struct cga_pb	 in;		/* what waits for deflate */
	unsigned char	 buf[1 << 16];
};

/* 0, or -1 when zlib cannot start (out of memory). */
int	cga_gz_start(struct cga_gz *, FILE *out);
/* The bytes of m go out, and m is emptied. */
void	cga_gz_put(struct cga_gz *, struct cga_pb *m);
/* The stream ends: 0, or -1 when zlib failed. */
int	cga_gz_end(struct cga_gz *);

#endif
