#!/bin/sh
# tui.sh CGANNOTATE: --tui driven in a real terminal, tmux's, on a server
# of its own (a socket in $tmp, killed at the end): keys sent, screens
# captured with their attributes (capture-pane -p -e) once they settle,
# and each checked by tests/oracles/tui_screens.py against the reports of
# the same profile and options (--format=json, --format=folded, --format=
# tsv --lines, the text report's header, annotation and --asm listing),
# whose figures it formats itself by the report's rules.  The paths
# taken: the first screen (the costliest function first, every row the
# report's), a search and its next match, a function's callers and
# callees, going to a caller and a callee and back, the list's end, a
# filter, the source pane (a run of the annotation, scrolled to the
# function, ] to a hot line), the flame pane (a frame's figure the folded
# stacks' sum through its path, the row under the root laid out in
# proportion; the whole program), a sort by another event and by
# inclusive cost (a cachesim profile), --by=object's groups and an opened
# one, a difference, a resize to 80x24, the C locale (ASCII only),
# TERM=vt100 and NO_COLOR (no colour), q's exit status 0, standard output
# or input not a terminal (exit 1 and why), the machine code pane of a
# profile whose object is elsewhere and of a C program built and
# profiled here (--dump-instr=yes: against --asm=yes and the JSON's
# instructions), and a profile of hostile names (escape sequences, C1
# and bidi controls, invalid UTF-8, a name of 5,000 bytes): shown
# escaped, no sequence of theirs reaching the terminal (what the program
# writes is recorded with pipe-pane), the pane's title unchanged.  Then
# the checker's mutants: each screen of a kind made wrong in the ways
# its check must see (a figure, a share, a row dropped, two rows swapped,
# a call's count, ...) must be rejected.  What the machine lacks (tmux,
# /usr/bin/python3; cc, valgrind and objdump for the program) is skipped
# and counted so.  On the ASan build with the plain one given (CGA_PLAIN,
# see tests/lib.sh) the screens are judged again (a few seconds: each is
# the sanitized build's own) but the mutants, which test the checker
# only, are left to the plain run; ASan's reports go to files (log_path)
# and fail the session; UBSan's, which GCC writes to standard error,
# which the TUI keeps to itself while it runs, show as its exit status.
# (The checker's options are kept in variables, words without blanks.)
# shellcheck disable=SC2086
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
py=/usr/bin/python3
judge_py="$py tests/oracles/tui_screens.py"

have() {
	command -v "$1" >/dev/null 2>&1
}

# Not on a terminal: exit status 1, and why, whichever way --tui is asked.
for args in --tui -i --format=tui; do
	"$bin" $args testdata/recur-plain.callgrind >"$tmp/out" 2>"$tmp/err" \
	    </dev/null
	st=$?
	[ "$st" = 1 ] && [ ! -s "$tmp/out" ] && [ "$(cat "$tmp/err")" = \
	    "cgannotate: --tui: standard output is not a terminal (the report, without --tui, is for pipes and files)" ]
	result $? "$args, standard output a file: exit status $st, $(head -c 200 "$tmp/err")"
done
"$bin" --tui testdata/recur-plain.callgrind 2>"$tmp/err" | cat >"$tmp/out"
[ ! -s "$tmp/out" ] && grep -q 'standard output is not a terminal' "$tmp/err"
result $? "--tui into a pipe: $(head -c 200 "$tmp/err")"

if ! have tmux || [ ! -x "$py" ]; then
	echo "tui: tmux or $py not installed: skipped"
	skipped=$((skipped + 1))
	finish
	exit $?
fi

# The terminal: a tmux server of our own, kept up by a session that
# waits.
unset TMUX
sock=$tmp/tmux.sock
T() {
	tmux -S "$sock" -f /dev/null "$@"
}
trap 'T kill-server 2>/dev/null; rm -rf "$tmp"' EXIT
T new-session -d -s keep -x 80 -y 24 cat || {
	fail "tmux: no server"
	finish
	exit 1
}
term=tmux-256color
infocmp "$term" >/dev/null 2>&1 || term=screen
T set-option -g default-terminal "$term"
utf8=C.UTF-8
locale -a 2>/dev/null | grep -qix 'c.utf-\{0,1\}8' || utf8=en_US.UTF-8
sanitizer="ASAN_OPTIONS=log_path=$tmp/asan:detect_leaks=1"

