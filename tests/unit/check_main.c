/*
 * check_main.c: runs every suite of the unit tests, and holds the helpers
 * of check_cga.h.  Run from the repository's top directory (make check-unit).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_cga.h"
#include "base/diag.h"

struct cga_profile *tp;

const struct cga_load_opts cga_test_opts = { .lines = 1 };

void
cga_test_setup(void)
{
	tp = NULL;
}

void
cga_test_teardown(void)
{
	cga_profile_free(tp);
	tp = NULL;
}

void
cga_test_fixture(TCase *tc)
{
	tcase_add_checked_fixture(tc, cga_test_setup, cga_test_teardown);
}

int
load_into(struct cga_profile *p, const char *text, size_t len,
    const struct cga_load_opts *o)
{
	char	 path[] = "/tmp/check_cga.XXXXXX";
	size_t	 off = 0;
	ssize_t	 n;
	int	 fd, rc;

	fd = mkstemp(path);
	ck_assert_msg(fd != -1, "mkstemp failed");
	while (off < len) {
		n = write(fd, text + off, len - off);
		if (n <= 0)
			break;
		off += (size_t)n;
	}
	close(fd);
	if (off < len) {
		unlink(path);
		ck_abort_msg("cannot write %s", path);
	}
	rc = cga_profile_load(p, path, o);
	unlink(path);
	return rc;
}

int
load_profile_opts(const char *text, const struct cga_load_opts *o)
{
	cga_profile_free(tp);
	tp = cga_profile_new();
	if (load_into(tp, text, strlen(text), o) == -1)
		return -1;
	return cga_profile_finish(tp);
}

int
load_profile(const char *text)
{
	return load_profile_opts(text, &cga_test_opts);
}

int
load_more(const char *text)
{
	ck_assert_ptr_nonnull(tp);
	if (load_into(tp, text, strlen(text), &cga_test_opts) == -1)
		return -1;
	return cga_profile_finish(tp);
}

int
load_testdata(const char *name)
{
	char	 path[256];

	snprintf(path, sizeof(path), "testdata/%s", name);
	cga_profile_free(tp);
	tp = cga_profile_new();
	if (cga_profile_load(tp, path, &cga_test_opts) == -1)
		return -1;
	return cga_profile_finish(tp);
}

size_t
ev(const struct cga_profile *p, const char *name)
{
	size_t	 i;

	ck_assert_ptr_nonnull(p);
	for (i = 0; i < p->nev; i++) {
		ck_assert_msg(p->ev[i].name != NULL, "event %zu has no name",
		    i);
		if (strcmp(p->ev[i].name, name) == 0)
			return i;
	}
	ck_abort_msg("no event %s in the profile", name);
	return CGA_NOEVENT;
}

struct cga_fn *
find_fn(const struct cga_profile *p, const char *display)
{
	struct cga_fn	*fn;

	for (fn = p->fns; fn != NULL; fn = fn->next)
		if (strcmp(fn->display, display) == 0)
			return fn;
	return NULL;
}

struct cga_fn *
fn_of(const char *display)
{
	struct cga_fn	*fn;

	ck_assert_ptr_nonnull(tp);
	fn = find_fn(tp, display);
	ck_assert_msg(fn != NULL, "no function %s", display);
	return fn;
}

struct cga_call *
find_call(const struct cga_profile *p, const char *caller, const char *callee)
{
	struct cga_call	*c;
	size_t		 i;

	for (i = 0; (c = cga_call_next(p, &i)) != NULL;)
		if (strcmp(c->key.caller->display, caller) == 0 &&
		    strcmp(c->key.callee->display, callee) == 0)
			return c;
	return NULL;
}

struct cga_call *
call_of(const char *caller, const char *callee)
{
	struct cga_call	*c;

	ck_assert_ptr_nonnull(tp);
	c = find_call(tp, caller, callee);
	ck_assert_msg(c != NULL, "no call %s -> %s", caller, callee);
	return c;
}

struct cga_file *
find_file(const struct cga_profile *p, const char *name)
{
	struct cga_file	*f;

	for (f = p->files; f != NULL; f = f->next)
		if (strcmp(f->name, name) == 0)
			return f;
	return NULL;
}

uint64_t *
find_line(const struct cga_profile *p, const char *file, uint64_t line)
{
	struct cga_file	*f = find_file(p, file);

	if (f == NULL)
		return NULL;
	return cga_line_find(p, f, line);
}

uint64_t
val(const uint64_t *c, const char *name)
{
	ck_assert_ptr_nonnull(c);
	return c[ev(tp, name)];
}

const uint64_t *
part_cost(size_t i, int self)
{
	const struct cga_part	*pt;
	uint64_t		*c;

	ck_assert_uint_lt(i, tp->nparts);
	pt = &tp->parts[i];
	c = cga_cost_new(tp);
	if (self)
		cga_evcounts_cost(tp, pt->self, pt->nself, c);
	else
		cga_evcounts_cost(tp, pt->total, pt->ntotal, c);
	return c;
}

int
def(const uint64_t *c, const char *name)
{
	ck_assert_ptr_nonnull(c);
	return cga_cost_defined(tp, c, ev(tp, name));
}

uint64_t
self_of(const char *display, const char *event)
{
	return val(fn_of(display)->self, event);
}

uint64_t
incl_of(const char *display, const char *event)
{
	struct cga_fn	*fn = fn_of(display);

	ck_assert_msg(fn->incl != NULL, "%s has no inclusive cost", display);
	return val(fn->incl, event);
}

uint64_t
total_of(const char *event)
{
	ck_assert_ptr_nonnull(tp);
	return val(tp->total, event);
}

uint64_t
line_of(const char *file, uint64_t line, const char *event)
{
	uint64_t	*c;

	ck_assert_ptr_nonnull(tp);
	c = find_line(tp, file, line);
	ck_assert_msg(c != NULL, "no line %s:%llu", file,
	    (unsigned long long)line);
	return val(c, event);
}

struct lines_sum {
	size_t		 e;
	uint64_t	 sum;
	const struct cga_profile *p;
};

static void
add_line(void *ctx, struct cga_file *f, uint64_t line, uint64_t *cost)
{
	struct lines_sum	*ls = ctx;

	(void)f;
	(void)line;
	if (cga_cost_defined(ls->p, cost, ls->e))
		ls->sum += cost[ls->e];
}

uint64_t
lines_sum(const struct cga_profile *p, size_t e)
{
	struct lines_sum	 ls = { e, 0, p };

	cga_lines_each(p, add_line, &ls);
	return ls.sum;
}

uint64_t
call_cost(const char *caller, const char *callee, const char *event)
{
	return val(call_of(caller, callee)->cost, event);
}

uint64_t
call_count(const char *caller, const char *callee)
{
	return call_of(caller, callee)->count;
}

uint64_t
self_sum(const char *event)
{
	struct cga_fn	*fn;
	uint64_t	 sum = 0;
	size_t		 e = ev(tp, event);

	for (fn = tp->fns; fn != NULL; fn = fn->next)
		sum += fn->self[e];
	return sum;
}

size_t
nfns_listed(void)
{
	struct cga_fn	*fn;
	size_t		 n = 0;

	for (fn = tp->fns; fn != NULL; fn = fn->next)
		n += fn->listed != 0;
	return n;
}

int
main(void)
{
	SRunner	*sr;
	int	 failed;

	/* The tests check what fails; golden tests check what is printed. */
	cga_diag_silent = getenv("CGA_DIAG") == NULL;
	sr = srunner_create(fmt_suite());
	srunner_add_suite(sr, load_suite());
	srunner_add_suite(sr, report_suite());
	srunner_add_suite(sr, inclusive_suite());
	srunner_add_suite(sr, rewrite_suite());
	srunner_add_suite(sr, view_suite());
	srunner_add_suite(sr, sources_suite());
	srunner_add_suite(sr, opts_suite());
	srunner_add_suite(sr, input_suite());
	srunner_add_suite(sr, diff_suite());
	srunner_add_suite(sr, gate_suite());
	srunner_add_suite(sr, lint_suite());
	srunner_add_suite(sr, pieces_suite());
	srunner_add_suite(sr, pb_suite());
	srunner_add_suite(sr, tui_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
