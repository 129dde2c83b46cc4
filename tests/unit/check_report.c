/*
 * check_report.c: the view (--show, --sort, thresholds), the sort order of
 * costs, column widths, and the function list.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_cga.h"

static const char three_events[] =
    "events: Ir Dr\nevent: Sum = Ir + Dr\nfl=a.c\nfn=main\n1 5 6\n";

/* The view of tp under o, as main.c makes it. */
static int
view_make(struct cga_view *v, const struct cga_profile *p,
    const struct cga_opts *o)
{
	cga_view_init(v, o);
	return cga_view_bind(v, p);
}

/* A cost of tp; a negative value leaves that event undefined ("."). */
static uint64_t *
cost(long long ir, long long dr)
{
	uint64_t	*c = cga_cost_new(tp);

	if (ir >= 0) {
		c[ev(tp, "Ir")] = (uint64_t)ir;
		cga_cost_define(tp, c, ev(tp, "Ir"));
	}
	if (dr >= 0) {
		c[ev(tp, "Dr")] = (uint64_t)dr;
		cga_cost_define(tp, c, ev(tp, "Dr"));
	}
	return c;
}

/* What a printer writes, as a string to free. */
struct capture {
	char	*buf;
	size_t	 len;
	FILE	*f;
};

static void
capture_begin(struct capture *c)
{
	c->buf = NULL;
	c->len = 0;
	c->f = open_memstream(&c->buf, &c->len);
	ck_assert_ptr_nonnull(c->f);
}

static char *
capture_end(struct capture *c)
{
	fclose(c->f);
	return c->buf;
}

START_TEST(view_shows_and_sorts_recorded_events_by_default)
{
	struct cga_opts	 o;
	struct cga_view	 v;

	ck_assert_int_eq(load_profile(three_events), 0);
	cga_opts_init(&o);
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	ck_assert_uint_eq(v.nshow, 2);
	ck_assert_uint_eq(v.show[0], 0);
	ck_assert_uint_eq(v.show[1], 1);
	ck_assert_uint_eq(v.nsort, 2);
	ck_assert_uint_eq(v.sort[0], 0);
	ck_assert_uint_eq(v.sort[1], 1);
	ck_assert_ptr_eq(v.total, tp->total);
	cga_view_free(&v);
}
END_TEST

START_TEST(view_show_names_events_in_their_order)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	char		 sum[] = "Sum", ir[] = "Ir";
	char		*show[] = { sum, ir };

	ck_assert_int_eq(load_profile(three_events), 0);
	cga_opts_init(&o);
	o.show = show;
	o.nshow = 2;
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	ck_assert_uint_eq(v.nshow, 2);
	ck_assert_uint_eq(v.show[0], ev(tp, "Sum"));
	ck_assert_uint_eq(v.show[1], ev(tp, "Ir"));
	ck_assert_uint_eq(v.nsort, 2);
	cga_view_free(&v);
}
END_TEST

START_TEST(view_sort_names_events_in_their_order)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	char		 dr[] = "Dr", sum[] = "Sum";
	char		*sort[] = { dr, sum };
	char		*th[] = { NULL, NULL };

	ck_assert_int_eq(load_profile(three_events), 0);
	cga_opts_init(&o);
	o.sort = sort;
	o.sort_th = th;
	o.nsort = 2;
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	ck_assert_uint_eq(v.sort[0], ev(tp, "Dr"));
	ck_assert_uint_eq(v.sort[1], ev(tp, "Sum"));
	cga_view_free(&v);
}
END_TEST

START_TEST(view_with_unknown_show_event_fails)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	char		 ir[] = "Ir", bogus[] = "Bogus";
	char		*show[] = { ir, bogus };

	ck_assert_int_eq(load_profile(three_events), 0);
	cga_opts_init(&o);
	o.show = show;
	o.nshow = 2;
	ck_assert_int_eq(view_make(&v, tp, &o), -1);
	cga_view_free(&v);
}
END_TEST

START_TEST(view_with_unknown_sort_event_fails)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	char		 bogus[] = "Bogus";
	char		*sort[] = { bogus };
	char		*th[] = { NULL };

	ck_assert_int_eq(load_profile(three_events), 0);
	cga_opts_init(&o);
	o.sort = sort;
	o.sort_th = th;
	o.nsort = 1;
	ck_assert_int_eq(view_make(&v, tp, &o), -1);
	cga_view_free(&v);
}
END_TEST

