/*
 * report.c: callgrind_annotate's report: the header block, the program
 * totals and the function list, with the callers and callees of --tree.
 */
#include <stdlib.h>
#include <string.h>

#include "annotate.h"
#include "diag.h"
#include "fmt.h"
#include "formats.h"
#include "report.h"

static const char fancy[] =
    "--------------------------------------------------------------------------------\n";

static int
find_event(const struct cga_profile *p, const char *name, size_t *out)
{
	size_t	 i = cga_event_index(p, name);

	if (i == CGA_NOEVENT)
		return -1;
	*out = i;
	return 0;
}

static void
unknown_event(const struct cga_profile *p, const char *opt, const char *name)
{
	char	*list, *at;
	size_t	 i, n = 1;

	for (i = 0; i < p->nev; i++)
		n += strlen(p->ev[i].name) + 1;
	at = list = xmalloc(n);
	*at = '\0';
	for (i = 0; i < p->nev; i++)
		at += sprintf(at, " %s", p->ev[i].name);
	cga_diag("%s event '%s' is not in %s; its events are:%s", opt, name,
	    p->path, list);
	free(list);
}

int
cga_view_make(struct cga_view *v, const struct cga_profile *p,
    const struct cga_opts *o)
{
	size_t	 i;

	memset(v, 0, sizeof(*v));
	v->p = p;
	v->o = o;
	v->total = p->diff ? p->base : p->total;
	v->nshow = o->nshow ? o->nshow : p->nrec;
	v->show = xcalloc(v->nshow, sizeof(*v->show));
	for (i = 0; i < v->nshow; i++) {
		if (o->nshow == 0)
			v->show[i] = i;
		else if (find_event(p, o->show[i], &v->show[i]) == -1) {
			unknown_event(p, "--show", o->show[i]);
			return -1;
		}
	}
	v->nsort = o->nsort ? o->nsort : p->nrec;
	v->sort = xcalloc(v->nsort, sizeof(*v->sort));
	v->th = xcalloc(v->nsort, sizeof(*v->th));
	v->th_text = xcalloc(v->nsort, sizeof(*v->th_text));
	for (i = 0; i < v->nsort; i++) {
		if (o->nsort == 0)
			v->sort[i] = i;
		else if (find_event(p, o->sort[i], &v->sort[i]) == -1) {
			unknown_event(p, "--sort", o->sort[i]);
			return -1;
		}
		v->th_text[i] = "0";
		if (o->sort_has_th && o->sort_th[i] != NULL) {
			v->th_text[i] = o->sort_th[i];
			v->th[i] = strtod(o->sort_th[i], NULL);
		}
	}
	/* Without per-event thresholds, --threshold is the first event's. */
	if (!o->sort_has_th && v->nsort > 0) {
		v->th_text[0] = o->threshold;
		v->th[0] = o->threshold_val;
	}
	v->filter = o->sort_has_th || o->threshold_val < 100;
	return 0;
}

void
cga_view_free(struct cga_view *v)
{
	free(v->show);
	free(v->sort);
	free(v->th);
	free(v->th_text);
}

size_t *
cga_widths_new(const struct cga_view *v)
{
	size_t	*w = xcalloc(v->p->nev, sizeof(*w));
	size_t	 i;

	for (i = 0; i < v->p->nev; i++)
		w[i] = strlen(v->p->ev[i].name);
	return w;
}

void
cga_widths_add(const struct cga_view *v, size_t *w, const uint64_t *c)
{
	size_t	 i, n;

	for (i = 0; i < v->p->nev; i++) {
		if (!cga_cost_defined(v->p, c, i))
			continue;
		n = (v->p->diff ? cga_fmt_scount_width((int64_t)c[i]) :
		    cga_fmt_count_width(c[i])) + (v->o->show_percs ? 9 : 0);
		if (n > w[i])
			w[i] = n;
	}
}

static void
pad(FILE *out, size_t n)
{
	while (n-- > 0)
		putc(' ', out);
}

