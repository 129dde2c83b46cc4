/*
 * check_load.c: the Callgrind format loader: every line kind of the grammar,
 * name and subposition compression, numbers, errors, and the model it
 * builds (the semantics of callgrind_annotate).
 */
#include <stdlib.h>
#include <string.h>

#include "check_cga.h"
#include "base/diag.h"

#define LOAD_OK(text)		ck_assert_int_eq(load_profile(text), 0)

/*
 * The last diagnostic, after "cgannotate: PATH:", the path being the
 * temporary file's: "LINE: MESSAGE: 'TEXT'", or " MESSAGE" without a line.
 */
static const char *
last_diag(void)
{
	const char	*colon;

	ck_assert_msg(strncmp(cga_diag_last, "cgannotate: ", 12) == 0,
	    "no diagnostic, or not one of cgannotate's: '%s'", cga_diag_last);
	colon = strchr(cga_diag_last + 12, ':');
	ck_assert_ptr_nonnull(colon);
	return colon + 1;
}

/* A load that prints msg (see last_diag) last, refusing the profile. */
#define LOAD_FAILS(text, msg)	do {					\
	unsigned long	n_ = cga_diag_count;				\
									\
	ck_assert_int_eq(load_profile(text), -1);			\
	ck_assert_uint_gt(cga_diag_count, n_);				\
	ck_assert_str_eq(last_diag(), msg);				\
} while (0)

/* A load that prints msg (see last_diag) last, yet loads the profile. */
#define LOAD_WARNS(text, msg)	do {					\
	unsigned long	n_ = cga_diag_count;				\
									\
	ck_assert_int_eq(load_profile(text), 0);			\
	ck_assert_uint_gt(cga_diag_count, n_);				\
	ck_assert_str_eq(last_diag(), msg);				\
} while (0)

/* ---- header lines ---- */

START_TEST(minimal_profile_loads)
{
	LOAD_OK("events: Ir\nfn=main\n1 5\n");
	ck_assert_uint_eq(tp->nev, 1);
	ck_assert_uint_eq(tp->nrec, 1);
	ck_assert_str_eq(tp->ev[0].name, "Ir");
	ck_assert_uint_eq(self_of("???:main", "Ir"), 5);
	ck_assert_uint_eq(total_of("Ir"), 5);
	ck_assert_uint_eq(tp->nparts, 1);
}
END_TEST

START_TEST(version_1_is_accepted)
{
	LOAD_OK("version: 1\nevents: Ir\nfn=main\n1 5\n");
	ck_assert_uint_eq(self_of("???:main", "Ir"), 5);
}
END_TEST

START_TEST(version_2_is_rejected)
{
	LOAD_FAILS("version: 2\nevents: Ir\nfn=main\n1 5\n",
	    "1: unsupported format version (this reads version 1): "
	    "'version: 2'");
}
END_TEST

START_TEST(version_that_is_no_number_is_rejected)
{
	LOAD_FAILS("version: one\nevents: Ir\nfn=main\n1 5\n",
	    "1: expected a version number: 'version: one'");
}
END_TEST

START_TEST(creator_is_kept)
{
	LOAD_OK("version: 1\ncreator: callgrind-3.19.0\nevents: Ir\n"
	    "fn=main\n1 5\n");
	ck_assert_str_eq(tp->creator, "callgrind-3.19.0");
}
END_TEST

START_TEST(pid_thread_part_and_cmd_are_kept)
{
	LOAD_OK("pid: 4242\nthread: 3\npart: 1\ncmd:  ./prog  -x file\n"
	    "events: Ir\nfn=main\n1 5\n");
	ck_assert_str_eq(tp->pid, "4242");
	ck_assert_str_eq(tp->thread, "3");
	ck_assert_str_eq(tp->part, "1");
	ck_assert_str_eq(tp->cmd, "./prog  -x file");
	ck_assert_str_eq(tp->parts[0].pid, "4242");
	ck_assert_str_eq(tp->parts[0].cmd, "./prog  -x file");
}
END_TEST

/* desc: lines are kept for the header, but not Option: ones. */
START_TEST(desc_lines_are_kept_and_trigger_found)
{
	LOAD_OK("desc: I1 cache: 32768 B, 64 B, 8-way associative\n"
	    "desc: Option: --dump-instr=yes\n"
	    "desc: Trigger: Program termination\n"
	    "events: Ir\nfn=main\n1 5\n");
	ck_assert_uint_eq(tp->ndesc, 2);
	ck_assert_str_eq(tp->desc[0],
	    "I1 cache: 32768 B, 64 B, 8-way associative");
	ck_assert_str_eq(tp->desc[1], "Trigger: Program termination");
	ck_assert_str_eq(tp->parts[0].trigger, "Program termination");
}
END_TEST

/* A cmd: broken over lines leaves text that looks like a cost line. */
START_TEST(number_text_in_header_only_warns)
{
	LOAD_WARNS("cmd: prog\n5 files\n+x\nevents: Ir\nfn=main\n1 5\n",
	    "3: warning: unknown header line, skipped: '+x'");
	ck_assert_uint_eq(self_of("???:main", "Ir"), 5);
	ck_assert_uint_eq(total_of("Ir"), 5);
}
END_TEST

START_TEST(profile_without_events_line_is_rejected)
{
	LOAD_FAILS("fn=main\n1 5\n",
	    "1: expected an events: line before this line: 'fn=main'");
}
END_TEST

/* A header alone (a thread that collected nothing): an empty report. */
START_TEST(profile_without_cost_lines_is_empty)
{
	LOAD_WARNS("events: Ir\n", "1: warning: no cost lines: the report is "
	    "empty");
	ck_assert_uint_eq(tp->nparts, 1);
	ck_assert_uint_eq(total_of("Ir"), 0);
	ck_assert(def(tp->total, "Ir"));
	ck_assert_int_eq(tp->calculated, 1);
	ck_assert_uint_eq(tp->nfns, 0);
}
END_TEST

/* summary: 0 is a total the profile gives, not one calculated. */
START_TEST(summary_of_zero_without_cost_lines_is_given)
{
	LOAD_WARNS("events: Ir Dr\nsummary: 0 0\n", "2: warning: no cost lines: "
	    "the report is empty");
	ck_assert_uint_eq(total_of("Ir"), 0);
	ck_assert(def(tp->total, "Dr"));
	ck_assert_int_eq(tp->calculated, 0);
}
END_TEST

/* Counts the diagnostics of a load: exactly one, the last. */
#define LOAD_FAILS_ONCE(text, msg)	do {				\
	unsigned long	n1_ = cga_diag_count;				\
									\
	LOAD_FAILS(text, msg);						\
	ck_assert_uint_eq(cga_diag_count, n1_ + 1);			\
} while (0)

/* A text file given as a profile: one message, not a warning a line. */
START_TEST(c_source_is_no_profile)
{
	LOAD_FAILS_ONCE("/* a.c */\n#include <stdio.h>\n\nint\nmain(void)\n"
	    "{\n\treturn 0;\n}\n",
	    "1: not a Callgrind or Cachegrind profile: '/* a.c */'");
}
END_TEST

START_TEST(passwd_is_no_profile)
{
	LOAD_FAILS_ONCE("root:x:0:0:root:/root:/bin/bash\n"
	    "daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n",
	    "1: not a Callgrind or Cachegrind profile: "
	    "'root:x:0:0:root:/root:/bin/bash'");
}
END_TEST

/* It is decided from the first lines, before the rest is read. */
START_TEST(five_foreign_lines_first_are_no_profile)
{
	LOAD_FAILS_ONCE("# a comment\nlang=C\nfoo: bar\n12 apples\n\nBAR\n"
	    "baz\nevents: Ir\nfn=main\n1 5\n",
	    "2: not a Callgrind or Cachegrind profile: 'lang=C'");
}
END_TEST

/* A line of the format's before five others: a profile, which warns. */
START_TEST(unknown_lines_before_events_only_warn)
{
	unsigned long	n = cga_diag_count;

	LOAD_WARNS("foo: bar\nlang=C\nevents: Ir\nfn=main\n1 5\n",
	    "2: warning: unknown line kind, skipped: 'lang=C'");
	ck_assert_uint_eq(cga_diag_count, n + 2);
	ck_assert_uint_eq(self_of("???:main", "Ir"), 5);
}
END_TEST

/* What real writers start with: version:, creator:, cmd:, events:, #. */
START_TEST(writers_first_lines_are_a_profile)
{
	LOAD_OK("# callgrind format\nversion: 1\ncreator: callgrind-3.19.0\n"
	    "events: Ir\nfn=main\n1 5\ntotals: 5\n");
	LOAD_OK("positions: instr line\nevents: samples\nfl=a.c\nfn=main\n"
	    "0x10 1 5\n");
	LOAD_OK("event: ns : Nanoseconds\nevents: ns\nsummary: 5\nfl=a.c\n"
	    "fn=main\n1 5\n");
}
END_TEST

START_TEST(empty_file_is_rejected)
{
	LOAD_FAILS("",
	    " no events: line: not a Callgrind or Cachegrind profile");
}
END_TEST

START_TEST(missing_file_is_rejected)
{
	tp = cga_profile_new();
	ck_assert_int_eq(cga_profile_load(tp, "/nonexistent/cga.out",
	    &cga_test_opts), -1);
	ck_assert_str_eq(cga_diag_last, "cgannotate: /nonexistent/cga.out: "
	    "cannot open: No such file or directory");
}
END_TEST

START_TEST(events_line_without_names_is_rejected)
{
	LOAD_FAILS("events:\nfn=main\n1 5\n",
	    "1: expected event names after events:: 'events:'");
}
END_TEST

START_TEST(event_named_twice_in_events_is_rejected)
{
	LOAD_FAILS("events: Ir Dr Ir\nfn=main\n1 5\n",
	    "1: event named twice in events:: 'events: Ir Dr Ir'");
}
END_TEST

START_TEST(events_give_the_order_of_counts)
{
	LOAD_OK("events: Ir Dr Dw\nfn=main\n1 5 6 7\n");
	ck_assert_uint_eq(tp->nev, 3);
	ck_assert_str_eq(tp->ev[2].name, "Dw");
	ck_assert_uint_eq(self_of("???:main", "Ir"), 5);
	ck_assert_uint_eq(self_of("???:main", "Dr"), 6);
	ck_assert_uint_eq(self_of("???:main", "Dw"), 7);
}
END_TEST

/* ---- positions: ---- */

START_TEST(positions_default_to_line)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n12 5\n");
	ck_assert_uint_eq(line_of("a.c", 12, "Ir"), 5);
}
END_TEST

START_TEST(positions_line_takes_a_line_number)
{
	LOAD_OK("positions: line\nevents: Ir\nfl=a.c\nfn=main\n12 5\n");
	ck_assert_uint_eq(line_of("a.c", 12, "Ir"), 5);
}
END_TEST

START_TEST(positions_instr_takes_an_address_only)
{
	LOAD_OK("positions: instr\nevents: Ir\nfl=a.c\nfn=main\n"
	    "0x401000 5\n+4 6\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 11);
	ck_assert_ptr_null(find_line(tp, "a.c", 0x401000));
}
END_TEST

START_TEST(positions_instr_line_take_address_then_line)
{
	LOAD_OK("positions: instr line\nevents: Ir\nfl=a.c\nfn=main\n"
	    "0x401000 7 5\n");
	ck_assert_uint_eq(line_of("a.c", 7, "Ir"), 5);
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 5);
}
END_TEST

START_TEST(positions_bb_is_accepted)
{
	LOAD_OK("positions: instr bb line\nevents: Ir\nfl=a.c\nfn=main\n"
	    "0x10 0x3 7 5\n");
	ck_assert_uint_eq(line_of("a.c", 7, "Ir"), 5);
}
END_TEST

START_TEST(positions_addr_is_instr)
{
	LOAD_OK("positions: addr line\nevents: Ir\nfl=a.c\nfn=main\n"
	    "0x10 7 5\n");
	ck_assert_uint_eq(line_of("a.c", 7, "Ir"), 5);
}
END_TEST

START_TEST(positions_out_of_order_are_rejected)
{
	LOAD_FAILS("positions: line instr\nevents: Ir\nfn=main\n1 2 5\n",
	    "1: expected positions: in the order instr, bb, line, each once: "
	    "'positions: line instr'");
}
END_TEST

START_TEST(positions_named_twice_are_rejected)
{
	LOAD_FAILS("positions: line line\nevents: Ir\nfn=main\n1 2 5\n",
	    "1: expected positions: in the order instr, bb, line, each once: "
	    "'positions: line line'");
}
END_TEST

START_TEST(positions_unknown_value_is_rejected)
{
	LOAD_FAILS("positions: column\nevents: Ir\nfn=main\n1 5\n",
	    "1: expected positions: of instr, bb and line: "
	    "'positions: column'");
}
END_TEST

START_TEST(positions_without_values_are_rejected)
{
	LOAD_FAILS("positions:\nevents: Ir\nfn=main\n1 5\n",
	    "1: expected positions: of instr, bb and line: 'positions:'");
}
END_TEST

START_TEST(cost_line_with_too_few_positions_is_rejected)
{
	LOAD_FAILS("positions: instr line\nevents: Ir\nfn=main\n0x10\n",
	    "4: expected a position: '0x10'");
}
END_TEST

/* ---- event: ---- */

START_TEST(event_long_name_before_events)
{
	LOAD_OK("event: Ir : Instruction Fetches\nevents: Ir Dr\n"
	    "fn=main\n1 5 6\n");
	ck_assert_uint_eq(tp->nev, 2);
	ck_assert_str_eq(tp->ev[ev(tp, "Ir")].longname,
	    "Instruction Fetches");
	ck_assert_ptr_null(tp->ev[ev(tp, "Dr")].longname);
}
END_TEST

START_TEST(event_long_name_after_events)
{
	LOAD_OK("events: Ir Dr\nevent: Dr : Data Reads\nfn=main\n1 5 6\n");
	ck_assert_uint_eq(tp->nev, 2);
	ck_assert_str_eq(tp->ev[ev(tp, "Dr")].longname, "Data Reads");
}
END_TEST

START_TEST(derived_event_sums_events)
{
	LOAD_OK("events: Ir Dr\nevent: Sum = Ir + Dr\nfn=main\n1 3 4\n"
	    "2 10 20\n");
	ck_assert_uint_eq(tp->nev, 3);
	ck_assert_uint_eq(tp->nrec, 2);
	ck_assert_uint_eq(ev(tp, "Sum"), 2);
	ck_assert_uint_eq(self_of("???:main", "Sum"), 37);
	ck_assert_uint_eq(total_of("Sum"), 37);
	ck_assert_uint_eq(line_of("???", 2, "Sum"), 30);
}
END_TEST

START_TEST(derived_event_before_events_line)
{
	LOAD_OK("event: Sum = Ir + Dr\nevents: Ir Dr\nfn=main\n1 3 4\n");
	ck_assert_uint_eq(self_of("???:main", "Sum"), 7);
}
END_TEST

