/*
 * fuzz_reader.c: libFuzzer target comparing the two loops that call the
 * loader's parse primitives: an input read as it is (the block loop takes
 * its cost and jump lines in valgrind's own form) and read with tabs for
 * the spaces of those lines and of calls= lines (which the block loop
 * hands to the line-at-a-time path) must load alike.  The input as it is
 * is read once more in two halves at once (-j 2), the second half's
 * thread starting at the first fl= line it can from a byte the input
 * chooses (CGA_CUT).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "load/load.h"

int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static char	 path[2][64];

/* Writes len bytes to path, or aborts: the harness cannot go on without. */
static void
put(const char *p, const uint8_t *data, size_t len)
{
	FILE	*f;

	if ((f = fopen(p, "wb")) == NULL)
		abort();
	if (len > 0 && fwrite(data, 1, len, f) != len)
		abort();
	if (fclose(f) != 0)
		abort();
}

/*
 * Whether the line at s (len bytes left in the input) is one that only
 * the line-at-a-time path should take once its spaces are tabs: a cost
 * line, or a jump=, jcnd= or calls= line.
 */
static int
spaced_line(const uint8_t *s, size_t len)
{
	static const char *const keys[] = { "jump=", "jcnd=", "calls=" };
	size_t	 i, klen;

	if (len == 0)
		return 0;
	if ((s[0] >= '0' && s[0] <= '9') || s[0] == '+' || s[0] == '-' ||
	    s[0] == '*')
		return 1;
	for (i = 0; i < sizeof(keys) / sizeof(keys[0]); i++) {
		klen = strlen(keys[i]);
		if (len >= klen && memcmp(s, keys[i], klen) == 0)
			return 1;
	}
	return 0;
}

/*
 * A copy of the input where each space of those lines is a tab: the same
 * tokens, in a form the block loop leaves to the line-at-a-time path.
 */
static uint8_t *
tabbed(const uint8_t *data, size_t size)
{
	uint8_t	*t;
	size_t	 i;
	int	 on = 0;

	if ((t = malloc(size > 0 ? size : 1)) == NULL)
		abort();
	for (i = 0; i < size; i++) {
		if (i == 0 || data[i - 1] == '\n')
			on = spaced_line(data + i, size - i);
		t[i] = on && data[i] == ' ' ? '\t' : data[i];
	}
	return t;
}

/* Whether the n words of two costs differ; what differs goes to stderr. */
static int
cost_differs(const char *what, const char *name, const uint64_t *a,
    const uint64_t *b, size_t n)
{
	size_t	 i;

	if (a == NULL || b == NULL) {
		if (a == b)
			return 0;
		fprintf(stderr, "fuzz_reader: %s%s%s: only the %s load "
		    "has one\n", what, name ? " " : "", name ? name : "",
		    a == NULL ? "tabbed" : "plain");
		return 1;
	}
	for (i = 0; i < n; i++) {
		if (a[i] == b[i])
			continue;
		fprintf(stderr, "fuzz_reader: %s%s%s: word %zu: plain %llu, "
		    "tabbed %llu\n", what, name ? " " : "", name ? name : "",
		    i, (unsigned long long)a[i], (unsigned long long)b[i]);
		return 1;
	}
	return 0;
}

/* Whether the line costs of two files differ. */
/* Whether part i's total or sum of cost lines differ. */
static int
part_differs(const struct cga_profile *a, const struct cga_profile *b,
    size_t i)
{
	const struct cga_part	*pa = &a->parts[i], *pb = &b->parts[i];
	uint64_t		*ca = xcalloc(a->cw, sizeof(*ca));
	uint64_t		*cb = xcalloc(b->cw, sizeof(*cb));
	int			 d;

	cga_evcounts_cost(a, pa->total, pa->ntotal, ca);
	cga_evcounts_cost(b, pb->total, pb->ntotal, cb);
	d = cost_differs("total of part", pa->number, ca, cb, a->cw);
	if (!d) {
		cga_evcounts_cost(a, pa->self, pa->nself, ca);
		cga_evcounts_cost(b, pb->self, pb->nself, cb);
		d = cost_differs("cost lines of part", pa->number, ca, cb,
		    a->cw);
	}
	free(ca);
	free(cb);
	return d;
}

