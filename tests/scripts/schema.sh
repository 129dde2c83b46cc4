#!/bin/sh
# schema.sh CGANNOTATE: every JSON document cgannotate prints follows
# doc/cgannotate.schema.json, and the schema is tight enough to tell.
# The documents: every golden test's options with --format=json added
# (but --list-parts, --check and the tests of bad input or usage, which
# print no document), and every profile of testdata/ and testdata/hand/
# under a spread of options (annotation on and off, --inclusive, --by,
# --group-inlined, --asm, --tree, --focus and --hide, --calls and
# --lines), with --diff, a gate, --part, several profiles summed, --asm on
# testdata/asm, and the data of a few pages of --format=html.
# tests/tools/schema-check.py validates them (python3-jsonschema, draft
# 2020-12), and checks that schema_version comes first and that every
# cost names only events of the document.  Then it proves the schema:
# valid against its metaschema, a description for every member, and
# mutants of five documents it must reject (schema_version wrong or
# missing; in the first object of each kind, a member it does not know,
# each member of a wrong type, each member the program always prints
# left out).  Under the sanitizers with the plain build given (CGA_PLAIN,
# see tests/lib.sh), each run but the golden tests' is compared with the
# plain build's, whose documents the plain run validates.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1
schema=doc/cgannotate.schema.json
py=/usr/bin/python3
check=tests/tools/schema-check.py

if ! "$py" -c 'import jsonschema' 2>/dev/null; then
	echo "schema: python3-jsonschema is not installed: skipped"
	skipped=1
	finish
	exit
fi
# Profiles made from templates (golden.sh makes them, as make check does
# before its tests).
[ -f build/golden/cwd-strip.callgrind ] || sh tests/golden/golden.sh --prepare

mkdir "$tmp/docs"
n=0
: >"$tmp/list"

# doc NAME ARGS...: the document of cgannotate ARGS --format=json, to
# validate; it must succeed (exit status 0, or 3 for a gate exceeded).
doc() {
	name=$1
	shift
	if [ -n "$plain" ]; then
		twin "$@" --format=json
		result $? "$name: not the plain build's"
		return
	fi
	n=$((n + 1))
	"$bin" "$@" --format=json >"$tmp/docs/$n.json" 2>"$tmp/err" </dev/null
	status=$?
	case $status in
	0 | 3) printf '%s\t%s\tjson\n' "$name" "$tmp/docs/$n.json" >>"$tmp/list" ;;
	*) fail "$name: exit status $status: $(head -2 "$tmp/err")" ;;
	esac
}

# page NAME ARGS...: the data of cgannotate ARGS --format=html's page.
page() {
	name=$1
	shift
	if [ -n "$plain" ]; then
		twin "$@" --format=html
		result $? "$name: not the plain build's"
		return
	fi
	n=$((n + 1))
	if "$bin" "$@" --format=html >"$tmp/docs/$n.html" 2>"$tmp/err" </dev/null
	then
		printf '%s\t%s\tpage\n' "$name" "$tmp/docs/$n.html" >>"$tmp/list"
	else
		fail "$name: the page: $(head -2 "$tmp/err")"
	fi
}

# The golden tests' option sets (but under the sanitizers: the golden
# tests run there with their own formats, and the spread below runs the
# JSON printer on every profile).
for args in tests/golden/*.args; do
	[ -n "$plain" ] && break
	case $(cat "$args") in
	*--list-parts* | *--check* | *--help* | *--version*) continue ;;
	esac
	# Bad input or usage prints no document (a gate's 3 does).
	[ "$(cat "${args%.args}.status" 2>/dev/null || echo 0)" -le 0 ] ||
	    [ "$(cat "${args%.args}.status")" = 3 ] || continue
	eval "set -- $(cat "$args")"
	doc "golden $(basename "$args" .args)" "$@"
done

# Every profile under a spread of options, at most 40 rows (the
# schema's checker reads some 2 MB a second).
for p in testdata/*.callgrind testdata/*.cachegrind testdata/*.gz \
    testdata/*.callgrind.1; do
	doc "$p" --top=40 "$p"
	doc "$p inclusive" --inclusive=yes --auto=no --top=40 "$p"
	doc "$p by file" --by=file --inclusive=yes --auto=no --top=40 "$p"
	doc "$p by object" --by=object --auto=no --threshold=100 --top=40 "$p"
	doc "$p group-inlined" --group-inlined=yes --auto=no --top=5 "$p"
	doc "$p asm" --asm=yes --auto=no --top=5 "$p"
	doc "$p tree" --tree=both --auto=no --top=3 --show-percs=no "$p"
	doc "$p calls" --calls --lines --auto=no --top=2 "$p"
	doc "$p focus" --focus=main --hide='^_' --auto=no --top=40 "$p"
done
for p in testdata/hand/*.callgrind; do
	case $p in */bad-*) continue ;; esac
	doc "$p" --top=40 "$p"
	doc "$p by object" --by=object --inclusive=yes --asm=yes "$p"
