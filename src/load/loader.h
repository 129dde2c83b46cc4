/*
 * loader.h: the state of the profile reader, and the helpers its files
 * share; private to load/.  Each file calls only those before it:
 * faults.c (what is said of a line), ids.c (names and their ids),
 * events.c (events: and event: lines), header.c (header lines, parts),
 * body.c (position, cost, call and jump lines), merge.c (-j 2's merge),
 * split.c (-j 2's thread; split.h), read.c (the file as a whole; load.h's
 * cga_profile_load).
 */
#ifndef CGA_LOADER_H
#define CGA_LOADER_H

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"
#include "base/num.h"
#include "load/input.h"
#include "load/load.h"

/* For the primitives of the hot loop: calls there cost time. */
#define CGA_HOT	static inline __attribute__((always_inline))

/* Warnings printed per file before the rest are only counted. */
#define MAX_WARNINGS	20

enum idkind { ID_FILE, ID_FN, ID_OBJ, ID_KINDS };
enum poskind { POS_INSTR, POS_BB, POS_LINE };
/* Who wrote the profile, as far as truncation is judged. */
enum writer { WRITER_OTHER, WRITER_CALLGRIND, WRITER_CACHEGRIND };

/*
 * Lines before any line of the format's (a header key it knows, a
 * position line) are held back: a file whose first lines are all such
 * is no profile, and says only that.
 */
#define FOREIGN_MAX	5

struct foreign {
	uint64_t	 line;
	enum cga_msg	 msg;		/* the warning it gets in a profile */
	size_t		 len;
	char		 text[CGA_DIAG_QUOTE + 1];	/* as much as is quoted */
};

/*
 * One table of name compression ids, e.g. shared by fl= fi= fe= cfi= jfi=.
 * It holds names by their number (cga_name_no), 0 for none.
 */
struct idtab {
	uint32_t	 *v;		/* ids lo to lo + n */
	uint64_t	  lo;
	size_t		  n;
	size_t		  count;	/* ids defined */
	uint64_t	 *hid;		/* the others: hcap slots, a power */
	uint32_t	 *hname;	/* of 2, with their names */
	size_t		  hcap;
	size_t		  nh;		/* slots used */
};

/*
 * An id used before its definition: it names a placeholder until the
 * definition comes, or "(id)" at the end of its scope (ids.c).
 */
struct forward {
	enum idkind	 kind;
	uint64_t	 id;
	const char	*name;		/* the placeholder; NULL once defined */
	uint64_t	 line;		/* the first line that used it */
	char		*text;		/* that line */
	size_t		 len;
};

/* A derived event from an event: line, resolved when the body begins. */
struct pending_event {
	const char	*name;
	const char	*longname;
	char		*expr;		/* NULL for a long name only */
	uint64_t	 line;
};

/* Events up to which the defined-masks of k counts are made ahead. */
#define CGA_KMASK_MAX	1024

/*
 * The state the lines of a body are read in: what each line leaves for
 * the lines after it.  -j 2 rests on it (split.c): the thread reads its
 * half from a cursor of its own, the halves are merged only where the
 * loader's at the cut agrees with the thread's at its start, and the
 * loader goes on from the thread's.  What a line leaves for the next
 * belongs here, not in struct loader: a field added breaks the build
 * (merge.c, an assert on the size) until the merge names it.  (ids.c's
 * define() gives its names that were placeholders their definitions.)
 */
struct cursor {
	/* The part and its format, fixed once its body begins. */
	uint64_t		 nfileparts;	/* the part, by parts so far */
	size_t			*map;		/* its events in the model */
	uint64_t		*kmask;		/* defined-mask for k counts; */
						/* NULL past CGA_KMASK_MAX */
	size_t			 nfev;		/* its events */
	size_t			 npos;
	int			 linepos;	/* index of "line", or -1 */
	int			 instrpos;	/* index of "instr", or -1 */
	int			 known;		/* the file shows a profile */
	int			 in_body;
	int			 skip;		/* not kept (--part) */