# tui NAME WIDTH HEIGHT WORDS...: "env WORDS" (variables, then cgannotate's
# arguments) run in a new session NAME of WIDTH x HEIGHT cells, its exit
# status then written to $tmp/NAME.status (tmux's pane_dead_status is
# not always known once the pane has ended).
tui() {
	name=$1
	w=$2
	h=$3
	shift 3
	rm -f "$tmp/$name.last" "$tmp/$name.status"
	T new-session -d -s "$name" -x "$w" -y "$h" \
	    "env LC_ALL=$utf8 $sanitizer $*; echo \$? >$tmp/$name.status"
}

# keys NAME KEY...: keys sent to NAME (tmux's names: Enter, BSpace, Up).
keys() {
	name=$1
	shift
	T send-keys -t "$name" "$@" 2>/dev/null
}

# typed NAME TEXT: TEXT typed into NAME, each character a key.
typed() {
	T send-keys -t "$1" -l "$2" 2>/dev/null
}

# shot NAME FILE [TEXT]: NAME's screen, once it holds TEXT (a fixed
# string, attributes aside), differs from the one last shot of NAME and
# has stayed so over three looks 20 ms apart (a redraw is written in more
# than one piece): into $tmp/FILE.screen (capture-pane -p -e).  Waits at
# most 10 s, or until the program has ended, then counts a failure.
shot() {
	name=$1
	out=$tmp/$2.screen
	want=${3:-}
	: >"$tmp/prev"
	same=0
	n=0
	while [ "$n" -lt 500 ]; do
		if [ -s "$tmp/$name.status" ]; then
			fail "$name: ended (exit status $(cat "$tmp/$name.status"); a sanitizer's?) before the screen $2"
			: >"$out"
			return 1
		fi
		T capture-pane -p -e -t "$name" >"$tmp/now" 2>/dev/null
		if cmp -s "$tmp/now" "$tmp/prev"; then
			same=$((same + 1))
		else
			same=0
			cp "$tmp/now" "$tmp/prev"
		fi
		if [ "$same" -ge 2 ] && ! cmp -s "$tmp/now" "$tmp/$name.last" &&
		    { [ -z "$want" ] || sed 's/\x1b\[[0-9;:]*m//g' "$tmp/now" |
		    grep -qF -- "$want"; }; then
			cp "$tmp/now" "$out"
			cp "$tmp/now" "$tmp/$name.last"
			return 0
		fi
		sleep 0.02
		n=$((n + 1))
	done
	cp "$tmp/now" "$out"
	cp "$tmp/now" "$tmp/$name.last"
	fail "$name: the screen $2 did not come (waited for '$want'); it shows:
$(sed 's/\x1b\[[0-9;:]*m//g' "$tmp/now" | grep . | head -12)"
	return 1
}

# judge WHAT KIND FILE ARGS...: the checker's verdict (tui_screens.py
# KIND) on the screen FILE, counted; ARGS its options.
judge() {
	what=$1
	kind=$2
	file=$3
	shift 3
	if [ ! -s "$tmp/$file.screen" ]; then
		fail "$what: no screen"
		return 1
	fi
	$judge_py "$kind" "$tmp/$file.screen" "$@" >"$tmp/verdict" 2>&1
	result $? "$what:
$(head -10 "$tmp/verdict")"
}

# judge_m: judge, and the screen's mutants then tried (by the plain
# build's run only).
judge_m() {
	judge "$@" || [ -s "$tmp/$3.screen" ] || return
	[ -n "$plain" ] && return
	what=$1
	kind=$2
	file=$3
	shift 3
	$judge_py --mutants "$kind" "$tmp/$file.screen" "$@" >"$tmp/mutants" \
	    2>&1
	grep -c . "$tmp/mutants" >/dev/null || fail "$what: no mutant made"
	while read -r line; do
		case $line in
		"mutant "*": rejected"*) ok ;;
		*) fail "$what: $line" ;;
		esac
	done <"$tmp/mutants"
}

