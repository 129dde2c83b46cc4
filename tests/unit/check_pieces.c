/*
 * check_pieces.c: the cost lines --format=callgrind writes
 * (print/callgrind_costs.c): each function's and each line's cost add up,
 * event by event, given or not; a line's cost goes to the function that
 * named it first; signed costs; a function whose lines lie in another
 * file.
 */
#include <stdlib.h>
#include <string.h>

#include "check_cga.h"
#include "print/callgrind_costs.h"

static struct cga_pieces	 pcs;

/* The pieces of tp, which must be made. */
static void
make(void)
{
	ck_assert_int_eq(cga_pieces_make(&pcs, tp), 0);
}

/*
 * Every function's pieces add up to its exclusive cost, and every line's
 * to the line's cost, each event given where, and only where, it was.
 */
static void
assert_adds_up(void)
{
	struct cga_fn		*fn;
	struct cga_file		*f;
	struct cga_lineref	*lines;
	uint64_t		*sum;
	size_t			 i, j, n;

	sum = xcalloc(tp->cw, sizeof(*sum));
	for (fn = tp->fns; fn != NULL; fn = fn->next) {
		memset(sum, 0, tp->cw * sizeof(*sum));
		for (i = 0; i < pcs.npieces; i++)
			if (pcs.all[i]->key.fn == fn)
				ck_assert_int_eq(cga_cost_add(tp, sum,
				    pcs.all[i]->cost), 0);
		for (i = 0; i < tp->nrec; i++) {
			ck_assert_int_eq(cga_cost_defined(tp, sum, i),
			    cga_cost_defined(tp, fn->self, i));
			ck_assert_uint_eq(sum[i], fn->self[i]);
		}
	}
	for (f = tp->files; f != NULL; f = f->next) {
		lines = cga_file_lines(tp, f, &n);
		for (j = 0; j < n; j++) {
			memset(sum, 0, tp->cw * sizeof(*sum));
			for (i = 0; i < pcs.npieces; i++)
				if (pcs.all[i]->key.file == f &&
				    pcs.all[i]->key.line == lines[j].line)
					ck_assert_int_eq(cga_cost_add(tp, sum,
					    pcs.all[i]->cost), 0);
			for (i = 0; i < tp->nrec; i++) {
				ck_assert_int_eq(cga_cost_defined(tp, sum, i),
				    cga_cost_defined(tp, lines[j].cost, i));
				ck_assert_uint_eq(sum[i], lines[j].cost[i]);
			}
		}
		free(lines);
	}
	free(sum);
}

/* The piece of the function display at a line of file, or NULL. */
static struct cga_piece *
piece_at(const char *display, const char *file, uint64_t line)
{
	size_t	 i;

	for (i = 0; i < pcs.npieces; i++)
		if (strcmp(pcs.all[i]->key.fn->display, display) == 0 &&
		    strcmp(pcs.all[i]->key.file->name, file) == 0 &&
		    pcs.all[i]->key.line == line)
			return pcs.all[i];
	return NULL;
}

START_TEST(each_line_goes_to_the_function_that_named_it)
{
	struct cga_piece	*pc;

	ck_assert_int_eq(load_profile("events: Ir\n"
	    "fl=a.c\nfn=f\n1 5\n2 7\nfn=g\n2 3\n3 4\n"), 0);
	make();
	assert_adds_up();
	/* Line 2 (10) is f's first: f takes what it lacks, 7; g the rest. */
	ck_assert_ptr_nonnull(pc = piece_at("a.c:f", "a.c", 1));
	ck_assert_uint_eq(pc->cost[0], 5);
	ck_assert_ptr_nonnull(pc = piece_at("a.c:f", "a.c", 2));
	ck_assert_uint_eq(pc->cost[0], 7);
	ck_assert_ptr_nonnull(pc = piece_at("a.c:g", "a.c", 2));
	ck_assert_uint_eq(pc->cost[0], 3);
	ck_assert_ptr_nonnull(pc = piece_at("a.c:g", "a.c", 3));
	ck_assert_uint_eq(pc->cost[0], 4);
	ck_assert_ptr_null(piece_at("a.c:f", "a.c", 3));
}
END_TEST

START_TEST(zero_stays_given_and_never_given_stays_so)
{
	ck_assert_int_eq(load_profile("events: Ir Dr Dw\n"
	    "fl=a.c\nfn=f\n1 5\n2 0 0\nfn=g\n2 3 0 0\n3\n"), 0);
	make();
	assert_adds_up();
}
END_TEST

START_TEST(inlined_code_adds_up_in_its_own_file)
{
	ck_assert_int_eq(load_profile("events: Ir Dr\n"
	    "fl=a.c\nfn=f\n1 5 1\nfi=h.h\n9 2\nfe=a.c\n2 1 1\n"
	    "fn=g\nfi=h.h\n9 4 4\n"), 0);
	make();
	assert_adds_up();
}
END_TEST

START_TEST(signed_costs_add_up)
{
	ck_assert_int_eq(load_profile("events: Ir Dr\n"
	    "fl=a.c\nfn=f\n1 5 1\n2 -3\nfn=g\n1 -7 0\n2 4 -2\n"), 0);
	ck_assert_int_eq(tp->diff, 1);
	make();
	assert_adds_up();
}
END_TEST

START_TEST(a_function_costing_in_another_file_adds_up)
{
	struct cga_piece	*pc;

	/* fl= without fn=: main's cost at b.c's line 2. */
	ck_assert_int_eq(load_profile("events: Ir\n"
	    "fl=a.c\nfn=main\n1 10\nfl=b.c\n2 5\nfn=g\n3 7\n"), 0);
	make();
	assert_adds_up();
	ck_assert_ptr_nonnull(pc = piece_at("a.c:main", "b.c", 2));
	ck_assert_uint_eq(pc->cost[0], 5);
}
END_TEST

static void
pieces_teardown(void)
{
	cga_pieces_free(&pcs);
	memset(&pcs, 0, sizeof(pcs));
	cga_test_teardown();
}

Suite *
pieces_suite(void)
{
	Suite	*s = suite_create("pieces");
	TCase	*tc = tcase_create("pieces");

	tcase_add_checked_fixture(tc, cga_test_setup, pieces_teardown);
	tcase_add_test(tc, each_line_goes_to_the_function_that_named_it);
	tcase_add_test(tc, zero_stays_given_and_never_given_stays_so);
	tcase_add_test(tc, inlined_code_adds_up_in_its_own_file);
	tcase_add_test(tc, signed_costs_add_up);
	tcase_add_test(tc, a_function_costing_in_another_file_adds_up);
	suite_add_tcase(s, tc);
	return s;
}
