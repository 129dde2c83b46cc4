#!/bin/sh
# inclusive.sh CGANNOTATE: checks cgannotate's inclusive costs (--inclusive=yes)
# on profiles with recursion, where callgrind_annotate's figures are wrong (it
# adds up every recursion level, so a function can cost several times the
# program) and cgannotate counts each strongly connected component of the call
# graph once.  No reference is needed: the checks are properties every right
# figure has.  For each profile below, run from the repository top directory:
#
#   cgannotate --inclusive=yes --threshold=100 --auto=no --tree=both PROFILE
#   cgannotate --inclusive=no  --threshold=100 --auto=no PROFILE
#
# and check, on the first event's column:
#   bounds   every function's inclusive cost (its "*" row) is at most the
#            PROGRAM TOTALS figure and at least its exclusive cost (from the
#            second run), and every function of the second run has a "*" row;
#   FN=C,..  the inclusive cost of FN (the function where a recursion is
#            entered; FUNCTION or FILE:FUNCTION) equals the sum of the "<"
#            caller rows of FN from the callers C,... (their recursion levels
#            C'2, C'3 ... included): the cost of the calls that enter the
#            recursion.
# Profiles without recursion (strhash-plain, threads, forkprog) are checked the
# same way, and their "*" rows against the function list of an incl-* golden
# case made with the reference (callgrind_annotate is right without recursion).
#
# The profiles are made by testdata/make-profiles.sh: recur.c (fact, fib,
# is_even/is_odd, cyc_a->cyc_b->cyc_c) and recur2.c (sum_to entered from use_a,
# use_b and outer; walk->step->walk; outer running sum_to at each level) with
# the default --separate-recs (fn'2 levels calling each other), with
# --separate-recs=1 (no fn'2 names: f calls f) and with --separate-recs=3 and
# 10; sortprog (merge_sort, and qsort's msort_with_tmp in libc) as well.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1

# Prints "inclusive|exclusive|caller TAB name TAB cost [TAB caller]" records
# and "total TAB cost".  Costs lose their commas; "." is 0.  Names lose the
# call count " (Nx)" and the object " [OBJ]".
parse() {
	awk -v mode="$1" '
	function num(s) { if (s == ".") return 0; gsub(/,/, "", s); return s + 0 }
	function strip(s) {
		sub(/ \[[^]]*\]$/, "", s)
		sub(/ \([0-9,]+x\)$/, "", s)
		return s
	}
	/^[ ]*[0-9,.]+ .* PROGRAM TOTALS$/ { split($0, f, " "); print "total\t" num(f[1]); next }
	/file:function$/ { list = 1; next }
	!list { next }
	/^$/ { n = 0; next }
	/^-+$/ { next }
	{
		line = $0
		sub(/^ +/, "", line)
		cost = line; sub(/ .*/, "", cost)
		# every event column: "N", "N (P%)" or "."
		while (match(line, /^[0-9,.]+( \( *-?[0-9.]+%\))? +/))
			line = substr(line, RLENGTH + 1)
		if (mode == "excl") { print "exclusive\t" strip(line) "\t" num(cost); next }
		if (line ~ /^< /) { sub(/^< /, "", line); callers[++n] = strip(line) "\t" num(cost); next }
		if (line ~ /^\* /) {
			sub(/^\* +/, "", line); name = strip(line)
			print "inclusive\t" name "\t" num(cost)
			for (i = 1; i <= n; i++) print "caller\t" name "\t" callers[i]
			n = 0
		}
	}'
}

# bounds PROFILE: the inclusive figures are within [exclusive, total].
bounds() {
	awk -F '\t' -v p="$1" '
	$1 == "total" { total = $2 }
	$1 == "exclusive" { excl[$2] = $3; nexcl++ }
	$1 == "inclusive" { incl[$2] = $3; nincl++ }
	END {
		bad = 0
		if (total == "" || nexcl == 0) { print p ": nothing parsed"; exit 1 }
		for (f in excl) {
			if (!(f in incl)) { print p ": " f ": no inclusive row"; bad++; continue }
			if (incl[f] < excl[f]) { print p ": " f ": inclusive " incl[f] " < exclusive " excl[f]; bad++ }
			if (incl[f] > total) { print p ": " f ": inclusive " incl[f] " > total " total; bad++ }
		}
		if (nincl != nexcl) { print p ": " nincl " inclusive rows, " nexcl " functions"; bad++ }
		exit bad > 0
	}' "$tmp/incl.rec" "$tmp/excl.rec"
}

