#!/bin/sh
# limits.sh CGANNOTATE: inputs too large to keep in the repository, made
# here: a 10 MB line, a file that opens but cannot be read, memory that
# follows a profile's content rather than its length, a million functions.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1

# expect NAME STATUS STDERR-PATTERN CMD...: the exit status, and one stderr
# line matching the pattern (grep -E), or an empty stderr for ''.
expect() {
	name=$1 want=$2 pattern=$3
	shift 3
	"$@" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if [ "$status" != "$want" ]; then
		fail "$name: exit status $status, expected $want"
		head -3 "$tmp/err"
		return
	fi
	if [ -z "$pattern" ]; then
		[ -s "$tmp/err" ] && { fail "$name: stderr: $(head -1 "$tmp/err")"; return; }
	elif [ "$(wc -l <"$tmp/err")" != 1 ] || ! grep -Eq "$pattern" "$tmp/err"; then
		fail "$name: stderr not /$pattern/: $(head -c 300 "$tmp/err")"
		return
	fi
	if [ "$want" != 0 ] && [ -s "$tmp/out" ]; then
		fail "$name: output on standard output after an error"
		return
	fi
	ok
}

# A comment line of 10 MB is skipped.
{
	echo 'events: Ir'
	printf '#'
	head -c 10485760 /dev/zero | tr '\0' x
	printf '\nfn=main\n1 5\n'
} >"$tmp/long-comment.out"
expect long-comment 0 '' "$bin" --auto=no "$tmp/long-comment.out"
grep -q '^5 (100.0%)  ???:main' "$tmp/out" || fail "long-comment: report"

# 20,000 events times 20,000 functions in 1 MB: a dense model would take
# 6 GB, but only the pages written take memory: it loads in far less.
python3 tests/tools/gen-hostile.py wide 20000 "$tmp/wide.out"
expect wide 0 '' "$bin" --auto=no --show=E0 --sort=E0 "$tmp/wide.out"
grep -q '^20,000 (100.0%)  PROGRAM TOTALS' "$tmp/out" || fail "wide: total"
if command -v /usr/bin/time >/dev/null; then
	/usr/bin/time -f %M -o "$tmp/kb" "$bin" --auto=no --show=E0 \
	    --sort=E0 "$tmp/wide.out" >/dev/null 2>&1
	kb=$(tail -1 "$tmp/kb")
	[ "$kb" -lt 600000 ] && ok || fail "wide: peak memory $kb KB"
fi

# Twenty times the functions, each in a file of its own: too costly even
# so; the load stops at its limit, naming the line, in bounded memory.
python3 tests/tools/gen-hostile.py costly 20000 "$tmp/costly.out"
expect costly 1 '^cgannotate: .*/costly.out:[0-9]+: profile too costly to hold: 20000 events .*\(1 GiB plus 16 bytes for each byte read\)$' \
    "$bin" --auto=no "$tmp/costly.out"
if command -v /usr/bin/time >/dev/null; then
	/usr/bin/time -f %M -o "$tmp/kb" "$bin" --auto=no "$tmp/costly.out" \
	    >/dev/null 2>&1
	kb=$(tail -1 "$tmp/kb")
	[ "$kb" -lt 1500000 ] && ok || fail "costly: peak memory $kb KB"
fi
gzip -c "$tmp/costly.out" >"$tmp/costly.out.gz"
expect costly-gzip 1 'costly.out.gz:[0-9]+: profile too costly to hold' \
    "$bin" --auto=no "$tmp/costly.out.gz"

# A cost line of 10 MB is an error quoting 60 bytes of it.
{
	printf 'events: Ir\nfn=main\n1'
	awk 'BEGIN { for (i = 0; i < 1048576; i++) printf " 9999999999"; print "" }'
} >"$tmp/long-cost.out"
expect long-cost 1 \
    "long-cost.out:3: more counts than events: '1( 9999999999){5} 999'\\.\\.\\.$" \
    "$bin" --auto=no "$tmp/long-cost.out"

# A file name of 10 MB loads and is printed whole.
{
	printf 'events: Ir\nfl='
	head -c 10485760 /dev/zero | tr '\0' f
	printf '\nfn=main\n1 5\n'
} >"$tmp/long-name.out"
expect long-name 0 '' "$bin" --auto=no "$tmp/long-name.out"
[ "$(grep -c 'fffff:main$' "$tmp/out")" = 1 ] && [ "$(wc -c <"$tmp/out")" -gt 10485760 ] ||
    fail "long-name: report"

# A file that opens but cannot be read, even by root.
if [ -r /proc/self/mem ]; then
	expect unreadable 1 '^cgannotate: /proc/self/mem: read error: ' \
	    "$bin" /proc/self/mem
fi

# Memory follows content: 10 million cost lines on one line of one
# function take no more memory than ten (within 2 MB), and so do the line
# costs kept for annotation.
# GNU time (the Debian package time), found by env on the PATH rather than
# the shell's own time; without it the test fails rather than vanish.
peak() {	# peak resident KB of a run
	env time -f '%M' -o "$tmp/rss" "$@" >/dev/null 2>&1
	cat "$tmp/rss"
}
if ! env time -f '%M' -o "$tmp/rss" true 2>/dev/null; then
	fail "memory: no GNU time to measure it (apt-get install time)"
