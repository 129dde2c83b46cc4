/*
 * objdump.h: an object's symbols and machine code by binutils' objdump
 * (objdump.c); used by asm.c.
 */
#ifndef CGA_OBJDUMP_H
#define CGA_OBJDUMP_H

#include <stddef.h>
#include <stdint.h>

/* Why an object's code cannot be shown: the length of a note. */
#define CGA_NOTE_MAX	512

/* A function symbol: the rest of objdump's line ends in its name. */
struct cga_sym {
	uint64_t	 value;
	uint64_t	 size;
	const char	*rest;		/* ".hidden name", "GLIBC_2.2.5 name" */
	size_t		 len;		/* of rest */
};

/* An instruction as objdump -d -w prints it. */
struct cga_insn {
	uint64_t	 addr;
	char		*text;		/* after "ADDR:\t": bytes, tab, code */
};

struct cga_object {
	const char	*path;		/* as the profile names it */
	int		 state;		/* 0 unread, 1 read, -1 unreadable */
	int		 warned;	/* a note on it went to stderr */
	int		 fixed;		/* an executable loaded at its own */
					/* addresses (EXEC_P, not DYNAMIC) */
	char		 note[CGA_NOTE_MAX];	/* why, when unreadable */
	char		*out;		/* objdump's output, syms point into */
	struct cga_sym	*syms;
	size_t		 nsyms;
};

/* The objdump run: $OBJDUMP, or objdump. */
const char *cga_objdump_program(void);
/*
 * Reads an object's function symbols (its symbol table, else its dynamic
 * one) and whether it is fixed once: 0, or -1 with o->note saying why it
 * cannot be read.
 */
int	cga_objdump_symbols(struct cga_object *o);
void	cga_objdump_free(struct cga_object *o);
/*
 * The function symbols of name (a profile's), *n of them (free it), of
 * the name's first *len bytes: without a version @..., or callgrind's
 * contexts after it where the whole name has none.
 */
const struct cga_sym **cga_objdump_named(const struct cga_object *o,
	    const char *name, size_t *n, size_t *len);
/*
 * The instructions of [start, stop) of path, by address (free the array
 * and *buf, which the texts point into), intel syntax or AT&T; NULL with
 * a note in why when objdump cannot be run or fails.
 */
struct cga_insn *cga_objdump_code(const char *path, uint64_t start,
	    uint64_t stop, int intel, size_t *n, char **buf, char *why);

#endif
