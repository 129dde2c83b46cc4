/*
 * check_diff.c: the difference of two profiles (cga_profile_diff, --diff):
 * signed self, inclusive, call and line costs, functions only one side
 * has, and differences that do not fit.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_cga.h"
#include "analysis/diff.h"
#include "base/diag.h"

/* The two profiles; tp is their difference, freed first (it uses both). */
static struct cga_profile	*pnew, *pold;

static void
diff_setup(void)
{
	tp = pnew = pold = NULL;
}

static void
diff_teardown(void)
{
	cga_profile_free(tp);
	cga_profile_free(pnew);
	cga_profile_free(pold);
	tp = pnew = pold = NULL;
}

/* A profile loaded from text and finished, with inclusive costs if incl. */
static struct cga_profile *
load_text(struct cga_profile **pp, const char *text, int incl)
{
	*pp = cga_profile_new();
	ck_assert_int_eq(load_into(*pp, text, strlen(text), &cga_test_opts),
	    0);
	ck_assert_int_eq(cga_profile_finish(*pp), 0);
	if (incl)
		ck_assert_int_eq(cga_profile_inclusive(*pp), 0);
	return *pp;
}

/* tp = new_text minus old_text, with inclusive costs; it must fit. */
static void
diff_of(const char *new_text, const char *old_text)
{
	load_text(&pnew, new_text, 1);
	load_text(&pold, old_text, 1);
	tp = cga_profile_diff(pold, pnew);
	ck_assert_ptr_nonnull(tp);
	ck_assert_int_eq(tp->diff, 1);
}

/* A counter of the difference, signed. */
#define S(x)	((int64_t)(x))

/*
 * NEW: main (self 30 Ir, 3 Dr) calls f 3 times for 24 6; f costs 24 6;
 * g 7 1; k 5 5.  Totals 66 15.  Inclusive: main 54 9, f 24 6, g 7 1.
 * OLD: main (50 2) calls f 5 times for 20 5; f 20 5; h 9 4; k 5 5.
 * Totals 84 16.  Inclusive: main 70 7, f 20 5, h 9 4.
 */
static const char new_text[] =
    "events: Ir Dr\nfl=a.c\n"
    "fn=main\n1 30 3\ncfn=f\ncalls=3 10\n2 24 6\n"
    "fn=f\n10 24 6\n"
    "fn=g\n20 7 1\n"
    "fn=k\n40 5 5\n";
static const char old_text[] =
    "events: Ir Dr\nfl=a.c\n"
    "fn=main\n1 50 2\ncfn=f\ncalls=5 10\n2 20 5\n"
    "fn=f\n10 20 5\n"
    "fn=h\n30 9 4\n"
    "fn=k\n40 5 5\n";

START_TEST(self_costs_are_new_minus_old_signed)
{
	diff_of(new_text, old_text);
	ck_assert_int_eq(S(self_of("a.c:main", "Ir")), -20);	/* 30 - 50 */
	ck_assert_int_eq(S(self_of("a.c:main", "Dr")), 1);	/* 3 - 2 */
	ck_assert_int_eq(S(self_of("a.c:f", "Ir")), 4);		/* 24 - 20 */
	ck_assert_int_eq(S(self_of("a.c:f", "Dr")), 1);		/* 6 - 5 */
}
END_TEST

START_TEST(inclusive_costs_are_new_minus_old_signed)
{
	diff_of(new_text, old_text);
	ck_assert_int_eq(tp->have_incl, 1);
	ck_assert_int_eq(S(incl_of("a.c:main", "Ir")), -16);	/* 54 - 70 */
	ck_assert_int_eq(S(incl_of("a.c:main", "Dr")), 2);	/* 9 - 7 */
	ck_assert_int_eq(S(incl_of("a.c:f", "Ir")), 4);		/* 24 - 20 */
	ck_assert_int_eq(S(incl_of("a.c:f", "Dr")), 1);		/* 6 - 5 */
}
END_TEST

