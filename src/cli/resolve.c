/*
 * resolve.c: a view resolved from the options: what they ask of every
 * format (cga_view_init), then, once the profile is loaded, its events,
 * thresholds, groups and filters (cga_view_bind).  The printers read the
 * view and never the options.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/group.h"
#include "base/diag.h"
#include "base/xalloc.h"
#include "cli/formats.h"
#include "cli/opts.h"
#include "cli/resolve.h"
#include "view/sources.h"
#include "view/view.h"

void
cga_view_init(struct cga_view *v, const struct cga_opts *o)
{
	memset(v, 0, sizeof(*v));
	v->o = o;
	v->percs = o->show_percs;
	v->color = o->color;
	v->inclusive = o->inclusive;
	v->tree = ((o->tree & CGA_TREE_CALLER) ? CGA_SHOW_CALLERS : 0) |
	    ((o->tree & CGA_TREE_CALLING) ? CGA_SHOW_CALLEES : 0);
	v->auto_annotate = o->auto_annotate;
	v->asm_code = o->asm_code;
	v->asm_syntax = o->asm_syntax;
	v->grouped = o->by != CGA_BY_FUNCTION || o->group_inlined;
	v->context = o->context;
	v->node_threshold = o->node_threshold;
	v->edge_threshold = o->edge_threshold;
	/* Before binding: a format's early work may make frames (html.c). */
	v->max_depth = o->max_depth;
	v->inlined_frames = o->inlined_frames;
	v->rows = o->calls ? CGA_ROWS_CALLS : o->lines ? CGA_ROWS_LINES :
	    CGA_ROWS_FUNCTIONS;
	v->profiles = o->profiles;
	v->nprofiles = o->nprofiles;
	v->olds = o->diffs;
	v->nolds = o->ndiffs;
	v->profile_guessed = o->profile_guessed;
	v->include = o->include;
	v->ninclude = o->ninclude;
	v->sources = o->sources;
	v->nsources = o->nsources;
	v->src = cga_sources_new(o->include, o->ninclude);
}

static void
unknown_event(const struct cga_profile *p, const char *opt, const char *name)
{
	char	*list = cga_event_list(p);

	cga_diag("%s event '%s' is not in %s; its events are:%s", opt, name,
	    p->path, list);
	free(list);
}

/* The events named (all recorded ones when none) as indexes into out. */
static int
events_named(const struct cga_profile *p, const char *opt, char *const *names,
    size_t n, size_t **out, size_t *nout)
{
	size_t	 i;

	*nout = n ? n : p->nrec;
	*out = xcalloc(*nout + 1, sizeof(**out));
	for (i = 0; i < *nout; i++) {
		(*out)[i] = n ? cga_event_index(p, names[i]) : i;
		if ((*out)[i] == CGA_NOEVENT) {
			unknown_event(p, opt, names[i]);
			return -1;
		}
	}
	return 0;
}

/*
 * --by=object counts a function whose code lies in several objects
 * (glibc's ld.so and libc share functions of one source) in one of
 * them: a warning says which functions, so that no object's figure
 * passes for exact when it is not.
 */
static void
say_objects(const struct cga_profile *p)
{
	const struct cga_fn	*fn;
	FILE			*m;
	char			*list;
	size_t			 n = 0, len;

	if ((m = open_memstream(&list, &len)) == NULL)
		cga_oom();
	for (fn = p->fns; fn != NULL; fn = fn->next) {
		if (!fn->objs)
			continue;
		if (n++ < 3)
			fprintf(m, "%s%s:%s", n > 1 ? ", " : "", fn->key.file,
			    fn->key.name);
	}
	if (n > 3)
		fprintf(m, " and %zu more", n - 3);
	if (fclose(m) != 0)
		cga_oom();
	if (n > 0)
		cga_diag("%s: warning: %zu function%s code in more than one "
		    "object; --by=object counts each whole in one of them: %s",
		    cga_profile_said(p), n, n == 1 ? " has" : "s have", list);
	free(list);
}

/* What is listed: functions, or groups of them; filters. */
static int
bind_listing(struct cga_view *v, const struct cga_opts *o)
{
	static const char *const words[] = { "file", "object", "function" };
	enum cga_grouping	 by;

	v->lp = v->p;
	v->focus = o->focus;
	v->focus_text = o->focus_text;
	v->nfocus = o->nfocus;
	v->hide = o->hide;
	v->hide_text = o->hide_text;
	v->nhide = o->nhide;
	if (v->grouped) {
		by = o->by == CGA_BY_FILE ? CGA_GROUP_FILE :
		    o->by == CGA_BY_OBJECT ? CGA_GROUP_OBJECT : CGA_GROUP_NAME;
		if (by == CGA_GROUP_OBJECT)
			say_objects(v->p);
		v->groups = xcalloc(1, sizeof(*v->groups));
		if (cga_groups_make(v->groups, v->p, by, v->p->have_incl, 0) == -1)
			return -1;
		v->lp = v->groups->q;
		v->group_word = words[by];
	}
	if (v->nfocus > 0 || v->nhide > 0)
		return cga_view_filters(v);
	return 0;
}

int
cga_view_bind(struct cga_view *v, const struct cga_profile *p)
{
	const struct cga_opts	*o = v->o;
	size_t			 i;

	v->p = p;
	v->diff = p->diff;
	v->total = p->diff ? p->base : p->total;
	/*
	 * A format that prints the profile as loaded (--list-parts) shows
	 * no chosen events: naming one the profile lacks is no error there.
	 */
	if (o->format->as_loaded)
		return 0;
	if (events_named(p, "--show", o->show, o->nshow, &v->show,
	    &v->nshow) == -1 || events_named(p, "--sort", o->sort, o->nsort,
	    &v->sort, &v->nsort) == -1)
		return -1;
	v->th = xcalloc(v->nsort + 1, sizeof(*v->th));
	v->th_text = xcalloc(v->nsort + 1, sizeof(*v->th_text));
	for (i = 0; i < v->nsort; i++) {
		v->th_text[i] = "0";
		if (o->sort_has_th && o->sort_th[i] != NULL) {
			v->th_text[i] = o->sort_th[i];
			v->th[i] = o->sort_th_val[i];
		}
	}
	/* Without per-event thresholds, --threshold is the first event's. */
	if (!o->sort_has_th && v->nsort > 0) {
		v->th_text[0] = o->threshold;
		v->th[0] = o->threshold_val;
	}
	v->filter = o->sort_has_th || o->threshold_val < 100;
	/* Scripts get every row unless they ask for fewer. */
	if (!o->threshold_set && (o->format == &cga_format_tsv ||
	    o->format == &cga_format_json))
		v->filter = 0;
	v->top = o->top;
	return bind_listing(v, o);
}
