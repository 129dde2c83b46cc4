/*
 * profile.h: the model of one or more loaded profiles: events, files with
 * their line costs, functions, call edges, call sites and machine code.
 * The loader (load/) builds it, the analyses (analysis/) add to it once
 * it is finished, the view and the printers only read it.  Its rules:
 *
 *  - Ownership.  A struct cga_profile owns everything reachable from it
 *    and frees all of it in cga_profile_free.  Its names, files,
 *    functions, call edges, costs and line pages come from its arena and
 *    are never freed one by one; its tables and logs (events, parts,
 *    the names' slots, the table of functions, the logs of call sites,
 *    instructions and jumps) are malloc'd and freed with it.  Nothing
 *    in it points into another model: -j 2's merge (cga_*_adopt) takes
 *    the other model's arena whole first.
 *  - Names.  Every name (a file's, a function's, an object's, an
 *    event's, a header's value) is interned once (cga_profile_intern)
 *    and compared by pointer.  An interned name leads to the file of
 *    that name and to the functions of that name and of that file
 *    (struct cga_str), so that neither needs a table of its own.
 *  - Costs.  A cost is p->cw words: p->nev counters, then p->maskw words
 *    with a bit for each counter given at least once (cga_cost_defined);
 *    one never given prints as ".", not "0".  Costs can be made once
 *    cga_profile_set_events has fixed the events.  In a difference
 *    (p->diff) counters, counts and totals are signed.
 *  - What may be NULL.  fn->incl and call->incl until inclusive costs
 *    are computed (p->have_incl; a call's stays NULL where it is its
 *    cost); fn->base unless the model is a difference whose older
 *    profile has the function; fn->display until cga_profile_finish in a
 *    model of late_display, and always in one of no_display; fn->obj and
 *    fn->codeobj where no ob= line named one; file->lines where no line
 *    cost was kept; p->ceiling, p->callbound, p->base and p->base_path
 *    until what sets them; a part's total until it ends; an event's
 *    longname, and its terms unless it is derived.
 *  - Line pages.  Line costs are kept only for the files a format asks
 *    for, in pages of 16 consecutive lines (lines.c): a page holds the
 *    lines it has, packed in line order, p->lw words each: the line's
 *    cost (p->cw words), then its owner word, the function whose cost
 *    line named the line first (cga_line_owner; set once, by
 *    cga_line_own), the function --format=tsv --lines shows it under;
 *    a model of no_owners (no format of it reads them) has none.
 *    A line's cost stays where it is only until the next cga_line_get,
 *    which may move the other lines of its page.  A -j 2 thread's model
 *    has one word more a line, its profile line (lw = cw + 2), until
 *    cga_file_adopt_lines lays its pages out as p's.
 *  - Merges.  While loading, a file or function can be merged into
 *    another as a name id's late definition names it (rename.c): it
 *    leaves every name's list but stays in p->files or p->fns, pointing
 *    to where it went (cga_file_final, cga_fn_final).  cga_profile_finish
 *    takes them out and numbers the rest again from 0; line owners, call
 *    sites, instructions and jumps name what they went into.  In a
 *    finished model nothing is gone, and ids run from 0 to nfiles - 1
 *    and nfns - 1 in the order things were first named.
 *
 * model.h holds what only the model's own files share.
 */
#ifndef CGA_PROFILE_H
#define CGA_PROFILE_H

#include <stddef.h>
#include <stdint.h>

#include "base/hash.h"	/* before uthash.h: how every table hashes */
#include "base/xalloc.h"	/* before uthash.h: routes its failures */

#include <uthash.h>

/*
 * A cost is an array of p->cw 64-bit words: p->nev counters, one per event,
 * then p->maskw words with a bit set for each counter that was given at
 * least once.  An event never given prints as "." rather than "0", as
 * callgrind_annotate prints it.
 */

struct cga_term {
	size_t		 ev;		/* a recorded event */
	uint64_t	 coef;
};

struct cga_event {
	const char	*name;
	const char	*longname;	/* NULL when none was given */
	size_t		 nterms;	/* 0 for a recorded event */
	struct cga_term	*terms;		/* a derived event: sum of coef * event */
};

/*
 * A file's line pages are held apart (lines.c), so that the files whose
 * lines are not kept (most, in a report without annotation) take no
 * room for them.
 */
struct cga_flines;

struct cga_file {
	const char	*name;		/* key: interned pointer */
	size_t		 id;		/* its number, from 0 in the order made */
	struct cga_flines *lines;	/* its line costs, NULL: none yet */
	struct cga_file	*next;		/* all files, in the order they came */
	struct cga_file	*merged;	/* merged into it, while loading */
};

