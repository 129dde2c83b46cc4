#!/bin/sh
# bench/run.sh: the benchmark behind `make bench`.
#
# The seed, bench/seed.callgrind.gz, is a real profile: cgannotate itself
# (built with -g) reporting on testdata/sort-full.callgrind, under callgrind
# with --dump-instr=yes --collect-jumps=yes, so that its own code and
# libc's have line numbers.  It is kept in the repository, so that runs at
# different commits time the same profiles; BENCH_NEW_SEED=1 makes it
# again from the cgannotate built now.  bench/mkprofile grows it to each
# size, then this times, in one go and several times each:
# cgannotate (default report, which reads a file in two threads where
# there are two processors, -j 2, and the same with -j1; --inclusive=yes
# --tree=both; --auto=no; --format=json; --format=html, and the time its
# page takes to open in headless chromium, bench/page-open.js, when
# chromium and node are there),
# callgrind_annotate on the smallest profile, --asm=yes on a profile of
# /usr/bin/python3 beside the report without it (bench/asm.sh), and
# `wc -l` and
# `cat >/dev/null` on the same files as the floor.  bench/floor, timed
# too, parses every number of every cost line and does nothing else, in
# one thread and in two: the least any reader of the format must do.
# The reference floor (floor-fast.c, 64 bytes at a time with AVX-512;
# README.md beside it), from BENCH_FLOOR_DIR (by default
# ../shared/reference/floor), when it is there and the CPU has the
# features it needs; a line says why it was skipped otherwise.
# Then the keys of --tui on the largest profile, through tmux
# (bench/tui.sh: a table of its own, or a line saying tmux is missing).
# Prints medians, MB/s, peak memory and the ratios, and appends them to
# bench/RESULTS.md.
#
#   BENCH_SIZES="32 512"   profile sizes in MB
#   BENCH_RUNS=5           runs of each command (median taken)
#   BENCH_REF_RUNS=3       runs of callgrind_annotate
#   BENCH_NEW_SEED=1       make the seed again
#   BENCH_FLOOR_DIR=DIR    where floor-fast.c is
#   BENCH_BASE=REV         also time git revision REV's build (the
#                          default report and --inclusive=yes
#                          --tree=both), in turns with this one, and
#                          give the ratio of this build's time to it
set -eu
cd "$(dirname "$0")/.."
sizes=${BENCH_SIZES:-32 512}
runs=${BENCH_RUNS:-5}
ref_runs=${BENCH_REF_RUNS:-3}
dir=build/bench
results=bench/RESULTS.md
mkdir -p "$dir"

seed=bench/seed.callgrind.gz
cc -O2 -o "$dir/mkprofile" bench/mkprofile.c
cc -O2 -pthread -o "$dir/floor" bench/floor.c
if [ ! -s "$seed" ] || [ -n "${BENCH_NEW_SEED-}" ]; then
	valgrind -q --tool=callgrind --dump-instr=yes --collect-jumps=yes \
	    --callgrind-out-file="$dir/seed.callgrind" \
	    ./cgannotate --inclusive=yes --tree=both \
	    testdata/sort-full.callgrind >/dev/null
	gzip -9n <"$dir/seed.callgrind" >"$seed"
fi
gzip -dc "$seed" >"$dir/seed.callgrind"
for size in $sizes; do
	p=$dir/profile-$size.callgrind
	# Made again when the seed is newer.
	[ -s "$p" ] && [ "$p" -nt "$seed" ] ||
	    "$dir/mkprofile" "$dir/seed.callgrind" "$size" >"$p"
done

# time_runs N CMD...: N runs; prints "median_seconds max_rss_kb", the time
# from the clock (nanoseconds), the memory from time(1).
time_runs() {
	n=$1
	shift
	: >"$dir/times"
	i=0
	while [ "$i" -lt "$n" ]; do
		t0=$(date +%s%N)
		/usr/bin/time -f '%M' -o "$dir/one" "$@" >/dev/null 2>&1 ||
		    { echo "bench: failed: $*" >&2; exit 1; }
		t1=$(date +%s%N)
		echo "$(( (t1 - t0) / 1000 )) $(cat "$dir/one")" >>"$dir/times"
		i=$((i + 1))
	done
	sort -n "$dir/times" | awk '{ t[NR] = $1; if ($2 > m) m = $2 }
	    END { printf "%.3f %d\n", t[int((NR + 1) / 2)] / 1e6, m }'
}

