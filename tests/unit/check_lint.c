/*
 * check_lint.c: --check: the load reads on after a bad line in the state
 * the lines after it need, messages are held and counted, and a file that
 * is no profile stops at once.
 */
#include <string.h>

#include "check_cga.h"
#include "base/diag.h"

/*
 * A fresh tp loaded from text as --check loads it: 0 or -1 as the load
 * returns, and the errors and warnings the file got in *e and *w.
 */
static int
check_profile(const char *text, unsigned long *e, unsigned long *w)
{
	struct cga_load_opts	 o = cga_test_opts;
	int			 rc;

	o.check = 1;
	cga_profile_free(tp);
	tp = cga_profile_new();
	cga_diag_hold();
	rc = load_into(tp, text, strlen(text), &o);
	if (rc == 0)
		rc = cga_profile_finish(tp);
	cga_diag_release("test", e, w);
	return rc;
}

START_TEST(after_a_bad_cost_line_the_function_goes_on)
{
	unsigned long	 e, w;

	ck_assert_int_eq(check_profile("events: Ir\nfl=a.c\nfn=main\n1 5\n"
	    "2 x\n3 7\n", &e, &w), 0);
	ck_assert_uint_eq(e, 1);
	ck_assert_uint_eq(w, 0);
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 12);
}
END_TEST

START_TEST(after_a_bad_fn_line_costs_are_the_unknown_function_until_the_next)
{
	unsigned long	 e, w;

	ck_assert_int_eq(check_profile("events: Ir\nfl=a.c\nfn=main\n1 5\n"
	    "fn=(1 main\n2 7\nfn=g\n3 1\n", &e, &w), 0);
	ck_assert_uint_eq(e, 1);
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 5);
	ck_assert_uint_eq(self_of("a.c:???", "Ir"), 7);
	ck_assert_uint_eq(self_of("a.c:g", "Ir"), 1);
}
END_TEST

START_TEST(the_cost_line_of_a_bad_calls_line_is_left_out)
{
	unsigned long	 e, w;

	ck_assert_int_eq(check_profile("events: Ir\nfl=a.c\nfn=main\n1 5\n"
	    "cfn=f\ncalls=x 1\n2 100\n3 1\n", &e, &w), 0);
	ck_assert_uint_eq(e, 1);
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 6);
	ck_assert_ptr_null(find_call(tp, "a.c:main", "a.c:f"));
}
END_TEST

START_TEST(a_line_after_calls_is_an_error_and_is_read)
{
	unsigned long	 e, w;

	ck_assert_int_eq(check_profile("events: Ir\nfl=a.c\nfn=main\n"
	    "cfn=f\ncalls=1 1\nfn=g\n2 3\n", &e, &w), 0);
	ck_assert_uint_eq(e, 1);
	ck_assert_uint_eq(self_of("a.c:g", "Ir"), 3);
}
END_TEST

START_TEST(a_part_without_events_is_left_out_and_defines_its_ids)
{
	unsigned long	 e, w;

	ck_assert_int_eq(check_profile("fl=(1) a.c\nfn=(1) main\n1 5\n"
	    "events: Ir\nfl=(1)\nfn=(1)\n2 4\n", &e, &w), 0);
	ck_assert_uint_eq(e, 1);
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 4);
	ck_assert_uint_eq(total_of("Ir"), 4);
}
END_TEST

START_TEST(bad_derived_events_are_dropped_and_the_body_read)
{
	unsigned long	 e, w;

	ck_assert_int_eq(check_profile("event: S = Ir + Zz\nevents: Ir\n"
	    "fn=main\n1 5\n", &e, &w), 0);
	ck_assert_uint_eq(e, 1);
	ck_assert_uint_eq(tp->nev, 1);
	ck_assert_uint_eq(total_of("Ir"), 5);
}
END_TEST

/* An id never defined is a warning, each once; the file has no error. */
START_TEST(every_id_never_defined_is_a_warning)
{
	unsigned long	 e, w;

	ck_assert_int_eq(check_profile("events: Ir\nfn=(1)\n1 5\ncfn=(2)\n"
	    "calls=1 1\n2 1\nfn=(3)\nfn=(1)\n", &e, &w), 0);
	ck_assert_uint_eq(e, 0);
	ck_assert_uint_eq(w, 3);
}
END_TEST

START_TEST(a_binary_first_line_stops_the_file_with_one_error)
{
	unsigned long	 e, w;
	static const char bin[] = "\x7f" "ELF\0\1\2\n\0\0\n3 x\n";
	struct cga_load_opts	 o = cga_test_opts;

	o.check = 1;
	cga_profile_free(tp);
	tp = cga_profile_new();
	cga_diag_hold();
	ck_assert_int_eq(load_into(tp, bin, sizeof(bin) - 1, &o), -1);
	cga_diag_release("test", &e, &w);
	ck_assert_uint_eq(e, 1);
	ck_assert_uint_eq(w, 0);
}
END_TEST

START_TEST(the_hold_keeps_a_hundred_of_each_kind_and_counts_all)
{
	unsigned long	 e, w, n = cga_diag_count;
	int		 i;

	cga_diag_hold();
	for (i = 0; i < 150; i++)
		cga_diag_msg("test", 150 - (uint64_t)i, CGA_MSG_COUNT, "x", 1);
	cga_diag_msg("test", 3, CGA_MSG_UNKNOWN_LINE, "x", 1);
	cga_diag_mute(1);
	cga_diag_msg("test", 4, CGA_MSG_UNKNOWN_LINE, "x", 1);
	cga_diag_mute(0);
	cga_diag_release("test", &e, &w);
	ck_assert_uint_eq(e, 150);
	ck_assert_uint_eq(w, 1);
	/* 151 made and counted, the muted one too, and "50 more errors". */
	ck_assert_uint_eq(cga_diag_count, n + 153);
	ck_assert_str_eq(cga_diag_last,
	    "cgannotate: test: 50 more errors not shown");
}
END_TEST

Suite *
lint_suite(void)
{
	Suite	*s = suite_create("lint");
	TCase	*tc = tcase_create("check");

	cga_test_fixture(tc);
	tcase_add_test(tc, after_a_bad_cost_line_the_function_goes_on);
	tcase_add_test(tc,
	    after_a_bad_fn_line_costs_are_the_unknown_function_until_the_next);
	tcase_add_test(tc, the_cost_line_of_a_bad_calls_line_is_left_out);
	tcase_add_test(tc, a_line_after_calls_is_an_error_and_is_read);
	tcase_add_test(tc, a_part_without_events_is_left_out_and_defines_its_ids);
	tcase_add_test(tc, bad_derived_events_are_dropped_and_the_body_read);
	tcase_add_test(tc, every_id_never_defined_is_a_warning);
	tcase_add_test(tc, a_binary_first_line_stops_the_file_with_one_error);
	tcase_add_test(tc, the_hold_keeps_a_hundred_of_each_kind_and_counts_all);
	suite_add_tcase(s, tc);
	return s;
}