struct cga_fn_key {
	const char	*file;		/* interned */
	const char	*name;		/* interned */
};

/*
 * A function: 144 bytes and its cost, of which a profile may have millions
 * (the 512 MB benchmark 760,000): what it holds only while loading shares
 * room with what it holds after.
 */
struct cga_fn {
	struct cga_fn_key key;
	uint32_t	 id;		/* its number, from 0 in the order made */
	unsigned char	 listed;	/* named by fn=, fi= or fe= (not only called) */
	unsigned char	 gone;		/* merged into another, while loading: */
					/* same_name says which */
	unsigned char	 objs;		/* its code lies in two objects or */
					/* more: cga_fn_object is the one */
					/* its cost is counted in */
	const char	*obj;		/* object at its last fn= line, or NULL */
	uint64_t	 objseq;	/* when that was, for merges (ids.c) */
	const char	*codeobj;	/* the object its code lies in: obj, */
					/* or for code inlined (fi=, fe=), */
					/* which names none, the one there */
	uint64_t	 codeseq;	/* the profile line that said so */
	const char	*display;	/* "file:name", as it is printed; */
					/* NULL until finished, in a model */
					/* of late_display; NULL in one of */
					/* no_display */
	uint64_t	*self;		/* exclusive cost */
	uint64_t	*incl;		/* inclusive cost, see cga_profile_inclusive */
	/*
	 * In a difference (--diff): OLD's costs, or NULL when OLD lacks the
	 * function (the cost itself is NEW - OLD).  Apart, as few have it.
	 */
	struct cga_fn_base *base;
	struct cga_call	*out;		/* calls it makes (via next_out) */
	struct cga_call	*in;		/* calls it receives (via next_in) */
	/* An edge takes a hundred bytes: 2^32 of them would not fit. */
	uint32_t	 nout;		/* edges in each list */
	uint32_t	 nin;
	uint64_t	 ncalls;	/* calls it makes, all callees */
	struct cga_fn	*next;		/* all functions, in the order they came */
	struct cga_fn	*same_name;	/* the next one of the same name; */
					/* gone: the one it merged into */
	struct cga_fn	*same_file;	/* the next one of the same file */
	uint64_t	 cost[];	/* self points here */
};

/* What a function merged into while loading (gone), or NULL. */
static inline struct cga_fn *
cga_fn_merged(const struct cga_fn *fn)
{
	return fn->gone ? fn->same_name : NULL;
}

/* What a function merged into while loading ended in: fn when none. */
static inline struct cga_fn *
cga_fn_final(struct cga_fn *fn)
{
	while (fn->gone)
		fn = cga_fn_merged(fn);
	return fn;
}

/* Marks fn, out of every name's list already, merged into to. */
static inline void
cga_fn_merge_into(struct cga_fn *fn, struct cga_fn *to)
{
	fn->gone = 1;
	fn->same_name = to;
}

/* OLD's exclusive and inclusive costs (NULL: not computed) in a difference. */
struct cga_fn_base {
	uint64_t	*self;
	uint64_t	*incl;
};

static inline uint64_t *
cga_fn_base_self(const struct cga_fn *fn)
{
	return fn->base != NULL ? fn->base->self : NULL;
}

static inline uint64_t *
cga_fn_base_incl(const struct cga_fn *fn)
{
	return fn->base != NULL ? fn->base->incl : NULL;
}

struct cga_call_key {
	struct cga_fn	*caller;
	struct cga_fn	*callee;
};

struct cga_call {
	struct cga_call_key key;
	uint64_t	 count;
	uint64_t	*cost;		/* inclusive cost of the calls, as given */
	uint64_t	*incl;		/* the same, at most the callee's */
					/* inclusive cost where that is less */
					/* (inclusive.c); NULL: the same */
	unsigned char	 recursive;	/* caller and callee in one cycle */
	unsigned char	 indexed;	/* in the table (tables.c) */
	uint32_t	 no;		/* 1 + its index in the profile's callv */
	uint64_t	 seq;		/* the order edges were made in */
	struct cga_call	*next_out;
	struct cga_call	*next_in;
};

/*
 * Call edges are found by walking the shorter of the caller's list out
 * and the callee's list in; when both are long, in a table of their own,
 * open-addressed like the names', which holds only the edges of such
 * pairs (most edges have a short list on one side, so most never touch
 * it).  A slot keeps the key's hash and the edge's place in p->callv,
 * the list of edges in the order they were made, so that growing the
 * table reads neither edges nor functions.  An edge taken out (rename.c)
 * leaves NULL in the list, and its slot, which the next growth drops.
 */
