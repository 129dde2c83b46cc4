/*
 * ids.c: the names of position lines, with the ids of name compression
 * ("(12) main", then "(12)"), interned as --mod-filename and
 * --mod-funcname rewrite them.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/hash.h"
#include "load/loader.h"

/*
 * Name ids are kept in an array indexed by id from lo, as callgrind numbers
 * them from 1 up (and -j 2's thread from about where its half begins),
 * while the array spans at most ID_SPAN times the ids defined (or
 * ID_ARRAY_MIN); sparser ids go to an open-addressed table.  Both hold a
 * name's number (cga_name_no), 32 bits where a pointer takes 64: the
 * tables of a profile of a million names took 40 MB with pointers.
 */
#define ID_ARRAY_MIN	(1u << 16)
#define ID_SPAN		8

/* Where id is, or would go, in the table. */
static size_t
idtab_slot(const struct idtab *t, uint64_t id)
{
	size_t	 i, mask = t->hcap - 1;

	i = (size_t)cga_hash_u64(id) & mask;
	while (t->hname[i] != 0 && t->hid[i] != id)
		i = (i + 1) & mask;
	return i;
}

/* The number of id's name, or 0. */
static uint32_t
idtab_get(const struct idtab *t, uint64_t id)
{
	if (id - t->lo < t->n && t->v[id - t->lo] != 0)
		return t->v[id - t->lo];
	return t->nh == 0 ? 0 : t->hname[idtab_slot(t, id)];
}

/*
 * Makes the array reach id, if it then spans at most ID_SPAN times the ids
 * defined (or ID_ARRAY_MIN): 0, or -1 when id goes to the table.  It grows
 * by a quarter, towards the side id lies on.
 */
static int
array_reach(struct idtab *t, uint64_t id)
{
	uint64_t	 lo, hi, cap, max = ID_SPAN * (uint64_t)t->count + 1024;
	uint32_t	*v;

	if (max < ID_ARRAY_MIN)
		max = ID_ARRAY_MIN;
	if (id == UINT64_MAX)
		return -1;
	lo = t->n == 0 || id < t->lo ? id : t->lo;
	hi = t->n == 0 || id >= t->lo + t->n ? id + 1 : t->lo + t->n;
	if (hi - lo > max)
		return -1;
	cap = hi - lo + (hi - lo) / 4 + 1024;
	if (cap > SIZE_MAX / sizeof(*v))
		return -1;
	if (t->n > 0 && id < t->lo) {
		lo = cap > hi ? 0 : hi - cap;
		v = xcalloc_written((size_t)cap, sizeof(*v));
		memcpy(v + (t->lo - lo), t->v, t->n * sizeof(*v));
		free(t->v);
	} else {
		v = xreallocarray(t->v, (size_t)cap, sizeof(*v));
		memset(v + t->n, 0, ((size_t)cap - t->n) * sizeof(*v));
	}
	t->v = v;
	t->lo = lo;
	t->n = (size_t)cap;
	return 0;
}

/* Puts id in the open-addressed table, grown to stay half empty. */
static void
hash_put(struct idtab *t, uint64_t id, uint32_t no)
{
	uint64_t	*oid = t->hid;
	uint32_t	*oname = t->hname;
	size_t		 i, j, cap = t->hcap;

	if (2 * (t->nh + 1) > t->hcap) {
		t->hcap = cap ? 2 * cap : 64;
		t->hid = xcalloc_written(t->hcap, sizeof(*t->hid));
		t->hname = xcalloc_written(t->hcap, sizeof(*t->hname));
		for (i = 0; i < cap; i++)
			if (oname[i] != 0) {
				j = idtab_slot(t, oid[i]);
				t->hid[j] = oid[i];
				t->hname[j] = oname[i];
			}
		free(oid);
		free(oname);
	}
	i = idtab_slot(t, id);
	if (t->hname[i] == 0)
		t->nh++;
	t->hid[i] = id;
	t->hname[i] = no;
}