START_TEST(derived_event_with_star_factor)
{
	LOAD_OK("events: Ir Dr\nevent: X = 2 * Ir + Dr\nfn=main\n1 3 4\n");
	ck_assert_uint_eq(self_of("???:main", "X"), 10);
}
END_TEST

START_TEST(derived_event_with_bare_factor)
{
	LOAD_OK("events: Ir Dr\nevent: X = 2 Ir\nfn=main\n1 3 4\n");
	ck_assert_uint_eq(self_of("???:main", "X"), 6);
}
END_TEST

START_TEST(derived_event_with_long_name)
{
	LOAD_OK("events: Ir Dr\nevent: Sum = Ir + Dr : All of it\n"
	    "fn=main\n1 3 4\n");
	ck_assert_str_eq(tp->ev[ev(tp, "Sum")].longname, "All of it");
	ck_assert_uint_eq(self_of("???:main", "Sum"), 7);
}
END_TEST

START_TEST(derived_event_applies_to_calls_and_totals)
{
	LOAD_OK("events: Ir Dr\nevent: Sum = Ir + Dr\nsummary: 100 1\n"
	    "fn=main\n1 3 4\ncfn=f\ncalls=1 5\n1 10 20\n");
	ck_assert_uint_eq(call_cost("???:main", "???:f", "Sum"), 30);
	ck_assert_uint_eq(total_of("Sum"), 101);
	ck_assert_uint_eq(val(part_cost(0, 1), "Sum"), 7);
}
END_TEST

START_TEST(derived_event_of_unknown_event_is_rejected)
{
	LOAD_FAILS("events: Ir Dr\nevent: Sum = Ir + Foo\nfn=main\n1 3 4\n",
	    "2: derived event names an unknown event: 'Foo'");
}
END_TEST

START_TEST(derived_event_with_recorded_name_is_rejected)
{
	LOAD_FAILS("events: Ir Dr\nevent: Ir = Dr\nfn=main\n1 3 4\n",
	    "2: derived event has the name of another event: 'Ir'");
}
END_TEST

START_TEST(derived_event_with_bad_expression_is_rejected)
{
	LOAD_FAILS("events: Ir Dr\nevent: Sum = Ir + + Dr\nfn=main\n1 3 4\n",
	    "2: expected a derived event as 'NAME = [N [*]] EVENT + ...': "
	    "'Ir + + Dr'");
}
END_TEST

START_TEST(derived_event_overflowing_fails_finish)
{
	LOAD_FAILS("events: Ir\nevent: X = 2 * Ir\nfn=main\n"
	    "1 9223372036854775808\n",
	    " a derived event's count does not fit in 64 bits");
}
END_TEST

/* A derived event may name another derived event, defined before it. */
START_TEST(derived_event_of_derived_event)
{
	LOAD_OK("events: Ir Dr\nevent: A = Ir + Dr\nevent: B = 2 * A\n"
	    "fn=main\n1 3 4\n");
	ck_assert_uint_eq(tp->nev, 4);
	ck_assert_uint_eq(self_of("???:main", "B"), 14);
	ck_assert_uint_eq(self_of("???:main", "A"), 7);
}
END_TEST

START_TEST(derived_event_of_later_derived_event)
{
	LOAD_OK("events: Ir Dr\nevent: B = 2 * A\nevent: A = Ir + Dr\n"
	    "fn=main\n1 3 4\n");
	ck_assert_uint_eq(tp->nev, 4);
	ck_assert_uint_eq(self_of("???:main", "B"), 14);
	ck_assert_uint_eq(self_of("???:main", "A"), 7);
}
END_TEST

START_TEST(derived_event_factors_multiply_through_levels)
{
	LOAD_OK("events: Ir Dr\nevent: A = 3 * Ir + Dr\n"
	    "event: B = 2 * A + Ir\nevent: C = 10 B\nfn=main\n1 3 4\n");
	ck_assert_uint_eq(self_of("???:main", "A"), 13);
	ck_assert_uint_eq(self_of("???:main", "B"), 29);
	ck_assert_uint_eq(self_of("???:main", "C"), 290);
}
END_TEST

START_TEST(derived_events_in_a_cycle_are_rejected)
{
	LOAD_FAILS("events: Ir\nevent: A = B\nevent: B = A\nfn=main\n1 3\n",
	    "3: derived events refer to each other in a cycle: 'B'");
}
END_TEST

START_TEST(derived_event_naming_itself_is_rejected)
{
	LOAD_FAILS("events: Ir\nevent: A = Ir + A\nfn=main\n1 3\n",
	    "2: derived events refer to each other in a cycle: 'A'");
}
END_TEST

/* Long-name-only event: lines do not disturb the derived events. */
START_TEST(derived_event_of_unknown_event_after_long_name_is_rejected)
{
	LOAD_FAILS("events: Ir Dr\nevent: Ir : Fetches\n"
	    "event: Sum = Ir + Foo\nfn=main\n1 3 4\n",
	    "3: derived event names an unknown event: 'Foo'");
}
END_TEST

START_TEST(derived_event_of_derived_event_after_long_name)
{
	LOAD_OK("events: Ir Dr\nevent: Ir : Fetches\nevent: A = Ir + Dr\n"
	    "event: B = 2 * A\nfn=main\n1 3 4\n");
	ck_assert_uint_eq(tp->nev, 4);
	ck_assert_str_eq(tp->ev[ev(tp, "Ir")].longname, "Fetches");
	ck_assert_uint_eq(self_of("???:main", "A"), 7);
	ck_assert_uint_eq(self_of("???:main", "B"), 14);
}
END_TEST

/*
 * The order of event: and events: lines is of no importance, and a
 * summary: between them does not fix the events early.
 */
START_TEST(derived_event_after_summary_line)
{
	LOAD_OK("events: Ir Dr\nsummary: 3 4\nevent: Sum = Ir + Dr\n"
	    "fn=main\n1 3 4\n");
	ck_assert_uint_eq(self_of("???:main", "Sum"), 7);
}
END_TEST

/* ---- summary: and totals: ---- */

START_TEST(program_total_without_summary_is_calculated)
{
	LOAD_OK("events: Ir\nfn=main\n1 5\nfn=f\n2 7\n");
	ck_assert_uint_eq(total_of("Ir"), 12);
	ck_assert_int_eq(tp->calculated, 1);
	ck_assert_int_eq(tp->parts[0].calculated, 1);
}
END_TEST

START_TEST(summary_in_header_is_program_total)
{
	LOAD_OK("events: Ir\nsummary: 100\nfn=main\n1 5\n");
	ck_assert_uint_eq(total_of("Ir"), 100);
	ck_assert_int_eq(tp->calculated, 0);
	ck_assert_uint_eq(val(part_cost(0, 1), "Ir"), 5);
}
END_TEST

START_TEST(totals_at_end_is_program_total)
{
	LOAD_OK("events: Ir\nfn=main\n1 5\ntotals: 5\n");
	ck_assert_uint_eq(total_of("Ir"), 5);
	ck_assert_int_eq(tp->calculated, 0);
}
END_TEST

START_TEST(totals_in_header_is_program_total)
{
	LOAD_OK("events: Ir\ntotals: 5\nfn=main\n1 5\n");
	ck_assert_uint_eq(total_of("Ir"), 5);
	ck_assert_uint_eq(tp->nparts, 1);
}
END_TEST

START_TEST(summary_at_end_does_not_start_a_part)
{
	LOAD_OK("events: Ir\nfn=main\n1 5\nsummary: 9\n");
	ck_assert_uint_eq(total_of("Ir"), 9);
	ck_assert_uint_eq(tp->nparts, 1);
}
END_TEST

/* A totals: line that disagrees is a warning; its numbers still count. */
START_TEST(totals_disagreeing_with_cost_lines_only_warns)
{
	LOAD_WARNS("events: Ir\nfn=main\n1 5\ntotals: 6\n", "4: warning: "
	    "totals: line disagrees with the sum of the cost lines (Ir: 6, "
	    "cost lines: 5)");
	ck_assert_uint_eq(total_of("Ir"), 6);
	ck_assert_uint_eq(self_of("???:main", "Ir"), 5);
}
END_TEST

START_TEST(summary_wins_over_totals)
{
	LOAD_OK("events: Ir\nsummary: 100\nfn=main\n1 5\ntotals: 5\n");
	ck_assert_uint_eq(total_of("Ir"), 100);
}
END_TEST

/* Events a summary: line leaves out come from the cost lines. */
START_TEST(summary_with_fewer_numbers_than_events)
{
	LOAD_OK("events: Ir Dr Dw\nsummary: 100 50\nfn=main\n1 5 6 7\n"
	    "2 1 1 1\n");
	ck_assert_uint_eq(total_of("Ir"), 100);
	ck_assert_uint_eq(total_of("Dr"), 50);
	ck_assert_uint_eq(total_of("Dw"), 8);
	ck_assert(def(tp->total, "Dw"));
}
END_TEST

/*
 * A summary: of zeros is a total the profile gives (callgrind_annotate
 * takes it for none); both lines disagree with the cost lines here.
 */
START_TEST(summary_of_zeros_is_a_given_total)
{
	unsigned long	n = cga_diag_count;

	LOAD_WARNS("events: Ir\nsummary: 0\nfn=main\n1 5\ntotals: 8\n",
	    "5: warning: totals: line disagrees with the sum of the cost "
	    "lines (Ir: 8, cost lines: 5)");
	ck_assert_uint_eq(cga_diag_count, n + 2);
	ck_assert_uint_eq(total_of("Ir"), 0);
	ck_assert(def(tp->total, "Ir"));
	ck_assert_int_eq(tp->calculated, 0);
}
END_TEST

START_TEST(totals_of_zero_is_a_given_total)
{
	unsigned long	n = cga_diag_count;

	LOAD_OK("events: Ir\nfn=main\n1 0\ntotals: 0\n");
	ck_assert_uint_eq(cga_diag_count, n);
	ck_assert_int_eq(tp->calculated, 0);
}
END_TEST

/* Every event that disagrees is named, in one warning. */
START_TEST(totals_warning_names_every_event_that_disagrees)
{
	LOAD_WARNS("events: Ir Dr Dw\nfn=main\n1 5 6 7\ntotals: 6 6 8\n",
	    "4: warning: totals: line disagrees with the sum of the cost "
	    "lines (Ir: 6, cost lines: 5; Dw: 8, cost lines: 7)");
	ck_assert_uint_eq(total_of("Dw"), 8);
}
END_TEST

/* A summary: below the cost lines warns as a totals: line does. */
START_TEST(summary_below_cost_lines_warns)
{
	LOAD_WARNS("events: Ir Dr\nsummary: 4 1\nfn=main\n1 5 2\n",
	    "2: warning: summary: line disagrees with the sum of the cost "
	    "lines (Ir: 4, cost lines: 5; Dr: 1, cost lines: 2)");
	ck_assert_uint_eq(total_of("Ir"), 4);
}
END_TEST

/* The format lets a summary: give more than the cost lines. */
START_TEST(summary_above_cost_lines_is_accepted)
{
	unsigned long	n = cga_diag_count;

	LOAD_OK("events: Ir\nsummary: 100\nfn=main\n1 5\n");
	ck_assert_uint_eq(cga_diag_count, n);
	ck_assert_uint_eq(total_of("Ir"), 100);
}
END_TEST

/* ---- truncated profiles ---- */

/* callgrind ends each part with totals:; the last one missing: cut. */
START_TEST(callgrind_without_totals_looks_truncated)
{
	LOAD_WARNS("version: 1\ncreator: callgrind-3.19.0\nevents: Ir Dr\n"
	    "summary: 100 7\nfn=main\n1 40 7\n",
	    "6: warning: profile looks truncated (no totals: line at its "
	    "end): its cost lines give Ir 40 of 100 (40.00%) of what its "
	    "summary: gives; the totals are the sum of its cost lines");
	ck_assert_uint_eq(total_of("Ir"), 40);
	ck_assert_uint_eq(total_of("Dr"), 7);
	ck_assert_int_eq(tp->calculated, 1);
}
END_TEST

START_TEST(complete_callgrind_is_not_truncated)
{
	unsigned long	n = cga_diag_count;

	LOAD_OK("creator: callgrind-3.19.0\nevents: Ir\nsummary: 100\n"
	    "fn=main\n1 40\ntotals: 40\n");
	ck_assert_uint_eq(cga_diag_count, n);
	ck_assert_uint_eq(total_of("Ir"), 100);
	ck_assert_int_eq(tp->calculated, 0);
}
END_TEST

/* valgrind ends every line: a last line without a newline was cut. */
START_TEST(callgrind_last_line_cut_is_left_out)
{
	LOAD_WARNS("creator: callgrind-3.19.0\nevents: Ir\nsummary: 100\n"
	    "fn=main\n1 40\n2 6",
	    "6: warning: profile looks truncated (its last line is cut "
	    "short): its cost lines give Ir 40 of 100 (40.00%) of what its "
	    "summary: gives; the totals are the sum of its cost lines");
	ck_assert_uint_eq(self_of("???:main", "Ir"), 40);
}
END_TEST

/* Cut within a name or after a calls= line: no error, the rest is read. */
START_TEST(callgrind_cut_in_a_name_or_a_call_is_read)
{
	LOAD_WARNS("creator: callgrind-3.19.0\nevents: Ir\nfn=main\n1 4\n"
	    "fn=(12", "5: warning: profile looks truncated (its last line "
	    "is cut short); the totals are the sum of its cost lines");
	ck_assert_uint_eq(total_of("Ir"), 4);
	LOAD_WARNS("creator: callgrind-3.19.0\nevents: Ir\nfn=main\n1 4\n"
	    "cfn=f\ncalls=1 2\n", "6: warning: profile looks truncated (no "
	    "totals: line at its end); the totals are the sum of its cost "
	    "lines");
	ck_assert_ptr_null(find_call(tp, "???:main", "???:f"));
}
END_TEST

/* Cachegrind's layout (desc: lines, cmd:, events:) ends in summary:. */
START_TEST(cachegrind_without_summary_looks_truncated)
{
	unsigned long	n;

	LOAD_WARNS("desc: I1 cache: 32768 B\ncmd: ./a\nevents: Ir\nfl=a.c\n"
	    "fn=main\n1 5\n", "6: warning: profile looks truncated (no "
	    "summary: line at its end); the totals are the sum of its cost "
	    "lines");
	n = cga_diag_count;
	LOAD_OK("cmd: ./a\nevents: Ir\nfl=a.c\nfn=main\n1 5\nsummary: 5\n");
	ck_assert_uint_eq(cga_diag_count, n);
	/* Another layout: no writer known, nothing to compare with. */
	LOAD_OK("cmd: ./a\n\nevents: Ir\nfl=a.c\nfn=main\n1 5");
	ck_assert_uint_eq(cga_diag_count, n);
	ck_assert_uint_eq(total_of("Ir"), 5);
}
END_TEST

