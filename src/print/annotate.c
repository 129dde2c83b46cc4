/*
 * annotate.c: source files printed with the cost of each line, the calls
 * made from it, and the totals of what was annotated, as callgrind_annotate
 * prints them.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "base/fmt.h"
#include "base/out.h"
#include "base/sort.h"
#include "print/annotate.h"
#include "print/branches.h"
#include "view/columns.h"
#include "view/sources.h"

static const char fancy[] =
    "--------------------------------------------------------------------------------\n";

struct ann_file {
	const char	*name;
	struct cga_file	*file;		/* NULL when the profile lacks it */
	uint64_t	*cost;		/* its line costs summed */
	int		 user;		/* named on the command line */
	struct cga_lineref *lines;	/* its line costs, by line */
	size_t		 nlines;
	uint64_t	*ext;		/* --focus, --hide: where the shown */
	size_t		 next;		/* functions lie, first and last */
					/* line pairs (next numbers) */
};

/* a + b, or the largest line there is. */
static uint64_t
sat_add(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

int
cga_annotate_check_sources(const struct cga_view *v)
{
	FILE		*f;
	char		*opened;
	const char	*why;
	size_t		 i;

	for (i = 0; i < v->nsources; i++) {
		if ((f = cga_sources_open(v->src, v->sources[i], &opened,
		    &why)) == NULL) {
			cga_sources_not_found(v->src, v->sources[i], why);
			return -1;
		}
		fclose(f);
		free(opened);
	}
	return 0;
}

/* Files by cost of the primary sort event, highest first, then by name. */
static int
file_cmp(const void *a, const void *b, void *ctx)
{
	const struct ann_file	*fa = a, *fb = b;
	int			 c = 0;

	if (fa->cost != NULL && fb->cost != NULL)
		c = cga_cost_cmp(ctx, fa->cost, fb->cost);
	else if (fa->cost != NULL || fb->cost != NULL)
		c = fa->cost != NULL ? -1 : 1;
	return c != 0 ? c : strcmp(fa->name, fb->name);
}

int
cga_annotate_site_unchanged(const struct cga_profile *p,
    const struct cga_site *s)
{
	size_t	 e;

	for (e = 0; e < p->nev; e++)
		if (cga_cost_defined(p, s->cost, e) && s->cost[e] != 0)
			return 0;
	return s->count == 0;
}

static void
print_sites(FILE *out, const struct cga_view *v, const size_t *w,
    const struct cga_line_sites *ls)
{
	char	 count[CGA_FMT_COUNT];
	size_t	 i;

	for (i = 0; i < ls->n; i++) {
		if (v->p->diff && cga_annotate_site_unchanged(v->p,
		    ls->sites[i]))
			continue;
		cga_print_cost(out, v, w, ls->sites[i]->cost);
		cga_view_count(v, count, ls->sites[i]->count);
		fputs(" => ", out);
		cga_view_print_fn(out, ls->sites[i]->key.callee);
		fprintf(out, " (%sx)\n", count);
	}
}

static void
newer_warning(FILE *out, const char *src, const char *profile)
{
	fputs("@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n"
	    "@@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@\n"
	    "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n",
	    out);
	fputs("@ Source file '", out);
	cga_out_text(out, src);
	fputs("' is more recent than input file '", out);
	cga_out_text(out, profile);
	fputs("'.\n@ Annotations may not be correct.\n", out);
	fputs("@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n\n",
	    out);
}

static void
bogus_warning(FILE *out, const char *src, int newer)
{
	size_t	 n = strlen(src);

	fputs("@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n"
	    "@@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@\n"
	    "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n"
	    "@@\n", out);
	fputs("@@ Information recorded about lines past the end of '", out);
	cga_out_text(out, src);
	fputs("'.\n", out);
	fputs("@@\n@@ Probable cause and solution:\n", out);
	if (newer) {
		fputs("@@ cause:    '", out);
		cga_out_text(out, src);
		fputs("' has changed since information was gathered.\n"
		    "@@           If so, a warning will have already been "
		    "issued about this.\n"
		    "@@ solution: Recompile program and rerun under "
		    "\"valgrind --cachesim=yes\" to \n"
		    "@@           gather new information.\n", out);
	} else if (n >= 2 && strcmp(src + n - 2, ".h") == 0)
		fputs("@@ cause:    bug in the Valgrind's debug info reader "
		    "that screws up with .h\n"
		    "@@           files sometimes\n"
		    "@@ solution: none, sorry\n", out);
	else
		fputs("@@ cause:    not sure, sorry\n", out);
	fputs("@@\n"
	    "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n",
	    out);
}

static void
dashes(FILE *out, uint64_t line)
{
	fprintf(out, "-- line %llu ----------------------------------------\n",
	    (unsigned long long)line);
}

/* The heading of a file's annotation; 1 when the source is newer. */
static int
file_heading(FILE *out, const struct cga_view *v, const struct ann_file *af,
    const char *shown_name, const char *opened)
{
	struct stat	 sst, pst;

	fputs(fancy, out);
	fprintf(out, "-- %s-annotated source: ", af->user ? "User" : "Auto");
	cga_out_text(out, shown_name);
	fputs("\n", out);
	fputs(fancy, out);
	if (af->file == NULL) {
		fputs("  No information has been collected for ", out);
		cga_out_text(out, af->name);
		fputs("\n\n", out);
		return 0;
	}
	if (stat(opened, &sst) == 0 && stat(v->p->path, &pst) == 0 &&
	    sst.st_mtime > pst.st_mtime) {
		newer_warning(out, af->name, v->p->path);
		return 1;
	}
	return 0;
}

/*
 * The ranges of lines within --context of lines[from..n), as pairs of
 * first and last line; *np numbers.
 */
static uint64_t *
context_ranges(const struct cga_lineref *lines, size_t from, size_t n,
    uint64_t context, size_t *np)
{
	uint64_t	*pairs;
	size_t		 i, k = 0;

	pairs = xcalloc(2 * (n + 1), sizeof(*pairs));
	for (i = from; i < n; i++) {
		pairs[k++] = lines[i].line > context ? lines[i].line - context :
		    0;
		while (i + 1 < n && sat_add(lines[i].line, sat_add(context,
		    context)) >= lines[i + 1].line)
			i++;
		pairs[k++] = sat_add(lines[i].line, context);
	}
	if (k > 0 && pairs[0] < 1)
		pairs[0] = 1;
	*np = k;
	return pairs;
}

/* The ranges of pairs that lie within the extents ext, in order. */
static uint64_t *
clip_ranges(uint64_t *pairs, size_t *np, const uint64_t *ext, size_t next)
{
	uint64_t	*out, lo, hi;
	size_t		 i = 0, j = 0, k = 0;

	out = xcalloc(*np + next + 2, sizeof(*out));
	while (i < *np && j < next) {
		lo = pairs[i] > ext[j] ? pairs[i] : ext[j];
		hi = pairs[i + 1] < ext[j + 1] ? pairs[i + 1] : ext[j + 1];
		if (lo <= hi) {
			out[k++] = lo;
			out[k++] = hi;
		}
		if (pairs[i + 1] < ext[j + 1])
			i += 2;
		else
			j += 2;
	}
	free(pairs);
	*np = k;
	return out;
}

/* The longest source line shown whole. */
#define SOURCE_LINE_MAX	(1024 * 1024)

/* Where a walk through a source file is. */
struct walk {
	FILE			*src;
	char			*buf;
	size_t			 bufcap;
	uint64_t		 lineno;	/* lines read */
	const struct cga_lineref *lines;	/* those with a cost */
	size_t			 n;
	size_t			 next;		/* the next to print */
	const struct cga_line_sites	*ls;		/* call sites by line */
	size_t			 nls;
	size_t			 si;
	struct cga_branches *br;		/* jumps by line */
	const struct cga_file	*file;
	const size_t		*w;
	uint64_t		*printed;	/* costs printed, summed */
	int			 err;		/* errno of a read error */
	int			 tty;		/* out is a terminal */
};

/*
 * The next line of the source into wk->buf, its newline kept: its length,
 * or -1 at the end (or a read error).  A line longer than SOURCE_LINE_MAX
 * is cut there, with a mark: a source is only shown, and a file of one
 * endless line must not take all memory.
 */
static ssize_t
source_line(struct walk *wk)
{
	static const char mark[] = " [line cut at 1 MiB]\n";
	size_t		 len = 0;
	int		 c;

	while ((c = getc(wk->src)) != EOF) {
		if (len + sizeof(mark) >= wk->bufcap) {
			if (wk->bufcap >= SOURCE_LINE_MAX) {
				while (c != '\n' && (c = getc(wk->src)) != EOF)
					;
				memcpy(wk->buf + len, mark, sizeof(mark) - 1);
				return (ssize_t)(len + sizeof(mark) - 1);
			}
			wk->bufcap = wk->bufcap ? 2 * wk->bufcap : 4096;
			wk->buf = xreallocarray(wk->buf, wk->bufcap, 1);
		}
		wk->buf[len++] = (char)c;
		if (c == '\n')
			break;
	}
	return len > 0 ? (ssize_t)len : -1;
}

/* Prints lines up to high: 0, or -1 when the source ends before it. */
static int
walk_range(FILE *out, const struct cga_view *v, struct walk *wk,
    uint64_t low, uint64_t high)
{
	ssize_t	 got = 0;
	int	 have = 0;

	while (wk->lineno + 1 < low &&
	    source_line(wk) != -1)
		wk->lineno++;
	if (ferror(wk->src)) {
		wk->err = errno;
		return -1;
	}
	if (low != 1)
		dashes(out, low);
	while (wk->lineno < high && !ferror(out) &&
	    (got = source_line(wk)) != -1) {
		have = 1;
		wk->lineno++;
		if (wk->next < wk->n && wk->lines[wk->next].line ==
		    wk->lineno) {
			cga_print_cost(out, v, wk->w, wk->lines[wk->next].cost);
			cga_cost_add(v->p, wk->printed,
			    wk->lines[wk->next].cost);
			wk->next++;
		} else
			cga_print_cost(out, v, wk->w, NULL);
		putc(' ', out);
		/* Into a file as it is; never a terminal's controls. */
		if (wk->tty)
			cga_out_source(out, wk->buf, (size_t)got);
		else
			fwrite(wk->buf, 1, (size_t)got, out);
		while (wk->si < wk->nls && wk->ls[wk->si].line < wk->lineno)
			wk->si++;
		if (wk->si < wk->nls && wk->ls[wk->si].line == wk->lineno)
			print_sites(out, v, wk->w, &wk->ls[wk->si]);
		cga_branches_text(out, v, wk->w, wk->br, wk->file, wk->lineno);
	}
	if (ferror(wk->src)) {
		wk->err = errno;
		return -1;
	}
	if (!have || wk->lineno < high)
		return -1;
	dashes(out, high);
	return 0;
}

/*
 * One file, following callgrind_annotate's walk through its lines: 0, or
 * -1 after a read error of the source was printed.
 */
static int
annotate_file(FILE *out, const struct cga_view *v, const struct ann_file *af,
    FILE *src, const char *shown_name, const char *opened, uint64_t *printed,
    struct cga_site **sites, size_t nsites, struct cga_branches *br)
{
	const struct cga_lineref *zero = NULL;
	struct cga_line_sites	*ls;
	struct walk		 wk;
	size_t			*w, i, np;
	uint64_t		*pairs;
	int			 newer;

	newer = file_heading(out, v, af, shown_name, opened);
	if (af->file == NULL)
		return 0;
	w = cga_widths_new(v);
	for (i = 0; i < af->nlines; i++)
		cga_widths_add(v, w, af->lines[i].cost);
	cga_print_events(out, v, w);
	fputs("\n\n", out);

	memset(&wk, 0, sizeof(wk));
	wk.src = src;
	wk.lines = af->lines;
	wk.n = af->nlines;
	wk.w = w;
	wk.printed = printed;
	wk.br = br;
	wk.file = af->file;
	wk.tty = isatty(fileno(out));
	if (wk.n > 0 && wk.lines[0].line == 0) {
		zero = &wk.lines[0];
		wk.next = 1;
	}
	pairs = context_ranges(wk.lines, wk.next, wk.n, v->context, &np);
	if (af->ext != NULL)
		pairs = clip_ranges(pairs, &np, af->ext, af->next);
	wk.ls = ls = cga_sites_of_file(sites, nsites, af->file, &wk.nls);
	for (i = 0; i < np; i += 2)
		if (walk_range(out, v, &wk, pairs[i], pairs[i + 1]) == -1)
			break;
	if (wk.next < wk.n && wk.err == 0) {
		for (i = wk.next; i < wk.n; i++) {
			cga_print_cost(out, v, w, wk.lines[i].cost);
			fprintf(out, " <bogus line %llu>\n",
			    (unsigned long long)wk.lines[i].line);
		}
		fputs("\n", out);
		bogus_warning(out, af->name, newer);
	}
	fputs("\n", out);
	if (zero != NULL) {
		cga_print_cost(out, v, w, zero->cost);
		fputs(" <counts for unidentified lines in ", out);
		cga_out_text(out, af->name);
		fputs(">\n\n", out);
	}
	free(ls);
	free(pairs);
	free(wk.buf);
	free(w);
	if (wk.err != 0) {
		cga_diag("%s: read error: %s", opened, strerror(wk.err));
		return -1;
	}
	return 0;
}

/* The files to annotate, each once. */
struct gather {
	struct ann_file	*files;
	size_t		 n;
	size_t		*at;		/* by file id: 1 + index in files */
	struct cga_arena arena;
};

/* Whether a line of a difference changed: only those are annotated. */
static int
line_changed(const struct cga_profile *p, const uint64_t *c)
{
	size_t	 e;

	for (e = 0; e < p->nev; e++)
		if (cga_cost_defined(p, c, e) && c[e] != 0)
			return 1;
	return 0;
}

/* A difference annotates the lines that changed: the others go. */
static void
changed_lines(const struct cga_profile *p, struct ann_file *af)
{
	size_t	 i, n = 0;

	for (i = 0; i < af->nlines; i++)
		if (line_changed(p, af->lines[i].cost))
			af->lines[n++] = af->lines[i];
	af->nlines = n;
}

/*
 * --focus, --hide: only the lines of the functions shown, and the stretches
 * of the file between other functions' lines that hold them, so that
 * context stops where another function's lines begin.
 */
static void
shown_lines(const struct cga_view *v, struct ann_file *af)
{
	size_t		 i, n = 0, k = 0;
	uint64_t	 after = 0;	/* the last line of another function */
	int		 in = 0;	/* in a stretch */

	af->ext = xcalloc(2 * (af->nlines + 1), sizeof(*af->ext));
	for (i = 0; i < af->nlines; i++) {
		if (af->lines[i].fn != NULL &&
		    cga_view_passes(v, af->lines[i].fn, 1)) {
			if (!in)
				af->ext[k++] = after + 1;
			in = 1;
			af->lines[n++] = af->lines[i];
			continue;
		}
		if (in)
			af->ext[k++] = af->lines[i].line - 1;
		in = 0;
		after = af->lines[i].line;
	}
	if (in)
		af->ext[k++] = UINT64_MAX;
	af->nlines = n;
	af->next = k;
}

/* The lines of a file to annotate, in line order. */
static void
file_lines(const struct cga_view *v, struct ann_file *af)
{
	af->lines = cga_file_lines(v->p, af->file, &af->nlines);
	if (v->p->diff)
		changed_lines(v->p, af);
	if (v->pass != NULL)
		shown_lines(v, af);
}

struct file_sum {
	const struct cga_profile *p;
	uint64_t		*cost;
	int			 overflow;
};

static void
add_line_cost(void *ctx, struct cga_file *f, uint64_t line, uint64_t *c)
{
	struct file_sum	*fs = ctx;

	(void)f;
	(void)line;
	if ((!fs->p->diff || line_changed(fs->p, c)) &&
	    cga_cost_add(fs->p, fs->cost, c) == -1)
		fs->overflow = 1;
}

/* Adds a file, found in the profile (f) or not (f NULL, named by a user). */
static int
add_file(struct gather *g, const struct cga_profile *p, const char *name,
    struct cga_file *f, int user)
{
	struct ann_file	*af;
	struct file_sum	 fs;
	size_t		 i;

	if (f != NULL && g->at[f->id] != 0) {
		g->files[g->at[f->id] - 1].user |= user;
		return 0;
	}
	if (f == NULL)
		for (i = 0; i < g->n; i++)
			if (g->files[i].file == NULL &&
			    strcmp(g->files[i].name, name) == 0)
				return 0;
	if ((g->n & (g->n - 1)) == 0)	/* 0, 1, 2, 4, ...: grow */
		g->files = xreallocarray(g->files, g->n ? 2 * g->n : 1,
		    sizeof(*g->files));
	af = &g->files[g->n++];
	memset(af, 0, sizeof(*af));
	af->name = f != NULL ? f->name : name;
	af->user = user;
	af->file = f;
	if (f == NULL)
		return 0;
	g->at[f->id] = g->n;
	/* Its lines are listed when it is annotated, if it is. */
	af->cost = cga_arena_alloc(&g->arena, p->cw * sizeof(uint64_t));
	fs.p = p;
	fs.cost = af->cost;
	fs.overflow = 0;
	cga_file_each(p, f, add_line_cost, &fs);
	return fs.overflow ? -1 : 0;
}

static struct cga_file *
find_file(const struct cga_profile *p, const char *name)
{
	struct cga_file	*f;

	for (f = p->files; f != NULL; f = f->next)
		if (strcmp(f->name, name) == 0)
			return f;
	return NULL;
}

static int
name_cmp(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* By the name each points to. */
static int
name_cmp_at(const void *a, const void *b, void *ctx)
{
	(void)ctx;
	return strcmp((*(struct ann_file *const *)a)->name,
	    (*(struct ann_file *const *)b)->name);
}

/* The files named by the user, then those of the listed functions. */
static int
gather_files(struct gather *g, const struct cga_view *v,
    struct cga_fn **listed, size_t nlisted)
{
	const struct cga_profile *p = v->p;
	struct cga_file		 *f;
	size_t			  i;

	g->at = xcalloc(p->nfiles + 1, sizeof(*g->at));
	for (i = 0; i < v->nsources; i++)
		if (add_file(g, p, v->sources[i], find_file(p,
		    v->sources[i]), 1) == -1)
			return -1;
	if (!v->auto_annotate)
		return 0;
	for (i = 0; i < nlisted; i++) {
		/* As the report: ahead, at random in memory. */
		if (i + 8 < nlisted)
			__builtin_prefetch(listed[i + 8]);
		if (i + 4 < nlisted)
			__builtin_prefetch(listed[i + 4]->key.file);
		if (strcmp(listed[i]->key.file, "???") == 0)
			continue;
		f = cga_file_find(p, listed[i]->key.file);
		if (f != NULL && add_file(g, p, f->name, f, 0) == -1)
			return -1;
	}
	return 0;
}

/*
 * Whether the files' costs add up within 64 bits: then so does what is
 * annotated of them, a part of them, which is summed as it is printed.
 */
static int
files_sum_fits(const struct gather *g, const struct cga_profile *p)
{
	uint64_t	*sum = xcalloc(p->cw, sizeof(*sum));
	size_t		 i;
	int		 rc = 0;

	for (i = 0; i < g->n && rc == 0; i++)
		if (g->files[i].cost != NULL)
			rc = cga_cost_add(p, sum, g->files[i].cost);
	free(sum);
	return rc;
}

/* "DIR/ + NAME", as callgrind_annotate shows a file found in -I DIR. */
static char *
shown_name(const char *opened, const char *name)
{
	size_t	 dir;
	char	*shown;

	if (strcmp(opened, name) == 0)
		return xstrdup(opened);
	dir = strlen(opened) - strlen(name);
	shown = xmalloc(dir + strlen(name) + 4);
	memcpy(shown, opened, dir);
	strcpy(shown + dir, " + ");
	strcat(shown, name);
	return shown;
}

/* A file that could not be annotated, and why. */
struct unfound {
	const char	*name;		/* first: sorted by name_cmp */
	const char	*why;
};

static void
print_unfound(FILE *out, struct unfound *unfound, size_t n, int resort)
{
	struct cga_w	 w;
	size_t		 i;

	if (resort)
		cga_sort(unfound, n, sizeof(*unfound), name_cmp, NULL);
	fputs(fancy, out);
	fputs("The following files chosen for auto-annotation could "
	    "not be found:\n", out);
	fputs(fancy, out);
	cga_w_init(&w, out);
	for (i = 0; i < n; i++) {
		cga_w_puts(&w, "  ");
		cga_w_text(&w, unfound[i].name);
		if (strcmp(unfound[i].why, "not found") != 0) {
			cga_w_puts(&w, " (");
			cga_w_puts(&w, unfound[i].why);
			cga_w_putc(&w, ')');
		}
		cga_w_putc(&w, '\n');
	}
	cga_w_flush(&w);
	fputs("\n", out);
}

/*
 * Sets apart the files that cannot be found, by name: the list of them
 * is all that is printed of them, so they are not ranked by cost, nor
 * their calls and jumps indexed.  A file named by the user stays, to be
 * reported where it comes.  The others stay in g->files, by name, which
 * brings each directory's files together.
 */
static void
set_apart(const struct cga_view *v, struct gather *g, struct unfound *unfound,
    size_t *nunfound)
{
	struct ann_file	**byname;
	unsigned char	 *found;
	size_t		  i, n = 0;

	byname = xcalloc(g->n + 1, sizeof(*byname));
	found = xcalloc(g->n + 1, 1);
	for (i = 0; i < g->n; i++)
		byname[i] = &g->files[i];
	cga_sort(byname, g->n, sizeof(*byname), name_cmp_at, NULL);
	for (i = 0; i < g->n; i++) {
		if (byname[i]->user ||
		    cga_sources_found(v->src, byname[i]->name))
			found[byname[i] - g->files] = 1;
		else {
			unfound[*nunfound].name = byname[i]->name;
			unfound[(*nunfound)++].why = "not found";
		}
	}
	for (i = 0; i < g->n; i++)
		if (found[i])
			g->files[n++] = g->files[i];
	g->n = n;
	free(byname);
	free(found);
}

/* The sum of what was annotated, as percentages never above 100 %. */
static void
print_annotated(FILE *out, const struct cga_view *v, const uint64_t *printed)
{
	const struct cga_profile *p = v->p;
	struct cga_view		  tv;
	uint64_t		 *total;
	size_t			 *w, i;

	total = xcalloc(p->cw, sizeof(uint64_t));
	memcpy(total, v->total, p->cw * sizeof(uint64_t));
	for (i = 0; i < p->nev && !p->diff; i++)
		if (total[i] == 0 || printed[i] > total[i])
			total[i] = printed[i];
	tv = *v;
	tv.total = total;
	w = cga_widths_new(&tv);
	cga_widths_add(&tv, w, printed);
	fputs(fancy, out);
	cga_print_events(out, &tv, w);
	fputs("\n", out);
	fputs(fancy, out);
	cga_print_cost(out, &tv, w, printed);
	fputs(" events annotated\n\n", out);
	free(w);
	free(total);
}

int
cga_annotate(FILE *out, const struct cga_view *v, struct cga_fn **listed,
    size_t nlisted)
{
	const struct cga_profile *p = v->p;
	struct gather		  g;
	struct ann_file		 *af;
	struct cga_site		**sites = NULL;
	struct cga_branches	 *br = NULL;
	struct unfound		 *unfound;
	const char		 *why;
	uint64_t		 *printed;
	size_t			  nunfound = 0, nsites = 0, i, apart;
	unsigned char		 *files;
	char			 *opened, *shown;
	FILE			 *src;
	int			  did = 0, rc = 0;

	memset(&g, 0, sizeof(g));
	if (gather_files(&g, v, listed, nlisted) == -1 ||
	    files_sum_fits(&g, p) == -1) {
		cga_diag("%s: the costs of the files to annotate do not fit in "
		    "64 bits", cga_profile_said(p));
		rc = 1;
		g.n = 0;
	}
	unfound = xcalloc(g.n + 1, sizeof(*unfound));
	set_apart(v, &g, unfound, &nunfound);
	apart = nunfound;
	if (g.n > 0) {
		cga_sort(g.files, g.n, sizeof(*g.files), file_cmp, (void *)v);
		/* Calls and jumps of the files annotated, not the profile's. */
		files = xcalloc(p->nfiles + 1, 1);
		for (i = 0; i < g.n; i++)
			if (g.files[i].file != NULL)
				files[g.files[i].file->id] = 1;
		sites = cga_sites_index(v, files, &nsites);
		br = p->njumps > 0 ? cga_branches_new(p, files) : NULL;
		free(files);
	}
	printed = xcalloc(p->cw, sizeof(uint64_t));
	for (i = 0; i < g.n && !ferror(out); i++) {
		af = &g.files[i];
		if ((src = cga_sources_open(v->src, af->name, &opened,
		    &why)) == NULL) {
			if (af->user) {
				cga_sources_not_found(v->src, af->name, why);
				rc = 1;
				goto out;
			}
			unfound[nunfound].name = af->name;
			unfound[nunfound++].why = why;
			continue;
		}
		shown = shown_name(opened, af->name);
		if (af->file != NULL) {
			did = 1;
			file_lines(v, af);
		}
		if (annotate_file(out, v, af, src, shown, opened, printed,
		    sites, nsites, br) == -1)
			rc = 1;
		free(af->lines);
		af->lines = NULL;
		free(af->ext);
		af->ext = NULL;
		fclose(src);
		free(opened);
		free(shown);
	}
	if (nunfound > 0)
		print_unfound(out, unfound, nunfound, nunfound > apart);
	if (did)
		print_annotated(out, v, printed);
out:
	free(printed);
	free(sites);
	cga_branches_free(br);
	for (i = 0; i < g.n; i++)
		free(g.files[i].lines);
	free(unfound);
	free(g.files);
	free(g.at);
	cga_arena_free(&g.arena);
	return rc;
}
