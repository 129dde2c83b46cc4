/* proto.c: a profile of pprof's profile.proto, made row by row, written. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "base/out.h"
#include "pprof/pb.h"
#include "pprof/proto.h"
#include "base/xalloc.h"

/* profile.proto's fields, by message (google/pprof's proto/profile.proto). */
enum { PROFILE_SAMPLE_TYPE = 1, PROFILE_SAMPLE, PROFILE_MAPPING,
	PROFILE_LOCATION, PROFILE_FUNCTION, PROFILE_STRING_TABLE,
	PROFILE_COMMENT = 13, PROFILE_DEFAULT_SAMPLE_TYPE };
enum { VALUE_TYPE_TYPE = 1, VALUE_TYPE_UNIT };
enum { SAMPLE_LOCATION_ID = 1, SAMPLE_VALUE };
enum { MAPPING_ID = 1, MAPPING_MEMORY_START, MAPPING_MEMORY_LIMIT,
	MAPPING_FILE_OFFSET, MAPPING_FILENAME, MAPPING_BUILD_ID,
	MAPPING_HAS_FUNCTIONS, MAPPING_HAS_FILENAMES,
	MAPPING_HAS_LINE_NUMBERS };
enum { LOCATION_ID = 1, LOCATION_MAPPING_ID, LOCATION_ADDRESS,
	LOCATION_LINE };
enum { LINE_FUNCTION_ID = 1, LINE_LINE };
enum { FUNCTION_ID = 1, FUNCTION_NAME, FUNCTION_SYSTEM_NAME,
	FUNCTION_FILENAME, FUNCTION_START_LINE };

/*
 * Room for n items of size bytes in *a, of which *cap are there; what is
 * new is not cleared (untouched, it takes no memory).
 */
static void
room(void *a, size_t *cap, size_t n, size_t size)
{
	void	**p = a;

	if (n <= *cap)
		return;
	while (*cap < n)
		*cap = *cap ? 2 * *cap : 256;
	*p = xreallocarray(*p, *cap, size);
}

size_t
cga_proto_str(struct cga_proto *pp, const char *s)
{
	char	*t = NULL;
	size_t	 len, id;
	FILE	*m;

	if ((m = open_memstream(&t, &len)) == NULL)
		cga_oom();
	cga_out_utf8(m, s);
	if (fclose(m) != 0)
		cga_oom();
	id = cga_idtab_id(&pp->str, t, len, NULL);
	free(t);
	return id;
}

size_t
cga_proto_fn(struct cga_proto *pp, size_t name, size_t file, uint64_t line)
{
	uint64_t	 key[2] = { name, file };
	int		 made;
	size_t		 id = cga_idtab_id(&pp->fn, key, sizeof(key), &made);

	room(&pp->start, &pp->fncap, id + 1, sizeof(*pp->start));
	if (made)
		pp->start[id] = 0;
	if (line > 0 && line <= INT64_MAX &&
	    (pp->start[id] == 0 || (int64_t)line < pp->start[id]))
		pp->start[id] = (int64_t)line;
	return id + 1;
}

size_t
cga_proto_map(struct cga_proto *pp, size_t name)
{
	uint64_t	 key = name;

	return cga_idtab_id(&pp->map, &key, sizeof(key), NULL) + 1;
}

size_t
cga_proto_loc(struct cga_proto *pp, size_t map, uint64_t addr, size_t fn,
    uint64_t line)
{
	uint64_t	 key[4] = { map, addr, fn, line };

	return cga_idtab_id(&pp->loc, key, sizeof(key), NULL) + 1;
}

size_t
cga_proto_path(struct cga_proto *pp, size_t parent, size_t loc)
{
	uint64_t	 key[2] = { parent, loc };
	int		 made;
	size_t		 id = cga_idtab_id(&pp->path, key, sizeof(key), &made);

	room(&pp->sample, &pp->pathcap, id + 1, sizeof(*pp->sample));
	if (made)
		pp->sample[id] = 0;
	return id + 1;
}

void
cga_proto_add(struct cga_proto *pp, size_t path, size_t k, int sign,
    uint64_t v)
{
	size_t	 s = pp->sample[path - 1];
	int64_t	*at;

	if (v == 0)
		return;
	if (s == 0) {
		room(&pp->val, &pp->valcap, (pp->nsample + 1) * pp->nval,
		    sizeof(*pp->val));
		room(&pp->spath, &pp->spathcap, pp->nsample + 1,
		    sizeof(*pp->spath));
		pp->spath[pp->nsample] = path;
		memset(&pp->val[pp->nsample * pp->nval], 0,
		    pp->nval * sizeof(*pp->val));
		s = pp->sample[path - 1] = ++pp->nsample;
	}
	at = &pp->val[(s - 1) * pp->nval + k];
	if (v > INT64_MAX || __builtin_add_overflow(*at,
	    sign < 0 ? -(int64_t)v : (int64_t)v, at))
		pp->err = 1;
}

