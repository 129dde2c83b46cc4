/*
 * check_opts.c: the command line: defaults, each family of options, the
 * number and percentage parsers, the keyword tables, the messages of
 * mistakes and warnings, the table of options and what is made of it, and
 * the sorting of the arguments after the options.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_cga.h"
#include "analysis/gate.h"
#include "base/diag.h"
#include "cli/formats.h"
#include "cli/optable.h"

#define USAGE \
    "usage: cgannotate [options] [profile [profile ...] [source-file ...]]\n"
#define HINT	"Try 'cgannotate --help' for more.\n"
#define PROFILE	"testdata/hand/spec-simple.callgrind"

/* What the last parse printed on standard output and standard error. */
static char	 out[16384], err[16384];

static void
slurp(FILE *f, char *buf, size_t size)
{
	size_t	 n;

	rewind(f);
	n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
	fclose(f);
}

/*
 * Parses the NULL-terminated args after cga_opts_init, as main() would,
 * with standard output and standard error captured in out and err.
 */
static int
parse_args(struct cga_opts *o, const char *const *args)
{
	char	*argv[64];
	FILE	*fo = tmpfile(), *fe = tmpfile();
	int	 argc = 0, rc, save_out, save_err, silent = cga_diag_silent;

	ck_assert(fo != NULL && fe != NULL);
	argv[argc++] = (char *)"cgannotate";
	while (*args != NULL && argc < 63)
		argv[argc++] = (char *)*args++;
	argv[argc] = NULL;
	fflush(stdout);
	fflush(stderr);
	save_out = dup(STDOUT_FILENO);
	save_err = dup(STDERR_FILENO);
	dup2(fileno(fo), STDOUT_FILENO);
	dup2(fileno(fe), STDERR_FILENO);
	cga_diag_silent = 0;
	optind = 0;		/* glibc: start afresh */
	cga_opts_init(o);
	rc = cga_opts_parse(o, argc, argv);
	fflush(stdout);
	fflush(stderr);
	cga_diag_silent = silent;
	dup2(save_out, STDOUT_FILENO);
	dup2(save_err, STDERR_FILENO);
	close(save_out);
	close(save_err);
	slurp(fo, out, sizeof(out));
	slurp(fe, err, sizeof(err));
	return rc;
}

#define PARSE(o, ...)	parse_args((o), (const char *const[]){ __VA_ARGS__, \
			    NULL })

/* A usage error: -1 and msg on standard error, then the usage lines. */
static void
usage_error(struct cga_opts *o, int rc, const char *msg)
{
	char	 want[1024];

	snprintf(want, sizeof(want), "cgannotate: %s\n" USAGE HINT, msg);
	ck_assert_int_eq(rc, -1);
	ck_assert_str_eq(err, want);
	ck_assert_str_eq(out, "");
	cga_opts_free(o);
}

/* Parses one option (and the profile): the usage error it must give. */
static void
rejects(const char *arg, const char *msg)
{
	struct cga_opts	 o;

	usage_error(&o, PARSE(&o, arg, PROFILE), msg);
}

START_TEST(init_gives_the_defaults_of_the_command_line)
{
	struct cga_opts	 o;

	cga_opts_init(&o);
	ck_assert_str_eq(o.threshold, "99");
	ck_assert(o.threshold_val == 99);
	ck_assert_int_eq(o.show_percs, 1);
	ck_assert_int_eq(o.auto_annotate, 1);
	ck_assert_uint_eq(o.context, 8);
	ck_assert_int_eq(o.inclusive, 0);
	ck_assert_int_eq(o.tree, 0);
	ck_assert_int_eq(o.color, 0);
	ck_assert_ptr_eq(o.format, &cga_format_text);
	ck_assert(o.node_threshold == 0.5);
	ck_assert(o.edge_threshold == 0.1);
	ck_assert_uint_eq(o.nshow, 0);
	ck_assert_uint_eq(o.nsort, 0);
	ck_assert_uint_eq(o.nparts, 0);
	ck_assert_ptr_null(o.diff);
	ck_assert_ptr_null(o.profile);
	cga_opts_free(&o);
}
END_TEST

START_TEST(parse_of_nothing_keeps_the_defaults)
{
	struct cga_opts	 o;

	optind = 0;
	cga_opts_init(&o);
	ck_assert_int_eq(cga_opts_parse(&o, 1,
	    (char *[]){ (char *)"cgannotate", NULL }), 0);
	ck_assert_str_eq(o.threshold, "99");
	ck_assert_int_eq(o.auto_annotate, 1);
	ck_assert_ptr_eq(o.format, &cga_format_text);
	ck_assert_ptr_null(o.profile);
	ck_assert_uint_eq(o.nprofiles, 0);
	ck_assert_uint_eq(o.nsources, 0);
	cga_opts_free(&o);
}
END_TEST

