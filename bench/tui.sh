#!/bin/sh
# bench/tui.sh: the keys of cgannotate --tui timed through a real
# terminal emulator, tmux, on a private server (tmux -L cga-bench, its
# window 160x50), as rows of a table after bench/run.sh's, which runs it
# on its largest profile; alone, it prints them.  The issue's bound:
# after loading, every key answers within 50 ms.
#
# bench/tui.py drives tmux in control mode.  A figure is the time from
# send-keys written to tmux to the last %output notification (the
# program's bytes as tmux reads them from the pty) before the screen
# settled: at least one output, then none for 100 ms (not counted), and
# capture-pane showing the state the key must bring.  It includes tmux
# taking the command and writing the key, cgannotate's work, drawing
# and writing, and the notification's way back to the driver (some
# 0.4 ms: perf trace of the program's own read of the key and last
# write gave 57.2, 82.1, 66.1, 86.7 ms where the driver said 57.6,
# 82.6, 66.4, 87.1 ms); nothing is subtracted.  capture-pane runs only
# after the quiet period, never inside a figure.  Each key runs
# BENCH_TUI_REPS times in each of BENCH_TUI_SESSIONS runs of the
# program (the flame's first opening and the load once in each);
# median and worst of them all.  bench/tui.py says which keys, and how.
#
#   BENCH_TUI_SESSIONS=3   runs of cgannotate --tui
#   BENCH_TUI_REPS=10      repetitions of each key in each run
#   BENCH_TUI_SIZE=160x50  the terminal's size
#
# usage: bench/tui.sh [PROFILE...]  (build/bench/profile-512.callgrind)
set -eu
cd "$(dirname "$0")/.."
sessions=${BENCH_TUI_SESSIONS:-3}
reps=${BENCH_TUI_REPS:-10}
size=${BENCH_TUI_SIZE:-160x50}
dir=build/bench
py=/usr/bin/python3
[ -x "$py" ] || py=python3
[ $# -gt 0 ] || set -- "$dir/profile-512.callgrind"
if ! command -v tmux >/dev/null 2>&1; then
	echo "--tui's keys not timed: tmux missing (bench/tui.sh)."
	echo
	echo "bench/tui.sh: tmux missing: --tui's keys not timed" >&2
	exit 0
fi
[ -x ./cgannotate ] || { echo "bench/tui.sh: ./cgannotate not built" >&2; exit 1; }
mkdir -p "$dir"
# The source pane's files: the profile's are the seed's, renamed in each
# copy; the seed's commit gives them (bench/tui.py's stand_ins).
seedrev=$(git log -1 --format=%H -- bench/seed.callgrind.gz 2>/dev/null || :)
rows=$dir/tui-rows.md
: >"$rows"
# Other work on the machine shows in the worst figures: its load, said.
load0=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')
for p in "$@"; do
	[ -s "$p" ] || { echo "bench/tui.sh: no profile $p" >&2; exit 1; }
	mb=$(awk -v b="$(wc -c <"$p")" 'BEGIN { printf "%.1f", b / 1048576 }')
	cat "$p" >/dev/null
	rm -rf "$dir/tui-screens-$mb"
	: >"$dir/tui-samples-$mb.tsv"
	"$py" bench/tui.py --sessions "$sessions" --reps "$reps" \
	    --size "$size" --socket cga-bench --label "$mb MB" \
	    ${seedrev:+--sources "$seedrev"} \
	    --log "$dir/tui-samples-$mb.tsv" \
	    --screens "$dir/tui-screens-$mb" "$p" >>"$rows"
done
load1=$(cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo '?')
echo "--tui's keys through $(tmux -V) at $size, $sessions runs of the" \
    "program x $reps of each key: milliseconds from send-keys to the" \
    "screen settled, median and worst (bench/tui.sh says what they" \
    "include); the load in ms too, for scale.  Load average $load0" \
    "before, $load1 after."
echo
echo "| profile | key | median ms | worst ms | samples | within 50 ms |"
echo "|---|---|---|---|---|---|"
cat "$rows"
echo
