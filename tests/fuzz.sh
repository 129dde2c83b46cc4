#!/bin/sh
# fuzz.sh FUZZER SECONDS: a timed libFuzzer run of build/FUZZER (make fuzz,
# make fuzz-reader, make fuzz-many), over a corpus seeded with the profiles
# in testdata/ and the regression inputs; fuzz_many's also with pairs and
# triples of them in its input's form (see tests/fuzz/fuzz_many.c).  Random, so not part of make check.  Its
# banner and progress go to build/FUZZER.log; a failure prints the log's
# tail, and the input that failed is kept in tests/fuzz/crashes/ (copy it
# into tests/fuzz/regress/ once it is fixed).
set -u
fuzzer=$1
seconds=$2
cd "$(dirname "$0")/.." || exit 1
corpus=build/$fuzzer-corpus
log=build/$fuzzer.log
mkdir -p "$corpus" tests/fuzz/crashes
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
echo "$fuzzer: fuzzing for $seconds s, the log in $log"
"build/$fuzzer" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix=tests/fuzz/crashes/ \
    "$corpus" tests/fuzz/regress >"$log" 2>&1
status=$?
if [ "$status" != 0 ]; then
	tail -30 "$log"
	echo "$fuzzer: failed, exit status $status; the input is in" \
	    "tests/fuzz/crashes/, the log in $log"
	exit 1
fi
runs=$(sed -n 's/^Done \([0-9]*\) runs.*/\1/p' "$log")
echo "$fuzzer: ${runs:-?} runs in $seconds s, none failed"
