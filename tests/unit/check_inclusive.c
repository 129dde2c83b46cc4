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

/*
 * Mutual recursion entered at a (100): a gets it; b, called only from
 * inside, its own 40 and the 30 it calls back.
 */
START_TEST(mutual_recursion_bounds_the_inner_function_by_its_work)
{
	load_incl("events: Ir\nfl=a.c\n"
	    "fn=main\n1 5\ncfn=a\ncalls=1 10\n2 100\n"
	    "fn=a\n10 60\ncfn=b\ncalls=2 20\n11 70\n"
	    "fn=b\n20 40\ncfn=a\ncalls=1 10\n21 30\n");
	ck_assert_uint_eq(incl_of("a.c:a", "Ir"), 100);
	ck_assert_uint_eq(incl_of("a.c:b", "Ir"), 70);
	ck_assert_uint_eq(incl_of("a.c:main", "Ir"), 105);
	ck_assert_int_eq(call_of("a.c:a", "a.c:b")->recursive, 1);
	ck_assert_int_eq(call_of("a.c:main", "a.c:a")->recursive, 0);
	check_bounds();
}
END_TEST

/*
 * A three-cycle entered at a: a gets the entering call (90); b and c, whose
 * own work and calls come to less, get that (30 + 30, 30 + 5).
 */
START_TEST(three_cycle_bounds_each_member_by_its_own_calls)
{
	load_incl("events: Ir\nfl=a.c\n"
	    "fn=main\n1 10\ncfn=a\ncalls=1 10\n2 90\n"
	    "fn=a\n10 30\ncfn=b\ncalls=1 20\n11 60\n"
	    "fn=b\n20 30\ncfn=c\ncalls=1 30\n21 30\n"
	    "fn=c\n30 30\ncfn=a\ncalls=1 10\n31 5\n");
	ck_assert_uint_eq(incl_of("a.c:a", "Ir"), 90);
	ck_assert_uint_eq(incl_of("a.c:b", "Ir"), 60);
	ck_assert_uint_eq(incl_of("a.c:c", "Ir"), 35);
	ck_assert_uint_eq(incl_of("a.c:main", "Ir"), 100);
	ck_assert_uint_eq(total_of("Ir"), 100);
	check_bounds();
}
END_TEST

/*
 * A cycle entered at two of its functions: the entering calls (90) bound
 * both, and each one's own work and calls (45 + 20, 45 + 10) bound it.
 */
