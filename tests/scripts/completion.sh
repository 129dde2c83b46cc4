#!/bin/sh
# completion.sh CGANNOTATE: the shells' completion of cgannotate
# (completion/): bash's function called as bash calls it, COMP_WORDS
# broken at = and : (tests/tools/completion-cases.bash), completes the
# options --help lists, each keyword value its =a|b|c shows, the events
# of the profiles on the line (those --format=json lists, plain, gzipped,
# after the cursor, quoted, --diff's; the newest callgrind.out* when none
# is named), each item of a comma-separated list, profiles before other
# files, directories for -I; then bash and zsh themselves, in tmux,
# complete a few lines as typed; and make install DESTDIR=... puts the
# files where bash-completion and zsh look, make uninstall removes them.
# Skipped, and counted so: what needs bash, tmux or zsh when missing.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
top=$(pwd)
# The tmux servers started below end with the script, whatever stops it.
cleanup() {
	for s in "$tmp"/tmux-*; do
		[ -S "$s" ] && tmux -S "$s" kill-server 2>/dev/null
	done
	rm -rf "$tmp"
}
trap cleanup EXIT

have() {
	command -v "$1" >/dev/null 2>&1
}

# events PROFILE...: their events, as --format=json lists them, sorted,
# each as "PREFIXNAME", blank-separated.
events() {
	pre=$1
	shift
	for p in "$@"; do
		"$bin" --format=json --auto=no --top=1 "$p" | jq -r '.events[].name'
	done | awk -v p="$pre" '!seen[$0]++ { print p $0 }' | LC_ALL=C sort |
	    tr '\n' ' ' | sed 's/ $//'
}

# A directory of files of every kind, and profiles by the default names.
d=$tmp/dir
mkdir -p "$d/sub" "$d/bin"
cp testdata/recur-plain.callgrind "$d/callgrind.out.1"
cp testdata/sortprog-cachesim.callgrind "$d/callgrind.out.2"
touch -d '2020-01-01 00:00:00' "$d/callgrind.out.2"
touch -d '2020-01-02 00:00:00' "$d/callgrind.out.1"
cp testdata/hand/derived-nested.callgrind "$d/my profile.callgrind"
gzip -c testdata/sortprog-cachesim.callgrind >"$d/cache.gz"
: >"$d/prog.c"
: >"$d/notes.txt"
ln -s "$bin" "$d/bin/cgannotate"

