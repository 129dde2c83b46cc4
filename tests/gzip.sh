#!/bin/sh
# gzip.sh CGANNOTATE: every golden profile compressed with gzip, and read
# from standard input plain and compressed, gives the golden report (the
# header names the file as given, which is put back before comparing).
set -u
bin=$1
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0
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
echo "gzip: $passed passed, $failed failed"
[ "$failed" = 0 ]