# ended NAME STATUS: NAME's program ended (10 s at most), with exit
# status STATUS, and no sanitizer said anything.  The session goes.
ended() {
	n=0
	while [ "$n" -lt 500 ] && [ ! -s "$tmp/$1.status" ]; do
		sleep 0.02
		n=$((n + 1))
	done
	st=$(cat "$tmp/$1.status" 2>/dev/null)
	[ "$st" = "$2" ]
	result $? "$1: exit status '$st', expected $2:
$(T capture-pane -p -t "$1" 2>/dev/null | grep . | tail -5)"
	T kill-session -t "$1" 2>/dev/null
	sanitized "$1"
}

# sanitized WHAT: no report of ASan's (its log_path) so far.  (GCC's
# UBSan writes to standard error whatever its log_path, which the TUI
# keeps to itself until it ends: the exit status shows it.)
sanitized() {
	for f in "$tmp"/asan.*; do
		[ -e "$f" ] || continue
		fail "$1: a sanitizer's report: $(head -20 "$f")"
		mkdir -p "$tmp/seen"
		mv "$f" "$tmp/seen"
	done
}

# refs NAME KINDS ARGS...: the reports of cgannotate ARGS (a profile
# last) the screens are checked against, as $tmp/NAME.KIND for each of
# KINDS (a list of json, ijson, folded, lines, text): --format=json,
# with --inclusive=yes, --format=folded, --format=tsv --lines, the text
# report with --threshold=100
# (every function), whose column header is NAME.header too.  Made by the
# plain build when given.
refs() {
	name=$1
	kinds=$2
	shift 2
	ref=${plain:-$bin}
	st=0
	for k in $kinds; do
		case $k in
		json) "$ref" --format=json "$@" ;;
		ijson) "$ref" --format=json --inclusive=yes "$@" ;;
		folded) "$ref" --format=folded "$@" ;;
		lines) "$ref" --format=tsv --lines "$@" ;;
		text) "$ref" --threshold=100 "$@" ;;
		esac >"$tmp/$name.$k" 2>"$tmp/$name.err" || st=1
	done
	result $st "the reports of $*: $(head -3 "$tmp/$name.err")"
	[ ! -f "$tmp/$name.text" ] ||
	    grep -m1 ' \(file:function\|object\|file\)$' "$tmp/$name.text" \
	    >"$tmp/$name.header"
}

hints_list='Enter open  s sort  i incl/self  / search  \ filter  ? help  q quit'
hints_src='] [ hot lines  Bksp back  Tab asm  ? help  q quit'

# --- The function list, a search, a function, back, source, flame: a
# profile of recursion (fib'2), mutual recursion and a cycle.
p=testdata/recur-plain.callgrind
refs recur "json ijson folded lines text" "$p"
R=./testdata/src/recur.c
J="--json $tmp/recur.json --incl-json $tmp/recur.ijson --report $tmp/recur.text --width 120 --height 30"
tui recur 120 30 "$bin" --tui "$p"
shot recur r-first "$hints_list"
judge_m "recur: the first screen" list r-first $J --sort Ir \
    --header "$tmp/recur.header" --selected "$R:fib'2" --status "$hints_list"

# A search: the first match from the selection on, as typed; n the next.
keys recur /
typed recur is_o
shot recur r-search "/is_o"
judge "recur: / is_o selects is_odd'2" list r-search $J --sort Ir \
    --selected "$R:is_odd'2" --status "/is_o"
keys recur Enter n
shot recur r-next "$hints_list"
judge "recur: n selects is_odd" list r-next $J --sort Ir --start -1 \
    --selected "$R:is_odd"