/* Only the last part can be cut: the others keep their summary:. */
START_TEST(truncated_last_part_is_calculated)
{
	LOAD_WARNS("creator: callgrind-3.19.0\nevents: Ir\nsummary: 10\n"
	    "fn=main\n1 10\ntotals: 10\nevents: Ir\nsummary: 50\nfn=main\n"
	    "1 20\n", "10: warning: profile looks truncated (no totals: line "
	    "at its end): its cost lines give Ir 20 of 50 (40.00%) of what "
	    "its summary: gives; the totals are the sum of its cost lines");
	ck_assert_uint_eq(total_of("Ir"), 30);
	ck_assert_int_eq(tp->parts[0].calculated, 0);
	ck_assert_int_eq(tp->parts[1].calculated, 1);
}
END_TEST

START_TEST(summary_with_more_numbers_than_events_is_rejected)
{
	LOAD_FAILS("events: Ir\nsummary: 100 50\nfn=main\n1 5\n",
	    "2: more counts than events: 'summary: 100 50'");
}
END_TEST

/* summary: and totals: count wherever they stand, even before events:. */
START_TEST(summary_before_events_is_read)
{
	LOAD_OK("summary: 100\nevents: Ir\nfn=main\n1 5\n");
	ck_assert_uint_eq(total_of("Ir"), 100);
}
END_TEST

/* A summary:'s counts may follow the colon straight away. */
START_TEST(summary_without_blank_is_read)
{
	LOAD_OK("events: Ir\nsummary:100\nfn=main\n1 5\n");
	ck_assert_uint_eq(total_of("Ir"), 100);
}
END_TEST

START_TEST(summary_with_bad_number_is_rejected)
{
	LOAD_FAILS("events: Ir\nsummary: lots\nfn=main\n1 5\n",
	    "2: expected a count: 'summary: lots'");
}
END_TEST

/* ---- fl= fn= ob= fi= fe= and what a function is ---- */

START_TEST(costs_before_any_fl_go_to_file_unknown)
{
	LOAD_OK("events: Ir\nfn=main\n3 5\n");
	ck_assert_uint_eq(self_of("???:main", "Ir"), 5);
	ck_assert_uint_eq(line_of("???", 3, "Ir"), 5);
}
END_TEST

START_TEST(costs_before_any_fn_go_to_function_unknown)
{
	LOAD_OK("events: Ir\nfl=a.c\n1 5\nfn=main\n2 6\n");
	ck_assert_uint_eq(self_of("a.c:???", "Ir"), 5);
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 6);
	ck_assert_int_eq(fn_of("a.c:???")->listed, 1);
}
END_TEST

START_TEST(costs_before_fl_and_fn_go_to_unknown_unknown)
{
	LOAD_OK("events: Ir\n1 5\n");
	ck_assert_uint_eq(self_of("???:???", "Ir"), 5);
}
END_TEST

START_TEST(function_is_identified_by_file_and_name)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=f\n1 5\nfl=b.c\nfn=f\n1 7\n");
	ck_assert_uint_eq(tp->nfns, 2);
	ck_assert_uint_eq(self_of("a.c:f", "Ir"), 5);
	ck_assert_uint_eq(self_of("b.c:f", "Ir"), 7);
	ck_assert_str_eq(fn_of("b.c:f")->key.file, "b.c");
	ck_assert_str_eq(fn_of("b.c:f")->key.name, "f");
}
END_TEST

START_TEST(function_named_again_accumulates)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=f\n1 5\nfn=g\n2 1\nfn=f\n3 7\n");
	ck_assert_uint_eq(self_of("a.c:f", "Ir"), 12);
	ck_assert_uint_eq(self_of("a.c:g", "Ir"), 1);
}
END_TEST

START_TEST(same_line_twice_accumulates)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=f\n4 5\n4 6\n");
	ck_assert_uint_eq(line_of("a.c", 4, "Ir"), 11);
}
END_TEST

/* Before any fn=, the unknown function is the current fl= file's. */
START_TEST(fl_before_any_fn_moves_the_unknown_function)
{
	LOAD_OK("events: Ir\nfl=a.c\n1 5\nfl=b.c\n2 7\n");
	ck_assert_uint_eq(self_of("a.c:???", "Ir"), 5);
	ck_assert_uint_eq(self_of("b.c:???", "Ir"), 7);
}
END_TEST

/*
 * fi=/fe= before any fn= move the unknown function to the new file, as
 * fl= does: the cost of line h.h:2 goes to h.h:???.
 */
START_TEST(fi_before_any_fn_moves_the_unknown_function)
{
	LOAD_OK("events: Ir\nfl=a.c\n1 5\nfi=h.h\n2 7\n");
	ck_assert_uint_eq(self_of("a.c:???", "Ir"), 5);
	ck_assert_ptr_nonnull(find_fn(tp, "h.h:???"));
	ck_assert_uint_eq(self_of("h.h:???", "Ir"), 7);
}
END_TEST

START_TEST(blanks_before_a_name_are_not_part_of_it)
{
	LOAD_OK("events: Ir\nfl= \ta.c\nfn=  main\n1 5\nfn=(2)  f\n2 1\n"
	    "fn= (2)\n3 1\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 5);
	ck_assert_uint_eq(self_of("a.c:f", "Ir"), 2);
}
END_TEST

/* fl= alone keeps the function, as in callgrind_annotate; lines move. */
START_TEST(fl_alone_keeps_the_function)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=f\n1 5\nfl=b.c\n2 7\n");
	ck_assert_uint_eq(self_of("a.c:f", "Ir"), 12);
	ck_assert_ptr_null(find_fn(tp, "b.c:f"));
	ck_assert_uint_eq(line_of("b.c", 2, "Ir"), 7);
}
END_TEST

START_TEST(file_name_keeps_its_colons)
{
	LOAD_OK("events: Ir\nfl=php:internal\nfn=f\n1 5\n");
	ck_assert_uint_eq(self_of("php:internal:f", "Ir"), 5);
	ck_assert_str_eq(fn_of("php:internal:f")->key.file, "php:internal");
	ck_assert_str_eq(fn_of("php:internal:f")->key.name, "f");
}
END_TEST

START_TEST(ob_gives_the_function_its_object)
{
	LOAD_OK("events: Ir\nob=/lib/libc.so.6\nfl=a.c\nfn=f\n1 5\n"
	    "ob=/bin/prog\nfn=g\n1 1\n");
	ck_assert_str_eq(fn_of("a.c:f")->obj, "/lib/libc.so.6");
	ck_assert_str_eq(fn_of("a.c:g")->obj, "/bin/prog");
}
END_TEST

START_TEST(cwd_is_stripped_from_fl_names)
{
	struct cga_load_opts o = { .lines = 1, .cwd = "/some/dir/" };

	ck_assert_int_eq(load_profile_opts("events: Ir\n"
	    "fl=/some/dir/src/a.c\nfn=f\n1 5\n"
	    "fl=/other/dir/b.c\nfn=g\n1 6\n", &o), 0);
	ck_assert_uint_eq(self_of("src/a.c:f", "Ir"), 5);
	ck_assert_uint_eq(self_of("/other/dir/b.c:g", "Ir"), 6);
	ck_assert_ptr_nonnull(find_file(tp, "src/a.c"));
	ck_assert_ptr_null(find_file(tp, "/some/dir/src/a.c"));
}
END_TEST

START_TEST(cwd_is_stripped_from_fi_and_cfi_names)
{
	struct cga_load_opts o = { .lines = 1, .cwd = "/some/dir/" };

	ck_assert_int_eq(load_profile_opts("events: Ir\n"
	    "fl=/some/dir/a.c\nfn=f\n1 5\nfi=/some/dir/h.h\n2 3\n"
	    "cfi=/some/dir/b.c\ncfn=g\ncalls=1 1\n2 9\n", &o), 0);
	ck_assert_uint_eq(self_of("a.c:f", "Ir"), 5);
	ck_assert_uint_eq(self_of("h.h:f", "Ir"), 3);
	ck_assert_uint_eq(call_cost("h.h:f", "b.c:g", "Ir"), 9);
}
END_TEST

START_TEST(cwd_is_stripped_from_compressed_names)
{
	struct cga_load_opts o = { .lines = 1, .cwd = "/some/dir/" };

	ck_assert_int_eq(load_profile_opts("events: Ir\n"
	    "fl=(1) /some/dir/a.c\nfn=f\n1 5\nfl=(2) x.c\nfl=(1)\n"
	    "fn=g\n1 6\n", &o), 0);
	ck_assert_uint_eq(self_of("a.c:g", "Ir"), 6);
}
END_TEST

START_TEST(cwd_is_not_stripped_from_function_names)
{
	struct cga_load_opts o = { .lines = 1, .cwd = "/some/dir/" };

	ck_assert_int_eq(load_profile_opts("events: Ir\nfl=a.c\n"
	    "fn=/some/dir/f\n1 5\n", &o), 0);
	ck_assert_uint_eq(self_of("a.c:/some/dir/f", "Ir"), 5);
}
END_TEST

/* fi=/fe=: the cost goes to "inlined-file:fn", which has no object. */
START_TEST(fi_moves_costs_to_the_inlined_file)
{
	LOAD_OK("events: Ir\nob=prog\nfl=a.c\nfn=f\n1 5\nfi=h.h\n10 3\n"
	    "11 4\nfe=a.c\n2 6\n");
	ck_assert_uint_eq(self_of("a.c:f", "Ir"), 11);
	ck_assert_uint_eq(self_of("h.h:f", "Ir"), 7);
	ck_assert_uint_eq(line_of("h.h", 10, "Ir"), 3);
	ck_assert_uint_eq(line_of("a.c", 2, "Ir"), 6);
	ck_assert_ptr_null(fn_of("h.h:f")->obj);
	ck_assert_str_eq(fn_of("a.c:f")->obj, "prog");
	ck_assert_int_eq(fn_of("h.h:f")->listed, 1);
}
END_TEST

START_TEST(fe_moves_costs_to_the_inlined_file)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=f\n1 5\nfe=h.h\n10 3\n");
	ck_assert_uint_eq(self_of("a.c:f", "Ir"), 5);
	ck_assert_uint_eq(self_of("h.h:f", "Ir"), 3);
}
END_TEST

START_TEST(fi_before_any_fn_changes_only_the_file)
{
	LOAD_OK("events: Ir\nfl=a.c\nfi=h.h\n10 3\n");
	ck_assert_uint_eq(self_of("h.h:???", "Ir"), 3);
	ck_assert_uint_eq(line_of("h.h", 10, "Ir"), 3);
}
END_TEST

/* ---- calls ---- */

/*
 * One round of twelve callers each calling the same twelve callees, the
 * callee named by name (cfn=e3) or, by_id, through an id (cfn=(4)).
 */
static void
calls_round(FILE *f, int by_id)
{
	int	 i, j;

	for (i = 0; i < 12; i++) {
		fprintf(f, "fn=c%d\n1 1\n", i);
		for (j = 0; j < 12; j++)
			fprintf(f, by_id ? "cfn=(%d)\ncalls=1 1\n1 %d\n" :
			    "cfn=e%d\ncalls=1 1\n1 %d\n", by_id ? j + 1 : j,
			    100 * i + j);
	}
}

/* The 144 edges of two rounds, each called twice with both rounds' cost. */
static void
calls_each_twice(void)
{
	char	 caller[32], callee[32];
	int	 i, j;

	ck_assert_uint_eq(tp->ncalls, 144);
	for (i = 0; i < 12; i++)
		for (j = 0; j < 12; j++) {
			snprintf(caller, sizeof(caller), "a.c:c%d", i);
			snprintf(callee, sizeof(callee), "a.c:e%d", j);
			ck_assert_uint_eq(call_count(caller, callee), 2);
			ck_assert_uint_eq(call_cost(caller, callee, "Ir"),
			    2 * (100 * i + j));
		}
}

/*
 * Twelve callers each calling the same twelve callees, twice over: every
 * edge has a long list at both ends, so the second round finds each one
 * in the table of such edges (model/tables.c), not by walking a list.
 */
START_TEST(calls_between_long_lists_are_found_again)
{
	char	*text = NULL;
	size_t	 size = 0;
	FILE	*f = open_memstream(&text, &size);
	int	 j;

	ck_assert_ptr_nonnull(f);
	fputs("events: Ir\nfl=a.c\n", f);
	calls_round(f, 0);
	calls_round(f, 0);
	for (j = 0; j < 12; j++)
		fprintf(f, "fn=e%d\n1 1\n", j);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(load_profile(text), 0);
	free(text);
	calls_each_twice();
}
END_TEST

/*
 * The same edges, the second round's to callees named through ids
 * defined only at the end: each placeholder function merges into the
 * callee of its name then, and its edges, between long lists, into that
 * callee's (rename.c), found in the table and not made twice.
 */
START_TEST(calls_merged_by_late_names_between_long_lists)
{
	char		*text = NULL;
	size_t		 size = 0, k, n;
	FILE		*f = open_memstream(&text, &size);
	struct cga_call	*c;
	int		 j;

	ck_assert_ptr_nonnull(f);
	fputs("events: Ir\nfl=a.c\n", f);
	calls_round(f, 0);
	calls_round(f, 1);
	for (j = 0; j < 12; j++)
		fprintf(f, "fn=(%d) e%d\n1 1\n", j + 1, j);
	ck_assert_int_eq(fclose(f), 0);
	ck_assert_int_eq(load_profile(text), 0);
	free(text);
	calls_each_twice();
	/* Every edge in the list is one of them: none left behind. */
	for (k = n = 0; (c = cga_call_next(tp, &k)) != NULL; n++)
		ck_assert(!c->key.caller->gone && !c->key.callee->gone);
	ck_assert_uint_eq(n, 144);
}
END_TEST

START_TEST(call_cost_line_is_call_cost_not_self_cost)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n1 5\ncfn=f\ncalls=2 10\n"
	    "1 100\n2 1\nfn=f\n10 100\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 6);
	ck_assert_uint_eq(call_count("a.c:main", "a.c:f"), 2);
	ck_assert_uint_eq(call_cost("a.c:main", "a.c:f", "Ir"), 100);
	ck_assert_uint_eq(self_of("a.c:f", "Ir"), 100);
	ck_assert_uint_eq(total_of("Ir"), 106);
	ck_assert_uint_eq(line_of("a.c", 1, "Ir"), 5);
}
END_TEST

START_TEST(called_function_is_not_listed)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n1 5\ncfn=f\ncalls=2 10\n"
	    "1 100\n");
	ck_assert_int_eq(fn_of("a.c:main")->listed, 1);
	ck_assert_int_eq(fn_of("a.c:f")->listed, 0);
	ck_assert(!def(fn_of("a.c:f")->self, "Ir"));
}
END_TEST

START_TEST(cfn_without_cfi_is_in_the_current_file)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\ncfn=f\ncalls=1 10\n1 9\n");
	ck_assert_ptr_nonnull(find_fn(tp, "a.c:f"));
	ck_assert_uint_eq(call_cost("a.c:main", "a.c:f", "Ir"), 9);
}
END_TEST

START_TEST(cfi_gives_the_callee_file)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\ncfi=b.c\ncfn=f\ncalls=1 10\n"
	    "1 9\n");
	ck_assert_uint_eq(call_cost("a.c:main", "b.c:f", "Ir"), 9);
	ck_assert_ptr_null(find_fn(tp, "a.c:f"));
}
END_TEST

