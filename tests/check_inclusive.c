/*
 * check_inclusive.c: inclusive costs (cga_profile_inclusive), without and
 * with recursion.
 */
#include "check_cga.h"

static void
load_incl(const char *text)
{
	ck_assert_int_eq(load_profile(text), 0);
	ck_assert_int_eq(cga_profile_inclusive(tp), 0);
	ck_assert_int_eq(tp->have_incl, 1);
}

/* Every function: self <= inclusive <= program total, event by event. */
static void
check_bounds(void)
{
	struct cga_fn	*fn;
	size_t		 e;

	for (fn = tp->fns; fn != NULL; fn = fn->next) {
		ck_assert_msg(fn->incl != NULL, "%s: no inclusive cost",
		    fn->display);
		for (e = 0; e < tp->nev; e++) {
			ck_assert_msg(fn->incl[e] <= tp->total[e],
			    "%s: inclusive %s %llu above the total %llu",
			    fn->display, tp->ev[e].name,
			    (unsigned long long)fn->incl[e],
			    (unsigned long long)tp->total[e]);
			ck_assert_msg(fn->incl[e] >= fn->self[e],
			    "%s: inclusive %s %llu below self %llu",
			    fn->display, tp->ev[e].name,
			    (unsigned long long)fn->incl[e],
			    (unsigned long long)fn->self[e]);
		}
	}
}

/*
 * main (10) calls f (30) once and g twice; f calls g once; g costs 10 a
 * call.  Total 70.
 */
static const char no_recursion[] =
    "events: Ir\nfl=a.c\n"
    "fn=main\n1 10\ncfn=f\ncalls=1 5\n2 40\ncfn=g\ncalls=2 8\n3 20\n"
    "fn=f\n5 30\ncfn=g\ncalls=1 8\n6 10\n"
    "fn=g\n8 30\n";

START_TEST(inclusive_of_a_callee_is_the_sum_of_its_incoming_calls)
{
	load_incl(no_recursion);
	ck_assert_uint_eq(incl_of("a.c:f", "Ir"), 40);
	ck_assert_uint_eq(incl_of("a.c:g", "Ir"), 30);
}
END_TEST

START_TEST(inclusive_of_a_root_is_self_plus_calls_out)
{
	load_incl(no_recursion);
	ck_assert_uint_eq(incl_of("a.c:main", "Ir"), 70);
	ck_assert_uint_eq(total_of("Ir"), 70);
	check_bounds();
}
END_TEST

START_TEST(inclusive_of_a_leaf_nobody_calls_is_its_self_cost)
{
	load_incl("events: Ir Dr\nfl=a.c\nfn=alone\n1 7 3\nfn=main\n1 1 1\n");
	ck_assert_uint_eq(incl_of("a.c:alone", "Ir"), 7);
	ck_assert_uint_eq(incl_of("a.c:alone", "Dr"), 3);
}
END_TEST

/* Inclusive costs are defined only where the costs summed were. */
START_TEST(inclusive_keeps_undefined_events_undefined)
{
	load_incl("events: Ir Dr\nfl=a.c\nfn=main\n1 1\ncfn=f\ncalls=1 1\n"
	    "1 5\nfn=f\n1 5\n");
	ck_assert(def(fn_of("a.c:f")->incl, "Ir"));
	ck_assert(!def(fn_of("a.c:f")->incl, "Dr"));
	ck_assert(!def(fn_of("a.c:main")->incl, "Dr"));
}
END_TEST

/* f calls itself: the calls inside the recursion do not count again. */
START_TEST(direct_recursion_counts_the_entering_call_once)
{
	load_incl("events: Ir\nfl=a.c\n"
	    "fn=main\n1 5\ncfn=f\ncalls=1 10\n2 50\n"
	    "fn=f\n10 50\ncfn=f\ncalls=3 10\n11 40\n");
	ck_assert_uint_eq(incl_of("a.c:f", "Ir"), 50);
	ck_assert_uint_eq(incl_of("a.c:main", "Ir"), 55);
	ck_assert_uint_eq(call_cost("a.c:f", "a.c:f", "Ir"), 40);
	check_bounds();
}
END_TEST

START_TEST(mutual_recursion_gives_both_the_entering_cost)
{
	load_incl("events: Ir\nfl=a.c\n"
	    "fn=main\n1 5\ncfn=a\ncalls=1 10\n2 100\n"
	    "fn=a\n10 60\ncfn=b\ncalls=2 20\n11 70\n"
	    "fn=b\n20 40\ncfn=a\ncalls=1 10\n21 30\n");
	ck_assert_uint_eq(incl_of("a.c:a", "Ir"), 100);
	ck_assert_uint_eq(incl_of("a.c:b", "Ir"), 100);
	ck_assert_uint_eq(incl_of("a.c:main", "Ir"), 105);
	/* One component: its members share one inclusive cost. */
	ck_assert_ptr_eq(fn_of("a.c:a")->incl, fn_of("a.c:b")->incl);
	ck_assert_ptr_ne(fn_of("a.c:a")->incl, fn_of("a.c:main")->incl);
	check_bounds();
}
END_TEST

START_TEST(three_cycle_gives_all_the_entering_cost)
{
	load_incl("events: Ir\nfl=a.c\n"
	    "fn=main\n1 10\ncfn=a\ncalls=1 10\n2 90\n"
	    "fn=a\n10 30\ncfn=b\ncalls=1 20\n11 60\n"
	    "fn=b\n20 30\ncfn=c\ncalls=1 30\n21 30\n"
	    "fn=c\n30 30\ncfn=a\ncalls=1 10\n31 5\n");
	ck_assert_uint_eq(incl_of("a.c:a", "Ir"), 90);
	ck_assert_uint_eq(incl_of("a.c:b", "Ir"), 90);
	ck_assert_uint_eq(incl_of("a.c:c", "Ir"), 90);
	ck_assert_uint_eq(incl_of("a.c:main", "Ir"), 100);
	ck_assert_uint_eq(total_of("Ir"), 100);
	check_bounds();
}
END_TEST

