#!/bin/sh
# reader.sh CGANNOTATE: the fast reader of cost and jump lines (lines in
# valgrind's own form, parsed in place from the input buffer) and the
# general reader agree.  Each real profile is read as valgrind wrote it
# (fast) and rewritten with tabs between fields and CRLF line ends, forms
# only the general reader takes; the reports must be the same byte for
# byte.  On numbers of every length around 8, 16 and 20 digits, where
# some do not fit, the two must give the same reports, exit status and
# messages (but for the text quoted, whose blanks differ).  Thirty copies
# of a profile in one file (thirty parts, 3.5 MB)
# put the input's block boundaries at many places within lines, and must
# report thirty times the costs of one.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
# Runs happen in other directories: the binary by its absolute path.
bin=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mkdir "$tmp/fast" "$tmp/slow"

# slow_form FILE: tabs between the fields of cost, jump and call lines,
# and CRLF line ends.
slow_form() {
	awk '/^([0-9+*-]|jump=|jcnd=|calls=)/ { gsub(/ /, "\t") }
	    { printf "%s\r\n", $0 }' "$1"
}

# same NAME ARGS...: the report on fast/NAME and on slow/NAME agree.
same() {
	name=$1
	shift
	(cd "$tmp/fast" && "$bin" "$@" "$name") >"$tmp/fast.out" 2>&1
	fs=$?
	(cd "$tmp/slow" && "$bin" "$@" "$name") >"$tmp/slow.out" 2>&1
	ss=$?
	cmp -s "$tmp/fast.out" "$tmp/slow.out" && [ "$fs" = 0 ] && [ "$ss" = 0 ]
	result $? "$name $*: fast and general readers disagree (exit $fs, $ss)"
	[ "$fs" = 0 ] || head -3 "$tmp/fast.out"
	cmp -s "$tmp/fast.out" "$tmp/slow.out" ||
	    diff "$tmp/fast.out" "$tmp/slow.out" | head -5
}

# agree NAME ARGS...: fast/NAME and slow/NAME give the same output and exit
# status, whether or not it is 0; a message's quoted text left out.
agree() {
	name=$1
	shift
	(cd "$tmp/fast" && "$bin" "$@" "$name") >"$tmp/fast.raw" 2>&1
	fs=$?
	(cd "$tmp/slow" && "$bin" "$@" "$name") >"$tmp/slow.raw" 2>&1
	ss=$?
	sed "s/: '.*'\$//" "$tmp/fast.raw" >"$tmp/fast.out"
	sed "s/: '.*'\$//" "$tmp/slow.raw" >"$tmp/slow.out"
	cmp -s "$tmp/fast.out" "$tmp/slow.out" && [ "$fs" = "$ss" ]
	result $? "$name $*: fast and general readers disagree (exit $fs, $ss)"
	cmp -s "$tmp/fast.out" "$tmp/slow.out" ||
	    diff "$tmp/fast.out" "$tmp/slow.out" | head -5
}

# Numbers of 1 to 21 digits, with leading zeros, the largest that fits
# and the least that does not, as positions and as counts, relative and
# absolute: one profile each, as a cost line's number may end the load.
numbers="0 7 99999999 100000000 123456789 0000000012345678 9999999999999999
    10000000000000000 12345678901234567 1844674407370955161
    18446744073709551615 18446744073709551616 99999999999999999999
    000000000000000000001 00000000000000000000018446744073709551615
    184467440737095516150"
i=0
for n in $numbers; do
	i=$((i + 1))
	{
		printf 'events: A B\nfl=a.c\nfn=f\n'
		printf '%s 1 2\n+%s 3\n-0 %s %s\n* %s\n' "$n" "$n" "$n" "$n" "$n"
		printf '%s 1\n+1 %s\n' "$n" "$n"
	} >"$tmp/fast/n$i.callgrind"
	slow_form "$tmp/fast/n$i.callgrind" >"$tmp/slow/n$i.callgrind"
	agree "n$i.callgrind" --auto=no
	agree "n$i.callgrind" --format=tsv --lines
done

# Cachegrind's files too, and profiles with negative counts (cg_diff's, and
# one with calls), which the block loop reads signed.
for p in testdata/*.callgrind testdata/*.cachegrind \
    testdata/hand/negative-calls.callgrind; do
	n=$(basename "$p")
	cp "$p" "$tmp/fast/$n"
	slow_form "$p" >"$tmp/slow/$n"
	same "$n" --auto=no --threshold=100
	same "$n" --auto=no --inclusive=yes --tree=both
	same "$n" --format=tsv --lines
done

# Thirty parts in one file.
seed=testdata/sort-full.callgrind
i=0
while [ "$i" -lt 30 ]; do
	cat "$seed"
	i=$((i + 1))
done >"$tmp/fast/thirty.callgrind"
slow_form "$tmp/fast/thirty.callgrind" >"$tmp/slow/thirty.callgrind"
[ "$(wc -c <"$tmp/fast/thirty.callgrind")" -gt 3000000 ]
result $? "thirty: the file should span several input blocks"
same thirty.callgrind --auto=no --threshold=100
same thirty.callgrind --auto=no --inclusive=yes --tree=both

"$bin" --auto=no --threshold=100 "$seed" >"$tmp/one.out" &&
    rows "$tmp/one.out" >"$tmp/one.rows" &&
    (cd "$tmp/fast" && "$bin" --auto=no --threshold=100 thirty.callgrind) \
    >"$tmp/thirty.out" && rows "$tmp/thirty.out" >"$tmp/thirty.rows"
result $? "thirty: cgannotate failed"
awk -F'\t' '{ print $1 "\t" $2 * 30 }' "$tmp/one.rows" |
    cmp -s - "$tmp/thirty.rows"
result $? "thirty: costs are not thirty times those of one copy"
one=$(total "$tmp/one.out")
thirty=$(total "$tmp/thirty.out")
[ -n "$one" ] && [ "$thirty" = $((one * 30)) ]
result $? "thirty: total $thirty, expected 30 x $one"

finish
