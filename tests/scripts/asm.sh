#!/bin/sh
# asm.sh BIN [WRAPPER...]: --asm and the branch lines, on code made here.  First the
# goldens of tests/golden/asm/: profiles written by hand (testdata/asm/
# spin.callgrind.in) of an object assembled here from testdata/asm/
# spin.s, whose addresses the source fixes; among them the notes for an
# object that is missing, stripped, rebuilt (spin-rebuilt.s) or that
# objdump cannot be run for, the profile's addresses moved, and code after
# data (astray.s).  Then goldens of a function split hot and cold
# (testdata/asm/cold.s), linked and run under callgrind here.  Then a
# program built and run under callgrind here (its addresses are the
# build's, testdata/src/branchy.c):
# the costs --asm shows of its loop add up to the function's exclusive
# cost, each of its jumps in the profile is shown once, the loop's branch
# shows its 1,000 trips and the branch its bias (250 of them).  Last,
# /usr/bin/python3 under callgrind: no code said not to match, each
# function's instructions costing what the function list says.  What the
# machine lacks (as, strip, objdump; cc, valgrind) is skipped and counted
# so.  The goldens and the report of --asm run under WRAPPER (valgrind's
# memcheck in make check), if one is given; python3 only without one.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
shift
wrapper="$*"	# words without blanks in them

have() {
	command -v "$1" >/dev/null 2>&1
}

# golden NAME OBJ ARGS...: the report of spin.callgrind.in (or $in) with
# OBJ for its object, run in $tmp, against tests/golden/asm/NAME.out and NAME.err
# (none: empty), where @DIR@ stands for $tmp.
golden() {
	name=$1
	obj=$2
	shift 2
	sed "s|@OBJ@|$obj|" "${in:-testdata/asm/spin.callgrind.in}" \
	    >"$tmp/$name.callgrind"
	# shellcheck disable=SC2086
	(cd "$tmp" && $wrapper "$bin" "$@" "$name.callgrind") >"$tmp/out" \
	    2>"$tmp/err" </dev/null
	status=$?
	for f in out err; do
		want=tests/golden/asm/$name.$f
		[ -f "$want" ] || want=/dev/null
		sed "s|@DIR@|$tmp|g" "$want" >"$tmp/want"
		diff -u "$tmp/want" "$tmp/$f" >"$tmp/diff"
		result $? "$name: standard $f differs:
$(head -30 "$tmp/diff")"
	done
	[ "$status" = 0 ]
	result $? "$name: exit status $status, expected 0"
}

if have as && have strip && have objdump; then
	as -o "$tmp/spin.o" testdata/asm/spin.s &&
	    as -o "$tmp/spin-rebuilt.o" testdata/asm/spin-rebuilt.s &&
	    as -o "$tmp/astray.o" testdata/asm/astray.s &&
	    strip -o "$tmp/spin-stripped.o" "$tmp/spin.o" &&
	    cp "$tmp/spin.o" "$tmp/-spin.o"
	result $? "assembling testdata/asm"
	golden asm-spin "$tmp/spin.o" --asm=yes --auto=no
	golden asm-spin-intel "$tmp/spin.o" --asm=yes --asm-syntax=intel \
	    --auto=no --show-percs=no
	golden asm-missing "$tmp/missing.o" --asm=yes --auto=no
	golden asm-stripped "$tmp/spin-stripped.o" --asm=yes --auto=no
	golden asm-rebuilt "$tmp/spin-rebuilt.o" --asm=yes --auto=no
	OBJDUMP=$tmp/no-objdump
	export OBJDUMP
	golden asm-no-objdump "$tmp/spin.o" --asm=yes --auto=no
	unset OBJDUMP
	# The profile's addresses 0x10000 further on than the object's, as a
	# process may see them: spin's and done's entries put the bias.
	in=$tmp/moved.callgrind.in
	sed -E 's/0x([0-9a-f])( |$)/0x1000\1\2/g
	    s/0x([0-9a-f]{2})( |$)/0x100\1\2/g' testdata/asm/spin.callgrind.in \
	    >"$in"
	golden asm-moved "$tmp/spin.o" --asm=yes --auto=no
	# Data before code without a symbol, which objdump decodes astray:
	# the code from the profile's address, not a note that it does not
	# match.
	in=testdata/asm/astray.callgrind.in
	golden asm-astray "$tmp/astray.o" --asm=yes --auto=no
	in=
	# A path that looks like an option is a file to objdump.
	golden asm-dash-path -spin.o --asm=yes --auto=no
	# A difference keeps no instruction: the note says so, and not that
	# the profiles lack addresses (both have them).
	sed "s|@OBJ@|$tmp/spin.o|" testdata/asm/spin.callgrind.in \
	    >"$tmp/old.callgrind"
	sed 's/^\(0x[0-9a-f]* [0-9]*\) 1000$/\1 1500/' "$tmp/old.callgrind" \
	    >"$tmp/new.callgrind"
	"$bin" --asm=yes --auto=no --diff "$tmp/old.callgrind" \
	    "$tmp/new.callgrind" >"$tmp/out" 2>&1
	grep -qx -- '-- no machine code: --asm does not annotate a difference (--diff); run it on each profile' "$tmp/out" &&
	    ! grep -q 'no instruction addresses' "$tmp/out" &&
	    ! cmp -s "$tmp/old.callgrind" "$tmp/new.callgrind"
	result $? "--asm --diff: the note says a difference is not annotated:
$(tail -5 "$tmp/out")"
	# JSON: the instructions' own costs are the function's.
	if have jq; then
		sed "s|@OBJ@|$tmp/spin.o|" testdata/asm/spin.callgrind.in \
		    >"$tmp/spin.callgrind"
		"$bin" --format=json --asm=yes "$tmp/spin.callgrind" |
		    jq -e '.functions[] | select(.name == "spin") |
			([.instructions[].cost.Ir // 0] | add) == .exclusive.Ir
			and ([.instructions[].jumps[]] == [{"conditional": true,
			"count": 999, "executed": 1000, "target": {"address": 2,
			"file": "spin.s", "function": "spin", "line": 10}}])' \
		    >/dev/null
		result $? "json: the instructions of spin"
	else
		skipped=$((skipped + 1))
	fi
else
	echo "asm: as, strip or objdump not installed: the goldens skipped"
	skipped=$((skipped + 17))
fi

# The cold split: testdata/asm/cold.s, hot's rarely run branch put apart
# as hot.cold 128 KiB before hot, linked at 0x401000 and its hot.cold
# symbol taken out (as python3.11's cold parts have none, callgrind counts
# the code in hot, which jumps to it), run under callgrind here.  Its
# goldens: the machine code of the report (from the first "-- Machine
# code:"), and no note on standard error; and the same profile of the
# code linked 16 bytes further on (rebuilt).  (-z noseparate-code: with
# its code in a segment apart from the headers, valgrind 3.19 reads no
# symbols of a program without the C library.)
if have as && have ld && have objcopy && have valgrind && have objdump; then
	cp testdata/asm/cold.s "$tmp/cold.s"
	(cd "$tmp" && as -g -o cold.o cold.s &&
	    ld -z noseparate-code -Ttext=0x401000 -o cold-split cold.o &&
	    objcopy --strip-symbol=hot.cold cold-split &&
	    ld -z noseparate-code -Ttext=0x401010 -o cold-rebuilt cold.o &&
	    objcopy --strip-symbol=hot.cold cold-rebuilt &&
	    valgrind -q --tool=callgrind --dump-instr=yes --collect-jumps=yes \
	    --callgrind-out-file=cold.callgrind ./cold-split) >/dev/null 2>&1
	result $? "cold-split built and run under callgrind"
	for name in asm-cold-split asm-cold-rebuilt; do
		sed "s|^ob=(1) .*|ob=(1) $tmp/${name#asm-}|" "$tmp/cold.callgrind" \
		    >"$tmp/$name.callgrind"
		# shellcheck disable=SC2086
		(cd "$tmp" && $wrapper "$bin" --asm=yes --auto=no \
		    --threshold=100 "$name.callgrind") >"$tmp/all" 2>"$tmp/err" \
		    </dev/null
		result $? "$name: exit status $?"
		sed -n '/^-- Machine code:/,$p' "$tmp/all" >"$tmp/out"
		for f in out err; do
			want=tests/golden/asm/$name.$f
			[ -f "$want" ] || want=/dev/null
			sed "s|@DIR@|$tmp|g" "$want" >"$tmp/want"
			diff -u "$tmp/want" "$tmp/$f" >"$tmp/diff"
			result $? "$name: standard $f differs:
$(head -30 "$tmp/diff")"
		done
	done
else
	echo "asm: as, ld, objcopy, valgrind or objdump not installed: cold skipped"
	skipped=$((skipped + 7))
fi

# fn_jumps PROFILE NAME: the jumps of function NAME, "jcnd TAKEN/EXECUTED"
# or "jump COUNT", sorted: from the profile, its name ids resolved.
fn_jumps() {
	awk -v want="$2" '
	    /^(c|j)?fn=/ { s = substr($0, index($0, "=") + 1)
		if (match(s, /^\([0-9]+\)/)) {
			id = substr(s, 1, RLENGTH); rest = substr(s, RLENGTH + 1)
			sub(/^ /, "", rest)
			if (rest != "") name[id] = rest
			s = name[id]
		}
		if (/^fn=/) cur = s
		next }
	    cur == want && /^jcnd=/ { split(substr($0, 6), a, " "); print "jcnd " a[1] }
	    cur == want && /^jump=/ { split(substr($0, 6), a, " "); print "jump " a[1] }' \
	    "$1" | sort
}

# shown_jumps REPORT: the same of an --asm report's one function.
shown_jumps() {
	sed -n 's/^ *\(jcnd\) \([0-9,]*\/[0-9,]*\) taken.*/\1 \2/p
	    s/^ *\(jump\) \([0-9,]*\)x.*/\1 \2/p' "$1" | tr -d , | sort
}

if have cc && have valgrind && have objdump; then
	cc -O1 -g -o "$tmp/branchy" testdata/src/branchy.c
	valgrind -q --tool=callgrind --dump-instr=yes --collect-jumps=yes \
	    --callgrind-out-file="$tmp/branchy.callgrind" "$tmp/branchy" \
	    >/dev/null 2>&1
	result $? "branchy under callgrind"
	p=$tmp/branchy.callgrind
	# shellcheck disable=SC2086
	$wrapper "$bin" --asm=yes --auto=no --show-percs=no --threshold=100 \
	    --context=100000 "$p" >"$tmp/asm" 2>"$tmp/err"
	result $? "branchy --asm: exit status $?: $(cat "$tmp/err")"
	awk '/^-- Machine code: .*:loop \[/ { on = 1 }
	    on { print } on && /total of the instructions$/ { exit }' \
	    "$tmp/asm" >"$tmp/loop"
	sum=$(awk -F'\t' '/^ *[0-9,.]+ +[0-9a-f]+:\t/ {
		c = $1; sub(/^ */, "", c); sub(/ .*/, "", c)
		gsub(",", "", c); s += c } END { print s + 0 }' "$tmp/loop")
	self=$("$bin" --format=tsv --threshold=100 "$p" |
	    awk -F'\t' '$2 == "loop" { print $4 }')
	[ -n "$self" ] && [ "$sum" = "$self" ]
	result $? "branchy: loop's instructions cost $sum, its exclusive cost is $self"
	fn_jumps "$p" loop >"$tmp/want"
	shown_jumps "$tmp/loop" >"$tmp/got"
	[ -s "$tmp/want" ] && diff -u "$tmp/want" "$tmp/got" >"$tmp/diff"
	result $? "branchy: the jumps of loop, each once:
$(cat "$tmp/diff")"
	grep -Eq '^ *jcnd (1|999)/1,000 taken' "$tmp/loop"
	result $? "branchy: the loop's branch shows its 1,000 trips"
	grep -Eq '^ *jcnd (250|750)/1,000 taken' "$tmp/loop"
	result $? "branchy: the branch shows its bias, 250 of 1,000"
	# The same under the source line of the branch.
	"$bin" --auto=yes --threshold=100 "$p" >"$tmp/src" 2>&1
	grep -A3 'if ((i & 3) == 0) {' "$tmp/src" |
	    grep -Eq '^ *jcnd (250|750)/1,000 taken -> line [0-9]+$'
	result $? "branchy: the branch's bias under its source line"
	# With its callers in its name (loop'main), loop is still its
	# symbol: its code, and no note that the binary lacks it.
	valgrind -q --tool=callgrind --dump-instr=yes --separate-callers=1 \
	    --callgrind-out-file="$tmp/branchy-callers.callgrind" \
	    "$tmp/branchy" >/dev/null 2>&1
	"$bin" --asm=yes --auto=no --threshold=100 \
	    "$tmp/branchy-callers.callgrind" >"$tmp/asm2" 2>&1
	grep -q "^-- Machine code: .*:loop'main \[" "$tmp/asm2" &&
	    ! grep -q "has no symbol loop" "$tmp/asm2" &&
	    grep -q '<loop>' "$tmp/asm2"
	result $? "branchy, --separate-callers=1: loop'main's code under the symbol loop"
else
	echo "asm: cc, valgrind or objdump not installed: branchy skipped"
	skipped=$((skipped + 7))
fi

# Two static functions of one name in two files (tests/oracles/reconcile/
# a.c and b.c's helper) are two symbols: a section each, costing what
# the function list says of each, and neither holds main's code.
if have cc && have valgrind && have objdump; then
	cc -O1 -g -o "$tmp/twohelpers" tests/oracles/reconcile/a.c \
	    tests/oracles/reconcile/b.c
	valgrind -q --tool=callgrind --dump-instr=yes \
	    --callgrind-out-file="$tmp/twohelpers.callgrind" \
	    "$tmp/twohelpers" >/dev/null 2>&1
	p=$tmp/twohelpers.callgrind
	"$bin" --asm=yes --auto=no --focus='^helper$' --threshold=100 "$p" \
	    >"$tmp/asm3" 2>&1
	"$bin" --format=tsv --threshold=100 "$p" |
	    awk -F'\t' '$2 == "helper" { n = split($1, a, "/")
		print a[n] ":helper\t" $4 }' | sort >"$tmp/want"
	awk '/^-- Machine code: / { f = $4; n = split(f, a, "/"); f = a[n] }
	    / total of the instructions$/ { c = $1; gsub(",", "", c)
		print f "\t" c }' "$tmp/asm3" | sort >"$tmp/got"
	[ "$(wc -l <"$tmp/want")" = 2 ] && cmp -s "$tmp/want" "$tmp/got" &&
	    ! awk '/^-- Machine code: /,0' "$tmp/asm3" | grep -q '<main>:'
	result $? "two static helpers: a section each, as the list says:
$(paste "$tmp/want" "$tmp/got")"
else
	echo "asm: cc, valgrind or objdump not installed: two helpers skipped"
	skipped=$((skipped + 1))
fi

# /usr/bin/python3 under callgrind (Debian's python3.11 is stripped, and
# its functions are split hot and cold, the cold parts 1 MB away): no
# object is said not to match, and the instructions of the functions of
# a name in an object cost what the function list says of them: their
# sections (one a function named by fn=; code inlined from another file
# in its home's) summed, where each of them is listed.  Without a wrapper
# only: the run is long under one.
py=/usr/bin/python3
if [ -n "$wrapper" ]; then
	:
elif [ -x "$py" ] && have valgrind && have objdump; then
	valgrind -q --tool=callgrind --dump-instr=yes \
	    --callgrind-out-file="$tmp/py.callgrind" "$py" \
	    -c 'import json; json.dumps(list(range(1000)))' >/dev/null 2>&1
	result $? "python3 under callgrind"
	"$bin" --asm=yes --auto=no "$tmp/py.callgrind" >"$tmp/py.out" \
	    2>"$tmp/py.err"
	result $? "python3 --asm: exit status $?: $(head -3 "$tmp/py.err")"
	! grep -E 'does not match|cannot place' "$tmp/py.out" "$tmp/py.err" \
	    >"$tmp/py.bad"
	result $? "python3 --asm: $(wc -l <"$tmp/py.bad") notes of code not matching:
$(head -5 "$tmp/py.bad")"
	# The rows the report lists, by name and object, counted.
	awk '/^-- / { exit }
	    / \[[^]]*\]$/ && /^ *[0-9,]+ \( *[0-9.]+%\)  / {
		f = $0; sub(/^ *[0-9,]+ \( *[0-9.]+%\)  /, "", f)
		sub(/^[^:]*:/, "", f); n[f]++ }
	    END { for (f in n) print f "\t" n[f] }' "$tmp/py.out" |
	    sort >"$tmp/py.listed"
	# The function list's, of the names each of whose rows is listed.
	"$bin" --format=tsv --threshold=100 "$tmp/py.callgrind" |
	    awk -F'\t' 'NR > 1 { f = $2 " [" $3 "]"; s[f] += $4; n[f]++ }
		END { for (f in s) print f "\t" s[f] "\t" n[f] }' | sort |
	    join -t "$(printf '\t')" - "$tmp/py.listed" |
	    awk -F'\t' '$3 == $4 { print $1 "\t" $2 }' >"$tmp/py.self"
	awk '/^-- Machine code: / { f = substr($0, 18); sub(/^[^:]*:/, "", f) }
	    / total of the instructions$/ { c = $1; gsub(",", "", c)
		s[f] += c } END { for (f in s) print f "\t" s[f] }' \
	    "$tmp/py.out" | sort >"$tmp/py.code"
	join -t "$(printf '\t')" "$tmp/py.self" "$tmp/py.code" |
	    awk -F'\t' '$2 != $3' >"$tmp/py.diff"
	[ -s "$tmp/py.code" ] && [ ! -s "$tmp/py.diff" ] &&
	    [ "$(join -t "$(printf '\t')" "$tmp/py.self" "$tmp/py.code" |
	    wc -l)" -ge "$(($(wc -l <"$tmp/py.code") * 9 / 10))" ]
	result $? "python3 --asm: $(wc -l <"$tmp/py.code") functions' instructions, $(wc -l <"$tmp/py.diff") not costing what the function list says:
$(head -5 "$tmp/py.diff")"
else
	echo "asm: $py, valgrind or objdump not there: python3 skipped"
	skipped=$((skipped + 4))
fi

finish
