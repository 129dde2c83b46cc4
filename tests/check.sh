#!/bin/sh
# check.sh [GROUP...]: the test suite (make check), or the groups of it
# named (tests/README says what each kind of test is):
#   unit      the unit tests (tests/unit/)
#   golden    the golden tests, every script of tests/scripts/ and
#             tests/oracles/, and the page in a browser (tests/browser/)
#   asan      the unit tests and the scripts again, built with
#             AddressSanitizer and UBSan, but for those that time or
#             measure the binary itself or test no binary ($plain_only)
#   tsan      compressed input, inflated in a thread of its own, the
#             page's flame graph, built in one, and the two-thread reader
#             (gzip.sh, threads.sh), built with ThreadSanitizer
#   memcheck  the golden tests under valgrind memcheck, each input file
#             and each format and mode once (golden.sh's GOLDEN_DISTINCT;
#             the asan group runs all of them), and asm.sh's goldens
#   fuzz      each fuzzer once over its regression inputs, then over its
#             seeds and a few seconds past them (tests/fuzz/fuzz.sh -c: a
#             target that fails on its seeds or stops at once fails)
# Every test runs, whatever failed before it, and the last line sums what
# they counted: "check: N passed, M failed" (and ", K skipped" when a
# test skipped what the machine lacks the tools for).  A test prints its
# own count, "NAME: P passed, F failed" (the unit tests: "Checks: N,
# Failures: F, Errors: E"), and "NAME: K skipped" if it skipped any; one
# that exits non-zero without counting a failure, or counts nothing (not
# even a skip), counts one failure, as does a build that fails (the tests
# that need it are then not run).  The output is kept in build/check.log,
# with the seconds each step took.  Exit status 1 if anything failed.
#
# How: every build and every test is a step of one pool, a makefile run
# with a job for each processor, each step starting as soon as the steps
# it needs have ended and a job is free.  A build step is a make of the
# binaries of one kind (plain, ASan, TSan, the fuzzers), sharing the
# pool's jobs, so that the tests of the plain build run while the
# sanitized builds compile.  The builds start first, then the longest
# steps: the pool orders them by the seconds of CPU each took in the last
# run, kept in build/check-times, and those with none in the order they
# are listed in below, where what runs longest comes first (the browser
# and the oracles before the other scripts of the plain build, the golden
# tests under memcheck last, dealt to eight steps of a few seconds each
# by golden.sh's GOLDEN_SHARD, to fill the end).  Each step's output is
# shown and logged whole when it ends.  When the golden group runs too, the ASan steps are given
# the plain build (CGA_PLAIN, see tests/lib.sh): where a checker (jq,
# Python, callgrind_annotate, a browser) would judge again what the plain
# build's step judges, they compare the sanitized build's output with the
# plain build's instead, and where a run is only the reference of
# another, the plain build's stands for the sanitized one that other
# scripts' runs repeat.
set -u
cd "$(dirname "$0")/.." || exit 1
make=${MAKE:-make}
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
mkdir -p build
t0=$(date +%s)	# the steps' starts are logged from here
log=build/check.log
times=build/check-times
: >"$log"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
passed=0
failed=0
skipped=0
notrun=0
failures=	# the steps that failed, named on the line before the summary
# The golden tests under memcheck, in this many steps.
shards=8
# The scripts the ASan build does not run again: terminal.sh, dot.sh and
# limits.sh time or measure the binary itself; need-build.sh and
# layout.sh test no binary, completion.sh the shells' completion and make
# install; bounds.sh's checker judges the plain build's figures (the ASan
# build's TSV and --calls are formats.sh's and listings.sh's), and so does
# schema.sh's validator (the ASan build's JSON is formats.sh's, compared
# with the plain build's, and fuzz_many's).
# threads.sh is ThreadSanitizer's.
plain_only="terminal dot limits need-build layout bounds completion schema"
tsan_only="threads"
# valgrind without the inline frames of its stack traces (the function
# that holds them is named): reading them took a fifth of its start-up,
# and each golden test is little more than a start-up.
memcheck="valgrind -q --error-exitcode=99 --leak-check=full
	--errors-for-leak-kinds=definite --read-inline-info=no"

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

# fail NAME WHY: one failure that no test counted.
fail() {
	echo "check: $1: $2" | tee -a "$log"
	failed=$((failed + 1))
	failures="$failures, $1"
}

