#!/usr/bin/env python3
"""folded.py CGANNOTATE PROFILE...: checks --format=folded against the
profile itself, read by the parser of tests/oracles/graph.py (not by cgannotate):

  - the counts add up to the sum of the profile's cost lines;
  - the stacks ending in a function add up to its exclusive cost (with
    its inlined pieces, as the flame graph shows them),
    exactly, unless cgannotate said it cut stacks;
  - no function appears twice in a stack;
  - each frame is called by the one above it: the two are joined by a
    call of the profile;
  - under each root that no call reaches, the stacks through each call
    out of the root add up
    to the cost of that call, within one count per stack below it (the
    shares are rounded), where no component below gets more from its
    callers than it does (such a one hands on less than it got).

Prints one line per failure and a summary; exits 1 on any failure.
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import graph  # noqa: E402


def stacks_of(binary, path, event):
    r = subprocess.run([binary, "--format=folded", "--show=" + event, path],
                       capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr
    out = []
    for line in r.stdout.splitlines():
        stack, _, n = line.rpartition(" ")
        out.append((stack.split(";"), int(n)))
    return out, r.stderr


def frame_names(prof):
    """A frame's name for each function name: callgrind's
    --separate-callers names a function by its callers too, "f'g'h" (a
    recursion level "f'2" stays): the frame is "f" when every caller named
    is a function of the profile."""
    names = {n for _, n in prof.excl} | {n for (_, n), _ in prof.calls} | \
        {n for _, (_, n) in prof.calls}
    bases = {n.split("'")[0] for n in names}
    out = {}
    for n in names:
        pieces = n.split("'")
        keep = 1
        if len(pieces) > 1 and pieces[1].isdigit():
            keep = 2
        rest = pieces[keep:]
        if rest and all(p in bases for p in rest):
            out[n] = "'".join(pieces[:keep])
        else:
            out[n] = n
    return out


def frame_of(prof):
    """A function's frame: the function its code belongs to (a piece of
    inlined code is its home's, see graph.Profile.home), named as
    frame_names() says, or FILE:NAME where two such functions share a
    name."""
    fr = frame_names(prof)
    keys = set(prof.excl) | {a for a, _ in prof.calls} | \
        {b for _, b in prof.calls}
    homes = {prof.home(k) for k in keys}
    same = {}
    for _, n in homes:
        same[n] = same.get(n, 0) + 1

    def frame(k):
        h = prof.home(k)
        if fr[h[1]] != h[1] or same[h[1]] == 1:
            return fr[h[1]]
        return "%s:%s" % h
    return frame, any(k != v for k, v in fr.items())


def names_graph(prof, event):
    """Calls between frames (functions with their inlined pieces), and
    each one's exclusive cost; whether a name held its callers."""
    excl, calls = {}, {}
    frame, contexts = frame_of(prof)
    for k, c in prof.excl.items():
        excl[frame(k)] = excl.get(frame(k), 0) + c.get(event, 0)
    for (a, b), c in prof.calls.items():
        k = (frame(a), frame(b))
        calls[k] = calls.get(k, 0) + c.get(event, 0)
    return excl, calls, contexts


checked = [0]


def root_edges(path, stacks, calls, excl, fails):
    """Under each root, the stacks through each call out of it add up to
    the call's cost, within one count a stack (the shares are rounded),
    where the callee's component is consistent: what calls into it cost
    is its members' exclusive costs and their calls out of it."""
    succ = {}
    for a, b in calls:
        succ.setdefault(a, set()).add(b)
    nodes = set(excl) | set(succ) | {b for _, b in calls}
    comp = graph.tarjan(sorted(nodes), succ)
    into, own = {}, {}
    for (a, b), c in calls.items():
        if comp[a] != comp[b]:
            into[comp[b]] = into.get(comp[b], 0) + c
            own[comp[a]] = own.get(comp[a], 0) + c
    for name, c in excl.items():
        own[comp[name]] = own.get(comp[name], 0) + c
    under, nstacks = {}, {}
    for frames, c in stacks:
        if len(frames) < 2 or comp[frames[0]] == comp[frames[1]]:
            continue
        k = (frames[0], frames[1])
        under[k] = under.get(k, 0) + c
        nstacks[k] = nstacks.get(k, 0) + 1
    # A component whose callers say it cost more than it did hands on
    # less than it got: the calls that reach one are not checked.
    csucc = {}
    for a, b in calls:
        if comp[a] != comp[b]:
            csucc.setdefault(comp[a], set()).add(comp[b])
    short = {}

    def falls_short(c):
        if c not in short:
            short[c] = False
            short[c] = (into.get(c, 0) > own.get(c, 0) or
                        any(falls_short(d) for d in csucc.get(c, ())))
        return short[c]

    for (r, y), got in under.items():
        want = calls.get((r, y), 0)
        # Only roots no call reaches (a component that is also a root
        # for its excess shares it with its callers), and calls that are
        # the one way into their callee's component.
        if (into.get(comp[r], 0) > 0 or into.get(comp[y], 0) != want or
                falls_short(comp[y])):
            continue
        checked[0] += 1
        if abs(got - want) > nstacks[(r, y)]:
            fails.append("%s: stacks under %s;%s add up to %d, the call "
                         "costs %d" % (path, r, y, got, want))


def check(binary, path, fails):
    prof = graph.parse(path)
    if prof.negative or not prof.events:
        return 0
    event = prof.events[0]
    stacks, err = stacks_of(binary, path, event)
    if stacks is None:
        fails.append("%s: cgannotate failed: %s" % (path, err.strip()))
        return 1
    cut = "cut at" in err
    excl, calls, contexts = names_graph(prof, event)
    n = 0
    total = sum(c for _, c in stacks)
    n += 1
    if total != prof.total.get(event, 0):
        fails.append("%s: stacks add up to %d, cost lines to %d" % (
            path, total, prof.total.get(event, 0)))
    ends = {}
    for frames, c in stacks:
        ends[frames[-1]] = ends.get(frames[-1], 0) + c
        # A function of several caller contexts may show twice.
        if len(set(frames)) != len(frames) and not contexts:
            fails.append("%s: a function twice in %s" % (path,
                                                        ";".join(frames)))
        for a, b in zip(frames, frames[1:]):
            if (a, b) not in calls:
                fails.append("%s: %s does not call %s (in %s)" % (
                    path, a, b, ";".join(frames)))
                break
    n += 1
    if not contexts:
        root_edges(path, stacks, calls, excl, fails)
    if not cut:
        for name, want in excl.items():
            if ends.get(name, 0) != want:
                fails.append("%s: stacks ending in %s add up to %d, its "
                             "exclusive cost is %d" % (path, name,
                                                       ends.get(name, 0),
                                                       want))
    return n


def expect(path):
    """--expect PROFILE: each frame's exclusive cost of the first event
    and the total, as JSON, from the profile itself (for
    tests/browser/speedscope-test.js)."""
    prof = graph.parse(path)
    event = prof.events[0]
    excl, _, _ = names_graph(prof, event)
    return {"self": excl, "total": prof.total.get(event, 0)}


def main(argv):
    if len(argv) == 3 and argv[1] == "--expect":
        import json
        json.dump(expect(argv[2]), sys.stdout)
        return 0
    binary, paths = argv[1], argv[2:]
    fails, n = [], 0
    for p in paths:
        n += check(binary, p, fails)
    for f in fails:
        print("FAIL " + f)
    print("folded.py: %d profiles, %d calls out of roots checked, %d "
          "failures" % (len(paths), checked[0], len(fails)))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