START_TEST(yes_no_options_take_yes_and_no)
{
	struct cga_opts	 o;

	ck_assert_int_eq(PARSE(&o, "--auto=no", "--inclusive=yes",
	    "--show-percs=no", PROFILE), 0);
	ck_assert_str_eq(err, "");
	ck_assert_int_eq(o.auto_annotate, 0);
	ck_assert_int_eq(o.inclusive, 1);
	ck_assert_int_eq(o.show_percs, 0);
	cga_opts_free(&o);
	/* The value may be the next argument; --show-percs alone is yes. */
	ck_assert_int_eq(PARSE(&o, "--auto", "yes", "--show-percs=no",
	    "--show-percs", PROFILE), 0);
	ck_assert_int_eq(o.auto_annotate, 1);
	ck_assert_int_eq(o.show_percs, 1);
	ck_assert_str_eq(o.profile, PROFILE);
	cga_opts_free(&o);
}
END_TEST

START_TEST(keyword_tables_give_each_words_value)
{
	static const struct {
		const char	*arg;
		int		 tree;
	} trees[] = {
		{ "--tree=none", 0 },
		{ "--tree=caller", CGA_TREE_CALLER },
		{ "--tree=calling", CGA_TREE_CALLING },
		{ "--tree=both", CGA_TREE_CALLER | CGA_TREE_CALLING },
	};
	struct cga_opts	 o;
	size_t		 i;

	for (i = 0; i < sizeof(trees) / sizeof(trees[0]); i++) {
		ck_assert_int_eq(PARSE(&o, trees[i].arg, PROFILE), 0);
		ck_assert_int_eq(o.tree, trees[i].tree);
		cga_opts_free(&o);
	}
	ck_assert_int_eq(PARSE(&o, "--color=always", PROFILE), 0);
	ck_assert_int_eq(o.color, 1);
	cga_opts_free(&o);
	ck_assert_int_eq(PARSE(&o, "--color=always", "--color=never",
	    PROFILE), 0);
	ck_assert_int_eq(o.color, 0);
	cga_opts_free(&o);
	/* auto: standard output is a file here, not a terminal. */
	ck_assert_int_eq(PARSE(&o, "--color=auto", PROFILE), 0);
	ck_assert_int_eq(o.color, 0);
	cga_opts_free(&o);
}
END_TEST

START_TEST(format_names_every_format_of_the_table)
{
	struct cga_opts	 o;
	char		 arg[64];
	size_t		 i;

	for (i = 0; cga_formats[i] != NULL; i++) {
		snprintf(arg, sizeof(arg), "--format=%s", cga_formats[i]->name);
		ck_assert_int_eq(PARSE(&o, arg, PROFILE), 0);
		ck_assert_ptr_eq(o.format, cga_formats[i]);
		cga_opts_free(&o);
	}
	ck_assert_int_eq(PARSE(&o, "--format=json", "--list-parts", PROFILE),
	    0);
	ck_assert_ptr_eq(o.format, &cga_format_parts);
	ck_assert_int_eq(o.list_parts, 1);
	cga_opts_free(&o);
}
END_TEST

START_TEST(keyword_messages_list_the_words_of_the_table)
{
	rejects("--format=xml", "expected text, tsv, json, dot, markdown, "
	    "callgrind, folded, speedscope, html, pprof or tui: --format=xml");
	rejects("--color=red", "expected auto, always or never: --color=red");
	rejects("--tree=sideways", "expected none, caller, calling or both: "
	    "--tree=sideways");
	rejects("--auto=maybe", "expected yes or no: --auto=maybe");
	rejects("--show-percs=", "expected yes or no: --show-percs=");
	/* Words are whole and spelled as the table spells them. */
	rejects("--tree=Both", "expected none, caller, calling or both: "
	    "--tree=Both");
	rejects("--auto=y", "expected yes or no: --auto=y");
}
END_TEST

START_TEST(yes_no_given_a_file_says_to_put_the_value_first)
{
	struct cga_opts	 o;

	usage_error(&o, PARSE(&o, "--inclusive", PROFILE),
	    "expected yes or no: --inclusive=" PROFILE " (that is a file: "
	    "write --inclusive=yes or --inclusive=no before the profile)");
	usage_error(&o, PARSE(&o, "--auto", PROFILE),
	    "expected yes or no: --auto=" PROFILE " (that is a file: "
	    "write --auto=yes or --auto=no before the profile)");
	/* Not a file: the message alone. */
	usage_error(&o, PARSE(&o, "--inclusive", "no-such-file.cg", PROFILE),
	    "expected yes or no: --inclusive=no-such-file.cg");
}
END_TEST

START_TEST(percentages_from_0_to_100_with_an_optional_percent_sign)
{
	static const struct {
		const char	*arg;
		double		 val;
		const char	*text;
	} ok[] = {
		{ "--threshold=99", 99, "99" },
		{ "--threshold=99%", 99, "99" },
		{ "--threshold=0.5", 0.5, "0.5" },
		{ "--threshold=100", 100, "100" },
		{ "--threshold=100%", 100, "100" },
		{ "--threshold=0", 0, "0" },
		{ "--threshold=.5", 0.5, ".5" },
		{ "--threshold=5.", 5, "5." },
		{ "--threshold=007", 7, "007" },
		{ "--threshold=99.995", 99.995, "99.995" },
		{ "--threshold=100.000", 100, "100.000" },
	};
	struct cga_opts	 o;
	size_t		 i;

	for (i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		ck_assert_msg(PARSE(&o, ok[i].arg, PROFILE) == 0, "%s: %s",
		    ok[i].arg, err);
		ck_assert_msg(o.threshold_val == ok[i].val, "%s", ok[i].arg);
		ck_assert_str_eq(o.threshold, ok[i].text);
		cga_opts_free(&o);
	}
	/* The last one counts, and the one before is freed. */
	ck_assert_int_eq(PARSE(&o, "--threshold=50", "--threshold=60%",
	    PROFILE), 0);
	ck_assert_str_eq(o.threshold, "60");
	cga_opts_free(&o);
	ck_assert_int_eq(PARSE(&o, "--node-threshold=0",
	    "--edge-threshold=2.5%", PROFILE), 0);
	ck_assert(o.node_threshold == 0);
	ck_assert(o.edge_threshold == 2.5);
	cga_opts_free(&o);
}
END_TEST

