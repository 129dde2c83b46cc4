#!/bin/sh
# bench/asm.sh: --asm=yes on a profile of /usr/bin/python3, made here
# under callgrind --dump-instr=yes (Debian's python3.11 is stripped, and
# its functions are split hot and cold: some 550 functions' code in four
# objects), timed beside the report without --asm in the same run: their
# medians, peak memory and ratio, as rows of bench/run.sh's table, which
# runs it; alone, it prints the rows.  Fails when a note says some code
# does not match the profile (it does: the profile is made here).
#
#   BENCH_RUNS=5                  runs of each command (median taken)
#   BENCH_PYTHON=/usr/bin/python3 the program profiled
set -eu
cd "$(dirname "$0")/.."
runs=${BENCH_RUNS:-5}
py=${BENCH_PYTHON:-/usr/bin/python3}
dir=build/bench
mkdir -p "$dir"
if [ ! -x "$py" ] || ! command -v valgrind >/dev/null 2>&1 ||
    ! command -v objdump >/dev/null 2>&1; then
	echo "bench/asm.sh: $py, valgrind or objdump missing: --asm not timed" >&2
	exit 0
fi
p=$dir/python3.callgrind
valgrind -q --tool=callgrind --dump-instr=yes --callgrind-out-file="$p" \
    "$py" -c 'import json; json.dumps(list(range(10000)))' >/dev/null

# time_runs N CMD...: N runs; prints "median_seconds max_rss_kb" (as
# bench/run.sh's).
time_runs() {
	n=$1
	shift
	: >"$dir/times"
	i=0
	while [ "$i" -lt "$n" ]; do
		t0=$(date +%s%N)
		/usr/bin/time -f '%M' -o "$dir/one" "$@" >/dev/null 2>&1 ||
		    { echo "bench: failed: $*" >&2; exit 1; }
		t1=$(date +%s%N)
		echo "$(( (t1 - t0) / 1000 )) $(cat "$dir/one")" >>"$dir/times"
		i=$((i + 1))
	done
	sort -n "$dir/times" | awk '{ t[NR] = $1; if ($2 > m) m = $2 }
	    END { printf "%.3f %d\n", t[int((NR + 1) / 2)] / 1e6, m }'
}

./cgannotate --asm=yes "$p" >"$dir/python3.asm" 2>&1
nfn=$(grep -c '^-- Machine code: ' "$dir/python3.asm" || :)
if grep -Eq 'does not match|cannot place' "$dir/python3.asm"; then
	echo "bench/asm.sh: --asm says code of $py does not match its profile:" >&2
	grep -E 'does not match|cannot place' "$dir/python3.asm" | head -3 >&2
	exit 1
fi
mb=$(awk -v b="$(wc -c <"$p")" 'BEGIN { printf "%.1f", b / 1048576 }')
set -- $(time_runs "$runs" ./cgannotate "$p")
plain=$1
echo "| python3, $mb MB | cgannotate | $1 | $(awk -v m="$mb" -v t="$1" 'BEGIN { printf "%.0f", (t > 0 ? m / t : 0) }') | $(awk -v k="$2" 'BEGIN { printf "%.1f", k / 1024 }') | | 1 |"
set -- $(time_runs "$runs" ./cgannotate --asm=yes "$p")
echo "| python3, $mb MB | cgannotate --asm=yes ($nfn functions' code) | $1 | $(awk -v m="$mb" -v t="$1" 'BEGIN { printf "%.0f", (t > 0 ? m / t : 0) }') | $(awk -v k="$2" 'BEGIN { printf "%.1f", k / 1024 }') | | $(awk -v a="$1" -v c="$plain" 'BEGIN { printf "%.0f", (c > 0 ? a / c : 0) }') |"