START_TEST(functions_only_one_side_has_keep_their_sign)
{
	diff_of(new_text, old_text);
	ck_assert_int_eq(S(self_of("a.c:g", "Ir")), 7);
	ck_assert_int_eq(S(self_of("a.c:g", "Dr")), 1);
	ck_assert_int_eq(S(incl_of("a.c:g", "Ir")), 7);
	ck_assert_int_eq(S(self_of("a.c:h", "Ir")), -9);
	ck_assert_int_eq(S(self_of("a.c:h", "Dr")), -4);
	ck_assert_int_eq(S(incl_of("a.c:h", "Ir")), -9);
	ck_assert_int_eq(S(incl_of("a.c:h", "Dr")), -4);
}
END_TEST

START_TEST(an_unchanged_function_differs_by_zero)
{
	diff_of(new_text, old_text);
	ck_assert_uint_eq(self_of("a.c:k", "Ir"), 0);
	ck_assert_uint_eq(self_of("a.c:k", "Dr"), 0);
	ck_assert_uint_eq(incl_of("a.c:k", "Ir"), 0);
}
END_TEST

START_TEST(old_costs_are_kept_beside_the_difference)
{
	diff_of(new_text, old_text);
	ck_assert_uint_eq(val(cga_fn_base_self(fn_of("a.c:main")), "Ir"), 50);
	ck_assert_uint_eq(val(cga_fn_base_self(fn_of("a.c:main")), "Dr"), 2);
	ck_assert_uint_eq(val(cga_fn_base_incl(fn_of("a.c:main")), "Ir"), 70);
	ck_assert_uint_eq(val(cga_fn_base_self(fn_of("a.c:h")), "Ir"), 9);
	ck_assert_uint_eq(val(cga_fn_base_incl(fn_of("a.c:h")), "Dr"), 4);
	/* Only NEW has g: no OLD cost. */
	ck_assert_ptr_null(cga_fn_base_self(fn_of("a.c:g")));
	ck_assert_ptr_null(cga_fn_base_incl(fn_of("a.c:g")));
}
END_TEST

START_TEST(call_counts_and_costs_are_new_minus_old)
{
	diff_of(new_text, old_text);
	ck_assert_int_eq(S(call_count("a.c:main", "a.c:f")), -2);  /* 3 - 5 */
	ck_assert_int_eq(S(call_cost("a.c:main", "a.c:f", "Ir")), 4);
	ck_assert_int_eq(S(call_cost("a.c:main", "a.c:f", "Dr")), 1);
}
END_TEST

/* The call site of main's line 2, which annotation shows. */
START_TEST(call_sites_are_new_minus_old)
{
	struct cga_site	*s = NULL;
	size_t		 i, n = 0;

	diff_of(new_text, old_text);
	for (i = 0; i < tp->nsites; i++) {
		s = cga_site_at(tp, i);
		n++;
	}
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(s->key.file->name, "a.c");
	ck_assert_uint_eq(s->key.line, 2);
	ck_assert_str_eq(s->key.caller->display, "a.c:main");
	ck_assert_str_eq(s->key.callee->display, "a.c:f");
	ck_assert_int_eq(S(s->count), -2);
	ck_assert_int_eq(S(val(s->cost, "Ir")), 4);
	ck_assert_int_eq(S(val(s->cost, "Dr")), 1);
}
END_TEST

START_TEST(line_costs_are_new_minus_old)
{
	diff_of(new_text, old_text);
	ck_assert_int_eq(S(line_of("a.c", 1, "Ir")), -20);
	ck_assert_int_eq(S(line_of("a.c", 1, "Dr")), 1);
	ck_assert_int_eq(S(line_of("a.c", 10, "Ir")), 4);
	ck_assert_int_eq(S(line_of("a.c", 20, "Ir")), 7);
	ck_assert_int_eq(S(line_of("a.c", 30, "Ir")), -9);
	ck_assert_int_eq(S(line_of("a.c", 30, "Dr")), -4);
	ck_assert_int_eq(S(line_of("a.c", 40, "Ir")), 0);
}
END_TEST

