#!/bin/sh
# check.sh [GROUP...]: the test suite (make check), or the groups of it
# named, built with make ($MAKE) as they go:
#   unit      the unit tests (tests/check_*.c)
#   golden    the golden tests and the test scripts
#   asan      the unit tests and most scripts built with AddressSanitizer
#             and UBSan
#   tsan      compressed input, inflated in a thread of its own, and the
#             page's flame graph, built in one, built with
#             ThreadSanitizer
#   memcheck  the golden tests under valgrind memcheck
#   fuzz      each fuzzer once over its regression inputs (no random runs)
# Every test runs, whatever failed before it, and the last line sums what
# they counted: "check: N passed, M failed" (and ", K skipped" when a
# test skipped what the machine lacks the tools for).  A test prints its
# own count, "NAME: P passed, F failed" (the unit tests: "Checks: N,
# Failures: F, Errors: E"), and "NAME: K skipped" if it skipped any; one
# that exits non-zero without counting a failure, or counts nothing (not
# even a skip), counts one failure, as does a build that fails (its
# group's tests are then not run).  The output is kept in build/check.log,
# with the seconds each test took.
# Exit status 1 if anything failed.
set -u
cd "$(dirname "$0")/.." || exit 1
make=${MAKE:-make}
# Builds use every processor, unless make was given its jobs already.
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
case ${MAKEFLAGS:-} in
*j*) jflag= ;;
*) jflag=-j$jobs ;;
esac
mkdir -p build
log=build/check.log
: >"$log"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0
skipped=0
failures=	# the steps that failed, named on the line before the summary

# count FILE: "P F S", the passes, failures and skips counted in FILE's
# output.
count() {
	awk '/^[A-Za-z0-9_.-]+: [0-9]+ passed, [0-9]+ failed$/ {
		p += $2; f += $4 }
	    /^[A-Za-z0-9_.-]+: [0-9]+ skipped$/ { k += $2 }
	    /Checks: [0-9]+, Failures: [0-9]+, Errors: [0-9]+$/ {
		s = substr($0, index($0, "Checks:"))
		gsub(/[^0-9]+/, " ", s)
		split(s, n, " ")
		p += n[1] - n[2] - n[3]; f += n[2] + n[3] }
	    END { print p + 0, f + 0, k + 0 }' "$1"
}

# step CMD...: runs CMD, its output shown and logged; its exit status.
step() {
	{ "$@" 2>&1; echo $? >"$tmp/status"; } | tee "$tmp/out"
	cat "$tmp/out" >>"$log"
	return "$(cat "$tmp/status")"
}

# fail NAME WHY: one failure that no test counted.
fail() {
	echo "check: $1: $2" | tee -a "$log"
	failed=$((failed + 1))
	failures="$failures, $1"
}

# build TARGET...: makes them; a failure counts one and returns 1.
build() {
	echo "== make $*" >>"$log"
	# shellcheck disable=SC2086
	step $make $jflag --no-print-directory "$@" && return 0
	fail "make $*" "the build failed; its group's tests were not run"
	return 1
}

# run NAME CMD...: runs a test and adds what it counted.
run() {
	name=$1
	shift
	echo "== $name: $*" | tee -a "$log"
	start=$(date +%s)
	step "$@"
	status=$?
	echo "-- $name: $(($(date +%s) - start)) s" >>"$log"
	tally "$name" "$status"
}

# tally NAME STATUS: adds what the test NAME counted in $tmp/out.
tally() {
	name=$1
	status=$2
	# shellcheck disable=SC2046
	set -- $(count "$tmp/out")
	passed=$((passed + $1))
	failed=$((failed + $2))
	skipped=$((skipped + $3))
	if [ "$2" != 0 ]; then
		failures="$failures, $name"
	elif [ "$status" != 0 ]; then
		fail "$name" "exit status $status, and no failure counted"
	elif [ "$1" = 0 ] && [ "$3" = 0 ]; then
		fail "$name" "no test counted"
	fi
}

