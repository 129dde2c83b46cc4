/*
 * text.c: callgrind_annotate's text report: the header block, the
 * program totals and the function list, with the callers and callees of
 * --tree, then the source annotation; and --list-parts.
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/group.h"
#include "base/fmt.h"
#include "base/out.h"
#include "print/annotate.h"
#include "print/asm.h"
#include "print/format.h"
#include "print/text.h"
#include "view/columns.h"
#include "view/view.h"

static const char fancy[] =
    "--------------------------------------------------------------------------------\n";

static void
print_list(FILE *out, const char *label, char *const *items, size_t n)
{
	size_t	 i;

	fputs(label, out);
	if (n > 0)
		cga_out_text(out, items[0]);
	putc('\n', out);
	for (i = 1; i < n; i++) {
		fputs("                  ", out);
		cga_out_text(out, items[i]);
		putc('\n', out);
	}
}

/* The line naming the profile, or profiles, and their creator. */
static void
print_profiles(FILE *out, const struct cga_view *v)
{
	const struct cga_profile *p = v->p;
	size_t			  i;

	if (p->base_path != NULL && (v->nprofiles > 1 || v->nolds > 1)) {
		/* Several on either side: each, as read. */
		for (i = 0; i < v->nprofiles; i++) {
			fputs(i == 0 ? "Profile data files '" : ", '", out);
			cga_out_text(out, v->profiles[i]);
			putc('\'', out);
		}
		for (i = 0; i < v->nolds; i++) {
			fputs(i == 0 ? " minus '" : ", '", out);
			cga_out_text(out, v->olds[i]);
			putc('\'', out);
		}
	} else if (p->base_path != NULL) {
		fputs("Profile data file '", out);
		cga_out_text(out, p->path);
		fputs("' minus '", out);
		cga_out_text(out, p->base_path);
		putc('\'', out);
	} else if (v->nprofiles > 1) {
		for (i = 0; i < v->nprofiles; i++) {
			fputs(i == 0 ? "Profile data files '" : ", '", out);
			cga_out_text(out, v->profiles[i]);
			putc('\'', out);
		}
	} else {
		fputs("Profile data file '", out);
		cga_out_text(out, p->path);
		putc('\'', out);
	}
	if (p->creator != NULL && *p->creator != '\0') {
		fputs(" (creator: ", out);
		cga_out_text(out, p->creator);
		putc(')', out);
	}
	putc('\n', out);
}

/* Profiled target:  CMD (PID n, part n, thread n) */
static void
print_target(FILE *out, const struct cga_profile *p)
{
	fputs("Profiled target:  ", out);
	cga_out_text(out, p->cmd != NULL && *p->cmd ? p->cmd : "(unknown)");
	if (p->pid != NULL && *p->pid != '\0') {
		fputs(" (PID ", out);
		cga_out_text(out, p->pid);
		if (p->part != NULL && *p->part != '\0') {
			fputs(", part ", out);
			cga_out_text(out, p->part);
		}
		if (p->thread != NULL && *p->thread != '\0') {
			fputs(", thread ", out);
			cga_out_text(out, p->thread);
		}
		putc(')', out);
	}
}

/* label, then each event of idx (or its threshold) after a blank. */
static void
print_events_line(FILE *out, const struct cga_view *v, const char *label,
    const size_t *idx, size_t n)
{
	size_t	 i;

	fputs(label, out);
	for (i = 0; i < n; i++) {
		putc(' ', out);
		cga_out_text(out, v->p->ev[idx != NULL ? idx[i] : i].name);
	}
	putc('\n', out);
}

/* What the hidden functions cost, of each shown event. */
static void
print_hidden(FILE *out, const struct cga_view *v)
{
	char	 text[CGA_FMT_COUNT + CGA_FMT_PERC];
	size_t	 i, e, n;

	fprintf(out, "                  %zu function%s hidden, costing", v->nhidden,
	    v->nhidden == 1 ? "" : "s");
	for (i = 0; i < v->nshow; i++) {
		e = v->show[i];
		n = cga_view_count(v, text, cga_cost_defined(v->p, v->hidden,
		    e) ? v->hidden[e] : 0);
		if (v->total[e] != 0)	/* no percentage of 0 */
			cga_fmt_perc(text + n, cga_view_percent(v, v->hidden, e));
		putc(' ', out);
		cga_out_text(out, v->p->ev[e].name);
		fprintf(out, " %s", text);
	}
	putc('\n', out);
}

