#!/bin/sh
# gate.sh CGANNOTATE: --diff OLD NEW --fail-above and --fail-above-function
# on two real runs of one program on inputs of different size
# (testdata/wordfreq-gate-small and -large) and on the hand-made edge cases
# of testdata/hand/gate-{old,new}: below, at and above each limit, in
# counts and in percent, several events, exit statuses 0 and 3, and each
# verdict line, against figures recomputed here with awk from the
# profiles' summary: lines (totals) and cost lines (functions).  The golden
# tests gate-* hold the same verdicts: they are checked here too.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1

S=testdata/wordfreq-gate-small.callgrind
L=testdata/wordfreq-gate-large.callgrind
HO=testdata/hand/gate-old.callgrind
HN=testdata/hand/gate-new.callgrind

# Shared awk: commas, signed counts, and a limit "N" or "N%" compared
# exactly, in integers scaled by its decimals.
AWKLIB='
function commas(v,   s, neg, out) {
	neg = v < 0; s = sprintf("%d", neg ? -v : v); out = ""
	while (length(s) > 3) {
		out = "," substr(s, length(s) - 2) out
		s = substr(s, 1, length(s) - 3)
	}
	return (neg ? "-" : "") s out
}
function signed(v) { return (v >= 0 ? "+" : "") commas(v) }
# exceeds(change, old, limit): the limit exceeded?
function exceeds(c, o, lim,   pc, n, d, num, scale, i) {
	pc = lim ~ /%$/; sub(/%$/, "", lim)
	if (c <= 0) return 0
	if (!pc) return c > lim + 0
	if (o <= 0) return 1
	n = split(lim, d, "."); num = d[1] + 0; scale = 1
	if (n > 1) for (i = 1; i <= length(d[2]); i++) {
		scale *= 10; num = num * 10 + substr(d[2], i, 1)
	}
	return c * 100 * scale > num * o
}
function limtext(lim,   pc) {
	pc = lim ~ /%$/; sub(/%$/, "", lim)
	return pc ? lim " %" : commas(lim + 0)
}
function perc(c, o, of) {
	return o > 0 ? sprintf("%+.2f %%%s", c * 100 / o, of) : \
	    "no percentage of a total of 0"
}
function verdict(ev, where, c, o, n, base, lim, fn,   p, lead, tail) {
	p = perc(c, base, where != "" ? " of the total" : "")
	if (lim ~ /%$/ && base > 0) { lead = p; tail = signed(c) }
	else { lead = signed(c); tail = p }
	return "cgannotate: " ev where " " lead " (" fn commas(o) " -> " \
	    commas(n) ", " tail "), " (exceeds(c, base, lim) ? "exceeds" : \
	    "within") " " limtext(lim)
}
'

# summary FILE EVENT: the figure of EVENT on FILE's summary: line.
summary() {
	awk -v ev="$2" '/^events:/ { for (i = 2; i <= NF; i++)
		if ($i == ev) k = i }
	    /^summary:/ { print (k && $k != "" ? $k : 0) }' "$1"
}

# selfcost FILE EVENT: "file:function<TAB>exclusive count" of every
# function, from the cost lines: names compressed as (id), a cost line
# after calls= is the call's and not the function's, fi=/fe= put the
# following costs in a function of the same name in that file.
selfcost() {
	awk -v ev="$2" '
	function name(kind, v,   id) {
		if (v !~ /^\([0-9]+\)/) return v
		id = v; sub(/\).*/, "", id); sub(/^\(/, "", id)
		sub(/^\([0-9]+\) ?/, "", v)
		if (v != "") names[kind, id] = v
		return names[kind, id]
	}
	/^events:/ { for (i = 2; i <= NF; i++) if ($i == ev) k = i }
	/^fl=/ { cur = name("f", substr($0, 4)); next }
	/^f[ie]=/ { cur = name("f", substr($0, 4)); next }
	/^cf[il]=/ { name("f", substr($0, 5)); next }
	/^fn=/ { fn = name("n", substr($0, 4)); next }
	/^cfn=/ { name("n", substr($0, 5)); next }
	/^calls=/ { skip = 1; next }
	/^[0-9+*-]/ { if (skip) { skip = 0; next }
		if (k && $k != "") cost[cur ":" fn] += $k }
	END { for (f in cost) print f "\t" cost[f] }' "$1" | sort
}

# want_total OLD NEW EVENT LIMIT: the verdict line of --fail-above.
want_total() {
	awk -v o="$(summary "$1" "$3")" -v n="$(summary "$2" "$3")" \
	    -v ev="$3" -v lim="$4" "$AWKLIB"'
	BEGIN { print verdict(ev, "", n - o, o, n, o, lim, "") }'
}

