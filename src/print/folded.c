/*
 * folded.c: flame graphs: --format=folded, a line per call stack
 * ("root;caller;function COUNT", as flamegraph.pl, inferno and speedscope
 * read it) for one event, and --format=speedscope, the same stacks as a
 * speedscope file with a profile per shown event.  The stacks are rebuilt
 * by stacks.c.  With --diff, folded lines carry the count of the older
 * profile and of the newer ("STACK OLD NEW", as difffolded.pl writes).
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/stacks.h"
#include "base/diag.h"
#include "base/out.h"
#include "base/sort.h"
#include "base/version.h"
#include "print/format.h"
#include "print/frames.h"
#include "view/view.h"

/* Frames at most, in all: about 48 bytes each. */
#define MAX_FRAMES	(4u * 1024 * 1024)

/* Whether a stack is shown: --focus names one of its frames. */
static int
focused(const struct cga_view *v, const struct cga_stacks *s, size_t i)
{
	if (v->nfocus == 0)
		return 1;
	for (; i != SIZE_MAX; i = s->f[i].parent)
		if (cga_view_focused(v, s->f[i].fn))
			return 1;
	return 0;
}

/* The stack ending at frame i, root first, without hidden frames. */
static int
print_stack(FILE *out, const struct cga_view *v, const struct cga_frames *fr,
    const struct cga_stacks *s, size_t i, size_t *path)
{
	size_t	 n = 0;
	int	 first = 1;

	for (; i != SIZE_MAX; i = s->f[i].parent)
		if (!cga_view_hidden(v, s->f[i].fn))
			path[n++] = i;
	if (n == 0)
		return 0;
	while (n-- > 0) {
		if (!first)
			putc(';', out);
		first = 0;
		cga_out_folded(out, cga_frames_name(fr, s->f[path[n]].fn));
	}
	return 1;
}

static int
build(struct cga_stacks *s, const struct cga_view *v,
    const struct cga_profile *g, size_t e)
{
	struct cga_stack_opts	 so;

	memset(&so, 0, sizeof(so));
	so.event = e;
	so.max_depth = v->max_depth;
	so.max_frames = MAX_FRAMES;
	if (cga_stacks_build(s, g, &so) == -1)
		return -1;
	if (s->cut > 0)
		cga_diag("%s: warning: %zu stacks cut at %u frames (or the "
		    "limit of %u frames); their cost is on their last frame",
		    g->path, s->cut, v->max_depth, MAX_FRAMES);
	return 0;
}

static int
folded_one(FILE *out, const struct cga_view *v)
{
	struct cga_stacks	 s;
	struct cga_frames	 fr;
	size_t			*path, i;

	if (cga_frames_make(&fr, v, v->lp) == -1)
		return 1;
	if (build(&s, v, fr.g, v->show[0]) == -1) {
		cga_frames_free(&fr);
		return 1;
	}
	path = xcalloc(v->max_depth + 2, sizeof(*path));
	for (i = 0; i < s.n && !ferror(out); i++) {
		if (s.f[i].self == 0 || !focused(v, &s, i))
			continue;
		if (print_stack(out, v, &fr, &s, i, path))
			fprintf(out, " %llu\n",
			    (unsigned long long)s.f[i].self);
	}
	free(path);
	cga_frames_free(&fr);
	cga_stacks_free(&s);
	return 0;
}

/* A stack of a difference, as text, and its counts in each profile. */
struct dstack {
	char		*text;
	uint64_t	 count[2];
};

static int
dstack_cmp(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return strcmp(((const struct dstack *)a)->text,
	    ((const struct dstack *)b)->text);
}

/* The stacks of one side (0: older, 1: newer) appended to *d. */
static int
side(const struct cga_view *v, const struct cga_profile *g, int which,
    struct dstack **d, size_t *nd, size_t *cap)
{
	struct cga_stacks	 s;
	struct cga_frames	 fr;
	size_t			 e, i, *path, len;
	FILE			*m;
	char			*text;
	int			 shown;

