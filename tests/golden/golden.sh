#!/bin/sh
# golden.sh CGANNOTATE [WRAPPER...]: runs every golden test from the
# repository's top directory and compares it with diff -u.
#
# A test is tests/golden/NAME.args (one line of arguments, shell-quoted),
# NAME.out (the expected standard output), and optionally NAME.err (the
# expected standard error; empty when absent) and NAME.status (the expected
# exit status; 0 when absent).  A WRAPPER (valgrind ...) runs cgannotate.
#
# GOLDEN_CASES='NAME...' runs only the tests named, each NAME a shell
# pattern (hand-spec-simple, 'hand-xdebug*'); one that names no test
# counts a failure.
#
# GOLDEN_DISTINCT=1 runs a test, in the order of their names, only if it
# is the first to read one of its input files or the first of its output
# format and mode (the values of --format, --tree, --inclusive, --auto,
# --by, --group-inlined, --asm, and --diff, --check, --list-parts): each
# input and each mode once, 129 tests of 343.  make check runs those
# under memcheck, where a test is little more than valgrind starting
# (0.3 s), and all of them under AddressSanitizer and UBSan.
#
# GOLDEN_SHARD=I/N runs only the tests I, I+N, I+2N... in the order of
# their names (I from 1 to N): make check deals the tests under memcheck
# (minutes of CPU) to N steps that its pool runs beside the other tests,
# each in one process (GOLDEN_JOBS=1).  golden.sh --prepare only makes
# the files and times the tests need (below), which make check does once
# before its tests start: the scripts that read them may run beside a
# golden.sh, whose own preparation then replaces each file whole.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
prepare=
[ "${1:-}" = --prepare ] && prepare=1
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
	out=build/golden/$(basename "${in%.in}")
	sed "s|@TOP@|$top|g" "$in" >"$out.$$" && mv -f "$out.$$" "$out"
done
[ -n "$prepare" ] && exit 0
bin=$1
shift
wrapper="$*"	# words without blanks in them
shard=${GOLDEN_SHARD:-1/1}
of=${shard#*/}
shard=${shard%/*}
if ! [ "$shard" -ge 1 ] 2>/dev/null || ! [ "$shard" -le "$of" ]; then
	echo "golden: GOLDEN_SHARD=${GOLDEN_SHARD:-}: not I/N, 1 <= I <= N"
	echo "golden: 0 passed, 1 failed"
	exit 1
fi
# one ARGS J: runs the test of ARGS with shard J's files; prints what
# failed, and exits 1 if anything did.
one() {
	name=${1%.args}
	test=$(basename "$name")
	out=$tmp/out.$2
	err=$tmp/err.$2
	dif=$tmp/diff.$2
	want_status=0
	[ -f "$name.status" ] && want_status=$(cat "$name.status")
	eval "set -- $(cat "$1")"
	# shellcheck disable=SC2086
	$wrapper "$bin" "$@" >"$out" 2>"$err" </dev/null
	status=$?
	ok=0
	if [ "$status" != "$want_status" ]; then
		echo "FAIL $test: exit status $status, expected $want_status"
		ok=1
	fi
	if ! diff -u "$name.out" "$out" >"$dif"; then
		echo "FAIL $test: standard output differs:"
		head -40 "$dif"
		ok=1
	fi
	want_err=/dev/null
	[ -f "$name.err" ] && want_err=$name.err
	if ! diff -u "$want_err" "$err" >"$dif"; then
		echo "FAIL $test: standard error differs:"
		head -20 "$dif"
		ok=1
	fi
	return "$ok"
}

# named ARGS: whether GOLDEN_CASES names the test of ARGS (or is unset).
named() {
	[ -n "${GOLDEN_CASES:-}" ] || return 0
	set -f
	# shellcheck disable=SC2086
	set -- "$(basename "$1" .args)" $GOLDEN_CASES
	set +f
	this=$1
	shift
	for p in "$@"; do
		# shellcheck disable=SC2254
		case $this in
		$p) return 0 ;;
		esac
	done
	return 1
}

# kind ARGS: the test's output format and mode, then each input file,
# one a line ("<mode>" before the mode, so that no file is taken for it).
kind() {
	eval "set -- $(cat "$1")"
	k=
	for a in "$@"; do
		case $a in
		--format=* | --tree=* | --inclusive=* | --auto=* | --by=* | \
		--group-inlined=* | --asm=* | --diff | --check | --list-parts)
			k="$k $a" ;;
		-*) ;;
		*) [ -f "$a" ] && printf '%s\n' "$a" ;;
		esac
	done
	echo "<mode>$k"
}

# The tests to run, in the order of their names.
seen='
'
for args in tests/golden/*.args; do
	named "$args" || continue
	if [ -n "${GOLDEN_DISTINCT:-}" ]; then
		new=
		for k in $(kind "$args" | tr ' ' '\001'); do
			case $seen in
			*"
$k
"*) ;;
			*) new=1 seen="$seen$k
" ;;
			esac
		done
		[ -n "$new" ] || continue
	fi
	echo "$args"
done >"$tmp/list"

# The tests are dealt to GOLDEN_JOBS shards (the processors by default),
# run side by side: under valgrind they take minutes one after another.
jobs=${GOLDEN_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
[ "$jobs" -ge 1 ] 2>/dev/null || jobs=1
j=0
while [ "$j" -lt "$jobs" ]; do
	(
		n=0
		m=0
		while read -r args; do
			n=$((n + 1))
			[ $(((n - shard) % of)) = 0 ] || continue
			if [ $((m % jobs)) = "$j" ]; then
				one "$args" "$j" >>"$tmp/log.$j"
				echo $? >>"$tmp/status.$j"
			fi
			m=$((m + 1))
		done <"$tmp/list"
	) &
	j=$((j + 1))
done
wait
cat "$tmp"/log.* 2>/dev/null
set -f
# shellcheck disable=SC2086
set -- ${GOLDEN_CASES:-}
set +f
for p in "$@"; do
	for args in tests/golden/$p.args; do
		[ -f "$args" ] && continue
		echo "FAIL $p: no such golden test (tests/golden/$p.args)"
		echo 1 >>"$tmp/status.none"
	done
done
passed=$(cat "$tmp"/status.* 2>/dev/null | grep -c '^0$')
failed=$(cat "$tmp"/status.* 2>/dev/null | grep -vc '^0$')
finish
