#!/bin/sh
# listings.sh CGANNOTATE: the listings of issue 16 (--by=file, --by=object,
# --group-inlined=yes, --top, --focus, --hide) checked by tests/oracles/listings.py
# against figures it computes from the profiles with a parser of its own
# (see its header):
#   - first the parser itself, against today's function rows
#     (--format=tsv --threshold=100) and totals of every testdata profile:
#     if this fails, the parser or cgannotate's loading is wrong, not the
#     listings;
#   - then every listing on the profiles made for it (shlib*: a program and
#     a shared library of ours; tmpl: C++ templates inlined from a header,
#     so one function under two files) and on a few others (a cache
#     simulation, gzip and python3 from start-up, threads, a cachegrind
#     file, whose functions have no object);
#   - and, with jq and awk, that the JSON and the TSV give the same groups
#     and that the groups add up to the program total.
# LISTINGS_TEXT=1 also counts the rows of --top=N in the text report
# (listings.py --text: its idea of the layout is a guess until checked).
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1

# py ARGS...: runs listings.py; its failures (not its count) on failure.
py() {
	python3 tests/oracles/listings.py "$bin" "$@" >"$tmp/out" 2>&1
	status=$?
	grep -v '^note: ' "$tmp/out" | grep -v ' passed, .* failed$' |
	    head -20 >"$tmp/fails"
	return $status
}

py --functions-only testdata/*.callgrind testdata/*.cachegrind \
    testdata/*.callgrind.gz testdata/*.callgrind.1
result $? "the parser of tests/oracles/listings.py and today's function rows:
$(cat "$tmp/fails")"

# Under the sanitizers, the two largest (the plain build lists them all):
# the suite's five minutes.
big="testdata/gzip-full-cachesim.callgrind testdata/python3-json.callgrind.gz"
case $bin in */asan/*|*/tsan/*) big= ;; esac
# shellcheck disable=SC2086
for prof in testdata/shlib.callgrind testdata/shlib-full-instr.callgrind \
    testdata/tmpl.callgrind testdata/sortprog-cachesim.callgrind $big \
    testdata/threads-joined.callgrind testdata/sortprog.cachegrind; do
	py ${LISTINGS_TEXT:+--text} "$prof"
	result $? "$prof: $(grep -c '^FAIL' "$tmp/out") failures, the first:
$(cat "$tmp/fails")"
done

# The groups of the TSV (rows with an empty second column) and of the JSON:
# the same names and first event, in the same order; and they add up to
# the program total (these profiles' summary: is the sum of their cost
# lines).
if command -v jq >/dev/null 2>&1; then
	for prof in testdata/shlib.callgrind testdata/tmpl.callgrind; do
		for by in --by=file --by=object '--by=function
--group-inlined=yes'; do
			# shellcheck disable=SC2086
			set -- $by
			"$bin" --format=tsv --threshold=100 "$@" "$prof" \
			    2>"$tmp/err" |
			    awk -F'\t' 'NR > 1 && $2 == "" { print $1 "\t" $3 }' \
			    >"$tmp/tsv"
			"$bin" --format=json --threshold=100 "$@" "$prof" \
			    >"$tmp/json" 2>>"$tmp/err"
			jq -r '.groups[] | [.name, (.exclusive.Ir // "")] | @tsv' \
			    "$tmp/json" >"$tmp/jq" 2>>"$tmp/err"
			[ -s "$tmp/tsv" ] && cmp -s "$tmp/tsv" "$tmp/jq"
			result $? "$prof $*: TSV and JSON groups differ:
$(diff "$tmp/tsv" "$tmp/jq" | head -5; head -2 "$tmp/err")"
			sum=$(jq '[.groups[].exclusive.Ir // 0] | add' \
			    "$tmp/json" 2>/dev/null)
			total=$(jq '.totals.Ir' "$tmp/json" 2>/dev/null)
			[ -n "$sum" ] && [ "$sum" = "$total" ]
			result $? "$prof $*: groups add up to $sum, total $total"
		done
	done
else
	echo "listings: jq not installed; its checks skipped"
fi
# The text report lists the same rows as the TSV, in the same order, with
# the same counts: groups (two blanks before the name) and their functions
# (four blanks, then the share of the group), for every listing, with
# the threshold, --top and --inclusive.
for prof in testdata/shlib.callgrind testdata/tmpl.callgrind \
    testdata/sortprog-cachesim.callgrind; do
	for opts in --by=file --by=object '--by=object --inclusive=yes' \
	    '--by=file --top=3' '--group-inlined=yes --threshold=50' \
	    '--by=file --hide=main --focus=a'; do
		# shellcheck disable=SC2086
		set -- $opts
		case " $* " in
		*" --inclusive=yes "*) col=4 ;;
		*) col=3 ;;
		esac
		# TSV lists every row unless told: the report's 99 % then.
		case " $* " in
		*" --threshold="*) ;;
		*) set -- --threshold=99 "$@" ;;
		esac
		"$bin" --format=tsv --show=Ir "$@" "$prof" 2>"$tmp/err" |
		    awk -F'\t' -v c="$col" 'NR > 1 { print $c }' >"$tmp/tsv"
		"$bin" --auto=no --show=Ir --show-percs=no "$@" "$prof" \
		    2>>"$tmp/err" | awk '/^-+$/ { d++; next }
		    d >= 6 && NF { gsub(/,/, "", $1);
		    print ($1 == "." ? "" : $1) }' >"$tmp/text"
		[ -s "$tmp/text" ] && cmp -s "$tmp/tsv" "$tmp/text"
		result $? "$prof $*: text and TSV rows differ:
$(diff "$tmp/tsv" "$tmp/text" | head -5; head -2 "$tmp/err")"
		# Group rows: two blanks before the name, as the TSV's rows
		# with an empty second field; their functions have four.
		g=$("$bin" --auto=no --show=Ir --show-percs=no "$@" "$prof" |
		    awk '/^-+$/ { d++; next } d >= 6 && /^ *[0-9,.-]+  [^ ]/' |
		    wc -l)
		tg=$("$bin" --format=tsv --show=Ir "$@" "$prof" 2>/dev/null |
		    awk -F'\t' 'NR > 1 && $2 == ""' | wc -l)
		[ "$g" = "$tg" ] && [ "$g" -gt 0 ]
		result $? "$prof $*: $g group rows in the text, $tg in TSV"
	done
done
# --hide leaves its functions out of the callers and callees of --tree and
# of the rows of --calls too; only the header names it.
p=testdata/sortprog-cachesim.callgrind
n=$("$bin" --auto=no --tree=both --hide='^cmp_int$' "$p" | grep -c cmp_int)
[ "$n" = 1 ] && [ "$("$bin" --auto=no --tree=both "$p" | grep -c cmp_int)" -gt 1 ]
result $? "--hide with --tree: cmp_int on $n lines"
! "$bin" --format=tsv --calls --hide='^cmp_int$' "$p" | grep -q cmp_int
result $? "--hide with --calls: a row of cmp_int"
finish