START_TEST(percentages_reject_what_is_not_one)
{
	static const char *const bad[] = {
		".", "-1", "101", "1e2", "", "%", "99%%", "1.2.3", " 5", "5 ",
		"0x10", "100.01", "inf", "nan", "+5", ".%", "abc", "50%x",
		"1,5",
	};
	char	 arg[64], msg[128];
	size_t	 i;

	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		snprintf(arg, sizeof(arg), "--threshold=%s", bad[i]);
		snprintf(msg, sizeof(msg), "expected a percentage from 0 to "
		    "100: %s", arg);
		rejects(arg, msg);
	}
	rejects("--node-threshold=.", "expected a percentage from 0 to 100: "
	    "--node-threshold=.");
	rejects("--edge-threshold=101", "expected a percentage from 0 to 100: "
	    "--edge-threshold=101");
}
END_TEST

START_TEST(numbers_are_decimal_digits_that_fit)
{
	struct cga_opts	 o;

	ck_assert_int_eq(PARSE(&o, "--context=0", PROFILE), 0);
	ck_assert_uint_eq(o.context, 0);
	cga_opts_free(&o);
	ck_assert_int_eq(PARSE(&o, "--context", "12", PROFILE), 0);
	ck_assert_uint_eq(o.context, 12);
	cga_opts_free(&o);
	if (sizeof(unsigned long) == 8) {
		ck_assert_int_eq(PARSE(&o, "--context=18446744073709551615",
		    PROFILE), 0);
		ck_assert_uint_eq(o.context, 18446744073709551615UL);
		cga_opts_free(&o);
	}
	rejects("--context=18446744073709551616", "expected a number of "
	    "lines: --context=18446744073709551616");
	rejects("--context=-1", "expected a number of lines: --context=-1");
	rejects("--context=", "expected a number of lines: --context=");
	rejects("--context=+5", "expected a number of lines: --context=+5");
	rejects("--context=1e2", "expected a number of lines: --context=1e2");
	rejects("--context= 5", "expected a number of lines: --context= 5");
	rejects("--context=5.", "expected a number of lines: --context=5.");
}
END_TEST

START_TEST(parts_collect_in_order)
{
	struct cga_opts	 o;

	ck_assert_int_eq(PARSE(&o, "--part=3", "--part", "1",
	    "--part=18446744073709551615", PROFILE), 0);
	ck_assert_uint_eq(o.nparts, 3);
	ck_assert_uint_eq(o.parts[0], 3);
	ck_assert_uint_eq(o.parts[1], 1);
	ck_assert_uint_eq(o.parts[2], UINT64_MAX);
	cga_opts_free(&o);
	rejects("--part=18446744073709551616", "expected a part number: "
	    "--part=18446744073709551616");
	rejects("--part=x", "expected a part number: --part=x");
	rejects("--part=", "expected a part number: --part=");
	rejects("--part=-2", "expected a part number: --part=-2");
}
END_TEST

START_TEST(show_and_sort_split_their_lists)
{
	struct cga_opts	 o;

	ck_assert_int_eq(PARSE(&o, "--show=Ir,Dr", "--sort=Dr:90,Ir,Dw:5%",
	    PROFILE), 0);
	ck_assert_uint_eq(o.nshow, 2);
	ck_assert_str_eq(o.show[0], "Ir");
	ck_assert_str_eq(o.show[1], "Dr");
	ck_assert_uint_eq(o.nsort, 3);
	ck_assert_str_eq(o.sort[0], "Dr");
	ck_assert_str_eq(o.sort[1], "Ir");
	ck_assert_str_eq(o.sort[2], "Dw");
	ck_assert_int_eq(o.sort_has_th, 1);
	ck_assert_str_eq(o.sort_th[0], "90");
	ck_assert_ptr_null(o.sort_th[1]);
	ck_assert_str_eq(o.sort_th[2], "5");
	ck_assert(o.sort_th_val[0] == 90);
	ck_assert(o.sort_th_val[2] == 5);
	cga_opts_free(&o);
	/* A later --sort replaces the earlier; an empty --show is all. */
	ck_assert_int_eq(PARSE(&o, "--sort=Ir:50", "--sort=Dr", "--show=",
	    PROFILE), 0);
	ck_assert_uint_eq(o.nsort, 1);
	ck_assert_str_eq(o.sort[0], "Dr");
	ck_assert_int_eq(o.sort_has_th, 0);
	ck_assert_uint_eq(o.nshow, 0);
	cga_opts_free(&o);
}
END_TEST

