#!/bin/sh
# reconcile.sh CGANNOTATE: every view of every testdata profile, and of
# profiles made here of programs built and run under callgrind, checked
# against each other and against bounds recomputed from the profile by
# tests/oracles/reconcile.py (see its header: each group's inclusive bounds by
# the rule of issue 28, members within their groups, recursion levels
# within the level above, inclusive at least exclusive, the page's flame
# stacks equal to --format=folded's, text, TSV and JSON alike).  One
# count per profile.  The programs (tests/oracles/reconcile/): a C program with
# recursion, qsort's callbacks, printf and two static functions of one
# name in two files (a.c, b.c); a C++ program with std::map and a
# template (map.cc); a function with a .cold part, gcc -O2
# -freorder-blocks-and-partition (cold.c); python3 running a recursive
# function (rec.py), callgrind's --separate-recs at its default.  Each is
# profiled once, from start-up (ld.so and libc in the profile); what the
# machine lacks (valgrind, gcc, g++, /usr/bin/python3) is skipped and
# counted so.  Then the checker's mutants: an output made wrong on purpose
# (reconcile.py --mutants lists them) must make the check named beside it
# fail more often than on the output as it is; each rejected one passes.
# Under the sanitizers with the plain build given (CGA_PLAIN, see
# tests/lib.sh), the grouped views' JSON and the page of every profile are
# compared with the plain build's instead of judged again (the plain
# run's reconcile.py judges the same bytes), and the mutants, which test
# the checker only, are left to the plain run.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1

have() {
	command -v "$1" >/dev/null 2>&1
}

# Every testdata profile but those of the diagnostics of a bad or cut
# file (a cut line is read as the warning says, not as the parser reads).
profiles=
for p in testdata/*.callgrind testdata/*.cachegrind testdata/*.gz \
    testdata/*.callgrind.1 testdata/ann/*.callgrind \
    testdata/hand/*.callgrind testdata/hand/*.gz; do
	case $p in
	*/bad-* | */truncated-*) ;;
	*) profiles="$profiles $p" ;;
	esac
done

# The programs, built in $tmp from copies of their sources, the directory
# mapped to "." in the debug info (fl=./a.c, as testdata's profiles).
cp tests/oracles/reconcile/* "$tmp"
dpm="-fdebug-prefix-map=$tmp=."
[ "$(cd "$tmp" && pwd -P)" = "$tmp" ] ||
    dpm="$dpm -fdebug-prefix-map=$(cd "$tmp" && pwd -P)=."

# cg NAME PROGRAM ARGS...: PROGRAM's profile from start-up, a profile to
# check: $tmp/NAME.callgrind.
cg() {
	name=$1
	shift
	valgrind -q --tool=callgrind --callgrind-out-file="$tmp/$name.callgrind" \
	    "$@" >/dev/null 2>"$tmp/$name.err" </dev/null
	result $? "$name under callgrind: $(head -3 "$tmp/$name.err")"
	[ -s "$tmp/$name.callgrind" ] &&
	    profiles="$profiles $tmp/$name.callgrind"
}

# build NAME COMPILER ARGS...: in $tmp.
build() {
	name=$1
	shift
	# shellcheck disable=SC2086
	(cd "$tmp" && "$@" $dpm -o "$name") >"$tmp/build.err" 2>&1
	result $? "$name: $* failed: $(head -5 "$tmp/build.err")"
}

if have valgrind && have gcc; then
	if build c-program gcc -g -O1 a.c b.c; then
		cg c-program "$tmp/c-program"
		[ "$(grep -o '^c\{0,1\}fn=([0-9]*) helper$' \
		    "$tmp/c-program.callgrind" | sed 's/.*=//' |
		    sort -u | wc -l)" = 2 ]
		result $? "c-program: not two functions helper in its profile"
	fi
	if build cold gcc -g -O2 -freorder-blocks-and-partition cold.c; then
		cg cold "$tmp/cold"
		grep -q '^c\{0,1\}fn=\(([0-9]*) \)\{0,1\}scale\.cold$' \
		    "$tmp/cold.callgrind"
		result $? "cold: no function scale.cold in its profile"
	fi
else
	echo "reconcile: valgrind or gcc not installed: the C programs skipped"
	skipped=$((skipped + 2))
fi
if have valgrind && have g++; then
	build map g++ -g -O1 map.cc && cg map "$tmp/map"
else
	echo "reconcile: valgrind or g++ not installed: the C++ program skipped"
	skipped=$((skipped + 1))
fi
if have valgrind && [ -x /usr/bin/python3 ]; then
	cg python3 /usr/bin/python3 -I -S "$tmp/rec.py"
	grep -q "^c\{0,1\}fn=\(([0-9]*) \)\{0,1\}_PyEval_EvalFrameDefault'2$" \
	    "$tmp/python3.callgrind"
	result $? "python3: no recursion level _PyEval_EvalFrameDefault'2"
else
	echo "reconcile: valgrind or /usr/bin/python3 not installed: python3" \
	    "skipped"
	skipped=$((skipped + 1))
fi

if [ -n "$plain" ]; then
	for p in $profiles; do
		ok=0
		: >"$tmp/twin"
		for v in --by=file --by=object --group-inlined=yes; do
			twin --format=json --inclusive=yes --threshold=100 $v \
			    "$p" >>"$tmp/twin" || ok=1
		done
		twin --format=html --auto=no "$p" >>"$tmp/twin" || ok=1
		result $ok "$p: not the plain build's: $(head -8 "$tmp/twin")"
	done
else
	# shellcheck disable=SC2086
	python3 tests/oracles/reconcile.py "$bin" $profiles >"$tmp/out" 2>&1
	for p in $profiles; do
		v=$(grep -F "reconcile.py: $p: " "$tmp/out")
		case $v in
		*": ok ("*" checks)") result 0 "" ;;
		'') result 1 "$p: no verdict: $(tail -5 "$tmp/out")" ;;
		*) result 1 "${v#reconcile.py: }
$(grep -F "] $p: " "$tmp/out" | awk '!seen[$2]++' | head -6)" ;;
		esac
	done

	# fails CHECK FILE: the failures of CHECK in FILE's verdict line.
	fails() {
		awk -v c="$1=" '/^reconcile\.py: / {
			for (i = 1; i <= NF; i++)
				if (index($i, c) == 1)
					n = substr($i, length(c) + 1) }
		    END { print n + 0 }' "$2"
	}
	python3 tests/oracles/reconcile.py --mutants >"$tmp/mutants"
	while read -r name check p; do
		grep -F "reconcile.py: $p: " "$tmp/out" >"$tmp/base"
		python3 tests/oracles/reconcile.py --mutant "$name" "$bin" "$p" \
		    >"$tmp/mutant" 2>&1
		b=$(fails "$check" "$tmp/base")
		m=$(fails "$check" "$tmp/mutant")
		[ "$m" -gt "$b" ]
		result $? "mutant $name not rejected: $check failed $m times \
on $p, $b without it: $(tail -2 "$tmp/mutant")"
	done <"$tmp/mutants"
fi
finish
