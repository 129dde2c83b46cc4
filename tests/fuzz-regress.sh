#!/bin/sh
# fuzz-regress.sh FUZZER...: each libFuzzer target run once on each input
# of tests/fuzz/regress/ (inputs that once made one fail), with no random
# runs: the fuzzers' part of make check.  Their banners go to
# build/fuzz-regress.log; a failure prints the tail of its run.
set -u
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
. tests/lib.sh
mkdir -p build
log=build/fuzz-regress.log
: >"$log"
for fuzzer in "$@"; do
	for input in tests/fuzz/regress/*; do
		[ -f "$input" ] || continue
		"$fuzzer" "$input" >"$tmp/out" 2>&1
		status=$?
		cat "$tmp/out" >>"$log"
		result "$status" "$(basename "$fuzzer") $input: exit status $status"
		[ "$status" = 0 ] || tail -20 "$tmp/out"
	done
done
echo "fuzz-regress: $passed passed, $failed failed"
[ "$failed" = 0 ]