/* Id gets the name of number no: where it is, or where it can go. */
static void
idtab_set(struct idtab *t, uint64_t id, uint32_t no)
{
	size_t	 i;

	t->count++;
	if (id - t->lo < t->n) {
		t->v[id - t->lo] = no;
		return;
	}
	/* An id in the table stays there as the array grows over it. */
	if (t->nh > 0 && t->hname[i = idtab_slot(t, id)] != 0)
		t->hname[i] = no;
	else if (array_reach(t, id) == 0)
		t->v[id - t->lo] = no;
	else
		hash_put(t, id, no);
}

static void
idtab_free(struct idtab *t)
{
	free(t->v);
	free(t->hid);
	free(t->hname);
	memset(t, 0, sizeof(*t));
}

const char *
cga_ids_get(struct loader *ld, enum idkind kind, uint64_t id)
{
	uint32_t	 no = idtab_get(&ld->ids[kind], id);

	if (no == 0 && ld->later[kind].count > 0)
		no = idtab_get(&ld->later[kind], id);
	return no != 0 ? cga_profile_name(ld->p, no) : NULL;
}

void
cga_ids_set(struct loader *ld, enum idkind kind, uint64_t id,
    const char *name)
{
	idtab_set(&ld->ids[kind], id, cga_name_no(name));
}

void
cga_ids_each(struct loader *ld, enum idkind kind,
    int (*fn)(void *, uint64_t, const char *), void *ctx)
{
	const struct idtab	*t = &ld->ids[kind];
	size_t			 i;

	for (i = 0; i < t->n; i++)
		if (t->v[i] != 0 && fn(ctx, t->lo + i,
		    cga_profile_name(ld->p, t->v[i])) == -1)
			return;
	for (i = 0; i < t->hcap; i++)
		if (t->hname[i] != 0 && fn(ctx, t->hid[i],
		    cga_profile_name(ld->p, t->hname[i])) == -1)
			return;
}

/*
 * The thread's tables are taken as they are, each name's number made the
 * loader's: no copy of them is made, as a copy took 8 MB more at the
 * merge's peak on the 512 MB profile.
 */
void
cga_ids_adopt(struct loader *ld, struct loader *b,
    uint32_t (*map)(void *, uint32_t), void *ctx)
{
	struct idtab	*t;
	size_t		 k, i;

	for (k = 0; k < ID_KINDS; k++) {
		t = &b->ids[k];
		for (i = 0; i < t->n; i++)
			if (t->v[i] != 0)
				t->v[i] = map(ctx, t->v[i]);
		for (i = 0; i < t->hcap; i++)
			if (t->hname[i] != 0)
				t->hname[i] = map(ctx, t->hname[i]);
		idtab_free(&ld->later[k]);
		ld->later[k] = *t;
		memset(t, 0, sizeof(*t));
	}
}

/* Forgets every id: a new file, or a new run appended to one. */
void
cga_ids_clear(struct loader *ld)
{
	size_t	 i;

	for (i = 0; i < ID_KINDS; i++) {
		idtab_free(&ld->ids[i]);
		idtab_free(&ld->later[i]);
	}
	for (i = 0; i < ld->nfwd; i++)
		free(ld->fwd[i].text);
	free(ld->fwd);
	ld->fwd = NULL;
	ld->nfwd = ld->nfwd_open = ld->fwdcap = 0;
}

/*
 * An id used before its definition (callgrind writes such files): a
 * placeholder names it until the definition comes, "\n" and the number of
 * its record, a name no line can give.
 */
