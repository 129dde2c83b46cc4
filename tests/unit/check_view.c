/*
 * check_view.c: the view (what the options make of a report), the stable
 * sort with a context that every printer's ordering uses, and the writers
 * of profile-supplied strings (out.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_cga.h"
#include "base/out.h"
#include "base/sort.h"
#include "print/branches.h"

/* Options as the tests want them: the defaults with fixed strings. */
static void
test_opts(struct cga_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->threshold = (char *)"100";
	o->threshold_val = 100;
	o->format = &cga_format_text;
	o->context = 8;
}

struct item {
	int	 key;
	int	 seq;		/* its place before sorting */
};

/* By key, ascending or, with a context of 1, descending. */
static int
item_cmp(const void *a, const void *b, void *ctx)
{
	const struct item	*x = a, *y = b;
	int			 down = *(int *)ctx;

	if (x->key == y->key)
		return 0;
	return (x->key < y->key) == !down ? -1 : 1;
}

START_TEST(sort_keeps_ties_in_order_and_reads_its_context)
{
	struct item	 it[1000];
	size_t		 i;
	int		 down = 1;

	/* Many ties, over many merge runs. */
	for (i = 0; i < 1000; i++) {
		it[i].key = (int)((i * 7919) % 13);
		it[i].seq = (int)i;
	}
	cga_sort(it, 1000, sizeof(it[0]), item_cmp, &down);
	for (i = 1; i < 1000; i++) {
		ck_assert_int_ge(it[i - 1].key, it[i].key);
		if (it[i - 1].key == it[i].key)
			ck_assert_int_lt(it[i - 1].seq, it[i].seq);
	}
	ck_assert_int_eq(it[0].key, 12);
	down = 0;
	cga_sort(it, 1000, sizeof(it[0]), item_cmp, &down);
	ck_assert_int_eq(it[0].key, 0);
	ck_assert_int_eq(it[999].key, 12);
}
END_TEST

START_TEST(sort_of_none_or_one_changes_nothing)
{
	struct item	 it = { 5, 0 };
	int		 down = 0;

	cga_sort(NULL, 0, sizeof(it), item_cmp, &down);
	cga_sort(&it, 1, sizeof(it), item_cmp, &down);
	ck_assert_int_eq(it.key, 5);
}
END_TEST

/*
 * Files sorted by name (cga_view_sort_files, which compares 8 bytes past
 * the prefix all names share, then the rest) come in strcmp's order:
 * names alike past those 8 bytes, shorter ones, bytes above 127.
 */
static int
name_strcmp(const void *a, const void *b)
{
	return strcmp((*(struct cga_file *const *)a)->name,
	    (*(struct cga_file *const *)b)->name);
}

START_TEST(files_sort_by_name_as_strcmp_does)
{
	static const char *const tails[] = { "", "a", "ab", "abcdefgh",
	    "abcdefghi", "abcdefgh0", "abcdefgg~", "\xc3\xa9", "b", "~",
	    "abcdefghij/k.c", "abcdefghij/j.c", "abc", "ab\x7f" };
	struct cga_file	 files[140], *v[140], *w[140];
	char		 names[140][64];
	size_t		 i, n = 0;

	for (i = 0; i < 140; i++) {
		snprintf(names[i], sizeof(names[i]), "/usr/src/lib/%s%s%zu",
		    tails[i % 14], i % 3 ? "/" : "", i / 14);
		memset(&files[i], 0, sizeof(files[i]));
		files[i].name = names[i];
		v[n] = w[n] = &files[i];
		n++;
	}
	cga_view_sort_files(v, n);
	qsort(w, n, sizeof(*w), name_strcmp);
	for (i = 0; i < n; i++)
		ck_assert_str_eq(v[i]->name, w[i]->name);
}
END_TEST

/*
 * Names in two parts, a file and a name (a function's display name not
 * made), sort as the joined "file:name" does under strcmp, and as a
 * whole name given so: parts that end before, at and past the 8 bytes a
 * key reads, a colon inside a part, names alike past many keys; ties by
 * tie.
 */