	/* What waits for a later line. */
	int			 pending_call;	/* a calls= line, for a cost */
	int			 call_bad;	/* --check: that line was bad */
	int			 jump_pending;	/* a jump, for the position */
	uint64_t		 call_count;	/* the calls= line's count, */
	uint64_t		 call_line;	/* and where it is */
	struct cga_jump		 jump;		/* the jump (opts->jumps) */
	const char		*cfile;		/* cfi= for the next cfn= */
	const char		*jfile;		/* jfi= and jfn= for the */
	const char		*jfn;		/* next jump, or NULL */

	/* Where cost lines go. */
	struct cga_file		*file;
	const char		*fnname;
	struct cga_fn		*fn;
	const char		*obj;
	struct cga_fn		*callee;
	uint64_t		 last[3];	/* the last positions */

	/* The last line's lookups, for the next. */
	struct cga_call		*call;		/* call edge */
	uint64_t		*linecost;	/* line cost */
	struct cga_file		*linefile;	/* its file */
	uint64_t		 lineno;	/* and line */
};

struct loader {
	struct cga_profile	*p;
	const struct cga_load_opts *opts;
	struct cga_input	 in;
	const char		*path;
	char			*text;		/* the line being read */
	size_t			 len;

	struct idtab		 ids[ID_KINDS];
	/*
	 * -j 2: the ids the thread's half gave, looked in after ids (which
	 * give none of them another name), once merged (cga_ids_adopt).
	 */
	struct idtab		 later[ID_KINDS];
	struct forward		*fwd;		/* ids used before defined */
	size_t			 nfwd, fwdcap;
	size_t			 nfwd_open;	/* of them, not defined yet */
	uint64_t		 fwd_scope;	/* ids cleared so far */
	const char		*unknown;	/* "???" */
	size_t			 cwdlen;
	int			 nwarn;
	/* Lines held back until the file shows it is a profile (cur.known). */
	struct foreign		 foreign[FOREIGN_MAX];
	size_t			 nforeign;

	/* Whether valgrind wrote it, so that it must end as valgrind ends. */
	enum writer		 writer;
	uint64_t		 lead_desc;	/* desc: lines at its start */
	uint64_t		 cmd_line;	/* the cmd: line after them */
	int			 cut;		/* its last line had no newline */
	int			 at_end;	/* the file is read */
	uint64_t		 nkept;		/* parts of it kept */
	int			 costs;		/* some gave a count */
	/* By file id: line costs kept (1), not (2), not asked yet (0). */
	unsigned char		*keep;
	size_t			 nkeep;

	/* Header of the file's first part, before the model has events. */
	const char		**evnames;
	size_t			 nevnames;
	struct pending_event	*pend;
	size_t			 npend;

	/* The part being read. */
	struct cga_part		*part;
	uint64_t		*pself;		/* the sum of its cost lines */
	const char		*cmd, *pid, *thread; /* last given */
	int			 have_events;
	uint64_t		*cnt;		/* counts of one line (nfev) */
	char			*sumtext[2];	/* summary:, totals: */
	uint64_t		 sumline[2];
	uint64_t		 block_line;	/* first line of the block read */

	struct cursor		 cur;		/* what lines leave the next */

	/*
	 * -j 2 (split.c): the thread reading the file's second half, and
	 * where that begins; or, in that thread's own loader, spec: what it
	 * reads is merged only if nothing needs a word said (bail).
	 */
	struct cga_split	*split;
	uint64_t		 split_at;
	int			 split_tried;
	int			 spec;
	int			 bail;
	uint64_t		 lineseq;	/* spec: lines made */
	pthread_mutex_t		*want_lock;	/* around opts->want_lines */

	/* --check (opts->check) only. */
	int			 fatal;		/* the rest cannot be read */
	int			 lost;		/* the part's body cannot be */
	uint64_t		 nlost;		/* parts lost so far */
	int			 have_positions; /* a positions: line came */
	uint64_t		 nheader;	/* header lines of the file so far */
	int			 part_events;	/* events: lines of the part */
};

/* Whether to print one more warning: all of them under --check. */
static inline int
shows_warning(struct loader *ld)
{
	return ld->opts->check || ++ld->nwarn <= MAX_WARNINGS;
}

