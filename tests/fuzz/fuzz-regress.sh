#!/bin/sh
# fuzz-regress.sh FUZZER...: each libFuzzer target run once on each input
# of tests/fuzz/regress/ (inputs that once made one fail), with no random
# runs: the fuzzers' part of make check.  Their banners go to
# build/fuzz-regress.log; a failure prints the tail of its run.  A target
# takes 64 inputs a process (it stops at the first that fails, and each
# input of that batch is then run alone, to name it), and the targets run
# side by side: a process a file took most of this script's time.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
mkdir -p build
log=build/fuzz-regress.log
: >"$log"
BATCH=64

# one FUZZER N: the target over every input; "passed failed" in $tmp/N.n,
# its messages in $tmp/N.msg, its banners in $tmp/N.log.
one() {
	fuzzer=$1 n=$2 p=0 f=0
	: >"$tmp/$n.msg"
	: >"$tmp/$n.log"
	set --
	for input in tests/fuzz/regress/*; do
		[ -f "$input" ] || continue
		set -- "$@" "$input"
		if [ $# = $BATCH ]; then
			batch "$@"
			set --
		fi
	done
	[ $# = 0 ] || batch "$@"
	echo "$p $f" >"$tmp/$n.n"
}

# batch INPUT...: one process for all; if it fails, one for each.
batch() {
	if "$fuzzer" "$@" >"$tmp/$n.out" 2>&1; then
		cat "$tmp/$n.out" >>"$tmp/$n.log"
		p=$((p + $#))
		return
	fi
	for input in "$@"; do
		"$fuzzer" "$input" >"$tmp/$n.out" 2>&1
		status=$?
		cat "$tmp/$n.out" >>"$tmp/$n.log"
		if [ "$status" = 0 ]; then
			p=$((p + 1))
		else
			f=$((f + 1))
			{
				echo "FAIL $(basename "$fuzzer") $input: exit status $status"
				tail -20 "$tmp/$n.out"
			} >>"$tmp/$n.msg"
		fi
	done
}

i=0
for fuzzer in "$@"; do
	one "$fuzzer" "$i" &
	i=$((i + 1))
done
wait
i=0
for fuzzer in "$@"; do
	cat "$tmp/$i.log" >>"$log"
	cat "$tmp/$i.msg"
	if [ -s "$tmp/$i.n" ]; then
		read -r np nf <"$tmp/$i.n"
		passed=$((passed + np))
		failed=$((failed + nf))
	else
		failed=$((failed + 1))
		echo "FAIL $(basename "$fuzzer"): counted nothing"
	fi
	i=$((i + 1))
done
finish
