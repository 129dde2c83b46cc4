#!/bin/sh
# html.sh CGANNOTATE: --format=html in a real browser.  Pages of real
# profiles (functions, --by=file, C++ templates, a --diff, a profile of
# hostile names, one of 20,000 functions) are opened from file:// in
# Debian's chromium, headless, driven by playwright-core
# (tests/browser/html-test.js, which says what it checks): no request
# leaves the page, no error is logged, sorting, search, the keyboard,
# callers and callees, source and flame graph work, every figure shown is
# the --format=json document's, and no script of a profile runs.  Each
# page's data must be that document (less the files' line costs: each
# source found carries its own).  The flame graph's stacks, in the data
# and as drawn, are --format=folded's with the same options, on those
# pages and more profiles (inlined code, recursion, --separate-callers,
# threads, python3, --by, --group-inlined=no, and printf in a C program
# built and run under callgrind here), and main spans what the table
# says of it.  A group's inclusive cost that the call graph only bounds
# (--by=file or object) is shown as the span MIN..MAX, marked.  Screenshots of the main views are left in
# build/html-screens/.  playwright-core (tests/browser/package.json) is
# installed with npm ci when missing (npm-ci.sh).
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1
shots=build/html-screens
export CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"

if [ ! -x "$CHROMIUM" ] || ! command -v node >/dev/null 2>&1; then
	echo "html: needs $CHROMIUM and node (Debian: chromium, nodejs)"
	echo "html: 0 passed, 1 failed"
	exit 1
fi
if ! sh tests/browser/npm-ci.sh; then
	echo "html: npm ci in tests/browser failed"
	echo "html: 0 passed, 1 failed"
	exit 1
fi

# A profile whose names would be markup, end the data's script element,
# break a line in JavaScript (U+2028) or drive a terminal (ESC).
ls=$(printf '\342\200\250')
esc=$(printf '\033')
cat >"$tmp/hostile.callgrind" <<EOF
events: Ir
fl=<b>bold</b>.c
fn=<script>window.__pwned=1;alert(1)</script>
1 100
cfn=</script><script>window.__pwned=2</script>
calls=2 1
2 60
cfn=q"uo'te\`s&amp;<img src=x onerror="window.__pwned=3">
calls=1 1
3 20
fn=</script><script>window.__pwned=2</script>
1 60
fn=q"uo'te\`s&amp;<img src=x onerror="window.__pwned=3">
1 10
cfn=line${ls}sep and ${esc}[31mred<!--
calls=1 1
2 10
fn=line${ls}sep and ${esc}[31mred<!--
1 10
EOF

# 20,000 functions, each calling the next: the table renders what is in
# view only.
awk 'BEGIN { print "events: Ir"; print "fl=big.c"
	for (i = 0; i < 20000; i++) {
		printf "fn=f%05d\n%d %d\n", i, i + 1, 20000 - i
		if (i < 19999)
			printf "cfn=f%05d\ncalls=1 1\n%d 1\n", i + 1, i + 1
	} }' >"$tmp/large.callgrind"

# page NAME KIND ARGS...: the page, the JSON document and the folded
# stacks of ARGS, for the browser's list of cases (the JSON with the
# page's default threshold).
first=1
printf '[' >"$tmp/cases.json"
page() {
	name=$1 kind=$2
	shift 2
	"$bin" --format=html "$@" >"$tmp/$name.html" 2>"$tmp/$name.err"
	result $? "$name: --format=html $*: $(cat "$tmp/$name.err")"
	th=--threshold=99
	case " $* " in *" --threshold="*) th= ;; esac
	"$bin" --format=json $th "$@" >"$tmp/$name.json" 2>/dev/null
	"$bin" --format=folded "$@" >"$tmp/$name.folded" 2>/dev/null
	[ "$first" = 1 ] || printf ',' >>"$tmp/cases.json"
	first=0
	printf '\n{"name": "%s", "kind": "%s", "html": "%s", "json": "%s",
	    "folded": "%s"}' "$name" "$kind" "$tmp/$name.html" \
	    "$tmp/$name.json" "$tmp/$name.folded" >>"$tmp/cases.json"
}

page sortprog plain testdata/sortprog-cachesim.callgrind
page tmpl plain testdata/tmpl.callgrind
page shlib-by-file plain --by=file testdata/shlib.callgrind
page diff diff --diff testdata/wordfreq-gate-small.callgrind \
    testdata/wordfreq-readme.callgrind
