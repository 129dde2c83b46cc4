#!/bin/sh
# folded.sh CGANNOTATE: the stacks of --format=folded on every testdata
# profile, checked by tests/oracles/folded.py against the profile itself; that
# checker fails on stacks made wrong on purpose; --format=speedscope gives
# the same stacks as folded, and valid JSON.  Under the sanitizers with
# the plain build given (CGA_PLAIN, see tests/lib.sh), the folded stacks
# of every profile and the speedscope files are compared with the plain
# build's instead of judged again by folded.py, Python's JSON reader and
# speedscope in the browser (the plain run judges the same bytes), and
# the checker's mutants, which test the checker only, are left to the
# plain run.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1

profiles=$(ls testdata/*.callgrind testdata/*.cachegrind testdata/*.gz \
    testdata/hand/stacks.callgrind)
if [ -n "$plain" ]; then
	for p in $profiles; do
		twin --format=folded "$p"
		result $? "$p: the folded stacks are not the plain build's"
	done
else
	# shellcheck disable=SC2086
	python3 tests/oracles/folded.py "$bin" $profiles >"$tmp/out" 2>&1
	result $? "folded.py: $(grep -v '^folded.py:' "$tmp/out" | head -5)"
	grep -q ' [1-9][0-9]* calls out of roots checked' "$tmp/out"
	result $? "folded.py checked no call out of a root: $(tail -1 "$tmp/out")"
fi

# The checker is not blind: a count moved, a frame repeated, a frame
# under one that does not call it, each make it fail.
mutant() {
	name=$1 script=$2
	cat >"$tmp/bin" <<EOS
#!/bin/sh
"$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")" "\$@" | $script
EOS
	chmod +x "$tmp/bin"
	! python3 tests/oracles/folded.py "$tmp/bin" testdata/hand/stacks.callgrind \
	    >/dev/null 2>&1
	result $? "folded.py misses a mutant: $name"
}
if [ -z "$plain" ]; then
	mutant "count moved" "awk 'NR == 1 { \$NF += 1 } NR == 2 { \$NF -= 1 } 1'"
	mutant "frame twice" "sed '3s/;/;main;/'"
	mutant "no such call" "sed 's/^main;a;c;d/main;d;c/'"
fi

# speedscope: the same stacks, weights and frames, as folded gives.
for p in testdata/sortprog-cachesim.callgrind testdata/tmpl.callgrind \
    testdata/hand/stacks.callgrind testdata/python3-json.callgrind.gz; do
	if [ -n "$plain" ]; then
		# (their folded stacks, of Ir, their first event: above)
		twin --format=speedscope --show=Ir "$p"
		result $? "$p: speedscope is not the plain build's"
		continue
	fi
	"$bin" --format=folded --show=Ir "$p" | sort >"$tmp/folded"
	"$bin" --format=speedscope --show=Ir "$p" >"$tmp/ss.json"
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
names = [f["name"] for f in d["shared"]["frames"]]
p = d["profiles"][0]
assert p["type"] == "sampled" and len(p["samples"]) == len(p["weights"])
assert p["endValue"] == sum(p["weights"])
for s, w in zip(p["samples"], p["weights"]):
    print(";".join(names[i] for i in s), w)
' "$tmp/ss.json" 2>"$tmp/err" | sort >"$tmp/ss"
	cmp -s "$tmp/folded" "$tmp/ss"
	result $? "$p: speedscope's stacks are not folded's: $(head -3 "$tmp/err")
$(diff "$tmp/folded" "$tmp/ss" | head -4)"
done

# Every shown event is a profile of the speedscope file.
if [ -n "$plain" ]; then
	twin --format=speedscope testdata/sortprog-cachesim.callgrind
	result $? "speedscope of every event: not the plain build's"
else
	n=$("$bin" --format=speedscope testdata/sortprog-cachesim.callgrind |
	    python3 -c 'import json,sys; print(len(json.load(sys.stdin)["profiles"]))')
	[ "$n" = 9 ]
	result $? "speedscope: $n profiles, want 9"
fi
# A cycle of 2,000 functions each also called from main: its stacks are
# cut at --max-depth, and add up to the total; of 20,000 (400 million
# frames), an error naming the profile, in bounded memory and time.
python3 tests/tools/gen-hostile.py ring 2000 "$tmp/ring2k"
"$bin" --format=folded "$tmp/ring2k" 2>"$tmp/err" >"$tmp/out"
[ "$(awk '{ s += $NF } END { print s }' "$tmp/out")" = 2001 ] &&
    grep -q 'stacks cut at 256 frames' "$tmp/err"
result $? "ring of 2,000: $(head -2 "$tmp/err")"
python3 tests/tools/gen-hostile.py ring 20000 "$tmp/ring20k"
# (the sanitizers' builds reserve more address space than the limit)
limit="ulimit -v 2000000;"
case $bin in *asan*) limit= ;; esac
(eval "$limit"; "$bin" --format=folded "$tmp/ring20k") >/dev/null \
    2>"$tmp/err"
[ $? = 1 ] && grep -q 'too large to rebuild its stacks' "$tmp/err"
result $? "ring of 20,000: $(tail -1 "$tmp/err")"
# The page builds its stacks on a thread of its own: it says so once, from
# the main thread, and its flame graph says why there is none.
(eval "$limit"; "$bin" --format=html "$tmp/ring20k") >"$tmp/page" \
    2>"$tmp/err"
[ $? = 0 ] && [ "$(grep -c 'too large to rebuild its stacks' "$tmp/err")" = 1 ] &&
    grep -q '"flame": {"none": "the call graph is too large to rebuild its stacks"}' \
    "$tmp/page"
result $? "ring of 20,000, the page: $(tail -1 "$tmp/err")"
# speedscope's own importer, in Debian's chromium, opens both files and
# finds each function's exclusive cost (its Sandwich table's "Self").
if [ -n "$plain" ]; then
	for p in testdata/hand/stacks.callgrind testdata/recur-plain.callgrind \
	    testdata/sortprog-cachesim.callgrind; do
		twin --format=speedscope --show=Ir "$p"
		result $? "$p: speedscope is not the plain build's"
	done
elif [ -x "${CHROMIUM:-/usr/bin/chromium}" ] && command -v node >/dev/null &&
    sh tests/browser/npm-ci.sh; then
	printf '[' >"$tmp/cases.json"
	sep=
	for p in testdata/hand/stacks.callgrind testdata/recur-plain.callgrind \
	    testdata/sortprog-cachesim.callgrind; do
		n=$(basename "$p" .callgrind)
		"$bin" --format=speedscope --show=Ir "$p" >"$tmp/$n.speedscope.json"
		"$bin" --format=folded --show=Ir "$p" >"$tmp/$n.folded"
		e=$(python3 tests/oracles/folded.py --expect "$p")
		for f in "$tmp/$n.speedscope.json" "$tmp/$n.folded"; do
			printf '%s{"name": "%s", "file": "%s", %s' "$sep" \
			    "$(basename "$f")" "$f" "${e#\{}" >>"$tmp/cases.json"
			sep=,
		done
	done
	echo ']' >>"$tmp/cases.json"
	(cd tests/browser && node speedscope-test.js "$tmp/cases.json" \
	    ../../build/speedscope-screens) >"$tmp/out" 2>&1
	result $? "speedscope: $(grep -v '^speedscope-browser:' "$tmp/out" |
	    head -5)"
else
	echo "folded: speedscope's importer not run (needs chromium, node, npm)"
	failed=$((failed + 1))
fi
finish