# Enter: the function, its callers and callees; Enter on a caller goes
# there; Backspace back, to the list last, its selection where it was.
keys recur Enter
shot recur r-is-odd "$R:is_odd ["
judge_m "recur: is_odd's callers and callees" func r-is-odd $J --fn "$R:is_odd" \
    --selected "< $R:main"
keys recur Enter
shot recur r-main "$R:main ["
judge_m "recur: Enter on a caller: main" func r-main $J --fn "$R:main" \
    --selected "< ./csu/"
keys recur G Enter
shot recur r-cyc-a "$R:cyc_a ["
judge "recur: End, Enter on the last callee: cyc_a" func r-cyc-a $J \
    --fn "$R:cyc_a"
keys recur BSpace
shot recur r-back1 "$R:main ["
judge "recur: back to main, its last callee selected" func r-back1 $J \
    --fn "$R:main" --selected ">   $R:cyc_a"
keys recur BSpace
shot recur r-back2 "$R:is_odd ["
judge "recur: back to is_odd" func r-back2 $J --fn "$R:is_odd" \
    --selected "< $R:main"
keys recur BSpace
shot recur r-back3 "$hints_list"
judge "recur: back to the list, is_odd selected" list r-back3 $J \
    --sort Ir --start -1 --selected "$R:is_odd"
keys recur BSpace
shot recur r-start "at the start of the path"
result $? "recur: Backspace at the start of the path"
keys recur G
shot recur r-end "$hints_list"
judge "recur: End, the list's last rows" list r-end $J --sort Ir --start -1

# A filter (an extended regex), then none (its pattern rubbed out).
typed recur "\\"
typed recur 'recur\.c:f'
keys recur Enter
shot recur r-filter "| filter: recur\.c:f"
judge "recur: the filter recur\\.c:f" list r-filter $J --sort Ir \
    --filter 'recur\.c:f' --selected "$R:fib'2"
typed recur "\\"
keys recur BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace \
    BSpace Enter
shot recur r-nofilter "$hints_list"
judge "recur: no filter" list r-nofilter $J --sort Ir
# A regex of a text every match holds (":is_"), and more.
typed recur "\\"
typed recur ':is_[eo]'
keys recur Enter
shot recur r-filter2 "| filter: :is_[eo]"
judge "recur: the filter :is_[eo]" list r-filter2 $J --sort Ir \
    --filter ':is_[eo]'
typed recur "\\"
keys recur BSpace BSpace BSpace BSpace BSpace BSpace BSpace BSpace Enter
shot recur r-nofilter2 "$hints_list"
judge "recur: no filter again" list r-nofilter2 $J --sort Ir

# The source of main: the annotation's lines, scrolled to main's first
# line (the --lines TSV's first of main in its file); ] a hot line.
keys recur /
typed recur recur.c:main
keys recur Enter Enter
shot recur r-main2 "$R:main ["
keys recur 3
shot recur r-src "$hints_src"
first=$(awk -F'\t' -v f="$R" '$1 == f && $3 == "main" { print $2 }' \
    "$tmp/recur.lines" | sort -n | head -1)
judge_m "recur: the source pane of main" source r-src $J \
    --annotation "$tmp/recur.text" --lines "$tmp/recur.lines"
judge "recur: the source pane opens at main's first line ($first)" \
    source r-src $J --annotation "$tmp/recur.text" --fn main --file "$R" \
    --first "$first"
keys recur ']'
shot recur r-hot
judge "recur: ] selects a hot line" source r-hot $J \
    --annotation "$tmp/recur.text" --hot
keys recur 4
shot recur r-asm "(no machine code: "
line=$(sed -n '4s/\x1b\[[0-9;:]*m//gp' "$tmp/r-asm.screen")
[ "$line" = "(no machine code: the profile has no instruction positions; valgrind --dump-instr=yes records them)" ]
result $? "recur: the asm pane without instruction positions: $line"

# The flame pane of main: the stacks through main; Down, the costliest
# child; Right the next; Down again; a, the whole program.
F="--folded $tmp/recur.folded"
keys recur 5
shot recur r-flame "% of the root)"
judge_m "recur: the flame pane of main" flame r-flame $J $F --path main \
    --layout
