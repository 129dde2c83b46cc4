#!/bin/sh
# escape.sh CGANNOTATE: a profile's names must not drive the terminal.  On
# testdata/hand/control-names.callgrind (names and header values holding
# ESC sequences, OSC 52, a CR, C1 CSI as a byte and as U+009B, DEL, a
# tab), every output format and standard error hold no control byte but
# newline (and tab between TSV fields), JSON is valid UTF-8 that jq reads,
# and Graphviz reads the DOT output.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1
p=testdata/hand/control-names.callgrind

# controls FILE ALLOWED: whether FILE holds a control byte not in ALLOWED
# (octal escapes for tr), C1 bytes 0x80-0x9f outside UTF-8 included.
controls() {
	tr -d "$2" <"$1" | LC_ALL=C tr -d '\040-\176\200-\377' | od -An -c |
	    grep -q .
}
for args in "--tree=both --auto=no" "--inclusive=yes" "--list-parts" \
    "--format=tsv" "--format=tsv --calls" "--format=json" \
    "--format=dot --node-threshold=0" "-I /nonexistent"; do
	# shellcheck disable=SC2086
	"$bin" $args "$p" >"$tmp/out" 2>"$tmp/err"
	case $args in *tsv*|*parts*) allowed='\n\t' ;; *) allowed='\n' ;; esac
	! controls "$tmp/out" "$allowed"
	result $? "[$args] a control byte on standard output"
	! controls "$tmp/err" '\n'
	result $? "[$args] a control byte on standard error"
	# No raw C1 byte outside UTF-8: iconv reads every output as UTF-8
	# but the Latin-1 byte the text report keeps as it is.
	if [ "$args" = "--format=json" ]; then
		iconv -f UTF-8 -t UTF-8 "$tmp/out" >/dev/null 2>&1 &&
		    jq -e '.functions | length == 5' "$tmp/out" >/dev/null
		result $? "[$args] not valid UTF-8 JSON"
	fi
	if [ "$args" = "--format=dot --node-threshold=0" ] &&
	    command -v dot >/dev/null; then
		dot -Tsvg "$tmp/out" >/dev/null 2>"$tmp/doterr" &&
		    ! grep -q . "$tmp/doterr"
		result $? "[$args] graphviz: $(cat "$tmp/doterr")"
	fi
done

# --format=callgrind writes the names as they are, into a pipe (read
# back, the report is the one the profile gives), and never to a
# terminal as controls: there each line is escaped as the report's text
# (the terminal adds a CR to each newline).
"$bin" --format=callgrind "$p" >"$tmp/cg" 2>/dev/null
"$bin" --auto=no "$p" 2>/dev/null | sed 1,3d >"$tmp/r1"
"$bin" --auto=no "$tmp/cg" 2>/dev/null | sed 1,3d >"$tmp/r2"
cmp -s "$tmp/r1" "$tmp/r2" && grep -q "$(printf 'fn=(1) hidden\rshown')" "$tmp/cg"
result $? "[--format=callgrind] into a pipe: the names as they are"
if command -v script >/dev/null 2>&1; then
	script -qec "$bin --format=callgrind $p 2>/dev/null" /dev/null \
	    >"$tmp/tty" </dev/null
	! controls "$tmp/tty" '\n\r' &&
	    grep -q 'fn=(1) hidden\\rshown' "$tmp/tty" &&
	    grep -q 'fl=(1) src/\\x1b\[31mred.c' "$tmp/tty" &&
	    [ "$(tr -d '\r' <"$tmp/tty" | wc -l)" = "$(wc -l <"$tmp/cg")" ]
	result $? "[--format=callgrind] on a terminal: a control byte, or lines lost"
fi

# An annotated source holding controls (a file the profile names need not
# be the user's code): into a pipe as it is, as callgrind_annotate prints
# it; on a terminal escaped, but its tabs kept.
printf 'int\tmain(void)\n{\n\t/* \033]0;PWN\007\033[2J */ return 0;\n}\001\n' \
    >"$tmp/s.c"
printf '%s\n' 'events: Ir' "fl=$tmp/s.c" 'fn=main' '1 2' '3 5' >"$tmp/s.callgrind"
"$bin" "$tmp/s.callgrind" >"$tmp/pipe" 2>&1
grep -q "$(printf '\t/\\* \033]0;PWN\007\033\\[2J')" "$tmp/pipe"
result $? "[source] into a pipe: the source as it is"
if command -v script >/dev/null 2>&1; then
	script -qec "NO_COLOR=1 $bin $tmp/s.callgrind" /dev/null >"$tmp/tty" \
	    </dev/null
	! controls "$tmp/tty" '\n\r\t' &&
	    grep -q "$(printf '\t')/\\* \\\\x1b\]0;PWN\\\\x07\\\\x1b\[2J \\*/ return 0;" "$tmp/tty" &&
	    grep -q '^ *[.0-9 (%)]*}\\x01' "$tmp/tty"
	result $? "[source] on a terminal: a control byte, or the tab lost"
	# A CRLF source: its CRs stay, none shows as \r.
	printf 'int\tmain(void)\r\n{\r\n\treturn 0;\r\n}\r\n' >"$tmp/crlf.c"
	printf '%s\n' 'events: Ir' "fl=$tmp/crlf.c" 'fn=main' '1 2' '3 5' \
	    >"$tmp/crlf.callgrind"
	script -qec "NO_COLOR=1 $bin $tmp/crlf.callgrind" /dev/null \
	    >"$tmp/tty" </dev/null
	grep -q "$(printf '\t')return 0;" "$tmp/tty" && ! grep -q '\\r' "$tmp/tty"
	result $? "[source] a CRLF source on a terminal: its line ends as they are"
fi
finish
