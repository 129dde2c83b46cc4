/* check_fmt.c: counts with commas, column widths and percentages. */
#include <string.h>

#include "check_cga.h"

static const char *
count(uint64_t v)
{
	static char	 buf[CGA_FMT_COUNT];
	size_t		 n = cga_fmt_count(buf, v);

	ck_assert_uint_eq(n, strlen(buf));
	return buf;
}

static const char *
perc(double v)
{
	static char	 buf[CGA_FMT_PERC];
	size_t		 n = cga_fmt_perc(buf, v);

	ck_assert_uint_eq(n, strlen(buf));
	return buf;
}

START_TEST(count_zero_is_a_single_digit)
{
	ck_assert_str_eq(count(0), "0");
}
END_TEST

START_TEST(count_below_a_thousand_has_no_comma)
{
	ck_assert_str_eq(count(7), "7");
	ck_assert_str_eq(count(999), "999");
}
END_TEST

START_TEST(count_of_a_thousand_has_one_comma)
{
	ck_assert_str_eq(count(1000), "1,000");
	ck_assert_str_eq(count(999999), "999,999");
}
END_TEST

START_TEST(count_groups_every_three_digits)
{
	ck_assert_str_eq(count(1234567), "1,234,567");
	ck_assert_str_eq(count(1000000), "1,000,000");
	ck_assert_str_eq(count(12345678901ULL), "12,345,678,901");
}
END_TEST

START_TEST(count_of_uint64_max_fits_the_buffer)
{
	ck_assert_str_eq(count(UINT64_MAX), "18,446,744,073,709,551,615");
	ck_assert_uint_lt(strlen(count(UINT64_MAX)), CGA_FMT_COUNT);
}
END_TEST

START_TEST(count_width_is_the_formatted_length)
{
	static const uint64_t v[] = { 0, 9, 10, 99, 100, 999, 1000, 9999,
	    100000, 999999, 1000000, 1234567, 4294967296ULL, UINT64_MAX };
	size_t	 i;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		ck_assert_uint_eq(cga_fmt_count_width(v[i]),
		    strlen(count(v[i])));
	ck_assert_uint_eq(cga_fmt_count_width(UINT64_MAX), 26);
}
END_TEST

START_TEST(percent_of_a_zero_total_is_zero)
{
	ck_assert_double_eq(cga_fmt_percent(0, 0), 0.0);
	ck_assert_double_eq(cga_fmt_percent(123, 0), 0.0);
}
END_TEST

START_TEST(percent_is_hundred_times_the_ratio)
{
	ck_assert_double_eq(cga_fmt_percent(1, 4), 25.0);
	ck_assert_double_eq(cga_fmt_percent(4, 4), 100.0);
	ck_assert_double_eq(cga_fmt_percent(0, 4), 0.0);
	ck_assert_double_eq(cga_fmt_percent(1, 3), 100.0 / 3.0);
	ck_assert_double_eq(cga_fmt_percent(6, 4), 150.0);
}
END_TEST

/* While v * 100 fits in 64 bits it is exact, then rounded to a double once. */
START_TEST(percent_multiplies_in_integers_while_it_fits)
{
	uint64_t v = ((uint64_t)1 << 53) + 1;

	ck_assert_double_eq(cga_fmt_percent(v, 1), (double)(v * 100));
	ck_assert(cga_fmt_percent(v, 1) != (double)v * 100.0);
}
END_TEST

START_TEST(percent_of_products_beyond_2_64_uses_doubles)
{
	ck_assert_double_eq(cga_fmt_percent(UINT64_MAX, UINT64_MAX), 100.0);
	ck_assert_double_eq(cga_fmt_percent((uint64_t)1 << 62,
	    (uint64_t)1 << 63), 50.0);
	ck_assert_double_eq(cga_fmt_percent(UINT64_MAX / 2, 1),
	    (double)(UINT64_MAX / 2) * 100.0);
}
END_TEST

START_TEST(perc_has_two_decimals_below_100)
{
	ck_assert_str_eq(perc(5), " ( 5.00%)");
	ck_assert_str_eq(perc(0), " ( 0.00%)");
	ck_assert_str_eq(perc(12.5), " (12.50%)");
	ck_assert_str_eq(perc(99.994), " (99.99%)");
}
END_TEST