static const char *
forward(struct loader *ld, enum idkind kind, uint64_t id)
{
	struct forward	*fw;
	char		 buf[32];
	int		 n;

	if (ld->nfwd == ld->fwdcap) {
		ld->fwdcap = ld->fwdcap ? 2 * ld->fwdcap : 64;
		ld->fwd = xreallocarray(ld->fwd, ld->fwdcap, sizeof(*ld->fwd));
	}
	fw = &ld->fwd[ld->nfwd];
	n = snprintf(buf, sizeof(buf), "\n%zu", ld->nfwd++);
	fw->kind = kind;
	fw->id = id;
	fw->name = cga_profile_intern(ld->p, buf, (size_t)n);
	fw->line = ld->in.lineno;
	fw->text = xmemdup0(ld->text, ld->len);
	fw->len = ld->len;
	ld->nfwd_open++;
	cga_ids_set(ld, kind, id, fw->name);
	return fw->name;
}

/* Whether the lines of file name are kept (the loader asks once a file). */
static int
wants_lines(struct loader *ld, const char *name)
{
	return ld->opts->lines && (ld->opts->want_lines == NULL ||
	    ld->opts->want_lines(ld->opts->want_ctx, name));
}

/*
 * The definition of an id used before it: what was made under its
 * placeholder takes the name, or merges with what has it already.
 * 0, or -1 after the message (a merged sum overflows).
 */
static int
define(struct loader *ld, enum idkind kind, const char *placeholder,
    const char *name)
{
	struct cga_profile	*p = ld->p;
	struct forward		*fw;
	struct cga_file		*f;
	int			 rc = 0, lines;

	fw = &ld->fwd[strtoull(placeholder + 1, NULL, 10)];
	fw->name = NULL;
	free(fw->text);
	fw->text = NULL;
	ld->nfwd_open--;
	cga_jumps_rename(p, placeholder, name);
	if (ld->cur.jfile == placeholder)
		ld->cur.jfile = name;
	if (ld->cur.jfn == placeholder)
		ld->cur.jfn = name;
	if (ld->cur.jump.tfile == cga_jump_no(placeholder))
		ld->cur.jump.tfile = cga_jump_no(name);
	if (ld->cur.jump.tfn == cga_jump_no(placeholder))
		ld->cur.jump.tfn = cga_jump_no(name);
	switch (kind) {
	case ID_FILE:
		if ((f = cga_file_find(p, placeholder)) != NULL) {
			lines = wants_lines(ld, name);
			rc = cga_file_rename(p, f, name, lines);
			if (f->id < ld->nkeep)
				ld->keep[f->id] = 0;
		}
		if (rc == 0)
			rc = cga_fn_rename(p, placeholder, name, 1);
		if (ld->cur.cfile == placeholder)
			ld->cur.cfile = name;
		if (ld->cur.file->merged != NULL)
			ld->cur.file = cga_file_final(ld->cur.file);
		break;
	case ID_FN:
		rc = cga_fn_rename(p, placeholder, name, 0);
		if (ld->cur.fnname == placeholder)
			ld->cur.fnname = name;
		break;
	case ID_OBJ:
		cga_obj_rename(p, placeholder, name);
		if (ld->cur.obj == placeholder)
			ld->cur.obj = name;
		break;
	default:
		break;
	}
	/* What the loader holds may have merged into another. */
	if (ld->cur.fn != NULL)
		ld->cur.fn = cga_fn_final(ld->cur.fn);
	if (ld->cur.callee != NULL)
		ld->cur.callee = cga_fn_final(ld->cur.callee);
	ld->cur.call = NULL;
	ld->cur.linecost = NULL;
	if (rc == -1)
		return cga_load_bad(ld, CGA_MSG_COST_SUM);
	return 0;
}

/*
 * An id used and never defined (an old callgrind wrote cob=(8) and ob=(8)
 * with no name anywhere in the file) lacks only its name: the id in
 * parentheses names it, with a warning at the first line that used it,
 * and what was read under it stays.  0, or -1 after the message (a
 * merged sum overflows).
 */