static inline int
blank(char c)
{
	return c == ' ' || c == '\t';
}

/* Past the blanks at s (a const s gives a pointer into it, as strchr). */
static inline char *
skip_blanks(const char *s)
{
	while (blank(*s))
		s++;
	return (char *)(uintptr_t)s;
}

/* Whether c ends a token: a blank, or the end of the line, eol. */
static inline int
ends_token(char c, char eol)
{
	return c == ' ' || c == eol || c == '\t';
}

/* The one number parser (num.h), as the loader's stages call it. */
CGA_HOT int
number(const char **sp, uint64_t *v)
{
	return cga_number(sp, v);
}

/* faults.c: the message of msg about the line being read; -1. */
int	cga_load_bad(struct loader *, enum cga_msg);
/* The warning of msg about the line being read: 0, or -1 (no profile). */
int	cga_load_warn(struct loader *, enum cga_msg);
void	cga_load_known(struct loader *);
int	cga_load_foreign(struct loader *);
/*
 * Before a line of the format's: whether the line being read shows a
 * binary file (an ELF object, compressed data gzip is not, a NUL byte):
 * -1 after the one message that says what it is, else 0.
 */
int	cga_load_binary(struct loader *);
/* --check: the part's body cannot be read; it is left out (as by --part). */
void	cga_part_lose(struct loader *);

/* ids.c */
int	cga_ids_resolve(struct loader *, enum idkind, const char *value,
	    const char **name);
/*
 * The name of an id, or NULL; an id set; each id defined (fn -1 stops),
 * later ones apart.
 */
const char *cga_ids_get(struct loader *, enum idkind, uint64_t id);
void	cga_ids_set(struct loader *, enum idkind, uint64_t id, const char *);
void	cga_ids_each(struct loader *, enum idkind,
	    int (*fn)(void *, uint64_t, const char *), void *ctx);
/*
 * merge.c: the ids of b, the thread's loader, whose model ld's has
 * taken (cga_profile_adopt_names), become ld's later ids, each of the
 * name whose number in ld's model map gives for its number in b's.
 */
void	cga_ids_adopt(struct loader *ld, struct loader *b,
	    uint32_t (*map)(void *, uint32_t), void *ctx);
/* Whether a name is the placeholder of an id not defined yet. */
static inline int
cga_ids_placeholder(const char *name)
{
	return name[0] == '\n';	/* no name from a line holds one */
}
/*
 * The end of the ids' scope: an id never defined is named by its number
 * in parentheses, with a warning; 0, or -1 after an error.
 */
int	cga_ids_end(struct loader *);
void	cga_ids_clear(struct loader *);

/* events.c */
int	cga_events_line(struct loader *, const char *value);
int	cga_event_line(struct loader *, char *value);
/* Fixes the events once a cost, position or summary line needs them. */
int	cga_events_need(struct loader *);

/* header.c */
int	cga_header_line(struct loader *, const char *key, size_t klen,
	    char *value);
void	cga_part_begin(struct loader *);
int	cga_part_end(struct loader *);
/* The first position or cost line of a part: 0, or -1. */
int	cga_body_begin(struct loader *);
void	cga_header_free(struct loader *);

/* body.c: one line of the body or header: 0, or -1 after an error. */
int	cga_load_line(struct loader *, char *);
/* --check: the state the lines after a bad line s are read in. */
void	cga_load_recover(struct loader *, const char *s);
/*
 * Whether the lines that follow are read by the block loop, in place
 * (cga_load_block), rather than a line at a time.
 */
int	cga_load_blocks(const struct loader *);
/* The cost and jump lines that follow, read in place. */
void	cga_load_block(struct loader *);
/* Whether the line costs of file f are kept; or its jumps. */
int	cga_load_keeps(struct loader *, struct cga_file *f, int jumps);

/* split.c: -j 2, once the first block of costs comes. */
void	cga_split_start(struct loader *);
/* At split_at: the other half merged, and the input past it; 0, or -1. */
int	cga_split_join(struct loader *);
/* Stops the thread, its half unused (an error came first). */
void	cga_split_stop(struct loader *);

#endif
