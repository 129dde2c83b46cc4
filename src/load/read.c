/*
 * read.c: a profile file as a whole: read line by line, each line to
 * body.c (and each block of cost lines to its block loop), the file told
 * from text that is no profile by its first lines, and its end settled.
 */
#include <sys/resource.h>

#include <stdlib.h>
#include <string.h>

#include "load/loader.h"

/*
 * Once the file is read: no profile is an error, an id never defined
 * gets its name; the last part ends (it may look truncated); a part
 * that added nothing goes; the header.
 */
static int
file_end(struct loader *ld)
{
	struct cga_profile	*p = ld->p;

	ld->text = NULL;
	ld->len = 0;
	if (!ld->cur.known && ld->nforeign > 0)
		return cga_load_foreign(ld);
	if (cga_ids_end(ld) == -1)
		return -1;
	ld->at_end = 1;
	if (cga_part_end(ld) == -1)
		return -1;
	if (p->ev == NULL) {
		/* --check: a bad events: line said so already. */
		if (ld->nlost == 0)
			cga_diag_msg(ld->path, ld->in.lineno,
			    CGA_MSG_NO_EVENTS, NULL, 0);
		return -1;
	}
	/* --check: the format asks for no cost line; no report is shown. */
	if (ld->nkept > 0 && !ld->costs && !ld->opts->check)
		cga_diag_msg(ld->path, ld->in.lineno, CGA_MSG_NO_COSTS, NULL,
		    0);
	/* A part that only had a header, or was left out, adds nothing. */
	if (p->parts[p->nparts - 1].total == NULL) {
		free(p->parts[p->nparts - 1].desc);
		p->nparts--;
	}
	/* The header shows the first part kept. */
	if (p->nparts > 0 && p->cmd == NULL && p->pid == NULL &&
	    p->desc == NULL) {
		p->cmd = p->parts[0].cmd;
		p->pid = p->parts[0].pid;
		p->part = p->parts[0].number;
		p->thread = p->parts[0].thread;
		p->ndesc = p->parts[0].ndesc;
		p->desc = xcalloc(p->ndesc + 1, sizeof(*p->desc));
		if (p->ndesc > 0)
			memcpy(p->desc, p->parts[0].desc,
			    p->ndesc * sizeof(*p->desc));
	}
	if (ld->nwarn > MAX_WARNINGS)
		cga_diag_msgf(ld->path, 0, CGA_MSG_MORE_WARNINGS,
		    ld->nwarn - MAX_WARNINGS);
	return 0;
}

/*
 * A dense model holds every event for every function and line, so a
 * profile of many events and many functions (20,000 of each fit in 1 MB)
 * would need gigabytes.  The model may grow to 1 GiB plus 16 times the
 * bytes read (real profiles need less than their size); past that the
 * load stops with an error rather than running out of memory.  What
 * counts is the memory in use: the arena's pages that were never written
 * (the counters of events a function does not have) take none, so once
 * the costs handed out pass the budget, the process's peak resident size
 * is what is checked.
 */
#define BUDGET_FLOOR	(1024ull * 1024 * 1024)
#define BUDGET_FACTOR	16

static size_t
budget(const struct loader *ld)
{
	uint64_t	 read = ld->p->read + ld->in.got;

	if (read > (SIZE_MAX - BUDGET_FLOOR) / BUDGET_FACTOR)
		return SIZE_MAX;
	return (size_t)(BUDGET_FLOOR + BUDGET_FACTOR * read);
}

static void
too_wide(void *ctx, size_t need, size_t size)
{
	const struct loader	*ld = ctx;
	struct rusage		 ru;
	unsigned long		 e, w;

	if (getrusage(RUSAGE_SELF, &ru) == 0 && ru.ru_maxrss > 0) {
		need = (size_t)ru.ru_maxrss * 1024 + size;
		if (need <= budget(ld))
			return;
	}
	cga_diag_msgf(ld->path, ld->block_line ? ld->block_line :
	    ld->in.lineno, CGA_MSG_TOO_WIDE, ld->p->nev,
	    (unsigned long long)(need >> 20),
	    (unsigned long long)(ld->p->read + ld->in.got));
	if (ld->opts->check)
		cga_diag_release(ld->path, &e, &w);
	exit(1);
}

int
cga_profile_load(struct cga_profile *p, const char *path,
    const struct cga_load_opts *opts)
{
	struct loader	 ld;
	char		*s;
	size_t		 len;
	int		 r, rc = -1;

	memset(&ld, 0, sizeof(ld));
	ld.p = p;
	ld.opts = opts;
	ld.path = cga_profile_intern(p, path, strlen(path));
	ld.unknown = cga_profile_intern(p, "???", 3);
	ld.cwdlen = opts->cwd != NULL ? strlen(opts->cwd) : 0;
	if (cga_input_open(&ld.in, path) == -1)
		return -1;
	if (p->path == NULL)
		p->path = ld.path;
	if (p->ev == NULL)	/* lines are made once events are */
		p->no_owners = opts->no_owners;
	if (!opts->no_calls)	/* a graph to walk */
		cga_fns_index(p);
	cga_part_begin(&ld);
	p->arena.over = too_wide;
	p->arena.ctx = &ld;
	for (;;) {
		/* -j 2: where the thread's half begins, merged or read on. */
		if (ld.split != NULL && cga_input_offset(&ld.in, ld.in.buf +
		    ld.in.start) == ld.split_at && cga_split_join(&ld) == -1)
			goto out;
		if ((r = cga_input_line(&ld.in, &s, &len)) <= 0)
			break;
		p->arena.limit = budget(&ld);
		ld.text = s;
		ld.len = len;
		/*
		 * valgrind ends every line with a newline: a last line of
		 * its without one was cut short, and is left out.
		 */
		if (ld.in.unended && ld.writer != WRITER_OTHER) {
			ld.cut = 1;
			continue;
		}
		if (cga_load_line(&ld, s) == -1) {
			/* --check goes on, unless the rest means nothing. */
			if (!opts->check || ld.fatal)
				goto out;
			cga_load_recover(&ld, s);
			continue;
		}
		/* -j 2: the thread starts as the first block of costs comes. */
		if (!ld.split_tried && cga_load_blocks(&ld))
			cga_split_start(&ld);
		cga_load_block(&ld);
	}
	if (r == 0 && file_end(&ld) == 0)
		rc = 0;
out:
	cga_split_stop(&ld);
	p->arena.over = NULL;
	p->read += ld.in.got;
	cga_input_close(&ld.in);
	cga_ids_clear(&ld);
	cga_header_free(&ld);
	free(ld.keep);
	return rc;
}
