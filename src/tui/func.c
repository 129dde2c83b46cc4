/*
 * func.c: the function pane: the block --tree=both prints for the open
 * function, its callers above it and its callees below, each a way to
 * go on, after its self and inclusive costs.
 */
#define _XOPEN_SOURCE 700
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fmt.h"
#include "base/xalloc.h"
#include "tui/pane.h"
#include "view/columns.h"

/* A function's name in the pane: file:function, and its " [object]". */
static void
name_of(char *buf, size_t n, const struct cga_fn *fn)
{
	snprintf(buf, n, "%s:%s", fn->key.file, fn->key.name);
}

static void
object_of(char *buf, size_t n, const struct cga_fn *fn)
{
	snprintf(buf, n, "%s%s%s", fn->obj != NULL && *fn->obj != '\0' ?
	    " [" : "", fn->obj != NULL ? fn->obj : "",
	    fn->obj != NULL && *fn->obj != '\0' ? "]" : "");
}

/* A cost as the report's columns print it, after a label. */
static void
cost_line(struct tui *t, const char *label, const uint64_t *c)
{
	char	 buf[4096], fig[4096];
	size_t	*w = cga_widths_new(&t->v);
	FILE	*m;

	cga_widths_add(&t->v, w, t->v.p->total);
	fig[0] = '\0';
	if ((m = fmemopen(fig, sizeof(fig), "w")) != NULL) {
		cga_print_span(m, &t->v, w, NULL, c);
		fclose(m);
	}
	snprintf(buf, sizeof(buf), "%-11s %s", label, fig);
	tui_lines_add(&t->func, buf, 0, NULL, 0);
	free(w);
}

/* The rows of calls into or out of fn, as --tree prints them. */
static void
calls(struct tui *t, const size_t *w, int callers)
{
	const struct cga_call	**list;
	struct cga_fn		 *other;
	char			  count[CGA_FMT_COUNT], name[4096], obj[4096];
	char			  fig[4096], buf[12288];
	size_t			  n, i;
	FILE			 *m;

	list = cga_view_calls_of(&t->v, t->cur, callers, &n);
	for (i = 0; i < n; i++) {
		other = callers ? list[i]->key.caller : list[i]->key.callee;
		fig[0] = '\0';
		if ((m = fmemopen(fig, sizeof(fig), "w")) != NULL) {
			cga_print_cost(m, &t->v, w, cga_call_cost(list[i]));
			fclose(m);
		}
		cga_view_count(&t->v, count, list[i]->count);
		name_of(name, sizeof(name), other);
		object_of(obj, sizeof(obj), other);
		snprintf(buf, sizeof(buf), "%s%s%s (%sx)%s%s", fig,
		    callers ? " < " : " >   ", name, count, obj,
		    list[i]->recursive ? " (recursive)" : "");
		tui_lines_add(&t->func, buf, 0, other, 0);
	}
	if (n == 0)
		tui_lines_add(&t->func, callers ? "   (no callers: a root)" :
		    "   (no callees)", 0, NULL, 0);
	free(list);
}

void
tui_func_make(struct tui *t)
{
	const struct cga_call	*c;
	const struct cga_fn	*fn = t->cur;
	char			 fig[4096], name[4096], obj[4096], buf[12288];
	size_t			*w, at;
	FILE			*m;

	tui_lines_free(&t->func);
	t->func.of = fn;
	t->func.inclusive = t->list.inclusive;
	t->func.sort_ev = t->list.sort_ev;
	name_of(name, sizeof(name), fn);
	object_of(obj, sizeof(obj), fn);
	snprintf(buf, sizeof(buf), "%s%s", name, obj);
	tui_lines_add(&t->func, buf, 4, NULL, 0);
	cost_line(t, "self", fn->self);
	if (fn->incl != NULL)
		cost_line(t, "inclusive", fn->incl);
	tui_lines_add(&t->func, "", 0, NULL, 0);
	/* Columns that fit the function and every call, as --tree's. */
	w = cga_widths_new(&t->v);
	cga_widths_add(&t->v, w, cga_view_fn_cost(&t->v, fn));
	for (c = fn->in; c != NULL; c = c->next_in)
		cga_widths_add(&t->v, w, cga_call_cost(c));
	for (c = fn->out; c != NULL; c = c->next_out)
		cga_widths_add(&t->v, w, cga_call_cost(c));
	snprintf(buf, sizeof(buf), "callers, and the cost of their calls "
	    "(%s):", t->list.inclusive ? "ranked by inclusive cost" :
	    "the list ranks by self cost");
	tui_lines_add(&t->func, buf, 0, NULL, 0);
	at = t->func.n;
	calls(t, w, 1);
	fig[0] = '\0';
	if ((m = fmemopen(fig, sizeof(fig), "w")) != NULL) {
		cga_print_cost(m, &t->v, w, cga_view_fn_cost(&t->v, fn));
		fclose(m);
	}
	snprintf(buf, sizeof(buf), "%s *  %s%s", fig, name, obj);
	tui_lines_add(&t->func, buf, 3, NULL, 0);
	t->func.hot[t->func.n - 1] = 0;
	calls(t, w, 0);
	free(w);
	t->func.sel = at;
	t->func.top = 0;
}
