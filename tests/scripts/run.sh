#!/bin/sh
# run.sh CGANNOTATE: how users run cgannotate after valgrind.  In a scratch
# directory laid out as valgrind leaves it:
#   - --separate-threads=yes: an empty callgrind.out.PID beside its thread
#     files callgrind.out.PID-01, -02, -03 (the real thread files of
#     testdata/threads-septhreads-t*), and an older run's file;
#   - --dump-every-bb: callgrind.out.PID.1 (a dump) and callgrind.out.PID
#     (the last one; testdata/sortprog-everybb.callgrind*);
# `cgannotate` with no argument reads the newest run, all its files,
# summed, says which on standard error, and skips the empty one with a
# warning; its report is that of the same files named on the command line
# (but for the "Reading data from" line); `cgannotate callgrind.out.*`
# skips the empty file with a warning; an empty file alone is an error
# saying it is empty.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
top=$(pwd)

d=$tmp/threads
mkdir -p "$d"
cp testdata/recur-plain.callgrind "$d/callgrind.out.100"
touch -d '2020-01-01 00:00:00' "$d/callgrind.out.100"
for n in 1 2 3; do
	cp "testdata/threads-septhreads-t$n.callgrind" "$d/callgrind.out.4242-0$n"
done
: >"$d/callgrind.out.4242"
(cd "$d" && "$bin" --auto=no >"$tmp/out" 2>"$tmp/err")
result $? "threads: no argument: exit status"
printf '%s\n' "cgannotate: no profile named: reading the newest run here: callgrind.out.4242, callgrind.out.4242-01, callgrind.out.4242-02, callgrind.out.4242-03" \
    "cgannotate: callgrind.out.4242: warning: empty file, skipped" >"$tmp/want"
diff -u "$tmp/want" "$tmp/err" >/dev/null
result $? "threads: no argument: standard error: $(cat "$tmp/err")"
(cd "$d" && "$bin" --auto=no callgrind.out.4242-01 callgrind.out.4242-02 \
    callgrind.out.4242-03 >"$tmp/named" 2>&1)
result $? "threads: named: exit status"
{ echo "Reading data from 'callgrind.out.4242-01'..."; cat "$tmp/named"; } |
    diff -u - "$tmp/out" >/dev/null
result $? "threads: no argument: not the report of the thread files"
grep -q "^Profile data files 'callgrind.out.4242-01', 'callgrind.out.4242-02', 'callgrind.out.4242-03'" \
    "$tmp/out"
result $? "threads: no argument: the header names the thread files"

# callgrind.out.*: the empty file skipped with a warning, the older run read.
(cd "$d" && "$bin" --auto=no callgrind.out.* >"$tmp/out" 2>"$tmp/err")
result $? "threads: callgrind.out.*: exit status"
echo "cgannotate: callgrind.out.4242: warning: empty file, skipped" |
    diff -u - "$tmp/err" >/dev/null
result $? "threads: callgrind.out.*: standard error: $(cat "$tmp/err")"

# An empty file alone.
(cd "$d" && "$bin" callgrind.out.4242 >"$tmp/out" 2>"$tmp/err")
[ $? = 1 ] && [ ! -s "$tmp/out" ] &&
    echo "cgannotate: callgrind.out.4242: the file is empty: not a Callgrind or Cachegrind profile" |
    diff -u - "$tmp/err" >/dev/null
result $? "empty alone: $(cat "$tmp/err")"

# --dump-every-bb: the dumps and the last one, summed.
d=$tmp/dumps
mkdir -p "$d"
cp testdata/sortprog-everybb.callgrind.1 "$d/callgrind.out.77.1"
cp testdata/sortprog-everybb.callgrind "$d/callgrind.out.77"
(cd "$d" && "$bin" --auto=no --threshold=100 >"$tmp/out" 2>"$tmp/err")
result $? "dumps: no argument: exit status"
echo "cgannotate: no profile named: reading the newest run here: callgrind.out.77, callgrind.out.77.1" |
    diff -u - "$tmp/err" >/dev/null
result $? "dumps: standard error: $(cat "$tmp/err")"
"$bin" --auto=no --threshold=100 testdata/sortprog-everybb.callgrind \
    testdata/sortprog-everybb.callgrind.1 >"$tmp/named"
[ "$(total "$tmp/out")" = "$(total "$tmp/named")" ] &&
    [ -n "$(total "$tmp/out")" ]
result $? "dumps: total $(total "$tmp/out"), named $(total "$tmp/named")"

# Nothing here at all.
mkdir -p "$tmp/none"
(cd "$tmp/none" && "$bin" >"$tmp/out" 2>"$tmp/err")
[ $? = 2 ] && grep -q 'no profile named, and no callgrind.out' "$tmp/err"
result $? "none: $(cat "$tmp/err")"
cd "$top" || exit 1
finish
