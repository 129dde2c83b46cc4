/*
 * tui.h: --tui, the terminal browser of a loaded profile (tui/): its
 * format, whose printer runs the browser, and the check made before a
 * profile is loaded; used by cli/.
 */
#ifndef CGA_TUI_H
#define CGA_TUI_H

#include "print/format.h"

extern const struct cga_format cga_format_tui;

/* 0, or -1 after saying why: standard output or input no terminal. */
int	cga_tui_usable(void);

#endif