# want_function OLD NEW EVENT LIMIT: that of --fail-above-function: the
# largest rise of a function's exclusive count, the first by name of
# equal ones.
want_function() {
	selfcost "$1" "$3" >"$tmp/old.self"
	selfcost "$2" "$3" >"$tmp/new.self"
	awk -F'\t' -v base="$(summary "$1" "$3")" -v ev="$3" -v lim="$4" \
	    "$AWKLIB"'
	FNR == NR { old[$1] = $2; next }
	{ new[$1] = $2 }
	END {
		for (f in old) if (!(f in new)) new[f] = 0
		for (f in new) {
			c = new[f] - old[f]
			if (c > 0 && (c > best || (c == best && f < worst))) {
				best = c; worst = f
			}
		}
		if (worst == "")
			print "cgannotate: " ev " in a function: no function " \
			    "rose, " (exceeds(0, base, lim) ? "exceeds" : "within") \
			    " " limtext(lim)
		else
			print verdict(ev, " in a function", best, old[worst] + 0,
			    new[worst], base, lim, worst ", ")
	}' "$tmp/old.self" "$tmp/new.self"
}

# gate NAME STATUS OLD NEW LIMITS...: cgannotate --diff OLD NEW with each
# limit (--fail-above=E:N, or -f E:N for --fail-above-function) exits with
# STATUS and prints the verdicts recomputed here, in order; when a golden
# test NAME exists, its expected standard error is the same.
gate() {
	name=$1 status=$2 old=$3 new=$4
	shift 4
	: >"$tmp/want"
	args=
	for l in "$@"; do
		case $l in
		-f*) l=${l#-f}
			want_function "$old" "$new" "${l%:*}" "${l##*:}" \
			    >>"$tmp/want"
			args="$args --fail-above-function=$l" ;;
		*) want_total "$old" "$new" "${l%:*}" "${l##*:}" >>"$tmp/want"
			args="$args --fail-above=$l" ;;
		esac
	done
	# shellcheck disable=SC2086
	"$bin" --auto=no --threshold=0 $args --diff "$old" "$new" \
	    >/dev/null 2>"$tmp/err"
	got=$?
	[ "$got" = "$status" ]
	result $? "$name: exit status $got, want $status"
	diff -u "$tmp/want" "$tmp/err" >"$tmp/d"
	result $? "$name: verdicts differ: $(cat "$tmp/d")"
	if [ -f "tests/golden/$name.err" ]; then
		diff -u "$tmp/want" "tests/golden/$name.err" >"$tmp/d"
		result $? "$name: golden verdicts differ: $(cat "$tmp/d")"
		[ "$(cat "tests/golden/$name.status" 2>/dev/null || echo 0)" = \
		    "$status" ]
		result $? "$name: golden status"
		# Its report: the header and NEW - OLD of the totals.
		want=$(($(summary "$new" Ir) - $(summary "$old" Ir)))
		[ "$(total "tests/golden/$name.out")" = "$want" ]
		result $? "$name: golden total $(total "tests/golden/$name.out"), want $want"
	fi
}

# The figures this test works from are the profiles' own.
[ "$(summary $S Ir)" = 96400 ] && [ "$(summary $L Ir)" = 125288 ]
result $? "summary: lines read: $(summary $S Ir) $(summary $L Ir)"
selfcost $L Ir | awk -F'\t' '{ s += $2 } END { exit s != 125288 }'
result $? "selfcost: the functions of $L add up to its total"

# Totals, in percent: Ir rose by 28,888 of 96,400, 29.966804979... %.
gate gate-percent-within 0 $S $L Ir:30%
gate gate-percent-above 3 $S $L Ir:29.5%
gate gate-percent-6-decimals 3 $S $L Ir:29.966804% Ir:29.966805%
# In counts: at the limit is within it.
gate gate-count-at 0 $S $L Ir:28888
gate gate-count-above 3 $S $L Ir:28887
# Several events, one of them above.
gate gate-several-events 3 $S $L Ir:31% Dr:31% Dw:31% I1mr:1% D1mw:21
gate gate-several-within 0 $S $L Ir:31% Dr:9182 I1mr:1% D1mr:5.2%
# Falls are within any limit.
gate gate-falls 0 $L $S Ir:0% Dr:0 I1mr:0%
# Per function: wordfreq.c:main rose by 9,637, 9.9969 % of OLD's total.
gate gate-function-within 0 $S $L -fIr:10% -fD1mw:22
gate gate-function-above 3 $S $L -fIr:9.99% -fD1mw:21
gate gate-function-falls 0 $L $S -fIr:0% -fDr:0
gate gate-function-and-total 3 $S $L Ir:31% -fIr:5%
# By hand: exactly 1 % and 2 %, rises from 0, and 0 to 0.
gate gate-hand-at-percent 3 $HO $HN Ir:1% Ir:0.999999% -fIr:2% \
    -fIr:1.999999%
gate gate-hand-from-zero 3 $HO $HN Dr:1000% Dr:5 Dw:0% -fDr:50% -fDw:0%