/* Without --sort thresholds, --threshold is the first sort event's. */
START_TEST(view_threshold_belongs_to_the_first_sort_event)
{
	struct cga_opts	 o;
	struct cga_view	 v;

	ck_assert_int_eq(load_profile(three_events), 0);
	cga_opts_init(&o);
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	ck_assert_str_eq(v.th_text[0], "99");
	ck_assert_double_eq(v.th[0], 99.0);
	ck_assert_str_eq(v.th_text[1], "0");
	ck_assert_double_eq(v.th[1], 0.0);
	ck_assert_int_eq(v.filter, 1);
	cga_view_free(&v);
}
END_TEST

START_TEST(view_sort_thresholds_replace_the_threshold)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	char		 dr[] = "Dr", ir[] = "Ir", th1[] = "2.5";
	char		*sort[] = { dr, ir };
	char		*th[] = { NULL, th1 };
	double		 thv[] = { 0, 2.5 };

	ck_assert_int_eq(load_profile(three_events), 0);
	cga_opts_init(&o);
	o.sort = sort;
	o.sort_th = th;
	o.sort_th_val = thv;
	o.nsort = 2;
	o.sort_has_th = 1;
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	ck_assert_str_eq(v.th_text[0], "0");
	ck_assert_double_eq(v.th[0], 0.0);
	ck_assert_str_eq(v.th_text[1], "2.5");
	ck_assert_double_eq(v.th[1], 2.5);
	ck_assert_int_eq(v.filter, 1);
	cga_view_free(&v);
}
END_TEST

START_TEST(view_threshold_of_100_lists_everything)
{
	struct cga_opts	 o;
	struct cga_view	 v;

	ck_assert_int_eq(load_profile(three_events), 0);
	cga_opts_init(&o);
	o.threshold = (char *)"100";
	o.threshold_val = 100;
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	ck_assert_int_eq(v.filter, 0);
	cga_view_free(&v);
}
END_TEST

START_TEST(cost_cmp_puts_larger_costs_first)
{
	struct cga_opts	 o;
	struct cga_view	 v;

	ck_assert_int_eq(load_profile(three_events), 0);
	cga_opts_init(&o);
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	ck_assert_int_lt(cga_cost_cmp(&v, cost(10, 0), cost(9, 0)), 0);
	ck_assert_int_gt(cga_cost_cmp(&v, cost(9, 0), cost(10, 0)), 0);
	ck_assert_int_eq(cga_cost_cmp(&v, cost(10, 3), cost(10, 3)), 0);
	cga_view_free(&v);
}
END_TEST

/* "." (never given) sorts below a given 0. */
START_TEST(cost_cmp_sorts_undefined_below_zero)
{
	struct cga_opts	 o;
	struct cga_view	 v;

	ck_assert_int_eq(load_profile(three_events), 0);
	cga_opts_init(&o);
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	ck_assert_int_lt(cga_cost_cmp(&v, cost(0, 0), cost(-1, 0)), 0);
	ck_assert_int_gt(cga_cost_cmp(&v, cost(-1, 5), cost(0, 0)), 0);
	ck_assert_int_eq(cga_cost_cmp(&v, cost(-1, -1), cost(-1, -1)), 0);
	cga_view_free(&v);
}
END_TEST

START_TEST(cost_cmp_breaks_ties_with_the_next_sort_event)
{
	struct cga_opts	 o;
	struct cga_view	 v;

	ck_assert_int_eq(load_profile(three_events), 0);
	cga_opts_init(&o);
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	ck_assert_int_lt(cga_cost_cmp(&v, cost(5, 2), cost(5, 1)), 0);
	ck_assert_int_lt(cga_cost_cmp(&v, cost(5, 0), cost(5, -1)), 0);
	cga_view_free(&v);
}
END_TEST

START_TEST(cost_cmp_follows_the_sort_order)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	char		 dr[] = "Dr";
	char		*sort[] = { dr };
	char		*th[] = { NULL };

	ck_assert_int_eq(load_profile(three_events), 0);
	cga_opts_init(&o);
	o.sort = sort;
	o.sort_th = th;
	o.nsort = 1;
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	ck_assert_int_lt(cga_cost_cmp(&v, cost(1, 9), cost(100, 8)), 0);
	ck_assert_int_eq(cga_cost_cmp(&v, cost(1, 9), cost(100, 9)), 0);
	cga_view_free(&v);
}
END_TEST

