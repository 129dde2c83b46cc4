#!/bin/sh
# terminal.sh CGANNOTATE: colour on a terminal only (--color, NO_COLOR),
# a closed pipe ends the report quietly, a full disk is an error whatever
# was written, and a big profile shows progress on a terminal; script(1)
# gives the terminal.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1
esc=$(printf '\033')
p=testdata/recur-plain.callgrind

# on_tty CMD: runs CMD (a string) on a terminal, its output in $tmp/tty.
on_tty() {
	script -qec "$1" /dev/null >"$tmp/tty" 2>&1 </dev/null
}

if command -v script >/dev/null 2>&1; then
	on_tty "$bin --auto=no $p"
	grep -q "$esc\[1;31m17,654 (67.42%)$esc\[0m" "$tmp/tty"
	result $? "colour on a terminal"
	on_tty "NO_COLOR=1 $bin --auto=no $p"
	! grep -q "$esc\[" "$tmp/tty"
	result $? "NO_COLOR on a terminal"
	on_tty "$bin --color=never --auto=no $p"
	! grep -q "$esc\[" "$tmp/tty"
	result $? "--color=never on a terminal"
	# Progress on a terminal for a profile of 64 MB and more, wiped after.
	awk 'BEGIN { print "events: Ir"; print "fl=a.c"; print "fn=main";
		for (i = 0; i < 3000000; i++) { print "* 1"; print "# padding to grow the file" } }' \
	    >"$tmp/big.out"
	on_tty "$bin --auto=no $tmp/big.out >/dev/null"
	grep -q "cgannotate: reading $tmp/big.out: 100%" "$tmp/tty" &&
	    grep -q "$esc\[K" "$tmp/tty"
	result $? "progress on a terminal: $(tr '\r' '\n' <"$tmp/tty" | tail -2 | head -1)"
	"$bin" --auto=no "$tmp/big.out" >/dev/null 2>"$tmp/err"
	[ ! -s "$tmp/err" ]
	result $? "no progress off a terminal: $(head -c 80 "$tmp/err")"
fi
"$bin" --auto=no $p | grep -q "$esc\[" && r=1 || r=0
result $r "no colour into a pipe"
"$bin" --color=always --auto=no $p | grep -q "$esc\[1;31m"
result $? "--color=always into a pipe"

# A reader that stops early: no message, status 0, stops at once.
{ "$bin" --threshold=100 --tree=both testdata/sort-full.callgrind; echo $? >"$tmp/st"; } \
    2>"$tmp/err" | head -1 >/dev/null
[ "$(cat "$tmp/st")" = 0 ] && [ ! -s "$tmp/err" ]
result $? "closed pipe: status $(cat "$tmp/st"), stderr $(head -c 80 "$tmp/err")"
{ "$bin" --format=tsv --lines testdata/sort-full.callgrind; echo $? >"$tmp/st"; } \
    2>"$tmp/err" | head -1 >/dev/null
[ "$(cat "$tmp/st")" = 0 ] && [ ! -s "$tmp/err" ]
result $? "closed pipe (tsv): status $(cat "$tmp/st"), stderr $(head -c 80 "$tmp/err")"

{ "$bin" --help; echo $? >"$tmp/st"; } 2>"$tmp/err" | head -1 >/dev/null
[ "$(cat "$tmp/st")" = 0 ] && [ ! -s "$tmp/err" ]
result $? "closed pipe (--help): status $(cat "$tmp/st"), stderr $(head -c 80 "$tmp/err")"

# A full disk: whatever was written, status 1 and the reason, once.
if [ -w /dev/full ]; then
	for args in --help --version "--check $p" "--list-parts $p" \
	    "--diff $p $p" "--asm=yes $p" "--format=text $p" \
	    "--format=tsv $p" "--format=tsv --calls $p" \
	    "--format=tsv --lines $p" "--format=json $p" "--format=dot $p" \
	    "--format=markdown $p" "--format=callgrind $p" \
	    "--format=folded $p" "--format=speedscope $p" \
	    "--format=html $p"; do
		# shellcheck disable=SC2086
		"$bin" $args >/dev/full 2>"$tmp/err"
		st=$?
		[ "$st" = 1 ] && [ "$(cat "$tmp/err")" = \
		    "cgannotate: standard output: No space left on device" ]
		result $? "$args >/dev/full: status $st, stderr $(head -c 80 "$tmp/err")"
	done
fi

finish
