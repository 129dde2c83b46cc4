/*
 * check_pb.c: protocol buffers' wire format (pb.c), ids for keys
 * (idtab.c), a profile.proto written (proto.c) and its strings (out.c).
 */
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "pprof/idtab.h"
#include "base/out.h"
#include "pprof/pb.h"
#include "pprof/proto.h"
#include "check_cga.h"

/* m's bytes are the n bytes of want. */
static void
bytes_are(struct cga_pb *m, const char *want, size_t n)
{
	ck_assert_uint_eq(m->n, n);
	/* An empty message may have no buffer yet: memcmp takes none. */
	if (n > 0)
		ck_assert_int_eq(memcmp(m->b, want, n), 0);
	m->n = 0;
}

START_TEST(varints_take_seven_bits_a_byte_lowest_first)
{
	struct cga_pb	 m = { 0 };

	cga_pb_varint(&m, 0);
	bytes_are(&m, "\x00", 1);
	cga_pb_varint(&m, 127);
	bytes_are(&m, "\x7f", 1);
	cga_pb_varint(&m, 128);
	bytes_are(&m, "\x80\x01", 2);
	/* The example of the protocol buffers' documentation. */
	cga_pb_varint(&m, 300);
	bytes_are(&m, "\xac\x02", 2);
	/* A negative int64 takes ten bytes. */
	cga_pb_varint(&m, (uint64_t)-1);
	bytes_are(&m, "\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 10);
	cga_pb_free(&m);
}
END_TEST

START_TEST(fields_are_keyed_by_number_and_wire_type)
{
	struct cga_pb	 m = { 0 }, sub = { 0 };

	/* proto3 leaves a 0 out. */
	cga_pb_int(&m, 1, 0);
	bytes_are(&m, "", 0);
	cga_pb_int(&m, 1, 150);
	bytes_are(&m, "\x08\x96\x01", 3);
	cga_pb_bytes(&m, 6, "Ir", 2);
	bytes_are(&m, "\x32\x02Ir", 4);
	/* A message inside another: its length first, then its fields. */
	cga_pb_int(&sub, 2, 5);
	cga_pb_msg(&m, 16, &sub);
	ck_assert_uint_eq(sub.n, 0);
	bytes_are(&m, "\x82\x01\x02\x10\x05", 5);
	cga_pb_free(&m);
	cga_pb_free(&sub);
}
END_TEST

START_TEST(idtab_gives_a_key_the_same_id_each_time)
{
	struct cga_idtab t;
	uint64_t	 key[2];
	size_t		 i, len;
	int		 made;

	memset(&t, 0, sizeof(t));
	ck_assert_uint_eq(cga_idtab_id(&t, "", 0, &made), 0);
	ck_assert_int_eq(made, 1);
	ck_assert_uint_eq(cga_idtab_id(&t, "a", 1, &made), 1);
	ck_assert_uint_eq(cga_idtab_id(&t, "ab", 2, NULL), 2);
	ck_assert_uint_eq(cga_idtab_id(&t, "a", 1, &made), 1);
	ck_assert_int_eq(made, 0);
	ck_assert_uint_eq(cga_idtab_id(&t, "", 0, NULL), 0);
	/* Past many growths, every key keeps its id. */
	for (i = 0; i < 10000; i++) {
		key[0] = i;
		key[1] = i * 7;
		ck_assert_uint_eq(cga_idtab_id(&t, key, sizeof(key), NULL),
		    3 + i);
	}
	for (i = 0; i < 10000; i++) {
		key[0] = i;
		key[1] = i * 7;
		ck_assert_uint_eq(cga_idtab_id(&t, key, sizeof(key), NULL),
		    3 + i);
	}
	ck_assert_int_eq(memcmp(cga_idtab_key(&t, 2, &len), "ab", 2), 0);
	ck_assert_uint_eq(len, 2);
	ck_assert_uint_eq(t.n, 10003);
	cga_idtab_free(&t);
}
END_TEST

static char *
utf8(const char *s)
{
	static char	 buf[64];
	FILE		*f = fmemopen(buf, sizeof(buf), "w");

	ck_assert_ptr_nonnull(f);
	cga_out_utf8(f, s);
	fclose(f);
	return buf;
}

START_TEST(proto_strings_are_utf8_without_controls)
{
	ck_assert_str_eq(utf8("f(int)"), "f(int)");
	ck_assert_str_eq(utf8("caf\xc3\xa9"), "caf\xc3\xa9");
	ck_assert_str_eq(utf8("a\x1b[2Jb"), "a\\x1b[2Jb");
	ck_assert_str_eq(utf8("\xff\xc3"), "\\xff\\xc3");
	ck_assert_str_eq(utf8("\x85"), "\\x85");
	ck_assert_str_eq(utf8("a;b"), "a;b");
}
END_TEST

/* Whether the n bytes at s hold the len bytes of pat. */
static int
has(const unsigned char *s, size_t n, const char *pat, size_t len)
{
	size_t	 i;

	for (i = 0; i + len <= n; i++)
		if (memcmp(s + i, pat, len) == 0)
			return 1;
	return 0;
}

/* What a profile written to memory is, decompressed: its length. */
static size_t
written(const struct cga_proto *pr, unsigned char *out, size_t size)
{
	char		*buf = NULL;
	size_t		 len;
	FILE		*f = open_memstream(&buf, &len);
	z_stream	 z;
	size_t		 type = cga_proto_str((struct cga_proto *)pr, "Ir");

	ck_assert_int_eq(cga_proto_write(f, pr, &type,
	    cga_proto_str((struct cga_proto *)pr, "count"), type, ""), 0);
	fclose(f);
	/* A gzip stream: its magic, then what zlib inflates. */
	ck_assert_int_eq((unsigned char)buf[0], 0x1f);
	ck_assert_int_eq((unsigned char)buf[1], 0x8b);
	memset(&z, 0, sizeof(z));
	ck_assert_int_eq(inflateInit2(&z, 15 + 16), Z_OK);
	z.next_in = (unsigned char *)buf;
	z.avail_in = (unsigned)len;
	z.next_out = out;
	z.avail_out = (unsigned)size;
	ck_assert_int_eq(inflate(&z, Z_FINISH), Z_STREAM_END);
	inflateEnd(&z);
	free(buf);
	return size - z.avail_out;
}

START_TEST(proto_writes_what_its_samples_use)
{
	struct cga_proto pr;
	unsigned char	 out[1024];
	size_t		 n, fn, loc, unused, name, file;

	cga_proto_init(&pr, 1);
	name = cga_proto_str(&pr, "main");
	file = cga_proto_str(&pr, "a.c");
	ck_assert_uint_eq(name, 1);
	ck_assert_uint_eq(file, 2);
	fn = cga_proto_fn(&pr, name, file, 7);
	ck_assert_uint_eq(cga_proto_fn(&pr, name, file, 5), fn);
	ck_assert_int_eq(pr.start[fn - 1], 5);
	loc = cga_proto_loc(&pr, cga_proto_map(&pr, 0), 0, fn, 7);
	unused = cga_proto_loc(&pr, 1, 0, fn, 9);
	ck_assert_uint_ne(loc, unused);
	cga_proto_add(&pr, cga_proto_path(&pr, 0, loc), 0, 1, 10);
	cga_proto_add(&pr, cga_proto_path(&pr, 0, loc), 0, -1, 3);
	ck_assert_uint_eq(pr.nsample, 1);
	ck_assert_int_eq(pr.val[0], 7);
	n = written(&pr, out, sizeof(out));
	/* The sample type first: type "Ir" (string 3), unit "count" (4). */
	ck_assert_int_eq(memcmp(out, "\x0a\x04\x08\x03\x10\x04", 6), 0);
	/* The sample: location 1, value 7, packed. */
	ck_assert_int_eq(memcmp(out + 6, "\x12\x06\x0a\x01\x01\x12\x01\x07",
	    8), 0);
	/* One location (line 7), not the unused one at line 9. */
	ck_assert(has(out, n, "\x22\x0a\x08\x01\x10\x01\x22\x04\x08\x01"
	    "\x10\x07", 12));
	ck_assert(!has(out, n, "\x08\x02\x10\x01\x22", 5));
	ck_assert_int_eq(pr.err, 0);
	cga_proto_add(&pr, cga_proto_path(&pr, 0, loc), 0, 1, UINT64_MAX);
	ck_assert_int_eq(pr.err, 1);
	cga_proto_free(&pr);
}
END_TEST

Suite *
pb_suite(void)
{
	Suite	*s = suite_create("pb");
	TCase	*tc;

	tc = tcase_create("wire");
	tcase_add_test(tc, varints_take_seven_bits_a_byte_lowest_first);
	tcase_add_test(tc, fields_are_keyed_by_number_and_wire_type);
	tcase_add_test(tc, idtab_gives_a_key_the_same_id_each_time);
	suite_add_tcase(s, tc);

	tc = tcase_create("proto");
	tcase_add_test(tc, proto_strings_are_utf8_without_controls);
	tcase_add_test(tc, proto_writes_what_its_samples_use);
	suite_add_tcase(s, tc);
	return s;
}