void
cga_print_cost(FILE *out, const struct cga_view *v, const size_t *w,
    const uint64_t *c)
{
	const struct cga_profile *p = v->p;
	char	 text[CGA_FMT_COUNT + CGA_FMT_PERC];
	size_t	 i, e, n;
	double	 perc;

	for (i = 0; i < v->nshow; i++) {
		e = v->show[i];
		if (c != NULL && cga_cost_defined(p, c, e))
			n = p->diff ? cga_fmt_scount(text, (int64_t)c[e]) :
			    cga_fmt_count(text, c[e]);
		else
			n = (size_t)(strcpy(text, ".") - text) + 1;
		perc = 0;
		if (c != NULL && cga_cost_defined(p, c, e) && c[e] != 0)
			perc = p->diff ? cga_fmt_spercent((int64_t)c[e],
			    v->total[e]) : cga_fmt_percent(c[e], v->total[e]);
		if (v->o->show_percs) {
			if (c != NULL && cga_cost_defined(p, c, e) && c[e] != 0)
				n += cga_fmt_perc(text + n, perc);
			else {
				memset(text + n, ' ', 9);
				n += 9;
				text[n] = '\0';
			}
		}
		if (w[e] > n)
			pad(out, w[e] - n);
		/* Colour: red from 10 %, yellow from 1 %, of the total. */
		if (v->o->color && (perc >= 10 || perc <= -10))
			fprintf(out, "\033[1;31m%s\033[0m ", text);
		else if (v->o->color && (perc >= 1 || perc <= -1))
			fprintf(out, "\033[33m%s\033[0m ", text);
		else {
			fputs(text, out);
			putc(' ', out);
		}
	}
}

void
cga_print_events(FILE *out, const struct cga_view *v, const size_t *w)
{
	const char	*name;
	size_t		 i;

	for (i = 0; i < v->nshow; i++) {
		name = v->p->ev[v->show[i]].name;
		fputs(name, out);
		if (w[v->show[i]] > strlen(name))
			pad(out, w[v->show[i]] - strlen(name));
		putc(' ', out);
	}
}

int
cga_cost_cmp(const struct cga_view *v, const uint64_t *a, const uint64_t *b)
{
	size_t	 i, e;
	uint64_t x, y;
	int	 da, db;

	for (i = 0; i < v->nsort; i++) {
		e = v->sort[i];
		da = cga_cost_defined(v->p, a, e);
		db = cga_cost_defined(v->p, b, e);
		if (da != db)
			return da ? -1 : 1;
		if (da && v->p->diff) {
			/* The size of the change, then gains before losses. */
			x = cga_magnitude(a[e]);
			y = cga_magnitude(b[e]);
			if (x != y)
				return x > y ? -1 : 1;
			if (a[e] != b[e])
				return (int64_t)a[e] > (int64_t)b[e] ? -1 : 1;
		} else if (da && a[e] != b[e])
			return a[e] > b[e] ? -1 : 1;
	}
	return 0;
}

static void
print_list(FILE *out, const char *label, char **items, size_t n)
{
	size_t	 i;

	fprintf(out, "%s%s\n", label, n > 0 ? items[0] : "");
	for (i = 1; i < n; i++)
		fprintf(out, "                  %s\n", items[i]);
}