/* The listing's lines, only when one of its options was given. */
static void
print_listing(FILE *out, const struct cga_view *v)
{
	if (v->groups != NULL)
		fprintf(out, "Listing:          by %s%s\n", v->group_word,
		    strcmp(v->group_word, "function") == 0 ?
		    ", the files of inlined code together" : ", then functions");
	if (v->top > 0)
		fprintf(out, "Top:              %llu rows\n",
		    (unsigned long long)v->top);
	if (v->nfocus > 0)
		print_list(out, "Focus:            ", v->focus_text, v->nfocus);
	if (v->nhide > 0) {
		print_list(out, "Hidden:           ", v->hide_text, v->nhide);
		print_hidden(out, v);
	}
}

void
cga_report_header(FILE *out, const struct cga_view *v)
{
	const struct cga_profile *p = v->p;
	size_t			  i;

	fputs(fancy, out);
	print_profiles(out, v);
	fputs(fancy, out);
	for (i = 0; i < p->ndesc; i++) {
		cga_out_text(out, p->desc[i]);
		putc('\n', out);
	}
	print_target(out, p);
	putc('\n', out);
	print_events_line(out, v, "Events recorded: ", NULL, p->nrec);
	print_events_line(out, v, "Events shown:    ", v->show, v->nshow);
	print_events_line(out, v, "Event sort order:", v->sort, v->nsort);
	fputs("Thresholds:      ", out);
	for (i = 0; i < v->nsort; i++)
		fprintf(out, " %s", v->th_text[i]);
	putc('\n', out);
	print_listing(out, v);
	print_list(out, "Include dirs:     ", v->include, v->ninclude);
	print_list(out, "User annotated:   ", v->sources, v->nsources);
	fprintf(out, "Auto-annotation:  %s\n\n", v->auto_annotate ? "on" :
	    "off");
}

/* --list-parts: a header row, then a tab-separated row per part. */
static void
report_parts(FILE *out, const struct cga_view *v)
{
	const struct cga_profile *p = v->p;
	const struct cga_part	*pt;
	uint64_t		*total = xcalloc(p->cw, sizeof(*total));
	size_t			 i, e;

	fputs("file\tpart\tthread\tpid\ttrigger", out);
	for (e = 0; e < p->nrec; e++) {
		putc('\t', out);
		cga_out_tsv(out, p->ev[e].name);
	}
	putc('\n', out);
	for (i = 0; i < p->nparts; i++) {
		pt = &p->parts[i];
		cga_out_tsv(out, pt->path);
		putc('\t', out);
		if (pt->number != NULL)
			cga_out_tsv(out, pt->number);
		else
			fprintf(out, "%llu", (unsigned long long)pt->ordinal);
		putc('\t', out);
		cga_out_tsv(out, pt->thread ? pt->thread : "");
		putc('\t', out);
		cga_out_tsv(out, pt->pid ? pt->pid : "");
		putc('\t', out);
		cga_out_tsv(out, pt->trigger ? pt->trigger : "");
		cga_evcounts_cost(p, pt->total, pt->ntotal, total);
		for (e = 0; e < p->nrec; e++)
			if (cga_cost_defined(p, total, e)) {
				putc('\t', out);
				cga_view_print_count(out, v, total[e]);
			} else
				putc('\t', out);
		putc('\n', out);
	}
	free(total);
}

static void
write_object(struct cga_w *w, const struct cga_fn *fn)
{
	if (fn->obj != NULL && *fn->obj != '\0') {
		cga_w_puts(w, " [");
		cga_w_text(w, fn->obj);
		cga_w_putc(w, ']');
	}
}

