#!/bin/sh
# golden.sh CGANNOTATE [WRAPPER...]: runs every golden test from the
# repository's top directory and compares it with diff -u.
#
# A test is tests/golden/NAME.args (one line of arguments, shell-quoted),
# NAME.out (the expected standard output), and optionally NAME.err (the
# expected standard error; empty when absent) and NAME.status (the expected
# exit status; 0 when absent).  A WRAPPER (valgrind ...) runs cgannotate.
set -u
bin=$1
shift
wrapper="$*"	# words without blanks in them
cd "$(dirname "$0")/.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
# Source files must look older than the profiles, as after a real build,
# whatever order git checked them out in; tests of the newer-source warning
# make their own files.
touch -d '2020-01-01 00:00:00' testdata/src/* 2>/dev/null
# ann-newer: its profile is older than its source, testdata/ann/newer.c.
touch -d '2020-01-02 00:00:00' testdata/ann/newer.callgrind 2>/dev/null
# Profiles that name files under the repository are made from templates,
# with @TOP@ the repository's directory, wherever it was cloned.
mkdir -p build/golden
top=$(pwd)
for in in testdata/*/*.in; do
	[ -f "$in" ] || continue
	sed "s|@TOP@|$top|g" "$in" >"build/golden/$(basename "${in%.in}")"
done
passed=0
failed=0
for args in tests/golden/*.args; do
	name=${args%.args}
	test=$(basename "$name")
	want_status=0
	[ -f "$name.status" ] && want_status=$(cat "$name.status")
	eval "set -- $(cat "$args")"
	# shellcheck disable=SC2086
	$wrapper "$bin" "$@" >"$tmp/out" 2>"$tmp/err" </dev/null
	status=$?
	ok=1
	if [ "$status" != "$want_status" ]; then
		echo "FAIL $test: exit status $status, expected $want_status"
		ok=0
	fi
	if ! diff -u "$name.out" "$tmp/out" >"$tmp/diff"; then
		echo "FAIL $test: standard output differs:"
		head -40 "$tmp/diff"
		ok=0
	fi
	if [ -f "$name.err" ]; then
		want_err=$name.err
	else
		want_err=/dev/null
	fi
	if ! diff -u "$want_err" "$tmp/err" >"$tmp/diff"; then
		echo "FAIL $test: standard error differs:"
		head -20 "$tmp/diff"
		ok=0
	fi
	if [ "$ok" = 1 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
	fi
done
echo "golden: $passed passed, $failed failed"
[ "$failed" = 0 ]