# entry PROFILE FN CALLER,...: inclusive(FN) = sum of FN's "<" rows from them.
entry() {
	awk -F '\t' -v p="$1" -v fn="$2" -v callers="$3" '
	function base(name) { sub(/.*:/, "", name); sub(/\047[0-9]+$/, "", name); return name }
	# FN is a function name, or FILE:FUNCTION matching the end of the name
	function is_fn(name) {
		if (name ~ /\047/) return 0
		if (index(fn, ":")) return substr(name, length(name) - length(fn) + 1) == fn
		return base(name) == fn
	}
	BEGIN { n = split(callers, c, ","); for (i = 1; i <= n; i++) want[c[i]] = 1 }
	$1 == "inclusive" && is_fn($2) { incl = $3; found++ }
	$1 == "caller" && is_fn($2) && (base($3) in want) { sum += $4; rows++ }
	END {
		if (found != 1) { print p ": " fn ": " found + 0 " rows named so"; exit 1 }
		if (rows == 0) { print p ": " fn ": no caller row from " callers; exit 1 }
		if (incl != sum) { print p ": " fn ": inclusive " incl " != " sum " entering from " callers " (" rows " rows)"; exit 1 }
	}' "$tmp/incl.rec"
}

# check PROFILE [FN=CALLER,CALLER...]...
check() {
	prof=testdata/$1
	shift
	if ! "$bin" --inclusive=yes --threshold=100 --auto=no --tree=both "$prof" \
	    >"$tmp/incl.out" 2>"$tmp/err" || [ -s "$tmp/err" ]; then
		fail "$prof: --inclusive=yes failed: $(head -3 "$tmp/err")"
		return
	fi
	if ! "$bin" --inclusive=no --threshold=100 --auto=no "$prof" \
	    >"$tmp/excl.out" 2>"$tmp/err" || [ -s "$tmp/err" ]; then
		fail "$prof: --inclusive=no failed: $(head -3 "$tmp/err")"
		return
	fi
	parse incl <"$tmp/incl.out" >"$tmp/incl.rec"
	parse excl <"$tmp/excl.out" >"$tmp/excl.rec"
	if msg=$(bounds "$prof"); then ok; else fail "bounds: $msg"; fi
	for spec in "$@"; do
		if msg=$(entry "$prof" "${spec%%=*}" "${spec#*=}"); then ok
		else fail "entry $spec: $msg"; fi
	done
}

R1="fact=main fib=main cyc_a=main"
R2="sum_to=use_a,use_b,outer outer=main walk=main use_a=main use_b=main"
# shellcheck disable=SC2086
{
check recur-plain.callgrind              $R1
check recur-seprecs1.callgrind           $R1
check recur-seprecs3.callgrind           $R1
check recur-seprecs10.callgrind          $R1
check recur-nocompress-strings.callgrind $R1
check recur-cache-branch.callgrind       $R1
check recur2-plain.callgrind             $R2
check recur2-seprecs1.callgrind          $R2
check recur2-seprecs10.callgrind         $R2
check sortprog-plain.callgrind           merge_sort=main
}

R3="strwords.c:split_words=main strhash.c:table_add=add_word"
# against PROFILE GOLDEN [FN=CALLER,...]...: check PROFILE; then, as it has no
# recursion, its "*" rows must be the reference's inclusive costs: the function
# list of tests/golden/GOLDEN (made with the reference, --inclusive=yes
# --threshold=100 --auto=no).
against() {
	golden=$2
	prof=$1
	shift 2
	check "$prof" "$@"
	want=tests/golden/$golden
	if [ ! -f "$want" ]; then
		fail "$want missing"
		return
	fi
	parse excl <"$want" | awk -F '\t' '$1 == "exclusive" { print $2 "\t" $3 }' |
	    sort >"$tmp/want.rec"
	awk -F '\t' '$1 == "inclusive" { print $2 "\t" $3 }' "$tmp/incl.rec" |
	    sort >"$tmp/got.rec"
	if [ -s "$tmp/want.rec" ] && cmp -s "$tmp/want.rec" "$tmp/got.rec"; then
		ok
	else
		fail "$prof: inclusive costs differ from $want:"
		diff "$tmp/want.rec" "$tmp/got.rec" | head -10
	fi
}
# shellcheck disable=SC2086
against strhash-plain.callgrind           incl-strhash-plain-threshold-100.out $R3
against threads-septhreads-t1.callgrind   incl-threads-t1.out
against forkprog-child.callgrind          incl-forkprog-child.out

finish