# tally NAME STATUS FILE: adds what the test NAME counted in its output.
tally() {
	name=$1
	status=$2
	# shellcheck disable=SC2046
	set -- $(count "$3")
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

# add NAME NEEDS CMD...: a step of the pool, NAME run by CMD (words
# without blanks or quotes in them), not before the steps numbered in
# NEEDS (blank-separated; - for none) have ended.  The step's number is
# left in $last.
nsteps=0
add() {
	printf '%s\n' "$1" >"$tmp/name.$nsteps"
	printf '%s\n' "$2" >"$tmp/needs.$nsteps"
	shift 2
	printf '%s\n' "$*" >"$tmp/cmd.$nsteps"
	last=$nsteps
	nsteps=$((nsteps + 1))
}

# build NAME TARGET...: a build step, the make of TARGET...; its number
# in $last.  Its own failure stops the steps that need it (they are
# counted in $notrun, not as failures).
build() {
	name=$1
	shift
	add "make $name" "$plain_build" $make -k --no-print-directory "$@"
	: >"$tmp/build.$last"
}

# prepare NAME CMD...: a step that makes what tests need, started with
# the builds; it counts nothing, and the tests that need it run whatever
# it did (they say what they lack).  Its number in $last.
prepare() {
	name=$1
	shift
	add "$name" - "$@"
	: >"$tmp/prepare.$last"
}

# scripts DIR...: the names of the scripts of tests/DIR/, in order.
scripts() {
	for d in "$@"; do
		for f in tests/"$d"/*.sh; do
			[ -f "$f" ] && echo "$f"
		done
	done
}

# member WORD LIST: whether WORD is one of the words of LIST.
member() {
	case " $(echo $2) " in
	*" $1 "*) return 0 ;;
	esac
	return 1
}

# The groups' steps.  The plain build comes first: every other build
# needs it, as they share the page's generated header, made once.
group_unit() {
	add unit "$plain" env CK_FORK=no build/check_cga
}

group_golden() {
	# The npm packages of html.sh and folded.sh, installed once for both.
	prepare "npm ci" sh tests/browser/npm-ci.sh
	npm=$last
	add html "$plain $npm" sh tests/browser/html.sh ./cgannotate
	for f in $(scripts oracles scripts); do
		s=$(basename "$f" .sh)
		member "$s" "$tsan_only" && continue
		needs=$plain
		[ "$s" = folded ] && needs="$plain $npm"
		add "$s" "$needs" sh "$f" ./cgannotate
	done
	add golden "$plain" env GOLDEN_JOBS=1 sh tests/golden/golden.sh \
	    ./cgannotate
}

group_asan() {
	build asan build/asan/cgannotate build/asan/check_cga
	asan=$last
	# The plain build's step checks its output where the ASan step
	# compares its own with it (see the scripts' CGA_PLAIN).
	env=
	member golden "$groups" && env="CGA_PLAIN=./cgannotate"
	add "unit (asan)" "$asan" env CK_FORK=no build/asan/check_cga
	add "golden (asan)" "$asan $plain" env $env GOLDEN_JOBS=1 \
	    sh tests/golden/golden.sh build/asan/cgannotate
	for f in $(scripts scripts oracles); do
		s=$(basename "$f" .sh)
		member "$s" "$plain_only $tsan_only" && continue
		add "$s (asan)" "$asan $plain" env $env sh "$f" \
		    build/asan/cgannotate
	done
}

group_tsan() {
	build tsan build/tsan/cgannotate
	tsan=$last
	add "gzip (tsan)" "$tsan" env TSAN_OPTIONS=halt_on_error=1 \
	    sh tests/scripts/gzip.sh build/tsan/cgannotate
	add "threads (tsan)" "$tsan $plain" sh tests/scripts/threads.sh \
	    build/tsan/cgannotate ./cgannotate
}

group_memcheck() {
	i=1
	while [ "$i" -le "$shards" ]; do
		# shellcheck disable=SC2086
		add "golden (memcheck $i/$shards)" "$plain" env \
		    GOLDEN_DISTINCT=1 GOLDEN_SHARD=$i/$shards GOLDEN_JOBS=1 \
		    sh tests/golden/golden.sh ./cgannotate $memcheck
		i=$((i + 1))
	done
	# shellcheck disable=SC2086
	add "asm (memcheck)" "$plain" sh tests/scripts/asm.sh ./cgannotate \
	    $memcheck
}

group_fuzz() {
	build fuzzers build/fuzz_load build/fuzz_reader build/fuzz_many
	fuzz=$last
	add fuzz-regress "$fuzz" sh tests/fuzz/fuzz-regress.sh \
	    build/fuzz_load build/fuzz_reader build/fuzz_many
	for f in fuzz_load fuzz_reader fuzz_many; do
		add "$f" "$fuzz" sh tests/fuzz/fuzz.sh -c "$f" 3
	done
}

[ $# -gt 0 ] || set -- unit golden asan tsan fuzz memcheck
groups=
for group in "$@"; do
	case $group in
	unit | golden | asan | tsan | memcheck | fuzz)
		member "$group" "$groups" || groups="$groups $group" ;;
	*) fail "$group" "no such group of tests" ;;
	esac
done

# The plain build: cgannotate for every group but unit and fuzz, the
# unit tests' build/check_cga for unit.
targets=
member unit "$groups" && targets=build/check_cga
for group in $groups; do
	case $group in
	golden | asan | tsan | memcheck) targets="$targets cgannotate"; break ;;
	esac
done
plain_build=-
if [ -n "$groups" ]; then
	# shellcheck disable=SC2086
	build plain build/html_assets.h $targets
	plain=$last
	plain_build=$plain
fi
for group in $groups; do
	"group_$group"
done

# seconds FILE: the seconds of CPU in the children's line of FILE, the
# output of times ("0m1.50s 0m0.25s").
seconds() {
	sed -n 2p "$1" | awk '{ s = 0
		for (i = 1; i <= 2; i++) {
			split($i, t, "m"); sub("s", "", t[2]); s += t[1] * 60 + t[2]
		}
		printf "%.1f\n", s }'
}

# show I: step I's output, shown and logged, and what it counted; or,
# when it was not run, why.
show() {
	name=$(cat "$tmp/name.$1")
	if [ -e "$tmp/done.$1" ]; then
		cpu=$(seconds "$tmp/times.$1")
		printf '%s\t%s\n' "$cpu" "$name" >>"$tmp/times.new"
		echo "== $name: $(cat "$tmp/cmd.$1")" | tee -a "$log"
		tee -a "$log" <"$tmp/out.$1"
		echo "-- $name: $(cat "$tmp/secs.$1") s, $cpu s of CPU," \
		    "from $(($(cat "$tmp/start.$1") - t0)) s" >>"$log"
		status=$(cat "$tmp/status.$1")
		if [ -e "$tmp/build.$1" ]; then
			[ "$status" = 0 ] || fail "$name" "the build failed"
		elif [ -e "$tmp/prepare.$1" ]; then
			[ "$status" = 0 ] || echo "check: $name: exit status" \
			    "$status; the tests that need it say what they lack" |
			    tee -a "$log"
		else
			tally "$name" "$status" "$tmp/out.$1"
		fi
		return
	fi
	# Not run: a build it needs failed, or the pool did.
	for n in $(cat "$tmp/needs.$1"); do
		if [ "$n" != - ] && [ -e "$tmp/build.$n" ] &&
		    [ "$(cat "$tmp/status.$n" 2>/dev/null)" != 0 ]; then
			notrun=$((notrun + 1))
			return
		fi
	done
	fail "$name" "not run: $(head -c 300 "$tmp/pool.log")"
}

# The pool: make -j over a makefile of the steps, each run by $tmp/run
# into $tmp/out.I, its exit status in $tmp/status.I, when it started
# and its seconds of wall time and of CPU in $tmp/start.I, $tmp/secs.I
# and $tmp/times.I, then $tmp/done.I made.  A build step's
# recipe fails with its make, so that what needs it is not run.
if [ "$nsteps" -gt 0 ]; then
	# The files the golden tests and the scripts that use their
	# arguments read, made once before any runs.
	sh tests/golden/golden.sh --prepare
	# python3 looked for once: where the PATH's is a shim that looks
	# for the interpreter to run at each call (pyenv's, 0.2 s of CPU a
	# call), the scripts' hundreds of calls go straight to the one it
	# finds, through a script of ours ahead of it on the PATH.
	py=$(python3 -c 'import sys; print(sys.executable)' 2>/dev/null)
	case $py in
	/*)
		if [ -x "$py" ] && [ "$(command -v python3)" != "$py" ]; then
			mkdir "$tmp/bin"
			printf '#!/bin/sh\nexec '\''%s'\'' "$@"\n' "$py" \
			    >"$tmp/bin/python3"
			chmod +x "$tmp/bin/python3"
			PATH=$tmp/bin:$PATH
			export PATH
		fi
		;;
	esac
	cat >"$tmp/run" <<EOF
i=\$1
start=\$(date +%s)
echo \$start >'$tmp/start.'\$i
sh -c "\$(cat '$tmp/cmd.'\$i)" >'$tmp/out.'\$i 2>&1 </dev/null
status=\$?
echo \$status >'$tmp/status.'\$i
echo \$((\$(date +%s) - start)) >'$tmp/secs.'\$i
times >'$tmp/times.'\$i
: >'$tmp/done.'\$i
[ ! -e '$tmp/build.'\$i ] || exit \$status
EOF
	# The order the pool starts them in: the builds and preparations,
	# all else waiting on them; then the last run's seconds of CPU
	# (build/check-times, "SECONDS<TAB>NAME"), most first; then the
	# steps it did not time, in the order listed.
	[ -f "$times" ] || : >"$times"
	i=0
	while [ "$i" -lt "$nsteps" ]; do
		first=0
		[ -e "$tmp/build.$i" ] || [ -e "$tmp/prepare.$i" ] && first=1
		printf '%s\t%s\t%s\n' "$i" "$first" "$(cat "$tmp/name.$i")"
		i=$((i + 1))
	done >"$tmp/steps"
	awk -F'\t' 'FILENAME == ARGV[1] { cpu[$2] = $1; next }
	    { key = $2 ? 1e9 : ($3 in cpu ? cpu[$3] + 1 : 0)
		print key "\t" $1 }' "$times" "$tmp/steps" |
	    sort -t"$(printf '\t')" -k1,1gr -k2,2n | cut -f2 >"$tmp/order"
	{
		printf 'all:'
		while read -r i; do
			printf ' s%s' "$i"
		done <"$tmp/order"
		echo
		i=0
		while [ "$i" -lt "$nsteps" ]; do
			needs=
			for n in $(cat "$tmp/needs.$i"); do
				[ "$n" = - ] || needs="$needs s$n"
			done
			plus=
			[ -e "$tmp/build.$i" ] && plus=+
			printf '.PHONY: s%s\ns%s:%s\n\t%s@sh %s %s\n' "$i" "$i" \
			    "$needs" "$plus" "'$tmp/run'" "$i"
			i=$((i + 1))
		done
	} >"$tmp/pool.mk"
	# Its own jobs, one per processor, whatever make check was given;
	# the builds share them (+).
	(
		MAKEFLAGS= MFLAGS= $make -f "$tmp/pool.mk" -j"$jobs" -k -s \
		    --no-print-directory all >"$tmp/pool.log" 2>&1
		echo $? >"$tmp/pool.status"
	) &
	# Each step's output, shown and logged whole as soon as it has
	# ended; once the pool has ended, the steps it did not run.
	: >"$tmp/times.new"
	left=$nsteps
	ended=
	while [ "$left" -gt 0 ]; do
		[ -e "$tmp/pool.status" ] && ended=1
		i=0
		while [ "$i" -lt "$nsteps" ]; do
			if [ ! -e "$tmp/shown.$i" ] &&
			    { [ -e "$tmp/done.$i" ] || [ -n "$ended" ]; }; then
				show "$i"
				: >"$tmp/shown.$i"
				left=$((left - 1))
			fi
			i=$((i + 1))
		done
		[ "$left" = 0 ] || sleep 1
	done
	wait
	[ "$notrun" = 0 ] || echo "check: $notrun tests not run, as a build" \
	    "they need failed" | tee -a "$log"
	[ "$(cat "$tmp/pool.status")" = 0 ] || [ "$notrun" != 0 ] ||
	    fail pool "make -f pool.mk: $(head -c 300 "$tmp/pool.log")"
	# The seconds kept for the next run: this run's, and the last
	# run's of the steps this one did not run.
	awk -F'\t' 'FILENAME == ARGV[1] { new[$2] = 1; print; next }
	    !($2 in new)' "$tmp/times.new" "$times" >"$tmp/times.all"
	mv "$tmp/times.all" "$times"
fi

echo "-- check: $(($(date +%s) - t0)) s" >>"$log"
[ -n "$failures" ] && echo "check: failed: ${failures#, }" | tee -a "$log"
if [ "$skipped" = 0 ]; then
	echo "check: $passed passed, $failed failed" | tee -a "$log"
else
	echo "check: $passed passed, $failed failed, $skipped skipped" |
	    tee -a "$log"
fi
[ "$failed" = 0 ]
