/*
 * html.c: --format=html, a report page for the browser in one file: the
 * page (src/html/page.*, embedded at build time as build/html_assets.h)
 * around its data, the --format=json document (without the files' line
 * costs) with a member of the page's own, "page": the stacks of the flame
 * graph (this file), with --asm the machine code (asm.c), and the sources
 * found, with their line costs, jumps and call sites (html_src.c).
 */
#include <stdlib.h>
#include <string.h>

#include "analysis/stacks.h"
#include "base/job.h"
#include "base/out.h"
#include "base/version.h"
#include "base/xalloc.h"
#include "html/html.h"
#include "print/asm.h"
#include "print/format.h"
#include "print/frames.h"
#include "print/json.h"
#include "view/view.h"

#include "html_assets.h"

/* Frames the stacks are built with, as folded.c. */
#define MAX_FRAMES	(4u * 1024 * 1024)
/* A frame whose stacks cost less than total / MIN_SHARE goes to its parent. */
#define MIN_SHARE	10000

/* What the flame graph keeps of the stacks. */
struct flame {
	const struct cga_view *v;
	const struct cga_profile *g;	/* the stacks' profile: fr->g */
	const struct cga_frames *fr;	/* its frames, as folded's */
	struct cga_stacks s;
	uint64_t	*self;		/* by frame: the count kept */
	uint64_t	*sub;		/* by frame: self and all below */
	size_t		*out;		/* by frame: its index written, or */
					/* SIZE_MAX when not written */
	size_t		*up;		/* by frame: the nearest written at */
					/* or above it, or SIZE_MAX */
	size_t		*wparent;	/* by frame written: its parent's */
	uint64_t	 total;
	uint64_t	 rest;		/* roots too small to show */
	size_t		 merged;	/* small frames merged into parents */
	size_t		 nout;
};

/*
 * --focus keeps the stacks that pass through a function it names: a
 * frame's own count when it or a frame above it is named, and the frames
 * above a named one (keep).
 */
static void
focus(struct flame *fl, unsigned char *keep)
{
	const struct cga_view	*v = fl->v;
	const struct cga_stacks	*s = &fl->s;
	unsigned char		*named, *below;
	size_t			 i, pa;

	if (v->nfocus == 0) {	/* every frame: 3 million on 512 MB */
		memset(keep, 1, s->n);
		for (i = 0; i < s->n; i++)
			fl->self[i] = s->f[i].self;
		return;
	}
	named = xcalloc(s->n + 1, 1);
	below = xcalloc(s->n + 1, 1);
	for (i = 0; i < s->n; i++) {
		pa = s->f[i].parent;
		named[i] = v->nfocus == 0 || cga_view_focused(v, s->f[i].fn) ||
		    (pa != SIZE_MAX && named[pa]);
		fl->self[i] = named[i] ? s->f[i].self : 0;
	}
	for (i = s->n; i-- > 0;) {
		pa = s->f[i].parent;
		keep[i] = named[i] || below[i];
		if (pa != SIZE_MAX && keep[i])
			below[pa] = 1;
	}
	free(named);
	free(below);
}

/* Each frame's count and all below it (children come after parents). */
static void
sums(struct flame *fl)
{
	const struct cga_stacks	*s = &fl->s;
	size_t			 i, pa;

	for (i = 0; i < s->n; i++)
		fl->sub[i] = fl->self[i];
	for (i = s->n; i-- > 0;) {
		pa = s->f[i].parent;
		if (pa != SIZE_MAX && fl->sub[pa] <= UINT64_MAX - fl->sub[i])
			fl->sub[pa] += fl->sub[i];
		if (pa == SIZE_MAX && fl->total <= UINT64_MAX - fl->sub[i])
			fl->total += fl->sub[i];
	}
}

