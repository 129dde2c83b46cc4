#!/bin/sh
# fuzz.sh [-c] FUZZER SECONDS: a timed libFuzzer run of build/FUZZER (make
# fuzz, make fuzz-reader, make fuzz-many), over a corpus seeded with the
# profiles in testdata/ and the regression inputs; fuzz_many's also with
# pairs and triples of them in its input's form (see
# tests/fuzz/fuzz_many.c).  Random: make check runs it only briefly (-c).
# Its banner and progress go to build/FUZZER.log, its corpus, kept from run
# to run, to build/FUZZER-corpus; its last line says how many runs it
# made, how fast, on which commit.  A failure prints the log's tail, and
# the input that failed is kept in tests/fuzz/crashes/ (copy it into
# tests/fuzz/regress/ once it is fixed).
#
# -c: make check's run (its fuzz group), counted as a test: the seeds
# alone first, then SECONDS of fuzzing past them, from libFuzzer's seed 1,
# over a corpus of their own made afresh and thrown away, the log in
# build/FUZZER-check.log.  It fails ("FUZZER: 0 passed, 1 failed", and
# why) when the target fails on a seed, fails on an input it made (kept
# in tests/fuzz/crashes/), or stops with no run past its seeds.
set -u
check=0
if [ "${1-}" = -c ]; then
	check=1
	shift
fi
fuzzer=$1
seconds=$2
cd "$(dirname "$0")/../.." || exit 1
mkdir -p build tests/fuzz/crashes
if [ "$check" = 1 ]; then
	corpus=$(mktemp -d)
	trap 'rm -rf "$corpus"' EXIT INT TERM
	log=build/$fuzzer-check.log
else
	corpus=build/$fuzzer-corpus
	log=build/$fuzzer.log
	mkdir -p "$corpus"
fi
: >"$log"
cp testdata/*.callgrind testdata/*.cachegrind "$corpus/"
if [ "$fuzzer" = fuzz_many ]; then
	# Two bytes of choices, then each profile ended by a line "\036";
	# profiles small enough for three to fit in -max_len.
	i=0
	prev=testdata/recur-plain.callgrind
	for f in $(find testdata -maxdepth 1 -size -25k \
	    \( -name '*.callgrind' -o -name '*.cachegrind' \) | sort); do
		{
			printf "\\$(printf %o $((i * 37 % 256)))"
			printf "\\$(printf %o $((i * 101 % 256)))"
			cat "$prev"
			printf '\036\n'
			cat "$f"
			if [ $((i % 3)) = 0 ]; then
				printf '\036\n'
				cat testdata/recur2-plain.callgrind
			fi
		} >"$corpus/many-$i"
		# A profile less itself, read once in each way.
		{
			printf "\\$(printf %o $((2 | i % 3 << 2 | i % 8 << 4)))"
			printf "\\$(printf %o $((i * 53 % 256)))"
			cat "$f"
			printf '\036\n'
			cat "$f"
		} >"$corpus/self-$i"
		prev=$f
		i=$((i + 1))
	done
fi

# fuzz FLAG...: the target over the corpus (where it adds what it finds)
# and the regression inputs, its output added to the log.
fuzz() {
	"build/$fuzzer" "$@" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
	    -artifact_prefix=tests/fuzz/crashes/ "$corpus" tests/fuzz/regress \
	    >>"$log" 2>&1
}

# runs WORD: the count of libFuzzer's last line "#N<TAB>WORD ...".
runs() {
	sed -n "s/^#\\([0-9]*\\)[[:space:]]*$1 .*/\\1/p" "$log" | tail -1
}

if [ "$check" = 0 ]; then
	echo "$fuzzer: fuzzing for $seconds s, the log in $log"
	fuzz -max_total_time="$seconds"
	status=$?
	if [ "$status" != 0 ]; then
		tail -30 "$log"
		echo "$fuzzer: failed, exit status $status; the input is in" \
		    "tests/fuzz/crashes/, the log in $log"
		exit 1
	fi
	# "Done N runs in S second(s)": N / S a second, on which commit.
	# shellcheck disable=SC2046
	set -- $(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\).*/\1 \2/p' \
	    "$log") 0 0
	rev=$(git rev-parse --short HEAD 2>/dev/null)
	[ -n "$rev" ] && [ -n "$(git status --porcelain -uno 2>/dev/null)" ] &&
	    rev="$rev with changes"
	echo "$fuzzer: $1 runs in $2 s ($(($1 / ($2 + ($2 == 0))))" \
	    "a second) on ${rev:-this tree}, none failed"
	exit 0
fi

# fail WHY...: make check's run failed.
fail() {
	echo "FAIL $fuzzer: $*; the log in $log"
	tail -12 "$log"
	echo "$fuzzer: 0 passed, 1 failed"
	exit 1
}

kept="the input is in tests/fuzz/crashes/"
start=$(date +%s)
fuzz -runs=0 || fail "exit status $? on its seeds (testdata/ and" \
    "tests/fuzz/regress/); $kept"
seeds=$(runs INITED)
[ -n "$seeds" ] || fail "stopped before it had run its seeds"
# The seeds' time again (they run anew), then the time to fuzz.
took=$(($(date +%s) - start + 1))
fuzz -seed=1 -max_total_time=$((took + seconds)) ||
    fail "exit status $? past its seeds; $kept"
seeds=$(runs INITED)
done=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -1)
[ "${done:-0}" -gt "${seeds:-0}" ] ||
    fail "made no run past its ${seeds:-?} seeds"
echo "$fuzzer: $seeds seeds, then $((done - seeds)) runs of its own" \
    "in about $seconds s, none failed"
echo "$fuzzer: 1 passed, 0 failed"
