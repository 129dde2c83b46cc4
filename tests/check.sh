#!/bin/sh
# check.sh [GROUP...]: the test suite (make check), or the groups of it
# named, built with make ($MAKE) first:
#   unit      the unit tests (tests/unit/check_*.c)
#   golden    the golden tests and the test scripts
#   asan      the unit tests and most scripts built with AddressSanitizer
#             and UBSan
#   tsan      compressed input, inflated in a thread of its own, and the
#             page's flame graph, built in one, built with
#             ThreadSanitizer
#   memcheck  the golden tests under valgrind memcheck
#   fuzz      each fuzzer once over its regression inputs, then over its
#             seeds and a few seconds past them (tests/fuzz/fuzz.sh -c: a
#             target that fails on its seeds or stops at once fails)
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
#
# How: one make builds every binary the groups need, with every processor
# (or make -j's jobs, when make was given them).  Then every test of every
# group is a step of one pool that runs as many steps at a time as there
# are processors, each starting as soon as one ends, the longest first
# (by the seconds guess() expects of it); the golden tests under memcheck,
# minutes of CPU, are dealt to several steps (golden.sh's GOLDEN_SHARD).
# The steps' outputs are shown and logged in the order they are listed
# in below, each once it and those before it have ended.  When the golden
# group runs too, the ASan steps are given the plain build (CGA_PLAIN, see
# tests/lib.sh): where a checker (jq, Python, callgrind_annotate, a
# browser) would judge again what the plain build's step judges, they
# compare the sanitized build's output with the plain build's instead,
# and where a run is only the reference of another, the plain build's
# stands for the sanitized one that other scripts' runs repeat.
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
# The golden tests under memcheck, in this many steps.
shards=8

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

# targets GROUP: the binaries GROUP's tests run.
targets() {
	case $1 in
	unit) echo build/check_cga ;;
	golden) echo cgannotate ;;
	asan) echo build/asan/cgannotate build/asan/check_cga ;;
	tsan) echo build/tsan/cgannotate cgannotate ;;
	memcheck) echo cgannotate ;;
	fuzz) echo build/fuzz_load build/fuzz_reader build/fuzz_many ;;
	esac
}

# guess NAME: about the seconds step NAME takes beside another on a
# 2-core machine (from build/check.log): the pool starts the longest
# first, so that the last to end are short, but those of a second or two
# (0: those not listed) before all, so that the outputs shown first (the
# unit tests') are not held back to the end.
guess() {
	case $1 in
	split) echo 40 ;;
	"split (asan)") echo 35 ;;
	"golden (memcheck "*) echo $((260 / shards)) ;;
	folded) echo 32 ;;
	roundtrip) echo 30 ;;
	"listings (asan)" | reconcile) echo 25 ;;
	formats) echo 22 ;;
	html) echo 18 ;;
	"roundtrip (asan)") echo 17 ;;
	"formats (asan)") echo 13 ;;
	"folded (asan)" | "reconcile (asan)") echo 10 ;;
	"ids (asan)" | "asm (memcheck)" | fuzz_many) echo 9 ;;
	"reader (asan)" | fuzz_reader) echo 8 ;;
	bounds | listings | "golden (asan)") echo 7 ;;
	limits | fuzz_load) echo 6 ;;
	"threads (tsan)") echo 5 ;;
	"unit (asan)" | "gzip (asan)" | "gzip (tsan)") echo 4 ;;
	ids) echo 3 ;;
	*) echo 0 ;;
	esac
}

# add NAME AFTER CMD...: a step of the pool, the test NAME run by CMD
# (words without blanks or quotes in them), not before the step named
# AFTER (- for none) has ended.
nsteps=0
add() {
	printf '%s\n' "$1" >"$tmp/name.$nsteps"
	printf '%s\n' "$2" >"$tmp/after.$nsteps"
	shift 2
	printf '%s\n' "$*" >"$tmp/cmd.$nsteps"
	nsteps=$((nsteps + 1))
}

