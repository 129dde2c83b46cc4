#!/bin/sh
# threads.sh TSAN_CGANNOTATE CGANNOTATE: --format=html builds its flame
# graph in a thread of its own while the JSON document is written; run
# under ThreadSanitizer (halting on the first race) over every testdata
# profile and a few listings, its page must be byte for byte the page of
# the plain build.  So must -j 2's reports, where a thread reads the
# second half of the file (cut near the middle of every testdata profile,
# CGA_CUT) while the loader reads the first, and --format=json's, whose
# functions and files two threads make in turn (print/turns.c), and whose
# thousands of jumps are finished beside the inclusive costs.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1
ref=$2
export TSAN_OPTIONS=halt_on_error=1

page() {	# NAME ARGS...: the two builds' pages agree
	name=$1
	shift
	"$bin" --format=html "$@" >"$tmp/a" 2>"$tmp/err"
	s=$?
	"$ref" --format=html "$@" >"$tmp/b" 2>/dev/null
	[ "$s" = $? ] && ! grep -q ThreadSanitizer "$tmp/err" &&
	    cmp -s "$tmp/a" "$tmp/b"
	result $? "$name: $(grep -m1 -A3 ThreadSanitizer "$tmp/err")"
}

for p in testdata/*.callgrind testdata/*.cachegrind testdata/*.gz; do
	page "$p" --auto=no "$p"
done
page "by file" --auto=no --by=file testdata/shlib.callgrind
page "focus" --auto=no --focus=main testdata/sortprog-cachesim.callgrind
page "hide" --auto=no --hide=qsort testdata/sortprog-cachesim.callgrind
page "diff" --auto=no --diff testdata/recur-plain.callgrind \
    testdata/recur2-plain.callgrind
page "sources" testdata/recur-plain.callgrind
# -j 2 against one thread of the plain build.
halves() {	# NAME CUT ARGS...
	name=$1
	cut=$2
	shift 2
	CGA_CUT=$cut "$bin" -j2 "$@" >"$tmp/a" 2>"$tmp/err"
	s=$?
	"$ref" -j1 "$@" >"$tmp/b" 2>/dev/null
	[ "$s" = $? ] && ! grep -q ThreadSanitizer "$tmp/err" &&
	    cmp -s "$tmp/a" "$tmp/b"
	result $? "$name -j2: $(grep -m1 -A3 ThreadSanitizer "$tmp/err")"
}
for p in testdata/*.callgrind testdata/*.cachegrind; do
	cut=$(($(wc -c <"$p") / 2))
	halves "$p" "$cut" "$p"
	halves "$p" "$cut" --format=json "$p"
done
# 5,000 jumps (50 functions in a chain, each with a jump from each of 100
# lines): finished on a thread of their own while the inclusive costs are
# computed (cli/profiles.c), JSON's index of them made after them there.
awk 'BEGIN { print "positions: instr line"; print "events: Ir"
	print "fl=a.c"
	for (f = 0; f < 50; f++) {
		printf "fn=f%d\n", f
		for (i = 1; i <= 100; i++)
			printf "0x%x %d 1\njump=%d 0x%x %d\n0x%x %d\n",
			    65536 * f + 16 * i, i, i, 65536 * f + 16 * i + 8,
			    i + 1, 65536 * f + 16 * i, i
		if (f < 49)
			printf "cfn=f%d\ncalls=2 0x%x 1\n0x%x 1 %d\n", f + 1,
			    65536 * (f + 1), 65536 * f, 1000 - f
	} }' >"$tmp/jumps.callgrind"
halves "5,000 jumps" "$(($(wc -c <"$tmp/jumps.callgrind") / 2))" \
    --format=json "$tmp/jumps.callgrind"
page "5,000 jumps" "$tmp/jumps.callgrind"
finish
