/* version.h: the version cgannotate reports; opts.c, folded.c. */
#ifndef CGA_VERSION_H
#define CGA_VERSION_H

#define CGA_VERSION	"0.1.0"

#endif