static int
joined_strcmp(const void *a, const void *b)
{
	const char *const	*x = a, *const *y = b;
	int			 c = strcmp(x[0], y[0]);

	return c != 0 ? c : strcmp(x[1], y[1]) != 0 ? strcmp(x[1], y[1]) :
	    (x[2] > y[2]) - (x[2] < y[2]);
}

START_TEST(names_in_two_parts_sort_as_joined)
{
	static const char *const files[] = { "", "a", "a.c", "abcdefg",
	    "abcdefgh", "abcdefgh:", "src/x/y/z.c", "src/x/y/z.cc", "~" };
	static const char *const names[] = { "", "f", "main", "f:g",
	    "operator()", "abcdefghijklmnopq1", "abcdefghijklmnopq0" };
	enum { NF = sizeof(files) / sizeof(files[0]),
	    NN = sizeof(names) / sizeof(names[0]), N = 2 * NF * NN };
	struct cga_name_key	 v[N], w[N];
	const char		*want[N][3];
	static char		 whole[N][64];
	size_t			 i, k, n = 0;

	for (k = 0; k < 2; k++)
		for (i = 0; i < NF * NN; i++, n++) {
			snprintf(whole[n], sizeof(whole[n]), "%s:%s",
			    files[i / NN], names[i % NN]);
			memset(&v[n], 0, sizeof(v[n]));
			memset(&w[n], 0, sizeof(w[n]));
			v[n].s = files[i / NN];
			v[n].rest = names[i % NN];
			w[n].s = whole[n];
			v[n].item = w[n].item = whole[n];
			v[n].tie = w[n].tie = N - n;
			want[n][0] = whole[n];
			want[n][1] = "";
			want[n][2] = (const char *)(uintptr_t)(N - n);
		}
	cga_sort_names(v, N);
	cga_sort_names(w, N);
	qsort(want, N, sizeof(want[0]), joined_strcmp);
	for (i = 0; i < N; i++) {
		ck_assert_str_eq(v[i].item, want[i][0]);
		ck_assert_str_eq(w[i].item, want[i][0]);
		ck_assert_uint_eq(v[i].tie, (uintptr_t)want[i][2]);
	}
}
END_TEST

START_TEST(view_takes_what_printers_need_from_the_options)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	char		*prof[] = { (char *)"a.out", NULL };

	test_opts(&o);
	o.show_percs = 1;
	o.color = 1;
	o.tree = CGA_TREE_CALLING;
	o.lines = 1;
	o.context = 3;
	o.profiles = prof;
	o.nprofiles = 1;
	cga_view_init(&v, &o);
	ck_assert_int_eq(v.percs, 1);
	ck_assert_int_eq(v.color, 1);
	ck_assert_int_eq(v.tree, CGA_SHOW_CALLEES);
	ck_assert_int_eq(v.rows, CGA_ROWS_LINES);
	ck_assert_uint_eq(v.context, 3);
	ck_assert_str_eq(v.profiles[0], "a.out");
	ck_assert_ptr_null(v.p);
	cga_view_free(&v);
	o.tree = CGA_TREE_CALLER;
	o.calls = 1;
	cga_view_init(&v, &o);
	ck_assert_int_eq(v.tree, CGA_SHOW_CALLERS);
	ck_assert_int_eq(v.rows, CGA_ROWS_CALLS);
	cga_view_free(&v);
}
END_TEST

