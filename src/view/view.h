/*
 * view.h: what to show, resolved once from the options and the profile,
 * and the ranking and selection every printer shares.  main.c makes it;
 * the printers (text.c, annotate.c, tsv.c, json.c, dot.c) read it and
 * never the options.
 */
#ifndef CGA_VIEW_H
#define CGA_VIEW_H

#include <regex.h>
#include <stdio.h>

#include "base/out.h"
#include "model/profile.h"

struct cga_gate;
struct cga_opts;
struct cga_sources;

/* What --tree shows of each function. */
#define CGA_SHOW_CALLERS	1
#define CGA_SHOW_CALLEES	2

/* What the rows of --format=tsv are. */
enum cga_rows { CGA_ROWS_FUNCTIONS, CGA_ROWS_CALLS, CGA_ROWS_LINES };

struct cga_view {
	/* From the options, by cga_view_init. */
	int		  percs;	/* percentages beside counts */
	int		  color;	/* escape sequences in the text report */
	int		  inclusive;	/* list by inclusive cost */
	int		  tree;		/* CGA_SHOW_* bits */
	int		  auto_annotate;
	int		  asm_code;	/* --asm: machine code of listed functions */
	int		  asm_syntax;	/* 0 att, 1 intel */
	int		  grouped;	/* groups are listed (bound later) */
	unsigned long	  context;	/* lines around annotated ones */
	double		  node_threshold;	/* dot: percent */
	double		  edge_threshold;
	enum cga_rows	  rows;
	char *const	 *profiles;	/* as named, the first first */
	size_t		  nprofiles;
	int		  profile_guessed;	/* found in the current dir */
	char *const	 *include;	/* -I directories, ending in '/' */
	size_t		  ninclude;
	char *const	 *sources;	/* source files named by the user */
	size_t		  nsources;
	struct cga_sources *src;	/* finds the source files */

	/* From the profile, by cga_view_bind. */
	const struct cga_profile *p;
	int		  diff;		/* counts are signed: a difference */
	const uint64_t	 *total;	/* what percentages are of */
	size_t		 *show;		/* the events shown, in order */
	size_t		  nshow;
	size_t		 *sort;		/* the events sorted by, in order */
	size_t		  nsort;
	double		 *th;		/* threshold per sort event */
	const char	**th_text;	/* as given, for the header */
	int		  filter;	/* stop listing at the thresholds */
	uint64_t	  top;		/* list at most this many rows, or 0 */

	/*
	 * What is listed: the profile's functions (lp is p), or groups of
	 * them (lp is groups->q, and each group's functions follow it).
	 */
	const struct cga_profile *lp;
	struct cga_groups *groups;	/* NULL: functions are listed */
	const char	 *group_word;	/* "file", "object", "function" */
	/* --focus and --hide; hidden: the functions left out, their cost. */
	const regex_t	 *focus, *hide;
	char *const	 *focus_text, *const *hide_text;
	size_t		  nfocus, nhide;
	size_t		  nhidden;
	uint64_t	 *hidden;
	unsigned	  max_depth;	/* frames of a flame graph's stack */
	int		  inlined_frames;	/* a function's inlined code */
					/* in its frame (frames.c) */
	/* --diff: the profiles it is of, as loaded (NULL otherwise). */
	const struct cga_profile *newer, *older;
	unsigned char	 *pass;		/* by lp's function id: passes them */
	unsigned char	 *pass_fn;	/* by p's, when groups are listed */

	/* From main.c: the gate's verdicts, or NULL without a gate. */
	const struct cga_gate *gate;

	const struct cga_opts *o;	/* for cga_view_bind only */
};

/* The options' part of the view; v->p stays NULL until bound. */
void	cga_view_init(struct cga_view *, const struct cga_opts *);
/* 0, or -1 after naming an event of --show or --sort the profile lacks. */
int	cga_view_bind(struct cga_view *, const struct cga_profile *);
void	cga_view_free(struct cga_view *);
/*
 * For the loader: whether a file's line costs may be printed: it was named
 * by the user, or it can be annotated (all: every file's are wanted).
 */
int	cga_view_wants_lines(struct cga_view *, int all, const char *file);