struct cga_callslot {
	uint32_t	 hash;
	uint32_t	 call;		/* 1 + index in callv; 0: free */
};

/*
 * A call site: the calls one function makes to another from one line.
 * Sites are appended as calls= lines come, and merged by sorting when
 * the log fills (and once loading ends), which reads memory in order
 * where a hash table would read it at random.
 */
struct cga_site_key {
	struct cga_file	*file;
	uint64_t	 line;
	struct cga_fn	*caller;
	struct cga_fn	*callee;
};

struct cga_site {
	struct cga_site_key key;
	uint64_t	 seq;		/* the order sites were first seen in */
	uint64_t	 lineno;	/* the profile line of its cost */
	uint64_t	 count;
	uint64_t	 cost[];
};

/*
 * Machine code, kept only when a format asks for it (formats.h): the
 * cost of each instruction of a profile whose positions: include instr,
 * and of the calls made from it; and each jump= and jcnd= line.
 * Instructions are appended as cost lines come and merged by sorting,
 * as call sites are (instrs.c).
 */
struct cga_instr {
	struct cga_fn	*fn;		/* the function it is in */
	uint64_t	 addr;
	const char	*obj;		/* its object (ob=): functions of */
					/* one file and name may have code */
					/* in several, as ld.so and libc do */
	struct cga_fn	*callee;	/* the cost of calls to it, or NULL: */
	struct cga_file	*file;		/* the instruction's own; its */
	uint64_t	 line;		/* source file and line */
	uint64_t	 count;		/* calls made */
	uint64_t	 cost[];
};

/*
 * A jump or conditional branch: where it is and where it goes, each as
 * far as the profile's positions tell (0: no such position).  Its names
 * are their numbers (cga_jump_no, cga_jump_name; 0: none), and nothing
 * pads it: 80 bytes, where pointers and an int made 96 (2.97 million
 * jumps of the 512 MB benchmark profile).
 */
struct cga_jump {
	struct cga_fn	*fn;
	struct cga_file	*file;
	uint64_t	 line;
	uint64_t	 addr;
	uint64_t	 tline;
	uint64_t	 taddr;
	uint64_t	 count;		/* jumps made (jcnd: taken) */
	uint64_t	 executed;	/* jcnd: times executed; jump: 0 */
	uint32_t	 obj;		/* its object (ob=) */
	uint32_t	 tfile;		/* the target's file and function */
	uint32_t	 tfn;		/* (jfi=, jfn=) */
	uint32_t	 cond;		/* jcnd: 1 */
};

/* An event's count, in a list of the events a part gives. */
struct cga_evcount {
	size_t		 ev;
	uint64_t	 n;
};

/* One part of a profile file (a dump); most files have one. */
struct cga_part {
	const char	*path;		/* the profile file it came from */
	const char	*number;	/* part: value, or NULL */
	const char	*pid;
	const char	*thread;
	const char	*cmd;
	const char	*trigger;	/* desc: Trigger: value */
	const char	**desc;		/* its desc: lines, but Option: ones */
	size_t		 ndesc;
	uint64_t	 ordinal;	/* its place in its file, from 1 */
	/*
	 * Its program total, derived events included: the events it gives,
	 * in event order (not a cost array, so that parts each of an event
	 * of their own do not take parts times events); NULL until the part
	 * has ended.
	 */
	struct cga_evcount *total;
	size_t		 ntotal;
	int		 calculated;	/* total computed from its cost lines */
	struct cga_evcount *self;	/* the sum of its cost lines, alike */
	size_t		 nself;
};

/*
 * An interned name (profile.c's; here for the functions below).  It leads
 * to the file of that name and to the functions of that name, so that
 * neither needs a table of its own.
 */
struct cga_str {
	struct cga_file	*file;
	struct cga_fn	*fns;		/* of this name, via same_name */
	struct cga_fn	*infile;	/* of this file, via same_file */
	uint32_t	 len;
	uint32_t	 no;		/* 1 + its index in strv */
	uint32_t	 nfns;		/* of each list, up to UINT32_MAX */
	uint32_t	 ninfile;
	uint32_t	 event;		/* 1 + the event of this name; 0: none */
	char		 s[];		/* what is allocated ends with it */
};