static int
lines_differ(const struct cga_profile *a, struct cga_file *fa,
    const struct cga_profile *b, struct cga_file *fb)
{
	struct cga_lineref	*la, *lb;
	size_t			 na, nb, i;
	int			 differ = 0;

	la = cga_file_lines(a, fa, &na);
	lb = cga_file_lines(b, fb, &nb);
	if (na != nb) {
		fprintf(stderr, "fuzz_reader: file %s: plain %zu lines, "
		    "tabbed %zu\n", fa->name, na, nb);
		differ = 1;
	}
	for (i = 0; !differ && i < na; i++) {
		if (la[i].line != lb[i].line ||
		    (la[i].fn == NULL) != (lb[i].fn == NULL) ||
		    (la[i].fn != NULL &&
		    strcmp(la[i].fn->display, lb[i].fn->display) != 0)) {
			fprintf(stderr, "fuzz_reader: file %s: line %zu: "
			    "plain %llu, tabbed %llu, or their owners "
			    "differ\n", fa->name, i,
			    (unsigned long long)la[i].line,
			    (unsigned long long)lb[i].line);
			differ = 1;
		} else
			differ = cost_differs("line of", fa->name, la[i].cost,
			    lb[i].cost, a->cw);
	}
	free(la);
	free(lb);
	return differ;
}

/* Whether the two loaded profiles differ; what differs goes to stderr. */
static int
profiles_differ(const struct cga_profile *a, const struct cga_profile *b)
{
	const struct cga_fn	*fa, *fb;
	struct cga_file		*fa2, *fb2;
	size_t			 i;

	if (a->cw != b->cw || a->nev != b->nev) {
		fprintf(stderr, "fuzz_reader: events: plain %zu (%zu words), "
		    "tabbed %zu (%zu words)\n", a->nev, a->cw, b->nev, b->cw);
		return 1;
	}
	if (cost_differs("program total", NULL, a->total, b->total, a->cw))
		return 1;
	if (a->nfns != b->nfns) {
		fprintf(stderr, "fuzz_reader: functions: plain %zu, tabbed "
		    "%zu\n", a->nfns, b->nfns);
		return 1;
	}
	for (fa = a->fns, fb = b->fns, i = 0; fa != NULL && fb != NULL;
	    fa = fa->next, fb = fb->next, i++) {
		if (strcmp(fa->key.file, fb->key.file) != 0 ||
		    strcmp(fa->key.name, fb->key.name) != 0) {
			fprintf(stderr, "fuzz_reader: function %zu: plain "
			    "%s:%s, tabbed %s:%s\n", i, fa->key.file,
			    fa->key.name, fb->key.file, fb->key.name);
			return 1;
		}
		if (cost_differs("self cost of", fa->display != NULL ?
		    fa->display : fa->key.name, fa->self, fb->self, a->cw))
			return 1;
	}
	if (fa != NULL || fb != NULL) {
		fprintf(stderr, "fuzz_reader: the function lists end at "
		    "different places\n");
		return 1;
	}
	if (a->nparts != b->nparts) {
		fprintf(stderr, "fuzz_reader: parts: plain %zu, tabbed %zu\n",
		    a->nparts, b->nparts);
		return 1;
	}
	for (i = 0; i < a->nparts; i++)
		if (part_differs(a, b, i))
			return 1;
	if (a->nfiles != b->nfiles) {
		fprintf(stderr, "fuzz_reader: files: plain %zu, tabbed %zu\n",
		    a->nfiles, b->nfiles);
		return 1;
	}
	for (fa2 = a->files, fb2 = b->files; fa2 != NULL && fb2 != NULL;
	    fa2 = fa2->next, fb2 = fb2->next)
		if (strcmp(fa2->name, fb2->name) != 0 ||
		    lines_differ(a, fa2, b, fb2)) {
			fprintf(stderr, "fuzz_reader: files %s and %s\n",
			    fa2->name, fb2->name);
			return 1;
		}
	return 0;
}