/*
 * Which frames are written: those kept, not hidden, and not too small.
 * A hidden frame's count goes to the nearest frame written above it (its
 * stacks lose the hidden frame, as in --format=folded), and so does a
 * small one's (the page says how many).  What has no frame written above
 * it is "rest", unless all its stack is hidden (then, as in folded, it is
 * left out).  The frames above a kept one are kept, and those below a
 * small one all small.
 */
static void
choose(struct flame *fl, const unsigned char *keep)
{
	const struct cga_stacks	*s = &fl->s;
	unsigned char		*shown;	/* a frame not hidden at or above */
	size_t			 i, pa, up;
	int			 small, hidden;

	shown = xcalloc(s->n + 1, 1);
	for (i = 0; i < s->n; i++) {
		pa = s->f[i].parent;
		up = pa == SIZE_MAX ? SIZE_MAX : fl->up[pa];
		fl->up[i] = up;
		fl->out[i] = SIZE_MAX;
		hidden = cga_view_hidden(fl->v, s->f[i].fn);
		shown[i] = !hidden || (pa != SIZE_MAX && shown[pa]);
		if (!keep[i])
			continue;
		small = fl->sub[i] == 0 || fl->sub[i] < fl->total / MIN_SHARE;
		if (!hidden && !small) {
			fl->wparent[fl->nout] = up == SIZE_MAX ? SIZE_MAX :
			    fl->out[up];
			fl->out[i] = fl->nout++;
			fl->up[i] = i;
			continue;
		}
		if (small && !hidden && fl->sub[i] > 0)
			fl->merged++;
		if (up != SIZE_MAX)
			fl->self[up] += fl->self[i];
		else if (shown[i])
			fl->rest += fl->self[i];
	}
	free(shown);
}

/*
 * The rows of the table a frame's function is: itself or its group, or
 * when the frames gather what the table lists apart (a function's inlined
 * code in other files), each piece.
 */
static void
rows_of(FILE *m, const struct flame *fl, const struct cga_fn *fn)
{
	const struct cga_groups	*gr = fl->fr->groups;
	size_t			 i;

	if (fl->fr->made == NULL || fl->v->groups != NULL) {
		fputs(", ", m);
		cga_out_json(m, fn->display);
		return;
	}
	for (i = gr->first[fn->id]; i < gr->first[fn->id + 1]; i++) {
		fputs(", ", m);
		cga_out_json(m, gr->members[i]->display);
	}
}

/*
 * The frames written, as "names" (each function's once: its name as
 * --format=folded writes it, the short one a frame shows, then the names
 * of the table's rows it is) and "frames", three numbers a frame: its
 * parent (-1: a root), its name, its count.
 */
static void
frames(FILE *m, const struct flame *fl)
{
	const struct cga_stacks	*s = &fl->s;
	size_t			*name, nnames = 0, i, id, k = 0, pa;

	name = xcalloc(fl->g->nfns + 1, sizeof(*name));
	fputs(",\n    \"names\": [", m);
	for (i = 0; i < s->n; i++) {
		if (fl->out[i] == SIZE_MAX || name[id = s->f[i].fn->id] != 0)
			continue;
		name[id] = ++nnames;
		fputs(nnames > 1 ? ",\n      [" : "\n      [", m);
		cga_out_json(m, cga_frames_name(fl->fr, s->f[i].fn));
		fputs(", ", m);
		cga_out_json(m, s->f[i].fn->key.name);
		rows_of(m, fl, s->f[i].fn);
		putc(']', m);
	}
	fputs("],\n    \"frames\": [", m);
	for (i = 0; i < s->n; i++) {
		if (fl->out[i] == SIZE_MAX)
			continue;
		pa = fl->wparent[fl->out[i]];
		fprintf(m, "%s%lld,%zu,%llu", k == 0 ? "\n      " :
		    k % 8 == 0 ? ",\n      " : ",", pa == SIZE_MAX ? -1LL :
		    (long long)pa, name[s->f[i].fn->id] - 1,
		    (unsigned long long)fl->self[i]);
		k++;
	}
	fputs("]", m);
	free(name);
}

