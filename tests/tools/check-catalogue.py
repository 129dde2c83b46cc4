#!/usr/bin/env python3
# check-catalogue.py: writes tests/golden/check-bad-catalogue.{out,err}, the
# expected --check report of every testdata/hand/bad-* profile, from each
# case's own checked .err (the message of the normal load), the clause
# --check adds to each kind of message (written out here, not taken from
# src/diag.c), and the differences listed below, each with its reason.
# Run from the repository root; compare with the program, never the reverse.
import glob, re
clauses = [
 ("expected a position:", "the format requires a cost line to start with a position for each of positions:"),
 ("relative position goes below 0", "the format requires a position of 0 or more"),
 ("more counts than events", "the format requires at most one count for each event of the events: line"),
 ("expected a count", "the format requires counts to be numbers"),
 ("expected 'calls=COUNT TARGET'", "the format requires 'calls=COUNT TARGET-POSITION'"),
 ("calls= line without a cfn= line before it", "the format requires a cfn= line naming the function called"),
 ("calls= line is not followed by a cost line", "the format requires a cost line after each calls= line"),
 ("expected the cost line of the calls= line before", "the format requires a cost line after each calls= line"),
 ("name id used but never defined", "the format requires '(id) name' to define each id used alone as '(id)'"),
 ("unsupported format version (this reads version 1)", "the format of this specification is version 1"),
 ("expected positions: in the order instr, bb, line, each once", "the format requires instr, bb and line in this order"),
 ("expected event names after events:", "the format requires at least one event name"),
 ("expected an events: line before this line", "the format requires an events: line before the first cost line"),
 ("no events: line: not a Callgrind or Cachegrind profile", "the format requires an events: line in every profile"),
]
err, out = [], []
for f in sorted(glob.glob("testdata/hand/bad-*.callgrind"), key=lambda s: s.encode()):
    n = f.split("/")[-1][:-len(".callgrind")]
    lines = open("tests/golden/%s.err" % n, encoding="utf-8", errors="surrogateescape").read().splitlines()
    # Not problems of the file: of the report asked for (--format=tsv, annotation).
    if n in ("bad-calls-in-overflow", "bad-annotate-overflow"):
        lines = []
    if n == "bad-empty":
        lines = ["cgannotate: %s: no events: line: not a Callgrind or Cachegrind profile" % f]
    if n == "bad-too-many-counts":
        lines = [l.replace("more counts than events:", "more counts than events, and no positions: line (without one, a cost line has one position, its line: the format requires a positions: line naming each position column):") for l in lines]
    res = []
    for l in lines:
        for k, c in clauses:
            pos = l.find(": " + k)
            if pos >= 0 and n != "bad-too-many-counts":
                end = pos + 2 + len(k) - (k == "expected a position:")
                l = l[:end] + " (" + c + ")" + l[end:]
                break
        res.append(l)
    if n == "bad-annotate-overflow":
        # summary: 1, a cost line of 2^63: the summary: is below.
        res = ["cgannotate: %s:%d: warning: summary: line disagrees with the sum of the cost lines (Ir: 1, cost lines: 9223372036854775808) (the format requires a summary: at least the sum of the cost lines)" % (f, ln) for ln in (5, 10)]
    e = sum(1 for l in res if ": warning: " not in l)
    w = len(res) - e
    err += res
    out.append("%s: %s" % (f, "ok" if e + w == 0 else "%d error%s, %d warning%s" % (e, "" if e == 1 else "s", w, "" if w == 1 else "s")))
open("tests/golden/check-bad-catalogue.err", "w", encoding="utf-8", errors="surrogateescape").write("".join(l + "\n" for l in err))
open("tests/golden/check-bad-catalogue.out", "w").write("".join(l + "\n" for l in out))
