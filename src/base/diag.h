/* diag.h: the one place where diagnostics are formatted; used by every stage. */
#ifndef CGA_DIAG_H
#define CGA_DIAG_H

#include <stddef.h>
#include <stdint.h>

/* Set by the fuzzer: diagnostics are counted, not printed. */
extern int	cga_diag_silent;

/* Set by --check: a message says what the format requires, where it does. */
extern int	cga_diag_spec;

/* Longest stretch of offending text quoted in a message. */
#define CGA_DIAG_QUOTE	60

/* cgannotate: PATH:LINE: MSG: 'TEXT' (text cut short, control bytes escaped) */
void	cga_diag_line(const char *path, uint64_t line, const char *msg,
	    const char *text, size_t len);
/* cgannotate: PATH:LINE: warning: MSG: 'TEXT' */
void	cga_diag_warn(const char *path, uint64_t line, const char *msg,
	    const char *text, size_t len);
/* cgannotate: MSG (printf-style) */
void	cga_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* cgannotate: out of memory, then exit status 1: where allocation fails. */
void	cga_oom(void) __attribute__((noreturn));
/*
 * cgannotate: MSG (printf-style), then lines as they are: a mistake on the
 * command line, followed by the usage line and a hint.
 */
void	cga_diag_usage(const char *lines, const char *fmt, ...)
	    __attribute__((format(printf, 2, 3)));

/* "cgannotate: reading PATH: N%" on one line, rewritten as it grows. */
void	cga_diag_progress_show(const char *path, int percent);
/* Wipes the progress line, if one is shown. */
void	cga_diag_progress_end(void);

/*
 * --check: the messages of one file are held from cga_diag_hold() on,
 * then printed in the order of their lines by cga_diag_release(), at most
 * CGA_DIAG_HOLD_MAX errors and as many warnings (the first that came),
 * then "PATH: N more errors not shown"; it counts both kinds.
 */
#define CGA_DIAG_HOLD_MAX	100
void	cga_diag_hold(void);
/* While held: drops the messages from now on (1), or no more (0). */
void	cga_diag_mute(int);
void	cga_diag_release(const char *path, unsigned long *errors,
	    unsigned long *warnings);

/* cgannotate: MSG ITEM, ITEM, ... */
void	cga_diag_list(const char *msg, char *const *items, size_t n);

/*
 * Every diagnostic is counted, and the last one kept without its newline
 * (cut to fit), silent or not: the unit tests assert on them.
 */
#define CGA_DIAG_LAST	512
extern unsigned long	cga_diag_count;
extern char		cga_diag_last[CGA_DIAG_LAST];

/*
 * The messages of the loader, each written once, in diag.c's table (as
 * mandoc keeps its messages).  The loader's parse primitives return them
 * as their status: CGA_MSG_OK, or what is wrong with the line.
 */
enum cga_msg {
	CGA_MSG_OK,
	CGA_MSG_NUMBER_BIG,
	CGA_MSG_POSITION_BIG,
	CGA_MSG_POSITION_SIGN,
	CGA_MSG_POSITION,
	CGA_MSG_POSITION_PAST,
	CGA_MSG_POSITION_BELOW,
	CGA_MSG_COUNTS_MORE,
	CGA_MSG_COUNT_NEGATIVE,
	CGA_MSG_COUNT_SIGNED_BIG,
	CGA_MSG_SIGNED_LATE,
	CGA_MSG_COUNT,
	CGA_MSG_COST_SUM,
	CGA_MSG_CALLS,
	CGA_MSG_CALLS_NEGATIVE,
	CGA_MSG_CALLS_NO_CFN,
	CGA_MSG_CALLS_NO_COST,
	CGA_MSG_CALLS_PENDING,
	CGA_MSG_CALL_COUNT_SUM,
	CGA_MSG_CALL_COST_SUM,
	CGA_MSG_JUMP,
	CGA_MSG_JCND,
	CGA_MSG_ID,
	CGA_MSG_VERSION,
	CGA_MSG_VERSION_UNSUPPORTED,
	CGA_MSG_POSITIONS,
	CGA_MSG_POSITIONS_ORDER,
	CGA_MSG_EVENTS_NONE,
	CGA_MSG_EVENTS_TWICE,
	CGA_MSG_EVENTS_MISSING,
	CGA_MSG_EVENTS_UNKNOWN,
	CGA_MSG_EVENT_NAME,
	CGA_MSG_EVENT_SYNTAX,
	CGA_MSG_DERIVED_SYNTAX,
	CGA_MSG_DERIVED_UNKNOWN,
	CGA_MSG_DERIVED_FACTOR,
	CGA_MSG_DERIVED_CYCLE,
	CGA_MSG_DERIVED_NAME,
	CGA_MSG_DERIVED_BIG,
	CGA_MSG_NUL,
	CGA_MSG_NO_EVENTS,
	CGA_MSG_NOT_PROFILE,
	CGA_MSG_ELF,
	CGA_MSG_PACKED,
	CGA_MSG_BINARY,
	CGA_MSG_TOTAL_BIG,
	CGA_MSG_UNKNOWN_LINE,		/* warnings */
	CGA_MSG_UNKNOWN_HEADER,
	CGA_MSG_ID_AGAIN,
	CGA_MSG_ID_UNDEFINED,
	CGA_MSG_CALLS_TARGET,
	CGA_MSG_NO_COSTS,
	CGA_MSG_SUM_DISAGREES,
	CGA_MSG_SUM_AGAIN,
	CGA_MSG_TRUNCATED,
	CGA_MSG_MORE_WARNINGS,
	CGA_MSG_OPEN,
	CGA_MSG_READ,
	CGA_MSG_READ_ERROR,
	CGA_MSG_GZIP_INIT,
	CGA_MSG_GZIP_SHORT,
	CGA_MSG_GZIP_BAD,
	CGA_MSG_LINE_LONG,
	CGA_MSG_TOO_WIDE,
	CGA_MSG_ID_TWICE,		/* --check only */
	CGA_MSG_TOTALS_WRONG,
	CGA_MSG_CALL_ABOVE_TOTAL,
	CGA_MSG_COUNTS_NO_POSITIONS,
	CGA_MSG_VERSION_LATE,
	CGA_MSG_EVENTS_AGAIN,
	CGA_MSG__COUNT
};

/*
 * cgannotate: PATH:LINE: [warning: ]MSG: 'TEXT', MSG the message's text;
 * no LINE when it is 0, no TEXT when it is NULL.
 */
void	cga_diag_msg(const char *path, uint64_t line, enum cga_msg,
	    const char *text, size_t len);
/* The same without TEXT, the message's text a printf format for the rest. */
void	cga_diag_msgf(const char *path, uint64_t line, enum cga_msg, ...);
/* The same with TEXT: the message's text a printf format for the rest. */
void	cga_diag_msgfq(const char *path, uint64_t line, enum cga_msg,
	    const char *text, size_t len, ...);

#endif
