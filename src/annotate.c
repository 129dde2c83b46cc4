/*
 * annotate.c: source files printed with the cost of each line, the calls
 * made from it, and the totals of what was annotated, as callgrind_annotate
 * prints them.
 */
#include <sys/stat.h>

#include <stdlib.h>
#include <string.h>

#include "annotate.h"
#include "diag.h"
#include "fmt.h"

static const char fancy[] =
    "--------------------------------------------------------------------------------\n";

struct ann_file {
	const char	*name;
	struct cga_file	*file;		/* NULL when the profile lacks it */
	uint64_t	*cost;		/* its line costs summed */
	int		 user;		/* named on the command line */
	struct cga_lineref *lines;	/* its line costs, by line */
	size_t		 nlines;
};

/* Where a file's sites start in sites sorted by file. */
static size_t
first_site(struct cga_site *const *all, size_t n, const struct cga_file *f)
{
	size_t	 lo = 0, hi = n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if ((uintptr_t)all[mid]->key.file < (uintptr_t)f)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* a + b, or the largest line there is. */
static uint64_t
sat_add(uint64_t a, uint64_t b)
{
	return a > UINT64_MAX - b ? UINT64_MAX : a + b;
}

/* Opens name in the current directory or an include directory. */
static FILE *
open_source(const struct cga_opts *o, const char *name, char **opened)
{
	FILE	*f;
	char	*path;
	size_t	 i;

	if ((f = fopen(name, "r")) != NULL) {
		*opened = xstrdup(name);
		return f;
	}
	for (i = 0; i < o->ninclude; i++) {
		path = xmalloc(strlen(o->include[i]) + strlen(name) + 1);
		strcpy(path, o->include[i]);
		strcat(path, name);
		if ((f = fopen(path, "r")) != NULL) {
			*opened = path;
			return f;
		}
		free(path);
	}
	return NULL;
}

static void
not_found(const struct cga_opts *o, const char *name)
{
	size_t	 i;

	fflush(stdout);
	fprintf(stderr, "cgannotate: %s: source file not found in any of: ./",
	    name);
	for (i = 0; i < o->ninclude; i++)
		fprintf(stderr, " %s", o->include[i]);
	fputc('\n', stderr);
}

int
cga_annotate_check_sources(const struct cga_opts *o)
{
	FILE	*f;
	char	*opened;
	size_t	 i;

	for (i = 0; i < o->nsources; i++) {
		if ((f = open_source(o, o->sources[i], &opened)) == NULL) {
			not_found(o, o->sources[i]);
			return -1;
		}
		fclose(f);
		free(opened);
	}
	return 0;
}

static const struct cga_view *sort_view;

/* Files by cost of the primary sort event, highest first, then by name. */
static int
file_cmp(const void *a, const void *b)
{
	const struct ann_file	*fa = a, *fb = b;
	int			 c = 0;

	if (fa->cost != NULL && fb->cost != NULL)
		c = cga_cost_cmp(sort_view, fa->cost, fb->cost);
	else if (fa->cost != NULL || fb->cost != NULL)
		c = fa->cost != NULL ? -1 : 1;
	return c != 0 ? c : strcmp(fa->name, fb->name);
}

static int
site_cmp(const void *a, const void *b)
{
	const struct cga_site	*sa = *(const struct cga_site *const *)a;
	const struct cga_site	*sb = *(const struct cga_site *const *)b;
	int			 c;

	c = cga_cost_cmp(sort_view, sa->cost, sb->cost);
	if (c != 0)
		return c;
	c = strcmp(sa->key.callee->display, sb->key.callee->display);
	if (c != 0)
		return c;
	return sa->count < sb->count ? -1 : sa->count > sb->count;
}

/* The call sites of each line of a file, by line. */
struct line_sites {
	uint64_t	  line;
	struct cga_site	**sites;
	size_t		  n;
};

/* Sites by file, line, then in the order they are printed. */
static int
site_pos_cmp(const void *a, const void *b)
{
	const struct cga_site	*sa = *(const struct cga_site *const *)a;
	const struct cga_site	*sb = *(const struct cga_site *const *)b;
	uintptr_t		 fa = (uintptr_t)sa->key.file;
	uintptr_t		 fb = (uintptr_t)sb->key.file;

	if (fa != fb)
		return fa < fb ? -1 : 1;
	if (sa->key.line != sb->key.line)
		return sa->key.line < sb->key.line ? -1 : 1;
	return site_cmp(a, b);
}

/*
 * The call sites printed under source lines, sorted by file and line: those
 * of the first function seen making calls from each line, the only ones
 * callgrind_annotate lists.
 */
static struct cga_site **
index_sites(const struct cga_profile *p, size_t *np)
{
	struct cga_site	**all;
	const struct cga_fn *first;
	size_t		 n, i, j, k, kept = 0;
	uint64_t	 seq;

	all = xcalloc(p->nsites + 1, sizeof(*all));
	for (n = 0; n < p->nsites; n++)
		all[n] = cga_site_at(p, n);
	qsort(all, n, sizeof(*all), site_pos_cmp);
	for (i = 0; i < n; i = j) {
		first = all[i]->key.caller;
		seq = all[i]->seq;
		for (j = i; j < n && all[j]->key.file == all[i]->key.file &&
		    all[j]->key.line == all[i]->key.line; j++)
			if (all[j]->seq < seq) {
				seq = all[j]->seq;
				first = all[j]->key.caller;
			}
		for (k = i; k < j; k++)
			if (all[k]->key.caller == first)
				all[kept++] = all[k];
	}
	*np = kept;
	return all;
}

/* The file's call sites grouped by line, in line order. */
static struct line_sites *
file_sites(struct cga_site **all, size_t nall, const struct cga_file *f,
    size_t *np)
{
	struct line_sites	*ls;
	size_t			 lo, hi, n = 0, i;

	lo = first_site(all, nall, f);
	for (hi = lo; hi < nall && all[hi]->key.file == f; hi++)
		;
	ls = xcalloc(hi - lo + 1, sizeof(*ls));
	for (i = lo; i < hi; i++) {
		if (n == 0 || ls[n - 1].line != all[i]->key.line) {
			ls[n].line = all[i]->key.line;
			ls[n++].sites = &all[i];
		}
		ls[n - 1].n++;
	}
	*np = n;
	return ls;
}

static int
unchanged(const struct cga_profile *p, const struct cga_site *s)
{
	size_t	 e;

	for (e = 0; e < p->nev; e++)
		if (cga_cost_defined(p, s->cost, e) && s->cost[e] != 0)
			return 0;
	return s->count == 0;
}

static void
print_sites(FILE *out, const struct cga_view *v, const size_t *w,
    const struct line_sites *ls)
{
	char	 count[CGA_FMT_COUNT];
	size_t	 i;

	for (i = 0; i < ls->n; i++) {
		if (v->p->diff && unchanged(v->p, ls->sites[i]))
			continue;
		cga_print_cost(out, v, w, ls->sites[i]->cost);
		if (v->p->diff)
			cga_fmt_scount(count, (int64_t)ls->sites[i]->count);
		else
			cga_fmt_count(count, ls->sites[i]->count);
		fprintf(out, " => %s (%sx)\n", ls->sites[i]->key.callee->display,
		    count);
	}
}

static void
newer_warning(FILE *out, const char *src, const char *profile)
{
	fputs("@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n"
	    "@@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@ WARNING @@\n"
	    "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@\n",
	    out);
	fprintf(out, "@ Source file '%s' is more recent than input file '%s'.\n"
	    "@ Annotations may not be correct.\n", src, profile);
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
	fprintf(out, "@@ Information recorded about lines past the end of '%s'.\n",
	    src);
	fputs("@@\n@@ Probable cause and solution:\n", out);
	if (newer)
		fprintf(out, "@@ cause:    '%s' has changed since information "
		    "was gathered.\n"
		    "@@           If so, a warning will have already been "
		    "issued about this.\n"
		    "@@ solution: Recompile program and rerun under "
		    "\"valgrind --cachesim=yes\" to \n"
		    "@@           gather new information.\n", src);
	else if (n >= 2 && strcmp(src + n - 2, ".h") == 0)
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

/* One file, following callgrind_annotate's walk through its lines. */
static int
annotate_file(FILE *out, const struct cga_view *v, const struct ann_file *af,
    FILE *src, const char *shown_name, const char *opened, uint64_t *printed,
    struct cga_site **sites, size_t nsites)
{
	const struct cga_profile *p = v->p;
	const struct cga_opts	 *o = v->o;
	struct cga_lineref	 *lines = af->lines, *zero = NULL;
	struct line_sites	 *ls;
	struct stat		  sst, pst;
	size_t			 *w, n = af->nlines, next = 0, i, nls, si = 0;
	size_t			  np = 0;
	uint64_t		 *pairs, low, high, lineno = 0;
	char			 *buf = NULL;
	size_t			  bufcap = 0;
	ssize_t			  got = 0;
	int			  newer = 0, have;

	fputs(fancy, out);
	fprintf(out, "-- %s-annotated source: %s\n", af->user ? "User" : "Auto",
	    shown_name);
	fputs(fancy, out);
	if (af->file == NULL) {
		fprintf(out, "  No information has been collected for %s\n\n",
		    af->name);
		return 0;
	}
	if (stat(opened, &sst) == 0 && stat(p->path, &pst) == 0 &&
	    sst.st_mtime > pst.st_mtime) {
		newer = 1;
		newer_warning(out, af->name, p->path);
	}
	w = cga_widths_new(v);
	for (i = 0; i < n; i++)
		cga_widths_add(v, w, lines[i].cost);
	cga_print_events(out, v, w);
	fputs("\n\n", out);

	if (n > 0 && lines[0].line == 0) {
		zero = &lines[0];
		next = 1;
	}
	/* Ranges of lines within --context of a line with a cost. */
	pairs = xcalloc(2 * (n + 1), sizeof(*pairs));
	for (i = next; i < n; i++) {
		pairs[np++] = lines[i].line > o->context ?
		    lines[i].line - o->context : 0;
		while (i + 1 < n && sat_add(lines[i].line, sat_add(o->context,
		    o->context)) >= lines[i + 1].line)
			i++;
		pairs[np++] = sat_add(lines[i].line, o->context);
	}
	if (np > 0 && pairs[0] < 1)
		pairs[0] = 1;
	ls = file_sites(sites, nsites, af->file, &nls);

	for (i = 0; i < np; i += 2) {
		low = pairs[i];
		high = pairs[i + 1];
		while (lineno + 1 < low &&
		    (got = getline(&buf, &bufcap, src)) != -1)
			lineno++;
		if (low != 1)
			dashes(out, low);
		have = 0;
		while (lineno < high && !ferror(out) &&
		    (got = getline(&buf, &bufcap, src)) != -1) {
			have = 1;
			lineno++;
			if (next < n && lines[next].line == lineno) {
				cga_print_cost(out, v, w, lines[next].cost);
				cga_cost_add(p, printed, lines[next].cost);
				next++;
			} else
				cga_print_cost(out, v, w, NULL);
			putc(' ', out);
			fwrite(buf, 1, (size_t)got, out);
			while (si < nls && ls[si].line < lineno)
				si++;
			if (si < nls && ls[si].line == lineno)
				print_sites(out, v, w, &ls[si]);
		}
		if (!have || lineno < high)
			break;
		dashes(out, high);
	}
	if (next < n) {
		for (i = next; i < n; i++) {
			cga_print_cost(out, v, w, lines[i].cost);
			fprintf(out, " <bogus line %llu>\n",
			    (unsigned long long)lines[i].line);
		}
		fputs("\n", out);
		bogus_warning(out, af->name, newer);
	}
	fputs("\n", out);
	if (zero != NULL) {
		cga_print_cost(out, v, w, zero->cost);
		fprintf(out, " <counts for unidentified lines in %s>\n\n",
		    af->name);
	}
	free(ls);
	free(pairs);
	free(buf);
	free(w);
	return 0;
}

/* The files to annotate, each once. */
struct gather {
	struct ann_file	*files;
	size_t		 n;
	struct seen {
		const struct cga_file	*file;
		size_t			 i;	/* in files */
		UT_hash_handle		 hh;
	}		*seen;
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

/* The lines of a file to annotate, in line order. */
static void
file_lines(const struct cga_profile *p, struct ann_file *af)
{
	af->lines = cga_file_lines(p, af->file, &af->nlines);
	if (p->diff)
		changed_lines(p, af);
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
	struct seen	*sn;
	struct file_sum	 fs;
	size_t		 i;

	if (f != NULL) {
		HASH_FIND_PTR(g->seen, &f, sn);
		if (sn != NULL) {
			g->files[sn->i].user |= user;
			return 0;
		}
		sn = cga_arena_alloc(&g->arena, sizeof(*sn));
		sn->file = f;
		sn->i = g->n;
		HASH_ADD_PTR(g->seen, file, sn);
	} else
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
	if (f != NULL) {
		/* Its lines are listed when it is annotated, if it is. */
		af->cost = cga_arena_alloc(&g->arena, p->cw * sizeof(uint64_t));
		fs.p = p;
		fs.cost = af->cost;
		fs.overflow = 0;
		cga_file_each(p, f, add_line_cost, &fs);
		if (fs.overflow)
			return -1;
	}
	return 0;
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
name_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

int
cga_annotate(FILE *out, const struct cga_view *v, struct cga_fn **listed,
    size_t nlisted)
{
	const struct cga_profile *p = v->p;
	const struct cga_opts	 *o = v->o;
	struct gather		  g;
	struct cga_file		 *f;
	struct cga_site		**sites = NULL;
	struct cga_view		  tv;
	const char		**unfound = NULL;
	uint64_t		 *printed = NULL, *total;
	size_t			  nunfound = 0, nsites = 0, i, *w;
	char			 *opened, *shown;
	FILE			 *src;
	int			  did = 0, rc = 0;

	memset(&g, 0, sizeof(g));
	for (i = 0; i < o->nsources; i++)
		if (add_file(&g, p, o->sources[i], find_file(p,
		    o->sources[i]), 1) == -1)
			goto overflow;
	if (o->auto_annotate)
		for (i = 0; i < nlisted; i++) {
			/* As the report: ahead, at random in memory. */
			if (i + 8 < nlisted)
				__builtin_prefetch(listed[i + 8]);
			if (i + 4 < nlisted)
				__builtin_prefetch(listed[i + 4]->key.file);
			if (strcmp(listed[i]->key.file, "???") == 0)
				continue;
			f = cga_file_find(p, listed[i]->key.file);
			if (f != NULL && add_file(&g, p, f->name, f, 0) == -1)
				goto overflow;
		}
	sort_view = v;
	if (g.n > 0) {
		qsort(g.files, g.n, sizeof(*g.files), file_cmp);
		sites = index_sites(p, &nsites);
	}
	printed = xcalloc(p->cw, sizeof(uint64_t));
	for (i = 0; i < g.n && !ferror(out); i++) {
		if ((src = open_source(o, g.files[i].name, &opened)) == NULL) {
			if (g.files[i].user) {
				not_found(o, g.files[i].name);
				rc = 1;
				goto out;
			}
			unfound = xreallocarray(unfound, nunfound + 1,
			    sizeof(*unfound));
			unfound[nunfound++] = g.files[i].name;
			continue;
		}
		if (strcmp(opened, g.files[i].name) == 0)
			shown = xstrdup(opened);
		else {
			/* "DIR/ + NAME", as callgrind_annotate shows it */
			shown = xmalloc(strlen(opened) + 4);
			memcpy(shown, opened, strlen(opened) -
			    strlen(g.files[i].name));
			strcpy(shown + strlen(opened) - strlen(g.files[i].name),
			    " + ");
			strcat(shown, g.files[i].name);
		}
		if (g.files[i].file != NULL) {
			did = 1;
			file_lines(p, &g.files[i]);
		}
		annotate_file(out, v, &g.files[i], src, shown, opened, printed,
		    sites, nsites);
		free(g.files[i].lines);
		g.files[i].lines = NULL;
		fclose(src);
		free(opened);
		free(shown);
	}
	if (nunfound > 0) {
		qsort(unfound, nunfound, sizeof(*unfound), name_cmp);
		fputs(fancy, out);
		fputs("The following files chosen for auto-annotation could "
		    "not be found:\n", out);
		fputs(fancy, out);
		for (i = 0; i < nunfound; i++)
			fprintf(out, "  %s\n", unfound[i]);
		fputs("\n", out);
	}
	if (did) {
		/* Percentages of what was annotated, never above 100 %. */
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
	goto out;
overflow:
	cga_diag("%s: a file's cost does not fit in 64 bits", p->path);
	rc = 1;
out:
	free(printed);
	free(sites);
	for (i = 0; i < g.n; i++)
		free(g.files[i].lines);
	free(unfound);
	free(g.files);
	HASH_CLEAR(hh, g.seen);
	cga_arena_free(&g.arena);
	return rc;
}
