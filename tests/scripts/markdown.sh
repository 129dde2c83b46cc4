#!/bin/sh
# markdown.sh CGANNOTATE: --format=markdown.  Its rows are the rows of
# --format=tsv with the same options (functions, order, figures), and with
# --diff each function's old and new counts are its TSV rows of OLD and of
# NEW alone; its totals are the summary: lines.  A profile whose names hold
# pipes, HTML, backticks, links and control bytes renders (with GitHub's
# cmark-gfm) as the names themselves, in code, in the right cells.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1

S=testdata/wordfreq-gate-small.callgrind
L=testdata/wordfreq-gate-large.callgrind

# mdrows FILE: the function rows of a Markdown report, as tab-separated
# fields without the code spans' backticks and the counts' commas.
mdrows() {
	awk '/^#### Functions/ { on = 1; next } on && /^\| [^-]/ && n++ >= 1 {
		gsub(/`/, ""); gsub(/,/, ""); gsub(/ %/, "")
		sub(/^\| /, ""); sub(/ \|$/, ""); gsub(/ \| /, "\t"); print }' \
	    "$1"
}

# tsvrows FILE COLUMNS...: the given columns of a TSV report's rows.
tsvrows() {
	f=$1
	shift
	awk -F'\t' -v cols="$*" 'NR > 1 { n = split(cols, c, " "); s = ""
		for (i = 1; i <= n; i++) s = s (i > 1 ? "\t" : "") $c[i]
		print s }' "$f"
}

# same NAME OPTIONS...: the rows of markdown (counts, function, file) are
# TSV's (Ir and Dr exclusive, or inclusive with --inclusive=yes); TSV, which
# lists every row unless told, is given the report's threshold of 99 %
# (OPTIONS may give another, the later).
same() {
	name=$1
	shift
	"$bin" --format=markdown --show-percs=no --show=Ir,Dr "$@" >"$tmp/md" &&
	    "$bin" --format=tsv --show=Ir,Dr --threshold=99 "$@" >"$tmp/tsv"
	result $? "$name: exit status"
	mdrows "$tmp/md" >"$tmp/got"
	case " $* " in
	*" --inclusive=yes "*) tsvrows "$tmp/tsv" 6 7 2 1 ;;
	*) tsvrows "$tmp/tsv" 4 5 2 1 ;;
	esac | awk -F'\t' -v OFS='\t' '{ for (i = 1; i <= 2; i++)
		if ($i == "") $i = "." } 1' >"$tmp/want"
	[ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"
	result $? "$name: rows differ from TSV's: $(diff "$tmp/want" "$tmp/got" | head -5)"
}
same plain $L
same threshold-50 --threshold=50 $L
same sort-dr --sort=Dr $L
same inclusive --inclusive=yes --threshold=100 $L
same several-profiles --threshold=100 $S $L

# Totals: the summary: lines; the difference of the two.
"$bin" --format=markdown --show=Ir,D1mw --diff $S $L >"$tmp/md"
for ev in Ir D1mw; do
	o=$(awk -v ev=$ev '/^events:/ { for (i = 2; i <= NF; i++) if ($i == ev) k = i }
	    /^summary:/ { print $k }' $S)
	n=$(awk -v ev=$ev '/^events:/ { for (i = 2; i <= NF; i++) if ($i == ev) k = i }
	    /^summary:/ { print $k }' $L)
	want=$(awk -v o="$o" -v n="$n" -v ev=$ev 'function commas(v,   s, out) {
		s = sprintf("%d", v); out = ""
		while (length(s) > 3) {
			out = "," substr(s, length(s) - 2) out
			s = substr(s, 1, length(s) - 3)
		}
		return s out
	}
	BEGIN { printf "| `%s` | %s | %s | +%s | %+.2f %% |\n", ev, commas(o),
	    commas(n), commas(n - o), (n - o) * 100 / o }')
	grep -Fqx "$want" "$tmp/md"
	result $? "--diff totals of $ev: $o -> $n: $(grep "^| \`$ev\`" "$tmp/md")"
done

# --diff: change, old and new of each function: TSV's --diff row, and its
# rows of OLD and NEW alone (0 where one lacks the function).
"$bin" --format=markdown --show=Ir --threshold=100 --diff $S $L >"$tmp/md"
mdrows "$tmp/md" | awk -F'\t' '{ print $6 ":" $5 "\t" $1 "\t" $2 "\t" $3 }' \
    | sort >"$tmp/got"
"$bin" --format=tsv --show=Ir --threshold=100 $S | tsvrows /dev/stdin 1 2 4 |
    awk -F'\t' '{ print $1 ":" $2 "\t" $3 }' >"$tmp/old"
"$bin" --format=tsv --show=Ir --threshold=100 $L | tsvrows /dev/stdin 1 2 4 |
    awk -F'\t' '{ print $1 ":" $2 "\t" $3 }' >"$tmp/new"
"$bin" --format=tsv --show=Ir --threshold=100 --diff $S $L |
    tsvrows /dev/stdin 1 2 4 | awk -F'\t' '{ print $1 ":" $2 "\t" $3 }' \
    >"$tmp/chg"
awk -F'\t' 'FILENAME == ARGV[1] { o[$1] = $2; next }
    FILENAME == ARGV[2] { n[$1] = $2; next }
    { printf "%s\t%d\t%d\t%s%d\n", $1, o[$1], n[$1], ($2 >= 0 ? "+" : ""), $2 }' \
    "$tmp/old" "$tmp/new" "$tmp/chg" | sort >"$tmp/want"
[ "$(wc -l <"$tmp/want")" -gt 10 ] && cmp -s "$tmp/want" "$tmp/got"
result $? "--diff rows: old, new, change: $(diff "$tmp/want" "$tmp/got" | head -5)"
# ... largest change first.
mdrows "$tmp/md" | awk -F'\t' '{ c = $3 < 0 ? -$3 : $3 }
    NR > 1 && c > last { bad = 1 } { last = c } END { exit bad }'
result $? "--diff rows: largest change first"

# The gate on top: its figures are those of the verdict line.
"$bin" --format=markdown --fail-above=Ir:1% --diff $S $L >"$tmp/md" \
    2>"$tmp/err"
[ $? = 3 ] && grep -q '^\*\*Gate: failed\*\* (1 of 1 limit exceeded)$' "$tmp/md" &&
    grep -Fqx '| **exceeded** | `Ir` | total > 1 % of old total | 96,400 | 125,288 | +28,888 | +29.97 % | | |' "$tmp/md" &&
    grep -Fqx 'cgannotate: Ir +29.97 % (96,400 -> 125,288, +28,888), exceeds 1 %' "$tmp/err" &&
    [ "$(sed -n 3p "$tmp/md")" = "**Gate: failed** (1 of 1 limit exceeded)" ]
result $? "the gate's verdict on top: $(sed -n 3,8p "$tmp/md")"
# A rise of 29.97 % is within 30 % and exceeds 29 %: the gate fails with
# one of its two limits exceeded; within 30 % alone it passes.
"$bin" --format=markdown --fail-above=Ir:30%,Ir:29% --diff $S $L \
    >"$tmp/md" 2>/dev/null
[ $? = 3 ] &&
    [ "$(sed -n 3p "$tmp/md")" = "**Gate: failed** (1 of 2 limits exceeded)" ] &&
    grep -Fq '| within | `Ir` | total > 30 % of old total |' "$tmp/md" &&
    grep -Fq '| **exceeded** | `Ir` | total > 29 % of old total |' "$tmp/md"
result $? "the gate, one limit of two exceeded: $(sed -n 3,8p "$tmp/md")"
"$bin" --format=markdown --fail-above=Ir:30% --diff $S $L >"$tmp/md" \
    2>/dev/null
[ $? = 0 ] &&
    [ "$(sed -n 3p "$tmp/md")" = "**Gate: passed** (0 of 1 limit exceeded)" ]
result $? "the gate passed, no limit exceeded: $(sed -n 3p "$tmp/md")"

# A hostile profile: names that are Markdown, HTML, links and escapes.
printf '%s\n' 'events: Ir' 'summary: 10' 'fl=a|b.c' \
    'fn=x|y<script>alert(1)</script>' '1 3' \
    'fn=``tick`s` and *star* _u_ ~~del~~' '2 2' \
    'fn=](http://x) [a](http://evil) www.evil.com a@b.co' '3 2' \
    "fn=esc$(printf '\033')[31mred$(printf '\a\302\233') bidi$(printf '\342\200\256')evil" \
    '4 2' 'fn=a\|b &amp; <b>' '5 1' 'fn=new' "6 0" >"$tmp/hostile.callgrind"
printf '\n' >>"$tmp/hostile.callgrind"
"$bin" --format=markdown "$tmp/hostile.callgrind" >"$tmp/h.md"
result $? "hostile: exit status"
! LC_ALL=C grep -q "$(printf '[\001-\010\013-\037\177]')" "$tmp/h.md"
result $? "hostile: no control byte in the Markdown"
if command -v cmark-gfm >/dev/null; then
	cmark-gfm -e table -e autolink -e tagfilter -e strikethrough \
	    "$tmp/h.md" >"$tmp/h.html"
	! grep -Eq '<(script|a |em>|strong>|del>|b>|img)' "$tmp/h.html"
	result $? "hostile: no element but the table's and code: $(grep -E '<(script|a |em>|strong>|del>|b>)' "$tmp/h.html" | head -3)"
	# Each row of the functions' table: 4 cells, the name in code.
	awk '/<tbody>/ { n++ } n == 2 && /<tr>/ { c = 0 }
	    n == 2 && /<td/ { c++ } n == 2 && /<\/tr>/ && c != 4 { bad = 1 }
	    END { exit bad }' "$tmp/h.html"
	result $? "hostile: four cells in each row"
	sed -n 's|^<td><code>\(.*\)</code></td>$|\1|p' "$tmp/h.html" |
	    grep -v -e '^a|b\.c$' -e '^Ir$' >"$tmp/names"
	cat >"$tmp/want" <<'EOF'
x|y&lt;script&gt;alert(1)&lt;/script&gt;
](http://x) [a](http://evil) www.evil.com a@b.co
``tick`s` and *star* _u_ ~~del~~
esc\x1b[31mred\x07\x9b bidi\u202eevil
a\|b &amp;amp; &lt;b&gt;
EOF
	diff -u "$tmp/want" "$tmp/names" >"$tmp/d"
	result $? "hostile: the names as they are: $(cat "$tmp/d")"
	grep -q '^<td><code>a|b\.c</code></td>$' "$tmp/h.html"
	result $? "hostile: the file name in its cell"
else
	result 1 "cmark-gfm is not installed (apt-get install cmark-gfm)"
fi

finish