# The scripts of the golden group, and those run again with ASan and UBSan
# (terminal.sh, dot.sh and limits.sh measure or time the binary itself;
# html.sh drives a browser, and the C side of its pages is run under
# ASan and UBSan by formats.sh's --format=html runs).
scripts="golden inclusive gzip parts profiles diff formats terminal dot
	reader limits bounds run escape stdin sources long-lines ids listings
	gate markdown lint roundtrip folded asm split reconcile"
asan_scripts="golden inclusive gzip parts profiles diff formats reader
	run escape stdin sources ids listings gate markdown lint roundtrip
	folded asm split reconcile"
memcheck="valgrind -q --error-exitcode=99 --leak-check=full
	--errors-for-leak-kinds=definite"

group_unit() {
	add unit - env CK_FORK=no build/check_cga
}

# script S: how the pool runs the script S.sh of tests/scripts/ or
# tests/oracles/: golden.sh in one process (the pool runs others beside it).
script() {
	case $1 in
	golden) echo env GOLDEN_JOBS=1 sh tests/golden/golden.sh ;;
	*) echo sh tests/*/"$1.sh" ;;
	esac
}

group_golden() {
	for s in $scripts; do
		# shellcheck disable=SC2046
		add "$s" - $(script "$s") ./cgannotate
	done
	# After folded.sh: both may install what they need from npm
	# (tests/browser), and must not do it at once.
	add html folded sh tests/browser/html.sh ./cgannotate
}

group_asan() {
	# The plain build's step checks its output where the ASan step
	# compares its own with it (see the scripts' CGA_PLAIN).
	plain=
	case " $groups_built " in
	*" golden "*) plain=CGA_PLAIN=./cgannotate ;;
	esac
	add "unit (asan)" - env CK_FORK=no build/asan/check_cga
	for s in $asan_scripts; do
		cmd=$(script "$s")
		[ -n "$plain" ] && cmd="env $plain ${cmd#env }"
		# shellcheck disable=SC2086
		add "$s (asan)" - $cmd build/asan/cgannotate
	done
}

group_tsan() {
	add "gzip (tsan)" - env TSAN_OPTIONS=halt_on_error=1 \
	    sh tests/scripts/gzip.sh build/tsan/cgannotate
	add "threads (tsan)" - sh tests/scripts/threads.sh build/tsan/cgannotate \
	    ./cgannotate
}

group_memcheck() {
	i=1
	while [ "$i" -le "$shards" ]; do
		# shellcheck disable=SC2086
		add "golden (memcheck $i/$shards)" - env GOLDEN_SHARD=$i/$shards \
		    GOLDEN_JOBS=1 sh tests/golden/golden.sh ./cgannotate $memcheck
		i=$((i + 1))
	done
	# shellcheck disable=SC2086
	add "asm (memcheck)" - sh tests/scripts/asm.sh ./cgannotate $memcheck
}

group_fuzz() {
	add fuzz-regress - sh tests/fuzz/fuzz-regress.sh build/fuzz_load \
	    build/fuzz_reader build/fuzz_many
	for f in fuzz_load fuzz_reader fuzz_many; do
		add "$f" - sh tests/fuzz/fuzz.sh -c "$f" 3
	done
}

[ $# -gt 0 ] || set -- unit golden asan tsan memcheck fuzz
groups=
for group in "$@"; do
	case $group in
	unit | golden | asan | tsan | memcheck | fuzz)
		groups="$groups $group" ;;
	*) fail "$group" "no such group of tests" ;;
	esac
done

# The builds: one make for every group's binaries, side by side.  If it
# fails, each group's are made again, to count one failure for each group
# whose binaries cannot be built (its tests are then not run).
all=
for group in $groups; do
	for t in $(targets "$group"); do
		case " $all " in
		*" $t "*) ;;
		*) all="$all $t" ;;
		esac
	done
done
groups_built=$groups
if [ -n "$all" ]; then
	echo "== make${all}" >>"$log"
	start=$(date +%s)
	# shellcheck disable=SC2086
	step $make $jflag -k --no-print-directory $all
	status=$?
	echo "-- make: $(($(date +%s) - start)) s" >>"$log"
	if [ "$status" != 0 ]; then
		groups_built=
		for group in $groups; do
			# shellcheck disable=SC2046
			if $make $jflag --no-print-directory \
			    $(targets "$group") >"$tmp/build" 2>&1; then
				groups_built="$groups_built $group"
			else
				fail "make $(echo $(targets "$group"))" \
				    "the build failed; its group's tests were not run"
			fi
		done
	fi
fi

# The steps, in the order their outputs are shown.  need-build.sh (make
# stops before compiling when a package is missing) needs no binary.
for group in $groups; do
	[ "$group" = golden ] && add need-build - sh tests/scripts/need-build.sh
	case " $groups_built " in
	*" $group "*) "group_$group" ;;
	esac
done

# The pool: make -j over a makefile of the steps, each run by $tmp/run
# into $tmp/out.I, its exit status in $tmp/status.I and seconds in
# $tmp/secs.I, then $tmp/done.I made.
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
sh -c "\$(cat '$tmp/cmd.'\$i)" >'$tmp/out.'\$i 2>&1 </dev/null
echo \$? >'$tmp/status.'\$i
echo \$((\$(date +%s) - start)) >'$tmp/secs.'\$i
: >'$tmp/done.'\$i
EOF
	i=0
	while [ "$i" -lt "$nsteps" ]; do
		echo "$(guess "$(cat "$tmp/name.$i")") $i"
		i=$((i + 1))
	done | awk '{ print ($1 ? $1 : 1000), $2 }' | sort -k1,1nr -k2,2n |
	    awk '{ print $2 }' >"$tmp/order"
	{
		printf 'all:'
		while read -r i; do
			printf ' s%s' "$i"
		done <"$tmp/order"
		echo
		i=0
		while [ "$i" -lt "$nsteps" ]; do
			after=$(cat "$tmp/after.$i")
			dep=
			j=0
			while [ "$after" != - ] && [ "$j" -lt "$nsteps" ]; do
				[ "$(cat "$tmp/name.$j")" = "$after" ] && dep=" s$j"
				j=$((j + 1))
			done
			printf '.PHONY: s%s\ns%s:%s\n\t@sh %s %s\n' "$i" "$i" \
			    "$dep" "'$tmp/run'" "$i"
			i=$((i + 1))
		done
	} >"$tmp/pool.mk"
	# Its own jobs, one per processor, whatever make check was given.
	(
		MAKEFLAGS= MFLAGS= $make -f "$tmp/pool.mk" -j"$jobs" -k -s \
		    --no-print-directory all >"$tmp/pool.log" 2>&1
		echo $? >"$tmp/pool.status"
	) &
	i=0
	while [ "$i" -lt "$nsteps" ]; do
		while [ ! -e "$tmp/done.$i" ] && [ ! -e "$tmp/pool.status" ]
		do
			sleep 1
		done
		name=$(cat "$tmp/name.$i")
		if [ -e "$tmp/done.$i" ]; then
			echo "== $name: $(cat "$tmp/cmd.$i")" | tee -a "$log"
			tee -a "$log" <"$tmp/out.$i"
			echo "-- $name: $(cat "$tmp/secs.$i") s" >>"$log"
			tally "$name" "$(cat "$tmp/status.$i")" "$tmp/out.$i"
		else
			fail "$name" "not run: $(head -c 300 "$tmp/pool.log")"
		fi
		i=$((i + 1))
	done
	wait
	[ "$(cat "$tmp/pool.status")" = 0 ] ||
	    fail pool "make -f pool.mk: $(head -c 300 "$tmp/pool.log")"
fi

[ -n "$failures" ] && echo "check: failed: ${failures#, }" | tee -a "$log"
if [ "$skipped" = 0 ]; then
	echo "check: $passed passed, $failed failed" | tee -a "$log"
else
	echo "check: $passed passed, $failed failed, $skipped skipped" |
	    tee -a "$log"
fi
[ "$failed" = 0 ]
