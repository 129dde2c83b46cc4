#!/bin/sh
# split.sh CGANNOTATE: -j 2 reads a file's second half in a thread of its
# own and merges it; the reports must be those of one thread (-j 1) byte
# for byte.  CGA_CUT=OFFSET makes the thread start at the first fl= or fn=
# line it can start at from byte OFFSET on, in a file of any size, and
# says on standard error whether the half was merged or read again.
# Every testdata profile (and the hand-made ones, which mostly make the
# loader read the half again) is cut at its fl= and fn= lines (a sample
# of 8 in the larger ones; 2 under the sanitizers, real profiles only) and at two bytes
# within lines; five reports each (the default, with its annotated
# sources; --inclusive=yes --tree=both; JSON; the Callgrind writer, which
# writes every call site and jump; --by=object, which warns of functions
# in two objects) must equal one thread's, output,
# messages and exit status.  Most cuts must merge, or the test proves
# nothing.  Under the sanitizers with the plain build given (CGA_PLAIN,
# see tests/lib.sh), the reports of one thread are the plain build's: the
# sanitized build's of one thread are those of every other script.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
LC_ALL=C
export LC_ALL
# Cuts a file at 8 of its fl= and fn= lines; under the sanitizers at 2,
# and only the real profiles (the hand-made ones the plain build takes).
sample=8
hand=testdata/hand/*.callgrind
case $1 in
*/asan/*) sample=2 hand= ;;
esac

merged=0
tried=0

# runs FILE CUT N ARGS...: one report, all of it in $tmp/out.N: its
# standard output, exit status and messages, the split's note taken out
# (a run counted in $merged when one says merged).  Past cgannotate, shell
# builtins only: the cuts are thousands of runs, and a process more for
# each took more time than cgannotate.
runs() {
	f=$1 cut=$2 n=$3
	shift 3
	if [ "$cut" = - ]; then
		"${plain:-$bin}" -j1 "$@" "$f" >"$tmp/out.$n" 2>"$tmp/err"
	else
		CGA_CUT=$cut "$bin" -j2 "$@" "$f" >"$tmp/out.$n" 2>"$tmp/err"
	fi
	echo "-- exit status $?, standard error:" >>"$tmp/out.$n"
	m=0
	while IFS= read -r line || [ -n "$line" ]; do
		case $line in
		"cgannotate: -j 2: the half from byte "*" merged") m=1 ;;
		"cgannotate: -j 2: the half from byte "*) ;;
		*) printf '%s\n' "$line" ;;
		esac
	done <"$tmp/err" >>"$tmp/out.$n"
	merged=$((merged + m))
}

set_args() {
	case $1 in
	1) args="" ;;
	2) args="--inclusive=yes --tree=both" ;;
	3) args="--format=json" ;;
	4) args="--format=callgrind" ;;
	5) args="--by=object --auto=no" ;;
	esac
}

# check FILE: each cut against one thread.
check() {
	f=$1
	for a in 1 2 3 4 5; do
		set_args $a
		runs "$f" - "one$a" $args
	done
	merged=0
	# The fl= and fn= lines' offsets, a sample, and two within lines.
	cuts=$(awk '/^f[ln]=/ { print off } { off += length($0) + 1 }' "$f" |
	    awk -v n="$sample" '{ v[NR] = $1 } END {
		step = NR > n ? NR / n : 1
		for (i = 1; i <= NR; i += step) print v[int(i)] }')
	size=$(wc -c <"$f")
	cuts="$cuts $((size / 3 + 1)) $((size / 2 + 3))"
	for cut in $cuts; do
		for a in 1 2 3 4 5; do
			set_args $a
			tried=$((tried + 1))
			runs "$f" "$cut" two $args
			if cmp -s "$tmp/out.one$a" "$tmp/out.two"; then
				result 0 ""
			else
				result 1 "$f cut at $cut, $args: -j2 differs from -j1"
				diff "$tmp/out.one$a" "$tmp/out.two" | head -8
			fi
		done
	done
	case $f in
	testdata/hand/*) ;;
	*)
		real_merged=$((real_merged + merged))
		real_tried=$((real_tried + $(echo $cuts | wc -w) * 5))
		;;
	esac
	total_merged=$((total_merged + merged))
	echo "split: $f: $merged of $(( $(echo $cuts | wc -w) * 5 )) merged"
}

total_merged=0
real_merged=0
real_tried=0
for gz in testdata/*.callgrind.gz; do
	gzip -dc "$gz" >"$tmp/$(basename "$gz" .gz)"
done
# shellcheck disable=SC2086
for f in testdata/*.callgrind testdata/*.cachegrind "$tmp"/*.callgrind \
    $hand; do
	check "$f"
done

# Two profiles at once: the second is split into a model with the first.
for a in 1 2; do
	set_args $a
	runs "testdata/sortprog-plain.callgrind" - one $args \
	    testdata/sortprog-cachesim.callgrind
	runs "testdata/sortprog-plain.callgrind" 4000 two $args \
	    testdata/sortprog-cachesim.callgrind
	cmp -s "$tmp/out.one" "$tmp/out.two"
	result $? "two profiles, $args: -j2 differs from -j1"
done

# --diff: each of its two profiles is read in halves.
runs testdata/recur2-plain.callgrind - one --diff testdata/recur-plain.callgrind
merged=0
runs testdata/recur2-plain.callgrind 2000 two --diff \
    testdata/recur-plain.callgrind
cmp -s "$tmp/out.one" "$tmp/out.two" && [ "$merged" = 1 ]
result $? "--diff: -j2 differs from -j1 (merged $merged)"

# What the thread never set stays the loader's: a callee named before the
# cut is the one of a calls= line after the thread's half (after a header
# line, which the thread stops before).
printf 'events: Ir\nfl=a.c\nfn=main\ncfn=f\ncalls=1 1\n1 5\nfn=g\n2 3\nsummary: 8\ncalls=2 1\n3 4\n' \
    >"$tmp/callee.callgrind"
runs "$tmp/callee.callgrind" - one --auto=no --tree=both
merged=0
runs "$tmp/callee.callgrind" 46 two --auto=no --tree=both
cmp -s "$tmp/out.one" "$tmp/out.two" && [ "$merged" = 1 ]
result $? "a callee from before the cut: -j2 differs from -j1 (merged $merged)"

# Most cuts of the real profiles merge: the test is not idle.
[ "$real_merged" -gt $((real_tried * 2 / 3)) ]
result $? "only $real_merged of $real_tried cuts of real profiles merged"

echo "split: $total_merged of $tried cuts merged, $real_merged of $real_tried of real profiles"
finish