START_TEST(cfl_is_cfi)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\ncfl=b.c\ncfn=f\ncalls=1 10\n"
	    "1 9\n");
	ck_assert_uint_eq(call_cost("a.c:main", "b.c:f", "Ir"), 9);
}
END_TEST

START_TEST(cfi_applies_to_the_next_cfn_only)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\ncfi=b.c\ncfn=f\ncalls=1 10\n"
	    "1 9\ncfn=g\ncalls=1 20\n2 4\n");
	ck_assert_uint_eq(call_cost("a.c:main", "b.c:f", "Ir"), 9);
	ck_assert_uint_eq(call_cost("a.c:main", "a.c:g", "Ir"), 4);
}
END_TEST

/* In inlined code, the current file for cfn= is the fi= file. */
START_TEST(cfn_in_inlined_code_is_in_the_inlined_file)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\nfi=h.h\ncfn=f\ncalls=1 10\n"
	    "1 9\n");
	ck_assert_uint_eq(call_cost("h.h:main", "h.h:f", "Ir"), 9);
}
END_TEST

START_TEST(calls_to_the_same_callee_accumulate)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\ncfn=f\ncalls=2 10\n1 9\n"
	    "cfn=g\ncalls=1 20\n2 1\ncfn=f\ncalls=3 10\n3 11\n");
	ck_assert_uint_eq(call_count("a.c:main", "a.c:f"), 5);
	ck_assert_uint_eq(call_cost("a.c:main", "a.c:f", "Ir"), 20);
	ck_assert_uint_eq(call_count("a.c:main", "a.c:g"), 1);
}
END_TEST

/* calls=0 is still a call: its cost line is call cost. */
START_TEST(calls_zero_is_a_call)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n1 5\ncfn=f\ncalls=0 10\n"
	    "1 7\n");
	ck_assert_uint_eq(call_count("a.c:main", "a.c:f"), 0);
	ck_assert_uint_eq(call_cost("a.c:main", "a.c:f", "Ir"), 7);
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 5);
}
END_TEST

START_TEST(blank_and_comment_lines_may_precede_the_call_cost_line)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\ncfn=f\ncalls=1 10\n\n"
	    "# a comment\n   \n1 7\n");
	ck_assert_uint_eq(call_cost("a.c:main", "a.c:f", "Ir"), 7);
	ck_assert(!def(fn_of("a.c:main")->self, "Ir"));
}
END_TEST

START_TEST(calls_followed_by_a_position_line_is_rejected)
{
	LOAD_FAILS("events: Ir\nfl=a.c\nfn=main\ncfn=f\ncalls=1 10\n"
	    "fn=g\n1 7\n",
	    "6: expected the cost line of the calls= line before: 'fn=g'");
}
END_TEST

START_TEST(calls_followed_by_a_header_line_is_rejected)
{
	LOAD_FAILS("events: Ir\nfl=a.c\nfn=main\ncfn=f\ncalls=1 10\n"
	    "totals: 7\n1 7\n",
	    "6: expected the cost line of the calls= line before: 'totals: 7'");
}
END_TEST

START_TEST(calls_at_end_of_file_is_rejected)
{
	LOAD_FAILS("events: Ir\nfl=a.c\nfn=main\n1 5\ncfn=f\ncalls=1 10\n",
	    "6: calls= line is not followed by a cost line");
}
END_TEST

START_TEST(calls_without_cfn_is_rejected)
{
	LOAD_FAILS("events: Ir\nfl=a.c\nfn=main\ncalls=1 10\n1 7\n",
	    "4: calls= line without a cfn= line before it: 'calls=1 10'");
}
END_TEST

START_TEST(calls_with_negative_count_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\ncfn=f\ncalls=-1 10\n1 7\n",
	    "4: negative call count: 'calls=-1 10'");
}
END_TEST

START_TEST(calls_without_count_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\ncfn=f\ncalls=x 10\n1 7\n",
	    "4: expected 'calls=COUNT TARGET': 'calls=x 10'");
}
END_TEST

/*
 * A calls= target out of range (pprof writes targets relative to the
 * function before the current one): a warning; the call counts in full.
 */
START_TEST(calls_target_below_zero_is_a_warning)
{
	LOAD_WARNS("events: Ir\nfl=a.c\nfn=main\n5 1\ncfn=f\ncalls=1 -6\n"
	    "5 7\n", "6: warning: calls= target position goes below 0 or past "
	    "2^64-1 (pprof writes it relative to the function before); the "
	    "call is kept, its target left out: 'calls=1 -6'");
	ck_assert_uint_eq(call_count("a.c:main", "a.c:f"), 1);
	ck_assert_uint_eq(call_cost("a.c:main", "a.c:f", "Ir"), 7);
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 1);
}
END_TEST

START_TEST(calls_target_past_max_is_a_warning)
{
	LOAD_WARNS("events: Ir\npositions: instr line\nfl=a.c\nfn=main\n"
	    "0xffffffffffffffff 3 1\ncfn=f\ncalls=2 +1 -1\n* * 7\n",
	    "7: warning: calls= target position goes below 0 or past 2^64-1 "
	    "(pprof writes it relative to the function before); the call is "
	    "kept, its target left out: 'calls=2 +1 -1'");
	ck_assert_uint_eq(call_count("a.c:main", "a.c:f"), 2);
	ck_assert_uint_eq(call_cost("a.c:main", "a.c:f", "Ir"), 7);
}
END_TEST

/* Past an out-of-range target, the rest of the line is still checked. */
START_TEST(calls_target_below_zero_then_junk_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n5 1\ncfn=f\ncalls=1 -6x\n5 7\n",
	    "5: expected a position: 'calls=1 -6x'");
	LOAD_FAILS("events: Ir\nfn=main\n5 1\ncfn=f\ncalls=1 -6 y\n5 7\n",
	    "5: expected a position: 'calls=1 -6 y'");
}
END_TEST

/* A jump's target is shown: out of range, it is still an error. */
START_TEST(jump_target_below_zero_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n5 1\njump=1 -6\n5 7\n",
	    "4: relative position goes below 0: 'jump=1 -6'");
}
END_TEST

START_TEST(call_count_sum_overflowing_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\ncfn=f\n"
	    "calls=18446744073709551615 10\n1 7\ncalls=1 10\n1 7\n",
	    "7: call count sum overflows 64 bits: '1 7'");
}
END_TEST

START_TEST(cob_is_accepted)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\ncob=(1) /lib/libc.so\n"
	    "cfn=f\ncalls=1 10\n1 7\ncob=(1)\ncfn=f\ncalls=1 10\n1 1\n");
	ck_assert_uint_eq(call_cost("a.c:main", "a.c:f", "Ir"), 8);
}
END_TEST

START_TEST(call_sites_record_the_calling_line)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\ncfn=f\ncalls=2 10\n4 9\n"
	    "calls=1 10\n4 1\nfn=g\ncfn=f\ncalls=1 10\n4 5\n");
	struct cga_file	*f = find_file(tp, "a.c");
	struct cga_site	*s;
	size_t		 i, nmain = 0, ng = 0;

	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(tp->nsites, 2);
	for (i = 0; i < tp->nsites; i++) {
		s = cga_site_at(tp, i);
		ck_assert_ptr_eq(s->key.file, f);
		ck_assert_uint_eq(s->key.line, 4);
		if (s->key.caller == fn_of("a.c:main")) {
			/* two calls= lines, one site */
			nmain++;
			ck_assert_uint_eq(s->count, 3);
			ck_assert_uint_eq(val(s->cost, "Ir"), 10);
			ck_assert_uint_eq(s->seq, 0);
		} else {
			ng++;
			ck_assert_uint_eq(s->count, 1);
			ck_assert_uint_eq(val(s->cost, "Ir"), 5);
		}
	}
	ck_assert_uint_eq(nmain, 1);
	ck_assert_uint_eq(ng, 1);
}
END_TEST

/* The log of sites is merged as it fills: memory follows the distinct sites. */
START_TEST(repeated_call_sites_take_no_more_room)
{
	char	*prof, *at;
	int	 i;

	at = prof = malloc(200000);
	ck_assert_ptr_nonnull(prof);
	at += sprintf(at, "events: Ir\nfl=a.c\nfn=main\ncfn=f\n");
	for (i = 0; i < 10000; i++)
		at += sprintf(at, "calls=1 10\n%d 1\n", 4 + i % 3);
	LOAD_OK(prof);
	free(prof);
	ck_assert_uint_eq(tp->nsites, 3);
	ck_assert_uint_le(tp->sitecap, 2048);
	ck_assert_uint_eq(call_count("a.c:main", "a.c:f"), 10000);
}
END_TEST

static int
only_a_c(void *ctx, const char *file)
{
	(void)ctx;
	return strcmp(file, "a.c") == 0;
}

/* Files whose source cannot be found keep no line costs and no sites. */
START_TEST(unwanted_files_keep_no_lines)
{
	struct cga_load_opts o = { .lines = 1, .want_lines = only_a_c };

	ck_assert_int_eq(load_profile_opts("events: Ir\nfl=a.c\nfn=main\n"
	    "1 5\ncfn=f\ncalls=1 10\n1 9\nfl=b.c\nfn=g\n2 7\ncfn=f\n"
	    "calls=1 10\n2 3\n", &o), 0);
	ck_assert_uint_eq(line_of("a.c", 1, "Ir"), 5);
	ck_assert_ptr_null(find_line(tp, "b.c", 2));
	ck_assert_uint_eq(self_of("b.c:g", "Ir"), 7);
	ck_assert_uint_eq(tp->nsites, 1);
}
END_TEST

START_TEST(without_lines_no_line_costs_are_kept)
{
	struct cga_load_opts o = { .lines = 0 };

	ck_assert_int_eq(load_profile_opts("events: Ir\nfl=a.c\nfn=main\n"
	    "1 5\ncfn=f\ncalls=1 10\n1 9\n", &o), 0);
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 5);
	ck_assert_uint_eq(call_cost("a.c:main", "a.c:f", "Ir"), 9);
	ck_assert_ptr_null(find_line(tp, "a.c", 1));
	ck_assert_uint_eq(tp->nsites, 0);
}
END_TEST

/* ---- jumps ---- */

START_TEST(jump_lines_do_not_change_costs)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n5 10\njump=3 +4\n9 2\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 12);
	ck_assert_uint_eq(line_of("a.c", 9, "Ir"), 2);
}
END_TEST

START_TEST(jcnd_with_slash_is_accepted)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n5 10\njcnd=3/5 +2\n6 1\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 11);
}
END_TEST

START_TEST(jcnd_with_space_is_accepted)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n5 10\njcnd=3 5 +2\n6 1\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 11);
}
END_TEST

START_TEST(jcnd_malformed_is_rejected)
{
	LOAD_FAILS("events: Ir\nfl=a.c\nfn=main\n5 10\njcnd=3-5 +2\n6 1\n",
	    "5: expected 'jcnd=COUNT/COUNT TARGET': 'jcnd=3-5 +2'");
}
END_TEST

START_TEST(jcnd_without_second_count_is_rejected)
{
	LOAD_FAILS("events: Ir\nfl=a.c\nfn=main\n5 10\njcnd=3/ +2\n6 1\n",
	    "5: expected 'jcnd=COUNT/COUNT TARGET': 'jcnd=3/ +2'");
}
END_TEST

START_TEST(jump_without_count_is_rejected)
{
	LOAD_FAILS("events: Ir\nfl=a.c\nfn=main\n5 10\njump=x +2\n6 1\n",
	    "5: expected 'jump=COUNT TARGET': 'jump=x +2'");
}
END_TEST

START_TEST(jfi_and_jfn_are_accepted)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n5 10\njfi=(2) b.c\n"
	    "jfn=(7) g\njump=1 3\n6 1\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 11);
	ck_assert_ptr_null(find_fn(tp, "b.c:g"));
}
END_TEST

/* The bare subposition lines after jumps carry no cost. */
START_TEST(bare_subposition_lines_have_no_cost)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n5 10\njump=1 +3\n*\n"
	    "jcnd=1/2 -1\n+1\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 10);
	ck_assert_uint_eq(line_of("a.c", 5, "Ir"), 10);
	ck_assert_uint_eq(total_of("Ir"), 10);
	ck_assert_ptr_nonnull(find_line(tp, "a.c", 6));
	ck_assert(!def(find_line(tp, "a.c", 6), "Ir"));
}
END_TEST

/* ---- name compression ---- */

