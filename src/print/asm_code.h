/*
 * asm_code.h: each listed function's code placed in its object and
 * disassembled (asm_code.c), for --asm's printers (asm.c); private to
 * print/.
 */
#ifndef CGA_ASM_CODE_H
#define CGA_ASM_CODE_H

#include <stddef.h>
#include <stdint.h>

#include "print/asm.h"
#include "print/objdump.h"

/* Instructions by address, and objdump's outputs their texts are in. */
struct insns {
	struct cga_insn	*in;
	size_t		 n;
	char		**bufs;
	size_t		 nbufs;
};

/* A stretch of code, in the object's addresses. */
struct piece {
	uint64_t	 lo, hi;	/* first byte, last instruction */
};

/* How an object's bias is known. */
enum placed {
	PLACED_GUESS,			/* nothing tells: the profile's own */
	PLACED_FIXED,			/* an executable, at its addresses */
	PLACED_VOTE			/* functions' entries at their symbols */
};

/*
 * An object with listed functions' code in it: its symbols, the bias of
 * the profile's addresses, and objdump's code of what they need.
 */
struct objcode {
	struct cga_object o;
	int		 ready;		/* 1 placed and disassembled, -1 why */
	enum placed	 placed;
	uint64_t	 bias;		/* profile address - object address */
	struct piece	*runs;		/* the stretches objdump decoded */
	size_t		 nruns;
	struct insns	 code;
	const struct cga_sym **byaddr;	/* its symbols by address */
	int		 rebuilt;	/* an address is in no instruction */
	char		 why[CGA_NOTE_MAX];
};

/* A listed function's code, and where it lies in its object. */
struct fcode {
	const struct cga_fn	*fn;
	struct cga_code		 c;
	struct objcode		*oc;	/* NULL: the profile names none */
	const struct cga_sym	**syms;	/* the object's of its name */
	size_t			 nsyms;
	size_t			 symlen;	/* their name's length */
	const struct cga_sym	*sym;	/* the one its code is most in */
	int			 addrname;	/* named by its address, */
	uint64_t		 entry;		/* this one */
	struct piece		*pc;
	size_t			 npc;
	struct insns		 own;	/* its code decoded on its own */
};

/* The listed functions, and their objects. */
struct asmrun {
	const struct cga_view	*v;
	struct objcode		**obj;
	size_t			 nobj;
	struct fcode		*f;
	size_t			 nf;
};

/*
 * The code of the listed functions, by object; with once, each machine
 * function once (inlined code's functions are the same machine code).
 */
void	cga_asmrun_init(struct asmrun *, const struct cga_view *,
	    struct cga_fn **listed, size_t nlisted, int once);
void	cga_asmrun_free(struct asmrun *);
/*
 * f's object ready, and every address of f's code the start of an
 * instruction: 0, or -1 with why.  Where one is not, but objdump may
 * have gone astray on its way there (see decoded_well) and no address
 * of the object's functions says it is not the one profiled, f's code is
 * decoded again from each such address as the profile has it.
 */
int	cga_fcode_ready(struct asmrun *, struct fcode *f, char *why);
/* The first instruction at or after addr. */
size_t	cga_insn_lower(const struct insns *, uint64_t addr);
/* The code f is shown from: its own, or its object's. */
static inline const struct insns *
cga_fcode_insns(const struct fcode *f)
{
	return f->own.in != NULL ? &f->own : &f->oc->code;
}

#endif
