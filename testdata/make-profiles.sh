#!/bin/sh
# Regenerate the profiles in testdata/ (for maintainers; the tests do not run
# this).  Run from the repository root: ./testdata/make-profiles.sh
# ./testdata/make-profiles.sh listings remakes only the profiles of the
# listings by file and by object (shlib*, tmpl), leaving the others alone.
# Needs gcc and valgrind (the profiles were made with valgrind 3.19.0, gcc 12.2).
# Binaries go to $BIN (default /tmp/gold/bin), never into the repository.
# The numbers in the profiles depend on the compiler, libc and valgrind
# versions, so the golden outputs in tests/golden/ must be remade afterwards.
set -eu
[ -f testdata/src/sortprog.c ] || { echo "run from the repository root" >&2; exit 1; }
BIN=${BIN:-/tmp/gold/bin}
TMP=${TMP:-/tmp/gold/tmp}
mkdir -p "$BIN" "$TMP"
rm -f "$TMP"/*
T=testdata

# --- build ---
# Relative source paths, and the compile directory (the repository root) mapped
# to "." in the debug info, so that valgrind writes fl=./testdata/src/X.c and
# not an absolute path: the profiles and goldens do not depend on where the
# repository is.  (gcc takes the directory from $PWD when it names the current
# directory, else from getcwd; map both.)
DPM="-fdebug-prefix-map=$PWD=."
[ "$(pwd -P)" = "$PWD" ] || DPM="$DPM -fdebug-prefix-map=$(pwd -P)=."
gcc -g -O1 $DPM -o "$BIN/sortprog" $T/src/sortprog.c
gcc -g -O2 $DPM -o "$BIN/strhash" $T/src/strmain.c $T/src/strhash.c $T/src/strwords.c
gcc -g -O1 $DPM -o "$BIN/recur" $T/src/recur.c
gcc -g -O1 $DPM -o "$BIN/recur2" $T/src/recur2.c
gcc -g -O1 $DPM -pthread -o "$BIN/threads" $T/src/threads.c
gcc -g -O1 $DPM -o "$BIN/forkprog" $T/src/forkprog.c
gcc -g -O1 $DPM -o "$BIN/wordfreq" $T/src/wordfreq.c
# ann1.c: compiled in testdata/src, the directory mapped to nothing, DWARF 4, so
# that valgrind names its source plain "ann1.c" (found only with -I testdata/src).
(cd $T/src && DPM1="-fdebug-prefix-map=$PWD=" &&
    { [ "$(pwd -P)" = "$PWD" ] || DPM1="$DPM1 -fdebug-prefix-map=$(pwd -P)="; } &&
    gcc -g -gdwarf-4 -O1 $DPM1 -o "$BIN/ann1" ann1.c)

cg() { # cg OUTNAME VALGRIND-OPTIONS... -- PROGRAM ARGS...
    out=$1; shift
    valgrind -q --tool=callgrind --callgrind-out-file=$T/$out "$@" >/dev/null
}
M=--toggle-collect=main
# Fixed cache geometry: no warnings, same desc: lines on every machine.
C="--I1=32768,8,64 --D1=32768,8,64 --LL=8388608,16,64"

# --- listings by object and by file (tests/oracles/listings.sh) ---
# shapes: a program of ours linked against a shared library of ours
# (libshapes.so in $BIN, found through the rpath); the library calls back
# into the program through a function pointer.  ob= lines name the program,
# libshapes.so, libc and ld.so.
gcc -g -O1 $DPM -fPIC -shared -o "$BIN/libshapes.so" $T/src/shapes-lib.c
gcc -g -O1 $DPM -o "$BIN/shapes" $T/src/shapes-main.c -L"$BIN" -lshapes \
    -Wl,-rpath,"$BIN"
# tmpl: C++ templates of tmpl.h inlined into the functions of tmpl.cc: fi=/fe=
# lines put one function's cost under tmpl.cc and tmpl.h.
g++ -g -O2 $DPM -o "$BIN/tmpl" $T/src/tmpl.cc
cg shlib.callgrind            $M "$BIN/shapes"
cg shlib-full-instr.callgrind --dump-instr=yes "$BIN/shapes"
cg tmpl.callgrind             $M "$BIN/tmpl"
if [ "${1:-}" = listings ]; then
    chmod 644 $T/shlib.callgrind $T/shlib-full-instr.callgrind $T/tmpl.callgrind
    exit 0
fi

# --- wordfreq: one program, two inputs, for --diff ---
cg wordfreq-readme.callgrind         $M "$BIN/wordfreq" README
cg wordfreq-copying.callgrind        $M "$BIN/wordfreq" COPYING
# --- and on two inputs that stay (1,208 and 1,598 bytes), with the cache
# simulated for several events, for the gate (--fail-above, tests/scripts/gate.sh) ---
cg wordfreq-gate-small.callgrind     $M --cache-sim=yes $C "$BIN/wordfreq" $T/src/recur.c
cg wordfreq-gate-large.callgrind     $M --cache-sim=yes $C "$BIN/wordfreq" $T/src/sortprog.c

# --- sortprog ---
cg sortprog-plain.callgrind          $M "$BIN/sortprog"
cg sortprog-instr.callgrind          $M --dump-instr=yes "$BIN/sortprog"
cg sortprog-cachesim.callgrind       $M --cache-sim=yes $C "$BIN/sortprog"
cg sortprog-nocompress-pos.callgrind $M --compress-pos=no "$BIN/sortprog"
cg sortprog-multipart.callgrind      $M --combine-dumps=yes --dump-before=checksum "$BIN/sortprog"
# one file per dump: sortprog-everybb.callgrind.1 (part 1), then the last
cg sortprog-everybb.callgrind        $M --dump-every-bb=150000 "$BIN/sortprog"

# --- strhash (several source files, static inline functions from strhash.h) ---
cg strhash-plain.callgrind       $M "$BIN/strhash"
cg strhash-jumps.callgrind       $M --collect-jumps=yes "$BIN/strhash"
cg strhash-instr-jumps.callgrind $M --dump-instr=yes --collect-jumps=yes "$BIN/strhash"
cg strhash-branchsim.callgrind   $M --branch-sim=yes "$BIN/strhash"
cg strhash-instronly.callgrind   $M --dump-line=no --dump-instr=yes "$BIN/strhash"
cg strhash-multipart-cache.callgrind $M --cache-sim=yes $C --combine-dumps=yes --dump-before=table_free "$BIN/strhash"

# --- recur (direct/mutual recursion, 3-cycle) ---
cg recur-plain.callgrind              $M "$BIN/recur"
cg recur-seprecs3.callgrind           $M --separate-recs=3 "$BIN/recur"
cg recur-cache-branch.callgrind       $M --cache-sim=yes --branch-sim=yes $C "$BIN/recur"
cg recur-nocompress-strings.callgrind $M --compress-strings=no "$BIN/recur"
# recursion levels for tests/scripts/inclusive.sh: none (f calls f), default (f'2), 10
cg recur-seprecs1.callgrind           $M --separate-recs=1 "$BIN/recur"
# callers in the names (f'g'h): flame graphs follow the calls as they were
cg recur-sepcallers2.callgrind        $M --separate-callers=2 "$BIN/recur"
cg recur-seprecs10.callgrind          $M --separate-recs=10 "$BIN/recur"
cg recur2-plain.callgrind             $M "$BIN/recur2"
cg recur2-seprecs1.callgrind          $M --separate-recs=1 "$BIN/recur2"
cg recur2-seprecs10.callgrind         $M --separate-recs=10 "$BIN/recur2"

# --- ann1: relative source name "ann1.c" (testdata/ann/, for -I/--include) ---
cg ann/ann1.callgrind                 $M "$BIN/ann1"

# --- threads: one file per thread ---
valgrind -q --tool=callgrind --callgrind-out-file=$TMP/threads.callgrind \
    --separate-threads=yes $M --toggle-collect=worker "$BIN/threads" >/dev/null
for f in "$TMP"/threads.callgrind-*; do
    n=${f##*-}; n=${n#0}
    mv "$f" $T/threads-septhreads-t$n.callgrind
done

# --- threads without --separate-threads: clone is each thread's root ---
cg threads-joined.callgrind "$BIN/threads"

# --- interpreters: their evaluation loop is called back from dozens of
# helpers, which puts hundreds of functions in one cycle (gzip-compressed) ---
cg python3-json.callgrind /usr/bin/python3 -c \
    'import json; json.dumps(list(range(10000)))'
cg perl-hash.callgrind /usr/bin/perl -e \
    'my %h; $h{$_} = $_ * 2 for 1..20000; my $s = 0; $s += $h{$_} for keys %h; print "$s\n"'
gzip -9nf $T/python3-json.callgrind $T/perl-hash.callgrind

# --- forkprog: valgrind follows the child; one file per process ---
valgrind -q --tool=callgrind --callgrind-out-file=$TMP/fork.%p.callgrind \
    $M "$BIN/forkprog" >/dev/null
for f in "$TMP"/fork.*.callgrind; do
    if grep -q ' child_work$' "$f"; then mv "$f" $T/forkprog-child.callgrind
    else mv "$f" $T/forkprog-parent.callgrind; fi
done

# --- programs of the system, full profiles (start-up, ld.so, libc) ---
cg true-full.callgrind  /bin/true
cg sort-full.callgrind  /usr/bin/sort $T/sort-input.txt
cg gzip-full-cachesim.callgrind --cache-sim=yes $C /bin/gzip -c -n $T/sort-input.txt

# --- cachegrind (no way to leave start-up out in 3.19: full profiles) ---
valgrind -q --tool=cachegrind $C --cachegrind-out-file=$T/sortprog.cachegrind "$BIN/sortprog" >/dev/null
valgrind -q --tool=cachegrind $C --cache-sim=no --branch-sim=yes \
    --cachegrind-out-file=$T/recur-branch.cachegrind "$BIN/recur" >/dev/null
# two runs on different inputs, and cg_diff's difference of them (negative
# counts)
valgrind -q --tool=cachegrind $C --cachegrind-out-file=$T/wordfreq-readme.cachegrind \
    "$BIN/wordfreq" README >/dev/null
valgrind -q --tool=cachegrind $C --cachegrind-out-file=$T/wordfreq-copying.cachegrind \
    "$BIN/wordfreq" COPYING >/dev/null
cg_diff $T/wordfreq-readme.cachegrind $T/wordfreq-copying.cachegrind \
    >$T/wordfreq-diff.cachegrind
chmod 644 $T/*.callgrind $T/*.cachegrind $T/ann/ann1.callgrind
