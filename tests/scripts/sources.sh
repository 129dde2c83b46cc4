#!/bin/sh
# sources.sh CGANNOTATE: source files a profile names that are not regular
# files are never opened (a FIFO would hang cgannotate for ever, a device
# or a directory is no source): they are listed among the files that
# could not be annotated as "not a regular file".  (Named on the command
# line after the profile, a FIFO is read as a profile: <(...) is one.)
# A source that cannot be read
# (/proc/self/mem gives EIO) is a read error naming it, not its end.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1

mkfifo "$tmp/fifo.c"
mkdir "$tmp/dir.c"
printf 'events: Ir\nfl=%s\nfn=a\n1 10\nfl=%s\nfn=b\n1 5\nfl=/proc/self/mem\nfn=c\n1 1\n' \
    "$tmp/fifo.c" "$tmp/dir.c" >"$tmp/p.callgrind"
timeout 20 "$bin" --threshold=100 "$tmp/p.callgrind" >"$tmp/out" 2>"$tmp/err"
status=$?
[ "$status" = 1 ]
result $? "exit status $status, expected 1 (a read error)"
grep -qxF "  $tmp/fifo.c (not a regular file)" "$tmp/out"
result $? "the FIFO not listed as not a regular file: $(tail -5 "$tmp/out")"
grep -qxF "  $tmp/dir.c (not a regular file)" "$tmp/out"
result $? "the directory not listed as not a regular file"
grep -qxF "cgannotate: /proc/self/mem: read error: Input/output error" \
    "$tmp/err"
result $? "no read error for /proc/self/mem: $(cat "$tmp/err")"

finish