/* A cycle entered at two of its functions gets both entering calls. */
START_TEST(cycle_entered_twice_sums_the_entering_calls)
{
	load_incl("events: Ir\nfl=a.c\n"
	    "fn=main\n1 10\ncfn=a\ncalls=1 10\n2 50\ncfn=b\ncalls=1 20\n3 40\n"
	    "fn=a\n10 45\ncfn=b\ncalls=1 20\n11 20\n"
	    "fn=b\n20 45\ncfn=a\ncalls=1 10\n21 10\n");
	ck_assert_uint_eq(incl_of("a.c:a", "Ir"), 90);
	ck_assert_uint_eq(incl_of("a.c:b", "Ir"), 90);
	ck_assert_uint_eq(incl_of("a.c:main", "Ir"), 100);
	check_bounds();
}
END_TEST

/* A cycle nobody calls: its functions' self costs and the calls leaving it. */
START_TEST(cycle_nobody_calls_is_its_self_costs_and_calls_out)
{
	load_incl("events: Ir\nfl=a.c\n"
	    "fn=a\n10 10\ncfn=b\ncalls=1 20\n11 25\n"
	    "fn=b\n20 20\ncfn=a\ncalls=1 10\n21 10\ncfn=c\ncalls=1 30\n22 5\n"
	    "fn=c\n30 5\n");
	ck_assert_uint_eq(incl_of("a.c:a", "Ir"), 35);
	ck_assert_uint_eq(incl_of("a.c:b", "Ir"), 35);
	ck_assert_uint_eq(incl_of("a.c:c", "Ir"), 5);
	check_bounds();
}
END_TEST

/* The function a recursion starts at is not charged its inner calls. */
START_TEST(top_of_recursion_has_the_cost_of_the_entering_call)
{
	load_incl("events: Ir\nfl=a.c\n"
	    "fn=main\n1 1\ncfn=fib\ncalls=1 10\n2 99\n"
	    "fn=fib\n10 99\ncfn=fib\ncalls=20 10\n11 97\n"
	    "cfn=leaf\ncalls=1 40\n12 0\n"
	    "fn=leaf\n40 0\n");
	ck_assert_uint_eq(incl_of("a.c:fib", "Ir"), 99);
	ck_assert_uint_eq(incl_of("a.c:main", "Ir"), 100);
	ck_assert_uint_eq(incl_of("a.c:leaf", "Ir"), 0);
	check_bounds();
}
END_TEST

START_TEST(inclusive_sum_overflowing_is_reported)
{
	ck_assert_int_eq(load_profile("events: Ir\nfl=a.c\n"
	    "fn=main\ncfn=f\ncalls=1 1\n1 18446744073709551615\n"
	    "fn=g\ncfn=f\ncalls=1 1\n1 1\nfn=f\n1 1\n"), 0);
	ck_assert_int_eq(cga_profile_inclusive(tp), -1);
}
END_TEST

/*
 * Genuine valgrind profiles; recur-* have direct, mutual and 3-cycle
 * recursion (testdata/src/recur.c), the full ones ld.so and libc.
 */
static const char *const real_profiles[] = {
	"recur-plain.callgrind", "recur-seprecs3.callgrind",
	"recur-cache-branch.callgrind", "recur-nocompress-strings.callgrind",
	"sortprog-plain.callgrind", "sortprog-multipart.callgrind",
	"strhash-instr-jumps.callgrind", "forkprog-child.callgrind",
	"gzip-full-cachesim.callgrind", "sort-full.callgrind",
};

START_TEST(real_profile_inclusive_costs_stay_within_bounds)
{
	ck_assert_int_eq(load_testdata(real_profiles[_i]), 0);
	ck_assert_int_eq(cga_profile_inclusive(tp), 0);
	check_bounds();
}
END_TEST

Suite *
inclusive_suite(void)
{
	Suite	*s = suite_create("inclusive");
	TCase	*tc;

	tc = tcase_create("acyclic");
	cga_test_fixture(tc);
	tcase_add_test(tc,
	    inclusive_of_a_callee_is_the_sum_of_its_incoming_calls);
	tcase_add_test(tc, inclusive_of_a_root_is_self_plus_calls_out);
	tcase_add_test(tc, inclusive_of_a_leaf_nobody_calls_is_its_self_cost);
	tcase_add_test(tc, inclusive_keeps_undefined_events_undefined);
	tcase_add_test(tc, inclusive_sum_overflowing_is_reported);
	suite_add_tcase(s, tc);

	tc = tcase_create("recursion");
	cga_test_fixture(tc);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, direct_recursion_counts_the_entering_call_once);
	tcase_add_test(tc, mutual_recursion_gives_both_the_entering_cost);
	tcase_add_test(tc, three_cycle_gives_all_the_entering_cost);
	tcase_add_test(tc, cycle_entered_twice_sums_the_entering_calls);
	tcase_add_test(tc,
	    cycle_nobody_calls_is_its_self_costs_and_calls_out);
	tcase_add_test(tc, top_of_recursion_has_the_cost_of_the_entering_call);
	tcase_add_loop_test(tc, real_profile_inclusive_costs_stay_within_bounds,
	    0, (int)(sizeof(real_profiles) / sizeof(real_profiles[0])));
	suite_add_tcase(s, tc);
	return s;
}
