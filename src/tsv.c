/*
 * tsv.c: --format=tsv, tab-separated rows for scripts: a header row naming
 * the columns, then a row per function (or call edge with --calls, or line
 * with --lines); plain numbers, no commas, no padding, an empty field for
 * an event never counted.
 */
#include <stdlib.h>
#include <string.h>

#include "fmt.h"
#include "formats.h"
#include "report.h"

/* A field: tabs and newlines in names would break rows. */
static void
field(FILE *out, const char *s)
{
	size_t	 n;

	for (;;) {
		n = strcspn(s, "\t\n\r");
		fwrite(s, 1, n, out);
		if (s[n] == '\0')
			return;
		putc(' ', out);
		s += n + 1;
	}
}

static void
counts(FILE *out, const struct cga_view *v, const uint64_t *c)
{
	size_t	 i, e;

	for (i = 0; i < v->nshow; i++) {
		e = v->show[i];
		putc('\t', out);
		if (c != NULL && cga_cost_defined(v->p, c, e))
			cga_print_count(out, v->p, c[e]);
	}
}

static void
names(FILE *out, const struct cga_view *v, const char *suffix)
{
	size_t	 i;

	for (i = 0; i < v->nshow; i++)
		fprintf(out, "\t%s%s", v->p->ev[v->show[i]].name, suffix);
}

static uint64_t
calls_in(const struct cga_profile *p, const struct cga_fn *fn)
{
	const struct cga_call	*c;
	uint64_t		 n = 0;

	for (c = fn->in; c != NULL; c = c->next_in)
		cga_count_add(p, &n, c->count);
	return n;
}

static void
tsv_calls(FILE *out, const struct cga_view *v)
{
	const struct cga_profile *p = v->p;
	struct cga_call		 *c, *tmp;
	const struct cga_call	**all;
	size_t			  n = 0, i;

	fputs("caller\tcallee\tcount", out);
	names(out, v, "");
	putc('\n', out);
	all = xcalloc(HASH_COUNT(p->calls) + 1, sizeof(*all));
	HASH_ITER(hh, p->calls, c, tmp)
		all[n++] = c;
	cga_calls_sort(v, all, n);
	for (i = 0; i < n && !ferror(out); i++) {
		field(out, all[i]->key.caller->display);
		putc('\t', out);
		field(out, all[i]->key.callee->display);
		putc('\t', out);
		cga_print_count(out, p, all[i]->count);
		counts(out, v, all[i]->cost);
		putc('\n', out);
	}
	free(all);
}

static void
tsv_lines(FILE *out, const struct cga_view *v)
{
	const struct cga_profile *p = v->p;
	struct cga_file		 *f, **files;
	struct cga_lineref	 *lines;
	size_t			  n = 0, nl, i, j;

	fputs("file\tline\tfunction", out);
	names(out, v, "");
	putc('\n', out);
	files = xcalloc(p->nfiles + 1, sizeof(*files));
	for (f = p->files; f != NULL; f = f->next)
		files[n++] = f;
	qsort(files, n, sizeof(*files), cga_file_name_cmp);
	for (i = 0; i < n && !ferror(out); i++) {
		lines = cga_file_lines(p, files[i], &nl);
		for (j = 0; j < nl; j++) {
			field(out, files[i]->name);
			fprintf(out, "\t%llu\t",
			    (unsigned long long)lines[j].line);
			if (lines[j].fn != NULL)
				field(out, lines[j].fn->key.name);
			counts(out, v, lines[j].cost);
			putc('\n', out);
		}
		free(lines);
	}
	free(files);
}

static int
tsv_print(FILE *out, const struct cga_view *v)
{
	struct cga_fn	**fns;
	size_t		  n, i;

	if (v->o->calls) {
		tsv_calls(out, v);
		return 0;
	}
	if (v->o->lines) {
		tsv_lines(out, v);
		return 0;
	}
	fputs("file\tfunction\tobject", out);
	names(out, v, "");
	names(out, v, "_incl");
	fputs("\tcalls\n", out);
	fns = cga_report_select(v, &n);
	for (i = 0; i < n && !ferror(out); i++) {
		field(out, fns[i]->key.file);
		putc('\t', out);
		field(out, fns[i]->key.name);
		putc('\t', out);
		if (fns[i]->obj != NULL)
			field(out, fns[i]->obj);
		counts(out, v, fns[i]->self);
		counts(out, v, fns[i]->incl);
		putc('\t', out);
		cga_print_count(out, v->p, calls_in(v->p, fns[i]));
		putc('\n', out);
	}
	free(fns);
	return 0;
}

/* Rows of calls, of lines, or of functions with their inclusive costs. */
static unsigned
tsv_needs(const struct cga_view *v)
{
	if (v->o->calls)
		return CGA_NEED_CALLS;
	if (v->o->lines)
		return CGA_NEED_ALL_LINES;
	return CGA_NEED_INCL;
}

const struct cga_format cga_format_tsv = { "tsv", tsv_needs, 0, tsv_print };