# The reference floor, built when its source is here and the CPU has
# AVX-512 with VBMI, VBMI2, CD and BW; ref_floor stays empty otherwise,
# and ref_floor_why says why.
ref_floor=
ref_floor_src=${BENCH_FLOOR_DIR:-../shared/reference/floor}/floor-fast.c
if [ ! -f "$ref_floor_src" ]; then
	ref_floor_why="$ref_floor_src is not here"
elif ! awk '/^flags/ { f = " " $0 " "; exit }
    END { exit !(f ~ / avx512bw / && f ~ / avx512cd / &&
    f ~ / avx512vbmi / && f ~ / avx512_vbmi2 /) }' /proc/cpuinfo; then
	ref_floor_why="this CPU lacks AVX-512 BW, CD, VBMI or VBMI2"
else
	fcc=cc
	command -v clang >/dev/null 2>&1 && fcc=clang
	if $fcc -std=c11 -O2 -march=native -pthread -o "$dir/floor-fast" \
	    "$ref_floor_src" 2>"$dir/floor-fast.log"; then
		ref_floor=$dir/floor-fast
	else
		ref_floor_why="$fcc could not build $ref_floor_src ($dir/floor-fast.log)"
	fi
fi

# BENCH_BASE: the build of another revision, timed beside this one.
base=
if [ -n "${BENCH_BASE-}" ]; then
	rm -rf "$dir/base" && mkdir -p "$dir/base"
	git archive "$BENCH_BASE" | tar -x -C "$dir/base"
	make -C "$dir/base" --no-print-directory cgannotate >/dev/null
	base=$dir/base/cgannotate
fi

machine="$(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $(awk -F': ' '/model name/ { print $2; exit }' /proc/cpuinfo)"
commit=$(git rev-parse --short HEAD 2>/dev/null || echo unknown)
report=$dir/report.md
{
	echo "## $(date -u '+%Y-%m-%d %H:%M UTC'), commit $commit"
	echo
	echo "Machine: $machine."
	echo "Seed: $(wc -c <"$dir/seed.callgrind") bytes; $runs runs each" \
	    "($ref_runs of callgrind_annotate); medians; files in the page cache."
	echo
	echo "| profile | command | seconds | MB/s | peak RSS MB | x wc -l | x cgannotate |"
	echo "|---|---|---|---|---|---|---|"
} >"$report"

