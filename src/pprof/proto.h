/*
 * proto.h: a profile of pprof's profile.proto (package perftools.profiles)
 * made row by row, each row found again by what it holds: strings,
 * functions, mappings, locations, paths (a location under a path) and the
 * samples of paths; then written, gzip-compressed (proto.c, over pb.c).
 * pprof.c says what the rows are.  Ids are those of the format:
 * strings from 0 (the empty string), the rest from 1.
 */
#ifndef CGA_PROTO_H
#define CGA_PROTO_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "pprof/idtab.h"

struct cga_proto {
	size_t		 nval;		/* values a sample */
	struct cga_idtab str, fn, map, loc, path;
	int64_t		*start;		/* by function: its first line, or 0 */
	size_t		*sample;	/* by path: 1 + its sample, or 0 */
	size_t		*spath;		/* by sample: its path */
	int64_t		*val;		/* by sample: nval values */
	size_t		 nsample;
	size_t		*comment;	/* strings */
	size_t		 ncomment;
	size_t		 fncap, pathcap, spathcap, valcap, commentcap;
	int		 err;		/* a value past 64 bits, signed */
};

void	 cga_proto_init(struct cga_proto *, size_t nval);
void	 cga_proto_free(struct cga_proto *);
/* A string, as cga_out_utf8 writes it (a profile's names are in them). */
size_t	 cga_proto_str(struct cga_proto *, const char *);
/* The function of a name and a file (strings); line, one of its lines. */
size_t	 cga_proto_fn(struct cga_proto *, size_t name, size_t file,
	    uint64_t line);
/* The mapping of an object (a string). */
size_t	 cga_proto_map(struct cga_proto *, size_t name);
/* A location: a line of a function, in a mapping (or 0) at an address. */
size_t	 cga_proto_loc(struct cga_proto *, size_t map, uint64_t addr,
	    size_t fn, uint64_t line);
/* The path of a location under a path (0: none, the location a root). */
size_t	 cga_proto_path(struct cga_proto *, size_t parent, size_t loc);
/* v more of value k of the sample of a path; less when sign < 0. */
void	 cga_proto_add(struct cga_proto *, size_t path, size_t k, int sign,
	    uint64_t v);
/* A comment, printf's way. */
void	 cga_proto_comment(struct cga_proto *, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));
/*
 * The profile to out, the rows its samples use: its values' types and
 * their unit (strings), the default type; the mapping of an object named
 * main (or ending in /main) first, pprof's main binary.  0, or -1 when
 * zlib failed (said).
 */
int	 cga_proto_write(FILE *out, const struct cga_proto *,
	    const size_t *type, size_t unit, size_t deftype, const char *main);

#endif
