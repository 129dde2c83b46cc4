#!/bin/sh
# dot.sh CGANNOTATE: --format=dot renders with Graphviz (dot -Tsvg), with a
# node for each function from --node-threshold percent inclusive and an
# edge for each call between them from --edge-threshold percent, each once.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1

for p in testdata/strhash-plain.callgrind testdata/recur-plain.callgrind \
    testdata/recur-seprecs1.callgrind testdata/sort-full.callgrind \
    testdata/hand/xdebug.callgrind; do
	"$bin" --format=dot --group-inlined=no "$p" >"$tmp/g.dot" &&
	    dot -Tsvg "$tmp/g.dot" >"$tmp/g.svg" 2>"$tmp/err" &&
	    grep -q '<svg' "$tmp/g.svg" && [ ! -s "$tmp/err" ]
	result $? "$p: dot -Tsvg: $(head -c 200 "$tmp/err")"
	# Nodes: the functions from 0.5 % of the total inclusive.
	event=$("$bin" --format=tsv "$p" | head -1 | cut -f4)
	tot=$("$bin" --auto=no "$p" --show="$event" | total /dev/stdin)
	want=$("$bin" --format=tsv --inclusive=yes --threshold=100 --show="$event" "$p" |
	    awk -F'\t' -v t="$tot" 'NR > 1 && $5 != "" && $5 * 100 >= 0.5 * t' |
	    wc -l)
	got=$(grep -c '^  n[0-9]* \[label=' "$tmp/g.dot")
	[ "$got" = "$want" ] && [ "$(grep -c '<g id="node' "$tmp/g.svg")" = "$want" ]
	result $? "$p: $got nodes, want $want"
	# Edges: each pair once.
	dups=$(grep -o '^  n[0-9]* -> n[0-9]*' "$tmp/g.dot" | sort | uniq -d | wc -l)
	[ "$dups" = 0 ]
	result $? "$p: $dups edges drawn twice"
done
# By default a function is one node whatever files inlining spread it over:
# the nodes are the groups of --group-inlined=yes from 0.5 % inclusive.
for p in testdata/strhash-plain.callgrind testdata/sort-full.callgrind; do
	"$bin" --format=dot "$p" >"$tmp/g.dot"
	tot=$("$bin" --auto=no "$p" --show=Ir | total /dev/stdin)
	want=$("$bin" --format=tsv --group-inlined=yes --show=Ir "$p" |
	    awk -F'\t' -v t="$tot" 'NR > 1 && $2 == "" && $4 != "" &&
	    $4 * 100 >= 0.5 * t' | wc -l)
	got=$(grep -c '^  n[0-9]* \[label=' "$tmp/g.dot")
	[ "$got" = "$want" ] && [ "$want" -gt 0 ]
	result $? "$p: grouped: $got nodes, want $want"
	# Each function once; two functions of one name (the program's
	# (below main) and libc's) are two nodes, named by their files.
	names=$(grep -o '^  n[0-9]* \[label="[^"\\]*' "$tmp/g.dot" |
	    sed 's/.*label="//' | sort | uniq -d | wc -l)
	[ "$names" = 0 ]
	result $? "$p: grouped: $names functions drawn twice"
done
# Direct recursion is a loop drawn once.
"$bin" --format=dot testdata/recur-seprecs1.callgrind |
    grep -E '^  (n[0-9]+) -> \1 ' >"$tmp/loops"
[ -s "$tmp/loops" ]
result $? "recursion drawn as loops"
# Thresholds: 0 draws every function and call.
"$bin" --format=dot --node-threshold=0 --edge-threshold=0 \
    testdata/strhash-plain.callgrind >"$tmp/all.dot"
[ "$(grep -c '^  n[0-9]* \[label=' "$tmp/all.dot")" -gt \
    "$("$bin" --format=dot testdata/strhash-plain.callgrind | grep -c '^  n[0-9]* \[label=')" ]
result $? "--node-threshold=0 draws more"
finish
