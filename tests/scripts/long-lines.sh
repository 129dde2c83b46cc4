#!/bin/sh
# long-lines.sh CGANNOTATE: a line without end (/dev/zero, a gzip member
# inflating to one 64 MB comment line) stops cgannotate with "line too
# long", naming the line, in bounded memory; a source line of 5 MB is
# shown cut at 1 MiB with a mark, not read whole.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1
case $bin in /*) ;; *) bin=$(pwd)/$bin ;; esac
TIME=$(command -v time || echo /usr/bin/time)
[ -x /usr/bin/time ] && TIME=/usr/bin/time

# peak PROGRAM...: runs it, its peak memory in KB in $tmp/peak.
peak() { "$TIME" -f '%M' -o "$tmp/peak" "$@"; }

peak timeout 60 "$bin" /dev/zero >"$tmp/out" 2>"$tmp/err"
s=$?
[ "$s" = 1 ] && grep -q '^cgannotate: /dev/zero:1: line too long: more than 16 MiB without a newline' "$tmp/err" &&
    [ "$(tail -1 "$tmp/peak")" -lt 200000 ]
result $? "/dev/zero: status $s, $(head -c 120 "$tmp/err"), peak $(tail -1 "$tmp/peak") KB"

python3 -c 'import gzip, sys
sys.stdout.buffer.write(gzip.compress(b"events: Ir\n#" + b"x" * (64 << 20) + b"\n", 1))' \
    >"$tmp/bomb.gz"
peak timeout 60 "$bin" "$tmp/bomb.gz" >"$tmp/out" 2>"$tmp/err"
s=$?
[ "$s" = 1 ] && grep -q ':2: line too long' "$tmp/err" &&
    [ "$(tail -1 "$tmp/peak")" -lt 200000 ]
result $? "gzip comment: status $s, $(head -c 120 "$tmp/err"), peak $(tail -1 "$tmp/peak") KB"

# A source file of one 5 MB line between two short ones.
mkdir -p "$tmp/src"
{ printf 'int a;\n'; head -c 5000000 /dev/zero | tr '\0' x; printf '\nint b;\n'; } \
    >"$tmp/src/big.c"
printf 'events: Ir\nfl=big.c\nfn=f\n1 5\n3 7\n' >"$tmp/src/p.callgrind"
(cd "$tmp/src" && "$bin" p.callgrind) >"$tmp/out" 2>"$tmp/err"
result $? "source: exit status"
awk 'length($0) > 1048576 + 100 { bad = 1 } END { exit bad }' "$tmp/out" &&
    grep -qF 'x [line cut at 1 MiB]' "$tmp/out" &&
    grep -q '^7 (58.33%)  int b;$' "$tmp/out"
result $? "source: the long line not cut with a mark, or the next line lost"
finish
