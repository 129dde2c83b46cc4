#!/usr/bin/env python3
"""bounds.py CGANNOTATE PROFILE [ARGS...]: checks cgannotate's inclusive
costs against a recomputation of their bounds, made here from the rows
cgannotate prints for scripts, not from its own inclusive figures.

From `--format=tsv --threshold=100` (each function's exclusive cost),
`--format=tsv --calls` (each call edge's recorded cost) and `--list-parts`
(the program total), for every function f of a strongly connected
component C of the call graph (Tarjan's algorithm, graph.py) and
every event:
  L(f)  = exclusive(f) + the recorded costs of f's calls leaving C
  U1(f) = the exclusive costs and all recorded calls of every function of
          f's name (inlined code splits one function over several files)
  U2(C) = the recorded calls entering C from outside, or for a component
          no one outside calls, its exclusive costs and calls leaving it
  want(f) = min(ceiling, max(L(f), min(U1(f), U2(C))))
where U2(C) gives the event (else want(f) = L(f): a count left out is 0,
and no namesake's calls may enter f); for an event that neither f's own
cost nor its calls record, want(f) = the calls into f, at most U2(C), or
none; the ceiling is the total, or the sum of the exclusive costs where
that is more (a summary: line below the cost lines).  Then, lowest level
first, a recursion level f'N (f'2 of f) is at most want(f'(N-1)) of its
file, never below L(f'N).  It checks that every function's inclusive cost is want(f), at least its
exclusive cost and at most the total; that every call edge is at most its
callee's inclusive cost, its recorded cost and the total; and that an edge
is marked recursive exactly when its ends share a component.  An event a
row leaves empty in U1 bounds nothing.  A profile with negative counts (a
difference, such as cg_diff writes) obeys no bound: there want(f) = L(f),
and every call edge shows its recorded cost.  Prints one line per failure
and a summary; exits 1 on any failure.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from graph import tarjan  # noqa: E402


def run(binary, args):
    out = subprocess.run([binary] + args, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, check=True)
    return out.stdout.decode("utf-8", "surrogateescape").splitlines()


def num(field):
    return None if field == "" else int(field)


def add(a, b):
    """a + b per event; None (not given) adds nothing."""
    return [x if y is None else (y if x is None else x + y)
            for x, y in zip(a, b)]


def main():
    binary, profile = sys.argv[1], sys.argv[2]
    extra = sys.argv[3:]
    fails = []

    rows = run(binary, ["--format=tsv", "--threshold=100", "--auto=no"] +
               extra + [profile])
    head = rows[0].split("\t")
    events = [h for h in head[3:] if not h.endswith("_incl")][:-1]
    ne = len(events)
    self_, incl, name = {}, {}, {}
    for r in rows[1:]:
        f = r.split("\t")
        key = f[0] + ":" + f[1]
        self_[key] = [num(x) for x in f[3:3 + ne]]
        incl[key] = [num(x) for x in f[3 + ne:3 + 2 * ne]]
        name[key] = f[1]

    calls = run(binary, ["--format=tsv", "--calls"] + extra + [profile])
    chead = calls[0].split("\t")
    assert chead[3:3 + ne] == events, (chead, events)
    assert chead[3 + ne] == "recursive", chead
    edges = []
    succ = {}
    for r in calls[1:]:
        f = r.split("\t")
        shown = [num(x) for x in f[3:3 + ne]]
        rec = f[3 + ne] == "1"
        recorded = [num(x) for x in f[4 + ne:4 + 2 * ne]]
        edges.append((f[0], f[1], shown, rec, recorded))
        succ.setdefault(f[0], []).append(f[1])
        for k in (f[0], f[1]):
            if k not in self_:
                self_[k] = [None] * ne
                name[k] = k.rsplit(":", 1)[1]

    parts = run(binary, ["--list-parts"] + extra + [profile])
    phead = parts[0].split("\t")
    total = [None] * ne
    for r in parts[1:]:
        f = r.split("\t")
        for i, ev in enumerate(events):
            if ev in phead:
                v = num(f[phead.index(ev)])
                if v is not None:
                    total[i] = (total[i] or 0) + v

    nodes = sorted(self_)
    comp = tarjan(nodes, succ)
    lo = {k: list(self_[k]) for k in nodes}
    up1_own = {k: list(self_[k]) for k in nodes}
    entry, alone, entered = {}, {}, set()
    for k in nodes:
        alone.setdefault(comp[k], [None] * ne)
        alone[comp[k]] = add(alone[comp[k]], self_[k])
    for caller, callee, shown, rec, recorded in edges:
        up1_own[caller] = add(up1_own[caller], recorded)
        if comp[caller] != comp[callee]:
            lo[caller] = add(lo[caller], recorded)
            alone[comp[caller]] = add(alone[comp[caller]], recorded)
            entered.add(comp[callee])
            entry.setdefault(comp[callee], [None] * ne)
            entry[comp[callee]] = add(entry[comp[callee]], recorded)
        if rec != (comp[caller] == comp[callee]):
            fails.append("%s -> %s: marked recursive=%d" %
                         (caller, callee, rec))
    up1_name = {}
    for k in nodes:
        up1_name.setdefault(name[k], [None] * ne)
        up1_name[name[k]] = add(up1_name[name[k]], up1_own[k])

    nfns = len(incl)
    signed = any(v is not None and v < 0 for v in
                 [x for k in self_ for x in self_[k]] +
                 [x for e in edges for x in e[4]] + total)
    if signed:
        for k in sorted(incl):
            if incl[k] != lo[k]:
                fails.append("%s: inclusive %s, L gives %s (signed)" %
                             (k, incl[k], lo[k]))
        for caller, callee, shown, rec, recorded in edges:
            if shown != recorded:
                fails.append("%s -> %s: call cost %s, recorded %s (signed)"
                             % (caller, callee, shown, recorded))
        incl = {}
    # What inclusive costs are capped at: the total, or the sum of the
    # cost lines where a summary: line holds less.
    ceil = list(total)
    for i in range(ne):
        s = sum(self_[k][i] or 0 for k in self_)
        if ceil[i] is not None and s > ceil[i]:
            ceil[i] = s
    into = {}
    for caller, callee, shown, rec, recorded in edges:
        into[callee] = add(into.get(callee, [None] * ne), recorded)
    want = {}
    for k in sorted(incl):
        u2 = entry[comp[k]] if comp[k] in entered else alone[comp[k]]
        u1 = up1_name[name[k]]
        want[k] = [None] * ne
        for i, ev in enumerate(events):
            l, a, b = lo[k][i], u1[i], u2[i]
            own = up1_own[k][i]
            if own is None:
                # Only the calls into f say anything of the event.
                w = into.get(k, [None] * ne)[i]
                if w is not None and b is not None:
                    w = min(w, b)
            elif b is None:
                # Nothing of the event entered C: a count left out is 0.
                w = l or 0
            else:
                ups = [x for x in (a, b) if x is not None]
                w = max(l or 0, min(ups))
            if w is not None and ceil[i] is not None:
                w = min(w, ceil[i])
            want[k][i] = w
    # f'N runs only under f'(N-1) (f'2 under f): at most its figure,
    # never below L(f'N); lower levels first.
    levels = []
    for k in want:
        m = re.match(r"(.*)'([1-9][0-9]{0,8})$", name[k])
        if m and int(m.group(2)) >= 2 and m.group(1):
            n = int(m.group(2))
            base = m.group(1) + ("'%d" % (n - 1) if n > 2 else "")
            below = k[:len(k) - len(name[k])] + base
            if below in want:
                levels.append((n, k, below))
    for n, k, below in sorted(levels):
        for i in range(ne):
            w, u = want[k][i], want[below][i]
            if w is not None and u is not None and w > u:
                l = lo[k][i] or 0
                if ceil[i] is not None:
                    l = min(l, ceil[i])
                want[k][i] = max(u, l)
    for k in sorted(incl):
        u2 = entry[comp[k]] if comp[k] in entered else alone[comp[k]]
        u1 = up1_name[name[k]]
        for i, ev in enumerate(events):
            l, a, b = lo[k][i], u1[i], u2[i]
            got = incl[k][i]
            if got != want[k][i]:
                fails.append("%s %s: inclusive %s, bounds give %s "
                             "(L %s, U1 %s, U2 %s)" %
                             (k, ev, got, want[k][i], l, a, b))
            s = self_[k][i]
            if got is not None and s is not None and got < s:
                fails.append("%s %s: inclusive %d below exclusive %d" %
                             (k, ev, got, s))
            if got is not None and ceil[i] is not None and got > ceil[i]:
                fails.append("%s %s: inclusive %d above the ceiling %d" %
                             (k, ev, got, ceil[i]))
    for caller, callee, shown, rec, recorded in edges if not signed else []:
        for i, ev in enumerate(events):
            s, r = shown[i], recorded[i]
            if s is None:
                continue
            c = incl.get(callee, [None] * ne)[i]
            if (c is not None and s > c) or (r is not None and s > r) or \
                    (ceil[i] is not None and s > ceil[i]):
                fails.append("%s -> %s %s: call cost %d above its callee's "
                             "%s, its recorded %s or the ceiling %s" %
                             (caller, callee, ev, s, c, r, ceil[i]))
    for f in fails[:20]:
        print("FAIL %s: %s" % (profile, f))
    print("bounds: %s: %d functions, %d calls, %d failures%s" %
          (profile, nfns, len(edges), len(fails),
           " (signed: inclusive = L)" if signed else ""))
    sys.exit(1 if fails else 0)


if __name__ == "__main__":
    main()