START_TEST(sort_rejects_a_bad_threshold_and_an_event_named_twice)
{
	rejects("--sort=Ir:abc", "expected EVENT or EVENT:PERCENT in --sort: "
	    "Ir:abc");
	rejects("--sort=Ir:.", "expected EVENT or EVENT:PERCENT in --sort: "
	    "Ir:.");
	rejects("--sort=Ir:101", "expected EVENT or EVENT:PERCENT in --sort: "
	    "Ir:101");
	rejects("--sort=Ir,Dr,Ir", "event named twice in --sort: Ir");
	rejects("--sort=Ir:50,Ir:90", "event named twice in --sort: Ir");
}
END_TEST

START_TEST(files_and_flags)
{
	struct cga_opts	 o;

	ck_assert_int_eq(PARSE(&o, "--diff", "old.cg", "-I", "src/", "-I=inc",
	    "-Iother", "--include=dir", "--format=tsv", "--calls", PROFILE), 0);
	ck_assert_str_eq(o.diff, "old.cg");
	ck_assert_uint_eq(o.ninclude, 4);
	ck_assert_str_eq(o.include[0], "src/");
	ck_assert_str_eq(o.include[1], "inc/");
	ck_assert_str_eq(o.include[2], "other/");
	ck_assert_str_eq(o.include[3], "dir/");
	ck_assert_int_eq(o.calls, 1);
	ck_assert_int_eq(o.lines, 0);
	ck_assert_str_eq(err, "");
	cga_opts_free(&o);
	ck_assert_int_eq(PARSE(&o, "--mod-filename=s/a/b/",
	    "--mod-funcname=s/x/y/g", "--mod-funcname=s/p/q/", PROFILE), 0);
	ck_assert_uint_eq(o.nmod_filename, 1);
	ck_assert_uint_eq(o.nmod_funcname, 2);
	cga_opts_free(&o);
}
END_TEST

/* --by, --group-inlined, --top, --focus, --hide and their defaults. */
START_TEST(listing_options)
{
	struct cga_opts	 o;

	ck_assert_int_eq(PARSE(&o, PROFILE), 0);
	ck_assert_int_eq(o.by, CGA_BY_FUNCTION);
	ck_assert_int_eq(o.group_inlined, 0);
	ck_assert_uint_eq(o.top, 0);
	cga_opts_free(&o);
	/* One node per function name is the default of a graph. */
	ck_assert_int_eq(PARSE(&o, "--format=dot", PROFILE), 0);
	ck_assert_int_eq(o.group_inlined, 1);
	cga_opts_free(&o);
	ck_assert_int_eq(PARSE(&o, "--format=dot", "--group-inlined=no",
	    PROFILE), 0);
	ck_assert_int_eq(o.group_inlined, 0);
	cga_opts_free(&o);
	/* pprof's frames are folded's. */
	ck_assert_int_eq(PARSE(&o, "--format=pprof", PROFILE), 0);
	ck_assert_int_eq(o.group_inlined, 1);
	cga_opts_free(&o);
	ck_assert_int_eq(PARSE(&o, "--by=object", "--top=20", "--focus=^a",
	    "--focus=b$", "--hide=c|d", PROFILE), 0);
	ck_assert_int_eq(o.by, CGA_BY_OBJECT);
	ck_assert_int_eq(o.group_inlined, 0);
	ck_assert_uint_eq(o.top, 20);
	ck_assert_uint_eq(o.nfocus, 2);
	ck_assert_str_eq(o.focus_text[1], "b$");
	ck_assert_int_eq(regexec(&o.focus[0], "abc", 0, NULL, 0), 0);
	ck_assert_int_ne(regexec(&o.focus[0], "bac", 0, NULL, 0), 0);
	ck_assert_uint_eq(o.nhide, 1);
	ck_assert_int_eq(regexec(&o.hide[0], "xdx", 0, NULL, 0), 0);
	ck_assert_str_eq(err, "");
	cga_opts_free(&o);
	rejects("--top=0", "expected a number of rows, 1 or more: --top=0");
	rejects("--top=x", "expected a number of rows, 1 or more: --top=x");
	rejects("--by=line", "expected function, file or object: --by=line");
	rejects("--focus=(", "--focus=(: Unmatched ( or \\(");
	usage_error(&o, PARSE(&o, "--group-inlined=yes", "--by=file", PROFILE),
	    "--group-inlined=yes lists functions: it goes with --by=function "
	    "only");
}
END_TEST

/* A bad rewrite prints the usage line, and no hint, as it always has. */
START_TEST(bad_rewrite_is_a_usage_error)
{
	struct cga_opts	 o;
	size_t		 n;

	ck_assert_int_eq(PARSE(&o, "--mod-filename=nope", PROFILE), -1);
	ck_assert_msg(strncmp(err, "cgannotate: --mod-filename=nope: ",
	    33) == 0, "%s", err);
	n = strlen(err);
	ck_assert(n > strlen(USAGE));
	ck_assert_str_eq(err + n - strlen(USAGE), USAGE);
	cga_opts_free(&o);
}
END_TEST