page hostile hostile --threshold=100 "$tmp/hostile.callgrind"
page large large --threshold=100 "$tmp/large.callgrind"
# The flame graph only: its stacks against folded's.
page recur flame testdata/recur-plain.callgrind
page recur-inl-no flame --group-inlined=no testdata/recur-plain.callgrind
page sepcallers flame testdata/recur-sepcallers2.callgrind
page threads flame testdata/threads-joined.callgrind
page python3 flame testdata/python3-json.callgrind.gz
page gzip-by-object flame --by=object testdata/gzip-full-cachesim.callgrind
page tmpl-inl flame --group-inlined=yes testdata/tmpl.callgrind
page diff-inl flame --group-inlined=yes --diff \
    testdata/wordfreq-gate-small.callgrind testdata/wordfreq-readme.callgrind
# Groups whose inclusive cost the call graph only bounds.
page sort-by-object spans --by=object --inclusive=yes \
    testdata/sort-full.callgrind
page threads-by-file spans --by=file --inclusive=yes \
    testdata/threads-joined.callgrind
page python3-by-file spans --by=file --inclusive=yes --threshold=100 \
    testdata/python3-json.callgrind.gz
# --asm: a program built and run under callgrind here, as tests/scripts/asm.sh
# does (its addresses are the build's): a loop of 1,000 trips with a
# branch taken 250 times, its jumps under the source lines and in the
# machine code.
if command -v cc >/dev/null && command -v valgrind >/dev/null &&
    command -v objdump >/dev/null; then
	cc -O1 -g -o "$tmp/branchy" testdata/src/branchy.c &&
	    valgrind -q --tool=callgrind --dump-instr=yes --collect-jumps=yes \
	    --callgrind-out-file="$tmp/branchy.callgrind" "$tmp/branchy" \
	    >/dev/null 2>&1
	result $? "branchy built and run under callgrind"
	page asm asm --asm=yes "$tmp/branchy.callgrind"
	# printf's code is in several files (inlined): one frame, under main.
	cc -O2 -g -o "$tmp/fmtloop" testdata/src/fmtloop.c &&
	    valgrind -q --tool=callgrind \
	    --callgrind-out-file="$tmp/fmtloop.callgrind" "$tmp/fmtloop" \
	    >/dev/null 2>&1
	result $? "fmtloop built and run under callgrind"
	page fmtloop plain "$tmp/fmtloop.callgrind"
	page fmtloop-all main --threshold=100 "$tmp/fmtloop.callgrind"
	# Groups' inclusive costs (a span or not: this run decides).
	page fmtloop-by-object plain --by=object --inclusive=yes \
	    "$tmp/fmtloop.callgrind"
	page fmtloop-by-file plain --by=file --inclusive=yes \
	    "$tmp/fmtloop.callgrind"
else
	echo "html: cc, valgrind or objdump not installed:" \
	    "the --asm and fmtloop pages skipped"
	skipped=1
fi
printf '\n]\n' >>"$tmp/cases.json"

# The data element holds the JSON document, and nothing ends it early.
for h in "$tmp"/*.html; do
	n=$(basename "$h" .html)
	node -e '
	const fs = require("fs");
	const html = fs.readFileSync(process.argv[1], "utf8");
	const open = "<script type=\"application/json\" id=\"cga-data\">";
	const at = html.indexOf(open) + open.length;
	const text = html.slice(at, html.indexOf("</script>", at));
	const d = JSON.parse(text);
	delete d.page;
	const j = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
	delete j.files;	/* in the page, each source found has its own */
	if (JSON.stringify(d) !== JSON.stringify(j))
		throw new Error("the data differs from --format=json");
	if (/[\u2028\u2029]/.test(text) || text.includes("<"))
		throw new Error("the data holds < or U+2028");
	' "$h" "$tmp/$n.json"
	result $? "$n: the page's data is the --format=json document"
done

rm -rf "$shots"
node tests/browser/html-test.js "$tmp/cases.json" "$shots" >"$tmp/browser" 2>&1
status=$?
# Its counts are this script's: its summary line is not printed as such.
grep -v '^html-browser: [0-9]* passed' "$tmp/browser"
set -- $(awk '/^html-browser: [0-9]+ passed, [0-9]+ failed$/ {
	print $2, $4 }' "$tmp/browser")
if [ $# = 2 ]; then
	passed=$((passed + $1))
	failed=$((failed + $2))
else
	result 1 "the browser's tests ended early (exit status $status)"
fi

finish