static inline struct cga_str *
cga_str_of(const char *s)
{
	return (struct cga_str *)(uintptr_t)(s - offsetof(struct cga_str, s));
}

/*
 * The interned names, open-addressed: each slot keeps the name's hash, so
 * that a probe reads one slot and, only when hashes agree, the name.  The
 * slots are 8 bytes, so that most of the table stays in the cache.  The
 * table is in parts, by the hash's top bits, each grown on its own:
 * growing one holds two copies of a part, not of the whole table (with
 * -j 2's merge, 8 MB more at the 512 MB profile's peak).
 */
struct cga_strslot {
	uint32_t	 hash;
	uint32_t	 str;		/* 1 + index in strv; 0: free */
};

#define CGA_STRPART_BITS	6

struct cga_strpart {
	struct cga_strslot *slots;
	uint32_t	  cap;		/* a power of 2, or 0 */
	uint32_t	  n;		/* names in it */
};

struct cga_objpair;	/* model/objs.h */

struct cga_profile {
	struct cga_arena  arena;
	uint64_t	  read;		/* bytes of the profiles read before */
	struct cga_strpart strs[1 << CGA_STRPART_BITS];
	struct cga_str	**strv;		/* the names, in the order they came */
	size_t		  nstrs;
	size_t		  strvcap;
	uint32_t	 *adopted;	/* -j 2's thread's model, once merged: */
					/* p's number of each of its names, */
					/* by its own; 0 for a placeholder */

	size_t		  nev;		/* events, derived ones last */
	size_t		  nrec;		/* recorded events (the events: line) */
	size_t		  maskw;	/* words of the defined-mask */
	size_t		  cw;		/* words of a cost: nev + maskw */
	size_t		  lw;		/* of a line's: its cost, its owner */
	int		  no_owners;	/* lines have no owner: lw is cw */
	struct cga_lpage *lfree[5];	/* pages given back, by room 1..16 */
	struct cga_event *ev;

	/* The header of the first part read. */
	const char	 *path;		/* the first profile file read */
	const char	 *said;		/* its files, for messages: finish.c */
	const char	 *creator;
	const char	 *cmd;
	const char	 *pid;
	const char	 *part;
	const char	 *thread;
	const char	**desc;
	size_t		  ndesc;

	struct cga_part	 *parts;
	size_t		  nparts;
	/*
	 * While a part is read (header.c): the sum of its cost lines, its
	 * summary: and totals: lines, and its total, as costs; each is
	 * cleared of what it holds when used again.
	 */
	uint64_t	 *scratch;

	uint64_t	 *total;	/* program total: the parts' totals summed */
	/*
	 * What an inclusive cost is at most, per event: the larger of the
	 * total and the sum of the exclusive costs (a summary: line below
	 * its cost lines holds less than they do); set with the inclusive
	 * costs, NULL before.
	 */
	uint64_t	 *ceiling;
	/*
	 * Bounds, saturating, on every count the model holds: the counts of
	 * the cost lines after calls= lines summed (a cost), and those of
	 * the calls= lines (a number of calls); with the parts' sums of their
	 * other cost lines, no sum of counts can exceed them (load/merge.c).
	 */
	uint64_t	 *callbound;
	uint64_t	  countbound;
	int		  calculated;	/* some part's total came from cost lines */
	int		  truncated;	/* some part looked cut short */