	e = g == v->lp ? v->show[0] :
	    cga_event_index(g, v->p->ev[v->show[0]].name);
	if (e == CGA_NOEVENT)
		return 0;	/* the event counts 0 there */
	/* A difference's sides: functions of one name as one, too. */
	if (cga_frames_make(&fr, v, g) == -1)
		return -1;
	if (build(&s, v, fr.g, e) == -1) {
		cga_frames_free(&fr);
		return -1;
	}
	path = xcalloc(v->max_depth + 2, sizeof(*path));
	for (i = 0; i < s.n; i++) {
		if (s.f[i].self == 0 || !focused(v, &s, i))
			continue;
		if ((m = open_memstream(&text, &len)) == NULL)
			cga_oom();
		/* text is set by fclose, which must come first. */
		shown = print_stack(m, v, &fr, &s, i, path);
		if (fclose(m) != 0)
			cga_oom();
		if (!shown) {
			free(text);
			continue;
		}
		if (*nd == *cap) {
			*cap = *cap ? 2 * *cap : 1024;
			*d = xreallocarray(*d, *cap, sizeof(**d));
		}
		(*d)[*nd].text = text;
		(*d)[*nd].count[which] = s.f[i].self;
		(*d)[(*nd)++].count[!which] = 0;
	}
	free(path);
	cga_frames_free(&fr);
	cga_stacks_free(&s);
	return 0;
}

/* --diff: "STACK OLD NEW" for every stack of either profile. */
static int
folded_diff(FILE *out, const struct cga_view *v)
{
	struct dstack	*d = NULL;
	size_t		 nd = 0, cap = 0, i, j;
	uint64_t	 c[2];
	int		 rc = 0;

	if (side(v, v->older, 0, &d, &nd, &cap) == -1 ||
	    side(v, v->newer, 1, &d, &nd, &cap) == -1)
		rc = 1;
	cga_sort(d, nd, sizeof(*d), dstack_cmp, NULL);
	for (i = 0; i < nd && rc == 0; i = j) {
		c[0] = c[1] = 0;
		for (j = i; j < nd && strcmp(d[j].text, d[i].text) == 0; j++) {
			c[0] += d[j].count[0];	/* each side sums to its total */
			c[1] += d[j].count[1];
		}
		fprintf(out, "%s %llu %llu\n", d[i].text,
		    (unsigned long long)c[0], (unsigned long long)c[1]);
	}
	for (i = 0; i < nd; i++)
		free(d[i].text);
	free(d);
	return rc;
}

/* --hide: stacks that differed in hidden frames only are one line. */
static int
folded_merged(FILE *out, const struct cga_view *v)
{
	struct dstack	*d = NULL;
	size_t		 nd = 0, cap = 0, i, j;
	uint64_t	 c;
	int		 rc = 0;

	if (side(v, v->lp, 1, &d, &nd, &cap) == -1)
		rc = 1;
	cga_sort(d, nd, sizeof(*d), dstack_cmp, NULL);
	for (i = 0; i < nd && rc == 0; i = j) {
		for (c = 0, j = i; j < nd && strcmp(d[j].text, d[i].text) == 0;
		    j++)
			c += d[j].count[1];
		fprintf(out, "%s %llu\n", d[i].text, (unsigned long long)c);
	}
	for (i = 0; i < nd; i++)
		free(d[i].text);
	free(d);
	return rc;
}

static int
folded_print(FILE *out, const struct cga_view *v)
{
	if (v->older != NULL)
		return folded_diff(out, v);
	if (v->nhide > 0 && !v->p->diff)
		return folded_merged(out, v);
	if (v->p->diff) {
		cga_diag("%s: a profile with negative counts has no flame "
		    "graph; --diff OLD NEW gives the stacks of each",
		    cga_profile_said(v->p));
		return 1;
	}
	return folded_one(out, v);
}