START_TEST(widths_start_at_the_event_names)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	size_t		*w;

	ck_assert_int_eq(load_profile("events: Ir Dmr LongName\nfn=main\n"
	    "1 1 2 3\n"), 0);
	cga_opts_init(&o);
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	w = cga_widths_new(&v);
	ck_assert_uint_eq(w[0], 2);
	ck_assert_uint_eq(w[1], 3);
	ck_assert_uint_eq(w[2], 8);
	free(w);
	cga_view_free(&v);
}
END_TEST

START_TEST(widths_grow_to_the_counts_with_commas)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	size_t		*w;

	ck_assert_int_eq(load_profile(three_events), 0);
	cga_opts_init(&o);
	o.show_percs = 0;
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	w = cga_widths_new(&v);
	cga_widths_add(&v, w, cost(1234567, 5));
	ck_assert_uint_eq(w[0], 9);
	ck_assert_uint_eq(w[1], 2);
	cga_widths_add(&v, w, cost(1000, 100000));
	ck_assert_uint_eq(w[0], 9);
	ck_assert_uint_eq(w[1], 7);
	free(w);
	cga_view_free(&v);
}
END_TEST

/*
 * A percentage takes 9 columns, " (12.34%)", up to the total (Ir 5, Dr 6
 * here); a count above the total takes what its percentage needs.
 */
START_TEST(widths_with_percentages_are_9_wider)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	size_t		*w;

	ck_assert_int_eq(load_profile(three_events), 0);
	cga_opts_init(&o);
	o.show_percs = 1;
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	w = cga_widths_new(&v);
	cga_widths_add(&v, w, cost(5, 6));
	ck_assert_uint_eq(w[0], 10);
	ck_assert_uint_eq(w[1], 10);
	/* "1,234,567 (24691340.0%)" */
	cga_widths_add(&v, w, cost(1234567, 5));
	ck_assert_uint_eq(w[0], 9 + 14);
	ck_assert_uint_eq(w[1], 10);
	free(w);
	cga_view_free(&v);
}
END_TEST

START_TEST(widths_ignore_undefined_counters)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	size_t		*w;

	ck_assert_int_eq(load_profile(three_events), 0);
	cga_opts_init(&o);
	o.show_percs = 1;
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	w = cga_widths_new(&v);
	cga_widths_add(&v, w, cost(-1, -1));
	ck_assert_uint_eq(w[0], 2);
	ck_assert_uint_eq(w[1], 2);
	free(w);
	cga_view_free(&v);
}
END_TEST

START_TEST(print_cost_pads_counts_and_writes_dot_for_undefined)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	struct capture	 cap;
	size_t		*w;
	char		*s;

	ck_assert_int_eq(load_profile(three_events), 0);
	cga_opts_init(&o);
	o.show_percs = 0;
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	w = cga_widths_new(&v);
	cga_widths_add(&v, w, cost(1234567, 5));
	capture_begin(&cap);
	cga_print_cost(cap.f, &v, w, cost(1000, -1));
	cga_print_events(cap.f, &v, w);
	s = capture_end(&cap);
	ck_assert_str_eq(s, "    1,000  . Ir        Dr ");
	free(s);
	free(w);
	cga_view_free(&v);
}
END_TEST

/* A percentage follows a count, but not a 0 or a ".". */
START_TEST(print_cost_with_percentages)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	struct capture	 cap;
	size_t		*w;
	char		*s;

	ck_assert_int_eq(load_profile("events: Ir Dr\nevent: Sum = Ir + Dr\n"
	    "summary: 2000 10\nfn=main\n1 5 6\n"), 0);
	cga_opts_init(&o);
	o.show_percs = 1;
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	w = cga_widths_new(&v);
	capture_begin(&cap);
	cga_print_cost(cap.f, &v, w, cost(1000, 0));
	cga_print_cost(cap.f, &v, w, cost(2000, -1));
	s = capture_end(&cap);
	ck_assert_str_eq(s, "1,000 (50.00%) 0          "
	    "2,000 (100.0%) .          ");
	free(s);
	free(w);
	cga_view_free(&v);
}
END_TEST

static struct cga_fn **
list_functions(struct cga_view *v, size_t *n)
{
	struct capture	 cap;
	struct cga_fn	**fns;

	capture_begin(&cap);
	fns = cga_report_functions(cap.f, v, n);
	free(capture_end(&cap));
	return fns;
}