/* Each row written whole: a stdio call a piece took the stream's lock. */
static void
print_calls(FILE *out, const struct cga_view *v, const size_t *w,
    const struct cga_fn *fn, int callers)
{
	const struct cga_call	**list;
	const struct cga_fn	 *other;
	struct cga_w		  wr;
	char			  count[CGA_FMT_COUNT];
	size_t			  n, i;

	list = cga_view_calls_of(v, fn, callers, &n);
	cga_w_init(&wr, out);
	for (i = 0; i < n; i++) {
		other = callers ? list[i]->key.caller : list[i]->key.callee;
		cga_w_span(&wr, v, w, NULL, cga_call_cost(list[i]));
		cga_view_count(v, count, list[i]->count);
		cga_w_puts(&wr, callers ? " < " : " >   ");
		cga_view_write_label(&wr, v, other);
		cga_w_puts(&wr, " (");
		cga_w_puts(&wr, count);
		cga_w_puts(&wr, "x)");
		if (v->groups == NULL || v->groups->by == CGA_GROUP_NAME)
			write_object(&wr, other);
		if (list[i]->recursive)
			cga_w_puts(&wr, " (recursive)");
		cga_w_putc(&wr, '\n');
	}
	cga_w_flush(&wr);
	free(list);
}

/* Whether fn is "???:???" (a colon in neither part: one in the whole). */
static int
tree_skips(const struct cga_fn *fn)
{
	return strcmp(fn->key.file, "???") == 0 &&
	    strcmp(fn->key.name, "???") == 0;
}

/* The program totals block. */
static void
print_totals(FILE *out, const struct cga_view *v)
{
	size_t	*tw;

	tw = cga_widths_new(v);
	cga_widths_add(v, tw, v->p->total);
	fputs(fancy, out);
	cga_print_events(out, v, tw);
	fputs("\n", out);
	fputs(fancy, out);
	cga_print_cost(out, v, tw, v->p->total);
	fprintf(out, " PROGRAM TOTALS%s\n\n", v->p->calculated ?
	    " (calculated)" : "");
	free(tw);
}

/*
 * A group's functions, indented under it, each with its share of the
 * group; they are added to the listed ones, whose files are annotated.
 */
static void
print_members(FILE *out, const struct cga_view *v, const size_t *fw,
    const struct cga_fn *g, struct cga_fn ***listed, size_t *nlisted)
{
	struct cga_fn	**fns;
	size_t		  n, i, e = v->nsort > 0 ? v->sort[0] : v->show[0];
	double		  share;

	fns = cga_view_members(v, g, &n);
	*listed = xreallocarray(*listed, *nlisted + n + 1, sizeof(**listed));
	for (i = 0; i < n; i++) {
		(*listed)[(*nlisted)++] = fns[i];
		cga_print_cost(out, v, fw, cga_view_fn_cost(v, fns[i]));
		fputs(v->tree ? "      " : "   ", out);
		cga_out_text(out, cga_view_member_name(v, fns[i]));
		if (cga_view_member_share(v, g, fns[i], e, &share))
			fprintf(out, " (%.2f%% of the %s)", share,
			    v->group_word);
		putc('\n', out);
	}
	free(fns);
}

/* Whether a shown event of a listed group's figure is a span. */
static int
any_bounded(const struct cga_view *v, const struct cga_fn *fn)
{
	size_t	 i;

	for (i = 0; i < v->nshow; i++)
		if (cga_view_bounded(v, fn, v->show[i]))
			return 1;
	return 0;
}

