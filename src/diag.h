/* diag.h: the one place where diagnostics are formatted; used by every stage. */
#ifndef CGA_DIAG_H
#define CGA_DIAG_H

#include <stddef.h>
#include <stdint.h>

/* Set by the fuzzer: diagnostics are counted, not printed. */
extern int	cga_diag_silent;

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

/* cgannotate: MSG ITEM, ITEM, ... */
void	cga_diag_list(const char *msg, char *const *items, size_t n);

#endif