START_TEST(help_and_version_print_and_say_done)
{
	struct cga_opts	 o;

	ck_assert_int_eq(PARSE(&o, "--help", PROFILE), 1);
	ck_assert_msg(strncmp(out, USAGE, strlen(USAGE)) == 0, "%s", out);
	ck_assert_str_eq(err, "");
	cga_opts_free(&o);
	ck_assert_int_eq(PARSE(&o, "-h"), 1);
	ck_assert_msg(strncmp(out, USAGE, strlen(USAGE)) == 0, "%s", out);
	cga_opts_free(&o);
	ck_assert_int_eq(PARSE(&o, "--version"), 1);
	ck_assert_str_eq(out, "cgannotate 0.1.0\n");
	cga_opts_free(&o);
	/* What comes first wins: a mistake before --help stops there. */
	rejects("--auto=x", "expected yes or no: --auto=x");
}
END_TEST

START_TEST(typo_gets_the_nearest_option)
{
	rejects("--treshold=5", "unknown option: --treshold=5; did you mean "
	    "--threshold?");
	rejects("--colour=never", "unknown option: --colour=never; did you "
	    "mean --color?");
	rejects("--verison", "unknown option: --verison; did you mean "
	    "--version?");
	rejects("--inclusve=yes", "unknown option: --inclusve=yes; did you "
	    "mean --inclusive?");
	rejects("--shw-percs", "unknown option: --shw-percs; did you mean "
	    "--show-percs?");
	/* Nothing near: no guess. */
	rejects("--bogus", "unknown option: --bogus");
	rejects("--xy", "unknown option: --xy");
	rejects("--thresholdthreshold", "unknown option: --thresholdthreshold");
}
END_TEST

START_TEST(ambiguous_prefix_names_its_candidates)
{
	struct cga_opts	 o;

	rejects("--s", "ambiguous option: --s could be --show, --show-percs "
	    "or --sort");
	rejects("--inc=yes", "ambiguous option: --inc=yes could be --include "
	    "or --inclusive");
	rejects("--t=5", "ambiguous option: --t=5 could be --threshold, "
	    "--top, --tree or --tui");
	rejects("--mod-f=s/a/b/", "ambiguous option: --mod-f=s/a/b/ could be "
	    "--mod-filename or --mod-funcname");
	/* A prefix of one option, or a whole name, is that option. */
	ck_assert_int_eq(PARSE(&o, "--show-p=no", "--thr=50", "--show=Ir",
	    PROFILE), 0);
	ck_assert_int_eq(o.show_percs, 0);
	ck_assert(o.threshold_val == 50);
	ck_assert_uint_eq(o.nshow, 1);
	cga_opts_free(&o);
}
END_TEST

START_TEST(gate_limits_collect_in_order_and_need_diff)
{
	struct cga_opts	 o;

	ck_assert_int_eq(PARSE(&o, "--diff", PROFILE, "--fail-above=Ir:1%",
	    "--fail-above-function=Dr:2", "--fail-above=Dw:3,Ir:4%", PROFILE),
	    0);
	ck_assert_uint_eq(o.nfail_above, 4);
	ck_assert_str_eq(o.fail_above[0].event, "Ir");
	ck_assert_int_eq(o.fail_above[0].percent, 1);
	ck_assert_int_eq(o.fail_above[1].function, 1);
	ck_assert_str_eq(o.fail_above[2].event, "Dw");
	ck_assert_uint_eq(o.fail_above[3].num, 4);
	cga_opts_free(&o);
	rejects("--fail-above=Ir:1%", "--fail-above needs --diff OLD: a limit "
	    "is on a change");
	rejects("--fail-above-function=Ir:1%", "--fail-above-function needs "
	    "--diff OLD: a limit is on a change");
	rejects("--fail-above=Ir:-1%", "--fail-above: a limit must not be "
	    "negative: 'Ir:-1%'");
	rejects("--fail-above-function=Ir:x", "--fail-above-function: "
	    "expected a number: 'Ir:x'");
}
END_TEST

START_TEST(other_mistakes_keep_their_messages)
{
	struct cga_opts	 o;

	usage_error(&o, PARSE(&o, PROFILE, "--threshold"),
	    "option needs a value: --threshold");
	usage_error(&o, PARSE(&o, PROFILE, "-I"), "option needs a value: -I");
	rejects("--calls=yes", "unknown option: --calls=yes");
	rejects("--help=x", "unknown option: --help=x");
	rejects("-q", "unknown option: -q");
	rejects("-qh", "unknown option: -q");
}
END_TEST

