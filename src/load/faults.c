/*
 * faults.c: what the loader says of the line being read: an error, a
 * warning (held back until the file shows it is a profile, so that text
 * that is none gets one message), a binary file given for a profile;
 * and under --check, the part that a fault leaves unreadable.
 */
#include <stdlib.h>
#include <string.h>

#include "load/loader.h"

int
cga_load_bad(struct loader *ld, enum cga_msg m)
{
	if (ld->spec) {		/* split.c: the other half's to say */
		ld->bail = 1;
		return -1;
	}
	cga_diag_msg(ld->path, ld->in.lineno, m, ld->text, ld->len);
	return -1;
}

/*
 * A warning about the line being read.  Until a line of the format's
 * comes, it is held back: FOREIGN_MAX such lines first make the file no
 * profile (-1, after that one message).
 */
int
cga_load_warn(struct loader *ld, enum cga_msg m)
{
	struct foreign	*fl;

	if (ld->spec) {
		ld->bail = 1;
		return -1;
	}
	if (!ld->cur.known) {
		fl = &ld->foreign[ld->nforeign++];
		fl->line = ld->in.lineno;
		fl->msg = m;
		fl->len = ld->len;
		memcpy(fl->text, ld->text, ld->len < sizeof(fl->text) ?
		    ld->len : sizeof(fl->text));
		return ld->nforeign == FOREIGN_MAX ? cga_load_foreign(ld) : 0;
	}
	if (shows_warning(ld))
		cga_diag_msg(ld->path, ld->in.lineno, m, ld->text, ld->len);
	return 0;
}

/* A line of the format's: the file is a profile; what was held back warns. */
void
cga_load_known(struct loader *ld)
{
	const struct foreign	*fl;
	size_t			 i;

	ld->cur.known = 1;
	for (i = 0; i < ld->nforeign; i++) {
		fl = &ld->foreign[i];
		if (shows_warning(ld))
			cga_diag_msg(ld->path, fl->line, fl->msg, fl->text,
			    fl->len);
	}
	ld->nforeign = 0;
}

/* The file's first lines are none of the format's: no profile; -1. */
int
cga_load_foreign(struct loader *ld)
{
	const struct foreign	*fl = &ld->foreign[0];

	ld->fatal = 1;
	cga_diag_msg(ld->path, fl->line, CGA_MSG_NOT_PROFILE, fl->text,
	    fl->len);
	return -1;
}

/*
 * The first bytes of files that are often given for a profile by mistake,
 * and what each is: a program, or a profile compressed otherwise than
 * with gzip (which is inflated as it is read).
 */
static const struct {
	const char	*magic;
	size_t		 len;
	const char	*packer;	/* NULL: an ELF object */
} binaries[] = {
	{ "\177ELF", 4, NULL },
	{ "\3757zXZ", 6, "xz" },		/* with its NUL */
	{ "\050\265\057\375", 4, "zstd" },
	{ "BZh", 3, "bzip2" },		/* then the block size, 1 to 9 */
};

int
cga_load_binary(struct loader *ld)
{
	const char	*s = ld->text;
	size_t		 i, n = ld->len;

	for (i = 0; ld->in.lineno == 1 && i < sizeof(binaries) /
	    sizeof(binaries[0]); i++) {
		if (n < binaries[i].len || memcmp(s, binaries[i].magic,
		    binaries[i].len) != 0 || (binaries[i].len == 3 &&
		    (n < 4 || s[3] < '1' || s[3] > '9')))
			continue;
		ld->fatal = 1;
		if (binaries[i].packer == NULL)
			cga_diag_msg(ld->path, 0, CGA_MSG_ELF, NULL, 0);
		else
			cga_diag_msgf(ld->path, 0, CGA_MSG_PACKED,
			    binaries[i].packer);
		return -1;
	}
	if (!ld->in.line_nul)
		return 0;
	ld->fatal = 1;
	cga_diag_msg(ld->path, ld->in.lineno, CGA_MSG_BINARY, NULL, 0);
	return -1;
}

/*
 * --check: the part's body cannot be read, for want of its events or
 * positions (the message was given): it is left out, as by --part.
 */
void
cga_part_lose(struct loader *ld)
{
	if (!ld->opts->check)
		return;
	ld->nlost += !ld->lost;
	ld->lost = 1;
	free(ld->cur.map);
	ld->cur.map = NULL;
}