	/*
	 * Files and functions are found through their interned names; these
	 * lists hold them all in the order they were made.
	 */
	struct cga_file	 *files, *files_last;
	size_t		  nfiles;
	/* The files given line costs: their indexes go with the profile. */
	struct cga_file	**lined;
	size_t		  nlined, linedcap;
	struct cga_fn	 *fns, *fns_last;
	struct cga_fn	**fnv;		/* the same, by id, or NULL until */
	size_t		  fnvcap;	/* cga_fns_index: walks over it can */
					/* fetch functions ahead */
	struct cga_call	**callv;	/* every edge, in the order made; */
	size_t		  ncallv;	/* NULL where one was taken out */
	size_t		  callvcap;
	size_t		  ncalls;	/* edges in it, not NULL */
	struct cga_callslot *calltab;	/* the edges by caller and callee */
	size_t		  calltabcap;	/* a power of 2, or 0 */
	size_t		  calltabn;	/* slots used, by edges or NULLs */
	char		 *sites;	/* nsites records of sitesize bytes */
	size_t		  nsites;
	size_t		  sitecap;
	size_t		  sitesize;
	uint64_t	  siteseq;	/* sites appended so far */
	char		 *instrs;	/* ninstrs records of instrsize bytes */
	size_t		  ninstrs;
	size_t		  instrcap;
	size_t		  instrsize;
	int		  have_instr;	/* some part's positions had instr */
	struct cga_jump	 *jumps;	/* by fn, addr, file, line, target */
	size_t		  njumps;
	size_t		  jumpcap;
	size_t		  nfns;
	struct cga_fn	**fntab;	/* every function, by file and name */
	size_t		  fncap;	/* its slots, a power of 2 */
	size_t		  nmerged;	/* files and functions merged away */
	uint64_t	  objseq;	/* fn= lines read */
	struct cga_objpair *objpairs;	/* see model/objs.h */
	size_t		  nobjpairs, objpaircap;
	uint64_t	  callseq;	/* call edges made */
	/*
	 * Functions' display names are made by cga_profile_finish rather
	 * than as functions are made: after loading, once the loader's
	 * tables are gone, so that they do not add to its peak.
	 */
	int		  late_display;
	/*
	 * No display names at all: the one format that prints this model
	 * prints a function's name from its file and name (its no_display).
	 */
	int		  no_display;
	int		  have_incl;	/* incl costs are computed */
	/*
	 * A difference of two profiles (--diff), or a profile with negative
	 * counts (cg_diff's): counters, counts and totals are signed, two's
	 * complement in the same 64 bits.
	 */
	int		  diff;
	const uint64_t	 *base;		/* what shares are of: the older */
					/* profile's totals, or the size */
					/* of the profile's own */
	const char	 *base_path;	/* the older profile, or NULL */
};

/* The object a function's code lies in, or NULL. */
static inline const char *
cga_fn_object(const struct cga_fn *fn)
{
	return fn->obj != NULL ? fn->obj : fn->codeobj;
}

/* What a message of the whole model names it by: p->said, or p->path. */
const char *cga_profile_said(const struct cga_profile *);

struct cga_profile *cga_profile_new(void);
void	 cga_profile_free(struct cga_profile *);

const char *cga_profile_intern(struct cga_profile *, const char *, size_t);
/*
 * Names of p interned in q, many of them (a profile of groups made from
 * p's functions): each name's hash read from p's table rather than
 * computed again, q's parts made room for all of p's names at once, and
 * q's copy of each name of p kept, so that a name met again is a read.
 * A name not interned in p is interned in q as cga_profile_intern does.
 */
struct cga_namemap {
	const struct cga_profile *p;
	struct cga_profile *q;
	uint32_t	*hash;		/* by p's name number: its hash, */
	unsigned char	*have;		/* if p's table had it */
	const char	**to;		/* q's copy, NULL until asked for */
};

void	 cga_namemap_init(struct cga_namemap *, const struct cga_profile *p,
	    struct cga_profile *q);
const char *cga_namemap_get(struct cga_namemap *, const char *);
void	 cga_namemap_free(struct cga_namemap *);
/* The interned copy of a name, or NULL if there is none. */
const char *cga_profile_lookup(const struct cga_profile *, const char *,
	    size_t);
/*
 * An interned name's number, from 1 in the order names came, and the name
 * of a number: half the size of a pointer, for tables of many names.
 */
static inline uint32_t
cga_name_no(const char *name)
{
	return cga_str_of(name)->no;
}

static inline const char *
cga_profile_name(const struct cga_profile *p, uint32_t no)
{
	return p->strv[no - 1]->s;
}

/* A jump's name of an interned name or NULL, and the name it is. */
static inline uint32_t
cga_jump_no(const char *name)
{
	return name != NULL ? cga_name_no(name) : 0;
}

static inline const char *
cga_jump_name(const struct cga_profile *p, uint32_t no)
{
	return no != 0 ? cga_profile_name(p, no) : NULL;
}
/* Fixes the event set; cost arrays can be made from then on. */
void	 cga_profile_set_events(struct cga_profile *, struct cga_event *,
	    size_t nev, size_t nrec);
size_t	 cga_event_index(const struct cga_profile *, const char *name);
/* The events' names, each after a blank (free it). */
char	*cga_event_list(const struct cga_profile *);

uint64_t *cga_cost_new(struct cga_profile *);
/* The file of an interned name. */
struct cga_file *cga_file_get(struct cga_profile *, const char *name);
/* The file of an interned name, or NULL if none was made. */
struct cga_file *cga_file_find(const struct cga_profile *, const char *name);
/*
 * The cost of a line of a file, made if need be.  It is valid until the
 * next cga_line_get: making a line moves the others of its page.
 */
