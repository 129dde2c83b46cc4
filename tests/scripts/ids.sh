#!/bin/sh
# ids.sh CGANNOTATE: name ids used before their definition.  Every real
# profile is rewritten by tests/tools/defer-ids so that each id is defined
# at its last use (as callgrind 3.x writes some files, a cob=(8) long
# before its ob=(8) name): nearly every name is then first met as a
# placeholder.  The reports must be those of the profile as valgrind
# wrote it, byte for byte but for its file name, in every format; and
# with --mod-funcname and --mod-filename rewrites that make several
# names one, so that placeholders merge into functions and files made
# before (but for the owner of a line both merged files have).  Ids
# never named at all: shown as "(N)", with one warning each.  Under the
# sanitizers with the plain build given (CGA_PLAIN, see tests/lib.sh),
# the reports of the profiles as valgrind wrote them are the plain
# build's (its own run checks them the same): the sanitized build reads
# the deferred ones, whose placeholders this script is about.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1

# same PROFILE DEFERRED ARGS...: the two reports agree ($filter applied).
filter=cat
same() {
	p=$1
	d=$2
	shift 2
	"${plain:-$bin}" "$@" "$p" 2>&1 | sed "s|$p|PROFILE|g" | $filter \
	    >"$tmp/want"
	"$bin" "$@" "$d" 2>&1 | sed "s|$d|PROFILE|g" | $filter >"$tmp/got"
	cmp -s "$tmp/want" "$tmp/got"
	result $? "$p $*: deferred ids change the report"
	cmp -s "$tmp/want" "$tmp/got" ||
	    diff "$tmp/want" "$tmp/got" | head -5
}

# forwards FILE: how many ids FILE uses before their definition.
forwards() {
	awk '/^==== NEW PROFILING FILE/ { delete def }
	    match($0, /^[cj]?(ob|fl|fi|fe|fn|cfl)=\([0-9]+\)/) {
		k = substr($0, 1, RLENGTH); sub(/^[cj]/, "", k)
		sub(/^(fi|fe|cfl)=/, "fl=", k)
		if (substr($0, RLENGTH + 1) !~ /^[ \t]*$/) def[k] = 1
		else if (!(k in def)) { def[k] = 1; n++ }
	    }
	    END { print n + 0 }' "$1"
}

n=0
for p in testdata/*.callgrind testdata/*.callgrind.1 testdata/ann/*.callgrind
do
	d=$tmp/deferred-$(basename "$p")
	sh tests/tools/defer-ids "$p" >"$d"
	# Ids now come before their definition (none without compression).
	[ "$(forwards "$p")" = 0 ] &&
	    { [ "$(forwards "$d")" -gt 0 ] || ! grep -q '^fn=([0-9]' "$p"; }
	result $? "$p: $(forwards "$d") ids used before their definition"
	same "$p" "$d" --auto=no --threshold=100
	same "$p" "$d" --auto=no --inclusive=yes --tree=both
	same "$p" "$d" --format=tsv --lines
	same "$p" "$d" --format=tsv --calls
	same "$p" "$d" --format=json --inclusive=yes
	same "$p" "$d" --format=dot
	same "$p" "$d" --list-parts
	n=$((n + 1))
done
[ "$n" -gt 20 ]
result $? "only $n profiles"

# Rewrites that merge names: a placeholder gets a name that a function or
# file has already, or will have.
for p in testdata/recur-seprecs3.callgrind testdata/recur-seprecs10.callgrind \
    testdata/strhash-plain.callgrind testdata/sortprog-multipart.callgrind
do
	d=$tmp/deferred-$(basename "$p")
	sh tests/tools/defer-ids "$p" >"$d"
	same "$p" "$d" --auto=no --threshold=100 --mod-funcname="s/'[0-9]+$//"
	same "$p" "$d" --auto=no --inclusive=yes --tree=both \
	    --mod-funcname="s/'[0-9]+$//"
	# A line that two merged files both have is shown under the function
	# made first; which one named it first is not kept: no owner column.
	filter="cut -f 1,2,4-"
	same "$p" "$d" --format=tsv --lines --mod-filename='s/[a-z]+/Y/g'
	filter=cat
	same "$p" "$d" --format=json --inclusive=yes \
	    --mod-funcname='s/^[a-m].*/A/' --mod-filename='s/\.h$/.c/'
	same "$p" "$d" --format=dot --mod-funcname='s/^_.*/U/'
done

# A forward id defined when its name and the file each hold more than 8
# functions: the renames go through the table of all functions, which a
# merge left pointing at the function merged away (a crash once, found by
# fuzz_many; testdata/hand/fntab-stale.callgrind is its input, cut down).
for args in "--inclusive=yes --mod-funcname=s/[0-9]+|^\$/<&>/g" \
    "--tree=both --inclusive=yes"; do
	# shellcheck disable=SC2086
	"$bin" --auto=no $args testdata/hand/fntab-stale.callgrind \
	    >"$tmp/out" 2>"$tmp/err"
	st=$?
	[ "$st" = 0 ] && grep -q 'PROGRAM TOTALS' "$tmp/out" &&
	    ! grep -q 'Sanitizer\|runtime error' "$tmp/err"
	result $? "fntab-stale $args: status $st: $(head -2 "$tmp/err")"
done

# Names never given (an old callgrind wrote cob=(8) and ob=(8) with no
# name anywhere in the file): the name of one id of each kind taken out
# of a real profile, its definitions "(N) name" left as "(N)".  The
# functions (TSV) are the profile's with that name written "(N)", and
# one warning names the first line that used the id.
# nameless PROFILE KEYS ID COLUMN: KEYS the line keys of the id's kind (a
# regex), COLUMN the TSV column its name is in.
nameless() {
	p=$1 keys=$2 id=$3 col=$4
	name=$(sed -En "s/^($keys)=\\($id\\) //p" "$p" | head -1)
	[ -n "$name" ] &&
	    [ "$(grep -cEx "($keys)=\\([0-9]+\\) $name" "$p")" = 1 ]
	result $? "$p: the $keys id $id names '$name', no other id of its kind"
	awk -v re="^($keys)=[(]$id[)] " '$0 ~ re { sub(/[)] .*/, ")") }
	    { print }' "$p" >"$tmp/nameless"
	line=$(grep -nEm1 "^($keys)=\\($id\\)" "$p" | cut -d: -f1)
	echo "cgannotate: $tmp/nameless:$line: warning: name id used but never" \
	    "defined; shown as ($id): '$(sed -n "${line}p" "$tmp/nameless")'" \
	    >"$tmp/want.err"
	"${plain:-$bin}" --format=tsv --threshold=100 "$p" |
	    awk -F'\t' -v OFS='\t' -v c="$col" -v n="$name" -v r="($id)" \
	    'NR > 1 && $c == n { $c = r } { print }' | sort >"$tmp/want"
	"$bin" --format=tsv --threshold=100 "$tmp/nameless" 2>"$tmp/err" |
	    sort >"$tmp/got"
	cmp -s "$tmp/want" "$tmp/got" && cmp -s "$tmp/want.err" "$tmp/err" &&
	    grep -q "($id)" "$tmp/got"
	result $? "$p: the $keys id $id never named: $(diff "$tmp/want" \
	    "$tmp/got" | head -3) $(cat "$tmp/err")"
}
p=testdata/recur-plain.callgrind
nameless $p 'c?ob' 3 3
nameless $p 'fl|fi|fe|cfl|cfi|jfi' 148 1
nameless $p 'c?fn|jfn' 548 2

finish
