#!/bin/sh
# bench/growth.sh: inputs built to be slow (tests/tools/gen-hostile.py: 100,000
# events, 400,000 functions in JSON, a grid of files and function names,
# thousands of profiles each with an event of its own, thousands of events
# each given by one of thousands of functions, -I directories
# times files, names and ids and line pages a hash could be steered to
# collide on), each made at a size and at 4 times that size.  A reader
# whose time or memory grows near-linearly takes about 4 times as much on
# the larger; a quadratic one 16 times.  Prints the figures and fails when
# a ratio passes 8 (time, over 0.05 s) or 8 (peak memory).  Run by make
# bench, after the table of bench/run.sh.
#
#   GROWTH_RUNS=3   runs of each (median taken)
set -eu
cd "$(dirname "$0")/.."
runs=${GROWTH_RUNS:-3}
dir=build/bench/growth
mkdir -p "$dir"
bin=$(pwd)/cgannotate
limit=8

# one CASE N: "seconds peak_kb" of cgannotate on the case at size N.
one() {
	c=$1
	n=$2
	in=$dir/$c-$n
	[ -e "$in" ] || python3 tests/tools/gen-hostile.py "$c" "$n" "$in"
	case $c in
	functions) set -- --format=json --threshold=100 "$in" ;;
	# Every function is all of its event, so the report of every event
	# lists them all, each as wide as the events: output as the square.
	# One event shown measures the model, not the width of the page.
	profiles) set -- --auto=no --threshold=100 --show=Ev0 --sort=Ev0 \
	    "$in"/*.callgrind ;;
	wide) set -- --auto=no --threshold=100 --show=E0 --sort=E0 "$in" ;;
	idirs)
		set -- --auto=yes --threshold=100
		for d in "$in"/d*; do set -- "$@" -I "$d"; done
		set -- "$@" "$in/p.callgrind" ;;
	*) set -- --auto=no --threshold=100 "$in" ;;
	esac
	: >"$dir/times"
	i=0
	while [ "$i" -lt "$runs" ]; do
		t0=$(date +%s%N)
		/usr/bin/time -f '%M' -o "$dir/one" "$bin" "$@" >/dev/null 2>&1 ||
		    { echo "growth: failed: $c $n" >&2; exit 1; }
		t1=$(date +%s%N)
		echo "$(( (t1 - t0) / 1000 )) $(cat "$dir/one")" >>"$dir/times"
		i=$((i + 1))
	done
	sort -n "$dir/times" | awk '{ t[NR] = $1; if ($2 > m) m = $2 }
	    END { printf "%.3f %d\n", t[int((NR + 1) / 2)] / 1e6, m }'
}

echo "| case | sizes | seconds | peak MB | 4 times the input: seconds | peak MB | time ratio | memory ratio |"
echo "|---|---|---|---|---|---|---|---|"
bad=0
for spec in events:50000 functions:100000 grid:250 profiles:1000 idirs:100 \
    names:50000 ids:50000 pages:50000 wide:5000; do
	c=${spec%:*}
	n=${spec#*:}
	set -- $(one "$c" "$n")
	t1=$1 m1=$2
	# The grid's input grows as its side squared.
	m=$((n * 4))
	[ "$c" = grid ] && m=$((n * 2))
	set -- $(one "$c" "$m")
	t2=$1 m2=$2
	tr=$(awk -v a="$t1" -v b="$t2" 'BEGIN { printf "%.1f", (a > 0.005 ? b / a : 0) }')
	mr=$(awk -v a="$m1" -v b="$m2" 'BEGIN { printf "%.1f", b / a }')
	verdict=ok
	if awk -v r="$tr" -v t="$t2" -v l="$limit" 'BEGIN { exit !(t > 0.05 && r > l) }' ||
	    awk -v r="$mr" -v l="$limit" 'BEGIN { exit !(r > l) }'; then
		verdict="GROWS FASTER THAN LINEAR"
		bad=1
	fi
	echo "| $c | $n, $m | $t1 | $((m1 / 1024)) | $t2 | $((m2 / 1024)) | $tr | $mr | $verdict"
done
[ "$bad" = 0 ]
