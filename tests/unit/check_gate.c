/*
 * check_gate.c: the gate of --fail-above and --fail-above-function: its
 * limits as parsed, the exact comparison at the limit, totals of 0, the
 * worst function, and events neither profile has.
 */
#include <stdlib.h>
#include <string.h>

#include "check_cga.h"
#include "analysis/diff.h"
#include "analysis/gate.h"
#include "base/diag.h"

static struct cga_gate_limit	*lim;
static size_t			 nlim;
static char			 err[256];
/* OLD, NEW and their difference, which the verdicts point into. */
static struct cga_profile	*pold, *pnew, *pdiff;

static void
gate_setup(void)
{
	lim = NULL;
	nlim = 0;
	err[0] = '\0';
	pold = pnew = pdiff = NULL;
}

/* The profiles of gate_of, the difference first (it points into both). */
static void
free_profiles(void)
{
	cga_profile_free(pdiff);
	cga_profile_free(pnew);
	cga_profile_free(pold);
	pold = pnew = pdiff = NULL;
}

static void
gate_teardown(void)
{
	cga_gate_limits_free(lim, nlim);
	free_profiles();
}

static int
parse(const char *arg, int function)
{
	return cga_gate_parse(&lim, &nlim, arg, function, err, sizeof(err));
}

START_TEST(limits_are_counts_or_percentages_in_a_list)
{
	ck_assert_int_eq(parse("Ir:1.5%,Dr:2000", 0), 0);
	ck_assert_int_eq(parse("D1mr:0.000001%", 1), 0);
	ck_assert_uint_eq(nlim, 3);
	ck_assert_str_eq(lim[0].event, "Ir");
	ck_assert_int_eq(lim[0].percent, 1);
	ck_assert_uint_eq(lim[0].num, 15);
	ck_assert_uint_eq(lim[0].dec, 1);
	ck_assert_int_eq(lim[0].function, 0);
	ck_assert_str_eq(lim[1].event, "Dr");
	ck_assert_int_eq(lim[1].percent, 0);
	ck_assert_uint_eq(lim[1].num, 2000);
	ck_assert_uint_eq(lim[2].num, 1);
	ck_assert_uint_eq(lim[2].dec, 6);
	ck_assert_int_eq(lim[2].function, 1);
}
END_TEST

START_TEST(an_event_may_hold_a_colon)
{
	ck_assert_int_eq(parse("a:b:5%", 0), 0);
	ck_assert_str_eq(lim[0].event, "a:b");
	ck_assert_uint_eq(lim[0].num, 5);
}
END_TEST

/* Each wrong limit is refused, saying why. */
START_TEST(wrong_limits_say_what_is_wrong)
{
	static const struct {
		const char	*arg;
		const char	*why;
	} bad[] = {
		{ "Ir", "expected EVENT:N or EVENT:N%: 'Ir'" },
		{ ":5", "expected EVENT:N or EVENT:N%: ':5'" },
		{ "Ir:5,", "expected EVENT:N or EVENT:N%: ''" },
		{ "Ir:-1%", "a limit must not be negative: 'Ir:-1%'" },
		{ "Ir:-0", "a limit must not be negative: 'Ir:-0'" },
		{ "Ir:", "expected a number: 'Ir:'" },
		{ "Ir:%", "expected a number: 'Ir:%'" },
		{ "Ir:.%", "expected a number: 'Ir:.%'" },
		{ "Ir:1e3", "expected a number, then '%' for a percentage: "
		    "'Ir:1e3'" },
		{ "Ir:0x10", "expected a number: 'Ir:0x10'" },
		{ "Ir:1.5", "a count has no decimals (add '%' for a "
		    "percentage): 'Ir:1.5'" },
		{ "Ir:1.1234567%", "at most 6 decimals, please: "
		    "'Ir:1.1234567%'" },
		{ "Ir:18446744073709551616", "the number does not fit in 64 "
		    "bits: 'Ir:18446744073709551616'" },
		{ "Ir:18446744073709551615.5%", "the number does not fit in "
		    "64 bits: 'Ir:18446744073709551615.5%'" },
	};
	size_t	 i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_int_eq(parse(bad[i].arg, 0), -1);
		ck_assert_str_eq(err, bad[i].why);
	}
}
END_TEST