keys recur Down Right Down
shot recur r-flame2 "__vfprintf_internal  Ir"
judge "recur: main;printf;__vfprintf_internal in the flame pane" flame \
    r-flame2 $J $F --path "main;printf;__vfprintf_internal"
keys recur a
shot recur r-whole "% of the root)"
root=$(sed -n '1s/;.*//p' "$tmp/recur.folded")
judge "recur: the flame pane of the whole program" flame r-whole $J $F \
    --whole --path "$root" --layout
keys recur q
ended recur 0


# --- A profile with instruction positions whose object is not here
# (testdata's were made elsewhere): the machine code pane says so as
# --asm=yes does, with --asm=yes or without it (a small profile).
p=testdata/sortprog-instr.callgrind
refs instr "json text" --asm=yes "$p"
"${plain:-$bin}" --asm=yes --auto=no --threshold=100 "$p" >"$tmp/instr.asm" \
    2>/dev/null
J="--json $tmp/instr.json --report $tmp/instr.text --width 120 --height 30"
tui instr 120 30 "$bin" --tui --asm=yes "$p"
shot instr i-first "$hints_list"
keys instr Enter 4
shot instr i-asm "-- Machine code: ./testdata/src/sortprog.c:merge_sort'2"
judge "sortprog-instr --asm=yes: the machine code pane of merge_sort'2" asm \
    i-asm $J --fn "./testdata/src/sortprog.c:merge_sort'2" \
    --listing "$tmp/instr.asm"
keys instr q
ended instr 0
# A profile of up to 64 MB keeps the instructions' costs without it.
tui instr2 120 30 "$bin" --tui "$p"
shot instr2 i2-first "$hints_list"
keys instr2 Enter 4
shot instr2 i2-asm "-- Machine code: ./testdata/src/sortprog.c:merge_sort'2"
judge "sortprog-instr without --asm=yes: the same machine code pane" asm \
    i2-asm $J --fn "./testdata/src/sortprog.c:merge_sort'2" \
    --listing "$tmp/instr.asm"
keys instr2 q
ended instr2 0

# --- Another event, and inclusive costs: a profile of the cache
# simulator, two events shown.
p=testdata/sortprog-cachesim.callgrind
refs sort "json ijson lines text" --show=Ir,D1mr "$p"
"${plain:-$bin}" --format=folded --show=D1mr "$p" >"$tmp/sort.folded"
J="--json $tmp/sort.json --incl-json $tmp/sort.ijson --report $tmp/sort.text --events Ir,D1mr --width 140 --height 30"
memcmp=./string/../sysdeps/x86_64/multiarch/memcmp-avx2-movbe.S:__memcmp_avx2_movbe
tui sort 140 30 "$bin" --tui --show=Ir,D1mr "$p"
shot sort s-first "$hints_list"
judge "sortprog: the first screen, Ir and D1mr" list s-first $J --sort Ir \
    --header "$tmp/sort.header"
keys sort s g
shot sort s-d1mr "sort: D1mr self"
judge_m "sortprog: s, by D1mr" list s-d1mr $J --sort D1mr --order sorted \
    --header "$tmp/sort.header" --selected "$memcmp"
keys sort Enter
shot sort s-memcmp "__memcmp_avx2_movbe ["
judge "sortprog: the function pane of __memcmp_avx2_movbe" func s-memcmp \
    $J --sort D1mr --fn "$memcmp"
keys sort 5
shot sort s-flame "% of the root)"
judge "sortprog: the flame pane of D1mr" flame s-flame $J --sort D1mr \
    --folded "$tmp/sort.folded" --path __memcmp_avx2_movbe --layout
keys sort 1 i
shot sort s-incl "sort: D1mr inclusive"
judge "sortprog: i, by inclusive D1mr" list s-incl $J --sort D1mr \
    --mode inclusive --order sorted
keys sort S
shot sort s-incl-ir "sort: Ir inclusive"
judge "sortprog: S, by inclusive Ir" list s-incl-ir $J --sort Ir \
    --mode inclusive --order sorted