START_TEST(ignored_options_are_warned_of)
{
	static const struct {
		const char	*args[4];
		const char	*warning;
	} cases[] = {
		{ { "--lines" }, "cgannotate: warning: --lines is ignored with "
		    "--format=text: only --format=tsv uses it\n" },
		{ { "--calls", "--format=json" }, "cgannotate: warning: --calls "
		    "is ignored with --format=json: only --format=tsv uses "
		    "it\n" },
		{ { "--format=tsv", "--tree=both" }, "cgannotate: warning: "
		    "--tree is ignored with --format=tsv: only --format=text "
		    "uses it\n" },
		{ { "--format=dot", "--tree=caller" }, "cgannotate: warning: "
		    "--tree is ignored with --format=dot: only --format=text "
		    "uses it\n" },
		{ { "--format=tsv", "--calls", "--lines" }, "cgannotate: "
		    "warning: --lines is ignored with --calls: --format=tsv "
		    "prints rows of one kind\n" },
		{ { "--list-parts", "--calls", "--tree=calling" }, "cgannotate: "
		    "warning: --calls is ignored with --list-parts: only "
		    "--format=tsv uses it\ncgannotate: warning: --tree is "
		    "ignored with --list-parts: only --format=text uses it\n" },
		/* Read: no warning. */
		{ { "--format=tsv", "--calls" }, "" },
		{ { "--format=tsv", "--lines" }, "" },
		{ { "--tree=both" }, "" },
		{ { "--format=json", "--tree=none" }, "" },
	};
	struct cga_opts	 o;
	const char	*args[6];
	size_t		 i, j;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		for (j = 0; j < 4 && cases[i].args[j] != NULL; j++)
			args[j] = cases[i].args[j];
		args[j++] = PROFILE;
		args[j] = NULL;
		ck_assert_int_eq(parse_args(&o, args), 0);
		ck_assert_str_eq(err, cases[i].warning);
		ck_assert_str_eq(o.profile, PROFILE);
		cga_opts_free(&o);
	}
}
END_TEST

/* Whether s holds word, and not just as the start of a longer name. */
static int
has_word(const char *s, const char *word)
{
	size_t	 n = strlen(word);

	for (; (s = strstr(s, word)) != NULL; s++)
		if (strchr("abcdefghijklmnopqrstuvwxyz-", s[n]) == NULL ||
		    s[n] == '\0')
			return 1;
	return 0;
}

START_TEST(table_has_every_option_once)
{
	size_t	 i, j;

	for (i = 0; i < CGA_NOPTS; i++) {
		ck_assert_msg(cga_options[i].name != NULL, "no option at %zu",
		    i);
		ck_assert_msg(cga_options[i].has_arg == no_argument ||
		    cga_options[i].arg != NULL, "--%s: no argument to show",
		    cga_options[i].name);
		for (j = 0; j < i; j++) {
			ck_assert_str_ne(cga_options[i].name,
			    cga_options[j].name);
			ck_assert(cga_options[i].letter == 0 ||
			    cga_options[i].letter != cga_options[j].letter);
		}
	}
	/* The last option's help is its own, and no entry is without one. */
	ck_assert_ptr_nonnull(cga_options[CGA_NOPTS - 1].help);
}
END_TEST

/* Each option by its names, argument and every line of its help. */
START_TEST(every_option_of_the_table_is_in_help)
{
	struct cga_opts	 o;
	char		 name[128], line[256];
	const char	*help, *nl;
	size_t		 i;

	ck_assert_int_eq(PARSE(&o, "--help"), 1);
	for (i = 0; i < CGA_NOPTS; i++) {
		snprintf(name, sizeof(name), "--%s%s", cga_options[i].name,
		    cga_options[i].arg != NULL ? cga_options[i].arg : "");
		ck_assert_msg(has_word(out, name), "%s not in --help", name);
		snprintf(name, sizeof(name), "-%c, --%s", cga_options[i].letter,
		    cga_options[i].name);
		ck_assert_msg(cga_options[i].letter == 0 || has_word(out, name),
		    "%s not in --help", name);
		for (help = cga_options[i].help; help != NULL; help = nl + 1) {
			nl = strchr(help, '\n');
			snprintf(line, sizeof(line), "%.*s\n", nl != NULL ?
			    (int)(nl - help) : (int)strlen(help), help);
			ck_assert_msg(strstr(out, line) != NULL, "--%s: %s "
			    "not in --help", cga_options[i].name, line);
			if (nl == NULL)
				break;
		}
	}
	/* In 80 columns (a line of 80 fills them: --format's names). */
	for (help = out; (nl = strchr(help, '\n')) != NULL; help = nl + 1)
		ck_assert_msg(nl - help <= 80, "%.*s", (int)(nl - help), help);
	cga_opts_free(&o);
}
END_TEST

START_TEST(format_argument_names_every_format)
{
	const char	*arg = cga_options[CGA_OPT_FORMAT].arg;
	char		 want[256] = "=";
	size_t		 i;

	for (i = 0; cga_formats[i] != NULL; i++)
		snprintf(want + strlen(want), sizeof(want) - strlen(want),
		    "%s%s", i > 0 ? "|" : "", cga_formats[i]->name);
	ck_assert_str_eq(arg, want);
}
END_TEST