void
cga_report_header(FILE *out, const struct cga_view *v)
{
	const struct cga_profile *p = v->p;
	const struct cga_opts	 *o = v->o;
	size_t			  i;

	fputs(fancy, out);
	if (p->diff)
		fprintf(out, "Profile data file '%s' minus '%s'", p->path,
		    p->base_path);
	else if (o->nprofiles > 1) {
		fprintf(out, "Profile data files '%s'", o->profiles[0]);
		for (i = 1; i < o->nprofiles; i++)
			fprintf(out, ", '%s'", o->profiles[i]);
	} else
		fprintf(out, "Profile data file '%s'", p->path);
	if (p->creator != NULL && *p->creator != '\0')
		fprintf(out, " (creator: %s)", p->creator);
	fputs("\n", out);
	fputs(fancy, out);
	for (i = 0; i < p->ndesc; i++)
		fprintf(out, "%s\n", p->desc[i]);
	fprintf(out, "Profiled target:  %s", p->cmd != NULL && *p->cmd ?
	    p->cmd : "(unknown)");
	if (p->pid != NULL && *p->pid != '\0') {
		fprintf(out, " (PID %s", p->pid);
		if (p->part != NULL && *p->part != '\0')
			fprintf(out, ", part %s", p->part);
		if (p->thread != NULL && *p->thread != '\0')
			fprintf(out, ", thread %s", p->thread);
		fputs(")", out);
	}
	fputs("\nEvents recorded: ", out);
	for (i = 0; i < p->nrec; i++)
		fprintf(out, " %s", p->ev[i].name);
	fputs("\nEvents shown:    ", out);
	for (i = 0; i < v->nshow; i++)
		fprintf(out, " %s", p->ev[v->show[i]].name);
	fputs("\nEvent sort order:", out);
	for (i = 0; i < v->nsort; i++)
		fprintf(out, " %s", p->ev[v->sort[i]].name);
	fputs("\nThresholds:      ", out);
	for (i = 0; i < v->nsort; i++)
		fprintf(out, " %s", v->th_text[i]);
	fputs("\n", out);
	print_list(out, "Include dirs:     ", o->include, o->ninclude);
	print_list(out, "User annotated:   ", o->sources, o->nsources);
	fprintf(out, "Auto-annotation:  %s\n\n", o->auto_annotate ? "on" :
	    "off");
}

void
cga_print_count(FILE *out, const struct cga_profile *p, uint64_t v)
{
	if (p->diff)
		fprintf(out, "%lld", (long long)(int64_t)v);
	else
		fprintf(out, "%llu", (unsigned long long)v);
}

int
cga_file_name_cmp(const void *a, const void *b)
{
	return strcmp((*(struct cga_file *const *)a)->name,
	    (*(struct cga_file *const *)b)->name);
}

void
cga_report_parts(FILE *out, const struct cga_profile *p)
{
	const struct cga_part	*pt;
	size_t			 i, e;

	fputs("file\tpart\tthread\tpid\ttrigger", out);
	for (e = 0; e < p->nrec; e++)
		fprintf(out, "\t%s", p->ev[e].name);
	fputs("\n", out);
	for (i = 0; i < p->nparts; i++) {
		pt = &p->parts[i];
		fprintf(out, "%s\t", pt->path);
		if (pt->number != NULL)
			fputs(pt->number, out);
		else
			fprintf(out, "%llu", (unsigned long long)pt->ordinal);
		fprintf(out, "\t%s\t%s\t%s", pt->thread ? pt->thread : "",
		    pt->pid ? pt->pid : "", pt->trigger ? pt->trigger : "");
		for (e = 0; e < p->nrec; e++)
			if (cga_cost_defined(p, pt->total, e))
				fprintf(out, "\t%llu",
				    (unsigned long long)pt->total[e]);
			else
				fputs("\t", out);
		fputs("\n", out);
	}
}

/* What the list ranks a function by, and whether it is in the list. */
static const uint64_t *
fn_cost(const struct cga_view *v, const struct cga_fn *fn)
{
	return v->o->inclusive ? fn->incl : fn->self;
}

static int
fn_listed(const struct cga_view *v, const struct cga_fn *fn)
{
	const uint64_t	*c;
	size_t		 i;

	if (!fn->listed && !(v->o->inclusive && fn->in != NULL))
		return 0;
	if (!v->p->diff)
		return 1;
	/* A difference lists what changed. */
	c = v->o->inclusive ? fn->incl : fn->self;
	for (i = 0; i < v->p->nev; i++)
		if (cga_cost_defined(v->p, c, i) && c[i] != 0)
			return 1;
	return 0;
}

static const struct cga_view *sort_view;

static int
fn_cmp(const void *a, const void *b)
{
	const struct cga_fn	*fa = *(const struct cga_fn *const *)a;
	const struct cga_fn	*fb = *(const struct cga_fn *const *)b;
	int			 c;

	c = cga_cost_cmp(sort_view, fn_cost(sort_view, fa),
	    fn_cost(sort_view, fb));
	return c != 0 ? c : strcmp(fa->display, fb->display);
}