/* The total is the difference; percentages are of OLD's totals. */
START_TEST(totals_are_new_minus_old_and_old_is_the_base)
{
	diff_of(new_text, old_text);
	ck_assert_int_eq(S(total_of("Ir")), -18);	/* 66 - 84 */
	ck_assert_int_eq(S(total_of("Dr")), -1);	/* 15 - 16 */
	ck_assert_ptr_nonnull(tp->base);
	ck_assert_uint_eq(tp->base[ev(tp, "Ir")], 84);
	ck_assert_uint_eq(tp->base[ev(tp, "Dr")], 16);
	ck_assert_str_eq(tp->path, pnew->path);
	ck_assert_str_eq(tp->base_path, pold->path);
}
END_TEST

/* A profile minus itself: every figure 0, every function still there. */
START_TEST(a_profile_minus_itself_is_zero_everywhere)
{
	struct cga_fn	*fn;
	size_t		 n = 0;

	diff_of(new_text, new_text);
	for (fn = tp->fns; fn != NULL; fn = fn->next, n++) {
		ck_assert_uint_eq(val(fn->self, "Ir"), 0);
		ck_assert_uint_eq(val(fn->incl, "Ir"), 0);
	}
	ck_assert_uint_eq(n, 4);	/* main f g k */
	ck_assert_uint_eq(call_count("a.c:main", "a.c:f"), 0);
	ck_assert_uint_eq(total_of("Ir"), 0);
}
END_TEST

/* Without inclusive costs on either side, a function's is its self. */
START_TEST(without_inclusive_costs_inclusive_is_self)
{
	struct cga_fn	*fn;

	load_text(&pnew, new_text, 0);
	load_text(&pold, old_text, 0);
	tp = cga_profile_diff(pold, pnew);
	ck_assert_ptr_nonnull(tp);
	ck_assert_int_eq(tp->have_incl, 0);
	fn = fn_of("a.c:main");
	ck_assert_ptr_eq(fn->incl, fn->self);
}
END_TEST

/* The largest signed count is a difference, either way. */
START_TEST(a_difference_of_int64_max_fits)
{
	diff_of("events: Ir\nfl=a.c\nfn=main\n1 9223372036854775807\n",
	    "events: Ir\nfl=a.c\nfn=main\n1 1\n");
	ck_assert_int_eq(S(self_of("a.c:main", "Ir")), INT64_MAX - 1);
	diff_teardown();
	diff_of("events: Ir\nfl=a.c\nfn=other\n1 0\n",
	    "events: Ir\nfl=a.c\nfn=main\n1 9223372036854775807\n");
	ck_assert_int_eq(S(self_of("a.c:main", "Ir")), -INT64_MAX);
	ck_assert_int_eq(S(total_of("Ir")), -INT64_MAX);
}
END_TEST

/*
 * A count above the largest signed one, 2^63, has no signed difference:
 * an error naming both files, and no model.
 */
static void
diff_overflows(const char *new_t, const char *old_t)
{
	char	 got[512], want[512];
	FILE	*f;
	int	 saved, silent;
	size_t	 n;

	load_text(&pnew, new_t, 1);
	load_text(&pold, old_t, 1);
	/* The message, printed into a file (the tests keep quiet). */
	fflush(stderr);
	f = tmpfile();
	ck_assert_ptr_nonnull(f);
	saved = dup(STDERR_FILENO);
	dup2(fileno(f), STDERR_FILENO);
	silent = cga_diag_silent;
	cga_diag_silent = 0;
	tp = cga_profile_diff(pold, pnew);
	fflush(stderr);
	dup2(saved, STDERR_FILENO);
	close(saved);
	cga_diag_silent = silent;
	rewind(f);
	n = fread(got, 1, sizeof(got) - 1, f);
	got[n] = '\0';
	fclose(f);
	snprintf(want, sizeof(want), "cgannotate: %s: a difference from %s "
	    "does not fit in 64 bits\n", pnew->path, pold->path);
	ck_assert_ptr_null(tp);
	ck_assert_str_eq(got, want);
}