static const char list_profile[] =
    "events: Ir\nfl=a.c\nfn=h\n1 1\nfn=f\n1 90\nfn=g\n1 9\n"
    "cfn=k\ncalls=1 1\n1 0\n";

START_TEST(function_list_is_by_descending_cost)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	struct cga_fn	**fns;
	size_t		 n;

	ck_assert_int_eq(load_profile(list_profile), 0);
	cga_opts_init(&o);
	o.threshold = (char *)"100";
	o.threshold_val = 100;
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	fns = list_functions(&v, &n);
	ck_assert_uint_eq(n, 3);
	ck_assert_str_eq(fns[0]->display, "a.c:f");
	ck_assert_str_eq(fns[1]->display, "a.c:g");
	ck_assert_str_eq(fns[2]->display, "a.c:h");
	free(fns);
	cga_view_free(&v);
}
END_TEST

/* The list stops once the listed functions hold the threshold. */
START_TEST(function_list_stops_at_the_threshold)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	struct cga_fn	**fns;
	size_t		 n;

	ck_assert_int_eq(load_profile(list_profile), 0);
	cga_opts_init(&o);
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	fns = list_functions(&v, &n);
	ck_assert_uint_eq(n, 2);
	ck_assert_str_eq(fns[0]->display, "a.c:f");
	ck_assert_str_eq(fns[1]->display, "a.c:g");
	free(fns);
	cga_view_free(&v);
}
END_TEST

/* Inclusive lists also functions only called, by their inclusive cost. */
START_TEST(inclusive_function_list_has_called_functions)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	struct cga_fn	**fns;
	size_t		 n;

	ck_assert_int_eq(load_profile(list_profile), 0);
	ck_assert_int_eq(cga_profile_inclusive(tp), 0);
	cga_opts_init(&o);
	o.inclusive = 1;
	o.threshold = (char *)"100";
	o.threshold_val = 100;
	ck_assert_int_eq(view_make(&v, tp, &o), 0);
	fns = list_functions(&v, &n);
	ck_assert_uint_eq(n, 4);
	ck_assert_str_eq(fns[0]->display, "a.c:f");
	ck_assert_str_eq(fns[3]->display, "a.c:k");
	free(fns);
	cga_view_free(&v);
}
END_TEST

Suite *
report_suite(void)
{
	Suite	*s = suite_create("report");
	TCase	*tc;

	tc = tcase_create("view");
	cga_test_fixture(tc);
	tcase_add_test(tc, view_shows_and_sorts_recorded_events_by_default);
	tcase_add_test(tc, view_show_names_events_in_their_order);
	tcase_add_test(tc, view_sort_names_events_in_their_order);
	tcase_add_test(tc, view_with_unknown_show_event_fails);
	tcase_add_test(tc, view_with_unknown_sort_event_fails);
	tcase_add_test(tc, view_threshold_belongs_to_the_first_sort_event);
	tcase_add_test(tc, view_sort_thresholds_replace_the_threshold);
	tcase_add_test(tc, view_threshold_of_100_lists_everything);
	suite_add_tcase(s, tc);

	tc = tcase_create("order");
	cga_test_fixture(tc);
	tcase_add_test(tc, cost_cmp_puts_larger_costs_first);
	tcase_add_test(tc, cost_cmp_sorts_undefined_below_zero);
	tcase_add_test(tc, cost_cmp_breaks_ties_with_the_next_sort_event);
	tcase_add_test(tc, cost_cmp_follows_the_sort_order);
	suite_add_tcase(s, tc);

	tc = tcase_create("columns");
	cga_test_fixture(tc);
	tcase_add_test(tc, widths_start_at_the_event_names);
	tcase_add_test(tc, widths_grow_to_the_counts_with_commas);
	tcase_add_test(tc, widths_with_percentages_are_9_wider);
	tcase_add_test(tc, widths_ignore_undefined_counters);
	tcase_add_test(tc, print_cost_pads_counts_and_writes_dot_for_undefined);
	tcase_add_test(tc, print_cost_with_percentages);
	suite_add_tcase(s, tc);

	tc = tcase_create("functions");
	cga_test_fixture(tc);
	tcase_add_test(tc, function_list_is_by_descending_cost);
	tcase_add_test(tc, function_list_stops_at_the_threshold);
	tcase_add_test(tc, inclusive_function_list_has_called_functions);
	suite_add_tcase(s, tc);
	return s;
}