else
	awk 'BEGIN { print "events: Ir"; print "fl=a.c"; print "fn=main";
		for (i = 0; i < 10; i++) print "5 1" }' >"$tmp/ten.out"
	awk 'BEGIN { print "events: Ir"; print "fl=a.c"; print "fn=main";
		print "5 1"; for (i = 1; i < 10000000; i++) print "* 1" }' \
	    >"$tmp/tenmillion.out"
	small=$(peak "$bin" "$tmp/ten.out")
	big=$(peak "$bin" "$tmp/tenmillion.out")
	if [ "$big" -le $((small + 2048)) ]; then ok; else
		fail "memory: 10 lines $small KB, 10 million lines $big KB"
	fi
	"$bin" --auto=no "$tmp/tenmillion.out" | grep -q '^10,000,000 (100.0%)  a.c:main' ||
	    fail "tenmillion: report"
fi

# Jumps whose merged count passes 64 bits, among thousands, finished on a
# thread of their own beside the inclusive costs: the message is said
# once, the exit status is 1, and nothing is printed.
awk 'BEGIN { print "positions: line"; print "events: Ir"; print "fl=a.c"
	print "fn=f"
	for (i = 1; i <= 5000; i++)
		printf "%d 1\njump=1 %d\n%d 0\n", i, i + 1, i
	for (k = 0; k < 2; k++)
		print "7 1\njump=9223372036854775808 9\n7 0" }' >"$tmp/jumps.out"
for f in json; do
	expect "jumps-overflow-$f" 1 '^cgannotate: .*/jumps.out: a sum of instruction costs or jump counts does not fit in 64 bits$' \
	    "$bin" --format=$f --inclusive=yes "$tmp/jumps.out"
done

# A call said to cost 2^64 - 1, more than the program: with its caller's
# own 10 its sum passes 64 bits.  Figures worked out by hand: main's
# inclusive cost is held at the total, 30, as for a call of a little
# less, with the same warning; --check names the call's line, 8.
for c in 18446744073709551615 18446744073709551000; do
	printf '%s\n' '# callgrind format' 'events: Ir' 'fl=(1) a.c' \
	    'fn=(1) main' '1 10' 'cfn=(2) f' 'calls=1 5' "1 $c" 'fn=(2)' \
	    '5 20' >"$tmp/callmax.out"
	for f in text json; do
		expect "call-above-64-bits-$c-$f" 0 'warning: the profile.s call costs add up to more than its total' \
		    "$bin" --format=$f --inclusive=yes --auto=no "$tmp/callmax.out"
		case $f in
		text)	grep -q '^30 (100.0%)  a.c:main$' "$tmp/out" ;;
		json)	[ "$(jq -c '[.functions[] | [.name, .inclusive.Ir]]' \
			    "$tmp/out")" = '[["main",30],["f",20]]' ] ;;
		esac || fail "call-above-64-bits-$c-$f: main not held at 30"
	done
	"$bin" --check "$tmp/callmax.out" >"$tmp/out" 2>"$tmp/err"
	status=$?
	if [ $status = 1 ] && grep -q 'callmax.out:8: calls from a.c:main to a.c:f cost more than the program total' "$tmp/err" &&
	    grep -q '1 error' "$tmp/out"; then
		ok
	else
		fail "call-above-64-bits-$c-check: status $status, $(head -c 200 "$tmp/err")"
	fi
done

# Exclusive costs whose sum passes 64 bits (two parts of 2^63, each with
# a summary: of 1) make the ceiling of inclusive costs: an error, and
# nothing printed, not a saturated sum.
for f in text json; do
	"$bin" --format=$f --inclusive=yes --auto=no \
	    testdata/hand/bad-annotate-overflow.callgrind >"$tmp/out" \
	    2>"$tmp/err"
	status=$?
	[ $status = 1 ] && [ ! -s "$tmp/out" ] &&
	    [ "$(tail -1 "$tmp/err")" = "cgannotate: testdata/hand/bad-annotate-overflow.callgrind: an inclusive cost does not fit in 64 bits" ]
	result $? "exclusive costs past 64 bits, --inclusive=yes ($f): status $status, $(tail -1 "$tmp/err")"
done

# An event only call costs give (Dr: no cost line of a function's own,
# no summary:) has no ceiling: two calls of 2^63 Dr from main pass 64
# bits, an error, never a saturated figure printed.
printf '%s\n' 'events: Ir Dr' 'fl=a.c' 'fn=main' '1 10' 'cfn=f' 'calls=1 5' \
    '1 5 9223372036854775808' 'cfn=g' 'calls=1 6' '1 5 9223372036854775808' \
    'fn=f' '5 20' 'fn=g' '6 20' >"$tmp/nodr.out"
for f in text json; do
	expect "call-costs-only-event-$f" 1 'nodr.out: an inclusive cost does not fit in 64 bits$' \
	    "$bin" --format=$f --inclusive=yes --auto=no "$tmp/nodr.out"
done

# A million distinct functions load, each listed with --threshold=100.
awk 'BEGIN { print "events: Ir";
	for (i = 0; i < 1000000; i++)
		printf "fl=(%d) f%d.c\nfn=(%d) fn%d\n%d 1\n", i, i, i, i, i % 1000 + 1 }' \
    >"$tmp/million.out"
expect million-functions 0 '' "$bin" --auto=no --threshold=100 "$tmp/million.out"
[ "$(grep -c ' ( 0.00%)  f[0-9]*\.c:fn[0-9]*$' "$tmp/out")" = 1000000 ] ||
    fail "million-functions: not every function listed"

finish
