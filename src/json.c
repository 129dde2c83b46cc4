/*
 * json.c: --format=json, the report as one JSON document: metadata, the
 * events, the totals, the functions listed with their exclusive and
 * inclusive costs, callers and callees, and with annotation on, each listed
 * function's file with its line costs.  Counts are exact 64-bit integers;
 * an event never counted in a place is left out of that cost object.
 */
#include <stdlib.h>
#include <string.h>

#include "formats.h"
#include "report.h"

static void
string(FILE *out, const char *s)
{
	putc('"', out);
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20 || c == 0x7f)
			fprintf(out, "\\u%04x", c);
		else
			putc(c, out);
	}
	putc('"', out);
}

static void
opt_string(FILE *out, const char *s)
{
	if (s == NULL)
		fputs("null", out);
	else
		string(out, s);
}

/* {"Ir": 12, ...} over every event of the profile. */
static void
cost(FILE *out, const struct cga_profile *p, const uint64_t *c)
{
	size_t	 e;
	int	 first = 1;

	putc('{', out);
	for (e = 0; c != NULL && e < p->nev; e++) {
		if (!cga_cost_defined(p, c, e))
			continue;
		if (!first)
			fputs(", ", out);
		first = 0;
		string(out, p->ev[e].name);
		fputs(": ", out);
		cga_print_count(out, p, c[e]);
	}
	putc('}', out);
}

static void
calls(FILE *out, const struct cga_view *v, const struct cga_fn *fn,
    int callers)
{
	const struct cga_profile *p = v->p;
	const struct cga_call	**list, *c;
	size_t			  n, i;
	int			  first = 1;

	fprintf(out, "      \"%s\": [", callers ? "callers" : "callees");
	list = cga_calls_sorted(v, fn, callers, &n);
	for (i = 0; i < n; i++) {
		c = list[i];
		fputs(first ? "\n" : ",\n", out);
		first = 0;
		fputs("        {\"function\": ", out);
		string(out, (callers ? c->key.caller : c->key.callee)->display);
		fputs(", \"count\": ", out);
		cga_print_count(out, p, c->count);
		fputs(", \"cost\": ", out);
		cost(out, p, c->cost);
		putc('}', out);
	}
	free(list);
	fputs(first ? "]" : "\n      ]", out);
}

static void
files(FILE *out, const struct cga_profile *p, struct cga_fn **fns, size_t n)
{
	struct cga_file		**list;
	struct cga_lineref	 *lines;
	size_t			  nf = 0, nl, i, j;

	/* Each listed function's file once, by name. */
	list = xcalloc(n + 1, sizeof(*list));
	for (i = 0; i < n; i++) {
		struct cga_file *f;

		f = cga_file_find(p, fns[i]->key.file);
		for (j = 0; j < nf && f != NULL; j++)
			if (list[j] == f)
				break;
		if (f != NULL && j == nf)
			list[nf++] = f;
	}
	qsort(list, nf, sizeof(*list), cga_file_name_cmp);
	fputs(",\n  \"files\": [", out);
	for (i = 0; i < nf; i++) {
		fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", out);
		string(out, list[i]->name);
		fputs(", \"lines\": [", out);
		lines = cga_file_lines(p, list[i], &nl);
		for (j = 0; j < nl; j++) {
			fprintf(out, "%s\n      {\"line\": %llu, \"cost\": ",
			    j ? "," : "", (unsigned long long)lines[j].line);
			cost(out, p, lines[j].cost);
			putc('}', out);
		}
		free(lines);
		fputs(nl ? "\n    ]}" : "]}", out);
	}
	fputs(nf ? "\n  ]" : "]", out);
	free(list);
}

static int
json_print(FILE *out, const struct cga_view *v)
{
	const struct cga_profile *p = v->p;
	const struct cga_opts	 *o = v->o;
	struct cga_fn		**fns;
	size_t			  n, i, e;

	fputs("{\n  \"profiles\": [", out);
	for (i = 0; i < o->nprofiles; i++) {
		if (i > 0)
			fputs(", ", out);
		string(out, o->profiles[i]);
	}
	fputs("],\n  \"diff_base\": ", out);
	opt_string(out, p->diff ? p->base_path : NULL);
	fputs(",\n  \"creator\": ", out);
	opt_string(out, p->creator);
	fputs(",\n  \"command\": ", out);
	opt_string(out, p->cmd);
	fputs(",\n  \"pid\": ", out);
	opt_string(out, p->pid);
	fputs(",\n  \"parts\": [", out);
	for (i = 0; i < p->nparts; i++) {
		const struct cga_part *pt = &p->parts[i];

		fputs(i ? ",\n    {\"file\": " : "\n    {\"file\": ", out);
		string(out, pt->path);
		fprintf(out, ", \"ordinal\": %llu, \"part\": ",
		    (unsigned long long)pt->ordinal);
		opt_string(out, pt->number);
		fputs(", \"thread\": ", out);
		opt_string(out, pt->thread);
		fputs(", \"pid\": ", out);
		opt_string(out, pt->pid);
		fputs(", \"trigger\": ", out);
		opt_string(out, pt->trigger);
		fputs(", \"totals\": ", out);
		cost(out, p, pt->total);
		putc('}', out);
	}
	fputs(p->nparts ? "\n  ],\n" : "],\n", out);
	fputs("  \"events\": [", out);
	for (e = 0; e < p->nev; e++) {
		fputs(e ? ",\n    {\"name\": " : "\n    {\"name\": ", out);
		string(out, p->ev[e].name);
		fputs(", \"long_name\": ", out);
		opt_string(out, p->ev[e].longname);
		fprintf(out, ", \"derived\": %s}", e >= p->nrec ? "true" :
		    "false");
	}
	fputs("\n  ],\n  \"totals\": ", out);
	cost(out, p, p->total);
	fprintf(out, ",\n  \"totals_calculated\": %s,\n",
	    p->calculated ? "true" : "false");
	fputs("  \"functions\": [", out);
	fns = cga_report_select(v, &n);
	for (i = 0; i < n && !ferror(out); i++) {
		fputs(i ? ",\n    {\n      \"file\": " :
		    "\n    {\n      \"file\": ", out);
		string(out, fns[i]->key.file);
		fputs(",\n      \"name\": ", out);
		string(out, fns[i]->key.name);
		fputs(",\n      \"object\": ", out);
		opt_string(out, fns[i]->obj);
		fputs(",\n      \"exclusive\": ", out);
		cost(out, p, fns[i]->self);
		fputs(",\n      \"inclusive\": ", out);
		cost(out, p, fns[i]->incl);
		fputs(",\n", out);
		calls(out, v, fns[i], 1);
		fputs(",\n", out);
		calls(out, v, fns[i], 0);
		fputs("\n    }", out);
	}
	fputs(n ? "\n  ]" : "]", out);
	if (o->auto_annotate)
		files(out, p, fns, n);
	fputs("\n}\n", out);
	free(fns);
	return 0;
}

/* Files' line costs go with the functions when annotation is on. */
static unsigned
json_needs(const struct cga_view *v)
{
	return CGA_NEED_INCL | (v->o->auto_annotate ? CGA_NEED_ALL_LINES : 0);
}

const struct cga_format cga_format_json = { "json", json_needs, 0,
    json_print };