# Every format: the same verdicts, the same status.
for f in text tsv json dot; do
	"$bin" --format=$f --fail-above=Ir:29.5% --diff $S $L >/dev/null \
	    2>"$tmp/err"
	[ $? = 3 ] && want_total $S $L Ir 29.5% | cmp -s - "$tmp/err"
	result $? "--format=$f: status 3 and the verdict"
done
# JSON carries the verdicts as numbers.
if command -v jq >/dev/null; then
	"$bin" --format=json --auto=no --fail-above=Ir:29.5% \
	    --fail-above-function=Ir:9.99%,D1mw:21 --diff $S $L >"$tmp/json" \
	    2>/dev/null
	jq -e --argjson o "$(summary $S Ir)" --argjson n "$(summary $L Ir)" \
	    '.gate.exceeded == true and (.gate.verdicts | length) == 3 and
	    .gate.verdicts[0].old == $o and .gate.verdicts[0].new == $n and
	    .gate.verdicts[0].change == $n - $o and .gate.verdicts[0].exceeded and
	    .gate.verdicts[0].limit == 29.5 and .gate.verdicts[0].unit == "percent" and
	    .gate.verdicts[0].of == "total" and .gate.verdicts[0].function == null and
	    (.gate.verdicts[0].percent - ($n - $o) * 100 / $o | fabs) < 0.000001 and
	    .gate.verdicts[1].function.name == "main" and
	    .gate.verdicts[1].function.file == "./testdata/src/wordfreq.c" and
	    .gate.verdicts[1].old_total == $o and
	    .gate.verdicts[2].limit == 21 and .gate.verdicts[2].unit == "count" and
	    .gate.verdicts[2].function.name == "_int_malloc"' "$tmp/json" \
	    >/dev/null
	result $? "JSON: the gate member"
	"$bin" --format=json --auto=no --fail-above=Ir:30% --diff $S $L \
	    2>/dev/null | jq -e '.gate.exceeded == false and
	    .gate.verdicts[0].exceeded == false' >/dev/null
	result $? "JSON: no limit exceeded"
	"$bin" --format=json --auto=no --diff $S $L | jq -e 'has("gate") | not' \
	    >/dev/null
	result $? "JSON: no gate member without a gate"
fi
# --list-parts prints the profiles as loaded: the gate still holds.
"$bin" --list-parts --fail-above=Ir:29.5% --fail-above-function=Ir:9.99% \
    --diff $S $L >/dev/null 2>"$tmp/err"
[ $? = 3 ] && { want_total $S $L Ir 29.5%; want_function $S $L Ir 9.99%; } |
    cmp -s - "$tmp/err"
result $? "--list-parts: status 3 and the verdicts: $(cat "$tmp/err")"

# Several NEW profiles are summed: NEW and a copy of it (NEW named twice
# is read once) are 2 x 125,288 = 250,576.
cp $L "$tmp/copy.callgrind"
"$bin" --auto=no --fail-above=Ir:159.9% --diff $S $L "$tmp/copy.callgrind" \
    >/dev/null 2>"$tmp/err"
[ $? = 3 ] && grep -qx 'cgannotate: Ir +159.93 % (96,400 -> 250,576, +154,176), exceeds 159.9 %' "$tmp/err"
result $? "two NEW profiles summed: $(cat "$tmp/err")"

# --mod-funcname: names rewritten before they are compared; main and
# strdup merged as one "x" rise by 9,637 + 140 (their rises, from above).
"$bin" --auto=no --mod-filename='s/.*//' --mod-funcname='s/^(main|strdup)$/x/' \
    --fail-above-function=Ir:0 --diff $S $L >/dev/null 2>"$tmp/err"
m=$(selfcost $L Ir | awk -F'\t' '$1 ~ /:(main|strdup)$/ { s += $2 } END { print s }')
o=$(selfcost $S Ir | awk -F'\t' '$1 ~ /:(main|strdup)$/ { s += $2 } END { print s }')
grep -q "^cgannotate: Ir in a function +[0-9,]* (:x, $(echo "$o" | awk "$AWKLIB"'{ print commas($1) }') -> $(echo "$m" | awk "$AWKLIB"'{ print commas($1) }')," "$tmp/err"
result $? "--mod-funcname merges before the gate: $o -> $m: $(cat "$tmp/err")"

# Usage errors: exit 2, nothing on standard output.
usage() {
	"$bin" "$@" >"$tmp/out" 2>"$tmp/err"
	[ $? = 2 ] && [ ! -s "$tmp/out" ]
	result $? "usage error: $*: $(head -1 "$tmp/err")"
}
usage --fail-above=Ir:1% $L
usage --fail-above=Zz:1% --diff $S $L
usage --fail-above-function=Ir:-1% --diff $S $L
usage --fail-above=Ir:one --diff $S $L
grep -q "^cgannotate: --fail-above: expected a number: 'Ir:one'$" "$tmp/err"
result $? "the message names the limit"

finish