/* Calls in or out of a function for --tree, by cost then name. */
static int
call_cmp(const void *a, const void *b)
{
	const struct cga_call	*ca = *(const struct cga_call *const *)a;
	const struct cga_call	*cb = *(const struct cga_call *const *)b;
	int			 c;

	c = cga_cost_cmp(sort_view, ca->cost, cb->cost);
	if (c != 0)
		return c;
	c = strcmp(ca->key.caller->display, cb->key.caller->display);
	return c != 0 ? c : strcmp(ca->key.callee->display,
	    cb->key.callee->display);
}

const struct cga_call **
cga_calls_sorted(const struct cga_view *v, const struct cga_fn *fn,
    int callers, size_t *np)
{
	const struct cga_call	 *c;
	const struct cga_call	**list;
	size_t			  n = 0;

	for (c = callers ? fn->in : fn->out; c != NULL;
	    c = callers ? c->next_in : c->next_out)
		n++;
	list = xcalloc(n + 1, sizeof(*list));
	n = 0;
	for (c = callers ? fn->in : fn->out; c != NULL;
	    c = callers ? c->next_in : c->next_out)
		list[n++] = c;
	cga_calls_sort(v, list, n);
	*np = n;
	return list;
}

void
cga_calls_sort(const struct cga_view *v, const struct cga_call **list,
    size_t n)
{
	sort_view = v;
	qsort(list, n, sizeof(*list), call_cmp);
}

static void
print_calls(FILE *out, const struct cga_view *v, const size_t *w,
    const struct cga_fn *fn, int callers)
{
	const struct cga_call	**list;
	const struct cga_fn	 *other;
	char			  count[CGA_FMT_COUNT];
	size_t			  n, i;

	list = cga_calls_sorted(v, fn, callers, &n);
	for (i = 0; i < n; i++) {
		other = callers ? list[i]->key.caller : list[i]->key.callee;
		cga_print_cost(out, v, w, list[i]->cost);
		if (v->p->diff)
			cga_fmt_scount(count, (int64_t)list[i]->count);
		else
			cga_fmt_count(count, list[i]->count);
		fprintf(out, callers ? " < %s (%sx)" : " >   %s (%sx)",
		    other->display, count);
		if (other->obj != NULL && *other->obj != '\0')
			fprintf(out, " [%s]", other->obj);
		putc('\n', out);
	}
	free(list);
}

static int
tree_skips(const struct cga_fn *fn)
{
	return strcmp(fn->display, "???:???") == 0;
}

/*
 * A function's place by its first sort event alone, kept beside the
 * pointer so that sorting reads no function: the size of its count, with
 * functions that lack the event apart, after the others.  Functions that
 * tie on it are put in order by fn_cmp when the listing reaches them,
 * which with a threshold is seldom far.
 */
struct rank {
	uint64_t	 key;
	struct cga_fn	*fn;
};