void
cga_proto_comment(struct cga_proto *pp, const char *fmt, ...)
{
	va_list	 ap;
	char	*t = NULL;
	size_t	 len;
	FILE	*m;

	if ((m = open_memstream(&t, &len)) == NULL)
		cga_oom();
	va_start(ap, fmt);
	vfprintf(m, fmt, ap);
	va_end(ap);
	if (fclose(m) != 0)
		cga_oom();
	room(&pp->comment, &pp->commentcap, pp->ncomment + 1,
	    sizeof(*pp->comment));
	pp->comment[pp->ncomment++] = cga_proto_str(pp, t);
	free(t);
}

/* What the samples use, by id - 1, and each mapping's addresses. */
struct used {
	unsigned char	*loc, *fn, *map;
	struct range {
		uint64_t lo, hi;	/* hi 0: none */
	}		*range;
};

/* Whether a sample has a value other than 0 (a difference's may not). */
static int
counts(const struct cga_proto *pp, size_t s)
{
	size_t	 k;

	for (k = 0; k < pp->nval; k++)
		if (pp->val[s * pp->nval + k] != 0)
			return 1;
	return 0;
}

/* Each sample: its locations, the last frame's first, and its values. */
static void
put_samples(struct cga_gz *g, const struct cga_proto *pp, struct cga_pb *m,
    struct used *u)
{
	struct cga_pb	 sub = { 0 }, ids = { 0 };
	const uint64_t	*key;
	size_t		 s, n, k, len;

	for (s = 0; s < pp->nsample; s++) {
		if (!counts(pp, s))
			continue;
		for (n = pp->spath[s]; n != 0; n = (size_t)key[0]) {
			key = cga_idtab_key(&pp->path, n - 1, &len);
			cga_pb_varint(&ids, key[1]);
			u->loc[key[1] - 1] = 1;
		}
		cga_pb_msg(&sub, SAMPLE_LOCATION_ID, &ids);
		for (k = 0; k < pp->nval; k++)	/* two's complement */
			cga_pb_varint(&ids,
			    (uint64_t)pp->val[s * pp->nval + k]);
		cga_pb_msg(&sub, SAMPLE_VALUE, &ids);
		cga_pb_msg(m, PROFILE_SAMPLE, &sub);
		cga_gz_put(g, m);
	}
	cga_pb_free(&sub);
	cga_pb_free(&ids);
}

/* The locations the samples use, each of one line. */
static void
put_locations(struct cga_gz *g, const struct cga_proto *pp, struct cga_pb *m,
    struct used *u)
{
	struct cga_pb	 sub = { 0 }, line = { 0 };
	const uint64_t	*key;
	struct range	*r;
	size_t		 i, len;

	for (i = 0; i < pp->loc.n; i++) {
		if (!u->loc[i])
			continue;
		key = cga_idtab_key(&pp->loc, i, &len);
		u->map[key[0] - 1] = 1;
		u->fn[key[2] - 1] = 1;
		r = &u->range[key[0] - 1];
		if (key[1] != 0 && (r->hi == 0 || key[1] < r->lo))
			r->lo = key[1];
		if (key[1] != 0 && key[1] >= r->hi)
			r->hi = key[1] < UINT64_MAX ? key[1] + 1 : key[1];
		cga_pb_int(&sub, LOCATION_ID, i + 1);
		cga_pb_int(&sub, LOCATION_MAPPING_ID, key[0]);
		cga_pb_int(&sub, LOCATION_ADDRESS, key[1]);
		cga_pb_int(&line, LINE_FUNCTION_ID, key[2]);
		cga_pb_int(&line, LINE_LINE, key[3]);
		cga_pb_msg(&sub, LOCATION_LINE, &line);
		cga_pb_msg(m, PROFILE_LOCATION, &sub);
		cga_gz_put(g, m);
	}
	cga_pb_free(&sub);
	cga_pb_free(&line);
}

/* The mappings used, main's first: pprof takes the first for the program. */
static void
put_mappings(struct cga_gz *g, const struct cga_proto *pp, struct cga_pb *m,
    const struct used *u, const char *main)
{
	struct cga_pb	 sub = { 0 };
	const uint64_t	*name;
	const char	*s;
	size_t		 i, id, first = 0, len, n = strlen(main);

	for (i = 0; n > 0 && i < pp->map.n; i++) {
		name = cga_idtab_key(&pp->map, i, &len);
		s = cga_idtab_key(&pp->str, (size_t)*name, &len);
		if (u->map[i] && len >= n &&
		    memcmp(s + len - n, main, n) == 0 &&
		    (len == n || s[len - n - 1] == '/')) {
			first = i;
			break;
		}
	}
	for (i = 0; i < pp->map.n; i++) {
		id = i == 0 ? first : i <= first ? i - 1 : i;
		if (!u->map[id])
			continue;
		name = cga_idtab_key(&pp->map, id, &len);
		cga_pb_int(&sub, MAPPING_ID, id + 1);
		cga_pb_int(&sub, MAPPING_MEMORY_START, u->range[id].lo);
		cga_pb_int(&sub, MAPPING_MEMORY_LIMIT, u->range[id].hi);
		cga_pb_int(&sub, MAPPING_FILENAME, *name);
		/* Names, files and lines known: pprof looks up none. */
		cga_pb_int(&sub, MAPPING_HAS_FUNCTIONS, 1);
		cga_pb_int(&sub, MAPPING_HAS_FILENAMES, 1);
		cga_pb_int(&sub, MAPPING_HAS_LINE_NUMBERS, 1);
		cga_pb_msg(m, PROFILE_MAPPING, &sub);
		cga_gz_put(g, m);
	}
	cga_pb_free(&sub);
}