START_TEST(limits_print_as_decimal_numbers)
{
	char	 buf[64];

	ck_assert_int_eq(parse("a:1.50%,b:.05%,c:7.%,d:1234567,e:0.000001%",
	    0), 0);
	cga_gate_limit_text(&lim[0], buf, sizeof(buf));
	ck_assert_str_eq(buf, "1.5");
	cga_gate_limit_text(&lim[1], buf, sizeof(buf));
	ck_assert_str_eq(buf, "0.05");
	cga_gate_limit_text(&lim[2], buf, sizeof(buf));
	ck_assert_str_eq(buf, "7");
	cga_gate_limit_text(&lim[3], buf, sizeof(buf));
	ck_assert_str_eq(buf, "1,234,567");
	cga_gate_limit_text(&lim[4], buf, sizeof(buf));
	ck_assert_str_eq(buf, "0.000001");
}
END_TEST

START_TEST(products_compare_exactly_past_64_bits)
{
	/* 2^63 * 4 = 2^65 > (2^64 - 1) * 2 = 2^65 - 2 */
	ck_assert_int_eq(cga_gate_product_gt(UINT64_C(1) << 63, 4,
	    UINT64_MAX, 2), 1);
	ck_assert_int_eq(cga_gate_product_gt(UINT64_MAX, 2,
	    UINT64_C(1) << 63, 4), 0);
	ck_assert_int_eq(cga_gate_product_gt(UINT64_MAX, UINT64_MAX,
	    UINT64_MAX, UINT64_MAX), 0);
	ck_assert_int_eq(cga_gate_product_gt(UINT64_MAX, UINT64_MAX,
	    UINT64_MAX, UINT64_MAX - 1), 1);
	ck_assert_int_eq(cga_gate_product_gt(0xffffffff, 0xffffffff,
	    UINT64_C(0xfffffffe00000001), 1), 0);
	ck_assert_int_eq(cga_gate_product_gt(3, 5, 14, 1), 1);
}
END_TEST

/* OLD: total 1000 Ir, 0 Dr; f 100 Ir.  NEW: 1010 Ir, 5 Dr; f 120 Ir. */
static const char old_text[] =
    "events: Ir Dr\nsummary: 1000 0\nfl=a.c\nfn=main\n1 900 0\n"
    "fn=f\n2 100 0\n";
static const char new_text[] =
    "events: Ir Dr\nsummary: 1010 5\nfl=a.c\nfn=main\n1 890 5\n"
    "fn=f\n2 120 0\nfn=g\n3 0 0\n";

static struct cga_profile *
loaded(const char *text)
{
	struct cga_profile	*p = cga_profile_new();

	ck_assert_int_eq(load_into(p, text, strlen(text), &cga_test_opts), 0);
	ck_assert_int_eq(cga_profile_finish(p), 0);
	return p;
}

/* The gate of arg (a --fail-above-function one if function) on the two. */
static struct cga_gate *
gate_of(const char *arg, int function, int want)
{
	struct cga_gate	*g = NULL;
	int		 silent = cga_diag_silent;

	free_profiles();
	pold = loaded(old_text);
	pnew = loaded(new_text);
	pdiff = cga_profile_diff(pold, pnew);
	ck_assert_ptr_nonnull(pdiff);
	ck_assert_int_eq(parse(arg, function), 0);
	cga_diag_silent = 1;
	ck_assert_int_eq(cga_gate_check(&g, lim, nlim, pold, pnew, pdiff),
	    want);
	cga_diag_silent = silent;
	return g;
}