uint64_t *cga_line_get(struct cga_profile *, struct cga_file *, uint64_t line);
/* The cost of a line, or NULL if no cost line named it. */
uint64_t *cga_line_find(const struct cga_profile *, struct cga_file *,
	    uint64_t line);

struct cga_lineref {
	uint64_t	 line;
	uint64_t	*cost;
	struct cga_fn	*fn;		/* the first function costing there */
};

/*
 * A line's cost is followed by the function whose cost line named it
 * first, the function --format=tsv --lines shows it under.
 */
static inline struct cga_fn *
cga_line_owner(const struct cga_profile *p, const uint64_t *c)
{
	return p->no_owners ? NULL : (struct cga_fn *)(uintptr_t)c[p->cw];
}

static inline void
cga_line_own(const struct cga_profile *p, uint64_t *c, struct cga_fn *fn)
{
	if (!p->no_owners && c[p->cw] == 0)
		c[p->cw] = (uint64_t)(uintptr_t)fn;
}

/* Drops every line cost of a file (and the memory of its pages' index). */
void	 cga_file_drop_lines(struct cga_file *);
/* Calls fn for each line cost of a file, in no given order. */
void	 cga_file_each(const struct cga_profile *, struct cga_file *,
	    void (*fn)(void *, struct cga_file *, uint64_t, uint64_t *), void *);
/*
 * Asks for what walking f's lines reads first, a step at a time, each
 * some files ahead of the next: 0, its name and index; 1, the index's
 * array; 2, its first pages.
 */
void	 cga_file_prefetch(const struct cga_file *, int step);
/* Calls fn for each line cost of each file, in no given order. */
void	 cga_lines_each(const struct cga_profile *,
	    void (*fn)(void *, struct cga_file *, uint64_t, uint64_t *), void *);
/* A file's line costs in line order (free it). */
struct cga_lineref *cga_file_lines(const struct cga_profile *,
	    struct cga_file *, size_t *n);
/* The function name in file; both names interned. */
struct cga_fn	*cga_fn_get(struct cga_profile *, const char *file,
	    const char *name);
/* The same, or NULL if none was made. */
struct cga_fn	*cga_fn_find(struct cga_profile *, const char *file,
	    const char *name);
/* Makes the display name of each function that has none. */
void		 cga_fn_displays(struct cga_profile *);
/*
 * strcmp of two functions' display names, "file:name", whether they are
 * made or not.
 */
int		 cga_fn_display_cmp(const struct cga_fn *, const struct cga_fn *);
/* The functions of fn's name (in any file), fn among them. */
size_t		 cga_fn_namesakes(const struct cga_fn *);
/*
 * p->fnv made, and kept from then on as functions are made: for models
 * walked over as graphs (the loader asks for it where it keeps calls),
 * not the 6 MB more of a report's peak on the 512 MB profile.
 */
void		 cga_fns_index(struct cga_profile *);
/* Every function of p by id, a copy of p->fnv where it is kept (free it). */
struct cga_fn	**cga_fns_by_id(const struct cga_profile *);
/* The call edge from caller to callee, made if need be; or NULL if none. */
struct cga_call *cga_call_get(struct cga_profile *, struct cga_fn *,
	    struct cga_fn *);
struct cga_call *cga_call_find(const struct cga_profile *, struct cga_fn *,
	    struct cga_fn *);
/*
 * The next edge of p->callv from *i on, *i moved past it; NULL after the
 * last:  for (i = 0; (c = cga_call_next(p, &i)) != NULL;)
 */
static inline struct cga_call *
cga_call_next(const struct cga_profile *p, size_t *i)
{
	struct cga_call	*c;

	while (*i < p->ncallv)
		if ((c = p->callv[(*i)++]) != NULL)
			return c;
	return NULL;
}
/*
 * Takes call c out of p->callv (not its functions' lists); its slot in
 * the table, if it has one, stays until the table grows or is made again.
 */
void	 cga_call_forget(struct cga_profile *, struct cga_call *);
/* p->callv by seq, with no NULLs, and the table made again for it. */
void	 cga_calls_by_seq(struct cga_profile *);
void	 cga_calls_free(struct cga_profile *);
/* A new site record to add a call line's figures to (valid until the next). */
struct cga_site *cga_site_add(struct cga_profile *, struct cga_file *,
	    uint64_t, struct cga_fn *, struct cga_fn *, int *err,
	    uint64_t *lineno);
/*
 * Merges the records of each site: 0, or when a sum overflows, -1 (the
 * count) or -2 (the cost) with *lineno the profile line that overflowed.
 */