if have bash && have jq; then
	C=$bin
	S=testdata/sortprog-cachesim.callgrind
	R=testdata/wordfreq-readme.callgrind
	W=testdata/wordfreq-copying.callgrind
	{
	# Options, from --help: long, short, with = or without.
	printf '%s\t%s\n' "$C --form" "--format=" \
	    "$C --show-p" "--show-percs=" \
	    "$C --li" "--lines --list-parts" \
	    "$C --asm" "--asm-syntax= --asm=" \
	    "$C --diff" "--diff" \
	    "$C --edge" "--edge-threshold=" \
	    "$C -I" "-I"
	# Keyword values, after = and as the next word.
	printf '%s\t%s\n' "$C --format=" "$(echo --format=callgrind \
	    --format=dot --format=folded --format=html --format=json \
	    --format=markdown --format=pprof --format=speedscope --format=text \
	    --format=tsv --format=tui)" \
	    "$C --format=j" "--format=json" \
	    "$C --by=" "--by=file --by=function --by=object" \
	    "$C --tree=c" "--tree=caller --tree=calling" \
	    "$C --tree " "both caller calling none" \
	    "$C --auto=" "--auto=no --auto=yes" \
	    "$C --inclusive=y" "--inclusive=yes" \
	    "$C --show-percs=" "--show-percs=no --show-percs=yes" \
	    "$C --asm=" "--asm=no --asm=yes" \
	    "$C --asm-syntax=" "--asm-syntax=att --asm-syntax=intel" \
	    "$C --color=" "--color=always --color=auto --color=never" \
	    "$C --group-inlined=" "--group-inlined=no --group-inlined=yes" \
	    "$C --threshold=" "" \
	    "$C -j " ""
	# Events: of the profile before, after the cursor, gzipped,
	# quoted; each item of a list, those given not offered again.
	printf '%s\t%s\n' "$C $S --show=" "$(events --show= $S)" \
	    "$C $S --show=Ir,D1" "--show=Ir,D1mr --show=Ir,D1mw" \
	    "$C $S --show Ir,DL" "Ir,DLmr Ir,DLmw" \
	    "$C --sort=Ir:5,DL| $S" "--sort=Ir:5,DLmr --sort=Ir:5,DLmw" \
	    "$C --sort=Ir:5| $S" "" \
	    "$C $S --show=Ir,Dr,Dw,I1mr,D1mr,D1mw,ILmr,DLmr," \
	    "--show=Ir,Dr,Dw,I1mr,D1mr,D1mw,ILmr,DLmr,DLmw" \
	    "$C testdata/python3-json.callgrind.gz --show " \
	    "$(events '' testdata/python3-json.callgrind.gz)" \
	    "$C testdata/hand/derived-nested.callgrind --fail-above=S" \
	    "--fail-above=Sum:" \
	    "$C testdata/hand/derived-nested.callgrind --sort=" \
	    "$(events --sort= testdata/hand/derived-nested.callgrind)" \
	    "$C --diff $R $W --fail-above-function=" \
	    "$(events --fail-above-function= $R $W | sed 's/\([^ ]\) /\1: /g; s/$/:/')" \
	    "$C --diff=$R --show=" "$(events --show= $R)"
	# Files: profiles first, any file when none matches, directories.
	printf '%s\t%s\n' "$C testdata/sortprog-c" "$S" \
	    "$C testdata/src/recur" "testdata/src/recur.c testdata/src/recur2.c" \
	    "$C --diff testdata/wordfreq-r" "$(echo testdata/wordfreq-readme.*)" \
	    "$C --diff=testdata/wordfreq-readme.ca" \
	    "--diff=testdata/wordfreq-readme.cachegrind --diff=$R" \
	    "$C -I testdata/s" "testdata/src" \
	    "$C --include=testdata/a" "--include=testdata/ann --include=testdata/asm"
	} >"$tmp/cases"
	bash --norc --noprofile -c '. completion/cgannotate.bash &&
	    . tests/tools/completion-cases.bash' <"$tmp/cases" >"$tmp/out" 2>&1
	# In the directory of files: profiles before other files, the
	# profile cgannotate would read, cgannotate found in PATH.
	printf '%s\t%s\n' "cgannotate --includ" "--include=" \
	    "$C " "bin cache.gz callgrind.out.1 callgrind.out.2 my profile.callgrind sub" \
	    "$C p" "prog.c" \
	    "$C --show=" "--show=Ir" \
	    "$C my\\ pro" "my profile.callgrind" \
	    "$C 'my profile.callgrind' --show=" \
	    "$(events --show= testdata/hand/derived-nested.callgrind)" \
	    "$C cache.gz --show=D1m" "--show=D1mr --show=D1mw" >"$tmp/cases2"
	(cd "$d" && PATH=$d/bin:$PATH bash --norc --noprofile -c '
	    . "$1/completion/cgannotate.bash" &&
	    . "$1/tests/tools/completion-cases.bash"' sh "$top") \
	    <"$tmp/cases2" >>"$tmp/out" 2>&1
	grep -v '^ok$' "$tmp/out"
	n=$(grep -c '^ok$' "$tmp/out")
	passed=$((passed + n))
	failed=$((failed + $(wc -l <"$tmp/out") - n))
	cases=$(cat "$tmp/cases" "$tmp/cases2" | wc -l)
	[ "$(wc -l <"$tmp/out")" = "$cases" ]
	result $? "bash: $(wc -l <"$tmp/out") cases judged of $cases"
else
	echo "completion: bash or jq not installed: its cases skipped"
	skipped=$((skipped + 1))
fi

# The shells themselves, in tmux: a line typed, Tab, and what it shows.
# tmx SHELL SETUP: a tmux server of our own (socket $sock) running SHELL
# in $d, SETUP typed first.
tmx() {
	sock=$tmp/tmux-${1%% *}
	tmux -S "$sock" -f /dev/null new-session -d -x 200 -y 30 \
	    "cd '$d' && env -i HOME='$d' PATH='$d/bin:/usr/bin:/bin' TERM=xterm $1" &&
	    tmux -S "$sock" send-keys "$2" Enter
}
# typed NAME TEXT WANT: TEXT and a Tab typed; the line must show WANT
# (trailing blanks are not shown; zsh adds a comma it takes back if a
# blank follows; waiting up to 5 s), then is cleared.
typed() {
	tmux -S "$sock" send-keys -l "$2" && tmux -S "$sock" send-keys Tab
	i=0
	while [ $i -lt 50 ] &&
	    tmux -S "$sock" capture-pane -p >"$tmp/pane" 2>&1; do
		grep -qxF -e "% $3" -e "% $3," "$tmp/pane" && break
		sleep 0.1
		i=$((i + 1))
	done
	grep -qxF -e "% $3" -e "% $3," "$tmp/pane"
	result $? "$1: '$2' and Tab: not '$3':
$(grep -v '^$' "$tmp/pane" | tail -3)"
	tmux -S "$sock" send-keys C-u C-l 2>/dev/null
	sleep 0.1
}
# A line each: an option, a keyword value, an event of a list after = and
# :, of a gzipped profile, of the newest profile by the default name, a
# path with a blank.
lines() {
	typed "$1" "cgannotate --form" "cgannotate --format="
	typed "$1" "cgannotate --format=j" "cgannotate --format=json"
	typed "$1" "cgannotate callgrind.out.2 --sort=Ir:1,D1mr,DLmw,I1" \
	    "cgannotate callgrind.out.2 --sort=Ir:1,D1mr,DLmw,I1mr"
	typed "$1" "cgannotate cache.gz --sort=Ir:1,DLmw,D1mw,D1" \
	    "cgannotate cache.gz --sort=Ir:1,DLmw,D1mw,D1mr"
	typed "$1" "cgannotate --show=" "cgannotate --show=Ir"
	typed "$1" "cgannotate my" "cgannotate my\\ profile.callgrind"
}
if have tmux && have bash; then
	tmx "bash --norc --noprofile" \
	    "PS1='% '; . '$top/completion/cgannotate.bash'"
	lines bash
	tmux -S "$sock" kill-server
else
	echo "completion: tmux or bash not installed: bash's lines skipped"
	skipped=$((skipped + 1))
fi
if have tmux && have zsh; then
	tmx "zsh -f" "PS1='%% '; fpath=('$top/completion' \$fpath); autoload -U compinit && compinit -u -D"
	lines zsh
	tmux -S "$sock" kill-server
else
	echo "completion: tmux or zsh not installed: zsh's lines skipped"
	skipped=$((skipped + 1))
fi

# make install and uninstall, into a directory of ours (cgannotate as
# built: -o keeps make from building it again beside other tests).
r=$tmp/root
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -o cgannotate install \
    DESTDIR="$r" PREFIX=/usr >"$tmp/make" 2>&1
result $? "make install DESTDIR=$r: $(tail -3 "$tmp/make")"
for f in bin/cgannotate:cgannotate share/man/man1/cgannotate.1:man/cgannotate.1 \
    share/bash-completion/completions/cgannotate:completion/cgannotate.bash \
    share/zsh/site-functions/_cgannotate:completion/_cgannotate; do
	cmp -s "$r/usr/${f%%:*}" "${f#*:}"
	result $? "make install: /usr/${f%%:*} is not ${f#*:}"
done
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s uninstall DESTDIR="$r" \
    PREFIX=/usr >"$tmp/make" 2>&1
left=$(find "$r" ! -type d)
[ -z "$left" ]
result $? "make uninstall left $left"
finish
