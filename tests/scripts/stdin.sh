#!/bin/sh
# stdin.sh CGANNOTATE: inputs that can be read only once (standard input
# as "-" or /dev/stdin, a FIFO, /dev/fd/N) are read once, whole: among
# several profiles, and with --diff, they give what the same profiles
# named as files give.  (The pre-scan of events once read a pipe's first
# 64 KB, and the load then read only the rest.)
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1
a=testdata/recur-plain.callgrind
b=testdata/recur2-plain.callgrind
big=testdata/sort-full.callgrind		# over 64 KB

# The report of the named files, without the header naming them.
body() { sed -n '/PROGRAM TOTALS/,$p' "$1"; }

"$bin" --auto=no --threshold=100 "$a" "$big" >"$tmp/named" 2>&1
for second in /dev/stdin - ; do
	"$bin" --auto=no --threshold=100 "$a" "$second" <"$big" \
	    >"$tmp/out" 2>&1
	result $? "[$a $second]: exit status"
	body "$tmp/named" >"$tmp/want"
	body "$tmp/out" | diff -u "$tmp/want" - >/dev/null
	result $? "[$a $second < $big]: not the report of the files named"
done

# A descriptor, as <(...) names it.
"$bin" --auto=no --threshold=100 "$a" /dev/fd/3 3<"$big" >"$tmp/out" 2>&1
result $? "[$a /dev/fd/3]: exit status"
body "$tmp/out" | diff -u "$tmp/want" - >/dev/null
result $? "[$a /dev/fd/3]: not the report of the files named"

mkfifo "$tmp/fifo"
cat "$big" >"$tmp/fifo" &
"$bin" --auto=no --threshold=100 "$a" "$tmp/fifo" >"$tmp/out" 2>&1
result $? "[$a FIFO]: exit status"
body "$tmp/out" | diff -u "$tmp/want" - >/dev/null
result $? "[$a FIFO]: not the report of the files named"
wait

# A profile minus itself through a FIFO: nothing changed.
cat "$big" >"$tmp/fifo" &
"$bin" --auto=no --diff "$tmp/fifo" "$big" >"$tmp/out" 2>&1
result $? "[--diff FIFO $big]: exit status"
wait
awk '/PROGRAM TOTALS/ { for (i = 1; i < NF - 1; i++) if ($i != "0") bad = 1 }
    END { exit bad }' "$tmp/out"
result $? "[--diff FIFO $big]: a change: $(grep 'PROGRAM TOTALS' "$tmp/out")"
cat "$big" >"$tmp/fifo" &
"$bin" --auto=no --diff "$big" /dev/stdin <"$tmp/fifo" >"$tmp/out" 2>&1
result $? "[--diff $big /dev/stdin]: exit status"
wait
awk '/PROGRAM TOTALS/ { for (i = 1; i < NF - 1; i++) if ($i != "0") bad = 1 }
    END { exit bad }' "$tmp/out"
result $? "[--diff $big /dev/stdin]: a change"
finish