keys sort q
ended sort 0

# --- Groups: --by=object, a group opened (its members and their shares
# of it), a member opened.
refs group "json text" --by=object --show=Ir,D1mr "$p"
G="--json $tmp/group.json --events Ir,D1mr --width 140 --height 30 --by object"
tui group 140 30 "$bin" --tui --by=object --show=Ir,D1mr "$p"
shot group g-first "$hints_list"
judge "sortprog --by=object: the first screen" list g-first $G --sort Ir \
    --header "$tmp/group.header" --selected "+ /tmp/gold/bin/sortprog"
keys group Enter
shot group g-open "- /tmp/gold/bin/sortprog"
judge_m "sortprog --by=object: the first object opened" list g-open $G \
    --sort Ir --open /tmp/gold/bin/sortprog
keys group Down Enter
shot group g-member "merge_sort'2 ["
judge "sortprog --by=object: a member's function pane" func g-member $J \
    --sort Ir --fn "./testdata/src/sortprog.c:merge_sort'2"
keys group BSpace Up Enter
shot group g-closed "+ /tmp/gold/bin/sortprog"
judge "sortprog --by=object: the object closed again" list g-closed $G \
    --sort Ir --selected "+ /tmp/gold/bin/sortprog"
keys group q
ended group 0

# --- A difference: signed figures, shares of the older profile's totals.
old=testdata/wordfreq-readme.callgrind
new=testdata/wordfreq-copying.callgrind
refs diff "json ijson text" --diff "$old" "$new"
refs old "json" "$old"
refs new "json text" "$new"
D="--json $tmp/diff.json --incl-json $tmp/diff.ijson --report $tmp/diff.text --old-json $tmp/old.json --names-json $tmp/new.json --report $tmp/new.text --width 160 --height 30"
tui diff 160 30 "$bin" --tui --diff "$old" "$new"
shot diff d-first "$hints_list"
judge_m "wordfreq --diff: the first screen" list d-first $D --sort Ir \
    --header "$tmp/diff.header"
keys diff G
shot diff d-end "$hints_list"
judge "wordfreq --diff: End, the list's last rows" list d-end $D --sort Ir \
    --start -1
keys diff g Enter
shot diff d-main "wordfreq.c:main ["
judge_m "wordfreq --diff: main's function pane" func d-main $D \
    --fn ./testdata/src/wordfreq.c:main
keys diff q
ended diff 0

# --- A resize to 80x24, in the list, a function and the flame pane; the
# flame laid out again at 100 columns.
p=testdata/recur-plain.callgrind
J="--json $tmp/recur.json --incl-json $tmp/recur.ijson --report $tmp/recur.text"
tui resize 120 30 "$bin" --tui "$p"
shot resize z-first "$hints_list"
T resize-window -t resize -x 80 -y 24 2>/dev/null
shot resize z-80 "$hints_list"
judge "recur: resized to 80x24" list z-80 $J --width 80 --height 24 \
    --sort Ir --selected "$R:fib'2" --status "$hints_list"
keys resize /
typed resize recur.c:main
keys resize Enter Enter
shot resize z-main "$R:main ["
judge "recur: main's function pane at 80x24" func z-main $J --width 80 \
    --height 24 --fn "$R:main"
keys resize 5
shot resize z-flame "% of the root)"
judge "recur: the flame pane of main at 80x24" flame z-flame $J \
    --width 80 --height 24 --folded "$tmp/recur.folded" --path main --layout
T resize-window -t resize -x 100 -y 30 2>/dev/null
shot resize z-flame100 "% of the root)"
judge "recur: the flame pane of main resized to 100x30" flame z-flame100 \
    $J --width 100 --height 30 --folded "$tmp/recur.folded" --path main \
    --layout
keys resize q
ended resize 0

# --- No colour: TERM=vt100, and NO_COLOR; the selection still stands out
# (bold, reversed).
tui vt100 120 30 TERM=vt100 "$bin" --tui "$p"
shot vt100 v-first "$hints_list"
judge "recur, TERM=vt100: no colour" plain v-first
judge "recur, TERM=vt100: the first screen" list v-first $J --width 120 \
    --height 30 --sort Ir