/*
 * The profile whose stacks the flame graph shows, and its event: the
 * listing's, or in a difference (whose signed counts make no stacks) the
 * newer profile's; NULL with why when there is none.  Its frames are
 * folded's (frames.c): a function's inlined code in its frame.
 */
static const struct cga_profile *
flame_of(const struct cga_view *v, size_t *e, const char **why)
{
	const char	*name = v->p->ev[v->show[0]].name;

	*e = v->show[0];
	if (v->newer == NULL && !v->p->diff)
		return v->lp;
	*why = "a profile with negative counts has no flame graph";
	if (v->newer == NULL)
		return NULL;
	*why = "a difference listed by files or objects has no flame graph";
	if (v->groups != NULL && v->groups->by != CGA_GROUP_NAME)
		return NULL;
	*why = "the newer profile does not count the event";
	if ((*e = cga_event_index(v->newer, name)) == CGA_NOEVENT)
		return NULL;
	return v->newer;
}

static void
flame_members(FILE *m, const struct flame *fl, size_t e)
{
	static const char *const by[] = { "file", "object", "name" };

	fputs("\"event\": ", m);
	cga_out_json(m, fl->g->ev[e].name);
	fputs(", \"profile\": ", m);
	cga_out_json(m, fl->g->path);
	fprintf(m, ", \"newer\": %s, \"total\": %llu, \"min_share\": %g,\n"
	    "    \"merged\": %zu, \"rest\": %llu, \"cut\": %zu, "
	    "\"max_depth\": %u, \"frame_count\": %zu",
	    fl->v->newer == NULL ? "false" : "true",
	    (unsigned long long)fl->total, 100.0 / MIN_SHARE,
	    fl->merged,
	    (unsigned long long)fl->rest, fl->s.cut, fl->v->max_depth,
	    fl->nout);
	/* What a frame is: a function, or a group of them. */
	fprintf(m, ", \"frames_by\": \"%s\"", fl->fr->groups == NULL ?
	    "function" : by[fl->fr->groups->by]);
	frames(m, fl);
}

/*
 * The flame graph's member, made in a thread of its own while the JSON
 * document is written (both only read the profile): the page takes
 * little more time than the document.  Its frames (a function's pieces
 * gathered, as folded's) are made there too (1.6 s of the 512 MB
 * profile's 5 s, when the writer's thread made them first); what making
 * them or the stacks may say (a sum past 64 bits) is said from there,
 * before the page's data ends.
 */
struct flame_job {
	const struct cga_view *v;
	const struct cga_profile *g;	/* the stacks', or NULL: none */
	struct cga_frames fr;
	size_t		 event;
	const char	*why;		/* with no g: why not */
	char		*buf;
	size_t		 len;
	int		 stacks_err;	/* why its stacks failed, said */
					/* once the job is waited for */
	struct cga_job	 job;
};

/*
 * The frames of a view without groups made while the model's inclusive
 * costs are (html_early), which they do not read: 0.6 s of the 512 MB
 * profile's page, when the flame's thread, the last to end, began after.
 */
struct early {
	const struct cga_view	 *v;
	const struct cga_profile *p;
	struct cga_frames	  fr;
	int			  rc;
	struct cga_job		  job;
};

static struct early early;

static void *
early_run(void *arg)
{
	struct early	*e = arg;

	e->rc = cga_frames_make_quiet(&e->fr, e->v, e->p);
	return NULL;
}

static void
html_early(const struct cga_view *v, const struct cga_profile *p)
{
	/* Groups are made as the view is bound, and frames of them. */
	if (v->grouped || p->diff)
		return;
	early.v = v;
	early.p = p;
	cga_job_start(&early.job, early_run, &early);
}

