/*
 * gate.h: the regression gate of --diff (--fail-above, --fail-above-function):
 * limits parsed from the command line (opts.c), checked against the
 * difference once it is built (main.c), each verdict said on standard
 * error and carried by the JSON and Markdown printers (json.c, markdown.c).
 */
#ifndef CGA_GATE_H
#define CGA_GATE_H

#include <stddef.h>
#include <stdint.h>

struct cga_fn;
struct cga_profile;

/* One limit: EVENT:N or EVENT:N% of one of the two options. */
struct cga_gate_limit {
	char		*event;
	int		 function;	/* --fail-above-function: per function */
	int		 percent;	/* N % of OLD's total, else N counts */
	uint64_t	 num;		/* N is num / 10^dec */
	unsigned	 dec;		/* decimals, at most CGA_GATE_DEC */
};

#define CGA_GATE_DEC	6

/* What one limit found. */
struct cga_gate_verdict {
	const struct cga_gate_limit *limit;
	int64_t		 old;		/* OLD's total, or the function's */
	int64_t		 new;		/* NEW's */
	int64_t		 change;	/* new - old */
	int64_t		 old_total;	/* what a share is of: OLD's total */
	const struct cga_fn *worst;	/* per function: the largest rise, */
					/* NULL when no function rose */
	int		 exceeded;	/* the rise exceeds the limit */
};

struct cga_gate {
	struct cga_gate_verdict *v;
	size_t		 n;
	int		 tripped;	/* some limit is exceeded */
};

/*
 * Adds the limits of arg, "EVENT:N[%][,EVENT:N[%]...]", to *limits: 0, or
 * -1 with what is wrong in err (a usage error).
 */
int	cga_gate_parse(struct cga_gate_limit **limits, size_t *n,
	    const char *arg, int function, char *err, size_t errsize);
void	cga_gate_limits_free(struct cga_gate_limit *, size_t);

/*
 * Checks each limit against the profiles OLD and NEW and their difference
 * (cga_profile_diff), into *gate: 0; -2 after a usage error was printed
 * (an event neither profile has); -1 after an error (a sum that does not
 * fit).
 */
int	cga_gate_check(struct cga_gate **gate, const struct cga_gate_limit *,
	    size_t n, const struct cga_profile *old,
	    const struct cga_profile *new, const struct cga_profile *diff);
void	cga_gate_free(struct cga_gate *);

/* Prints one line per verdict on standard error. */
void	cga_gate_report(const struct cga_gate *);
/*
 * The change as a percentage of OLD's total in *perc: 0, or -1 when that
 * total is not above 0 (no percentage of it).
 */
int	cga_gate_percent(const struct cga_gate_verdict *, double *perc);
/* The limit's N as a decimal number ("1.5", "0.05", "10000"). */
void	cga_gate_limit_text(const struct cga_gate_limit *, char *buf,
	    size_t size);
/* a * b > c * d, exactly (128-bit products). */
int	cga_gate_product_gt(uint64_t a, uint64_t b, uint64_t c, uint64_t d);

#endif
