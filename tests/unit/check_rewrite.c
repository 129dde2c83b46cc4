/* check_rewrite.c: the s/REGEX/REPLACEMENT/FLAGS rewrites of names. */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "check_cga.h"
#include "load/rewrite.h"

/* The name as spec rewrites it, or "(no match)". */
static char *
apply(const char *spec, const char *name)
{
	static char		 buf[256];
	struct cga_rewrite	 rw;
	char			 err[128], *out;

	ck_assert_msg(cga_rewrite_parse(&rw, spec, err, sizeof(err)) == 0,
	    "%s: %s", spec, err);
	out = cga_rewrite_apply(&rw, name);
	snprintf(buf, sizeof(buf), "%s", out ? out : "(no match)");
	free(out);
	cga_rewrite_free(&rw);
	return buf;
}

static int
rejects(const char *spec)
{
	struct cga_rewrite	 rw;
	char			 err[128];

	if (cga_rewrite_parse(&rw, spec, err, sizeof(err)) == 0) {
		cga_rewrite_free(&rw);
		return 0;
	}
	return err[0] != '\0';
}

START_TEST(first_match_is_replaced)
{
	ck_assert_str_eq(apply("s/a/X/", "banana"), "bXnana");
}
END_TEST

START_TEST(g_replaces_every_match)
{
	ck_assert_str_eq(apply("s/a/X/g", "banana"), "bXnXnX");
}
END_TEST

START_TEST(i_ignores_case)
{
	ck_assert_str_eq(apply("s/FIB/f/i", "fib'2"), "f'2");
}
END_TEST

START_TEST(recursion_levels_merge)
{
	ck_assert_str_eq(apply("s/'[0-9]+$//", "fib'2"), "fib");
	ck_assert_str_eq(apply("s/'[0-9]+$//", "fib"), "(no match)");
}
END_TEST

START_TEST(groups_and_whole_match)
{
	ck_assert_str_eq(apply("s/^(.)(.*)$/\\2\\1&/", "abc"), "bcaabc");
	ck_assert_str_eq(apply("s/b/[&]/", "abc"), "a[b]c");
	ck_assert_str_eq(apply("s/b/\\&/", "abc"), "a&c");
}
END_TEST

START_TEST(other_delimiters_and_escaped_ones)
{
	ck_assert_str_eq(apply("s|^/home/[^/]*/|~/|", "/home/ann/x.c"),
	    "~/x.c");
	ck_assert_str_eq(apply("s/\\//_/g", "a/b/c"), "a_b_c");
}
END_TEST

START_TEST(template_instances_merge)
{
	ck_assert_str_eq(apply("s/<[^>]*>//g", "std::vector<int>::push_back"),
	    "std::vector::push_back");
}
END_TEST

START_TEST(empty_matches_step_over_a_byte)
{
	/* What sed(1) gives for the same. */
	ck_assert_str_eq(apply("s/x*/-/g", "abc"), "-a-b-c-");
	ck_assert_str_eq(apply("s/b*/-/g", "abb"), "-a-");
	ck_assert_str_eq(apply("s/b*/-/", "abb"), "-abb");
}
END_TEST

START_TEST(malformed_specs_are_rejected)
{
	ck_assert(rejects("a/b/"));
	ck_assert(rejects("s/a/b"));
	ck_assert(rejects("s/a"));
	ck_assert(rejects("s/(/x/"));
	ck_assert(rejects("s/a/b/q"));
	ck_assert(rejects("s"));
}
END_TEST

Suite *
rewrite_suite(void)
{
	Suite	*s = suite_create("rewrite");
	TCase	*tc = tcase_create("rewrite");

	tcase_add_test(tc, first_match_is_replaced);
	tcase_add_test(tc, g_replaces_every_match);
	tcase_add_test(tc, i_ignores_case);
	tcase_add_test(tc, recursion_levels_merge);
	tcase_add_test(tc, groups_and_whole_match);
	tcase_add_test(tc, other_delimiters_and_escaped_ones);
	tcase_add_test(tc, template_instances_merge);
	tcase_add_test(tc, empty_matches_step_over_a_byte);
	tcase_add_test(tc, malformed_specs_are_rejected);
	suite_add_tcase(s, tc);
	return s;
}