START_TEST(cycle_entered_twice_bounds_each_by_its_own_calls)
{
	load_incl("events: Ir\nfl=a.c\n"
	    "fn=main\n1 10\ncfn=a\ncalls=1 10\n2 50\ncfn=b\ncalls=1 20\n3 40\n"
	    "fn=a\n10 45\ncfn=b\ncalls=1 20\n11 20\n"
	    "fn=b\n20 45\ncfn=a\ncalls=1 10\n21 10\n");
	ck_assert_uint_eq(incl_of("a.c:a", "Ir"), 65);
	ck_assert_uint_eq(incl_of("a.c:b", "Ir"), 55);
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
/*
 * With negative counts (a difference) no bound holds: a function's
 * inclusive cost is its self cost plus its calls out of its cycle, and
 * calls keep their recorded cost, recursive ones marked.
 */
START_TEST(difference_inclusive_is_self_plus_calls_leaving_the_cycle)
{
	load_incl("events: Ir\nfl=d.c\nfn=main\n1 -10\ncfn=f\ncalls=2 5\n"
	    "2 -20\nfn=f\n5 -25\ncfn=f\ncalls=1 5\n6 8\ncfn=g\ncalls=3 9\n"
	    "7 5\nfn=g\n9 5\n");
	ck_assert_int_eq(tp->diff, 1);
	ck_assert_int_eq((int64_t)incl_of("d.c:main", "Ir"), -30);
	ck_assert_int_eq((int64_t)incl_of("d.c:f", "Ir"), -20);
	ck_assert_int_eq((int64_t)incl_of("d.c:g", "Ir"), 5);
	ck_assert_int_eq((int64_t)cga_call_cost(call_of("d.c:f", "d.c:f"))[0], 8);
	ck_assert_int_eq(call_of("d.c:f", "d.c:f")->recursive, 1);
	ck_assert_int_eq(call_of("d.c:main", "d.c:f")->recursive, 0);
}
END_TEST

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

/*
 * f's callers' calls sum past 64 bits (through f's name, U1): the sum
 * saturates and every figure is held at the total, f's own 1, as exact
 * sums would be; no error.
 */
START_TEST(inclusive_sum_overflowing_is_held_at_the_total)
{
	ck_assert_int_eq(load_profile("events: Ir\nfl=a.c\n"
	    "fn=main\ncfn=f\ncalls=1 1\n1 18446744073709551615\n"
	    "fn=g\ncfn=f\ncalls=1 1\n1 1\nfn=f\n1 1\n"), 0);
	ck_assert_int_eq(cga_profile_inclusive(tp), 0);
	ck_assert_uint_eq(incl_of("a.c:main", "Ir"), 1);
	ck_assert_uint_eq(incl_of("a.c:g", "Ir"), 1);
	ck_assert_uint_eq(incl_of("a.c:f", "Ir"), 1);
}
END_TEST

/* A difference's signed sums have no ceiling: past 64 bits, an error. */
START_TEST(signed_inclusive_sum_overflowing_is_reported)
{
	ck_assert_int_eq(load_profile("events: Ir\nfl=a.c\n"
	    "fn=main\ncfn=f\ncalls=1 1\n1 9223372036854775807\n"
	    "cfn=g\ncalls=1 1\n1 9223372036854775807\n"
	    "fn=f\n1 1\nfn=g\n1 1\n"), 0);
	tp->diff = 1;
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

/*
 * An interpreter's loop: eval (100) calls helper (20 of its own a call)
 * twice, and one helper calls eval back (the nested eval costs 30): eval
 * and helper form one cycle, which main enters at 170.  helper's own work
 * is its 40 and the 30 it called back, not the cycle's 170.
 */
START_TEST(helper_in_a_cycle_gets_its_own_work)
{
	load_incl("events: Ir\nfl=a.c\n"
	    "fn=main\n1 0\ncfn=eval\ncalls=1 10\n2 170\n"
	    "fn=eval\n10 130\ncfn=helper\ncalls=2 20\n11 70\n"
	    "fn=helper\n20 40\ncfn=eval\ncalls=1 10\n21 30\n");
	ck_assert_uint_eq(incl_of("a.c:eval", "Ir"), 170);
	ck_assert_uint_eq(incl_of("a.c:helper", "Ir"), 70);
	ck_assert_uint_eq(incl_of("a.c:main", "Ir"), 170);
	ck_assert_int_eq(call_of("a.c:helper", "a.c:eval")->recursive, 1);
	ck_assert_int_eq(call_of("a.c:main", "a.c:eval")->recursive, 0);
	check_bounds();
}
END_TEST

/*
 * A thread's root: clone (5) is called once from the parent at a cost of
 * 9, and calls start_thread (1000) in the new thread.  Its work is 1005.
 */
START_TEST(thread_root_gets_its_threads_work)
{
	load_incl("events: Ir\nfl=a.c\n"
	    "fn=main\n1 4\ncfn=clone\ncalls=1 10\n2 9\n"
	    "fn=clone\n10 5\ncfn=start_thread\ncalls=1 20\n11 1000\n"
	    "fn=start_thread\n20 1000\n");
	ck_assert_uint_eq(incl_of("a.c:clone", "Ir"), 1005);
	ck_assert_uint_eq(incl_of("a.c:start_thread", "Ir"), 1000);
	check_bounds();
}
END_TEST

/* A recursive call's recorded cost (nested calls again) is capped. */
START_TEST(recursive_call_is_shown_at_most_at_its_callee)
{
	load_incl("events: Ir\nfl=a.c\n"
	    "fn=main\n1 1\ncfn=f\ncalls=1 10\n2 30\n"
	    "fn=f\n10 30\ncfn=f\ncalls=2 10\n11 50\n");
	ck_assert_uint_eq(incl_of("a.c:f", "Ir"), 30);
	ck_assert_uint_eq(call_cost("a.c:f", "a.c:f", "Ir"), 50);
	ck_assert_uint_eq(call_of("a.c:f", "a.c:f")->incl[ev(tp, "Ir")], 30);
	ck_assert_int_eq(call_of("a.c:f", "a.c:f")->recursive, 1);
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
	tcase_add_test(tc, inclusive_sum_overflowing_is_held_at_the_total);
	tcase_add_test(tc, signed_inclusive_sum_overflowing_is_reported);
	suite_add_tcase(s, tc);

	tc = tcase_create("recursion");
	cga_test_fixture(tc);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, direct_recursion_counts_the_entering_call_once);
	tcase_add_test(tc, mutual_recursion_bounds_the_inner_function_by_its_work);
	tcase_add_test(tc, three_cycle_bounds_each_member_by_its_own_calls);
	tcase_add_test(tc, cycle_entered_twice_bounds_each_by_its_own_calls);
	tcase_add_test(tc,
	    cycle_nobody_calls_is_its_self_costs_and_calls_out);
	tcase_add_test(tc, top_of_recursion_has_the_cost_of_the_entering_call);
	tcase_add_test(tc,
	    difference_inclusive_is_self_plus_calls_leaving_the_cycle);
	tcase_add_test(tc, helper_in_a_cycle_gets_its_own_work);
	tcase_add_test(tc, thread_root_gets_its_threads_work);
	tcase_add_test(tc, recursive_call_is_shown_at_most_at_its_callee);
	tcase_add_loop_test(tc, real_profile_inclusive_costs_stay_within_bounds,
	    0, (int)(sizeof(real_profiles) / sizeof(real_profiles[0])));
	suite_add_tcase(s, tc);
	return s;
}