START_TEST(perc_has_one_decimal_from_99_995)
{
	ck_assert_str_eq(perc(99.995), " (100.0%)");
	ck_assert_str_eq(perc(100), " (100.0%)");
	ck_assert_str_eq(perc(150), " (150.0%)");
	ck_assert_str_eq(perc(12345.67), " (12345.7%)");
}
END_TEST

START_TEST(perc_of_negatives_has_one_decimal_at_or_below_minus_9_995)
{
	ck_assert_str_eq(perc(-5), " (-5.00%)");
	ck_assert_str_eq(perc(-9.99), " (-9.99%)");
	ck_assert_str_eq(perc(-9.995), " (-10.0%)");
	ck_assert_str_eq(perc(-50), " (-50.0%)");
}
END_TEST

/* The text snprintf makes of perc, which cga_fmt_perc makes by hand. */
static int
perc_as_printf(double p)
{
	char	 a[CGA_FMT_PERC], b[CGA_FMT_PERC];
	size_t	 n = cga_fmt_perc(a, p);

	snprintf(b, sizeof(b), -9.995 < p && p < 99.995 ? " (%5.2f%%)" :
	    " (%5.1f%%)", p);
	return n == strlen(b) && strcmp(a, b) == 0;
}

START_TEST(perc_rounds_as_printf_ties_to_even_and_keeps_the_sign)
{
	uint64_t	 x = 88172645463325252ULL, v, t;
	long		 i;

	/* Binary ties of a hundredth (0.125 is 0.12), both signs, -0. */
	for (i = -1280; i <= 12800; i++)
		ck_assert(perc_as_printf(i / 128.0));
	ck_assert(perc_as_printf(-0.0));
	ck_assert(perc_as_printf(-0.001));
	ck_assert(perc_as_printf(99.99499999));
	ck_assert(perc_as_printf(-9.99499999));
	ck_assert_str_eq(perc(0.125), " ( 0.12%)");
	ck_assert_str_eq(perc(0.375), " ( 0.38%)");
	/* Percentages as reports make them, of counts of every size. */
	for (i = 0; i < 200000; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		v = x >> (x % 64);
		t = (x * 2654435761U) >> (x % 61);
		ck_assert(perc_as_printf(cga_fmt_percent(v, t ? t : 1)));
		ck_assert(perc_as_printf(-cga_fmt_percent(v, t ? t : 1)));
		ck_assert(perc_as_printf((double)(x % 2000000) / 20000 - 10));
	}
}
END_TEST

START_TEST(perc_of_a_huge_value_stays_in_its_buffer)
{
	char	 buf[CGA_FMT_PERC];
	size_t	 n = cga_fmt_perc(buf, 1e300);

	ck_assert_uint_lt(n, CGA_FMT_PERC);
	ck_assert_uint_eq(n, strlen(buf));
}
END_TEST

Suite *
fmt_suite(void)
{
	Suite	*s = suite_create("fmt");
	TCase	*tc;

	tc = tcase_create("count");
	tcase_add_test(tc, count_zero_is_a_single_digit);
	tcase_add_test(tc, count_below_a_thousand_has_no_comma);
	tcase_add_test(tc, count_of_a_thousand_has_one_comma);
	tcase_add_test(tc, count_groups_every_three_digits);
	tcase_add_test(tc, count_of_uint64_max_fits_the_buffer);
	tcase_add_test(tc, count_width_is_the_formatted_length);
	suite_add_tcase(s, tc);

	tc = tcase_create("percent");
	tcase_add_test(tc, percent_of_a_zero_total_is_zero);
	tcase_add_test(tc, percent_is_hundred_times_the_ratio);
	tcase_add_test(tc, percent_multiplies_in_integers_while_it_fits);
	tcase_add_test(tc, percent_of_products_beyond_2_64_uses_doubles);
	tcase_add_test(tc, perc_has_two_decimals_below_100);
	tcase_add_test(tc, perc_has_one_decimal_from_99_995);
	tcase_add_test(tc,
	    perc_of_negatives_has_one_decimal_at_or_below_minus_9_995);
	tcase_add_test(tc, perc_of_a_huge_value_stays_in_its_buffer);
	tcase_add_test(tc, perc_rounds_as_printf_ties_to_even_and_keeps_the_sign);
	suite_add_tcase(s, tc);
	return s;
}
