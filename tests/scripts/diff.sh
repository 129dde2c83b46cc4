#!/bin/sh
# diff.sh CGANNOTATE: --diff OLD NEW is NEW's report minus OLD's, function
# by function and in total; a profile minus itself lists no change.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1

# A profile minus itself: total 0, no function, no annotated line.
for p in testdata/strhash-plain.callgrind testdata/sortprog-cachesim.callgrind \
    testdata/recur-cache-branch.callgrind; do
	"$bin" --threshold=100 --tree=both --inclusive=yes --diff "$p" "$p" \
	    >"$tmp/self" 2>&1
	[ "$(total "$tmp/self")" = 0 ] && [ -z "$(rows "$tmp/self")" ] &&
	    ! grep -q -- '-- Auto-annotated source' "$tmp/self"
	result $? "$p minus itself: $(grep -c . "$tmp/self") lines"
done

# minus OLD NEW EVENT: the difference is the subtraction of the reports.
minus() {
	"$bin" --auto=no --threshold=100 --show="$3" "$1" >"$tmp/old"
	"$bin" --auto=no --threshold=100 --show="$3" "$2" >"$tmp/new"
	"$bin" --auto=no --threshold=100 --show="$3" --diff "$1" "$2" \
	    >"$tmp/diff" || { result 1 "--diff $1 $2: exit status"; return; }
	rows "$tmp/new" >"$tmp/both"
	rows "$tmp/old" | awk -F'\t' '{ print $1 "\t" (-$2) }' >>"$tmp/both"
	sum_rows "$tmp/both" >"$tmp/want"
	rows "$tmp/diff" >"$tmp/got.rows"
	sum_rows "$tmp/got.rows" >"$tmp/got"
	cmp -s "$tmp/want" "$tmp/got"
	result $? "--diff $1 $2 ($3): $(diff "$tmp/want" "$tmp/got" | head -4)"
	want=$(($(total "$tmp/new") - $(total "$tmp/old")))
	[ "$(total "$tmp/diff")" = "$want" ]
	result $? "--diff $1 $2 ($3): total $(total "$tmp/diff"), want $want"
}
# Two runs of one program on different inputs.
minus testdata/wordfreq-readme.callgrind testdata/wordfreq-copying.callgrind Ir
minus testdata/forkprog-parent.callgrind testdata/forkprog-child.callgrind Ir
minus testdata/recur-plain.callgrind testdata/recur-seprecs10.callgrind Ir
minus testdata/sortprog-cachesim.callgrind testdata/sortprog-plain.callgrind Ir
minus testdata/strhash-branchsim.callgrind testdata/strhash-multipart-cache.callgrind Ir

# Percentages are of OLD's total: a function only NEW has shows its share.
"$bin" --auto=no --diff testdata/recur-plain.callgrind \
    testdata/recur-seprecs1.callgrind >"$tmp/out"
grep -q "^ 17,654 (67.42%)  ./testdata/src/recur.c:fib \[" "$tmp/out" &&
    grep -q "^-17,654 (-67.4%)  ./testdata/src/recur.c:fib'2 \[" "$tmp/out"
result $? "signed counts and percentages: $(sed -n 21,22p "$tmp/out")"

# Annotated source shows the changed lines, with their signed change.
"$bin" --diff testdata/forkprog-parent.callgrind \
    testdata/forkprog-child.callgrind >"$tmp/ann"
grep -q -- '-- Auto-annotated source: ./testdata/src/forkprog.c' "$tmp/ann" &&
    grep -Eq '^ *-[0-9,]+ \(-? ?[0-9.]+%\) ' "$tmp/ann"
result $? "annotation of a difference"

# No percentage of a total of 0: OLD's Dr is 0, NEW's 5, all in main
# (testdata/hand/gate-old and gate-new): a count and no share, in every
# row of every format that gives shares.
O=testdata/hand/gate-old.callgrind
N=testdata/hand/gate-new.callgrind
"$bin" --auto=no --show=Dr --tree=both --hide=f --diff $O $N >"$tmp/out"
! grep -q '%' "$tmp/out" &&
    grep -q '^5  *PROGRAM TOTALS$' "$tmp/out" &&
    grep -q '^5  *\*  a\.c:main$' "$tmp/out" &&
    grep -q 'hidden, costing Dr 0$' "$tmp/out"
result $? "a rise from a total of 0, text: $(grep -m1 '%' "$tmp/out")"
"$bin" --format=markdown --show=Dr --diff $O $N >"$tmp/out"
grep -Fqx '| `Dr` | 0 | 5 | +5 |  |' "$tmp/out" && ! grep -q '%)\|[0-9] %' "$tmp/out"
result $? "a rise from a total of 0, Markdown: $(grep -m1 '[0-9] %' "$tmp/out")"
"$bin" --format=dot --sort=Dr --diff $O $N >"$tmp/out"
grep -Fq 'n1 [label="a.c:main\n5\n(5)"' "$tmp/out" && ! grep -q '%' "$tmp/out"
result $? "a rise from a total of 0, DOT: $(grep -m1 'label="a' "$tmp/out")"

finish
