/*
 * html_src.c: the annotated sources of --format=html's page: the text of
 * each source file of the listed functions that is found, its line costs
 * and jumps (as the JSON document's "files" has them) and the calls made
 * from its lines.
 */
#include <stdlib.h>
#include <string.h>

#include "base/out.h"
#include "base/sort.h"
#include "html/html.h"
#include "print/annotate.h"
#include "print/branches.h"
#include "print/json.h"
#include "view/columns.h"
#include "view/sources.h"
#include "view/view.h"

/* A page is to be read: lines are cut at LINE_MAX, files at FILE_LINES. */
#define SRC_LINE_MAX	4096
#define SRC_FILE_LINES	200000

static int
site_cmp(const void *a, const void *b, void *ctx)
{
	const struct cga_site	*x = *(const struct cga_site *const *)a;
	const struct cga_site	*y = *(const struct cga_site *const *)b;

	(void)ctx;
	if (x->key.file->id != y->key.file->id)
		return x->key.file->id < y->key.file->id ? -1 : 1;
	if (x->key.line != y->key.line)
		return x->key.line < y->key.line ? -1 : 1;
	if (x->seq != y->seq)
		return x->seq < y->seq ? -1 : 1;
	return 0;
}

/* [line, callee, count, cost] for each call made from f's lines. */
static void
sites(FILE *m, const struct cga_view *v, struct cga_site **all, size_t n,
    const struct cga_file *f)
{
	struct cga_w	 w;
	size_t		 lo = 0, hi = n, mid, k = 0;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (all[mid]->key.file->id < f->id)
			lo = mid + 1;
		else
			hi = mid;
	}
	cga_w_init(&w, m);
	cga_w_puts(&w, ", \"sites\": [");
	for (; lo < n && all[lo]->key.file == f; lo++) {
		if (v->p->diff && cga_annotate_site_unchanged(v->p, all[lo]))
			continue;
		cga_w_puts(&w, k++ ? ",\n      [" : "\n      [");
		cga_w_u64(&w, all[lo]->key.line);
		cga_w_puts(&w, ", ");
		cga_w_json(&w, all[lo]->key.callee->display);
		cga_w_puts(&w, ", ");
		cga_view_write_count(&w, v, all[lo]->count);
		cga_w_puts(&w, ", ");
		cga_json_cost(&w, v, all[lo]->cost);
		cga_w_putc(&w, ']');
	}
	cga_w_putc(&w, ']');
	cga_w_flush(&w);
}

/*
 * "lines": [line, cost] for each line of f with a cost, [line, cost,
 * jumps] for one with jumps (the JSON document's "jumps" of the line).
 */
static void
line_costs(FILE *m, const struct cga_view *v, struct cga_file *f,
    struct cga_branches *br)
{
	struct cga_lineref	*lines;
	struct cga_w		 w;
	size_t			 n, i;

	lines = cga_file_lines(v->p, f, &n);
	cga_w_init(&w, m);
	cga_w_puts(&w, ", \"lines\": [");
	for (i = 0; i < n; i++) {
		cga_w_puts(&w, i == 0 ? "\n      [" : i % 4 ? ", [" :
		    ",\n      [");
		cga_w_u64(&w, lines[i].line);
		cga_w_puts(&w, ", ");
		cga_json_cost(&w, v, lines[i].cost);
		cga_branches_json_list(&w, v, br, f, lines[i].line, ", ");
		cga_w_putc(&w, ']');
	}
	cga_w_putc(&w, ']');
	cga_w_flush(&w);
	free(lines);
}

/* The lines a function costs on, the first and the last. */
struct range {
	const struct cga_fn *fn;
	uint64_t	 lo, hi;
};

/*
 * "functions": [name, first, last] for each function costing on f's
 * lines, so that the page finds a function's lines.  at is zeroed, by
 * function id, and left so.
 */