/* What each format asks the loader to build, from the view. */
START_TEST(formats_say_what_they_need)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	size_t		 i;

	test_opts(&o);
	cga_view_init(&v, &o);
	/*
	 * The text report prints functions' names from their parts: it
	 * chooses no display names, apart from its needs, which only add.
	 */
	ck_assert_uint_eq(cga_format_text.needs(&v), 0);
	ck_assert_int_eq(cga_format_text.no_display(&v), 1);
	ck_assert_int_eq(cga_format_json.no_display(&v), 1);
	ck_assert_uint_eq(cga_format_dot.needs(&v), CGA_NEED_INCL);
	ck_assert_uint_eq(cga_format_tsv.needs(&v), CGA_NEED_INCL);
	ck_assert_uint_eq(cga_format_json.needs(&v), CGA_NEED_INCL);
	ck_assert_uint_eq(cga_format_html.needs(&v), CGA_NEED_INCL);
	ck_assert_uint_eq(cga_format_parts.needs(&v), 0);
	v.auto_annotate = 1;
	v.tree = CGA_SHOW_CALLERS;
	ck_assert_uint_eq(cga_format_text.needs(&v),
	    CGA_NEED_INCL | CGA_NEED_LINES | CGA_NEED_JUMPS);
	ck_assert_uint_eq(cga_format_json.needs(&v),
	    CGA_NEED_INCL | CGA_NEED_ALL_LINES | CGA_NEED_JUMPS);
	/* The page: the JSON document, and line costs of its sources only. */
	ck_assert_uint_eq(cga_format_html.needs(&v) & ~CGA_NEED_JUMPS,
	    CGA_NEED_INCL | CGA_NEED_LINES);
	/* Instructions only for --asm, and nowhere else. */
	ck_assert_uint_eq(cga_format_tsv.needs(&v) & CGA_NEED_INSTRS, 0);
	v.asm_code = 1;
	ck_assert_uint_eq(cga_format_text.needs(&v) & CGA_NEED_INSTRS,
	    CGA_NEED_INSTRS);
	ck_assert_uint_eq(cga_format_json.needs(&v) & CGA_NEED_INSTRS,
	    CGA_NEED_INSTRS);
	v.asm_code = 0;
	v.rows = CGA_ROWS_CALLS;
	ck_assert_uint_eq(cga_format_tsv.needs(&v), CGA_NEED_INCL);
	v.rows = CGA_ROWS_LINES;
	ck_assert_uint_eq(cga_format_tsv.needs(&v), CGA_NEED_ALL_LINES |
	    CGA_NEED_OWNERS);
	cga_view_free(&v);
	/* Groups' rows are named by their functions' display names. */
	o.group_inlined = 1;
	cga_view_init(&v, &o);
	ck_assert_int_eq(cga_format_text.no_display(&v), 0);
	ck_assert_int_eq(cga_format_json.no_display(&v), 0);
	cga_view_free(&v);
	/* No other format leaves them out (the page embeds JSON: keeps). */
	for (i = 0; cga_formats[i] != NULL; i++)
		ck_assert_msg(cga_formats[i] == &cga_format_text ||
		    cga_formats[i] == &cga_format_json ||
		    cga_formats[i]->no_display == NULL, "%s",
		    cga_formats[i]->name);
}
END_TEST

START_TEST(format_table_finds_each_format_by_name)
{
	size_t	 i;

	for (i = 0; cga_formats[i] != NULL; i++)
		ck_assert_ptr_eq(cga_format_find(cga_formats[i]->name),
		    cga_formats[i]);
	ck_assert_uint_eq(i, 11);
	ck_assert_ptr_eq(cga_format_find("json"), &cga_format_json);
	ck_assert_ptr_eq(cga_format_find("markdown"), &cga_format_markdown);
	ck_assert_ptr_eq(cga_format_find("folded"), &cga_format_folded);
	ck_assert_ptr_eq(cga_format_find("speedscope"),
	    &cga_format_speedscope);
	ck_assert_ptr_eq(cga_format_find("html"), &cga_format_html);
	ck_assert_ptr_eq(cga_format_find("pprof"), &cga_format_pprof);
	ck_assert_ptr_eq(cga_format_find("tui"), &cga_format_tui);
	ck_assert_ptr_null(cga_format_find("parts"));
	ck_assert_ptr_null(cga_format_find("JSON"));
	ck_assert_ptr_null(cga_format_find(""));
}
END_TEST