/* Sorts by key, highest first: a byte at a time, least significant first. */
static void
rank_sort(struct rank *r, size_t n)
{
	struct rank	*tmp, *from = r, *to, *swap;
	size_t		 count[256], i, b, sum, c;
	unsigned	 shift;

	tmp = xcalloc(n + 1, sizeof(*tmp));
	to = tmp;
	for (shift = 0; shift < 64; shift += 8) {
		memset(count, 0, sizeof(count));
		for (i = 0; i < n; i++)
			count[255 - (from[i].key >> shift & 0xff)]++;
		if (count[255 - (from[0].key >> shift & 0xff)] == n)
			continue;	/* all share this byte */
		for (b = 0, sum = 0; b < 256; b++) {
			c = count[b];
			count[b] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			to[count[255 - (from[i].key >> shift & 0xff)]++] =
			    from[i];
		swap = from;
		from = to;
		to = swap;
	}
	if (from != r)
		memcpy(r, from, n * sizeof(*r));
	free(tmp);
}

/*
 * The functions to list, ranked; their columns' widths added to w, if
 * not NULL.  Those lacking the sort event are set apart at the end, from
 * *ndef on.
 */
static struct rank *
rank_functions(const struct cga_view *v, size_t *np, size_t *ndef, size_t *w)
{
	const struct cga_profile *p = v->p;
	const struct cga_opts	 *o = v->o;
	const struct cga_call	 *c;
	struct cga_fn		 *fn;
	struct rank		 *rank;
	const uint64_t		 *cost;
	size_t			  n = 0, lo = 0, hi = p->nfns, i;

	rank = xcalloc(p->nfns + 1, sizeof(*rank));
	for (fn = p->fns; fn != NULL; fn = fn->next) {
		if (!fn_listed(v, fn))
			continue;
		cost = fn_cost(v, fn);
		if (w != NULL) {
			cga_widths_add(v, w, cost);
			/* Call rows must fit the columns too. */
			if (o->tree & CGA_TREE_CALLER)
				for (c = fn->in; c != NULL; c = c->next_in)
					cga_widths_add(v, w, c->cost);
			if (o->tree & CGA_TREE_CALLING)
				for (c = fn->out; c != NULL; c = c->next_out)
					cga_widths_add(v, w, c->cost);
		}
		n++;
		if (v->nsort > 0 && !cga_cost_defined(p, cost, v->sort[0])) {
			rank[--hi].fn = fn;
			continue;
		}
		rank[lo].fn = fn;
		rank[lo++].key = v->nsort == 0 ? 0 : p->diff ?
		    cga_magnitude(cost[v->sort[0]]) : cost[v->sort[0]];
	}
	/* The undefined, gathered at the top end, follow the others. */
	for (i = 0; i < p->nfns - hi; i++)
		rank[lo + i] = rank[hi + i];
	rank_sort(rank, lo);
	*np = n;
	*ndef = lo;
	return rank;
}

static struct cga_fn **
select_ranked(const struct cga_view *v, struct rank *rank, size_t n,
    size_t ndef, size_t *np)
{
	const struct cga_profile *p = v->p;
	const struct cga_opts	 *o = v->o;
	struct cga_fn		**fns, *fn;
	const uint64_t		 *cost;
	size_t			  i, j, e, run, shown = 0;
	uint64_t		 *curr;	/* what the listed rows hold */
	uint64_t		 *base;	/* what curr is a share of */
	char			 *neg;	/* inclusive: cost above the total */
	double			  prop;
	int			  reached = 0;

	sort_view = v;
	curr = xcalloc(v->nsort, sizeof(*curr));
	neg = xcalloc(v->nsort, 1);
	base = xcalloc(v->nsort, sizeof(*base));
	for (j = 0; j < v->nsort; j++) {
		e = v->sort[j];
		if (!p->diff) {
			base[j] = cga_cost_defined(p, p->total, e) ?
			    p->total[e] : 0;
			continue;
		}
		/* A difference: the threshold is of all the change listed. */
		for (i = 0; i < n; i++) {
			cost = fn_cost(v, rank[i].fn);
			if (cga_cost_defined(p, cost, e) &&
			    __builtin_add_overflow(base[j],
			    cga_magnitude(cost[e]), &base[j]))
				base[j] = UINT64_MAX;
		}
	}
	fns = xcalloc(n + 1, sizeof(*fns));
	for (i = 0; i < n && !reached; i++) {
		if (i == 0 || i == ndef || (i < ndef &&
		    rank[i - 1].key != rank[i].key)) {
			for (run = 1; i + run < (i < ndef ? ndef : n) &&
			    rank[i + run].key == rank[i].key; run++)
				;
			/* Pointers alone sort faster than the records. */
			if (run > 1) {
				for (j = 0; j < run; j++)
					fns[i + j] = rank[i + j].fn;
				qsort(fns + i, run, sizeof(*fns), fn_cmp);
				for (j = 0; j < run; j++)
					rank[i + j].fn = fns[i + j];
			}
		}
		fn = rank[i].fn;
		if (v->filter) {
			reached = 1;
			for (j = 0; j < v->nsort; j++) {
				prop = cga_fmt_percent(curr[j], base[j] > 0 ?
				    base[j] : 1);
				reached = reached && !neg[j] &&
				    prop >= v->th[j];
			}
			if (reached)
				break;
		}
		fns[shown++] = fn;
		cost = fn_cost(v, fn);
		for (j = 0; j < v->nsort; j++) {
			e = v->sort[j];
			if (!cga_cost_defined(p, cost, e))
				continue;
			if (p->diff) {
				if (__builtin_add_overflow(curr[j],
				    cga_magnitude(cost[e]), &curr[j]))
					curr[j] = UINT64_MAX;
			} else if (o->inclusive) {
				neg[j] = cost[e] > p->total[e];
				curr[j] = neg[j] ? 0 : p->total[e] - cost[e];
			} else if (__builtin_add_overflow(curr[j], cost[e],
			    &curr[j]))
				curr[j] = UINT64_MAX;
		}
	}
	free(curr);
	free(neg);
	free(base);
	*np = shown;
	return fns;
}

struct cga_fn **
cga_report_select(const struct cga_view *v, size_t *np)
{
	struct rank	*rank;
	struct cga_fn	**fns;
	size_t		 n, ndef;

	rank = rank_functions(v, &n, &ndef, NULL);
	fns = select_ranked(v, rank, n, ndef, np);
	free(rank);
	return fns;
}

struct cga_fn **
cga_report_functions(FILE *out, const struct cga_view *v, size_t *np)
{
	const struct cga_profile *p = v->p;
	const struct cga_opts	 *o = v->o;
	struct cga_fn		**fns, *fn;
	struct rank		 *rank;
	size_t			 *tw, *fw, n, i, ndef;

	tw = cga_widths_new(v);
	cga_widths_add(v, tw, p->total);
	/* Columns fit every function, listed or not, as in the script. */
	fw = cga_widths_new(v);
	rank = rank_functions(v, &n, &ndef, fw);
	fns = select_ranked(v, rank, n, ndef, &n);
	free(rank);

	fputs(fancy, out);
	cga_print_events(out, v, tw);
	fputs("\n", out);
	fputs(fancy, out);
	cga_print_cost(out, v, tw, p->total);
	fprintf(out, " PROGRAM TOTALS%s\n\n", p->calculated ?
	    " (calculated)" : "");

	fputs(fancy, out);
	cga_print_events(out, v, fw);
	fputs(" file:function\n", out);
	fputs(fancy, out);
	for (i = 0; i < n && !ferror(out); i++) {
		/*
		 * The functions are listed by cost, at random in memory:
		 * ask for the next ones' records, then their names, ahead.
		 */
		if (i + 8 < n)
			__builtin_prefetch(fns[i + 8]);
		if (i + 4 < n) {
			__builtin_prefetch(fns[i + 4]->display);
			__builtin_prefetch(fns[i + 4]->obj);
		}
		fn = fns[i];
		if (o->tree)
			fputs("\n", out);
		if ((o->tree & CGA_TREE_CALLER) && !tree_skips(fn))
			print_calls(out, v, fw, fn, 1);
		cga_print_cost(out, v, fw, fn_cost(v, fn));
		fprintf(out, "%s %s", o->tree ? " * " : "", fn->display);
		if (fn->obj != NULL && *fn->obj != '\0')
			fprintf(out, " [%s]", fn->obj);
		fputs("\n", out);
		if ((o->tree & CGA_TREE_CALLING) && !tree_skips(fn))
			print_calls(out, v, fw, fn, 0);
	}
	fputs("\n", out);
	free(tw);
	free(fw);
	*np = n;
	return fns;
}

static unsigned
text_needs(const struct cga_view *v)
{
	unsigned need = 0;

	if (v->o->inclusive || v->o->tree)
		need |= CGA_NEED_INCL;
	if (v->o->auto_annotate || v->o->nsources > 0)
		need |= CGA_NEED_LINES;
	return need;
}

static int
text_print(FILE *out, const struct cga_view *v)
{
	struct cga_fn	**listed;
	size_t		  nlisted;
	int		  rc;

	if (v->o->profile_guessed)
		fprintf(out, "Reading data from '%s'...\n", v->o->profile);
	cga_report_header(out, v);
	listed = cga_report_functions(out, v, &nlisted);
	rc = cga_annotate(out, v, listed, nlisted);
	free(listed);
	return rc;
}

const struct cga_format cga_format_text = { "text", text_needs, 0,
    text_print };

static unsigned
parts_needs(const struct cga_view *v)
{
	(void)v;
	return 0;
}

static int
parts_print(FILE *out, const struct cga_view *v)
{
	cga_report_parts(out, v->p);
	return 0;
}

const struct cga_format cga_format_parts = { "parts", parts_needs, 1,
    parts_print };