keys vt100 Enter 5
shot vt100 v-flame "% of the root)"
judge "recur, TERM=vt100: no colour in the flame pane" plain v-flame
keys vt100 q
ended vt100 0
tui nocolor 120 30 NO_COLOR=1 "$bin" --tui "$p"
shot nocolor n-first "$hints_list"
judge_m "recur, NO_COLOR: no colour" plain n-first
keys nocolor q
ended nocolor 0

# --- Standard input not a terminal, standard output one: exit status 1,
# and why.
# (The shell waits after it: what a program writes as it ends may not
# reach the pane tmux keeps.)
T new-session -d -s stdin -x 120 -y 30 "env LC_ALL=$utf8 $sanitizer \
$bin --tui $p </dev/null; echo \"exit status \$?\"; read _"
shot stdin stdin "exit status"
sed 's/\x1b\[[0-9;:]*m//g' "$tmp/stdin.screen" | grep . >"$tmp/out"
printf '%s\n' "cgannotate: --tui: standard input is not a terminal: it reads the keys" \
    "exit status 1" | cmp -s - "$tmp/out"
result $? "--tui, standard input not a terminal: $(cat "$tmp/out")"
T kill-session -t stdin

# --- Hostile names: a profile whose names hold an OSC that sets the
# title, ESC [2J, C1 CSI in UTF-8 and as a byte, invalid UTF-8, U+202E,
# and one of 5,000 bytes; what the program writes to the terminal is
# recorded (pipe-pane) from its start.
$py - "$tmp/hostile.callgrind" "$tmp/hostile.names" <<'EOF'
import sys
names = [b"osc\x1b]0;pwned\x07title", b"csi\x1b[2Jclear",
         b"c1\xc2\x9b31mutf8", b"bad\xff\xfe\xc3utf8",
         b"bidi\xe2\x80\xaeevil", b"caf\xc3\xa9",
         (b"long\x1b]2;pwned\x1b\\" + b"a" * 5000)[:5000]]
fl = b"src/\x1b[31mred\x9b.c"
ob = b"/lib/\x1b]0;pwned\x07\xe2\x80\xaeobj.so"
out = [b"version: 1", b"creator: tui.sh", b"cmd: ./hostile\x1b]0;pwned\x07",
       b"events: Ir", b"ob=" + ob, b"fl=" + fl, b"fn=main", b"1 10"]
for i, n in enumerate(names):
    out += [b"cfn=" + n, b"calls=1 %d" % (i + 2),
            b"%d %d" % (i + 2, 700 - 90 * i)]
for i, n in enumerate(names):
    out += [b"fn=" + n, b"%d %d" % (i + 2, 700 - 90 * i)]
with open(sys.argv[1], "wb") as f:
    f.write(b"\n".join(out) + b"\n")
with open(sys.argv[2], "w") as f:
    f.write(" ".join("--name " + n.hex() for n in names + [fl, ob]))
EOF
names=$(cat "$tmp/hostile.names")

# hostile NAME LOCALE: the session NAME on the hostile profile, LC_ALL
# LOCALE, what it writes recorded into $tmp/NAME.raw from its start.
hostile() {
	: >"$tmp/$1.raw"
	rm -f "$tmp/$1.status"
	T new-session -d -s "$1" -x 160 -y 30 "read _; env LC_ALL=$2 \
$sanitizer $bin --tui $tmp/hostile.callgrind; echo \$? >$tmp/$1.status"
	T pipe-pane -t "$1" -o "cat >>$tmp/$1.raw"
	keys "$1" Enter
}
hostile evil "$utf8"
title=$(T display -p -t evil '#{pane_title}')
shot evil h-list "$hints_list"
judge_m "hostile names: the function list" hostile h-list $names \
    --raw "$tmp/evil.raw"
