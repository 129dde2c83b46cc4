#!/bin/sh
# profiles.sh CGANNOTATE: several profiles named together give the sum of
# their reports, function by function and total by total, combined by
# event name; a named file that is no profile is a source to annotate;
# a profile named twice is read once, with a warning.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1

# sums EVENT PROFILE...: the combined report equals the single ones added.
sums() {
	event=$1
	shift
	"$bin" --auto=no --threshold=100 --show="$event" "$@" >"$tmp/all" ||
	    { result 1 "$*: exit status"; return; }
	rows "$tmp/all" >"$tmp/all.rows"
	: >"$tmp/each.rows"
	want=0
	for p in "$@"; do
		if [ "$p" = - ]; then continue; fi
		"$bin" --auto=no --threshold=100 --show="$event" "$p" >"$tmp/one" 2>/dev/null ||
		    continue	# a profile without the event adds nothing
		rows "$tmp/one" >>"$tmp/each.rows"
		want=$((want + $(total "$tmp/one")))
	done
	[ "$(total "$tmp/all")" = "$want" ]
	result $? "$* ($event): total $(total "$tmp/all"), the profiles' $want"
	sum_rows "$tmp/all.rows" >"$tmp/a"
	sum_rows "$tmp/each.rows" >"$tmp/e"
	cmp -s "$tmp/a" "$tmp/e"
	result $? "$* ($event): functions differ: $(diff "$tmp/a" "$tmp/e" | head -4)"
}

# One file per thread (--separate-threads=yes), and a fork's two pids.
sums Ir testdata/threads-septhreads-t1.callgrind \
    testdata/threads-septhreads-t2.callgrind testdata/threads-septhreads-t3.callgrind
sums Ir testdata/forkprog-parent.callgrind testdata/forkprog-child.callgrind
# One file per dump (--dump-every-bb): the dumps add up to the run, and
# to the report of a run of the same program dumped once at its end.
sums Ir testdata/sortprog-everybb.callgrind.1 testdata/sortprog-everybb.callgrind
"$bin" --auto=no --threshold=100 --show=Ir testdata/sortprog-everybb.callgrind.1 \
    testdata/sortprog-everybb.callgrind >"$tmp/dumps"
"$bin" --auto=no --threshold=100 --show=Ir testdata/sortprog-plain.callgrind >"$tmp/once"
rows "$tmp/dumps" >"$tmp/d.rows"
rows "$tmp/once" >"$tmp/o.rows"
sum_rows "$tmp/d.rows" >"$tmp/d"
sum_rows "$tmp/o.rows" >"$tmp/o"
cmp -s "$tmp/d" "$tmp/o" && [ "$(total "$tmp/dumps")" = "$(total "$tmp/once")" ]
result $? "dumps of a run against the run dumped once: $(diff "$tmp/d" "$tmp/o" | head -4)"
"$bin" --auto=no --part=1 testdata/sortprog-everybb.callgrind.1 \
    testdata/sortprog-everybb.callgrind >"$tmp/p1"
[ "$(total "$tmp/p1")" = 665060 ]
result $? "--part=1 of two dump files: total $(total "$tmp/p1")"

# Different events: combined by name, an event missing from one counts 0.
sums Ir testdata/sortprog.cachegrind testdata/sortprog-plain.callgrind
sums D1mr testdata/sortprog.cachegrind testdata/sortprog-plain.callgrind
sums Bc testdata/recur-plain.callgrind testdata/recur-cache-branch.callgrind
# Compressed, and from standard input.
gzip -c testdata/forkprog-child.callgrind >"$tmp/child.gz"
sums Ir testdata/forkprog-parent.callgrind "$tmp/child.gz"
"$bin" --auto=no --threshold=100 --show=Ir testdata/forkprog-parent.callgrind - \
    <testdata/forkprog-child.callgrind >"$tmp/stdin"
"$bin" --auto=no --threshold=100 --show=Ir testdata/forkprog-parent.callgrind \
    testdata/forkprog-child.callgrind >"$tmp/files"
sed 1,3d "$tmp/stdin" | cmp -s - "$(sed 1,3d "$tmp/files" >"$tmp/f"; echo "$tmp/f")"
result $? "standard input as the second profile"

# The header names every profile.
grep -q "^Profile data files 'testdata/forkprog-parent.callgrind', 'testdata/forkprog-child.callgrind' (creator: " "$tmp/files"
result $? "header: $(sed -n 2p "$tmp/files")"

# A message of the combined model names the profiles, not the first
# alone: strhash-plain's total is right, low-summary's summary: is below
# its cost lines.
"$bin" --inclusive=yes --auto=no testdata/strhash-plain.callgrind \
    testdata/hand/low-summary.callgrind 2>"$tmp/err" >/dev/null
grep -qx "cgannotate: testdata/strhash-plain.callgrind and 1 other profile: warning: the cost lines hold more than the profile's total;.*" "$tmp/err"
result $? "a warning of two profiles names both: $(tail -1 "$tmp/err")"
"$bin" --inclusive=yes --auto=no testdata/hand/low-summary.callgrind \
    testdata/strhash-plain.callgrind 2>"$tmp/err" >/dev/null