# run_side BIN SUFFIX SCRIPT...: the scripts on BIN, as many side by side
# as there are processors, each named SCRIPT SUFFIX; their outputs are
# shown, logged and counted in order once all have run.
run_side() {
	bin=$1
	suffix=$2
	shift 2
	i=0
	for s in "$@"; do
		(
			start=$(date +%s)
			sh "tests/$s.sh" "$bin" >"$tmp/side.$i" 2>&1
			echo $? >"$tmp/side.$i.status"
			echo $(($(date +%s) - start)) >"$tmp/side.$i.s"
		) &
		i=$((i + 1))
		[ $((i % jobs)) = 0 ] && wait
	done
	wait
	i=0
	for s in "$@"; do
		echo "== $s$suffix: sh tests/$s.sh $bin" | tee -a "$log"
		tee -a "$log" <"$tmp/side.$i"
		cp "$tmp/side.$i" "$tmp/out"
		echo "-- $s$suffix: $(cat "$tmp/side.$i.s") s" >>"$log"
		tally "$s$suffix" "$(cat "$tmp/side.$i.status")"
		i=$((i + 1))
	done
}

# The scripts of the golden group, and those run again with ASan and UBSan
# (terminal.sh, dot.sh and limits.sh measure or time the binary itself;
# html.sh drives a browser, and the C side of its pages is run under
# ASan and UBSan by formats.sh's --format=html runs).
scripts="golden inclusive gzip parts profiles diff formats terminal dot
	reader limits bounds run escape stdin sources long-lines ids listings
	gate markdown lint roundtrip folded asm split"
asan_scripts="golden inclusive gzip parts profiles diff formats reader
	run escape stdin sources ids listings gate markdown lint roundtrip
	folded asm split"

group_unit() {
	build build/check_cga || return
	run unit env CK_FORK=no build/check_cga
}

group_golden() {
	run need-build sh tests/need-build.sh
	build cgannotate || return
	# shellcheck disable=SC2086
	run_side ./cgannotate "" $scripts
	# Alone: it drives a browser, and may install what it needs from
	# npm where folded.sh would too.
	run html sh tests/html.sh ./cgannotate
}

group_asan() {
	build build/asan/cgannotate build/asan/check_cga || return
	run "unit (asan)" env CK_FORK=no build/asan/check_cga
	# shellcheck disable=SC2086
	run_side build/asan/cgannotate " (asan)" $asan_scripts
}

group_tsan() {
	build build/tsan/cgannotate || return
	run "gzip (tsan)" env TSAN_OPTIONS=halt_on_error=1 \
	    sh tests/gzip.sh build/tsan/cgannotate
	build cgannotate || return
	run "threads (tsan)" sh tests/threads.sh build/tsan/cgannotate \
	    ./cgannotate
}

group_memcheck() {
	build cgannotate || return
	run "golden (memcheck)" sh tests/golden.sh ./cgannotate valgrind -q \
	    --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite
	run "asm (memcheck)" sh tests/asm.sh ./cgannotate valgrind -q \
	    --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite
}

group_fuzz() {
	build build/fuzz_load build/fuzz_reader build/fuzz_many || return
	run fuzz-regress sh tests/fuzz-regress.sh build/fuzz_load \
	    build/fuzz_reader build/fuzz_many
}

[ $# -gt 0 ] || set -- unit golden asan tsan memcheck fuzz
for group in "$@"; do
	case $group in
	unit | golden | asan | tsan | memcheck | fuzz) "group_$group" ;;
	*) fail "$group" "no such group of tests" ;;
	esac
done
[ -n "$failures" ] && echo "check: failed: ${failures#, }" | tee -a "$log"
if [ "$skipped" = 0 ]; then
	echo "check: $passed passed, $failed failed" | tee -a "$log"
else
	echo "check: $passed passed, $failed failed, $skipped skipped" |
	    tee -a "$log"
fi
[ "$failed" = 0 ]