int	 cga_sites_merge(struct cga_profile *, uint64_t *lineno);
static inline struct cga_site *
cga_site_at(const struct cga_profile *p, size_t i)
{
	return (struct cga_site *)(void *)(p->sites + i * p->sitesize);
}

/*
 * A name id's definition, after its uses (ids.c): the functions of file
 * (file) or function name from get the name to, merged with those that
 * have it already; -1 when a merged sum overflows.
 */
int	 cga_fn_rename(struct cga_profile *, const char *from, const char *to,
	    int file);
/* File f gets name to, merged with the file of that name: -1 likewise. */
int	 cga_file_rename(struct cga_profile *, struct cga_file *f,
	    const char *to, int lines);
void	 cga_obj_rename(struct cga_profile *, const char *from, const char *to);
/* What a file merged into while loading ended in: f when none. */
static inline struct cga_file *
cga_file_final(struct cga_file *f)
{
	while (f->merged != NULL)
		f = f->merged;
	return f;
}
/*
 * -j 2's merge (load/merge.c): the model q that a thread read of a file's
 * second half joins p whole, rather than being made again in p.  p takes
 * q's arena (cga_arena_adopt), then its names (each name of q is
 * numbered as p's name of its bytes from then on: cga_profile_name(p,
 * cga_name_no(s)) maps it, while q's own numbers, which its loader's ids
 * hold, still name it in q), then each file, function and call edge of
 * q that p lacks, as the last p made, under p's names: the same as if p
 * had made it then.  Its figures and line pages stay where they are.
 */
void	 cga_profile_adopt_names(struct cga_profile *p, struct cga_profile *q);
/*
 * q's numbers for its names (and q->adopted), once no name is asked for
 * by one of them.
 */
void	 cga_profile_forget_names(struct cga_profile *q);
void	 cga_file_adopt(struct cga_profile *, struct cga_file *,
	    const char *name);
void	 cga_fn_adopt(struct cga_profile *, struct cga_fn *, const char *file,
	    const char *name);
void	 cga_call_adopt(struct cga_profile *, struct cga_call *,
	    struct cga_fn *caller, struct cga_fn *callee);
/*
 * The line pages of file f, taken from a model whose lines are qlw words
 * (a cost and more), laid out as p's, each line's owner the function it
 * merged into (cga_fn_final).
 */
void	 cga_file_adopt_lines(const struct cga_profile *p, size_t qlw,
	    struct cga_file *f);

/*
 * Makes the model signed (a difference), as a count below zero comes:
 * 0, or -1 when a count or sum so far does not fit in 64 bits signed.
 */
int	 cga_profile_make_signed(struct cga_profile *);
/*
 * Merges the call sites, makes functions' display names (late_display,
 * unless no_display)
 * and computes derived events once every file is loaded: 0, or -1 after
 * the message (a sum overflows).  It is cga_profile_finish_model, then
 * cga_profile_finish_code_quiet (and its message).
 */
int	 cga_profile_finish(struct cga_profile *);
/* All of cga_profile_finish but the instructions and jumps. */
int	 cga_profile_finish_model(struct cga_profile *);
/*
 * The instructions and jumps, merged and in order: 0, or -1 (a sum
 * overflows) with nothing said; cga_profile_finish_code_failed says it.
 * It reads functions and files (what they merged into, their ids) and
 * writes only instructions and jumps, with no memory of the arena, so
 * that it may run on a thread of its own beside inclusive costs.
 */
int	 cga_profile_finish_code_quiet(struct cga_profile *);
void	 cga_profile_finish_code_failed(const struct cga_profile *);

static inline int
cga_cost_defined(const struct cga_profile *p, const uint64_t *c, size_t i)
{
	return (c[p->nev + i / 64] >> (i % 64)) & 1;
}

/* cga_cost_define for a profile of nev events. */
static inline void
cga_cost_define_at(uint64_t *c, size_t nev, size_t i)
{
	c[nev + i / 64] |= (uint64_t)1 << (i % 64);
}

static inline void
cga_cost_define(const struct cga_profile *p, uint64_t *c, size_t i)
{
	c[p->nev + i / 64] |= (uint64_t)1 << (i % 64);
}