/* The early frames into fr, when they are g's: cga_frames_make's status. */
static int
frames_make(struct cga_frames *fr, const struct cga_view *v,
    const struct cga_profile *g)
{
	if (early.p != NULL) {
		cga_job_wait(&early.job);
		/* A failure is made again here, to be said. */
		if (early.p == g && early.v == v && early.rc == 0) {
			*fr = early.fr;
			early.p = NULL;
			return 0;
		}
		if (early.rc == 0)
			cga_frames_free(&early.fr);
		early.p = NULL;
	}
	return cga_frames_make(fr, v, g);
}

static void
html_early_end(void)
{
	if (early.p != NULL) {
		cga_job_wait(&early.job);
		if (early.rc == 0)
			cga_frames_free(&early.fr);
	}
	early.p = NULL;
}

/* The flame graph's profile and its frames. */
static void
flame_begin(struct flame_job *j)
{
	if ((j->g = flame_of(j->v, &j->event, &j->why)) == NULL)
		return;
	if (frames_make(&j->fr, j->v, j->g) == -1) {
		j->g = NULL;
		j->why = "a cost of its frames does not fit in 64 bits";
	}
}

/* "flame": the stacks of the flame graph, or {"none": why}. */
static void
flame(FILE *m, struct flame_job *j)
{
	struct cga_stack_opts	 so;
	struct flame		 fl;
	unsigned char		*keep;

	memset(&fl, 0, sizeof(fl));
	fl.v = j->v;
	fputs(",\n  \"flame\": {", m);
	if (j->g == NULL) {
		fputs("\"none\": ", m);
		cga_out_json(m, j->why);
		putc('}', m);
		return;
	}
	fl.fr = &j->fr;
	fl.g = j->fr.g;
	memset(&so, 0, sizeof(so));
	so.event = j->event;
	so.max_depth = j->v->max_depth;
	so.max_frames = MAX_FRAMES;
	so.quiet = 1;		/* on the flame's thread: page() says it */
	if (cga_stacks_build(&fl.s, fl.g, &so) == -1) {
		j->stacks_err = fl.s.err;
		fputs("\"none\": ", m);
		cga_out_json(m, cga_stacks_why(fl.s.err));
		putc('}', m);
		return;
	}
	keep = xcalloc(fl.s.n + 1, 1);
	fl.self = xcalloc(fl.s.n + 1, sizeof(*fl.self));
	fl.sub = xcalloc(fl.s.n + 1, sizeof(*fl.sub));
	fl.out = xcalloc(fl.s.n + 1, sizeof(*fl.out));
	fl.up = xcalloc(fl.s.n + 1, sizeof(*fl.up));
	fl.wparent = xcalloc(fl.s.n + 1, sizeof(*fl.wparent));
	focus(&fl, keep);
	sums(&fl);
	choose(&fl, keep);
	flame_members(m, &fl, so.event);
	putc('}', m);
	free(keep);
	free(fl.self);
	free(fl.sub);
	free(fl.out);
	free(fl.up);
	free(fl.wparent);
	cga_stacks_free(&fl.s);
}

/* A list of the profile's events' names. */
static void
event_names(FILE *m, const struct cga_view *v, const size_t *ev, size_t n)
{
	size_t	 i;

	putc('[', m);
	for (i = 0; i < n; i++) {
		fputs(i ? ", " : "", m);
		cga_out_json(m, v->p->ev[ev[i]].name);
	}
	putc(']', m);
}

/*
 * What the view shows, which the JSON document leaves to its reader: the
 * events shown and sorted by, the thresholds as given, what percentages
 * are of (a difference's: the older profile's totals).
 */
static void
view_members(FILE *m, const struct cga_view *v)
{
	struct cga_w	 w;
	size_t		 i;

	fputs(",\n  \"show\": ", m);
	event_names(m, v, v->show, v->nshow);
	fputs(", \"sort\": ", m);
	event_names(m, v, v->sort, v->nsort);
	fprintf(m, ", \"inclusive\": %s, \"diff\": %s, \"filter\": %s,"
	    "\n  \"thresholds\": [", v->inclusive ? "true" : "false",
	    v->diff ? "true" : "false", v->filter ? "true" : "false");
	for (i = 0; i < v->nsort; i++) {
		fputs(i ? ", " : "", m);
		cga_out_json_or_null(m, v->th_text[i]);
	}
	fputs("], \"percent_of\": ", m);
	cga_w_init(&w, m);
	cga_json_cost(&w, v, v->total);
	cga_w_flush(&w);
	fprintf(m, ", \"annotate\": %s", v->auto_annotate ? "true" : "false");
}