START_TEST(compressed_name_is_defined_then_used)
{
	LOAD_OK("events: Ir\nfl=(1) a.c\nfn=(1) main\n1 5\nfn=(2) f\n2 1\n"
	    "fn=(1)\n3 7\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 12);
	ck_assert_uint_eq(self_of("a.c:f", "Ir"), 1);
}
END_TEST

START_TEST(compressed_name_without_space_after_id)
{
	LOAD_OK("events: Ir\nfl=(1)a.c\nfn=(1)main\n1 5\nfn=(1)\n3 7\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 12);
}
END_TEST

/* fl= fi= fe= cfi= cfl= jfi= share one table of ids. */
START_TEST(file_ids_are_shared_by_fl_fi_fe_cfi_cfl_jfi)
{
	LOAD_OK("events: Ir\nfl=(1) a.c\njfi=(2) b.c\nfi=(3) h.h\n"
	    "cfl=(4) d.c\nfe=(1)\n"
	    "fn=main\n1 5\ncfi=(2)\ncfn=f\ncalls=1 1\n1 3\n"
	    "cfl=(3)\ncfn=g\ncalls=1 1\n1 2\n"
	    "cfi=(4)\ncfn=k\ncalls=1 1\n1 1\n"
	    "fi=(3)\n2 4\nfe=(2)\n3 6\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 5);
	ck_assert_uint_eq(call_cost("a.c:main", "b.c:f", "Ir"), 3);
	ck_assert_uint_eq(call_cost("a.c:main", "h.h:g", "Ir"), 2);
	ck_assert_uint_eq(call_cost("a.c:main", "d.c:k", "Ir"), 1);
	ck_assert_uint_eq(self_of("h.h:main", "Ir"), 4);
	ck_assert_uint_eq(self_of("b.c:main", "Ir"), 6);
}
END_TEST

/* fn= cfn= jfn= share one table of ids. */
START_TEST(function_ids_are_shared_by_fn_cfn_jfn)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=(1) main\njfn=(3) h\n"
	    "cfn=(2) f\ncalls=1 1\n1 3\nfn=(2)\n2 3\nfn=(3)\n4 1\n"
	    "fn=(1)\ncfn=(3)\ncalls=1 1\n1 1\n");
	ck_assert_uint_eq(self_of("a.c:f", "Ir"), 3);
	ck_assert_uint_eq(self_of("a.c:h", "Ir"), 1);
	ck_assert_uint_eq(call_cost("a.c:main", "a.c:f", "Ir"), 3);
	ck_assert_uint_eq(call_cost("a.c:main", "a.c:h", "Ir"), 1);
}
END_TEST

/* Files, functions and objects each have their own id 1. */
START_TEST(files_functions_and_objects_have_separate_ids)
{
	LOAD_OK("events: Ir\nob=(1) prog\nfl=(1) a.c\nfn=(1) main\n1 5\n"
	    "ob=(2) lib\nfn=(2) f\n2 1\nob=(1)\nfl=(1)\nfn=(1)\n3 1\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 6);
	ck_assert_str_eq(fn_of("a.c:main")->obj, "prog");
	ck_assert_str_eq(fn_of("a.c:f")->obj, "lib");
	ck_assert_ptr_null(find_fn(tp, "a.c:a.c"));
	ck_assert_ptr_null(find_fn(tp, "prog:main"));
}
END_TEST

/*
 * An id never defined lacks only its name: it is shown as "(id)", with a
 * warning at the first line that used it, and the rest is read.
 */
START_TEST(id_never_defined_is_named_by_its_id)
{
	LOAD_WARNS("events: Ir\nfl=(1)\nfn=main\n1 5\nfl=(1)\n",
	    "2: warning: name id used but never defined; shown as (1): "
	    "'fl=(1)'");
	ck_assert_uint_eq(self_of("(1):main", "Ir"), 5);
	LOAD_WARNS("events: Ir\nfl=(1) a.c\nfn=(1)\n1 5\n",
	    "3: warning: name id used but never defined; shown as (1): "
	    "'fn=(1)'");
	ck_assert_uint_eq(self_of("a.c:(1)", "Ir"), 5);
	LOAD_WARNS("events: Ir\nfl=a.c\nob=(1)\nfn=main\n1 5\n",
	    "3: warning: name id used but never defined; shown as (1): "
	    "'ob=(1)'");
	ck_assert_str_eq(fn_of("a.c:main")->obj, "(1)");
	/* Each id once, at its first use, in the order of those lines. */
	LOAD_WARNS("events: Ir\nfl=a.c\nfn=main\ncfn=(9)\ncalls=1 1\n1 5\n"
	    "cob=(3)\ncfn=(9)\ncalls=1 1\n1 5\nfi=(12)\n2 1\n",
	    "11: warning: name id used but never defined; shown as (12): "
	    "'fi=(12)'");
	ck_assert_uint_eq(call_count("a.c:main", "a.c:(9)"), 2);
	ck_assert_uint_eq(call_cost("a.c:main", "a.c:(9)", "Ir"), 10);
	ck_assert_uint_eq(self_of("(12):main", "Ir"), 1);
}
END_TEST

/*
 * Each appended Xdebug run has ids of its own: one defined in a later run
 * is still nameless in its own.
 */
START_TEST(id_defined_in_a_later_run_is_nameless_in_its_own)
{
	unsigned long	 n = cga_diag_count;

	LOAD_WARNS("events: Ir\nfl=a.c\nfn=(1)\n1 5\n"
	    "==== NEW PROFILING FILE ====\nevents: Ir\nfl=a.c\n"
	    "fn=(1) main\n1 1\n",
	    "3: warning: name id used but never defined; shown as (1): "
	    "'fn=(1)'");
	ck_assert_uint_eq(cga_diag_count, n + 1);
	ck_assert_uint_eq(self_of("a.c:(1)", "Ir"), 5);
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 1);
}
END_TEST

/* Ids used before their definition (callgrind writes such files). */
START_TEST(file_id_used_before_definition_takes_its_name)
{
	LOAD_OK("events: Ir\nfl=(1)\nfn=main\n3 5\nfl=(1) a.c\nfn=main\n"
	    "4 1\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 6);
	ck_assert_uint_eq(line_of("a.c", 3, "Ir"), 5);
	ck_assert_uint_eq(tp->nfns, 1);
	ck_assert_uint_eq(fn_of("a.c:main")->id, 0);
}
END_TEST

START_TEST(function_id_used_before_definition_takes_its_name)
{
	LOAD_OK("events: Ir\nfl=(1) a.c\nfn=(1)\n1 5\nfn=(2) f\n2 1\n"
	    "fn=(1) main\n3 2\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 7);
	ck_assert_uint_eq(self_of("a.c:f", "Ir"), 1);
	ck_assert_uint_eq(tp->nfns, 2);
}
END_TEST

/* callgrind's case: cob=(8) long before ob=(8) name. */
START_TEST(object_id_used_before_definition_takes_its_name)
{
	LOAD_OK("events: Ir\nob=(1) prog\nfl=a.c\nfn=main\n1 1\ncob=(8)\n"
	    "cfn=f\ncalls=1 1\n1 5\nob=(8)\nfn=g\n2 1\nob=(8) lib\nfn=f\n"
	    "2 5\n");
	ck_assert_str_eq(fn_of("a.c:g")->obj, "lib");
	ck_assert_str_eq(fn_of("a.c:f")->obj, "lib");
	ck_assert_str_eq(fn_of("a.c:main")->obj, "prog");
	ck_assert_uint_eq(call_cost("a.c:main", "a.c:f", "Ir"), 5);
}
END_TEST

START_TEST(cfn_id_used_before_definition_takes_its_name)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n1 1\ncfi=(4)\ncfn=(9)\n"
	    "calls=2 1\n1 5\nfl=(4) b.c\nfn=(9) leaf\n2 5\n");
	ck_assert_uint_eq(call_count("a.c:main", "b.c:leaf"), 2);
	ck_assert_uint_eq(call_cost("a.c:main", "b.c:leaf", "Ir"), 5);
	ck_assert_uint_eq(self_of("b.c:leaf", "Ir"), 5);
	ck_assert_uint_eq(tp->nfns, 2);
}
END_TEST

/*
 * The name an id gets may be one that was used already, plain: what was
 * made under the id merges into it (costs, calls, lines).
 */
START_TEST(forward_id_merges_with_its_name_used_before)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n1 1\ncfn=(2)\ncalls=1 2\n1 5\n"
	    "fn=leaf\n2 5\ncfn=(2)\ncalls=1 2\n2 1\nfn=(2)\n3 4\n"
	    "fn=(2) leaf\n3 1\n");
	ck_assert_uint_eq(self_of("a.c:leaf", "Ir"), 10);
	ck_assert_uint_eq(call_count("a.c:main", "a.c:leaf"), 1);
	ck_assert_uint_eq(call_count("a.c:leaf", "a.c:leaf"), 1);
	ck_assert_uint_eq(call_cost("a.c:leaf", "a.c:leaf", "Ir"), 1);
	ck_assert_uint_eq(line_of("a.c", 3, "Ir"), 5);
	ck_assert_uint_eq(tp->nfns, 2);
	ck_assert_uint_eq(fn_of("a.c:leaf")->id, 1);
}
END_TEST

START_TEST(forward_file_id_merges_with_its_file)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n3 1\nfl=(1)\nfn=main\n3 2\n"
	    "cfn=f\ncalls=1 9\n4 7\nfl=(1) a.c\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 3);
	ck_assert_uint_eq(line_of("a.c", 3, "Ir"), 3);
	ck_assert_uint_eq(call_cost("a.c:main", "a.c:f", "Ir"), 7);
	ck_assert_uint_eq(tp->nfns, 2);
	ck_assert_uint_eq(tp->nsites, 1);
	ck_assert_ptr_eq(cga_site_at(tp, 0)->key.file, find_file(tp, "a.c"));
}
END_TEST

/* An id defined again: a warning; the new name holds from there on. */
START_TEST(id_redefined_with_another_name_warns)
{
	LOAD_WARNS("events: Ir\nfl=(1) a.c\nfn=(1) main\n1 5\n"
	    "fn=(1) other\n2 1\nfn=(1)\n3 2\n",
	    "5: warning: name id defined again with another name (it was "
	    "'main'); the new name holds from here on: 'fn=(1) other'");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 5);
	ck_assert_uint_eq(self_of("a.c:other", "Ir"), 3);
}
END_TEST

START_TEST(id_redefined_with_the_same_name_is_accepted)
{
	LOAD_OK("events: Ir\nfl=(1) a.c\nfn=(1) main\n1 5\nfl=(1) a.c\n"
	    "fn=(1) main\n2 1\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 6);
}
END_TEST

START_TEST(large_ids_are_accepted)
{
	LOAD_OK("events: Ir\nfl=(5000000) a.c\nfn=(18446744073709551615) "
	    "main\n1 5\nfn=(1048576) f\n2 1\nfl=(5000000)\n"
	    "fn=(18446744073709551615)\n3 1\nfn=(1048576)\n4 1\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 6);
	ck_assert_uint_eq(self_of("a.c:f", "Ir"), 2);
}
END_TEST

START_TEST(malformed_id_is_rejected)
{
	LOAD_FAILS("events: Ir\nfl=(1x) a.c\nfn=main\n1 5\n",
	    "2: expected '(number)' before the name: 'fl=(1x) a.c'");
}
END_TEST

START_TEST(paren_without_digit_is_a_plain_name)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=(anonymous namespace)::f\n1 5\n");
	ck_assert_uint_eq(self_of("a.c:(anonymous namespace)::f", "Ir"), 5);
}
END_TEST

/* Each profile file has its own ids. */
START_TEST(ids_are_per_file)
{
	LOAD_OK("events: Ir\nfl=(1) a.c\nfn=(1) main\n1 5\n");
	ck_assert_int_eq(load_more("events: Ir\nfl=(1) b.c\nfn=(1) g\n"
	    "1 6\n"), 0);
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 5);
	ck_assert_uint_eq(self_of("b.c:g", "Ir"), 6);
}
END_TEST

/* ---- subpositions ---- */

START_TEST(relative_subpositions_follow_previous_line)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n10 1\n+2 2\n-5 4\n* 8\n");
	ck_assert_uint_eq(line_of("a.c", 10, "Ir"), 1);
	ck_assert_uint_eq(line_of("a.c", 12, "Ir"), 2);
	ck_assert_uint_eq(line_of("a.c", 7, "Ir"), 12);
}
END_TEST

/* A call's cost line is a cost line: the next one is relative to it. */
START_TEST(relative_subposition_follows_call_cost_line)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n10 1\ncfn=f\ncalls=1 50\n"
	    "+10 9\n+1 2\n");
	ck_assert_uint_eq(line_of("a.c", 21, "Ir"), 2);
	ck_assert_ptr_null(find_line(tp, "a.c", 11));
}
END_TEST

START_TEST(subpositions_may_be_hex_or_decimal)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n0x1A 1\n26 2\n0X1b 4\n"
	    "+0x2 8\n");
	ck_assert_uint_eq(line_of("a.c", 26, "Ir"), 3);
	ck_assert_uint_eq(line_of("a.c", 27, "Ir"), 4);
	ck_assert_uint_eq(line_of("a.c", 29, "Ir"), 8);
}
END_TEST

START_TEST(instr_and_line_subpositions_are_relative_alike)
{
	LOAD_OK("positions: instr line\nevents: Ir\nfl=a.c\nfn=main\n"
	    "0x10 5 1\n+3 * 2\n+1 -2 4\n-0x4 +10 8\n");
	ck_assert_uint_eq(line_of("a.c", 5, "Ir"), 3);
	ck_assert_uint_eq(line_of("a.c", 3, "Ir"), 4);
	ck_assert_uint_eq(line_of("a.c", 13, "Ir"), 8);
}
END_TEST

START_TEST(instr_subposition_below_zero_is_rejected)
{
	LOAD_FAILS("positions: instr line\nevents: Ir\nfn=main\n"
	    "0x10 5 1\n-0x11 * 2\n",
	    "5: relative position goes below 0: '-0x11 * 2'");
}
END_TEST

START_TEST(relative_line_below_zero_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n3 1\n-4 1\n",
	    "4: relative position goes below 0: '-4 1'");
}
END_TEST

START_TEST(relative_line_down_to_zero_is_accepted)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n3 1\n-3 2\n");
	ck_assert_uint_eq(line_of("a.c", 0, "Ir"), 2);
}
END_TEST

START_TEST(relative_position_past_2_64_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n18446744073709551615 1\n+1 1\n",
	    "4: relative position goes past 2^64-1: '+1 1'");
}
END_TEST

START_TEST(plus_without_digits_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n3 1\n+ 1\n",
	    "4: expected digits after the sign of a relative position: '+ 1'");
}
END_TEST

START_TEST(minus_without_digits_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n3 1\n- 1\n",
	    "4: expected digits after the sign of a relative position: '- 1'");
}
END_TEST

START_TEST(star_followed_by_text_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n3 1\n*2 1\n",
	    "4: expected a position: '*2 1'");
}
END_TEST

START_TEST(position_too_big_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n18446744073709551616 1\n",
	    "3: position does not fit in 64 bits: '18446744073709551616 1'");
}
END_TEST

START_TEST(first_relative_subposition_is_relative_to_zero)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n+4 1\n");
	ck_assert_uint_eq(line_of("a.c", 4, "Ir"), 1);
}
END_TEST

/* ---- numbers ---- */

START_TEST(count_of_uint64_max_is_accepted)
{
	LOAD_OK("events: Ir\nfn=main\n1 18446744073709551615\n");
	ck_assert_uint_eq(self_of("???:main", "Ir"), UINT64_MAX);
	ck_assert_uint_eq(total_of("Ir"), UINT64_MAX);
}
END_TEST

START_TEST(count_of_2_64_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n1 18446744073709551616\n",
	    "3: number does not fit in 64 bits: '1 18446744073709551616'");
}
END_TEST

START_TEST(hex_count_of_2_64_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n1 0x10000000000000000\n",
	    "3: number does not fit in 64 bits: '1 0x10000000000000000'");
}
END_TEST

START_TEST(hex_counts_are_accepted)
{
	LOAD_OK("events: Ir Dr\nfn=main\n1 0x10 0XfF\n");
	ck_assert_uint_eq(self_of("???:main", "Ir"), 16);
	ck_assert_uint_eq(self_of("???:main", "Dr"), 255);
}
END_TEST

START_TEST(cost_sum_overflowing_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n1 18446744073709551615\n2 1\n",
	    "4: cost sum overflows 64 bits: '2 1'");
}
END_TEST

START_TEST(call_cost_sum_overflowing_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\ncfn=f\ncalls=1 1\n"
	    "1 18446744073709551615\ncalls=1 1\n1 1\n",
	    "7: cost sum overflows 64 bits: '1 1'");
}
END_TEST

/* Each part's total fits, their sum does not. */
START_TEST(program_total_overflowing_is_rejected)
{
	LOAD_FAILS("events: Ir\nsummary: 18446744073709551615\nfn=main\n1 1\n"
	    "events: Ir\nsummary: 1\nfn=main\n1 1\n",
	    " program totals overflow 64 bits");
}
END_TEST

/* A count with a '-' (cg_diff's): the profile is a difference, signed. */
START_TEST(negative_count_makes_a_signed_profile)
{
	LOAD_OK("events: Ir Dr\nfn=main\n1 5 -2\nfn=f\n2 -7 1\n");
	ck_assert_int_eq(tp->diff, 1);
	ck_assert_int_eq((int64_t)self_of("???:main", "Dr"), -2);
	ck_assert_int_eq((int64_t)total_of("Ir"), -2);
	ck_assert_int_eq((int64_t)total_of("Dr"), -1);
	ck_assert_ptr_null(tp->base_path);
	/* Shares are of the size of the total. */
	ck_assert_uint_eq(tp->base[ev(tp, "Ir")], 2);
}
END_TEST

