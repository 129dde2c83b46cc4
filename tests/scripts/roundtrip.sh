#!/bin/sh
# roundtrip.sh CGANNOTATE: --format=callgrind writes what was loaded as one
# Callgrind file, and cgannotate reading that file prints the report it
# printed from the profiles: for every profile in testdata/, for the
# arguments of every golden test, for profiles summed, parts selected and
# names rewritten.  The reports are compared whole, but for the line that
# names the profile file and its creator.  callgrind_annotate, when it is
# installed, must print the same report from both too (rows of equal cost
# sorted: it prints them in hash order).  Under the sanitizers with the
# plain build given (CGA_PLAIN, see tests/lib.sh), the reports from the
# profiles themselves are the plain build's, and the sanitized build
# writes each file once and reads it back (see below); and the written
# files that callgrind_annotate would read are compared with the plain
# build's instead: the plain run has callgrind_annotate read the same
# bytes.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac

# is_profile FILE: a profile (an events: line among its first lines).
is_profile() {
	[ -f "$1" ] && gzip -dcf "$1" 2>/dev/null | head -n 1000 |
	    grep -q '^events:'
}

# same NAME: the reports $tmp/a (from the profiles) and $tmp/b (from the
# written file) are the same, but for the lines naming the profile files
# and their creator (JSON: each part's, which the written file sums into
# one; speedscope's "name"; Markdown's title), and so are their exit statuses $sa and $sb.
# The branch lines under source lines and the JSON "jumps" of lines are
# compared: the writer writes the jumps back.
same() {
	for f in a b; do
		grep -av -e '^Profile data file' -e '"profiles\{0,1\}":' \
		    -e '"creator":' -e '^    {"file": ' \
		    -e '^  graph \[fontname=.*label=' -e '^  "name": ' \
		    -e '^### cgannotate: `' \
		    -e 'is more recent than input file' "$tmp/$f" >"$tmp/$f.n"
	done
	diff -u "$tmp/a.n" "$tmp/b.n" >"$tmp/diff" && [ "$sa" = "$sb" ]
	result $? "$1: the report from the written file differs (status $sa, $sb):
$(head -20 "$tmp/diff")"
}

# trip NAME WRITE-ARGS -- REPORT-ARGS: writes $tmp/w.cg from WRITE-ARGS
# (profiles, --part, --mod-*), then compares the report of REPORT-ARGS
# with @ replaced by WRITE-ARGS and by the written file (words without
# blanks, as the golden tests' arguments are).
trip() {
	name=$1
	shift
	w=
	while [ "$1" != -- ]; do
		w="$w $1"
		shift
	done
	shift
	# (Under the sanitizers with the plain build given, the file the trip
	# before wrote from the same arguments is read again.)
	if [ -z "$plain" ] || [ "$w" != "$written" ]; then
		# shellcheck disable=SC2086
		"$bin" --format=callgrind $w >"$tmp/w.cg" 2>"$tmp/err"
		result $? "$name: --format=callgrind failed: $(head -3 "$tmp/err")"
		# As old as the profile: the source files newer than it are
		# so still.
		for a in $w; do
			[ -f "$a" ] && touch -r "$a" "$tmp/w.cg"
		done
		written=$w
	fi
	# shellcheck disable=SC2086
	"${plain:-$bin}" $(for a in "$@"; do [ "$a" = @ ] && echo "$w" ||
	    echo "$a"; done) >"$tmp/a" 2>/dev/null </dev/null
	sa=$?
	"$bin" $(for a in "$@"; do [ "$a" = @ ] && echo "$tmp/w.cg" ||
	    echo "$a"; done) >"$tmp/b" 2>/dev/null </dev/null
	sb=$?
	same "$name"
}

