/* version.h: cgannotate's version, for --version and the files it writes. */
#ifndef CGA_VERSION_H
#define CGA_VERSION_H

#define CGA_VERSION	"0.1.0"

#endif