/* Once each, sorted by name, with its id; its letter in the short ones. */
START_TEST(every_option_of_the_table_is_in_getopts_array)
{
	struct option	 longopts[CGA_NOPTS + 1];
	char		 shortopts[CGA_SHORTOPTS_SIZE];
	const char	*at;
	size_t		 i, j, n;
	int		 letter;

	cga_options_getopt(longopts, shortopts);
	ck_assert_ptr_null(longopts[CGA_NOPTS].name);
	ck_assert_int_eq(shortopts[0], ':');
	for (j = 1; j < CGA_NOPTS; j++)
		ck_assert_int_lt(strcmp(longopts[j - 1].name, longopts[j].name),
		    0);
	for (i = 0; i < CGA_NOPTS; i++) {
		for (j = n = 0; j < CGA_NOPTS; j++) {
			if (strcmp(longopts[j].name, cga_options[i].name) != 0)
				continue;
			n++;
			ck_assert_int_eq(longopts[j].has_arg,
			    cga_options[i].has_arg);
			ck_assert_ptr_null(longopts[j].flag);
			ck_assert_int_eq(longopts[j].val, CGA_OPT_VAL + (int)i);
		}
		ck_assert_msg(n == 1, "--%s: %zu times", cga_options[i].name, n);
		if ((letter = cga_options[i].letter) == 0)
			continue;
		/* A letter, then ':' for a value, "::" for one if given. */
		ck_assert_msg((at = strchr(shortopts + 1, letter)) != NULL,
		    "-%c not in %s", letter, shortopts);
		ck_assert_int_eq(strspn(at + 1, ":"),
		    cga_options[i].has_arg == no_argument ? 0 :
		    cga_options[i].has_arg == required_argument ? 1 : 2);
		ck_assert_int_eq(cga_option_of_letter(letter), (int)i);
	}
	ck_assert_int_eq(cga_option_of_letter('q'), -1);
}
END_TEST

/*
 * A value of option e that asks for something: the last of the words its
 * argument shows ("=none|caller|calling|both": both).  An option that one
 * format reads and takes a value of another kind needs one named here.
 */
static void
option_arg(char *buf, size_t size, const struct cga_option *e)
{
	const char	*word;

	if (e->has_arg == no_argument) {
		snprintf(buf, size, "--%s", e->name);
		return;
	}
	/* A keyword of its list, or a number for "=N". */
	word = strrchr(e->arg, '|');
	snprintf(buf, size, "--%s=%s", e->name, word != NULL ? word + 1 :
	    strcmp(e->arg, "=N") == 0 ? "5" : e->arg + 1);
}

/*
 * Every option of a mask short of every format, with every format: the
 * warning names it, the format chosen and those of its mask.
 */
START_TEST(option_not_applying_to_a_format_warns)
{
	const struct cga_option	*e;
	const struct cga_format	*f;
	struct cga_opts		 o;
	char			 arg[128], fmt[64], want[128];
	size_t			 i, j, k, nwarned = 0;

	for (i = 0; i < CGA_NOPTS; i++) {
		if ((e = &cga_options[i])->formats == CGA_FMT_ANY)
			continue;
		option_arg(arg, sizeof(arg), e);
		for (j = 0; j <= CGA_FORMAT_PARTS; j++) {
			f = j < CGA_FORMAT_PARTS ? cga_formats[j] :
			    &cga_format_parts;
			if (f != &cga_format_parts)
				snprintf(fmt, sizeof(fmt), "--format=%s",
				    f->name);
			else
				snprintf(fmt, sizeof(fmt), "--list-parts");
			ck_assert_msg(PARSE(&o, fmt, arg, PROFILE) == 0,
			    "%s %s: %s", fmt, arg, err);
			cga_opts_free(&o);
			snprintf(want, sizeof(want), "cgannotate: warning: --%s "
			    "is ignored with %s: only ", e->name, fmt);
			if (e->formats & cga_format_bit(f)) {
				ck_assert_msg(strstr(err, want) == NULL, "%s",
				    err);
				continue;
			}
			ck_assert_msg(strncmp(err, want, strlen(want)) == 0,
			    "%s %s: %s", fmt, arg, err);
			for (k = 0; cga_formats[k] != NULL; k++) {
				snprintf(want, sizeof(want), "--format=%s",
				    cga_formats[k]->name);
				ck_assert(has_word(strstr(err, "only "), want) ==
				    (int)((e->formats >> k) & 1));
			}
			ck_assert(strstr(err, " uses it\n") != NULL);
			nwarned++;
		}
	}
	/*
	 * --calls, --lines and --tree, each with the formats and that of
	 * --list-parts but the one that reads it; --threshold, --top and
	 * --color with --format=tui only.
	 */
	ck_assert_uint_eq(nwarned, 3 * (CGA_FORMAT_PARTS + 1 - 1) + 3);
}
END_TEST

START_TEST(arguments_after_the_options_are_profiles_or_sources)
{
	struct cga_opts	 o;

	/* getopt_long moves the options first; the rest keep their order. */
	ck_assert_int_eq(PARSE(&o, "first.cg", "--auto=no", "-",
	    "testdata/recur-plain.callgrind", "testdata/src/recur.c",
	    "missing.c"), 0);
	ck_assert_int_eq(o.auto_annotate, 0);
	ck_assert_str_eq(o.profile, "first.cg");
	ck_assert_uint_eq(o.nprofiles, 2);
	ck_assert_str_eq(o.profiles[0], "-");
	ck_assert_str_eq(o.profiles[1], "testdata/recur-plain.callgrind");
	ck_assert_uint_eq(o.nsources, 2);
	ck_assert_str_eq(o.sources[0], "testdata/src/recur.c");
	ck_assert_str_eq(o.sources[1], "missing.c");
	cga_opts_free(&o);
	usage_error(&o, PARSE(&o, PROFILE, ""), "empty file name");
}
END_TEST

