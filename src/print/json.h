/*
 * json.h: the --format=json document (json.c), which the HTML page
 * (html.c) carries as its data.
 */
#ifndef CGA_JSON_H
#define CGA_JSON_H

#include <stdio.h>

#include <stdint.h>

struct cga_fn;
struct cga_w;
struct cga_view;

/*
 * A cost as a JSON object, {"Ir": 12, ...}, over every event of the
 * profile that was counted there, {} for NULL.
 */
void	cga_json_cost(struct cga_w *, const struct cga_view *,
	    const uint64_t *c);

/* How cga_json_write writes the document. */
#define CGA_JSON_SCRIPT		0x1	/* for an HTML <script> element, */
					/* through cga_out_script */
#define CGA_JSON_NO_FILES	0x2	/* without the files' line costs */

/*
 * JSON written to an HTML page goes through cga_out_script in pieces, each
 * of a size the page's data does not make large: begin gives the stream
 * to write a piece to (out itself when script is 0), end filters it to
 * out.  One memory stream serves every piece, from its start each time.
 */
struct cga_json_piece {
	FILE		*out;
	int		 script;
	FILE		*m;		/* NULL until the first piece */
	char		*buf;
	size_t		 len;
};
void	 cga_json_piece_init(struct cga_json_piece *, FILE *out, int script);
FILE	*cga_json_piece_begin(struct cga_json_piece *);
void	 cga_json_piece_end(struct cga_json_piece *);
void	 cga_json_piece_free(struct cga_json_piece *);

/*
 * Writes the document to out, as flags say.  more, when not NULL, writes
 * members of its own before the document's closing brace, each starting
 * with a comma, given the functions listed.
 */
int	cga_json_write(FILE *out, const struct cga_view *v, unsigned flags,
	    void (*more)(FILE *, const struct cga_view *, struct cga_fn **,
	    size_t));

#endif