written=
# Every profile of testdata, with three sets of options; under the
# sanitizers every other one (the plain build takes them all), to keep
# make check within its time.
i=0
for p in testdata/*.callgrind testdata/*.callgrind.gz testdata/*.cachegrind \
    testdata/*.callgrind.1 testdata/ann/*.callgrind \
    testdata/hand/[!b]*.callgrind testdata/hand/*.gz; do
	[ -f "$p" ] || continue
	i=$((i + 1))
	case $bin in
	*/asan/*) [ $((i % 2)) = 0 ] && continue ;;
	esac
	"$bin" --auto=no "$p" >/dev/null 2>&1 </dev/null || continue
	trip "$p" "$p" -- --auto=no --threshold=100 @
	trip "$p inclusive" "$p" -- --auto=no --threshold=100 --inclusive=yes \
	    --tree=both @
	trip "$p lines" "$p" -- --format=tsv --lines @
	trip "$p json" "$p" -- --format=json --auto=yes @
done

# The golden tests' arguments (those that succeed, without --diff,
# --list-parts and --check), the profiles replaced by the written file.
# Under the sanitizers with the plain build given, the first of them for
# each set of profiles: the file written is the same for all of them,
# and their other options' reports are the golden tests' under the
# sanitizers (the plain run compares them all).
seen=
for args in tests/golden/*.args; do
	case $(cat "$args") in *--diff*|*--list-parts*|*--check*) continue ;; esac
	[ -f "${args%.args}.status" ] && continue
	eval "set -- $(cat "$args")"
	w=
	r=
	first=1
	for a in "$@"; do
		if is_profile "$a"; then
			w="$w $a"
			[ "$first" = 1 ] && r="$r @"
			first=0
		else
			r="$r $a"
		fi
	done
	[ -n "$w" ] || continue
	if [ -n "$plain" ]; then
		case "|$seen|" in
		*"|$w|"*) continue ;;
		esac
		seen="$seen|$w"
	fi
	# shellcheck disable=SC2086
	trip "$(basename "$args")" $w -- $r
done

# Several profiles summed, parts selected, names rewritten.
t=testdata/threads-septhreads
trip "threads merged" $t-t1.callgrind $t-t2.callgrind $t-t3.callgrind -- \
    --auto=no --threshold=100 --inclusive=yes --tree=both @
trip "threads merged, tsv" $t-t1.callgrind $t-t2.callgrind $t-t3.callgrind -- \
    --format=tsv --lines @
trip "part 2" --part=2 testdata/sortprog-multipart.callgrind -- \
    --auto=no --threshold=100 --tree=both @
trip "parts 1 and 3" --part=1 --part=3 \
    testdata/strhash-multipart-cache.callgrind -- --auto=no --threshold=100 @
trip "mod-funcname" --mod-funcname="s/'[0-9]+\$//" \
    testdata/recur-seprecs10.callgrind -- --auto=no --threshold=100 \
    --inclusive=yes --tree=both @
trip "mod-filename" --mod-filename=s/c/C/g testdata/sortprog-plain.callgrind \
    -- --auto=no --threshold=100 @

# Profiles of other events summed: an event a cost line lacks before one
# it has is written 0 (a line gives a prefix of the events), said once.
trip "other events summed" testdata/sortprog-cachesim.callgrind \
    testdata/strhash-branchsim.callgrind -- --auto=no --threshold=100 \
    --show=Ir,Bc,Bcm,Bi,Bim --sort=Ir,Bc,Bcm,Bi,Bim --inclusive=yes \
    --tree=both @
grep -q '^cgannotate: warning: some costs lack an event' "$tmp/err" &&
    [ "$(wc -l <"$tmp/err")" = 1 ]
result $? "other events summed: no warning of the zeros written"

# Jumps: every source line's jump records (--format=json) are the same
# read back from the written file, which names other targets' files and
# functions with jfi= and jfn=; the text's branch lines too.
jumps_json() {
	"$bin" --format=json --auto=yes --threshold=100 "$1" 2>/dev/null |
	    jq -c '[.files[] | .name as $f | .lines[] | select(.jumps) |
		[$f, .line, .jumps]]'
}
shown=0
for p in testdata/strhash-jumps.callgrind testdata/strhash-instr-jumps.callgrind \
    testdata/hand/branches.callgrind testdata/hand/jumps.callgrind; do
	"$bin" --format=callgrind "$p" >"$tmp/w.cg" 2>"$tmp/err"
	jumps_json "$p" >"$tmp/a"
	jumps_json "$tmp/w.cg" >"$tmp/b"
	[ "$(jq length "$tmp/a")" -gt 0 ] && cmp -s "$tmp/a" "$tmp/b"
	result $? "$p: the jumps read back differ ($(jq length "$tmp/a") lines with jumps, $(jq length "$tmp/b")): $(head -c 300 "$tmp/err")"
	"$bin" --auto=yes --threshold=100 "$p" 2>/dev/null |
	    grep -E '^ *j(cnd|ump) ' >"$tmp/a"
	touch -r "$p" "$tmp/w.cg"
	"$bin" --auto=yes --threshold=100 "$tmp/w.cg" 2>/dev/null |
	    grep -E '^ *j(cnd|ump) ' >"$tmp/b"
	[ -s "$tmp/a" ] && shown=$((shown + 1))
	cmp -s "$tmp/a" "$tmp/b"
	result $? "$p: the branch lines of the source read back differ"
done
# (hand/jumps.callgrind's sources are not there: three of four show them.)
[ "$shown" = 3 ]
result $? "the branch lines of $shown profiles compared, expected 3"
"$bin" --format=callgrind testdata/hand/branches.callgrind >"$tmp/w.cg"
grep -qx 'jfi=([0-9]*) testdata/hand/other.c' "$tmp/w.cg" &&
    grep -qx 'jfn=([0-9]*) helper' "$tmp/w.cg" &&
    grep -qx 'jcnd=999/1000 7' "$tmp/w.cg" && grep -qx 'jump=250 6' "$tmp/w.cg"
result $? "testdata/hand/branches.callgrind: jcnd=, jump=, jfi= and jfn= written"

# The same bytes from the same input, whatever the tables' hash keys.
p=testdata/gzip-full-cachesim.callgrind
"$bin" --format=callgrind "$p" >"$tmp/1.cg" 2>/dev/null
"$bin" --format=callgrind "$p" >"$tmp/2.cg" 2>/dev/null
cmp -s "$tmp/1.cg" "$tmp/2.cg"
result $? "$p: two runs wrote different files"

# --diff: refused (a difference's call counts can be negative).
"$bin" --format=callgrind --diff testdata/recur-plain.callgrind \
    testdata/recur2-plain.callgrind >"$tmp/out" 2>"$tmp/err"
[ $? = 2 ] && [ ! -s "$tmp/out" ] &&
    grep -q 'callgrind writes no difference' "$tmp/err"
result $? "--diff with --format=callgrind: not a usage error"

# A name rewritten to hold a line end cannot be written.
"$bin" --format=callgrind --mod-funcname='s/main/a\
b/' testdata/recur-plain.callgrind >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && [ ! -s "$tmp/out" ] && grep -q 'holds a line end' "$tmp/err"
result $? "a name with a line end: not refused"

# No leak, no bad read (valgrind cannot run an ASan build).
case $bin in
*/asan/*) ;;
*)
	if command -v valgrind >/dev/null 2>&1; then
		for w in testdata/python3-json.callgrind.gz \
		    "--part=2 testdata/sortprog-multipart.callgrind" \
		    "$t-t1.callgrind $t-t2.callgrind $t-t3.callgrind" \
		    testdata/wordfreq-diff.cachegrind; do
			# shellcheck disable=SC2086
			valgrind -q --leak-check=full \
			    --errors-for-leak-kinds=all --error-exitcode=9 \
			    "$bin" --format=callgrind $w >/dev/null 2>"$tmp/err"
			result $? "valgrind: --format=callgrind $w: $(head -5 "$tmp/err")"
		done
	fi
	;;
esac

# callgrind_annotate's report of the written file, rows of equal cost
# sorted (it prints them in hash order), but for the profile's line.
ca_norm() {
	grep -v '^Profile data file' "$1" |
	    awk '$1 != k { g++ } { k = $1; printf "%d\t%s\n", g, $0 }' |
	    LC_ALL=C sort -t "$(printf '\t')" -k1,1n -k2 | cut -f2-
}
if [ -n "$plain" ]; then
	for p in testdata/*.callgrind testdata/*.callgrind.gz; do
		case $p in *multipart*) continue ;; esac
		twin --format=callgrind "$p"
		result $? "$p: the written file is not the plain build's"
	done
elif command -v callgrind_annotate >/dev/null 2>&1; then
	for p in testdata/*.callgrind testdata/*.callgrind.gz; do
		case $p in *multipart*) continue ;; esac
		gzip -dcf "$p" >"$tmp/orig.cg"
		"$bin" --format=callgrind "$p" >"$tmp/w.cg" 2>/dev/null
		for o in "" "--inclusive=yes" "--tree=both"; do
			# shellcheck disable=SC2086
			callgrind_annotate --auto=no $o "$tmp/orig.cg" \
			    >"$tmp/ca" 2>/dev/null
			# shellcheck disable=SC2086
			callgrind_annotate --auto=no $o "$tmp/w.cg" \
			    >"$tmp/cb" 2>/dev/null
			ca_norm "$tmp/ca" >"$tmp/a"
			ca_norm "$tmp/cb" >"$tmp/b"
			diff -u "$tmp/a" "$tmp/b" >"$tmp/diff"
			result $? "callgrind_annotate $o $p: differs:
$(head -20 "$tmp/diff")"
		done
	done
else
	echo "roundtrip: callgrind_annotate not found: skipped"
fi

finish
