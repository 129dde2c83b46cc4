#!/bin/sh
# formats.sh CGANNOTATE: --format=tsv piped into awk and --format=json into
# jq give the text report's totals and per-function figures; the data of
# --format=html's page is the JSON document, its sources' line costs the
# JSON's (tests/browser/html.sh drives the page in a browser).  Under the
# sanitizers with the plain build given (CGA_PLAIN, see tests/lib.sh), the
# JSON of every profile and the pages of every profile and option set
# are compared with the plain build's instead of read by jq (most of
# this script's time), whose verdict on the same bytes the plain run
# gives; the rest is checked as on the plain build.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1

for p in testdata/strhash-plain.callgrind testdata/sortprog-cachesim.callgrind \
    testdata/recur-plain.callgrind testdata/gzip-full-cachesim.callgrind \
    testdata/hand/xdebug.callgrind testdata/sortprog-multipart.callgrind; do
	event=$("$bin" --format=tsv "$p" | head -1 | cut -f4)
	opts="--auto=no --threshold=100 --show=$event"
	# shellcheck disable=SC2086
	"$bin" $opts "$p" >"$tmp/text"
	rows "$tmp/text" >"$tmp/text.rows"
	# shellcheck disable=SC2086
	"$bin" $opts --format=tsv "$p" >"$tmp/tsv"
	awk -F'\t' 'NR > 1 { print $1 ":" $2 "\t" ($4 == "" ? 0 : $4) }' \
	    "$tmp/tsv" | sort >"$tmp/tsv.rows"
	cmp -s "$tmp/text.rows" "$tmp/tsv.rows"
	result $? "$p: tsv rows differ from the text: $(diff "$tmp/text.rows" "$tmp/tsv.rows" | head -4)"
	# The same order as the text report.
	awk -F'\t' 'NR > 1 { print $1 ":" $2 }' "$tmp/tsv" >"$tmp/tsv.order"
	awk '/ file:function$/ { getline; on = 1; next } on && NF >= 2 {
	    sub(/^ *[0-9,.]+ (\( *[0-9.]+%\))? +/, ""); sub(/ \[[^]]*\]$/, "")
	    print }' "$tmp/text" >"$tmp/text.order"
	cmp -s "$tmp/tsv.order" "$tmp/text.order"
	result $? "$p: tsv order differs from the text"
	# shellcheck disable=SC2086
	"$bin" $opts --format=json "$p" >"$tmp/json"
	jq -r --arg e "$event" '.functions[] | "\(.file):\(.name)\t\(.exclusive[$e] // 0)"' \
	    "$tmp/json" | sort >"$tmp/json.rows"
	cmp -s "$tmp/text.rows" "$tmp/json.rows"
	result $? "$p: json functions differ from the text: $(diff "$tmp/text.rows" "$tmp/json.rows" | head -4)"
	[ "$(jq -r --arg e "$event" '.totals[$e]' "$tmp/json")" = "$(total "$tmp/text")" ]
	result $? "$p: json total $(jq -c .totals "$tmp/json"), text $(total "$tmp/text")"
	# Inclusive columns are the --inclusive=yes report's figures.
	# shellcheck disable=SC2086
	"$bin" $opts --inclusive=yes "$p" >"$tmp/incl"
	rows "$tmp/incl" >"$tmp/incl.rows"
	awk -F'\t' 'NR > 1 && $5 != "" { print $1 ":" $2 "\t" $5 }' "$tmp/tsv" |
	    sort >"$tmp/tsv.incl"
	sum_rows "$tmp/incl.rows" >"$tmp/a"
	sum_rows "$tmp/tsv.incl" >"$tmp/b"
	join -t "$(printf '\t')" "$tmp/a" "$tmp/b" | awk -F'\t' '$2 != $3' >"$tmp/bad"
	[ ! -s "$tmp/bad" ]
	result $? "$p: inclusive differs: $(head -2 "$tmp/bad")"
	# Call counts into each function are those of its call edges.
	"$bin" --format=tsv --calls "$p" | awk -F'\t' 'NR > 1 { n[$2] += $3 }
	    END { for (f in n) print f "\t" n[f] }' | sort >"$tmp/edges"
	awk -F'\t' 'NR > 1 && $NF > 0 { print $1 ":" $2 "\t" $NF }' "$tmp/tsv" |
	    sort >"$tmp/calls"
	cmp -s "$tmp/edges" "$tmp/calls"
	result $? "$p: calls column differs from the edges: $(diff "$tmp/edges" "$tmp/calls" | head -3)"
	# Line costs add up to the cost lines.
	"$bin" --format=tsv --lines "$p" | awk -F'\t' 'NR > 1 { s += $4 }
	    END { print s + 0 }' >"$tmp/lines"
	[ "$(cat "$tmp/lines")" = "$(awk -F'\t' 'NR > 1 { s += $4 } END { print s + 0 }' "$tmp/tsv")" ]
	result $? "$p: lines sum $(cat "$tmp/lines")"
