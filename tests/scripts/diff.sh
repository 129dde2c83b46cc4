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

# Changes that cancel out in a group still list it, with them: a.c's f
# +3 and g -3 (figures worked out by hand), by file and in JSON.
O=testdata/hand/diff-cancel-old.callgrind
N=testdata/hand/diff-cancel-new.callgrind
"$bin" --diff "$O" "$N" --by=file --threshold=100 --format=tsv >"$tmp/out"
[ "$(awk -F'\t' '$1 == "a.c" { printf "%s=%s ", $2, $3 }' "$tmp/out")" = \
    "=0 f=3 g=-3 " ]
result $? "--diff --by=file: a.c at 0 with f +3 and g -3: $(tr '\t\n' ' |' <"$tmp/out")"
"$bin" --diff "$O" "$N" --by=file --threshold=100 --format=json |
    jq -e '[.groups[] | select(.name == "a.c") | .functions[].exclusive.Ir]
	== [3, -3]' >/dev/null
result $? "--diff --by=file --format=json: a.c's f and g"

# ... but not when the changed ones are hidden: a group of nothing
# listed is not listed.
"$bin" --diff "$O" "$N" --by=file --threshold=100 --hide='^[fg]$' \
    --format=tsv >"$tmp/out"
! grep -q '^a\.c' "$tmp/out"
result $? "--diff --by=file --hide: no a.c of hidden changes: $(tr '\t\n' ' |' <"$tmp/out")"

# A difference groups inlined code as a profile does: h.h:f is a piece
# of a.c:f, 3 + 2 (by hand).
"$bin" --diff testdata/hand/diff-inlined-old.callgrind \
    testdata/hand/diff-inlined-new.callgrind --group-inlined=yes \
    --threshold=100 --format=tsv >"$tmp/out"
[ "$(awk -F'\t' '$1 == "a.c:f" { printf "%s=%s ", $2, $3 }' "$tmp/out")" = \
    "=5 a.c=3 h.h=2 " ] && ! grep -q '^h\.h:f' "$tmp/out"
result $? "--diff --group-inlined=yes: h.h under a.c:f: $(tr '\t\n' ' |' <"$tmp/out")"

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

# Several OLD profiles are summed as several NEW ones are: --diff given
# twice (the thread files of one run), against two NEW files, equals
# the difference of the sums written by --format=callgrind first, in
# every format that prints a difference (the header's names aside).
O1=testdata/threads-septhreads-t2.callgrind
O2=testdata/threads-septhreads-t3.callgrind
N1=testdata/threads-septhreads-t1.callgrind
N2=testdata/threads-joined.callgrind
"$bin" --format=callgrind "$O1" "$O2" >"$tmp/old-sum.callgrind"
"$bin" --format=callgrind "$N1" "$N2" >"$tmp/new-sum.callgrind"
# Names of files and the header's lines left out: the rest must agree.
names='Profile data file|"profiles"|"diff_base"|"diff_bases"|"creator"|^### cgannotate|^Reading|graph \[fontname'
# (Folded stacks and DOT's node numbers follow the order the model was
# made in, which a file written and read again changes: they are
# checked below against the two sides read directly.)
for args in "--auto=no --threshold=100 --tree=both --inclusive=yes" \
    "--format=json --inclusive=yes" "--format=tsv --calls" \
    "--format=tsv --by=file --inclusive=yes" "--format=markdown"; do
	# shellcheck disable=SC2086
	"$bin" $args --diff "$O1" --diff "$O2" "$N1" "$N2" 2>&1 |
	    grep -Ev "$names" >"$tmp/got"
	# shellcheck disable=SC2086
	"$bin" $args --diff "$tmp/old-sum.callgrind" \
	    "$tmp/new-sum.callgrind" 2>&1 | grep -Ev "$names" >"$tmp/want"
	cmp -s "$tmp/want" "$tmp/got" && [ -s "$tmp/got" ]
	result $? "--diff twice $args: as the sums' difference:
$(diff "$tmp/want" "$tmp/got" | head -6)"
done
# Folded: each stack's OLD count is its count in the OLD files read
# together, its NEW count in the NEW files'.
"$bin" --format=folded --diff "$O1" --diff "$O2" "$N1" "$N2" |
    awk '{ n = $NF; o = $(NF - 1); $NF = ""; $(NF - 1) = ""
	sub(/  $/, ""); if (o != 0) print $0, o >"'"$tmp/got.old"'"
	if (n != 0) print $0, n >"'"$tmp/got.new"'" }'
"$bin" --format=folded "$O1" "$O2" | sort >"$tmp/want.old"
"$bin" --format=folded "$N1" "$N2" | sort >"$tmp/want.new"
sort -o "$tmp/got.old" "$tmp/got.old"
sort -o "$tmp/got.new" "$tmp/got.new"
cmp -s "$tmp/want.old" "$tmp/got.old" && cmp -s "$tmp/want.new" "$tmp/got.new"
result $? "--diff twice --format=folded: each side's stacks:
$(diff "$tmp/want.old" "$tmp/got.old" | head -4)"
# DOT: the nodes, whatever their numbers, as of the sums' difference.
for f in got want; do
	if [ $f = got ]; then
		set -- --diff "$O1" --diff "$O2" "$N1" "$N2"
	else
		set -- --diff "$tmp/old-sum.callgrind" "$tmp/new-sum.callgrind"
	fi
	"$bin" --format=dot --group-inlined=no "$@" |
	    sed -n 's/^  n[0-9]* \[label=/[label=/p' | sort >"$tmp/$f.dot"
done
cmp -s "$tmp/want.dot" "$tmp/got.dot" && [ -s "$tmp/got.dot" ]
result $? "--diff twice --format=dot: the nodes of the sums' difference:
$(diff "$tmp/want.dot" "$tmp/got.dot" | head -4)"
# The text report names each file of either side.
"$bin" --auto=no --diff "$O1" --diff "$O2" "$N1" "$N2" >"$tmp/out"
grep -Fqx "Profile data files '$N1', '$N2' minus '$O1', '$O2' (creator: callgrind-3.19.0)" "$tmp/out"
result $? "--diff twice: the header names both sides: $(sed -n 2p "$tmp/out")"
# JSON names the first in diff_base, as before, and each in diff_bases.
"$bin" --format=json --diff "$O1" --diff "$O2" "$N1" "$N2" >"$tmp/out"
if command -v jq >/dev/null 2>&1; then
	jq -e --arg a "$O1" --arg b "$O2" '.diff_base == $a and
	    .diff_bases == [$a, $b]' "$tmp/out" >/dev/null
	result $? "--diff twice: JSON's diff_bases: $(jq -c .diff_bases "$tmp/out")"
else
	skipped=$((skipped + 1))
fi
# A run's stem: its thread files, said on standard error.
mkdir -p "$tmp/run"
cp "$O1" "$tmp/run/callgrind.out.77-02"
cp "$O2" "$tmp/run/callgrind.out.77-03"
"$bin" --format=tsv --calls --diff "$tmp/run/callgrind.out.77" "$N1" "$N2" \
    >"$tmp/got" 2>"$tmp/err"
"$bin" --format=tsv --calls --diff "$tmp/old-sum.callgrind" "$N1" "$N2" \
    >"$tmp/want" 2>/dev/null
cmp -s "$tmp/want" "$tmp/got" &&
    grep -Fqx "cgannotate: --diff: no file named $tmp/run/callgrind.out.77" "$tmp/err" &&
    grep -Fqx "cgannotate: --diff: read in its place, the files of its run: $tmp/run/callgrind.out.77-02, $tmp/run/callgrind.out.77-03" "$tmp/err"
result $? "--diff STEM: the run's thread files: $(cat "$tmp/err")"
# A stem of nothing is a file not found, as before.
"$bin" --diff "$tmp/run/callgrind.out.78" "$N1" >/dev/null 2>"$tmp/err"
[ $? = 1 ] && grep -q "callgrind.out.78" "$tmp/err"
result $? "--diff of no file and no run: $(cat "$tmp/err")"

finish
