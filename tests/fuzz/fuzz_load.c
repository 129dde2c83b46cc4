/*
 * fuzz_load.c: libFuzzer target over the loader and the report: any input
 * must load or be refused cleanly, and a loaded one must print; one input
 * in eleven is checked as --check checks it, read on after its errors.
 * The model is made as the command line makes it for the text report:
 * display names left for the finish, and there left out.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "analysis/inclusive.h"
#include "analysis/lint.h"
#include "base/diag.h"
#include "cli/formats.h"
#include "cli/opts.h"
#include "cli/resolve.h"
#include "load/load.h"
#include "print/annotate.h"
#include "print/text.h"
#include "view/view.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static char			 path[64];
static FILE			*devnull;
static struct cga_rewrite	 rw;
static const uint64_t		 part1 = 1;

/* What --check does with one file (run.c's check_one). */
static void
check(struct cga_profile *p, const struct cga_load_opts *lo)
{
	unsigned long	 e, w;

	cga_diag_hold();
	p->late_display = 1;
	if (cga_profile_load(p, path, lo) == 0 && cga_profile_finish(p) == 0) {
		cga_diag_mute(1);
		if (cga_profile_inclusive(p) == 0) {
			cga_diag_mute(0);
			cga_lint_calls(p, path);
		}
		cga_diag_mute(0);
	}
	cga_diag_release(path, &e, &w);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cga_load_opts	 lo = { .lines = 1, .cwd = "/tmp/" };
	struct cga_opts		 o;
	struct cga_profile	*p;
	struct cga_view		 v;
	struct cga_fn		**listed;
	size_t			 n;
	FILE			*f;
	char			 err[64];

	if (path[0] == '\0') {
		snprintf(path, sizeof(path), "/tmp/cga-fuzz.%ld", (long)getpid());
		devnull = fopen("/dev/null", "w");
		cga_diag_silent = 1;
		if (cga_rewrite_parse(&rw, "s/[0-9]+|^$/<&>/g", err,
		    sizeof(err)) != 0)
			abort();
	}
	/* Vary the paths taken: --part=1, name rewrites, no call edges. */
	if (size % 3 == 0) {
		lo.parts = &part1;
		lo.nparts = 1;
	}
	if (size % 5 == 0) {
		lo.mod_funcname = lo.mod_filename = &rw;
		lo.nmod_funcname = lo.nmod_filename = 1;
	}
	lo.no_calls = size % 7 == 0;
	lo.check = size % 11 == 0;
	if ((f = fopen(path, "wb")) == NULL)
		abort();
	fwrite(data, 1, size, f);
	fclose(f);

	cga_opts_init(&o);
	o.threshold = (char *)"100";
	o.threshold_val = 100;
	o.show_percs = 1;
	o.context = 2;
	o.inclusive = size % 2;
	o.tree = CGA_TREE_CALLER | CGA_TREE_CALLING;
	p = cga_profile_new();
	if (lo.check) {
		check(p, &lo);
		cga_profile_free(p);
		unlink(path);
		return 0;
	}
	cga_view_init(&v, &o);
	p->late_display = 1;
	p->no_display = cga_format_text.no_display(&v);
	if (cga_profile_load(p, path, &lo) == 0 &&
	    cga_profile_finish(p) == 0 && cga_profile_inclusive(p) == 0 &&
	    cga_view_bind(&v, p) == 0) {
		cga_report_header(devnull, &v);
		listed = cga_report_functions(devnull, &v, &n);
		free(listed);
	}
	cga_view_free(&v);
	cga_profile_free(p);
	unlink(path);
	return 0;
}