/* The functions used; the strings. */
static void
put_functions(struct cga_gz *g, const struct cga_proto *pp, struct cga_pb *m,
    const struct used *u)
{
	struct cga_pb	 sub = { 0 };
	const uint64_t	*key;
	const char	*s;
	size_t		 i, len;

	for (i = 0; i < pp->fn.n; i++) {
		if (!u->fn[i])
			continue;
		key = cga_idtab_key(&pp->fn, i, &len);
		cga_pb_int(&sub, FUNCTION_ID, i + 1);
		/*
		 * No system name: pprof would take one equal to the name for
		 * its to simplify ("f(int)" to "f"), and so merge overloads.
		 */
		cga_pb_int(&sub, FUNCTION_NAME, key[0]);
		cga_pb_int(&sub, FUNCTION_FILENAME, key[1]);
		cga_pb_int(&sub, FUNCTION_START_LINE, (uint64_t)pp->start[i]);
		cga_pb_msg(m, PROFILE_FUNCTION, &sub);
		cga_gz_put(g, m);
	}
	for (i = 0; i < pp->str.n; i++) {
		s = cga_idtab_key(&pp->str, i, &len);
		cga_pb_bytes(m, PROFILE_STRING_TABLE, s, len);
		cga_gz_put(g, m);
	}
	cga_pb_free(&sub);
}

void
cga_proto_init(struct cga_proto *pp, size_t nval)
{
	memset(pp, 0, sizeof(*pp));
	pp->nval = nval;
	cga_idtab_fixed(&pp->fn, 2 * sizeof(uint64_t));
	cga_idtab_fixed(&pp->map, sizeof(uint64_t));
	cga_idtab_fixed(&pp->loc, 4 * sizeof(uint64_t));
	cga_idtab_fixed(&pp->path, 2 * sizeof(uint64_t));
	cga_proto_str(pp, "");	/* string 0, as the format wants */
}

void
cga_proto_free(struct cga_proto *pp)
{
	cga_idtab_free(&pp->str);
	cga_idtab_free(&pp->fn);
	cga_idtab_free(&pp->map);
	cga_idtab_free(&pp->loc);
	cga_idtab_free(&pp->path);
	free(pp->start);
	free(pp->sample);
	free(pp->spath);
	free(pp->val);
	free(pp->comment);
	memset(pp, 0, sizeof(*pp));
}

int
cga_proto_write(FILE *out, const struct cga_proto *pp, const size_t *type,
    size_t unit, size_t deftype, const char *main)
{
	struct cga_gz	 g;
	struct cga_pb	 m = { 0 }, sub = { 0 };
	struct used	 u;
	size_t		 i;

	if (cga_gz_start(&g, out) == -1)
		cga_oom();
	for (i = 0; i < pp->nval; i++) {
		cga_pb_int(&sub, VALUE_TYPE_TYPE, type[i]);
		cga_pb_int(&sub, VALUE_TYPE_UNIT, unit);
		cga_pb_msg(&m, PROFILE_SAMPLE_TYPE, &sub);
	}
	cga_gz_put(&g, &m);
	u.loc = xcalloc(pp->loc.n + 1, 1);
	u.fn = xcalloc(pp->fn.n + 1, 1);
	u.map = xcalloc(pp->map.n + 1, 1);
	u.range = xcalloc(pp->map.n + 1, sizeof(*u.range));
	put_samples(&g, pp, &m, &u);
	put_locations(&g, pp, &m, &u);
	put_mappings(&g, pp, &m, &u, main);
	put_functions(&g, pp, &m, &u);
	free(u.loc);
	free(u.fn);
	free(u.map);
	free(u.range);
	for (i = 0; i < pp->ncomment; i++)
		cga_pb_int(&m, PROFILE_COMMENT, pp->comment[i]);
	cga_pb_int(&m, PROFILE_DEFAULT_SAMPLE_TYPE, deftype);
	cga_gz_put(&g, &m);
	cga_pb_free(&m);
	cga_pb_free(&sub);
	if (cga_gz_end(&g) == -1) {
		cga_diag("zlib failed to compress the profile");
		return -1;
	}
	return 0;
}
