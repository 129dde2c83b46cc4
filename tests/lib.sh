# lib.sh: the prologue and the helpers of the test scripts.  A script of
# tests/KIND/ begins with
#	# shellcheck source=tests/lib.sh
#	. "$(dirname "$0")/../lib.sh"
# (the comment tells shellcheck -x, run from the top, what it sources)
# and ends with finish.  Sourced, this sets -u, goes to the repository's
# top directory (where the scripts' paths start, a binary given as
# ./cgannotate included), makes $tmp, a directory removed when the script
# exits, and starts the counts of checks: $passed, $failed, $skipped.
set -u
cd "$(dirname "$0")/../.." || exit 1
tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM
passed=0
failed=0
skipped=0

# result STATUS MESSAGE: counts a check, printing MESSAGE if it failed.
result() {
	if [ "$1" = 0 ]; then
		passed=$((passed + 1))
	else
		failed=$((failed + 1))
		echo "FAIL $2"
	fi
}

# ok: a check passed.  fail MESSAGE: one failed, MESSAGE printed.
ok() {
	passed=$((passed + 1))
}

fail() {
	echo "FAIL $*"
	failed=$((failed + 1))
}

# finish: the script's count, the line make check adds up, "NAME: P
# passed, F failed" (and "NAME: K skipped" when it skipped any), NAME
# the script's; its exit status 1 if any check failed.
finish() {
	echo "$(basename "$0" .sh): $passed passed, $failed failed"
	[ "$skipped" = 0 ] || echo "$(basename "$0" .sh): $skipped skipped"
	[ "$failed" = 0 ]
}

# rows REPORT: the function rows of a --threshold=100 --auto=no report of
# one event, as "file:function<TAB>count", sorted (objects left out: one
# profile may name a function's object where another does not).
rows() {
	awk '/ file:function$/ { getline; on = 1; next }
	    on && NF >= 2 { c = $1; gsub(",", "", c); if (c == ".") c = 0
		sub(/^ *-?[0-9,.]+ (\( *-?[0-9.]+%\))? +/, "")
		sub(/ \[[^]]*\]$/, "")
		print $0 "\t" c }' "$1" | sort
}

# sum_rows FILE: rows of several reports added up by function, without
# the functions that cost nothing (a report shows them as "." or 0).
sum_rows() {
	awk -F'\t' '{ s[$1] += $2 } END { for (f in s) if (s[f]) print f "\t" s[f] }' \
	    "$1" | sort
}

# total REPORT: its PROGRAM TOTALS figure, without commas.
total() {
	awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }' "$1"
}

# With CGA_PLAIN set (make check sets it for the scripts it runs again on
# the ASan build, when it runs them on the plain build too): the plain
# build of the same tree, whose own run of the script checks its output
# with the checkers (jq, Python, callgrind_annotate, a browser).  Such a
# script, under the sanitizers, runs the sanitized build where it would
# run it for a checker, and compares what it prints with what the plain
# build prints (twin) rather than have the checker judge the same bytes
# again: the sanitizers watch the same runs, at a fraction of the time.
plain=${CGA_PLAIN:-}
case $plain in
'' | /*) ;;
*) plain=$(pwd)/$plain ;;
esac

# twin ARGS...: $bin and the plain build, run with ARGS, print the same
# standard output and error and exit with the same status; what differs
# is printed.
twin() {
	"$bin" "$@" >"$tmp/twin.o1" 2>"$tmp/twin.e1" </dev/null
	t1=$?
	"$plain" "$@" >"$tmp/twin.o2" 2>"$tmp/twin.e2" </dev/null
	t2=$?
	[ "$t1" = "$t2" ] && cmp -s "$tmp/twin.o1" "$tmp/twin.o2" &&
	    cmp -s "$tmp/twin.e1" "$tmp/twin.e2" && return 0
	echo "$bin $*: exit status $t1, the plain build's $t2; differences:"
	diff "$tmp/twin.o1" "$tmp/twin.o2" | head -5
	diff "$tmp/twin.e1" "$tmp/twin.e2" | head -5
	return 1
}