/* A count with commas, signed in a difference: its length. */
size_t	cga_view_count(const struct cga_view *, char *buf, uint64_t);
/* A count as a plain number, signed in a difference. */
void	cga_view_print_count(FILE *, const struct cga_view *, uint64_t);
void	cga_view_write_count(struct cga_w *, const struct cga_view *,
	    uint64_t);
/* The percentage c[e] is of the total (0 when it is not defined). */
double	cga_view_percent(const struct cga_view *, const uint64_t *c,
	    size_t e);

/* Column widths for costs: at least each event's name. */
size_t	*cga_widths_new(const struct cga_view *);
void	 cga_widths_add(const struct cga_view *, size_t *, const uint64_t *);
/* The shown events' columns of c (NULL: none), then a blank. */
void	 cga_print_cost(FILE *, const struct cga_view *, const size_t *,
	    const uint64_t *);
/*
 * The same, each event where lo (NULL: none) is not c as the span of a
 * bounded figure, "lo..c (12.34%..56.78%)"; and the width it takes.
 */
void	 cga_print_span(FILE *, const struct cga_view *, const size_t *,
	    const uint64_t *lo, const uint64_t *c);
void	 cga_widths_add_span(const struct cga_view *, size_t *,
	    const uint64_t *lo, const uint64_t *c);
void	 cga_print_events(FILE *, const struct cga_view *, const size_t *);

/* Sort order of the view: descending costs, "." below 0. */
int	 cga_cost_cmp(const struct cga_view *, const uint64_t *,
	    const uint64_t *);
/*
 * A listed group's proven lower bound of its inclusive cost, when its
 * figure is listed and may be bounded (NULL otherwise); whether event e
 * of a listed group's figure is bounded only.
 */
const uint64_t *cga_view_fn_min(const struct cga_view *,
	    const struct cga_fn *);
int	 cga_view_bounded(const struct cga_view *, const struct cga_fn *,
	    size_t e);
/* What the list ranks a function by: its inclusive or exclusive cost. */
const uint64_t *cga_view_fn_cost(const struct cga_view *,
	    const struct cga_fn *);
/*
 * The functions the list shows, in order, thresholds applied (free it).
 * With widths, the columns are widened to fit every function listable,
 * shown or not, and its call rows under --tree.
 */
struct cga_fn **cga_view_select(const struct cga_view *, size_t *widths,
	    size_t *n);
/*
 * A group's functions, most costly first, filtered, down to the threshold
 * of the group's cost (free it).
 */
struct cga_fn **cga_view_members(const struct cga_view *,
	    const struct cga_fn *group, size_t *n);
/*
 * Whether --focus and --hide let a row of the list (a function of lp) or,
 * with member set, a group's function (of p) be shown.
 */
int	 cga_view_passes(const struct cga_view *, const struct cga_fn *,
	    int member);
/* Whether --focus, or --hide, names fn (by name, file or object). */
int	 cga_view_focused(const struct cga_view *, const struct cga_fn *);
int	 cga_view_hidden(const struct cga_view *, const struct cga_fn *);
/* A row's name in the text report and the graph. */
const char *cga_view_label(const struct cga_view *, const struct cga_fn *);
/*
 * A function's display name, "file:name", as cga_out_text writes it, made
 * or not (a format's no_display); and a row's name so, in the text report.
 */
void	 cga_view_print_fn(FILE *, const struct cga_fn *);
void	 cga_view_print_label(FILE *, const struct cga_view *,
	    const struct cga_fn *);
/* A group's function as its row names it: what the group does not say. */
const char *cga_view_member_name(const struct cga_view *,
	    const struct cga_fn *);
/* A function's callers (or callees), most costly first, then by name. */
const struct cga_call **cga_view_calls_of(const struct cga_view *,
	    const struct cga_fn *, int callers, size_t *n);
/* Every call edge, most costly first, then by caller and callee. */
const struct cga_call **cga_view_calls(const struct cga_view *, size_t *n);
/* The profile's files sorted by name (free it). */
struct cga_file **cga_view_files(const struct cga_view *, size_t *n);
/* Sorts files by name. */
void	 cga_view_sort_files(struct cga_file **, size_t n);

#endif