first=
for size in $sizes; do
	p=$dir/profile-$size.callgrind
	mb=$(awk -v b="$(wc -c <"$p")" 'BEGIN { printf "%.1f", b / 1048576 }')
	cat "$p" >/dev/null
	set -- $(time_runs "$runs" wc -l "$p"); wc_t=$1
	row() {	# label seconds rss
		echo "| $mb MB | $1 | $2 | $(awk -v m="$mb" -v t="$2" 'BEGIN { printf "%.0f", (t > 0 ? m / t : 0) }') | $(awk -v k="$3" 'BEGIN { printf "%.1f", k / 1024 }') | $(awk -v t="$2" -v w="$wc_t" 'BEGIN { printf "%.1f", (w > 0 ? t / w : 0) }') | $4 |" >>"$report"
	}
	row "wc -l" "$wc_t" "$2" ""
	set -- $(time_runs "$runs" sh -c "cat '$p' >/dev/null")
	row "cat >/dev/null" "$1" "$2" ""
	set -- $(time_runs "$runs" "$dir/floor" "$p")
	row "floor: cost lines parsed, 1 thread" "$1" "$2" ""
	set -- $(time_runs "$runs" "$dir/floor" -j2 "$p")
	row "floor: cost lines parsed, 2 threads" "$1" "$2" ""
	if [ -n "$ref_floor" ]; then
		set -- $(time_runs "$runs" "$ref_floor" "$p")
		row "reference floor: cost lines parsed, 1 thread" "$1" "$2" ""
		set -- $(time_runs "$runs" "$ref_floor" -j2 "$p")
		row "reference floor: cost lines parsed, 2 threads" "$1" "$2" ""
		set -- $(time_runs "$runs" "$ref_floor" -t "$p")
		row "reference floor: self-cost table, 1 thread" "$1" "$2" ""
		set -- $(time_runs "$runs" "$ref_floor" -t -j2 "$p")
		row "reference floor: self-cost table, 2 threads" "$1" "$2" ""
	else
		echo "| $mb MB | reference floor: skipped, $ref_floor_why | | | | | |" >>"$report"
	fi
	set -- $(time_runs "$runs" ./cgannotate "$p"); def_t=$1
	row "cgannotate" "$1" "$2" "1"
	eval "def_$size=$def_t"
	set -- $(time_runs "$runs" ./cgannotate -j1 "$p")
	row "cgannotate -j1" "$1" "$2" "$(awk -v h="$1" -v c="$def_t" 'BEGIN { printf "%.2f", (c > 0 ? h / c : 0) }')"
	set -- $(time_runs "$runs" ./cgannotate --inclusive=yes --tree=both "$p")
	row "cgannotate --inclusive=yes --tree=both" "$1" "$2" ""
	set -- $(time_runs "$runs" ./cgannotate --auto=no "$p")
	row "cgannotate --auto=no" "$1" "$2" ""
	set -- $(time_runs "$runs" ./cgannotate --format=json "$p")
	row "cgannotate --format=json" "$1" "$2" ""
	set -- $(time_runs "$runs" ./cgannotate --format=html "$p")
	row "cgannotate --format=html" "$1" "$2" "$(awk -v h="$1" -v c="$def_t" 'BEGIN { printf "%.2f", (c > 0 ? h / c : 0) }')"
	# The page opening in headless chromium, when it and node are here.
	if [ -x "${CHROMIUM:-/usr/bin/chromium}" ] &&
	    command -v node >/dev/null 2>&1 &&
	    { [ -d tests/browser/node_modules/playwright-core ] ||
	    (cd tests/browser && npm ci --no-audit --no-fund --silent); }; then
		./cgannotate --format=html "$p" >"$dir/page-$size.html"
		pmb=$(awk -v b="$(wc -c <"$dir/page-$size.html")" 'BEGIN { printf "%.1f", b / 1048576 }')
		t=$(node bench/page-open.js "$dir/page-$size.html" 3) &&
		    echo "| $mb MB | its page ($pmb MB) opening in headless chromium | $t | | | | |" >>"$report"
	fi
	if [ -n "$base" ]; then
		# In turns, so that both see the same machine.
		for args in "" "--inclusive=yes --tree=both"; do
			: >"$dir/pairs"
			i=0
			while [ "$i" -lt "$runs" ]; do
				set -- $(time_runs 1 $base $args "$p")
				bt=$1
				set -- $(time_runs 1 ./cgannotate $args "$p")
				echo "$bt $1" >>"$dir/pairs"
				i=$((i + 1))
			done
			# Medians of each column and of the pairs' ratios.
			med() { sort -n | awk '{ v[NR] = $1 }
			    END { printf "%.3f", v[int((NR + 1) / 2)] }'; }
			set -- "$(awk '{ print $1 }' "$dir/pairs" | med)" \
			    "$(awk '{ print $2 }' "$dir/pairs" | med)" \
			    "$(awk '{ print $2 / $1 }' "$dir/pairs" | med)"
			echo "| $mb MB | base $BENCH_BASE ${args:-(default)} | $1 | | | | |" >>"$report"
			echo "| $mb MB | this build ${args:-(default)}, in turns | $2 | | | | x$3 of base |" >>"$report"
		done
	fi
	if [ -z "$first" ]; then
		first=$size
		set -- $(time_runs "$ref_runs" callgrind_annotate "$p")
		row "callgrind_annotate" "$1" "$2" "$(awk -v r="$1" -v c="$def_t" 'BEGIN { printf "%.0f", (c > 0 ? r / c : 0) }')"
	fi
done
# --asm=yes on a profile of python3, beside the report without it.
sh bench/asm.sh >>"$report"
{
	echo
	set -- $sizes
	if [ $# -ge 2 ]; then
		eval "a=\$def_$1 b=\$def_$2"
		echo "Time of the default report, ${2} MB / ${1} MB:" \
		    "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1f", (a > 0 ? b / a : 0) }')" \
		    "(sizes ratio $(awk -v x="$1" -v y="$2" 'BEGIN { printf "%.1f", y / x }'))."
	fi
	echo
} >>"$report"
# --tui: each key's time to a settled screen, on the largest profile.
for last in $sizes; do :; done
sh bench/tui.sh "$dir/profile-$last.callgrind" >>"$report"
cat "$report"
[ -f "$results" ] || printf '# Benchmark results\n\nEach run of `make bench` appends its figures here.\n\n' >"$results"
cat "$report" >>"$results"