/* One row of the list, with its callers and callees under --tree. */
static void
print_function(FILE *out, const struct cga_view *v, const size_t *fw,
    const struct cga_fn *fn, struct cga_fn ***listed, size_t *nlisted)
{
	struct cga_w	 wr;

	if (v->tree)
		fputs("\n", out);
	if ((v->tree & CGA_SHOW_CALLERS) && !tree_skips(fn))
		print_calls(out, v, fw, fn, 1);
	cga_w_init(&wr, out);
	cga_w_span(&wr, v, fw, cga_view_fn_min(v, fn), cga_view_fn_cost(v, fn));
	cga_w_puts(&wr, v->tree ? " *  " : " ");
	cga_view_write_label(&wr, v, fn);
	if (v->groups == NULL || v->groups->by == CGA_GROUP_NAME)
		write_object(&wr, fn);
	cga_w_putc(&wr, '\n');
	cga_w_flush(&wr);
	if (v->groups != NULL)
		print_members(out, v, fw, fn, listed, nlisted);
	if ((v->tree & CGA_SHOW_CALLEES) && !tree_skips(fn))
		print_calls(out, v, fw, fn, 0);
}

struct cga_fn **
cga_report_functions(FILE *out, const struct cga_view *v, size_t *np)
{
	struct cga_fn	**fns, **listed = NULL;
	size_t		 *fw, n, i, nlisted = 0;
	int		  bounded = 0;

	print_totals(out, v);
	/* Columns fit every function, listed or not, as in the script. */
	fw = cga_widths_new(v);
	fns = cga_view_select(v, fw, &n);
	fputs(fancy, out);
	cga_print_events(out, v, fw);
	fprintf(out, " %s\n", v->groups != NULL ? v->group_word :
	    "file:function");
	fputs(fancy, out);
	for (i = 0; i < n && !ferror(out); i++) {
		/*
		 * The functions are listed by cost, at random in memory:
		 * ask for the next ones' records, then their names, ahead.
		 */
		if (i + 8 < n)
			__builtin_prefetch(fns[i + 8]);
		if (i + 4 < n) {
			__builtin_prefetch(fns[i + 4]->key.file);
			__builtin_prefetch(fns[i + 4]->key.name);
			__builtin_prefetch(fns[i + 4]->obj);
		}
		print_function(out, v, fw, fns[i], &listed, &nlisted);
		bounded |= any_bounded(v, fns[i]);
	}
	fputs("\n", out);
	if (bounded)
		fprintf(out, "MIN..MAX: the %s's inclusive cost lies between "
		    "them; the call graph decides no more (see INCLUSIVE COST "
		    "in cgannotate(1)).\n\n", v->group_word);
	free(fw);
	if (v->groups == NULL) {
		*np = n;
		return fns;
	}
	free(fns);
	*np = nlisted;
	return listed;
}

/* Inclusive costs for --inclusive and --tree; line costs to annotate. */
static unsigned
text_needs(const struct cga_view *v)
{
	unsigned need = 0;

	if (v->inclusive || v->tree)
		need |= CGA_NEED_INCL;
	if (v->auto_annotate || v->nsources > 0)
		need |= CGA_NEED_LINES | CGA_NEED_JUMPS;
	if (v->asm_code)
		need |= CGA_NEED_INSTRS;
	return need;
}

/* No display names where no group (whose rows are named by them) is listed. */
static int
text_no_display(const struct cga_view *v)
{
	return !v->grouped;
}

static int
text_print(FILE *out, const struct cga_view *v)
{
	struct cga_fn	**listed;
	size_t		  nlisted;
	int		  rc;

	if (v->profile_guessed) {
		fputs("Reading data from '", out);
		cga_out_text(out, v->profiles[0]);
		fputs("'...\n", out);
	}
	cga_report_header(out, v);
	listed = cga_report_functions(out, v, &nlisted);
	rc = cga_annotate(out, v, listed, nlisted);
	if (v->asm_code && rc == 0)
		rc = cga_asm_print(out, v, listed, nlisted);
	free(listed);
	return rc;
}

const struct cga_format cga_format_text = { "text", text_needs,
    text_no_display, 0, text_print, NULL, NULL, 0 };

static unsigned
parts_needs(const struct cga_view *v)
{
	(void)v;
	return 0;
}

static int
parts_print(FILE *out, const struct cga_view *v)
{
	report_parts(out, v);
	return 0;
}

const struct cga_format cga_format_parts = { "parts", parts_needs, NULL,
    1, parts_print, NULL, NULL, 0 };
