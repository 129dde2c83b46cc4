/*
 * ids.c: the names of position lines, with the ids of name compression
 * ("(12) main", then "(12)"), interned as --mod-filename and
 * --mod-funcname rewrite them.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "loader.h"

/*
 * Name ids are kept in an array indexed by id, as callgrind numbers them
 * from 1 up, while the array stays within a few times the ids defined
 * (or this size); sparser ids go to a hash.
 */
#define ID_ARRAY_MIN	(1u << 20)

/* An id past the array, in the open-addressed table. */
struct ident {
	uint64_t	 id;
	const char	*name;		/* NULL: a free slot */
};

/* Where id is, or would go, in the table. */
static struct ident *
idtab_slot(const struct idtab *t, uint64_t id)
{
	size_t	 i, mask = t->hcap - 1;

	i = (size_t)cga_hash_u64(id) & mask;
	while (t->h[i].name != NULL && t->h[i].id != id)
		i = (i + 1) & mask;
	return &t->h[i];
}

static const char *
idtab_get(struct idtab *t, uint64_t id)
{
	if (id < t->n && t->v[id] != NULL)
		return t->v[id];
	return t->nh == 0 ? NULL : idtab_slot(t, id)->name;
}

static void
idtab_set(struct idtab *t, uint64_t id, const char *name)
{
	struct ident	*old = t->h, *e;
	uint64_t	 max = 4 * (uint64_t)t->count + 1024;
	size_t		 n, i, cap = t->hcap;

	t->count++;
	if (max < ID_ARRAY_MIN)
		max = ID_ARRAY_MIN;
	if (id < t->n || id < max) {
		if (id >= t->n) {
			n = t->n ? t->n : 256;
			while (n <= id)
				n *= 2;
			t->v = xreallocarray(t->v, n, sizeof(*t->v));
			memset(t->v + t->n, 0, (n - t->n) * sizeof(*t->v));
			t->n = n;
		}
		t->v[id] = name;
		return;
	}
	if (2 * (t->nh + 1) > t->hcap) {
		t->hcap = cap ? 2 * cap : 64;
		t->h = xcalloc(t->hcap, sizeof(*t->h));
		for (i = 0; i < cap; i++)
			if (old[i].name != NULL)
				*idtab_slot(t, old[i].id) = old[i];
		free(old);
	}
	e = idtab_slot(t, id);
	if (e->name == NULL)
		t->nh++;
	e->id = id;
	e->name = name;
}

static void
idtab_free(struct idtab *t)
{
	free(t->v);
	free(t->h);
	memset(t, 0, sizeof(*t));
}

const char *
cga_ids_get(struct loader *ld, enum idkind kind, uint64_t id)
{
	return idtab_get(&ld->ids[kind], id);
}

void
cga_ids_set(struct loader *ld, enum idkind kind, uint64_t id,
    const char *name)
{
	idtab_set(&ld->ids[kind], id, name);
}

void
cga_ids_each(struct loader *ld, enum idkind kind,
    int (*fn)(void *, uint64_t, const char *), void *ctx)
{
	const struct idtab	*t = &ld->ids[kind];
	size_t			 i;

	for (i = 0; i < t->n; i++)
		if (t->v[i] != NULL && fn(ctx, i, t->v[i]) == -1)
			return;
	for (i = 0; i < t->hcap; i++)
		if (t->h[i].name != NULL && fn(ctx, t->h[i].id,
		    t->h[i].name) == -1)
			return;
}

/* Forgets every id: a new file, or a new run appended to one. */
void
cga_ids_clear(struct loader *ld)
{
	size_t	 i;

	for (i = 0; i < ID_KINDS; i++)
		idtab_free(&ld->ids[i]);
	for (i = 0; i < ld->nfwd; i++)
		free(ld->fwd[i].text);
	free(ld->fwd);
	ld->fwd = NULL;
	ld->nfwd = ld->nfwd_open = ld->fwdcap = 0;
}

int
cga_ids_end(struct loader *ld)
{
	const struct forward	*fw;
	size_t			 i;

	if (ld->nfwd_open == 0)
		return 0;
	/* The first line that used an id never defined; --check: each. */
	for (i = 0; i < ld->nfwd; i++) {
		fw = &ld->fwd[i];
		if (fw->name == NULL)
			continue;
		cga_diag_msg(ld->path, fw->line, CGA_MSG_ID_UNDEFINED,
		    fw->text, fw->len);
		if (!ld->opts->check)
			return -1;
	}
	return 0;
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
	idtab_set(&ld->ids[kind], id, fw->name);
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
	if (ld->jfile == placeholder)
		ld->jfile = name;
	if (ld->jfn == placeholder)
		ld->jfn = name;
	if (ld->jump.tfile == placeholder)
		ld->jump.tfile = name;
	if (ld->jump.tfn == placeholder)
		ld->jump.tfn = name;
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
		if (ld->cfile == placeholder)
			ld->cfile = name;
		if (ld->file->merged != NULL)
			ld->file = cga_file_final(ld->file);
		break;
	case ID_FN:
		rc = cga_fn_rename(p, placeholder, name, 0);
		if (ld->fnname == placeholder)
			ld->fnname = name;
		break;
	case ID_OBJ:
		cga_obj_rename(p, placeholder, name);
		if (ld->obj == placeholder)
			ld->obj = name;
		break;
	default:
		break;
	}
	/* What the loader holds may have merged into another. */
	if (ld->fn != NULL)
		ld->fn = cga_fn_final(ld->fn);
	if (ld->callee != NULL)
		ld->callee = cga_fn_final(ld->callee);
	ld->call = NULL;
	ld->linecost = NULL;
	if (rc == -1)
		return cga_load_bad(ld, CGA_MSG_COST_SUM);
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
			if ((name = idtab_get(&ld->ids[kind], id)) == NULL)
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
	if (!have_id || (old = idtab_get(&ld->ids[kind], id)) == name)
		return 0;
	if (old != NULL && cga_ids_placeholder(old)) {
		if (define(ld, kind, old, name) == -1)
			return -1;
	} else if (old != NULL)
		again(ld, old);
	idtab_set(&ld->ids[kind], id, name);
	return 0;
}