int
cga_ids_end(struct loader *ld)
{
	struct forward	*fw;
	const char	*name;
	char		 buf[32];
	size_t		 i;
	int		 n;

	for (i = 0; i < ld->nfwd && ld->nfwd_open > 0; i++) {
		fw = &ld->fwd[i];
		if (fw->name == NULL)
			continue;
		n = snprintf(buf, sizeof(buf), "(%llu)",
		    (unsigned long long)fw->id);
		name = cga_profile_intern(ld->p, buf, (size_t)n);
		if (shows_warning(ld))
			cga_diag_msgfq(ld->path, fw->line,
			    CGA_MSG_ID_UNDEFINED, fw->text, fw->len, name);
		if (define(ld, fw->kind, fw->name, name) == -1)
			return -1;
	}
	return 0;
}

/* An id defined again with another name: a warning; the new one holds. */
static void
again(struct loader *ld, const char *old)
{
	char	 buf[CGA_DIAG_QUOTE + 4];

	if (ld->spec) {
		ld->bail = 1;
		return;
	}
	if (!shows_warning(ld))
		return;
	snprintf(buf, sizeof(buf), strlen(old) > CGA_DIAG_QUOTE ?
	    "%.*s..." : "%.*s", CGA_DIAG_QUOTE, old);
	/* --check: the format makes an id hold to the end of the file. */
	cga_diag_msgfq(ld->path, ld->in.lineno, ld->opts->check ?
	    CGA_MSG_ID_TWICE : CGA_MSG_ID_AGAIN, ld->text, ld->len, buf);
}

/* A name interned as --mod-filename and --mod-funcname rewrite it. */
static const char *
rewritten(struct loader *ld, enum idkind kind, const char *s)
{
	const struct cga_rewrite	*rw = NULL;
	const char			*name;
	char				*cur = NULL, *next;
	size_t				 n = 0, i;

	if (kind == ID_FILE) {
		rw = ld->opts->mod_filename;
		n = ld->opts->nmod_filename;
	} else if (kind == ID_FN) {
		rw = ld->opts->mod_funcname;
		n = ld->opts->nmod_funcname;
	}
	for (i = 0; i < n; i++)
		if ((next = cga_rewrite_apply(&rw[i], cur ? cur : s)) != NULL) {
			free(cur);
			cur = next;
		}
	name = cga_profile_intern(ld->p, cur ? cur : s, strlen(cur ? cur : s));
	free(cur);
	return name;
}

/*
 * The name of a position line: "name", "(id) name" (which defines id) or
 * "(id)".  File names lose the current directory, as in fl=; then the
 * --mod-filename and --mod-funcname rewrites apply.  0, or -1 after the
 * message.
 */
int
cga_ids_resolve(struct loader *ld, enum idkind kind, const char *s,
    const char **out)
{
	const char	*name, *old, *end;
	uint64_t	 id;
	int		 have_id = 0;

	s = skip_blanks(s);
	if (s[0] == '(' && isdigit((unsigned char)s[1])) {
		end = s + 1;
		if (number(&end, &id) != NUM_OK || *end != ')')
			return cga_load_bad(ld, CGA_MSG_ID);
		s = skip_blanks(end + 1);
		have_id = 1;
		if (*s == '\0') {
			if ((name = cga_ids_get(ld, kind, id)) == NULL)
				name = forward(ld, kind, id);
			*out = name;
			return 0;
		}
	}
	if (kind == ID_FILE && ld->cwdlen > 0 &&
	    strncmp(s, ld->opts->cwd, ld->cwdlen) == 0)
		s += ld->cwdlen;
	name = rewritten(ld, kind, s);
	*out = name;
	if (!have_id || (old = cga_ids_get(ld, kind, id)) == name)
		return 0;
	if (old != NULL && cga_ids_placeholder(old)) {
		if (define(ld, kind, old, name) == -1)
			return -1;
	} else if (old != NULL)
		again(ld, old);
	cga_ids_set(ld, kind, id, name);
	return 0;
}
