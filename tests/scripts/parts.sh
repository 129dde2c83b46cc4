#!/bin/sh
# parts.sh CGANNOTATE: the parts of multi-part profiles add up.  For each
# profile, --list-parts gives each part's totals; --part=N reports part N
# alone; and the whole report is the sum of the parts, total by total and
# function by function (first event, every function listed).
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1
for p in testdata/sortprog-multipart.callgrind \
    testdata/strhash-multipart-cache.callgrind \
    testdata/hand/multipart.callgrind testdata/hand/xdebug-append.callgrind; do
	"$bin" --list-parts "$p" >"$tmp/parts" || { result 1 "$p: --list-parts"; continue; }
	event=$(head -1 "$tmp/parts" | cut -f6)
	"$bin" --auto=no --threshold=100 --show="$event" "$p" >"$tmp/whole"
	whole=$(total "$tmp/whole")
	sum=$(awk -F'\t' 'NR > 1 { s += $6 } END { print s }' "$tmp/parts")
	[ "$whole" = "$sum" ]
	result $? "$p: total $whole, parts sum to $sum"
	rows "$tmp/whole" >"$tmp/whole.rows"
	: >"$tmp/all.rows"
	# Each part number once (Xdebug numbers every run 1).
	for n in $(awk -F'\t' 'NR > 1 { print $2 }' "$tmp/parts" | sort -u); do
		"$bin" --auto=no --threshold=100 --show="$event" --part="$n" \
		    "$p" >"$tmp/one"
		got=$(total "$tmp/one")
		want=$(awk -F'\t' -v n="$n" 'NR > 1 && $2 == n { s += $6 }
		    END { print s }' "$tmp/parts")
		[ "$got" = "$want" ]
		result $? "$p --part=$n: total $got, --list-parts $want"
		rows "$tmp/one" >>"$tmp/all.rows"
	done
	sum_rows "$tmp/whole.rows" >"$tmp/w"
	sum_rows "$tmp/all.rows" >"$tmp/s"
	cmp -s "$tmp/w" "$tmp/s"
	result $? "$p: functions of the whole are not the sum of the parts: $(diff "$tmp/w" "$tmp/s" | head -4)"
done
finish