START_TEST(view_wants_lines_of_named_and_found_files)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	char		*src[] = { (char *)"named.c", NULL };

	test_opts(&o);
	o.sources = src;
	o.nsources = 1;
	cga_view_init(&v, &o);
	/* Named by the user: kept, found or not. */
	ck_assert_int_eq(cga_view_wants_lines(&v, 0, "named.c"), 1);
	/* Auto-annotation off: nothing else. */
	ck_assert_int_eq(cga_view_wants_lines(&v, 0, "testdata/src/recur.c"),
	    0);
	/* A script's every file. */
	ck_assert_int_eq(cga_view_wants_lines(&v, 1, "nowhere/x.c"), 1);
	cga_view_free(&v);
	o.auto_annotate = 1;
	cga_view_init(&v, &o);
	ck_assert_int_eq(cga_view_wants_lines(&v, 0, "testdata/src/recur.c"),
	    1);
	ck_assert_int_eq(cga_view_wants_lines(&v, 0, "nowhere/x.c"), 0);
	ck_assert_int_eq(cga_view_wants_lines(&v, 0, "???"), 0);
	cga_view_free(&v);
}
END_TEST

START_TEST(view_of_a_difference_writes_signed_counts)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	char		 buf[CGA_FMT_COUNT];
	size_t		 n;

	ck_assert_int_eq(load_profile("events: Ir\nfn=main\n1 10\n"), 0);
	test_opts(&o);
	cga_view_init(&v, &o);
	ck_assert_int_eq(cga_view_bind(&v, tp), 0);
	n = cga_view_count(&v, buf, (uint64_t)-1234);
	ck_assert_str_eq(buf, "18,446,744,073,709,550,382");
	ck_assert_uint_eq(n, strlen(buf));
	v.diff = 1;
	n = cga_view_count(&v, buf, (uint64_t)-1234);
	ck_assert_str_eq(buf, "-1,234");
	ck_assert_uint_eq(n, 6);
	cga_view_free(&v);
}
END_TEST

START_TEST(view_percent_is_of_the_total_and_0_when_undefined)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	const struct cga_fn *fn;

	ck_assert_int_eq(load_profile("events: Ir Dr\nsummary: 200 50\n"
	    "fn=main\n1 50\n"), 0);
	test_opts(&o);
	cga_view_init(&v, &o);
	ck_assert_int_eq(cga_view_bind(&v, tp), 0);
	fn = fn_of("???:main");
	ck_assert(cga_view_percent(&v, fn->self, ev(tp, "Ir")) == 25.0);
	ck_assert(cga_view_percent(&v, fn->self, ev(tp, "Dr")) == 0.0);
	ck_assert(cga_view_percent(&v, NULL, ev(tp, "Ir")) == 0.0);
	cga_view_free(&v);
}
END_TEST

/* --list-parts prints the profile as loaded: --show is not its concern. */
START_TEST(view_for_parts_ignores_events_the_profile_lacks)
{
	struct cga_opts	 o;
	struct cga_view	 v;
	char		*show[] = { (char *)"Bogus", NULL };

	ck_assert_int_eq(load_profile("events: Ir\nfn=main\n1 10\n"), 0);
	test_opts(&o);
	o.show = show;
	o.nshow = 1;
	cga_view_init(&v, &o);
	ck_assert_int_eq(cga_view_bind(&v, tp), -1);
	cga_view_free(&v);
	o.format = &cga_format_parts;
	cga_view_init(&v, &o);
	ck_assert_int_eq(cga_view_bind(&v, tp), 0);
	cga_view_free(&v);
}
END_TEST

static const char calls_profile[] =
    "events: Ir\nfl=a.c\n"
    "fn=main\n1 1\ncfn=b\ncalls=1 10\n2 5\ncfn=c\ncalls=2 20\n3 5\n"
    "cfn=a\ncalls=3 30\n4 9\n"
    "fn=a\n30 9\nfn=b\n10 5\nfn=c\n20 5\n";