START_TEST(a_self_cost_of_2_to_the_63_is_an_error)
{
	diff_overflows("events: Ir\nfl=a.c\nfn=main\n1 9223372036854775808\n",
	    "events: Ir\nfl=a.c\nfn=main\n1 1\n");
}
END_TEST

START_TEST(an_old_cost_of_2_to_the_63_is_an_error)
{
	diff_overflows("events: Ir\nfl=a.c\nfn=main\n1 1\n",
	    "events: Ir\nfl=a.c\nfn=main\n1 9223372036854775808\n");
}
END_TEST

START_TEST(a_call_count_of_2_to_the_63_is_an_error)
{
	diff_overflows("events: Ir\nfl=a.c\nfn=main\n1 1\ncfn=f\n"
	    "calls=9223372036854775808 5\n2 1\nfn=f\n5 1\n",
	    "events: Ir\nfl=a.c\nfn=main\n1 1\n");
}
END_TEST

/*
 * Profiles with negative counts (cg_diff's) are differences: --diff of
 * two reads their counts signed; OLD's shares are of the size of its
 * total; taking INT64_MIN away does not fit.
 */
START_TEST(differences_of_differences_are_signed)
{
	diff_of("events: Ir\nfl=a.c\nfn=main\n1 -5\nfn=f\n2 3\n",
	    "events: Ir\nfl=a.c\nfn=main\n1 -7\nfn=f\n2 -1\n");
	ck_assert_int_eq(S(self_of("a.c:main", "Ir")), 2);
	ck_assert_int_eq(S(self_of("a.c:f", "Ir")), 4);
	ck_assert_int_eq(S(total_of("Ir")), 6);
	ck_assert_uint_eq(tp->base[ev(tp, "Ir")], 8);
}
END_TEST

START_TEST(taking_away_the_least_signed_count_is_an_error)
{
	diff_overflows("events: Ir\nfl=a.c\nfn=main\n1 1\n",
	    "events: Ir\nfl=a.c\nfn=main\n1 -9223372036854775808\n");
}
END_TEST

Suite *
diff_suite(void)
{
	Suite	*s = suite_create("diff");
	TCase	*tc = tcase_create("diff");

	tcase_add_checked_fixture(tc, diff_setup, diff_teardown);
	tcase_add_test(tc, self_costs_are_new_minus_old_signed);
	tcase_add_test(tc, inclusive_costs_are_new_minus_old_signed);
	tcase_add_test(tc, functions_only_one_side_has_keep_their_sign);
	tcase_add_test(tc, an_unchanged_function_differs_by_zero);
	tcase_add_test(tc, old_costs_are_kept_beside_the_difference);
	tcase_add_test(tc, call_counts_and_costs_are_new_minus_old);
	tcase_add_test(tc, call_sites_are_new_minus_old);
	tcase_add_test(tc, line_costs_are_new_minus_old);
	tcase_add_test(tc, totals_are_new_minus_old_and_old_is_the_base);
	tcase_add_test(tc, a_profile_minus_itself_is_zero_everywhere);
	tcase_add_test(tc, without_inclusive_costs_inclusive_is_self);
	tcase_add_test(tc, a_difference_of_int64_max_fits);
	tcase_add_test(tc, a_self_cost_of_2_to_the_63_is_an_error);
	tcase_add_test(tc, an_old_cost_of_2_to_the_63_is_an_error);
	tcase_add_test(tc, a_call_count_of_2_to_the_63_is_an_error);
	tcase_add_test(tc, differences_of_differences_are_signed);
	tcase_add_test(tc, taking_away_the_least_signed_count_is_an_error);
	suite_add_tcase(s, tc);
	return s;
}