grep -q "^cgannotate: testdata/hand/low-summary.callgrind and 1 other profile: warning: the cost lines hold more" "$tmp/err"
result $? "a warning of two profiles names both, either order: $(tail -1 "$tmp/err")"

# A source file after profiles is annotated, not read as a profile.
"$bin" testdata/recur-plain.callgrind testdata/recur-seprecs1.callgrind \
    ./testdata/src/recur.c >"$tmp/ann" 2>&1
grep -q '^User annotated:   ./testdata/src/recur.c$' "$tmp/ann" &&
    grep -q '^-- User-annotated source: ./testdata/src/recur.c$' "$tmp/ann"
result $? "source after two profiles: $(grep -m1 -i 'user' "$tmp/ann")"

# Renames merge functions: recursion levels, and a directory moved.
for p in testdata/recur-plain.callgrind testdata/sortprog-plain.callgrind; do
	"$bin" --auto=no --threshold=100 --show=Ir "$p" >"$tmp/plain"
	"$bin" --auto=no --threshold=100 --show=Ir \
	    --mod-funcname="s/'[0-9]+\$//" --mod-filename='s|^\./testdata/|moved/|' \
	    "$p" >"$tmp/renamed"
	rows "$tmp/plain" | sed "s/'[0-9]*\(	\)/\1/; s|^\./testdata/|moved/|" \
	    >"$tmp/plain.rows"
	rows "$tmp/renamed" >"$tmp/renamed.rows"
	sum_rows "$tmp/plain.rows" >"$tmp/a"
	sum_rows "$tmp/renamed.rows" >"$tmp/b"
	cmp -s "$tmp/a" "$tmp/b" && grep -q '^moved/src/' "$tmp/b" &&
	    ! grep -q "'2" "$tmp/b"
	result $? "$p renamed: $(diff "$tmp/a" "$tmp/b" | head -4)"
done
"$bin" --mod-funcname='s/(/x/' testdata/recur-plain.callgrind >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] && [ ! -s "$tmp/out" ] && grep -q "^cgannotate: --mod-funcname=s/(/x/: " "$tmp/err"
result $? "bad --mod-funcname: $(head -1 "$tmp/err")"

# A profile named twice, by one path or two paths to one file (a link,
# "-" and /dev/stdin), is read once: the report of the profile alone,
# and a warning for each name after the first.  A copy is another file,
# summed.
p=testdata/recur-plain.callgrind
"$bin" --auto=no "$p" >"$tmp/once"
"$bin" --auto=no - <"$p" >"$tmp/once-"
ln -s "$(pwd)/$p" "$tmp/link.callgrind"
# twice ONCE WARNINGS CMD...: CMD prints the report ONCE (a file) and
# standard error WARNINGS.
twice() {
	once=$1 want=$2
	shift 2
	"$@" >"$tmp/out" 2>"$tmp/err"
	st=$?
	[ "$st" = 0 ] && cmp -s "$once" "$tmp/out" &&
	    [ "$(cat "$tmp/err")" = "$want" ]
	result $? "$*: status $st, $(cat "$tmp/err")"
}
w="warning: profile named twice"
twice "$tmp/once" "cgannotate: $p: $w: read once" "$bin" --auto=no "$p" "$p"
twice "$tmp/once" "cgannotate: ./$p: $w (as $p before): read once
cgannotate: $tmp/link.callgrind: $w (as $p before): read once" \
    "$bin" --auto=no "$p" "./$p" "$tmp/link.callgrind"
twice "$tmp/once-" "cgannotate: -: $w: read once" \
    sh -c "'$bin' --auto=no - - <$p"
twice "$tmp/once-" "cgannotate: /dev/stdin: $w (as - before): read once" \
    sh -c "cat $p | '$bin' --auto=no - /dev/stdin"
cp "$p" "$tmp/copy.callgrind"
"$bin" --auto=no --threshold=100 "$p" "$tmp/copy.callgrind" >"$tmp/out" \
    2>"$tmp/err"
[ "$(total "$tmp/out")" = $((2 * $(total "$tmp/once"))) ] && [ ! -s "$tmp/err" ]
result $? "a copy is summed: total $(total "$tmp/out") $(cat "$tmp/err")"
# --diff's OLD may be a NEW profile (no change), not standard input twice.
"$bin" --auto=no --diff "$p" "$p" "$p" >"$tmp/out" 2>"$tmp/err"
[ $? = 0 ] && [ "$(total "$tmp/out")" = 0 ] &&
    [ "$(cat "$tmp/err")" = "cgannotate: $p: $w: read once" ]
result $? "--diff OLD OLD OLD: $(cat "$tmp/err")"
"$bin" --diff - - <"$p" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && [ ! -s "$tmp/out" ] &&
    grep -q "standard input named twice" "$tmp/err"
result $? "--diff - -: $(cat "$tmp/err")"

finish