START_TEST(view_calls_go_by_cost_then_by_name)
{
	struct cga_opts		  o;
	struct cga_view		  v;
	const struct cga_call	**c;
	size_t			  n;

	ck_assert_int_eq(load_profile(calls_profile), 0);
	test_opts(&o);
	cga_view_init(&v, &o);
	ck_assert_int_eq(cga_view_bind(&v, tp), 0);
	c = cga_view_calls_of(&v, fn_of("a.c:main"), 0, &n);
	ck_assert_uint_eq(n, 3);
	ck_assert_str_eq(c[0]->key.callee->display, "a.c:a");
	/* b and c tie at 5: by name. */
	ck_assert_str_eq(c[1]->key.callee->display, "a.c:b");
	ck_assert_str_eq(c[2]->key.callee->display, "a.c:c");
	ck_assert_ptr_null(c[3]);
	free(c);
	c = cga_view_calls(&v, &n);
	ck_assert_uint_eq(n, 3);
	ck_assert_str_eq(c[0]->key.callee->display, "a.c:a");
	free(c);
	c = cga_view_calls_of(&v, fn_of("a.c:b"), 1, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(c[0]->key.caller->display, "a.c:main");
	free(c);
	cga_view_free(&v);
}
END_TEST

/* The widths asked for fit every listable function, shown or not. */
START_TEST(view_select_widens_columns_for_every_function)
{
	struct cga_opts	  o;
	struct cga_view	  v;
	struct cga_fn	**fns;
	size_t		 *w, n;

	ck_assert_int_eq(load_profile("events: Ir\nfl=a.c\nfn=big\n1 1000000\n"
	    "fn=small\n1 1\n"), 0);
	test_opts(&o);
	o.threshold = (char *)"50";
	o.threshold_val = 50;
	cga_view_init(&v, &o);
	ck_assert_int_eq(cga_view_bind(&v, tp), 0);
	w = cga_widths_new(&v);
	ck_assert_uint_eq(w[0], 2);	/* "Ir" */
	fns = cga_view_select(&v, w, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_str_eq(fns[0]->display, "a.c:big");
	ck_assert_uint_eq(w[0], strlen("1,000,000"));
	free(fns);
	free(w);
	cga_view_free(&v);
}
END_TEST

/*
 * The list in order by cost, ties by display name, and functions of one
 * display name (a colon in a file's name or a function's) in the order
 * they were made, over costs of every byte's size and many ties.
 */
START_TEST(ranking_orders_ties_by_name_then_as_made)
{
	static const uint64_t	 costs[] = { 7, 7, 1ULL << 40, 300, 7,
	    (1ULL << 40) + 1, 65536, 300, 0, 1ULL << 55, 7, 65536 };
	static const char *const files[] = { "a", "a:b", "c.c", "a:b", "a" };
	static const char *const names[] = { "b:c", "c", "f", "d", "b:d" };
	struct cga_opts	 o;
	struct cga_view	 v;
	struct cga_fn	**fns;
	char		*text, *at;
	size_t		 n, i, same = 0;
	int		 c;

	text = at = xmalloc(64 * 1024);
	at += sprintf(at, "events: Ir\n");
	for (i = 0; i < 400; i++)
		at += sprintf(at, "fl=%s\nfn=%s%zu\n1 %llu\n", files[i % 5],
		    names[i % 5], i, (unsigned long long)costs[(i * 5) % 12]);
	/* Two functions, each time, whose display names are one. */
	for (i = 0; i < 3; i++)
		at += sprintf(at, "fl=a:b\nfn=x%zu\n1 7\nfl=a\nfn=b:x%zu\n"
		    "1 7\n", i, i);
	ck_assert_int_eq(load_profile(text), 0);
	free(text);
	test_opts(&o);
	cga_view_init(&v, &o);
	ck_assert_int_eq(cga_view_bind(&v, tp), 0);
	fns = cga_view_select(&v, NULL, &n);
	ck_assert_uint_gt(n, 300);
	for (i = 1; i < n; i++) {
		ck_assert_uint_ge(fns[i - 1]->self[0], fns[i]->self[0]);
		if (fns[i - 1]->self[0] != fns[i]->self[0])
			continue;
		c = strcmp(fns[i - 1]->display, fns[i]->display);
		ck_assert_int_le(c, 0);
		if (c == 0) {
			ck_assert_uint_lt(fns[i - 1]->id, fns[i]->id);
			same++;
		}
	}
	ck_assert_uint_eq(same, 3);
	free(fns);
	cga_view_free(&v);
}
END_TEST

static char *
written(void (*fn)(FILE *, const char *), const char *s)
{
	char	*buf = NULL;
	size_t	 len = 0;
	FILE	*f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	fn(f, s);
	fclose(f);
	return buf;
}

/*
 * Names are compared, and printed, as their display names would be,
 * whether those are made or not: a colon in a file or a function name, a
 * prefix, bytes past ASCII, a control escaped.
 */
START_TEST(display_names_compare_and_print_as_if_made)
{
	static const char *const names[][2] = {
		{ "a", "b:c" }, { "a:b", "c" }, { "a", "b" }, { "a.c", "b" },
		{ "a", "" }, { "", "a" }, { "ab", "c" }, { "a", "bc" },
		{ "a\xe9", "x" }, { "a", "\xe9\033" }, { "???", "???" },
		{ "a:", "b" }, { "a", ":b" },
	};
	struct cga_profile	*p = cga_profile_new(), *q = cga_profile_new();
	struct cga_fn		*fn[13], *made[13];
	char			*buf = NULL, *want = NULL;
	size_t			 i, j, len;
	FILE			*f;
	int			 c, d;

	/* p makes no display names; q makes them as it goes. */
	p->late_display = 1;
	for (i = 0; i < 13; i++) {
		fn[i] = cga_fn_get(p, cga_profile_intern(p, names[i][0],
		    strlen(names[i][0])), cga_profile_intern(p, names[i][1],
		    strlen(names[i][1])));
		made[i] = cga_fn_get(q, cga_profile_intern(q, names[i][0],
		    strlen(names[i][0])), cga_profile_intern(q, names[i][1],
		    strlen(names[i][1])));
		ck_assert_ptr_null(fn[i]->display);
		ck_assert_ptr_nonnull(made[i]->display);
	}
	for (i = 0; i < 13; i++)
		for (j = 0; j < 13; j++) {
			c = cga_fn_display_cmp(fn[i], fn[j]);
			d = strcmp(made[i]->display, made[j]->display);
			ck_assert_msg((c > 0) - (c < 0) == (d > 0) - (d < 0),
			    "%s and %s", made[i]->display, made[j]->display);
			c = cga_fn_display_cmp(made[i], fn[j]);
			ck_assert_int_eq((c > 0) - (c < 0), (d > 0) - (d < 0));
		}
	for (i = 0; i < 13; i++) {
		f = open_memstream(&buf, &len);
		cga_view_print_fn(f, fn[i]);
		fclose(f);
		want = written(cga_out_text, made[i]->display);
		ck_assert_str_eq(buf, want);
		free(buf);
		free(want);
	}
	cga_profile_free(p);
	cga_profile_free(q);
}
END_TEST

START_TEST(out_writes_each_destination_its_way)
{
	char	*s;

	s = written(cga_out_tsv, "a\tb\nc\rd");
	ck_assert_str_eq(s, "a b c d");
	free(s);
	s = written(cga_out_json, "q\"\\\x01\x7f");
	ck_assert_str_eq(s, "\"q\\\"\\\\\\u0001\\u007f\"");
	free(s);
	s = written(cga_out_json_or_null, NULL);
	ck_assert_str_eq(s, "null");
	free(s);
	s = written(cga_out_dot, "a\"b\\c\nd");
	ck_assert_str_eq(s, "a\\\"b\\\\cd");
	free(s);
	s = written(cga_out_text, "plain text");
	ck_assert_str_eq(s, "plain text");
	free(s);
}
END_TEST

/* Controls become visible; UTF-8 and other bytes pass. */
START_TEST(out_text_shows_controls_as_escapes)
{
	char	*s;

	s = written(cga_out_text, "a\033[2Jb\rc\td\x7f\x9b\xc2\x9b" "e\xc3\xa9\xe9");
	ck_assert_str_eq(s, "a\\x1b[2Jb\\rc\\td\\x7f\\x9b\\x9be\xc3\xa9\xe9");
	free(s);
	ck_assert_uint_eq(cga_out_text_width("a\033b"), 6);
	ck_assert_uint_eq(cga_out_text_width("\xc3\xa9"), 2);
	s = written(cga_out_tsv, "x\033y\tz");
	ck_assert_str_eq(s, "x\\x1by z");
	free(s);
	/* JSON: a byte outside UTF-8 is its Latin-1 character. */
	s = written(cga_out_json, "caf\xe9 \xc3\xa9 \xed\xa0\x80");
	ck_assert_str_eq(s, "\"caf\\u00e9 \xc3\xa9 \\u00ed\\u00a0\\u0080\"");
	free(s);
	s = written(cga_out_dot, "\xe9\033");
	ck_assert_str_eq(s, "\xc3\xa9\\\\x1b");
	free(s);
	/* Overlong and cut sequences are no UTF-8. */
	ck_assert_uint_eq(cga_utf8_len((const unsigned char *)"\xc0\x80", 2), 0);
	ck_assert_uint_eq(cga_utf8_len((const unsigned char *)"\xe2\x82", 2), 0);
	ck_assert_uint_eq(cga_utf8_len((const unsigned char *)"\xe2\x82\xac", 3), 3);
	ck_assert_uint_eq(cga_utf8_len((const unsigned char *)"\xf4\x90\x80\x80", 4), 0);
}
END_TEST

/*
 * The buffer in front of a stream: pieces that fill it to the byte, one
 * longer than it, single characters at its end, numbers and JSON strings
 * arrive whole and in order, the stream usable after cga_w_flush.
 */
START_TEST(out_buffer_keeps_every_piece_in_order)
{
	struct cga_w	 w;
	char		*buf = NULL, *want, *big;
	size_t		 len = 0, n = sizeof(w.b), i, at = 0;
	FILE		*f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	want = malloc(4 * n);
	big = malloc(n + 2);
	ck_assert_ptr_nonnull(want);
	ck_assert_ptr_nonnull(big);
	for (i = 0; i < n + 1; i++)
		big[i] = (char)('a' + i % 26);
	big[n + 1] = '\0';
	cga_w_init(&w, f);
	/* Fill all but 3 bytes, then a piece of exactly 3. */
	cga_w_write(&w, big, n - 3);
	memcpy(want + at, big, n - 3);
	at += n - 3;
	cga_w_puts(&w, "xyz");
	memcpy(want + at, "xyz", 3);
	at += 3;
	/* Full: a character must go out first. */
	cga_w_putc(&w, '!');
	want[at++] = '!';
	/* A piece longer than the buffer goes around it. */
	cga_w_write(&w, big, n + 1);
	memcpy(want + at, big, n + 1);
	at += n + 1;
	cga_w_u64(&w, UINT64_MAX);
	memcpy(want + at, "18446744073709551615", 20);
	at += 20;
	cga_w_json(&w, "q\"\x01");
	memcpy(want + at, "\"q\\\"\\u0001\"", 11);
	at += 11;
	cga_w_json_or_null(&w, NULL);
	memcpy(want + at, "null", 4);
	at += 4;
	cga_w_flush(&w);
	fputs("end", f);
	memcpy(want + at, "end", 4);
	at += 3;
	fclose(f);
	ck_assert_uint_eq(len, at);
	ck_assert_mem_eq(buf, want, at);
	free(buf);
	free(want);
	free(big);
}
END_TEST

/* A line's jumps as JSON, into a string. */
static char *
jumps_of(struct cga_view *v, struct cga_branches *br, const char *file,
    uint64_t line)
{
	char		*buf = NULL;
	size_t		 len = 0;
	FILE		*f = open_memstream(&buf, &len);
	struct cga_w	 w;

	ck_assert_ptr_nonnull(f);
	cga_w_init(&w, f);
	cga_branches_json_list(&w, v, br, cga_file_find(tp,
	    cga_profile_intern(tp, file, strlen(file))), line, "");
	cga_w_flush(&w);
	fclose(f);
	return buf;
}

/*
 * The lookup starts where the last line's jumps ended: lines asked for
 * in order, backwards, in another file and back must all find theirs.
 */
START_TEST(branches_are_found_for_lines_in_any_order)
{
	static const struct cga_load_opts o = { .lines = 1, .jumps = 1 };
	static const struct { const char *file; uint64_t line; const char *want; }
	    q[] = {
		{ "a.c", 2, "[{\"conditional\": false, \"count\": 3, "
		    "\"target\": {\"file\": \"a.c\", \"function\": \"f\", "
		    "\"line\": 5}}]" },
		{ "a.c", 3, "" },
		{ "a.c", 4, "[{\"conditional\": true, \"count\": 2, "
		    "\"executed\": 4, \"target\": {\"file\": \"a.c\", "
		    "\"function\": \"f\", \"line\": 7}}]" },
		{ "a.c", 2, "[{\"conditional\": false, \"count\": 3, "
		    "\"target\": {\"file\": \"a.c\", \"function\": \"f\", "
		    "\"line\": 5}}]" },
		{ "b.c", 9, "" },
		{ "b.c", 4, "[{\"conditional\": false, \"count\": 1, "
		    "\"target\": {\"file\": \"b.c\", \"function\": \"g\", "
		    "\"line\": 9}}]" },
		{ "a.c", 1, "" },
		{ "a.c", 4, "[{\"conditional\": true, \"count\": 2, "
		    "\"executed\": 4, \"target\": {\"file\": \"a.c\", "
		    "\"function\": \"f\", \"line\": 7}}]" },
		{ "a.c", 99, "" },
	};
	struct cga_opts		 opts;
	struct cga_view		 v;
	struct cga_branches	*br;
	char			*s;
	size_t			 i;

	ck_assert_int_eq(load_profile_opts("events: Ir\nfl=a.c\nfn=f\n"
	    "1 1\njump=3 5\n2 1\n3 1\njcnd=2/4 7\n4 1\n"
	    "fl=b.c\nfn=g\njump=1 9\n4 1\n9 1\n", &o), 0);
	test_opts(&opts);
	cga_view_init(&v, &opts);
	ck_assert_int_eq(cga_view_bind(&v, tp), 0);
	br = cga_branches_new(tp, NULL);
	for (i = 0; i < sizeof(q) / sizeof(q[0]); i++) {
		s = jumps_of(&v, br, q[i].file, q[i].line);
		ck_assert_msg(strcmp(s, q[i].want) == 0, "%s:%llu: %s",
		    q[i].file, (unsigned long long)q[i].line, s);
		free(s);
	}
	cga_branches_free(br);
	cga_view_free(&v);
}
END_TEST

Suite *
view_suite(void)
{
	Suite	*s = suite_create("view");
	TCase	*tc = tcase_create("view");

	cga_test_fixture(tc);
	tcase_add_test(tc, sort_keeps_ties_in_order_and_reads_its_context);
	tcase_add_test(tc, sort_of_none_or_one_changes_nothing);
	tcase_add_test(tc, files_sort_by_name_as_strcmp_does);
	tcase_add_test(tc, names_in_two_parts_sort_as_joined);
	tcase_add_test(tc, view_takes_what_printers_need_from_the_options);
	tcase_add_test(tc, formats_say_what_they_need);
	tcase_add_test(tc, display_names_compare_and_print_as_if_made);
	tcase_add_test(tc, ranking_orders_ties_by_name_then_as_made);
	tcase_add_test(tc, format_table_finds_each_format_by_name);
	tcase_add_test(tc, view_wants_lines_of_named_and_found_files);
	tcase_add_test(tc, view_of_a_difference_writes_signed_counts);
	tcase_add_test(tc, view_percent_is_of_the_total_and_0_when_undefined);
	tcase_add_test(tc, view_for_parts_ignores_events_the_profile_lacks);
	tcase_add_test(tc, view_calls_go_by_cost_then_by_name);
	tcase_add_test(tc, view_select_widens_columns_for_every_function);
	tcase_add_test(tc, out_writes_each_destination_its_way);
	tcase_add_test(tc, out_text_shows_controls_as_escapes);
	tcase_add_test(tc, out_buffer_keeps_every_piece_in_order);
	tcase_add_test(tc, branches_are_found_for_lines_in_any_order);
	suite_add_tcase(s, tc);
	return s;
}
