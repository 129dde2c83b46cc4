#!/bin/sh
# gzip.sh CGANNOTATE: every golden profile compressed with gzip, and read
# from standard input plain and compressed, gives the golden report (the
# header names the file as given, which is put back before comparing).
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1
check() {	# name profile-as-given output
	if sed "1,3s|'$2'|'$profile'|" "$3" | cmp -s - "$want"; then
		passed=$((passed + 1))
	else
		echo "FAIL $1: $(basename "$want" .out)"
		sed "1,3s|'$2'|'$profile'|" "$3" | diff -u "$want" - | head -10
		failed=$((failed + 1))
	fi
}
for args in tests/golden/*-auto-no.args; do
	want=${args%.args}.out
	[ -f "${args%.args}.status" ] && continue
	eval "set -- $(cat "$args")"
	[ "$#" = 2 ] && [ "$1" = --auto=no ] || continue
	profile=$2
	gzip -c "$profile" >"$tmp/p.gz"
	"$bin" --auto=no "$tmp/p.gz" >"$tmp/out" 2>&1
	check gzip "$tmp/p.gz" "$tmp/out"
	"$bin" --auto=no - <"$profile" >"$tmp/out" 2>&1
	check stdin - "$tmp/out"
	gzip -c "$profile" | "$bin" --auto=no - >"$tmp/out" 2>&1
	check gzip-stdin - "$tmp/out"
done
# Broken compressed data is an error, not a short report.
gzip -c testdata/recur-plain.callgrind | head -c 2000 >"$tmp/cut.gz"
if "$bin" "$tmp/cut.gz" >"$tmp/out" 2>"$tmp/err" || [ -s "$tmp/out" ] ||
    ! grep -q "cut.gz: compressed data ends too soon" "$tmp/err"; then
	echo "FAIL cut.gz: $(cat "$tmp/err")"
	failed=$((failed + 1))
else
	passed=$((passed + 1))
fi

# Profiles of several megabytes inflate in a thread of their own, ahead of
# the reader: thirty copies of a profile (3.5 MB, more than the blocks the
# thread may fill ahead) report as the plain file does, from a file and
# from a pipe; an error near the end is found at the same line; a cut
# stream is an error after all that came before.
i=0
while [ "$i" -lt 30 ]; do
	cat testdata/sort-full.callgrind
	i=$((i + 1))
done >"$tmp/big.callgrind"
gzip -c "$tmp/big.callgrind" >"$tmp/big.gz"
"$bin" --auto=no "$tmp/big.callgrind" | sed 1,3d >"$tmp/plain.out"
"$bin" --auto=no "$tmp/big.gz" | sed 1,3d | cmp -s - "$tmp/plain.out"
result $? "big.gz: not the plain file's report"
"$bin" --auto=no - <"$tmp/big.gz" | sed 1,3d | cmp -s - "$tmp/plain.out"
result $? "big.gz from a pipe: not the plain file's report"
{ cat "$tmp/big.callgrind"; printf '1 x\n'; } >"$tmp/late.callgrind"
gzip -c "$tmp/late.callgrind" >"$tmp/late.gz"
"$bin" --auto=no "$tmp/late.callgrind" >/dev/null 2>"$tmp/plain.err"
"$bin" --auto=no "$tmp/late.gz" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && [ ! -s "$tmp/out" ] && grep -q ':[0-9]*: expected a count' "$tmp/err" &&
    [ "$(sed 's/^[^:]*:[^:]*: //; s/late[.a-z]*//' "$tmp/err")" = \
    "$(sed 's/^[^:]*:[^:]*: //; s/late[.a-z]*//' "$tmp/plain.err")" ] &&
    [ "$(cut -d: -f3 "$tmp/err")" = "$(cut -d: -f3 "$tmp/plain.err")" ]
result $? "late.gz: $(cat "$tmp/err") vs $(cat "$tmp/plain.err")"
size=$(wc -c <"$tmp/big.gz")
head -c $((size / 2)) "$tmp/big.gz" >"$tmp/bigcut.gz"
"$bin" --auto=no "$tmp/bigcut.gz" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && [ ! -s "$tmp/out" ] &&
    grep -q "bigcut.gz: compressed data ends too soon" "$tmp/err"
result $? "bigcut.gz: $(cat "$tmp/err")"

# An error early in a compressed profile read from a pipe that stays open:
# cgannotate stops the inflating thread, waiting in read(2), and exits.
{ printf 'events: Ir\nfn=main\n1 x\n'; cat "$tmp/big.callgrind"; } |
    gzip -c | head -c 4096 >"$tmp/early.gz"
mkfifo "$tmp/fifo"
(cat "$tmp/early.gz"; exec sleep 60) >"$tmp/fifo" &
writer=$!
timeout 20 "$bin" - <"$tmp/fifo" >"$tmp/out" 2>"$tmp/err"
status=$?
kill "$writer" 2>/dev/null
[ "$status" = 1 ] && grep -q '^cgannotate: -:3: expected a count' "$tmp/err"
result $? "early error from an open pipe: exit status $status, $(cat "$tmp/err")"

finish