/* Lines the block loop read before the first negative count still count. */
START_TEST(negative_count_after_block_lines)
{
	LOAD_OK("events: Ir\nfn=main\n1 5\n2 6\n3 -4\n4 1\nsummary: 8\n");
	ck_assert_uint_eq(self_of("???:main", "Ir"), 8);
	ck_assert_uint_eq(line_of("???", 3, "Ir"), (uint64_t)-4);
	ck_assert_uint_eq(total_of("Ir"), 8);
}
END_TEST

START_TEST(negative_summary_is_read)
{
	unsigned long	n = cga_diag_count;

	LOAD_OK("events: Ir\nsummary: -3\nfn=main\n1 -3\n");
	ck_assert_uint_eq(cga_diag_count, n);
	ck_assert_int_eq((int64_t)total_of("Ir"), -3);
	ck_assert_int_eq(tp->calculated, 0);
}
END_TEST

/* Overflow is checked signed. */
START_TEST(signed_sum_overflowing_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n1 9223372036854775807\n2 -1\n3 2\n",
	    "5: cost sum overflows 64 bits: '3 2'");
	LOAD_FAILS("events: Ir\nfn=main\n1 -9223372036854775808\n2 -1\n",
	    "4: cost sum overflows 64 bits: '2 -1'");
}
END_TEST

START_TEST(signed_count_too_big_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n1 -1\n2 9223372036854775808\n",
	    "4: count does not fit in 64 bits signed (the profile has negative "
	    "counts): '2 9223372036854775808'");
	LOAD_FAILS("events: Ir\nfn=main\n1 -9223372036854775809\n",
	    "3: count does not fit in 64 bits signed (the profile has negative "
	    "counts): '1 -9223372036854775809'");
}
END_TEST

/* Sums past 2^63-1 before the first negative count cannot turn signed. */
START_TEST(negative_count_after_big_sums_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n1 9223372036854775808\n2 -1\n",
	    "4: negative count, but the sums so far do not fit in 64 bits "
	    "signed: '2 -1'");
}
END_TEST

START_TEST(count_that_is_no_number_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n1 five\n",
	    "3: expected a count: '1 five'");
}
END_TEST

START_TEST(count_with_trailing_letters_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n1 5x\n",
	    "3: expected a count: '1 5x'");
}
END_TEST

START_TEST(more_counts_than_events_is_rejected)
{
	LOAD_FAILS("events: Ir Dr\nfn=main\n1 5 6 7\n",
	    "3: more counts than events: '1 5 6 7'");
}
END_TEST

/* Counts left out are zero, and an event never given shows as ".". */
START_TEST(fewer_counts_than_events_leave_events_undefined)
{
	LOAD_OK("events: Ir Dr\nfn=main\n1 5\nfn=f\n1 5 0\n");
	ck_assert(def(fn_of("???:main")->self, "Ir"));
	ck_assert(!def(fn_of("???:main")->self, "Dr"));
	ck_assert(def(fn_of("???:f")->self, "Dr"));
	ck_assert_uint_eq(self_of("???:f", "Dr"), 0);
	ck_assert_uint_eq(total_of("Dr"), 0);
}
END_TEST

START_TEST(cost_line_without_counts_adds_nothing)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n1 5\n2\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 5);
}
END_TEST

START_TEST(tabs_separate_counts)
{
	LOAD_OK("events: Ir Dr\nfl=a.c\nfn=main\n1\t5 \t6  \n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 5);
	ck_assert_uint_eq(self_of("a.c:main", "Dr"), 6);
}
END_TEST

/* Leading zeros do not count against the 20 digits of 2^64-1. */
START_TEST(long_numbers_of_leading_zeros_fit)
{
	LOAD_OK("events: Ir Dr\nfl=a.c\nfn=main\n0000000000000000000000007 1 "
	    "00000000000000000000018446744073709551615\n"
	    "+0x00000000000000000001 0x0000000000000000000000ff\n");
	ck_assert_uint_eq(line_of("a.c", 7, "Dr"), UINT64_MAX);
	ck_assert_uint_eq(line_of("a.c", 8, "Ir"), 255);
}
END_TEST

START_TEST(long_number_past_2_64_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n1 000018446744073709551616\n",
	    "3: number does not fit in 64 bits: '1 000018446744073709551616'");
}
END_TEST

/* Lines of more counts than the block loop takes: read one at a time. */
START_TEST(counts_of_many_events_add_up)
{
	char	 text[2048], *at = text;
	int	 i;

	at += sprintf(at, "events:");
	for (i = 0; i < 70; i++)
		at += sprintf(at, " E%d", i);
	at += sprintf(at, "\nfl=a.c\nfn=main\n1");
	for (i = 0; i < 70; i++)
		at += sprintf(at, " %d", i + 1);
	at += sprintf(at, "\n+1 5\n");
	LOAD_OK(text);
	ck_assert_uint_eq(self_of("a.c:main", "E0"), 6);
	ck_assert_uint_eq(self_of("a.c:main", "E69"), 70);
	ck_assert_uint_eq(line_of("a.c", 2, "E0"), 5);
	ck_assert(!def(find_line(tp, "a.c", 2), "E1"));
}
END_TEST

/*
 * The lines the block loop reads are counted: a line it hands on is
 * named by its own number.
 */
START_TEST(line_after_block_read_lines_is_named_by_its_number)
{
	LOAD_FAILS("events: Ir\nfl=a.c\nfn=main\n1 1\n+1 1\njump=1 +2\n"
	    "jcnd=1/2 -1\n+1 1\n* 1\n1 x\n",
	    "10: expected a count: '1 x'");
}
END_TEST

/* Tabs and runs of blanks take a line out of the block loop, alike. */
START_TEST(blanks_of_any_kind_read_alike)
{
	LOAD_OK("positions: instr line\nevents: Ir Dr\nfl=a.c\nfn=main\n"
	    "0x10 3 1 2\n+4\t+1 1  2 \njump=1\t+4 +1\njcnd=1\t2  *\t*\n"
	    "+4 +1 1 2\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 3);
	ck_assert_uint_eq(self_of("a.c:main", "Dr"), 6);
	ck_assert_uint_eq(line_of("a.c", 4, "Dr"), 2);
	ck_assert_uint_eq(line_of("a.c", 5, "Ir"), 1);
}
END_TEST

/* ---- lines ---- */

START_TEST(comment_lines_are_ignored)
{
	LOAD_OK("# callgrind format\nevents: Ir\n# fn=nothing\nfn=main\n"
	    "# 1 100\n1 5\n");
	ck_assert_uint_eq(self_of("???:main", "Ir"), 5);
	ck_assert_uint_eq(tp->nfns, 1);
}
END_TEST

START_TEST(blank_lines_are_ignored)
{
	LOAD_OK("\nevents: Ir\n\n  \t\nfn=main\n\n1 5\n\n");
	ck_assert_uint_eq(self_of("???:main", "Ir"), 5);
}
END_TEST

START_TEST(crlf_line_ends_leave_no_cr_in_names)
{
	LOAD_OK("cmd: prog\r\nevents: Ir\r\nfl=a.c\r\nfn=main\r\n1 5\r\n"
	    "cfn=f\r\ncalls=1 1\r\n1 3\r\n");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 5);
	ck_assert_uint_eq(call_cost("a.c:main", "a.c:f", "Ir"), 3);
	ck_assert_str_eq(tp->cmd, "prog");
	ck_assert_str_eq(tp->ev[0].name, "Ir");
}
END_TEST

START_TEST(last_line_without_newline_is_read)
{
	LOAD_OK("events: Ir\nfn=main\n1 5");
	ck_assert_uint_eq(self_of("???:main", "Ir"), 5);
}
END_TEST

START_TEST(last_line_with_cr_and_without_newline_is_read)
{
	LOAD_OK("events: Ir\r\nfn=main\r\n1 5\r");
	ck_assert_uint_eq(self_of("???:main", "Ir"), 5);
}
END_TEST

START_TEST(unknown_position_line_only_warns)
{
	LOAD_WARNS("events: Ir\nfn=main\nxx=whatever\n1 5\n",
	    "3: warning: unknown line kind, skipped: 'xx=whatever'");
	ck_assert_uint_eq(self_of("???:main", "Ir"), 5);
}
END_TEST

START_TEST(unknown_header_line_only_warns)
{
	LOAD_WARNS("events: Ir\nfrobnicate: yes\nfn=main\n1 5\n",
	    "2: warning: unknown header line, skipped: 'frobnicate: yes'");
	ck_assert_uint_eq(self_of("???:main", "Ir"), 5);
	ck_assert_uint_eq(tp->nparts, 1);
}
END_TEST

START_TEST(stray_text_only_warns)
{
	LOAD_WARNS("events: Ir\nfn=main\nHello, world\n1 5\n",
	    "3: warning: unknown line kind, skipped: 'Hello, world'");
	ck_assert_uint_eq(self_of("???:main", "Ir"), 5);
}
END_TEST

/* More than the warnings shown are only counted. */
START_TEST(many_warnings_still_load)
{
	char		*text = malloc(64 * 30 + 64);
	size_t		 i;
	unsigned long	 n;
	int		 rc;

	ck_assert_ptr_nonnull(text);
	strcpy(text, "events: Ir\nfn=main\n");
	for (i = 0; i < 30; i++)
		strcat(text, "nonsense\n");
	strcat(text, "1 5\n");
	n = cga_diag_count;
	rc = load_profile(text);
	free(text);
	ck_assert_int_eq(rc, 0);
	ck_assert_uint_eq(self_of("???:main", "Ir"), 5);
	/* 20 warnings, then how many more there were. */
	ck_assert_uint_eq(cga_diag_count, n + 21);
	ck_assert_str_eq(last_diag(), " 10 more warnings not shown");
}
END_TEST

START_TEST(nul_byte_is_rejected)
{
	static const char text[] = "events: Ir\nfn=ma\0in\n1 5\n";

	tp = cga_profile_new();
	ck_assert_int_eq(load_into(tp, text, sizeof(text) - 1,
	    &cga_test_opts), -1);
	ck_assert_str_eq(last_diag(), "2: NUL byte in line: 'fn=ma\\x00in'");
}
END_TEST

START_TEST(nul_byte_in_cost_line_is_rejected)
{
	static const char text[] = "events: Ir\nfn=main\n1 5\0 6\n";

	tp = cga_profile_new();
	ck_assert_int_eq(load_into(tp, text, sizeof(text) - 1,
	    &cga_test_opts), -1);
	ck_assert_str_eq(last_diag(), "3: NUL byte in line: '1 5\\x00 6'");
}
END_TEST

/*
 * A file that is no text, given as a profile: one message saying what it
 * is, with no line quoted; text that only starts as one of them loads.
 */
START_TEST(binary_file_is_named_for_what_it_is)
{
	static const char elf[] = "\177ELF\2\1\1\0\0\0\0\0\0\0\0\0\3\0>\0";
	static const char xz[] = "\3757zXZ\0\0\4\346\326\264F";
	static const char zstd[] = "\050\265\057\375\044\0\001";
	static const char bz2[] = "BZh91AY&SY\n";
	static const char nul[] = "# a comment\n\001\002\0\003\nevents: Ir\n";
	static const struct {
		const char	*text;
		size_t		 len;
		const char	*msg;
	} cases[] = {
		{ elf, sizeof(elf) - 1, " an ELF binary, not a profile (profile "
		    "it with valgrind --tool=callgrind)" },
		{ xz, sizeof(xz) - 1, " xz-compressed, not a profile "
		    "(decompress it first: only gzip is read as it is)" },
		{ zstd, sizeof(zstd) - 1, " zstd-compressed, not a profile "
		    "(decompress it first: only gzip is read as it is)" },
		{ bz2, sizeof(bz2) - 1, " bzip2-compressed, not a profile "
		    "(decompress it first: only gzip is read as it is)" },
		{ nul, sizeof(nul) - 1, "2: a NUL byte: a binary file, not a "
		    "profile" },
	};
	unsigned long	 n;
	size_t		 i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		cga_profile_free(tp);
		tp = cga_profile_new();
		n = cga_diag_count;
		ck_assert_int_eq(load_into(tp, cases[i].text, cases[i].len,
		    &cga_test_opts), -1);
		ck_assert_uint_eq(cga_diag_count, n + 1);
		ck_assert_str_eq(last_diag(), cases[i].msg);
	}
	/* Not a bzip2 block size after "BZh": a line of unknown kind. */
	LOAD_WARNS("BZhello\nevents: Ir\nfn=main\n1 5\n",
	    "1: warning: unknown line kind, skipped: 'BZhello'");
}
END_TEST

/* A line longer than the 1 MB input block. */
START_TEST(name_of_over_a_megabyte_loads)
{
	size_t	 n = (1u << 20) + 4096, i;
	char	*text = malloc(n + 64), *name;
	int	 rc;

	ck_assert_ptr_nonnull(text);
	strcpy(text, "events: Ir\nfl=a.c\nfn=");
	name = text + strlen(text);
	for (i = 0; i < n; i++)
		name[i] = (char)('a' + i % 26);
	strcpy(name + n, "\n1 5\n");
	rc = load_profile(text);
	free(text);
	ck_assert_int_eq(rc, 0);
	ck_assert_uint_eq(tp->nfns, 1);
	ck_assert_uint_eq(strlen(tp->fns->display), n + 4);
	ck_assert_uint_eq(val(tp->fns->self, "Ir"), 5);
}
END_TEST

/* ---- the model's arithmetic ---- */

START_TEST(self_costs_sum_to_the_cost_lines)
{
	LOAD_OK("events: Ir Dr\nfl=a.c\n1 1 1\nfn=main\n2 10 1\n"
	    "cfn=f\ncalls=1 1\n2 500 500\nfi=h.h\n3 20 2\nfe=a.c\n4 30 3\n"
	    "fl=b.c\nfn=f\n1 40 4\nfn=main\n5 50 5\n");
	ck_assert_uint_eq(self_sum("Ir"), 151);
	ck_assert_uint_eq(self_sum("Dr"), 16);
	ck_assert_uint_eq(val(part_cost(0, 1), "Ir"), 151);
	ck_assert_uint_eq(total_of("Ir"), 151);
	ck_assert_uint_eq(total_of("Dr"), 16);
}
END_TEST

/*
 * Line costs live in a per-file array where lines lie close together and
 * in a table where they do not; either way each line is found again, and
 * a line first put in the table stays there when the array grows over it.
 */
