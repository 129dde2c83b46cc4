/*
 * asm.h: --asm, the machine code of the listed functions with the cost
 * of each instruction, its calls and jumps (asm.c, the code found by
 * asm_code.c); used by text.c, json.c and html.c.
 */
#ifndef CGA_ASM_H
#define CGA_ASM_H

#include <stdio.h>

#include "view/view.h"

/*
 * A function's machine code as the profile knows it: the records of each
 * function of its name in its object (inlined code is a function of its
 * own name in another file), by address.
 */
struct cga_code {
	const struct cga_instr **rec;	/* instructions' costs, then calls */
	size_t		  nrec;
	const struct cga_jump **jmp;
	size_t		  njmp;
	uint64_t	  lo, hi;	/* the first and last address */
};

/*
 * asm_code.c: the code of fn; nrec 0 when the profile has none of it
 * (free it).
 */
void	cga_code_collect(const struct cga_view *, const struct cga_fn *fn,
	    struct cga_code *);
void	cga_code_release(struct cga_code *);

/* The text report's machine code of the listed functions: 0 (notes only). */
int	cga_asm_print(FILE *, const struct cga_view *, struct cga_fn **listed,
	    size_t nlisted);

/*
 * The page's (--format=html) machine code of the listed functions, its
 * member ",\n  \"asm\": {...}": objdump's text of each function's
 * instructions, by the object's address, with the bias to the profile's
 * (whose costs are the JSON document's "instructions"), or why there is
 * none.
 */
void	cga_asm_json(FILE *, const struct cga_view *, struct cga_fn **listed,
	    size_t nlisted);

#endif