/* The first counter of c at or after i that was given, or p->nev. */
static inline size_t
cga_cost_next(const struct cga_profile *p, const uint64_t *c, size_t i)
{
	const uint64_t	*mask = c + p->nev;
	uint64_t	 w;
	size_t		 k = i / 64;

	if (i >= p->nev)
		return p->nev;
	for (w = mask[k] & (~(uint64_t)0 << (i % 64));; w = mask[k]) {
		if (w != 0) {
			i = k * 64 + (size_t)__builtin_ctzll(w);
			return i < p->nev ? i : p->nev;
		}
		if (++k >= p->maskw)
			return p->nev;
	}
}

/* Zeroes each counter of c that was given, and the mask: a cost unused. */
void	 cga_cost_clear(const struct cga_profile *, uint64_t *c);
/* The counters cost c gives, in the model's memory: *n of them. */
struct cga_evcount *cga_evcounts_of(struct cga_profile *, const uint64_t *c,
	    size_t *n);
/*
 * A part's total (or the sum of its cost lines) into cost c (p->cw
 * words), which is zero or holds what a call before put there.
 */
void	 cga_evcounts_cost(const struct cga_profile *,
	    const struct cga_evcount *, size_t n, uint64_t *c);

/* The size of a signed count. */
static inline uint64_t
cga_magnitude(uint64_t v)
{
	return (int64_t)v < 0 ? (uint64_t)0 - v : v;
}

/* a += b, signed in a difference: -1 on overflow. */
static inline int
cga_count_add(const struct cga_profile *p, uint64_t *a, uint64_t b)
{
	int64_t	 s;

	if (!p->diff)
		return __builtin_add_overflow(*a, b, a) ? -1 : 0;
	if (__builtin_add_overflow((int64_t)*a, (int64_t)b, &s))
		return -1;
	*a = (uint64_t)s;
	return 0;
}

/* dst += src over src's defined counters; -1 on overflow. */
static inline int
cga_cost_add(const struct cga_profile *p, uint64_t *dst, const uint64_t *src)
{
	size_t	 i;

	for (i = 0; i < p->nev; i++) {
		if (!cga_cost_defined(p, src, i))
			continue;
		if (cga_count_add(p, &dst[i], src[i]) == -1)
			return -1;
		cga_cost_define(p, dst, i);
	}
	return 0;
}

/*
 * A call's cost as shown: at most its callee's inclusive cost once those
 * are computed (a recursive call's recorded cost counts nested calls again).
 */
static inline const uint64_t *
cga_call_cost(const struct cga_call *c)
{
	return c->incl != NULL ? c->incl : c->cost;
}

#define CGA_NOEVENT	((size_t)-1)

static inline struct cga_instr *
cga_instr_at(const struct cga_profile *p, size_t i)
{
	return (struct cga_instr *)(void *)(p->instrs + i * p->instrsize);
}

/*
 * A new instruction record, its cost 0, to add a cost line's counts to
 * (valid until the next); NULL when merging the log overflowed a sum.
 */
struct cga_instr *cga_instr_add(struct cga_profile *, struct cga_fn *fn,
	    uint64_t addr, const char *obj, struct cga_fn *callee,
	    struct cga_file *file, uint64_t line);
void	 cga_jump_add(struct cga_profile *, const struct cga_jump *);
/*
 * Appends the n jumps of v, a log of another model's made p's (-j 2's
 * merge), and frees v: its memory is given back as it is copied.
 */
void	 cga_jumps_take(struct cga_profile *, struct cga_jump *v, size_t n);
/* An order of jumps (instrs.c's log order, branches.c's by line). */
typedef int cga_jump_cmp_fn(const struct cga_profile *,
	    const struct cga_jump *, const struct cga_jump *);
/*
 * Sorts ix, the numbers of n of p's jumps (one function's or one file's:
 * most have a few), by cmp, stably: by insertion when they are few.
 */
void	 cga_jumps_sort_ix(const struct cga_profile *, uint32_t *ix, size_t n,
	    cga_jump_cmp_fn *cmp);
/* A name id defined after its uses: jumps' targets get its name. */
void	 cga_jumps_rename(struct cga_profile *, const char *from,
	    const char *to);
/* The records of fn, by address (then callee), from *first: their number. */
size_t	 cga_instrs_of(const struct cga_profile *, const struct cga_fn *,
	    size_t *first);
size_t	 cga_jumps_of(const struct cga_profile *, const struct cga_fn *,
	    size_t *first);

/*
 * The model's code: profile.c (the profile, its names, events and costs),
 * tables.c (files, functions, call edges, call sites), lines.c (line
 * pages), instrs.c (instructions and jumps), rename.c (names given
 * late, and the merges they make), finish.c (once every profile is
 * read).
 */

#endif