static void *
flame_run(void *arg)
{
	struct flame_job	*j = arg;
	FILE			*m;

	flame_begin(j);
	if ((m = open_memstream(&j->buf, &j->len)) == NULL)
		cga_oom();
	flame(m, j);
	if (fclose(m) != 0)
		cga_oom();
	return NULL;
}

/* The job of the page being written (page has no argument for it). */
static struct flame_job *flame_job;

/* The page's own member of the data, after the JSON document's. */
static void
page(FILE *out, const struct cga_view *v, struct cga_fn **fns, size_t n)
{
	struct cga_json_piece	 pc;
	FILE			*m, *src = NULL;
	char			*sbuf = NULL;
	size_t			 slen = 0;

	cga_json_piece_init(&pc, out, 1);
	m = cga_json_piece_begin(&pc);
	fputs(",\n  \"page\": {\"generator\": \"cgannotate " CGA_VERSION "\"",
	    m);
	view_members(m, v);
	/*
	 * The sources, into a buffer of their own while the flame's thread
	 * ends, which the page waits for (75 ms of the 512 MB profile's page,
	 * after it, when they were written there).
	 */
	if (v->auto_annotate) {
		if ((src = open_memstream(&sbuf, &slen)) == NULL)
			cga_oom();
		cga_html_sources(src, v, fns, n);
		if (fclose(src) != 0)
			cga_oom();
	}
	cga_job_wait(&flame_job->job);
	if (flame_job->stacks_err)
		cga_stacks_say(flame_job->stacks_err, flame_job->fr.g);
	fwrite(flame_job->buf, 1, flame_job->len, m);
	cga_json_piece_end(&pc);
	if (v->asm_code) {
		m = cga_json_piece_begin(&pc);
		cga_asm_json(m, v, fns, n);
		cga_json_piece_end(&pc);
	}
	cga_json_piece_free(&pc);
	if (sbuf != NULL)
		fwrite(sbuf, 1, slen, out);
	free(sbuf);
	fputs("}", out);
}

static void
lines(FILE *out, const char *const *l)
{
	for (; *l != NULL; l++)
		fputs(*l, out);
}

static int
html_print(FILE *out, const struct cga_view *v)
{
	int			 rc;
	struct flame_job	 job;

	memset(&job, 0, sizeof(job));
	job.v = v;
	flame_job = &job;
	cga_job_start(&job.job, flame_run, &job);
	lines(out, cga_html_head);
	/* The files' line costs are the sources', for those found only. */
	rc = cga_json_write(out, v, CGA_JSON_SCRIPT | CGA_JSON_NO_FILES, page);
	cga_job_wait(&job.job);	/* page was not reached */
	free(job.buf);
	if (job.g != NULL)
		cga_frames_free(&job.fr);
	flame_job = NULL;
	putc('\n', out);
	lines(out, cga_html_tail);
	return rc;
}

/*
 * Stacks, and the JSON document's calls and inclusive costs; line costs
 * and jumps of the files that can be annotated (the page shows no
 * other); with --asm, the instructions.
 */
static unsigned
html_needs(const struct cga_view *v)
{
	return CGA_NEED_INCL | (v->auto_annotate ? CGA_NEED_LINES |
	    CGA_NEED_JUMPS : 0) | (v->asm_code ? CGA_NEED_INSTRS : 0);
}

const struct cga_format cga_format_html = { "html", html_needs, NULL,
    0, html_print, html_early, html_early_end, 0 };