keys evil Enter
shot evil h-func "callers, and the cost"
judge "hostile names: a function pane" hostile h-func \
    --name "$(echo "$names" | cut -d' ' -f2)" \
    --name "$(echo "$names" | cut -d' ' -f16)" \
    --name "$(echo "$names" | cut -d' ' -f18)" --raw "$tmp/evil.raw"
keys evil 3
shot evil h-src "Bksp back  Tab asm"
judge "hostile names: the source pane" hostile h-src --raw "$tmp/evil.raw"
keys evil 5
shot evil h-flame "% of the root)"
judge "hostile names: the flame pane" hostile h-flame --raw "$tmp/evil.raw"
now=$(T display -p -t evil '#{pane_title}')
[ "$now" = "$title" ]
result $? "hostile names: the title is now '$now', was '$title'"
keys evil q
ended evil 0
# The title check sees a title set.
T new-session -d -s title -x 80 -y 24 "printf '\\033]2;pwned\\033\\\\'; read _"
n=0
while [ "$n" -lt 100 ] &&
    [ "$(T display -p -t title '#{pane_title}')" != pwned ]; do
	sleep 0.02
	n=$((n + 1))
done
[ "$(T display -p -t title '#{pane_title}')" = pwned ]
result $? "an OSC 2 sets a pane's title (the check above would see one)"
T kill-session -t title

# The C locale: ASCII only on the screen and from the program, every
# byte of a name not ASCII as \xNN.
hostile ascii C
shot ascii c-list "$hints_list"
judge "the C locale: the function list" hostile c-list --ascii --locale c \
    $names --raw "$tmp/ascii.raw"
keys ascii Enter
shot ascii c-func "callers, and the cost"
judge "the C locale: a function pane" hostile c-func --ascii --locale c \
    --raw "$tmp/ascii.raw"
keys ascii 5
shot ascii c-flame "% of the root)"
judge "the C locale: the flame pane" hostile c-flame --ascii --locale c \
    --raw "$tmp/ascii.raw"
keys ascii q
ended ascii 0

# --- A C program built and run under callgrind here, with instruction
# positions: its function list, a function, the source, the machine code
# (against --asm=yes and the JSON's instructions of --asm=yes).
if have cc && have valgrind && have objdump; then
	cc -O1 -g -o "$tmp/branchy" testdata/src/branchy.c &&
	    valgrind -q --tool=callgrind --dump-instr=yes --collect-jumps=yes \
	    --callgrind-out-file="$tmp/branchy.callgrind" "$tmp/branchy" \
	    >/dev/null 2>"$tmp/vg.err"
	result $? "branchy built and run under callgrind: $(head -3 "$tmp/vg.err")"
	p=$tmp/branchy.callgrind
	refs prog "json ijson lines text" --asm=yes "$p"
	"${plain:-$bin}" --asm=yes --auto=no --threshold=100 "$p" \
	    >"$tmp/prog.asm" 2>/dev/null
	B=testdata/src/branchy.c
	J="--json $tmp/prog.json --incl-json $tmp/prog.ijson --report $tmp/prog.text --width 120 --height 50"
	tui prog 120 50 "$bin" --tui --asm=yes "$p"
	shot prog b-first "$hints_list"
	judge "branchy: the first screen" list b-first $J --sort Ir \
	    --header "$tmp/prog.header"
	keys prog /
	typed prog :loop
	keys prog Enter Enter
	shot prog b-loop "$B:loop ["
	judge "branchy: loop's function pane" func b-loop $J --fn "$B:loop"
	keys prog 3
	shot prog b-src "$hints_src"
	judge "branchy: loop's source pane" source b-src $J \
	    --annotation "$tmp/prog.text" --lines "$tmp/prog.lines"
	keys prog 4 g
	shot prog b-asm "-- Machine code: $B:loop"
	judge_m "branchy: loop's machine code" asm b-asm $J --fn "$B:loop" \
	    --listing "$tmp/prog.asm" --min-instructions 10
	keys prog q
	ended prog 0
else
	echo "tui: cc, valgrind or objdump not installed: branchy skipped"
	skipped=$((skipped + 6))
fi

finish
