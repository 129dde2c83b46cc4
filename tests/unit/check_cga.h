/*
 * check_cga.h: the unit test suites of cgannotate (libcheck) and the helpers
 * they share, defined in check_main.c.
 */
#ifndef CHECK_CGA_H
#define CHECK_CGA_H

#include <stddef.h>
#include <stdint.h>

#include <check.h>

#include "analysis/inclusive.h"
#include "base/fmt.h"
#include "cli/formats.h"
#include "cli/opts.h"
#include "cli/resolve.h"
#include "load/load.h"
#include "model/profile.h"
#include "print/text.h"
#include "view/columns.h"
#include "view/view.h"

Suite	*fmt_suite(void);
Suite	*load_suite(void);
Suite	*report_suite(void);
Suite	*inclusive_suite(void);
Suite	*rewrite_suite(void);
Suite	*view_suite(void);
Suite	*sources_suite(void);
Suite	*opts_suite(void);
Suite	*input_suite(void);
Suite	*diff_suite(void);
Suite	*gate_suite(void);
Suite	*lint_suite(void);
Suite	*pieces_suite(void);
Suite	*pb_suite(void);
Suite	*tui_suite(void);

/*
 * The profile the running test loaded: a checked fixture (cga_test_setup,
 * cga_test_teardown) frees it after the test, also when an assertion failed.
 */
extern struct cga_profile *tp;

void	 cga_test_setup(void);
void	 cga_test_teardown(void);
/* Adds cga_test_setup/teardown as the checked fixture of tc. */
void	 cga_test_fixture(TCase *tc);

/* Default options of the tests: per-line costs kept, no directory stripped. */
extern const struct cga_load_opts cga_test_opts;

/*
 * Writes len bytes of text to a mkstemp file under /tmp, adds it to p with
 * cga_profile_load and removes the file: the return of cga_profile_load.
 */
int	 load_into(struct cga_profile *p, const char *text, size_t len,
	    const struct cga_load_opts *o);
/*
 * A fresh tp (the last one is freed) loaded from text with
 * cga_profile_load + cga_profile_finish: 0, or -1 when either failed.
 */
int	 load_profile(const char *text);
int	 load_profile_opts(const char *text, const struct cga_load_opts *o);
/* Loads another profile file into tp (which must exist) and finishes it. */
int	 load_more(const char *text);
/* Loads a file of the repository's testdata/ into a fresh tp. */
int	 load_testdata(const char *name);
/* Lookups that never create anything (cga_fn_get would). */
size_t		 ev(const struct cga_profile *p, const char *name);
struct cga_fn	*find_fn(const struct cga_profile *p, const char *display);
struct cga_fn	*fn_of(const char *display);	/* in tp; fails if absent */
struct cga_call	*find_call(const struct cga_profile *p, const char *caller,
		    const char *callee);
struct cga_call	*call_of(const char *caller, const char *callee);
struct cga_file	*find_file(const struct cga_profile *p, const char *name);
uint64_t	*find_line(const struct cga_profile *p, const char *file,
		    uint64_t line);

/* Counter of event name in cost c of tp, and whether it was given. */
uint64_t val(const uint64_t *c, const char *name);
/* Part i's sum of its cost lines (self) or total, as a cost. */
const uint64_t *part_cost(size_t i, int self);
int	 def(const uint64_t *c, const char *name);

/* Shorthands over tp. */
uint64_t self_of(const char *display, const char *event);
uint64_t incl_of(const char *display, const char *event);
uint64_t total_of(const char *event);
/* The sum of event e over every line cost of the profile. */
uint64_t lines_sum(const struct cga_profile *p, size_t e);
uint64_t line_of(const char *file, uint64_t line, const char *event);
uint64_t call_cost(const char *caller, const char *callee, const char *event);
uint64_t call_count(const char *caller, const char *callee);
/* The sum of every function's self cost of event. */
uint64_t self_sum(const char *event);
size_t	 nfns_listed(void);

#endif
