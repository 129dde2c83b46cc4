/*
 * view.h: what to show, resolved once from the options and the profile
 * (cli/resolve.c), and the ranking and selection every printer shares
 * (view.c).  main.c has it made; the printers (print/, html/) read it
 * and never the options.
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
	/* From the options, by cga_view_init (cli/resolve.c). */
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
	char *const	 *olds;		/* --diff's, as read (none: 0) */
	size_t		  nolds;
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

/*
 * --focus and --hide, once the listing is bound: which functions pass,
 * which groups hold one that does, what the hidden ones cost; 0, or -1
 * when that cost does not fit in 64 bits.
 */
int	cga_view_filters(struct cga_view *);
void	cga_view_free(struct cga_view *);
/*
 * For the loader: whether a file's line costs may be printed: it was named
 * by the user, or it can be annotated (all: every file's are wanted).
 */
int	cga_view_wants_lines(struct cga_view *, int all, const char *file);
/*
 * Whether the formats that may show machine code without being asked
 * (--tui, pprof) keep each instruction's cost: with --asm=yes, or for
 * profiles of up to 64 MB in all, as it takes about ten times the memory
 * of the rest of a model.
 */
int	cga_view_keeps_instrs(const struct cga_view *);

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
/* A function's display name, made or not, as a JSON string. */
void	cga_view_write_json_fn(struct cga_w *, const struct cga_fn *);
/* The same into a buffer in front of the stream. */
void	 cga_view_write_label(struct cga_w *, const struct cga_view *,
	    const struct cga_fn *);
/*
 * A group's function's share (percent) of the group's cost of event e,
 * as the list prints it under the group: 1, or 0 when none is known (a
 * count not defined, a group of 0, or one the call graph only bounds).
 */
int	 cga_view_member_share(const struct cga_view *, const struct cga_fn *g,
	    const struct cga_fn *member, size_t e, double *percent);
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