done

# Differences, gates, parts, profiles summed, sort thresholds.
r=testdata/wordfreq-readme
c=testdata/wordfreq-copying
for ext in callgrind cachegrind; do
	doc "diff $ext" --diff $r.$ext $c.$ext
	doc "diff $ext by file" --by=file --inclusive=yes --diff $r.$ext $c.$ext
	doc "diff $ext group-inlined" --group-inlined=yes --auto=no \
	    --diff $r.$ext $c.$ext
	doc "diff $ext reversed" --auto=no --focus=main --diff $c.$ext $r.$ext
done
s=testdata/wordfreq-gate-small.callgrind
l=testdata/wordfreq-gate-large.callgrind
doc "gate exceeded" --auto=no --fail-above=Ir:1% \
    --fail-above-function=Ir:5,Dr:50%,D1mw:1000000 --diff $s $l
doc "gate within" --fail-above=Ir:90% --diff $s $l
doc "diff twice" --inclusive=yes --diff testdata/threads-septhreads-t2.callgrind \
    --diff testdata/threads-septhreads-t3.callgrind \
    testdata/threads-septhreads-t1.callgrind
doc "gate fallen" --by=object --fail-above-function=Ir:1 --diff $l $s
doc "part 2" --part=2 --inclusive=yes testdata/sortprog-multipart.callgrind
doc "parts 1 and 3" --part=1 --part=3 --by=file \
    testdata/strhash-multipart-cache.callgrind
t=testdata/threads-septhreads
doc "threads summed" --inclusive=yes $t-t1.callgrind $t-t2.callgrind \
    $t-t3.callgrind
doc "fork summed" --by=object testdata/forkprog-parent.callgrind \
    testdata/forkprog-child.callgrind
doc "sort thresholds" --sort=D1mr:80,Ir:90.5 --show=Ir,D1mr --top=4 \
    testdata/sortprog-cachesim.callgrind
doc "threshold 0" --threshold=0 --auto=no testdata/recur-plain.callgrind
for f in spin astray; do
	sed "s|@OBJ@|$tmp/$f.o|" testdata/asm/$f.callgrind.in \
	    >"$tmp/$f.callgrind"
	doc "asm $f" --asm=yes "$tmp/$f.callgrind"
	doc "asm $f by file" --asm=yes --by=file --inclusive=yes \
	    "$tmp/$f.callgrind"
done

# The page's data: the document, without files, with its page member.
page "page recur" testdata/recur-plain.callgrind
page "page by file" --by=file --inclusive=yes testdata/sortprog-cachesim.callgrind
page "page diff" --diff $r.callgrind $c.callgrind
page "page asm" --asm=yes "$tmp/spin.callgrind"

if [ -z "$plain" ]; then
	"$py" "$check" "$schema" "$tmp/list" >"$tmp/out" 2>&1
	grep -v '^[0-9]* [0-9]*$' "$tmp/out"
	# shellcheck disable=SC2046
	set -- $(tail -1 "$tmp/out")
	if [ $# = 2 ]; then
		passed=$((passed + $1))
		failed=$((failed + $2))
	else
		fail "schema-check.py: $(tail -3 "$tmp/out")"
	fi

	# The mutants: documents with each kind of object the schema
	# describes, among them groups with their bounds, instructions
	# with calls and jumps, lines with jumps, a gate's verdicts with
	# and without a function, parts, thresholds, --focus and --hide.
	m=$tmp/mutants
	mkdir "$m"
	"$bin" --format=json --asm=yes --top=3 \
	    testdata/strhash-instr-jumps.callgrind >"$m/asm-jumps.json"
	"$bin" --format=json --by=object --inclusive=yes --auto=no \
	    testdata/hand/bounded.callgrind >"$m/bounded-groups.json"
	"$bin" --format=json --group-inlined=yes --top=2 \
	    testdata/tmpl.callgrind >"$m/group-inlined.json"
	"$bin" --format=json --auto=no --fail-above=Ir:1% \
	    --fail-above-function=Ir:5 --diff $s $l >"$m/gate.json" 2>/dev/null
	"$bin" --format=json --sort=Ir:90 --top=2 --focus=main --hide=zz \
	    testdata/sortprog-multipart.callgrind >"$m/parts.json"
	"$py" "$check" --mutants "$schema" "$m"/*.json >"$tmp/out" 2>&1
	grep -v '^[0-9]* [0-9]*$' "$tmp/out"
	# shellcheck disable=SC2046
	set -- $(tail -1 "$tmp/out")
	if [ $# = 2 ] && [ "$1" -gt 100 ]; then
		passed=$((passed + $1))
		failed=$((failed + $2))
	else
		fail "schema-check.py --mutants: $(tail -3 "$tmp/out")"
	fi
fi
finish