/*
 * The last diagnostic past its path and up to the text it quotes, which
 * the tabs change: "LINE: MESSAGE".  The table's messages hold no ": '".
 */
static void
last_diag(char *buf, size_t len)
{
	const char	*s, *q;

	s = strchr(cga_diag_last + strlen("cgannotate: "), ':');
	s = s != NULL ? s + 1 : cga_diag_last;
	q = strstr(s, ": '");
	snprintf(buf, len, "%.*s", (int)(q != NULL ? q - s : (int)strlen(s)),
	    s);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cga_load_opts	 lo = { .cwd = "/tmp/" };
	struct cga_load_opts	 lj;
	struct cga_profile	*p[3];
	uint8_t			*t;
	unsigned long		 ndiag[3];
	char			 diag[3][CGA_DIAG_LAST];
	char			 cut[32];
	int			 rc[3], i, j;
	static const char *const what[3] = { "plain", "tabbed", "split" };

	if (path[0][0] == '\0') {
		for (i = 0; i < 2; i++)
			snprintf(path[i], sizeof(path[i]),
			    "/tmp/cga-fuzz-reader.%ld.%d", (long)getpid(), i);
		cga_diag_silent = 1;
	}
	/*
	 * Compressed input is inflated before any line is read: tabs put
	 * into its bytes would only spoil the stream.
	 */
	if (size >= 2 && data[0] == 0x1f && data[1] == 0x8b)
		return 0;
	/*
	 * Half the inputs keep line costs, which the block loop then adds
	 * to each line's cost as well.
	 */
	if (size > 0 && (data[size / 2] & 1)) {
		lo.lines = 1;
	} else {
		lo.lines = 0;
		lo.no_calls = 1;
	}
	t = tabbed(data, size);
	put(path[0], data, size);
	put(path[1], t, size);
	free(t);

	/*
	 * 0: plain, 1: tabbed, 2: plain in two halves, cut where a byte of
	 * the input says.
	 */
	lj = lo;
	lj.jobs = 2;
	snprintf(cut, sizeof(cut), "%zu", size > 0 ? ((size_t)data[0] << 8 |
	    data[size - 1]) % size : 0);
	for (i = 0; i < 3; i++) {
		if (i == 2)
			setenv("CGA_CUT", cut, 1);
		ndiag[i] = cga_diag_count;
		p[i] = cga_profile_new();
		rc[i] = cga_profile_load(p[i], path[i == 1], i == 2 ? &lj :
		    &lo) == 0 && cga_profile_finish(p[i]) == 0;
		ndiag[i] = cga_diag_count - ndiag[i];
		last_diag(diag[i], sizeof(diag[i]));
		unsetenv("CGA_CUT");
	}
	for (j = 1; j < 3; j++) {
		if (rc[0] != rc[j]) {
			fprintf(stderr, "fuzz_reader: the plain load %s, the "
			    "%s load %s (lines %d)\n", rc[0] ? "succeeds" :
			    "fails", what[j], rc[j] ? "succeeds" : "fails",
			    lo.lines);
			abort();
		}
		/* The same messages: the block loop words none of its own. */
		if (ndiag[0] != ndiag[j] || (ndiag[0] > 0 &&
		    strcmp(diag[0], diag[j]) != 0)) {
			fprintf(stderr, "fuzz_reader: plain: %lu messages, the "
			    "last '%s'; %s: %lu, '%s'\n", ndiag[0], diag[0],
			    what[j], ndiag[j], diag[j]);
			abort();
		}
		if (rc[0] && profiles_differ(p[0], p[j])) {
			fprintf(stderr, "fuzz_reader: against the %s load, "
			    "with lines %d\n", what[j], lo.lines);
			abort();
		}
	}
	for (i = 0; i < 3; i++)
		cga_profile_free(p[i]);
	for (i = 0; i < 2; i++)
		unlink(path[i]);
	return 0;
}