START_TEST(far_apart_lines_are_kept_apart)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n100 1\n5000000 2\n"
	    "101 3\n99 4\n18446744073709551615 5\n100 6\n");
	ck_assert_uint_eq(line_of("a.c", 100, "Ir"), 7);
	ck_assert_uint_eq(line_of("a.c", 101, "Ir"), 3);
	ck_assert_uint_eq(line_of("a.c", 99, "Ir"), 4);
	ck_assert_uint_eq(line_of("a.c", 5000000, "Ir"), 2);
	ck_assert_uint_eq(line_of("a.c", 18446744073709551615ULL, "Ir"), 5);
	ck_assert_ptr_null(find_line(tp, "a.c", 102));
	ck_assert_uint_eq(lines_sum(tp, 0), 21);
}
END_TEST

START_TEST(lines_growing_down_and_up_are_all_kept)
{
	char	 prof[8192], *at = prof;
	int	 i;
	uint64_t want = 0;

	at += sprintf(at, "events: Ir\nfl=a.c\nfn=main\n");
	for (i = 0; i < 200; i++) {
		/* 500, 499, 501, 498, ... then far ones between */
		at += sprintf(at, "%d %d\n", i % 2 ? 500 + i / 2 : 500 - i / 2,
		    i + 1);
		want += (uint64_t)i + 1;
		if (i % 50 == 0) {
			at += sprintf(at, "%d 1\n", 100000 + i);
			want++;
		}
	}
	LOAD_OK(prof);
	ck_assert_uint_eq(lines_sum(tp, 0), want);
	ck_assert_uint_eq(line_of("a.c", 500, "Ir"), 1 + 2);
	ck_assert_uint_eq(line_of("a.c", 100050, "Ir"), 1);
}
END_TEST

/* A sparse line inside a later array is found and added to, not doubled. */
START_TEST(sparse_line_later_inside_the_array_is_found)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n10 1\n60 2\n11 1\n12 1\n"
	    "13 1\n14 1\n15 1\n16 1\n17 1\n18 1\n19 1\n20 1\n21 1\n"
	    "22 1\n23 1\n24 1\n25 1\n26 1\n27 1\n28 1\n29 1\n30 1\n"
	    "61 5\n60 3\n");
	ck_assert_uint_eq(line_of("a.c", 60, "Ir"), 5);
	ck_assert_uint_eq(line_of("a.c", 61, "Ir"), 5);
	ck_assert_uint_eq(lines_sum(tp, 0), 2 + 3 + 5 + 21);
}
END_TEST

/*
 * Pages of 16 lines: a page far from the others goes to the table; when
 * the array later grows over it, its lines are found there, not made
 * again in the array.
 */
START_TEST(page_in_the_table_stays_found_when_the_array_reaches_it)
{
	char		 prof[8192], *at = prof;
	struct cga_lineref *r;
	size_t		 n, i;
	int		 k;

	at += sprintf(at, "events: Ir\nfl=a.c\nfn=main\n0 1\n1600 2\n");
	for (k = 1; k <= 40; k++)
		at += sprintf(at, "%d 1\n", 16 * k);
	at += sprintf(at, "1584 1\n1600 3\n1601 4\n");
	LOAD_OK(prof);
	ck_assert_uint_eq(line_of("a.c", 1600, "Ir"), 5);
	ck_assert_uint_eq(line_of("a.c", 1601, "Ir"), 4);
	r = cga_file_lines(tp, cga_file_find(tp, cga_profile_intern(tp, "a.c",
	    3)), &n);
	ck_assert_uint_eq(n, 1 + 40 + 3);
	for (i = 1; i < n; i++)
		ck_assert_uint_lt(r[i - 1].line, r[i].line);
	free(r);
	ck_assert_uint_eq(lines_sum(tp, 0), 1 + 2 + 40 + 1 + 3 + 4);
}
END_TEST

/*
 * The lines of a page are packed in line order: lines coming in any order
 * keep their own cost and the function that named them first.
 */
START_TEST(lines_of_a_page_in_any_order_keep_cost_and_owner)
{
	static const int order[16] = { 7, 3, 15, 0, 9, 1, 14, 2, 8, 4, 13,
	    5, 12, 6, 11, 10 };
	char		 prof[8192], *at = prof;
	struct cga_lineref *r;
	size_t		 n, i;

	at += sprintf(at, "events: Ir\nfl=a.c\n");
	for (i = 0; i < 16; i++)
		at += sprintf(at, "fn=f%d\n%d %d\n", order[i], 32 + order[i],
		    100 + order[i]);
	at += sprintf(at, "fn=g\n");
	for (i = 0; i < 16; i++)
		at += sprintf(at, "%zu 1000\n", 32 + i);
	LOAD_OK(prof);
	r = cga_file_lines(tp, cga_file_find(tp, cga_profile_intern(tp, "a.c",
	    3)), &n);
	ck_assert_uint_eq(n, 16);
	for (i = 0; i < 16; i++) {
		char	 want[16];

		ck_assert_uint_eq(r[i].line, 32 + i);
		ck_assert_uint_eq(r[i].cost[0], 1100 + i);
		snprintf(want, sizeof(want), "f%zu", i);
		ck_assert_str_eq(r[i].fn->key.name, want);
	}
	free(r);
}
END_TEST

START_TEST(line_costs_sum_to_the_cost_lines)
{
	LOAD_OK("events: Ir\nfl=a.c\nfn=main\n1 10\n+1 20\ncfn=f\n"
	    "calls=1 1\n* 999\nfi=h.h\n7 30\nfl=b.c\nfn=g\n1 40\n");
	ck_assert_uint_eq(lines_sum(tp, 0), 100);
	ck_assert_uint_eq(line_of("a.c", 2, "Ir"), 20);
}
END_TEST

/* A second header after a body starts a part; parts are summed. */
START_TEST(parts_are_summed)
{
	LOAD_OK("part: 1\nevents: Ir\nsummary: 100\nfl=a.c\nfn=main\n1 5\n"
	    "totals: 100\n"
	    "part: 2\nevents: Ir\nsummary: 50\nfl=a.c\nfn=main\n1 7\n"
	    "fn=f\n2 1\ntotals: 50\n");
	ck_assert_uint_eq(tp->nparts, 2);
	ck_assert_uint_eq(total_of("Ir"), 150);
	ck_assert_uint_eq(val(part_cost(0, 0), "Ir"), 100);
	ck_assert_uint_eq(val(part_cost(1, 0), "Ir"), 50);
	ck_assert_uint_eq(val(part_cost(1, 1), "Ir"), 8);
	ck_assert_str_eq(tp->parts[1].number, "2");
	ck_assert_str_eq(tp->part, "1");
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 12);
	ck_assert_int_eq(tp->calculated, 0);
}
END_TEST

START_TEST(part_without_summary_adds_its_cost_lines)
{
	LOAD_OK("events: Ir\nsummary: 100\nfn=main\n1 5\n"
	    "events: Ir\nfn=main\n1 7\n");
	ck_assert_uint_eq(tp->nparts, 2);
	ck_assert_uint_eq(total_of("Ir"), 107);
	ck_assert_int_eq(tp->calculated, 1);
	ck_assert_int_eq(tp->parts[0].calculated, 0);
	ck_assert_int_eq(tp->parts[1].calculated, 1);
}
END_TEST

START_TEST(later_part_may_reorder_its_events)
{
	LOAD_OK("events: Ir Dr\nfn=main\n1 5 6\nevents: Dr Ir\nfn=main\n"
	    "1 100 200\n");
	ck_assert_uint_eq(self_of("???:main", "Ir"), 205);
	ck_assert_uint_eq(self_of("???:main", "Dr"), 106);
}
END_TEST

START_TEST(later_part_with_unknown_event_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n1 5\nevents: Ir Bc\nfn=main\n1 1 1\n",
	    "4: event not among the events of the first part: 'events: Ir Bc'");
}
END_TEST

START_TEST(later_part_event_line_with_unknown_event_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\n1 5\nevents: Ir\nevent: Foo = Ir\n"
	    "fn=main\n1 1\n",
	    "5: event not among the events of the first part: "
	    "'event: Foo = Ir'");
}
END_TEST

/*
 * A header line ends the part before it, whose summary: is read then: the
 * lines after are still named by their own numbers, and the header line
 * by its own text.
 */
START_TEST(lines_after_a_part_with_summary_keep_their_numbers)
{
	LOAD_FAILS("events: Ir\nsummary: 10\nfn=main\n1 5\nevents: Ir\n"
	    "fn=main\n1 x\n", "7: expected a count: '1 x'");
	LOAD_FAILS("events: Ir\nsummary: 10\nfn=main\n1 5\n"
	    "event: Foo : long name\nfn=main\n1 1\n",
	    "5: event not among the events of the first part: "
	    "'event: Foo : long name'");
}
END_TEST

/* Subpositions and positions: start again in each part. */
START_TEST(later_part_starts_its_own_positions)
{
	LOAD_OK("positions: instr line\nevents: Ir\nfl=a.c\nfn=main\n"
	    "0x10 20 1\nevents: Ir\nfl=a.c\nfn=main\n+5 2\n");
	ck_assert_uint_eq(line_of("a.c", 20, "Ir"), 1);
	ck_assert_uint_eq(line_of("a.c", 5, "Ir"), 2);
}
END_TEST

/*
 * A trailing part that only has a header adds nothing: no part, and no
 * "(calculated)" total.
 */
START_TEST(trailing_header_only_part_adds_nothing)
{
	LOAD_OK("events: Ir\nsummary: 10\nfn=main\n1 5\npart: 2\n");
	ck_assert_uint_eq(total_of("Ir"), 10);
	ck_assert_uint_eq(tp->nparts, 1);
	ck_assert_int_eq(tp->calculated, 0);
}
END_TEST

/* A calls= line cannot be left open at the end of a part. */
START_TEST(calls_at_end_of_part_is_rejected)
{
	LOAD_FAILS("events: Ir\nfn=main\ncfn=f\ncalls=1 1\nevents: Ir\n"
	    "fn=main\n1 1\n",
	    "5: expected the cost line of the calls= line before: "
	    "'events: Ir'");
}
END_TEST

START_TEST(two_files_load_into_one_profile)
{
	LOAD_OK("creator: one\ncmd: first\nevents: Ir\nsummary: 10\n"
	    "fl=a.c\nfn=main\n1 5\n");
	ck_assert_int_eq(load_more("creator: two\ncmd: second\nevents: Ir\n"
	    "summary: 20\nfl=a.c\nfn=main\n1 7\n"), 0);
	ck_assert_uint_eq(tp->nparts, 2);
	ck_assert_uint_eq(total_of("Ir"), 30);
	ck_assert_uint_eq(self_of("a.c:main", "Ir"), 12);
	ck_assert_str_eq(tp->creator, "one");
	ck_assert_str_eq(tp->cmd, "first");
}
END_TEST

/* A real profile: the self costs sum to its cost lines, and its totals. */
START_TEST(real_multipart_profile_sums_parts)
{
	size_t	 i;
	uint64_t sum = 0;

	ck_assert_int_eq(load_testdata("sortprog-multipart.callgrind"), 0);
	ck_assert_uint_eq(tp->nparts, 3);
	for (i = 0; i < tp->nparts; i++)
		sum += val(part_cost(i, 0), "Ir");
	ck_assert_uint_eq(total_of("Ir"), sum);
	ck_assert_uint_eq(total_of("Ir"), 1164522 + 16011 + 20030);
	ck_assert_uint_eq(self_sum("Ir"), total_of("Ir"));
}
END_TEST

/* Genuine valgrind profiles of testdata/ (see testdata/README). */
static const char *const real_profiles[] = {
	"forkprog-child.callgrind", "forkprog-parent.callgrind",
	"gzip-full-cachesim.callgrind", "recur-branch.cachegrind",
	"recur-cache-branch.callgrind", "recur-nocompress-strings.callgrind",
	"recur-plain.callgrind", "recur-seprecs3.callgrind",
	"sort-full.callgrind", "sortprog-cachesim.callgrind",
	"sortprog-instr.callgrind", "sortprog-multipart.callgrind",
	"sortprog-nocompress-pos.callgrind", "sortprog-plain.callgrind",
	"sortprog.cachegrind", "strhash-branchsim.callgrind",
	"strhash-instr-jumps.callgrind",
};

/*
 * In each: the functions' self costs sum to the cost lines of its parts,
 * and (lines kept) so do the line costs; the program total is the sum of
 * the parts' totals and holds at least the cost lines.
 */
START_TEST(real_profile_costs_add_up)
{
	uint64_t	 parts_self, parts_total, lines;
	size_t		 e, i;

	ck_assert_int_eq(load_testdata(real_profiles[_i]), 0);
	for (e = 0; e < tp->nrec; e++) {
		parts_self = parts_total = lines = 0;
		for (i = 0; i < tp->nparts; i++) {
			parts_self += part_cost(i, 1)[e];
			parts_total += part_cost(i, 0)[e];
		}
		lines = lines_sum(tp, e);
		ck_assert_msg(self_sum(tp->ev[e].name) == parts_self,
		    "%s %s: self costs %llu, cost lines %llu",
		    real_profiles[_i], tp->ev[e].name,
		    (unsigned long long)self_sum(tp->ev[e].name),
		    (unsigned long long)parts_self);
		ck_assert_uint_eq(lines, parts_self);
		ck_assert_uint_eq(tp->total[e], parts_total);
		ck_assert_uint_ge(tp->total[e], parts_self);
	}
}
END_TEST