START_TEST(a_rise_of_exactly_the_limit_is_within_it)
{
	struct cga_gate	*g = gate_of("Ir:1%,Ir:0.999999%,Ir:10,Ir:9", 0, 0);

	ck_assert_uint_eq(g->n, 4);
	ck_assert_int_eq(g->v[0].old, 1000);
	ck_assert_int_eq(g->v[0].new, 1010);
	ck_assert_int_eq(g->v[0].change, 10);
	ck_assert_int_eq(g->v[0].exceeded, 0);
	ck_assert_int_eq(g->v[1].exceeded, 1);
	ck_assert_int_eq(g->v[2].exceeded, 0);
	ck_assert_int_eq(g->v[3].exceeded, 1);
	ck_assert_int_eq(g->tripped, 1);
	cga_gate_free(g);
}
END_TEST

START_TEST(a_rise_from_0_passes_any_percentage_and_0_to_0_none)
{
	struct cga_gate	*g = gate_of("Dr:100000%,Dr:5", 0, 0);
	double		 perc;

	ck_assert_int_eq(g->v[0].exceeded, 1);
	ck_assert_int_eq(cga_gate_percent(&g->v[0], &perc), -1);
	ck_assert_int_eq(g->v[1].exceeded, 0);
	cga_gate_free(g);
	cga_gate_limits_free(lim, nlim);
	lim = NULL;
	nlim = 0;
	g = gate_of("Dr:0%", 1, 0);
	ck_assert_int_eq(g->v[0].exceeded, 1);
	ck_assert_str_eq(g->v[0].worst->display, "a.c:main");
	cga_gate_free(g);
}
END_TEST

START_TEST(the_worst_function_is_the_largest_rise)
{
	struct cga_gate	*g = gate_of("Ir:2%,Ir:1.999999%", 1, 0);
	double		 perc;

	ck_assert_ptr_nonnull(g->v[0].worst);
	ck_assert_str_eq(g->v[0].worst->display, "a.c:f");
	ck_assert_int_eq(g->v[0].old, 100);
	ck_assert_int_eq(g->v[0].new, 120);
	ck_assert_int_eq(g->v[0].change, 20);
	ck_assert_int_eq(g->v[0].old_total, 1000);
	ck_assert_int_eq(cga_gate_percent(&g->v[0], &perc), 0);
	ck_assert_double_eq(perc, 2.0);
	ck_assert_int_eq(g->v[0].exceeded, 0);
	ck_assert_int_eq(g->v[1].exceeded, 1);
	cga_gate_free(g);
}
END_TEST

START_TEST(a_fall_is_within_any_limit)
{
	struct cga_gate	*g;

	g = gate_of("Ir:0", 1, 0);
	/* Only f rose; main fell by 10. */
	ck_assert_str_eq(g->v[0].worst->display, "a.c:f");
	ck_assert_int_eq(g->v[0].exceeded, 1);
	cga_gate_free(g);
}
END_TEST

START_TEST(an_event_neither_profile_has_is_a_usage_error)
{
	struct cga_gate	*g = gate_of("Ir:1%,Zz:1", 0, -2);

	ck_assert_ptr_null(g);
	ck_assert_ptr_nonnull(strstr(cga_diag_last, "--fail-above event 'Zz' "
	    "is in neither /tmp/"));
	ck_assert_ptr_nonnull(strstr(cga_diag_last, "; their events are: "
	    "Ir Dr"));
}
END_TEST

Suite *
gate_suite(void)
{
	Suite	*s = suite_create("gate");
	TCase	*tc = tcase_create("gate");

	tcase_add_checked_fixture(tc, gate_setup, gate_teardown);
	tcase_add_test(tc, limits_are_counts_or_percentages_in_a_list);
	tcase_add_test(tc, an_event_may_hold_a_colon);
	tcase_add_test(tc, wrong_limits_say_what_is_wrong);
	tcase_add_test(tc, limits_print_as_decimal_numbers);
	tcase_add_test(tc, products_compare_exactly_past_64_bits);
	tcase_add_test(tc, a_rise_of_exactly_the_limit_is_within_it);
	tcase_add_test(tc, a_rise_from_0_passes_any_percentage_and_0_to_0_none);
	tcase_add_test(tc, the_worst_function_is_the_largest_rise);
	tcase_add_test(tc, a_fall_is_within_any_limit);
	tcase_add_test(tc, an_event_neither_profile_has_is_a_usage_error);
	suite_add_tcase(s, tc);
	return s;
}
