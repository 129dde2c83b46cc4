#!/bin/sh
# lint.sh CGANNOTATE: --check beyond the golden tests: standard input and
# compressed input, files that stop the check at once (binary, broken
# gzip, unreadable) while the others named are still checked, each file on
# its own (not summed), and the normal load of the same file unchanged.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1
seven=testdata/check/seven.callgrind
clean=testdata/recur-plain.callgrind

# Standard input, as "-" and as /dev/stdin: the same messages, named "-".
"$bin" --check - <"$seven" >"$tmp/want.out" 2>"$tmp/want.err"
result $(( $? != 1 )) "[- < $seven]: exit status not 1"
[ "$(cat "$tmp/want.out")" = "-: 6 errors, 1 warning" ]
result $? "[- < $seven]: verdict: $(cat "$tmp/want.out")"
sed "s|^cgannotate: -:|cgannotate: $seven:|" "$tmp/want.err" |
    diff -u tests/golden/check-seven.err - >/dev/null
result $? "[- < $seven]: not the messages of the file named"
"$bin" --check /dev/stdin <"$clean" >"$tmp/out" 2>"$tmp/err"
result $? "[/dev/stdin < $clean]: exit status"
[ "$(cat "$tmp/out")" = "/dev/stdin: ok" ] && [ ! -s "$tmp/err" ]
result $? "[/dev/stdin < $clean]: not ok"

# Compressed, from a pipe too.
gzip -c "$seven" >"$tmp/seven.gz"
"$bin" --check - <"$tmp/seven.gz" >"$tmp/out" 2>/dev/null
[ $? = 1 ] && [ "$(cat "$tmp/out")" = "-: 6 errors, 1 warning" ]
result $? "[- < seven.gz]: $(cat "$tmp/out")"

# Standard input named twice: checked once, with a warning.
"$bin" --check - - <"$clean" >"$tmp/out" 2>"$tmp/err"
[ $? = 0 ] && [ "$(cat "$tmp/out")" = "-: ok" ] &&
    [ "$(cat "$tmp/err")" = \
    "cgannotate: -: warning: profile named twice: read once" ]
result $? "[- -]: $(cat "$tmp/out") $(cat "$tmp/err")"

# A binary file stops at its first line, one error; the next file is
# still checked, on its own: its verdict is its own.
head -c 3000 /bin/sh >"$tmp/binary"
"$bin" --check "$tmp/binary" "$clean" >"$tmp/out" 2>"$tmp/err"
result $(( $? != 1 )) "[binary clean]: exit status not 1"
[ "$(wc -l <"$tmp/err")" = 1 ]
result $? "[binary]: not one message: $(cat "$tmp/err")"
printf '%s\n' "$tmp/binary: 1 error, 0 warnings" "$clean: ok" |
    diff -u - "$tmp/out" >/dev/null
result $? "[binary clean]: verdicts: $(cat "$tmp/out")"

# Compressed data cut short, and a file that is not there.
head -c 2000 testdata/perl-hash.callgrind.gz >"$tmp/cut.gz"
"$bin" --check "$tmp/cut.gz" "$tmp/none" "$clean" >"$tmp/out" 2>"$tmp/err"
result $(( $? != 1 )) "[cut.gz none clean]: exit status not 1"
grep -q "^cgannotate: $tmp/cut.gz: compressed data ends too soon" "$tmp/err"
result $? "[cut.gz]: no message of the cut: $(cat "$tmp/err")"
grep -q "^cgannotate: $tmp/none: cannot open" "$tmp/err"
result $? "[none]: no message"
[ "$(sed -n 3p "$tmp/out")" = "$clean: ok" ] &&
    [ "$(sed -n 2p "$tmp/out")" = "$tmp/none: 1 error, 0 warnings" ]
result $? "[cut.gz none clean]: verdicts: $(cat "$tmp/out")"

# Without --check, the same file stops at its first error, as ever.
"$bin" "$seven" >"$tmp/out" 2>"$tmp/err"
[ $? = 1 ] && [ ! -s "$tmp/out" ] && [ "$(cat "$tmp/err")" = \
    "cgannotate: $seven:9: expected a count: '2 5x 1'" ]
result $? "[$seven without --check]: $(cat "$tmp/err")"

# Each profile on its own: two files each with an error, two verdicts
# (a copy: the same file named twice is checked once).
cp testdata/hand/totals-mismatch.callgrind "$tmp/copy.callgrind"
"$bin" --check testdata/hand/totals-mismatch.callgrind \
    "$tmp/copy.callgrind" >"$tmp/out" 2>"$tmp/err"
[ "$(grep -c ': 1 error, 0 warnings$' "$tmp/out")" = 2 ] &&
    [ "$(wc -l <"$tmp/err")" = 2 ]
result $? "[totals-mismatch twice]: $(cat "$tmp/out")"

# --diff's profile is one more to check, after the others.
"$bin" --check --diff testdata/hand/totals-mismatch.callgrind "$clean" \
    >"$tmp/out" 2>/dev/null
[ $? = 1 ] && printf '%s\n' "$clean: ok" \
    "testdata/hand/totals-mismatch.callgrind: 1 error, 0 warnings" |
    diff -u - "$tmp/out" >/dev/null
result $? "[--check --diff]: verdicts: $(cat "$tmp/out")"

finish