Suite *
load_suite(void)
{
	Suite	*s = suite_create("load");
	TCase	*tc;

	tc = tcase_create("header");
	cga_test_fixture(tc);
	tcase_add_test(tc, minimal_profile_loads);
	tcase_add_test(tc, version_1_is_accepted);
	tcase_add_test(tc, version_2_is_rejected);
	tcase_add_test(tc, version_that_is_no_number_is_rejected);
	tcase_add_test(tc, creator_is_kept);
	tcase_add_test(tc, pid_thread_part_and_cmd_are_kept);
	tcase_add_test(tc, desc_lines_are_kept_and_trigger_found);
	tcase_add_test(tc, number_text_in_header_only_warns);
	tcase_add_test(tc, profile_without_events_line_is_rejected);
	tcase_add_test(tc, profile_without_cost_lines_is_empty);
	tcase_add_test(tc, summary_of_zero_without_cost_lines_is_given);
	tcase_add_test(tc, c_source_is_no_profile);
	tcase_add_test(tc, passwd_is_no_profile);
	tcase_add_test(tc, five_foreign_lines_first_are_no_profile);
	tcase_add_test(tc, unknown_lines_before_events_only_warn);
	tcase_add_test(tc, writers_first_lines_are_a_profile);
	tcase_add_test(tc, empty_file_is_rejected);
	tcase_add_test(tc, missing_file_is_rejected);
	tcase_add_test(tc, events_line_without_names_is_rejected);
	tcase_add_test(tc, event_named_twice_in_events_is_rejected);
	tcase_add_test(tc, events_give_the_order_of_counts);
	suite_add_tcase(s, tc);

	tc = tcase_create("positions");
	cga_test_fixture(tc);
	tcase_add_test(tc, positions_default_to_line);
	tcase_add_test(tc, positions_line_takes_a_line_number);
	tcase_add_test(tc, positions_instr_takes_an_address_only);
	tcase_add_test(tc, positions_instr_line_take_address_then_line);
	tcase_add_test(tc, positions_bb_is_accepted);
	tcase_add_test(tc, positions_addr_is_instr);
	tcase_add_test(tc, positions_out_of_order_are_rejected);
	tcase_add_test(tc, positions_named_twice_are_rejected);
	tcase_add_test(tc, positions_unknown_value_is_rejected);
	tcase_add_test(tc, positions_without_values_are_rejected);
	tcase_add_test(tc, cost_line_with_too_few_positions_is_rejected);
	suite_add_tcase(s, tc);

	tc = tcase_create("event");
	cga_test_fixture(tc);
	tcase_add_test(tc, event_long_name_before_events);
	tcase_add_test(tc, event_long_name_after_events);
	tcase_add_test(tc, derived_event_sums_events);
	tcase_add_test(tc, derived_event_before_events_line);
	tcase_add_test(tc, derived_event_with_star_factor);
	tcase_add_test(tc, derived_event_with_bare_factor);
	tcase_add_test(tc, derived_event_with_long_name);
	tcase_add_test(tc, derived_event_applies_to_calls_and_totals);
	tcase_add_test(tc, derived_event_of_unknown_event_is_rejected);
	tcase_add_test(tc, derived_event_with_recorded_name_is_rejected);
	tcase_add_test(tc, derived_event_with_bad_expression_is_rejected);
	tcase_add_test(tc, derived_event_overflowing_fails_finish);
	tcase_add_test(tc, derived_event_of_derived_event);
	tcase_add_test(tc, derived_event_of_later_derived_event);
	tcase_add_test(tc, derived_event_factors_multiply_through_levels);
	tcase_add_test(tc, derived_events_in_a_cycle_are_rejected);
	tcase_add_test(tc, derived_event_naming_itself_is_rejected);
	tcase_add_test(tc,
	    derived_event_of_unknown_event_after_long_name_is_rejected);
	tcase_add_test(tc, derived_event_of_derived_event_after_long_name);
	tcase_add_test(tc, derived_event_after_summary_line);
	suite_add_tcase(s, tc);

	tc = tcase_create("summary");
	cga_test_fixture(tc);
	tcase_add_test(tc, program_total_without_summary_is_calculated);
	tcase_add_test(tc, summary_in_header_is_program_total);
	tcase_add_test(tc, totals_at_end_is_program_total);
	tcase_add_test(tc, totals_in_header_is_program_total);
	tcase_add_test(tc, summary_at_end_does_not_start_a_part);
	tcase_add_test(tc, totals_disagreeing_with_cost_lines_only_warns);
	tcase_add_test(tc, summary_wins_over_totals);
	tcase_add_test(tc, summary_with_fewer_numbers_than_events);
	tcase_add_test(tc, summary_of_zeros_is_a_given_total);
	tcase_add_test(tc, totals_of_zero_is_a_given_total);
	tcase_add_test(tc, totals_warning_names_every_event_that_disagrees);
	tcase_add_test(tc, summary_below_cost_lines_warns);
	tcase_add_test(tc, summary_above_cost_lines_is_accepted);
	tcase_add_test(tc, callgrind_without_totals_looks_truncated);
	tcase_add_test(tc, complete_callgrind_is_not_truncated);
	tcase_add_test(tc, callgrind_last_line_cut_is_left_out);
	tcase_add_test(tc, callgrind_cut_in_a_name_or_a_call_is_read);
	tcase_add_test(tc, cachegrind_without_summary_looks_truncated);
	tcase_add_test(tc, truncated_last_part_is_calculated);
	tcase_add_test(tc, summary_with_more_numbers_than_events_is_rejected);
	tcase_add_test(tc, summary_before_events_is_read);
	tcase_add_test(tc, summary_without_blank_is_read);
	tcase_add_test(tc, summary_with_bad_number_is_rejected);
	suite_add_tcase(s, tc);

	tc = tcase_create("names");
	cga_test_fixture(tc);
	tcase_add_test(tc, costs_before_any_fl_go_to_file_unknown);
	tcase_add_test(tc, costs_before_any_fn_go_to_function_unknown);
	tcase_add_test(tc, costs_before_fl_and_fn_go_to_unknown_unknown);
	tcase_add_test(tc, function_is_identified_by_file_and_name);
	tcase_add_test(tc, function_named_again_accumulates);
	tcase_add_test(tc, same_line_twice_accumulates);
	tcase_add_test(tc, fl_before_any_fn_moves_the_unknown_function);
	tcase_add_test(tc, fi_before_any_fn_moves_the_unknown_function);
	tcase_add_test(tc, blanks_before_a_name_are_not_part_of_it);
	tcase_add_test(tc, fl_alone_keeps_the_function);
	tcase_add_test(tc, file_name_keeps_its_colons);
	tcase_add_test(tc, ob_gives_the_function_its_object);
	tcase_add_test(tc, cwd_is_stripped_from_fl_names);
	tcase_add_test(tc, cwd_is_stripped_from_fi_and_cfi_names);
	tcase_add_test(tc, cwd_is_stripped_from_compressed_names);
	tcase_add_test(tc, cwd_is_not_stripped_from_function_names);
	tcase_add_test(tc, fi_moves_costs_to_the_inlined_file);
	tcase_add_test(tc, fe_moves_costs_to_the_inlined_file);
	tcase_add_test(tc, fi_before_any_fn_changes_only_the_file);
	suite_add_tcase(s, tc);

	tc = tcase_create("calls");
	cga_test_fixture(tc);
	tcase_add_test(tc, call_cost_line_is_call_cost_not_self_cost);
	tcase_add_test(tc, calls_between_long_lists_are_found_again);
	tcase_add_test(tc, calls_merged_by_late_names_between_long_lists);
	tcase_add_test(tc, called_function_is_not_listed);
	tcase_add_test(tc, cfn_without_cfi_is_in_the_current_file);
	tcase_add_test(tc, cfi_gives_the_callee_file);
	tcase_add_test(tc, cfl_is_cfi);
	tcase_add_test(tc, cfi_applies_to_the_next_cfn_only);
	tcase_add_test(tc, cfn_in_inlined_code_is_in_the_inlined_file);
	tcase_add_test(tc, calls_to_the_same_callee_accumulate);
	tcase_add_test(tc, calls_zero_is_a_call);
	tcase_add_test(tc,
	    blank_and_comment_lines_may_precede_the_call_cost_line);
	tcase_add_test(tc, calls_followed_by_a_position_line_is_rejected);
	tcase_add_test(tc, calls_followed_by_a_header_line_is_rejected);
	tcase_add_test(tc, calls_at_end_of_file_is_rejected);
	tcase_add_test(tc, calls_without_cfn_is_rejected);
	tcase_add_test(tc, calls_with_negative_count_is_rejected);
	tcase_add_test(tc, calls_without_count_is_rejected);
	tcase_add_test(tc, calls_target_below_zero_is_a_warning);
	tcase_add_test(tc, calls_target_past_max_is_a_warning);
	tcase_add_test(tc, calls_target_below_zero_then_junk_is_rejected);
	tcase_add_test(tc, jump_target_below_zero_is_rejected);
	tcase_add_test(tc, call_count_sum_overflowing_is_rejected);
	tcase_add_test(tc, cob_is_accepted);
	tcase_add_test(tc, call_sites_record_the_calling_line);
	tcase_add_test(tc, unwanted_files_keep_no_lines);
	tcase_add_test(tc, repeated_call_sites_take_no_more_room);
	tcase_add_test(tc, without_lines_no_line_costs_are_kept);
	suite_add_tcase(s, tc);

	tc = tcase_create("jumps");
	cga_test_fixture(tc);
	tcase_add_test(tc, jump_lines_do_not_change_costs);
	tcase_add_test(tc, jcnd_with_slash_is_accepted);
	tcase_add_test(tc, jcnd_with_space_is_accepted);
	tcase_add_test(tc, jcnd_malformed_is_rejected);
	tcase_add_test(tc, jcnd_without_second_count_is_rejected);
	tcase_add_test(tc, jump_without_count_is_rejected);
	tcase_add_test(tc, jfi_and_jfn_are_accepted);
	tcase_add_test(tc, bare_subposition_lines_have_no_cost);
	suite_add_tcase(s, tc);

	tc = tcase_create("compression");
	cga_test_fixture(tc);
	tcase_add_test(tc, compressed_name_is_defined_then_used);
	tcase_add_test(tc, compressed_name_without_space_after_id);
	tcase_add_test(tc, file_ids_are_shared_by_fl_fi_fe_cfi_cfl_jfi);
	tcase_add_test(tc, function_ids_are_shared_by_fn_cfn_jfn);
	tcase_add_test(tc, files_functions_and_objects_have_separate_ids);
	tcase_add_test(tc, id_never_defined_is_named_by_its_id);
	tcase_add_test(tc, id_defined_in_a_later_run_is_nameless_in_its_own);
	tcase_add_test(tc, file_id_used_before_definition_takes_its_name);
	tcase_add_test(tc, function_id_used_before_definition_takes_its_name);
	tcase_add_test(tc, object_id_used_before_definition_takes_its_name);
	tcase_add_test(tc, cfn_id_used_before_definition_takes_its_name);
	tcase_add_test(tc, forward_id_merges_with_its_name_used_before);
	tcase_add_test(tc, forward_file_id_merges_with_its_file);
	tcase_add_test(tc, id_redefined_with_another_name_warns);
	tcase_add_test(tc, id_redefined_with_the_same_name_is_accepted);
	tcase_add_test(tc, large_ids_are_accepted);
	tcase_add_test(tc, malformed_id_is_rejected);
	tcase_add_test(tc, paren_without_digit_is_a_plain_name);
	tcase_add_test(tc, ids_are_per_file);
	tcase_add_test(tc, relative_subpositions_follow_previous_line);
	tcase_add_test(tc, relative_subposition_follows_call_cost_line);
	tcase_add_test(tc, subpositions_may_be_hex_or_decimal);
	tcase_add_test(tc, instr_and_line_subpositions_are_relative_alike);
	tcase_add_test(tc, instr_subposition_below_zero_is_rejected);
	tcase_add_test(tc, relative_line_below_zero_is_rejected);
	tcase_add_test(tc, relative_line_down_to_zero_is_accepted);
	tcase_add_test(tc, relative_position_past_2_64_is_rejected);
	tcase_add_test(tc, plus_without_digits_is_rejected);
	tcase_add_test(tc, minus_without_digits_is_rejected);
	tcase_add_test(tc, star_followed_by_text_is_rejected);
	tcase_add_test(tc, position_too_big_is_rejected);
	tcase_add_test(tc, first_relative_subposition_is_relative_to_zero);
	suite_add_tcase(s, tc);

	tc = tcase_create("numbers");
	cga_test_fixture(tc);
	tcase_add_test(tc, count_of_uint64_max_is_accepted);
	tcase_add_test(tc, count_of_2_64_is_rejected);
	tcase_add_test(tc, hex_count_of_2_64_is_rejected);
	tcase_add_test(tc, hex_counts_are_accepted);
	tcase_add_test(tc, cost_sum_overflowing_is_rejected);
	tcase_add_test(tc, call_cost_sum_overflowing_is_rejected);
	tcase_add_test(tc, program_total_overflowing_is_rejected);
	tcase_add_test(tc, negative_count_makes_a_signed_profile);
	tcase_add_test(tc, negative_count_after_block_lines);
	tcase_add_test(tc, negative_summary_is_read);
	tcase_add_test(tc, signed_sum_overflowing_is_rejected);
	tcase_add_test(tc, signed_count_too_big_is_rejected);
	tcase_add_test(tc, negative_count_after_big_sums_is_rejected);
	tcase_add_test(tc, count_that_is_no_number_is_rejected);
	tcase_add_test(tc, count_with_trailing_letters_is_rejected);
	tcase_add_test(tc, more_counts_than_events_is_rejected);
	tcase_add_test(tc, fewer_counts_than_events_leave_events_undefined);
	tcase_add_test(tc, cost_line_without_counts_adds_nothing);
	tcase_add_test(tc, tabs_separate_counts);
	tcase_add_test(tc, long_numbers_of_leading_zeros_fit);
	tcase_add_test(tc, long_number_past_2_64_is_rejected);
	tcase_add_test(tc, counts_of_many_events_add_up);
	tcase_add_test(tc, line_after_block_read_lines_is_named_by_its_number);
	tcase_add_test(tc, blanks_of_any_kind_read_alike);
	suite_add_tcase(s, tc);

	tc = tcase_create("lines");
	cga_test_fixture(tc);
	tcase_add_test(tc, comment_lines_are_ignored);
	tcase_add_test(tc, far_apart_lines_are_kept_apart);
	tcase_add_test(tc, lines_growing_down_and_up_are_all_kept);
	tcase_add_test(tc,
	    page_in_the_table_stays_found_when_the_array_reaches_it);
	tcase_add_test(tc, lines_of_a_page_in_any_order_keep_cost_and_owner);
	tcase_add_test(tc, sparse_line_later_inside_the_array_is_found);
	tcase_add_test(tc, blank_lines_are_ignored);
	tcase_add_test(tc, crlf_line_ends_leave_no_cr_in_names);
	tcase_add_test(tc, last_line_without_newline_is_read);
	tcase_add_test(tc, last_line_with_cr_and_without_newline_is_read);
	tcase_add_test(tc, unknown_position_line_only_warns);
	tcase_add_test(tc, unknown_header_line_only_warns);
	tcase_add_test(tc, stray_text_only_warns);
	tcase_add_test(tc, many_warnings_still_load);
	tcase_add_test(tc, nul_byte_is_rejected);
	tcase_add_test(tc, nul_byte_in_cost_line_is_rejected);
	tcase_add_test(tc, binary_file_is_named_for_what_it_is);
	tcase_add_test(tc, name_of_over_a_megabyte_loads);
	suite_add_tcase(s, tc);

	tc = tcase_create("model");
	cga_test_fixture(tc);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, self_costs_sum_to_the_cost_lines);
	tcase_add_test(tc, line_costs_sum_to_the_cost_lines);
	tcase_add_test(tc, parts_are_summed);
	tcase_add_test(tc, part_without_summary_adds_its_cost_lines);
	tcase_add_test(tc, later_part_may_reorder_its_events);
	tcase_add_test(tc, later_part_with_unknown_event_is_rejected);
	tcase_add_test(tc,
	    later_part_event_line_with_unknown_event_is_rejected);
	tcase_add_test(tc, lines_after_a_part_with_summary_keep_their_numbers);
	tcase_add_test(tc, later_part_starts_its_own_positions);
	tcase_add_test(tc, trailing_header_only_part_adds_nothing);
	tcase_add_test(tc, calls_at_end_of_part_is_rejected);
	tcase_add_test(tc, two_files_load_into_one_profile);
	tcase_add_test(tc, real_multipart_profile_sums_parts);
	tcase_add_loop_test(tc, real_profile_costs_add_up, 0,
	    (int)(sizeof(real_profiles) / sizeof(real_profiles[0])));
	suite_add_tcase(s, tc);
	return s;
}
