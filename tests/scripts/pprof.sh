#!/bin/sh
# pprof.sh CGANNOTATE: --format=pprof read by Go's pprof (go tool pprof)
# and by protoc --decode_raw, checked by tests/scripts/pprof.py against
# cgannotate's other formats of the same view: pprof's totals are the
# JSON's, its stacks --format=folded's event by event, each function's
# flat value its exclusive cost, pprof -list's figure of each line the
# line's cost (--format=tsv --lines, the annotation's), a difference's
# values the differences, each location of a profile of instructions at
# an address in its mapping.  For every testdata profile (but
# python3-json's, whose 200,000 stacks take pprof 3 s: it runs with
# --focus), with the options that change frames or stacks, and for a C
# program built and profiled under callgrind here, with and without
# --dump-instr=yes, and at -O0 against -O1 (--diff).  Mutants, profiles
# made wrong on purpose after cgannotate wrote them, must each fail the
# check named beside them.  A terminal as standard output is refused
# before the profile is read.  Skipped (and counted so) without go or
# protoc, the C program without valgrind or gcc.  Under the sanitizers
# with the plain build given (CGA_PLAIN, see tests/lib.sh), the profiles
# are compared with the plain build's instead (the plain run's checkers
# judge the same bytes).
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1

have() {
	command -v "$1" >/dev/null 2>&1
}

# A terminal: refused with the reason, status 1, before reading anything.
if have script; then
	script -qec "$bin --format=pprof /nonexistent/profile" /dev/null \
	    >"$tmp/tty" 2>&1 </dev/null
	[ $? = 1 ] && grep -q 'terminal cannot show' "$tmp/tty" &&
	    ! grep -q nonexistent "$tmp/tty"
	result $? "a terminal as standard output: $(head -2 "$tmp/tty")"
else
	skipped=$((skipped + 1))
fi

# Every testdata profile, with the checks that apply: list where its
# sources are in testdata/src, addrs where it has instructions.
cases() {
	for p in testdata/*.callgrind testdata/*.callgrind.1 \
	    testdata/*.callgrind.gz testdata/*.cachegrind; do
		checks=totals,stacks,flat,raw
		case $p in
		*python3-json*) continue ;;
		*wordfreq-diff*) continue ;;	# negative counts: no stacks
		esac
		# (lines: the positions: line's default)
		gzip -dcf "$p" | grep -q '^f[il]=.*testdata/src/' &&
		    ! gzip -dcf "$p" | grep -q '^positions: *instr *$' &&
		    checks=$checks,list=.
		gzip -dcf "$p" | grep -q '^positions:.*instr' &&
		    checks=$checks,addrs
		printf '%s\t%s\n' "$checks" "$p"
	done
	t=testdata
	cat <<EOF
totals,stacks,flat,raw,list=.	--group-inlined=no $t/strhash-plain.callgrind
totals,stacks,raw	--by=file $t/strhash-plain.callgrind
totals,stacks,raw	--by=object $t/shlib.callgrind
stacks,flat,raw	--focus=is_even $t/recur-plain.callgrind
stacks,raw	--hide=printf|vfprintf $t/recur-plain.callgrind
stacks,raw	--max-depth=3 $t/sortprog-cachesim.callgrind
totals,stacks,flat,raw,list=.	--show=Dr,Ir --sort=Dr $t/sortprog-cachesim.callgrind
totals,stacks,flat,raw	--mod-funcname=s/_/-/g $t/sort-full.callgrind
stacks,raw	--focus=json --max-depth=12 $t/python3-json.callgrind.gz
totals,diff,raw	--diff $t/wordfreq-gate-small.callgrind $t/wordfreq-gate-large.callgrind
EOF
}

# The C program of reconcile.sh, at -O1 with and without its
# instructions, and at -O0 for a difference; built in $tmp from copies,
# the directory mapped to "." in the debug info (fl=./a.c).  Its cases
# go to $tmp/cases.
program() {
	cp tests/oracles/reconcile/a.c tests/oracles/reconcile/b.c "$tmp"
	dpm="-fdebug-prefix-map=$tmp=."
	[ "$(cd "$tmp" && pwd -P)" = "$tmp" ] ||
	    dpm="$dpm -fdebug-prefix-map=$(cd "$tmp" && pwd -P)=."
	for o in 0 1; do
		# shellcheck disable=SC2086
		(cd "$tmp" && gcc -g -O$o $dpm -o "prog$o" a.c b.c) \
		    >"$tmp/build.err" 2>&1
		result $? "gcc -O$o a.c b.c: $(head -3 "$tmp/build.err")"
	done
	for run in "plain 1" "instr 1 --dump-instr=yes" "old 0"; do
		# shellcheck disable=SC2086
		set -- $run
		name=$1 o=$2
		shift 2
		valgrind -q --tool=callgrind "$@" \
		    --callgrind-out-file="$tmp/$name.callgrind" \
		    "$tmp/prog$o" >/dev/null 2>"$tmp/$name.err" </dev/null
		result $? "prog$o under callgrind: $(head -3 "$tmp/$name.err")"
	done
	cat >>"$tmp/cases" <<EOF
totals,stacks,flat,raw,list=$tmp	$tmp/plain.callgrind
totals,stacks,flat,raw,list=$tmp,addrs	$tmp/instr.callgrind
totals,diff,raw	--diff $tmp/old.callgrind $tmp/plain.callgrind
EOF
}

pprof=
have go && pprof=$(go env GOTOOLDIR 2>/dev/null)/pprof
if [ -n "$plain" ]; then
	cases >"$tmp/cases"
	while IFS='	' read -r checks args; do
		# shellcheck disable=SC2086
		twin --format=pprof $args >"$tmp/twin"
		result $? "$args: not the plain build's profile: \
$(head -4 "$tmp/twin")"
	done <"$tmp/cases"
elif [ ! -x "$pprof" ] || ! have protoc; then
	echo "pprof: go's pprof or protoc not installed: skipped"
	skipped=$((skipped + 1))
else
	cases >"$tmp/cases"
	if have valgrind && have gcc; then
		program
	else
		echo "pprof: valgrind or gcc not installed: the C program skipped"
		skipped=$((skipped + 1))
	fi
	/usr/bin/python3 tests/scripts/pprof.py "$bin" "$pprof" \
	    <"$tmp/cases" >"$tmp/out" 2>&1
	n=0
	while IFS='	' read -r checks args; do
		n=$((n + 1))
		v=$(grep -F "pprof.py: $args: " "$tmp/out")
		case $v in
		*": ok ("*" checks)") ok ;;
		'') fail "$args: no verdict: $(tail -3 "$tmp/out")" ;;
		*) fail "$v
$(grep -F "] $args: " "$tmp/out" | head -6)" ;;
		esac
	done <"$tmp/cases"

	# Each mutant fails its check, on a case that passes it unchanged.
	/usr/bin/python3 tests/scripts/pprof.py --mutants >"$tmp/mutants"
	while read -r name check what; do
		case $check in
		diff) c="diff	--diff testdata/wordfreq-gate-small.callgrind \
testdata/wordfreq-gate-large.callgrind" ;;
		*) c="totals,stacks,flat,raw,list=.	testdata/recur-plain.callgrind" ;;
		esac
		echo "$c" | /usr/bin/python3 tests/scripts/pprof.py \
		    --mutant "$name" "$bin" "$pprof" >"$tmp/mutant" 2>&1
		grep -q "FAILED.* $check=" "$tmp/mutant"
		result $? "mutant $name ($what) not failed by $check: \
$(head -3 "$tmp/mutant")"
	done <"$tmp/mutants"
fi
finish