/* Stacks need calls, and the bounds of inclusive costs on them. */
static unsigned
folded_needs(const struct cga_view *v)
{
	(void)v;
	return CGA_NEED_INCL;
}

const struct cga_format cga_format_folded = { "folded", folded_needs,
    NULL, 0, folded_print, NULL, NULL, 0 };

/* Whether --hide leaves nothing of the stack ending at frame i. */
static int
all_hidden(const struct cga_view *v, const struct cga_stacks *s, size_t i)
{
	for (; i != SIZE_MAX; i = s->f[i].parent)
		if (!cga_view_hidden(v, s->f[i].fn))
			return 0;
	return 1;
}

/* The frames of the speedscope file: an index per function used. */
struct ssframes {
	size_t		*index;		/* by function id, 1 + frame */
	const struct cga_fn **fn;	/* by frame */
	size_t		 n;
};

static size_t
ss_frame(struct ssframes *fr, const struct cga_fn *fn)
{
	if (fr->index[fn->id] == 0) {
		fr->fn[fr->n] = fn;
		fr->index[fn->id] = ++fr->n;
	}
	return fr->index[fn->id] - 1;
}

/* One profile of the file: the stacks of event e, as samples. */
static int
ss_profile(FILE *out, const struct cga_view *v, const struct cga_frames *fg,
    size_t e, struct ssframes *fr, int first)
{
	struct cga_stacks	 s;
	size_t			 i, j, n, *path;
	uint64_t		 sum = 0;
	int			 any = 0;

	if (build(&s, v, fg->g, e) == -1)
		return -1;
	for (i = 0; i < s.n; i++)
		if (s.f[i].self > 0 && focused(v, &s, i) &&
		    !all_hidden(v, &s, i))
			sum += s.f[i].self;	/* at most the total */
	fputs(first ? "\n    {\"type\": \"sampled\", \"name\": " :
	    ",\n    {\"type\": \"sampled\", \"name\": ", out);
	cga_out_json(out, v->p->ev[e].name);
	fprintf(out, ", \"unit\": \"none\", \"startValue\": 0, "
	    "\"endValue\": %llu,\n     \"samples\": [",
	    (unsigned long long)sum);
	path = xcalloc(v->max_depth + 2, sizeof(*path));
	for (i = 0; i < s.n; i++) {
		if (s.f[i].self == 0 || !focused(v, &s, i))
			continue;
		for (n = 0, j = i; j != SIZE_MAX; j = s.f[j].parent)
			if (!cga_view_hidden(v, s.f[j].fn))
				path[n++] = ss_frame(fr, s.f[j].fn);
		if (n == 0)
			continue;
		fputs(any ? ",\n      [" : "\n      [", out);
		any = 1;
		while (n-- > 0)
			fprintf(out, "%zu%s", path[n], n ? ", " : "");
		putc(']', out);
	}
	fputs(any ? "\n     ],\n     \"weights\": [" : "],\n     \"weights\": [",
	    out);
	any = 0;
	for (i = 0; i < s.n; i++) {
		if (s.f[i].self == 0 || !focused(v, &s, i))
			continue;
		if (all_hidden(v, &s, i))
			continue;
		fprintf(out, "%s%llu", any ? ", " : "",
		    (unsigned long long)s.f[i].self);
		any = 1;
	}
	fputs("]}", out);
	free(path);
	cga_stacks_free(&s);
	return 0;
}

/* The first line with a cost of each function, by id (0: none known). */
static uint64_t *
first_lines(const struct cga_view *v)
{
	const struct cga_profile *p = v->p;
	struct cga_file		 *f;
	struct cga_lineref	 *lines;
	uint64_t		 *first;
	size_t			  n, i;

	first = xcalloc(p->nfns + 1, sizeof(*first));
	for (f = p->files; f != NULL; f = f->next) {
		lines = cga_file_lines(p, f, &n);
		for (i = 0; i < n; i++)
			if (lines[i].fn != NULL && lines[i].line > 0 &&
			    lines[i].fn->id < p->nfns &&
			    (first[lines[i].fn->id] == 0 ||
			    lines[i].line < first[lines[i].fn->id]))
				first[lines[i].fn->id] = lines[i].line;
		free(lines);
	}
	return first;
}