done

# Every golden profile gives JSON that jq reads, a difference too.
for p in testdata/*.callgrind testdata/*.cachegrind testdata/hand/*.callgrind; do
	case $p in *bad-*|*bigname*) continue ;; esac
	if [ -n "$plain" ]; then
		twin --format=json --tree=both "$p"
		result $? "$p: the JSON is not the plain build's"
		continue
	fi
	"$bin" --format=json --tree=both "$p" >"$tmp/j" 2>/dev/null || continue
	jq -e .functions "$tmp/j" >/dev/null
	result $? "$p: jq cannot read the JSON"
done
"$bin" --format=json --diff testdata/wordfreq-readme.callgrind \
    testdata/wordfreq-copying.callgrind >"$tmp/diff.json"
[ "$(jq -r '.totals.Ir' "$tmp/diff.json")" = \
    "$(( $("$bin" --auto=no testdata/wordfreq-copying.callgrind | total /dev/stdin) - \
    $("$bin" --auto=no testdata/wordfreq-readme.callgrind | total /dev/stdin) ))" ] &&
    jq -e '.diff_base == "testdata/wordfreq-readme.callgrind"' "$tmp/diff.json" >/dev/null
result $? "json of a difference: $(jq -c .totals "$tmp/diff.json")"

# The page's data element: the JSON document with the page's member (the
# files' line costs are there, for the sources found only).
pagedata() {
	awk '/^<script type="application\/json" id="cga-data">$/ { on = 1; next }
	    on && /^<\/script>$/ { exit } on' "$1"
}
for p in testdata/*.callgrind testdata/*.cachegrind; do
	for opts in "--threshold=99" "--by=file --threshold=50 --hide=main" \
	    "--diff testdata/wordfreq-readme.callgrind --threshold=99"; do
		if [ -n "$plain" ]; then
			# shellcheck disable=SC2086
			twin --format=html $opts "$p" &&
			    twin --format=json $opts "$p"
			result $? "$p $opts: the page or JSON is not the plain build's"
			continue
		fi
		# shellcheck disable=SC2086
		"$bin" --format=html $opts "$p" >"$tmp/page.html" 2>/dev/null ||
		    continue
		# shellcheck disable=SC2086
		"$bin" --format=json $opts "$p" 2>/dev/null |
		    jq -S 'del(.files)' >"$tmp/j"
		pagedata "$tmp/page.html" | jq -S 'del(.page)' >"$tmp/pj"
		cmp -s "$tmp/j" "$tmp/pj" && pagedata "$tmp/page.html" |
		    jq -e '.page.flame | has("frames") or has("none")' >/dev/null
		result $? "$p $opts: the page's data is not the JSON document"
	done
done

# The line costs of the page's sources are the JSON document's.
for p in testdata/sortprog-cachesim.callgrind testdata/tmpl.callgrind \
    testdata/shlib.callgrind; do
	"$bin" --format=html "$p" | pagedata /dev/stdin |
	    jq -S '[.page.sources[] | select(.lines) |
	    {name, lines: [.lines[] | {line: .[0], cost: .[1]}]}]' >"$tmp/pl"
	"$bin" --format=json --threshold=99 "$p" | jq -S --slurpfile pl "$tmp/pl" \
	    '[.files[] | select(.name as $n | $pl[0] | any(.name == $n))]' \
	    >"$tmp/jl"
	cmp -s "$tmp/pl" "$tmp/jl" && [ "$(jq length "$tmp/pl")" -gt 0 ]
	result $? "$p: the page's line costs are the JSON's ($(jq length "$tmp/pl") files)"
done

# The page's flame graph holds the stacks of --format=folded with the
# same options: its frames' counts, and those too small to show, add up
# to the folded stacks' (--hide and --focus applied; each function with
# its inlined pieces, as folded makes them by default).
for p in testdata/sortprog-cachesim.callgrind testdata/recur-plain.callgrind \
    testdata/threads-joined.callgrind testdata/tmpl.callgrind; do
	for opts in "" "--hide=main" "--focus=sort --hide=cmp" "--by=file"; do
		# shellcheck disable=SC2086
		a=$("$bin" --format=html $opts "$p" | pagedata /dev/stdin |
		    jq '.page.flame | ([.frames | to_entries[] |
		    select(.key % 3 == 2) | .value] | add // 0) + .rest')
		# shellcheck disable=SC2086
		b=$("$bin" --format=folded $opts "$p" |
		    awk '{ s += $NF } END { print s + 0 }')
		[ "$a" = "$b" ]
		result $? "$p $opts: the page's flame graph sums to $a, folded to $b"
	done
done

finish