static void
ranges(FILE *m, const struct cga_view *v, struct cga_file *f, size_t *at)
{
	struct cga_lineref	*lines;
	struct range		*r;
	size_t			 nl, n = 0, i, id;

	lines = cga_file_lines(v->p, f, &nl);
	r = xcalloc(nl + 1, sizeof(*r));
	for (i = 0; i < nl; i++) {
		if (lines[i].fn == NULL || (id = lines[i].fn->id) >= v->p->nfns)
			continue;
		if (at[id] == 0) {
			r[n].fn = lines[i].fn;
			r[n].lo = lines[i].line;
			at[id] = ++n;
		}
		r[at[id] - 1].hi = lines[i].line;	/* lines come in order */
	}
	fputs(", \"functions\": [", m);
	for (i = 0; i < n; i++) {
		fputs(i ? ",\n      [" : "\n      [", m);
		cga_out_json(m, r[i].fn->display);
		fprintf(m, ", %llu, %llu]", (unsigned long long)r[i].lo,
		    (unsigned long long)r[i].hi);
		at[r[i].fn->id] = 0;
	}
	putc(']', m);
	free(r);
	free(lines);
}

/* "text": the file's lines, cut as the page is to be read. */
static void
text(FILE *m, FILE *src)
{
	char	*line = NULL;
	size_t	 cap = 0, n = 0;
	ssize_t	 len;

	fputs(", \"text\": [", m);
	while ((len = getline(&line, &cap, src)) != -1) {
		if (n == SRC_FILE_LINES)
			break;
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len > SRC_LINE_MAX)
			strcpy(line + SRC_LINE_MAX, " [line cut]");
		fputs(n++ ? ",\n      " : "\n      ", m);
		cga_out_json(m, line);
	}
	fprintf(m, "], \"cut\": %s, \"read_error\": %s",
	    len != -1 ? "true" : "false", ferror(src) ? "true" : "false");
	free(line);
}

static void
source(struct cga_json_piece *pc, const struct cga_view *v,
    struct cga_file *f, struct cga_site **all, size_t nall, size_t *at,
    struct cga_branches *br, int first)
{
	FILE			*m, *src;
	char			*opened = NULL;
	const char		*why;

	m = cga_json_piece_begin(pc);
	fputs(first ? "\n    {\"name\": " : ",\n    {\"name\": ", m);
	cga_out_json(m, f->name);
	src = cga_sources_open(v->src, f->name, &opened, &why);
	if (src == NULL) {
		fputs(", \"missing\": ", m);
		cga_out_json(m, why);
	} else {
		fputs(", \"path\": ", m);
		cga_out_json(m, opened);
		text(m, src);
		fclose(src);
		line_costs(m, v, f, br);
		sites(m, v, all, nall, f);
		ranges(m, v, f, at);
	}
	putc('}', m);
	free(opened);
	cga_json_piece_end(pc);
}

void
cga_html_sources(FILE *out, const struct cga_view *v, struct cga_fn **fns,
    size_t n)
{
	const struct cga_profile *p = v->p;
	struct cga_site		**all;
	struct cga_file		**list, *f;
	struct cga_json_piece	  pc;
	struct cga_branches	 *br;
	char			 *seen;
	size_t			  nf = 0, i, *at;

	list = xcalloc(n + 1, sizeof(*list));
	seen = xcalloc(p->nfiles + 1, 1);
	for (i = 0; i < n; i++) {
		if (strcmp(fns[i]->key.file, "???") == 0)
			continue;
		f = cga_file_find(p, fns[i]->key.file);
		if (f != NULL && !seen[f->id]) {
			seen[f->id] = 1;
			list[nf++] = f;
		}
	}
	free(seen);
	cga_view_sort_files(list, nf);
	all = xcalloc(p->nsites + 1, sizeof(*all));
	for (i = 0; i < p->nsites; i++)
		all[i] = cga_site_at(p, i);
	cga_sort(all, p->nsites, sizeof(*all), site_cmp, NULL);
	at = xcalloc(p->nfns + 1, sizeof(*at));
	cga_json_piece_init(&pc, out, 1);
	fputs(",\n  \"sources\": [", out);
	br = cga_branches_new(p, NULL);
	for (i = 0; i < nf && !ferror(out); i++)
		source(&pc, v, list[i], all, p->nsites, at, br, i == 0);
	cga_branches_free(br);
	fputs(nf ? "\n  ]" : "]", out);
	cga_json_piece_free(&pc);
	free(at);
	free(all);
	free(list);
}