/*
 * The function whose file and line a frame shows: the function, or for a
 * name whose code is in several files the first made; none for a file
 * or an object.
 */
static const struct cga_fn *
source_of(const struct cga_frames *fg, const struct cga_fn *fn)
{
	if (fg->groups == NULL)
		return fn;
	if (fg->groups->by != CGA_GROUP_NAME)
		return NULL;
	return fg->groups->members[fg->groups->first[fn->id]];
}

static void
ss_frames(FILE *out, const struct cga_view *v, const struct ssframes *fr,
    const struct cga_frames *fg)
{
	uint64_t		*line = first_lines(v);
	const struct cga_fn	*fn;
	size_t			 i;

	fputs("  \"shared\": {\"frames\": [", out);
	for (i = 0; i < fr->n; i++) {
		fputs(i ? ",\n    {\"name\": " : "\n    {\"name\": ", out);
		cga_out_json(out, cga_frames_name(fg, fr->fn[i]));
		fn = source_of(fg, fr->fn[i]);
		if (fn != NULL) {
			fputs(", \"file\": ", out);
			cga_out_json(out, fn->key.file);
			if (line[fn->id] > 0)
				fprintf(out, ", \"line\": %llu",
				    (unsigned long long)line[fn->id]);
		}
		putc('}', out);
	}
	fputs(fr->n ? "\n  ]},\n" : "]},\n", out);
	free(line);
}

/*
 * speedscope's file format: its frames, shared, come first; they are
 * known once the profiles are made, so the profiles are written to memory
 * first.
 */
static int
speedscope_print(FILE *out, const struct cga_view *v)
{
	struct ssframes	 fr;
	struct cga_frames fg;
	FILE		*m;
	char		*buf = NULL;
	size_t		 len, i;
	int		 rc = 0;

	if (v->p->diff) {
		cga_diag("%s: a difference has no speedscope file; "
		    "--format=folded --diff gives both profiles' stacks",
		    cga_profile_said(v->p));
		return 1;
	}
	if (cga_frames_make(&fg, v, v->lp) == -1)
		return 1;
	memset(&fr, 0, sizeof(fr));
	fr.index = xcalloc(fg.g->nfns + 1, sizeof(*fr.index));
	fr.fn = xcalloc(fg.g->nfns + 1, sizeof(*fr.fn));
	if ((m = open_memstream(&buf, &len)) == NULL)
		cga_oom();
	for (i = 0; i < v->nshow && rc == 0; i++)
		rc = ss_profile(m, v, &fg, v->show[i], &fr, i == 0);
	if (fclose(m) != 0)
		cga_oom();
	if (rc == 0) {
		fputs("{\n  \"$schema\": "
		    "\"https://www.speedscope.app/file-format-schema.json\",\n"
		    "  \"exporter\": \"cgannotate " CGA_VERSION "\",\n"
		    "  \"name\": ", out);
		cga_out_json(out, v->p->path);
		fputs(",\n  \"activeProfileIndex\": 0,\n", out);
		ss_frames(out, v, &fr, &fg);
		fputs("  \"profiles\": [", out);
		fwrite(buf, 1, len, out);
		fputs("\n  ]\n}\n", out);
	}
	free(buf);
	free(fr.index);
	free(fr.fn);
	cga_frames_free(&fg);
	return rc == 0 ? 0 : 1;
}

/* Stacks, and lines for the frames' first lines. */
static unsigned
speedscope_needs(const struct cga_view *v)
{
	(void)v;
	return CGA_NEED_INCL | CGA_NEED_ALL_LINES | CGA_NEED_OWNERS;
}

const struct cga_format cga_format_speedscope = { "speedscope",
    speedscope_needs, NULL, 0, speedscope_print, NULL, NULL, 0 };