START_TEST(classify_alone_sorts_its_arguments)
{
	struct cga_opts	 o;
	char		*args[] = { (char *)PROFILE, (char *)PROFILE,
			    (char *)"README" };

	cga_opts_init(&o);
	ck_assert_int_eq(cga_opts_classify(&o, 0, args), 0);
	ck_assert_ptr_null(o.profile);
	ck_assert_uint_eq(o.nprofiles + o.nsources, 0);
	ck_assert_int_eq(cga_opts_classify(&o, 3, args), 0);
	ck_assert_str_eq(o.profile, PROFILE);
	ck_assert_uint_eq(o.nprofiles, 1);
	ck_assert_uint_eq(o.nsources, 1);
	ck_assert_str_eq(o.sources[0], "README");
	cga_opts_free(&o);
}
END_TEST

/*
 * The words of an mdoc line of the SYNOPSIS as they print: .Nm the name,
 * Op a bracket to the end of the line, Oo and Oc brackets, Ar nothing.
 */
static void
synopsis_line(char *buf, size_t size, char *line)
{
	char	*w, *save = NULL;
	int	 nopen = 0;
	size_t	 len;

	for (w = strtok_r(line + 1, " \n", &save); w != NULL;
	    w = strtok_r(NULL, " \n", &save)) {
		len = strlen(buf);
		if (strcmp(w, "Ar") == 0)
			continue;
		if (strcmp(w, "Op") == 0 || strcmp(w, "Oo") == 0) {
			nopen += *w == 'O' && w[1] == 'p';
			snprintf(buf + len, size - len, "%s[", len > 0 &&
			    buf[len - 1] != '[' ? " " : "");
		} else if (strcmp(w, "Oc") == 0)
			snprintf(buf + len, size - len, "]");
		else
			snprintf(buf + len, size - len, "%s%s", len > 0 &&
			    buf[len - 1] != '[' ? " " : "",
			    strcmp(w, "Nm") == 0 ? "cgannotate" : w);
	}
	while (nopen-- > 0)
		strncat(buf, "]", size - strlen(buf) - 1);
}

START_TEST(usage_line_is_the_synopsis_of_the_manual)
{
	FILE	*f = fopen("man/cgannotate.1", "r");
	char	 line[512], synopsis[512] = "usage:";
	int	 in = 0;

	ck_assert_ptr_nonnull(f);
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, ".Sh ", 4) == 0)
			in = strcmp(line, ".Sh SYNOPSIS\n") == 0;
		else if (in)
			synopsis_line(synopsis, sizeof(synopsis), line);
	}
	fclose(f);
	strncat(synopsis, "\n", sizeof(synopsis) - strlen(synopsis) - 1);
	ck_assert_str_eq(synopsis, USAGE);
}
END_TEST

Suite *
opts_suite(void)
{
	Suite	*s = suite_create("opts");
	TCase	*tc;

	tc = tcase_create("defaults");
	tcase_add_test(tc, init_gives_the_defaults_of_the_command_line);
	tcase_add_test(tc, parse_of_nothing_keeps_the_defaults);
	suite_add_tcase(s, tc);

	tc = tcase_create("families");
	tcase_add_test(tc, yes_no_options_take_yes_and_no);
	tcase_add_test(tc, keyword_tables_give_each_words_value);
	tcase_add_test(tc, format_names_every_format_of_the_table);
	tcase_add_test(tc, parts_collect_in_order);
	tcase_add_test(tc, show_and_sort_split_their_lists);
	tcase_add_test(tc, files_and_flags);
	tcase_add_test(tc, listing_options);
	tcase_add_test(tc, help_and_version_print_and_say_done);
	suite_add_tcase(s, tc);

	tc = tcase_create("numbers");
	tcase_add_test(tc,
	    percentages_from_0_to_100_with_an_optional_percent_sign);
	tcase_add_test(tc, percentages_reject_what_is_not_one);
	tcase_add_test(tc, numbers_are_decimal_digits_that_fit);
	suite_add_tcase(s, tc);

	tc = tcase_create("mistakes");
	tcase_add_test(tc, keyword_messages_list_the_words_of_the_table);
	tcase_add_test(tc, yes_no_given_a_file_says_to_put_the_value_first);
	tcase_add_test(tc,
	    sort_rejects_a_bad_threshold_and_an_event_named_twice);
	tcase_add_test(tc, bad_rewrite_is_a_usage_error);
	tcase_add_test(tc, typo_gets_the_nearest_option);
	tcase_add_test(tc, ambiguous_prefix_names_its_candidates);
	tcase_add_test(tc, other_mistakes_keep_their_messages);
	tcase_add_test(tc, gate_limits_collect_in_order_and_need_diff);
	tcase_add_test(tc, ignored_options_are_warned_of);
	suite_add_tcase(s, tc);

	tc = tcase_create("table");
	tcase_add_test(tc, table_has_every_option_once);
	tcase_add_test(tc, every_option_of_the_table_is_in_help);
	tcase_add_test(tc, format_argument_names_every_format);
	tcase_add_test(tc, every_option_of_the_table_is_in_getopts_array);
	tcase_add_test(tc, option_not_applying_to_a_format_warns);
	suite_add_tcase(s, tc);

	tc = tcase_create("arguments");
	tcase_add_test(tc, arguments_after_the_options_are_profiles_or_sources);
	tcase_add_test(tc, classify_alone_sorts_its_arguments);
	tcase_add_test(tc, usage_line_is_the_synopsis_of_the_manual);
	suite_add_tcase(s, tc);
	return s;
}
