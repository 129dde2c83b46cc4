#!/usr/bin/env python3
"""listings.py CGANNOTATE [--functions-only] [--text] PROFILE...: checks
cgannotate's listings by file, by object and by function name (--by=,
--group-inlined=yes), --top, --focus and --hide against figures computed
here, from the profile itself, by a parser of our own (never from
cgannotate's output).

The parser reads Callgrind and Cachegrind profiles (plain or .gz): header
lines (events:, positions:, summary:, totals:, part:), name compression
(fl=(1) name, then fl=(1)), fl= fi= fe= fn= ob= cob= cfi= cfl= cfn=
calls= jump= jcnd= jfi= jfn=, cost lines with absolute, relative (+N, -N)
and repeated (*) positions, decimal or 0x counts, several parts.  It keys a
function as cgannotate does, by the file in force and the name: fn= takes
the file of the last fl=, fi= or fe=; after fi=/fe= the cost lines of the
same function go to the row FILE:NAME of the fi=/fe= file.  The cost line
after calls= is the call's inclusive cost, not the function's own.  A
function's object is the ob= in force at the fn= line that made it current
(fi=/fe= rows inherit it from their function); "???" when none.  Costs
before any fn= of a part go to FILE:??? of the file in force.  It notes
which functions a fn= line names and which a fi=/fe= line opens, and reads
an id used before the line that defines it by that line's name (one never
defined as "(N)").

Figures: the program total per event (the sum of every exclusive cost,
compared with the sum of the parts' summary:, else totals:), the exclusive
cost of every function (FILE:NAME), of every file, of every object and of
every function name (its rows of every file merged).

The parser also records every call edge (caller row, callee
(cfi=/cfl= file or the file in force, cfn= name), the cost line after
calls=), from which incl_bounds() bounds inclusive costs on any grouping
of the functions by the rule cgannotate follows for functions (see
tests/oracles/bounds.py): for node G of strongly connected component C,
  exclusive(G) + calls from G leaving C  <=  inclusive(G)
      <=  min(total, max(that, the calls entering C from outside, or for
          a C no one outside calls, its exclusive cost and calls leaving
          it)).

--functions-only: only checks the parser against today's cgannotate:
`--format=tsv --threshold=100` (every function row's exclusive cost, the
same set of rows, the object where cgannotate names one, each inclusive
cost within incl_bounds() of the functions) and `--format=json
--threshold=100` ("totals").  Rows where cgannotate leaves the object
empty and the parser knows it, and inclusive costs of an event a row's
exclusive costs leave empty (not bounded, as in tests/oracles/bounds.py), are
counted and named as notes, not failures.

Otherwise (issue 16), for each profile:
  --format=tsv --threshold=100 with --by=file, --by=object and
  --by=function --group-inlined=yes (each also with --inclusive=yes):
    the groups are exactly the parser's (every file / object / function
    name having a listed function), each group's exclusive cost is the
    parser's and the sum of its member rows, which are exactly the
    parser's functions of the group with the parser's costs; the groups
    add up to the sum of the cost lines (the program total, unless a
    summary: gives more: gzip-full-cachesim, by 2 Ir); under
    --inclusive=yes each group's inclusive cost is at least its exclusive
    cost and at most the program total, and within incl_bounds() on the
    graph of groups (a call inside a group is internal to it); per event,
    events a group's exclusive cost leaves empty excepted; not checked on
    profiles with negative counts), and the functions only ever called
    (cfn= with no fn=: listed by cgannotate under --inclusive=yes) may
    be members, or groups, of exclusive cost 0;
  --format=json, the same options: the same groups, members and costs, in
    the same order, as the TSV; "totals" is the program total (the
    parts' summary:, else totals:, else cost lines, added up);
  --top=N (N = 1, 3, 5), TSV and JSON, for every listing (ungrouped
    --by=function too), alone and with --threshold=100: exactly
    min(N, number of groups) group rows, and they are the most costly
    (no row left out costs more, by the first event);
  --focus=RE, --hide=RE (JSON, --threshold=100, by function and by file;
    RE: the costliest function's name, anchored, its file's last
    component, an object's last component, and one matching nothing):
    "totals" unchanged; focus lists exactly the parser's functions whose
    name, file or object ("???" when none) matches RE; hide exactly those
    none of which matches;
  --text (a guess at the text layout, for when it exists): with
    --threshold=100 --top=N --auto=no, the rows between the dashed lines
    under the listing's heading (file / object / function) and the next
    blank line, not counting member rows "(P% of the ...)", are
    min(N, number of groups).
Prints one line per failure and "listings.py: P passed, F failed"; exit
status 1 on any failure.
"""
import gzip
import json
import re
import subprocess
import sys

UNKNOWN = "???"


# ---------------------------------------------------------------- parser

class Profile:
    def __init__(self, path):
        self.path = path
        self.events = []          # every event, in order of appearance
        self.excl = {}            # (file, name) -> {event: count}
        self.obj = {}             # (file, name) -> object or None
        self.order = []           # (file, name), first seen first
        self.callee_only = set()  # (file, name) of cfn= never under fn=
        self.fn_named = set()     # (file, name) named by a fn= line
        self.inlined = set()      # (file, name) that a fi=/fe= line opens
        self.homes = None         # piece -> its home, once worked out
        self.calls = {}           # (caller, callee) -> {event: cost}
        self.total = {}           # event -> sum of exclusive costs
        self.declared = {}        # event -> sum of parts' summary/totals
        self.part_total = {}      # event -> sum of the parts' totals
        self.declared_missing = False
        self.negative = False
        self.parts = 0

    # derived figures
    def listed(self):
        """The functions cgannotate lists (--threshold=100): all of them;
        in a difference (negative counts: cg_diff), those that changed."""
        if not self.negative:
            return list(self.order)
        return [k for k in self.order
                if any(c != 0 for c in self.excl[k].values())]

    def program_total(self):
        """What cgannotate calls the program total: the parts' summary:
        (else totals:, else the sum of their cost lines) added up, an event
        the line leaves out taken from the cost lines; a summary: may give
        more than the cost lines (gzip-full-cachesim: 2 Ir more)."""
        return {e: self.part_total.get(e, 0) for e in self.events}

    def by_file(self):
        return group(self, lambda k: k[0])

    def by_object(self):
        return group(self, lambda k: self.obj[k] or UNKNOWN)

    def by_name(self):
        return group(self, self.home_label)

    def home(self, k):
        """The function k's code belongs to: for a piece of inlined code
        (a row named only by fi=/fe=, never by fn=, that no call reaches)
        the one function of its name named by fn= in its object, when
        there is exactly one; k itself otherwise."""
        if self.homes is None:
            called = {b for _, b in self.calls}
            self.homes = {}
            for p in self.excl:
                if p in self.fn_named or p in called:
                    continue
                cand = [h for h in self.fn_named
                        if h[1] == p[1] and h != p and
                        self.obj.get(h) == self.obj.get(p)]
                if len(cand) == 1:
                    self.homes[p] = cand[0]
        return self.homes.get(k, k)

    def home_label(self, k):
        return "%s:%s" % self.home(k)

    def member_label(self, by, key):
        """The member row's field naming the function, as the TSV gives
        it: the name (by file), file:name (by object), the file (by
        function name)."""
        if by == "file":
            return key[1]
        if by == "object":
            return key[0] + ":" + key[1]
        return key[0]


def group(prof, keyof):
    """{group: ({event: count}, [function keys])}"""
    out = {}
    for k in prof.listed():
        g = keyof(k)
        cost, members = out.setdefault(g, ({}, []))
        for e, c in prof.excl[k].items():
            cost[e] = cost.get(e, 0) + c
        members.append(k)
    return out


def count(tok):
    if tok.startswith(("0x", "0X")):
        return int(tok, 16)
    return int(tok)


NAME_RE = re.compile(r"^([a-z]+)=(.*)$")
ID_RE = re.compile(r"^\((\d+)\)(?: (.*))?$")
FILE_KEYS = {"fl", "fi", "fe", "cfi", "cfl", "jfi"}
FN_KEYS = {"fn", "cfn", "jfn"}
OBJ_KEYS = {"ob", "cob"}
KIND = dict([(k, "file") for k in FILE_KEYS] + [(k, "fn") for k in FN_KEYS] +
            [(k, "obj") for k in OBJ_KEYS])
DEF_RE = re.compile(r"^(fl|fi|fe|cfi|cfl|jfi|fn|cfn|jfn|ob|cob)=\((\d+)\) "
                    r"(.*)$", re.M)


def parse(path):
    prof = Profile(path)
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        text = f.read().decode("utf-8", "surrogateescape")
    ids = {"file": {}, "fn": {}, "obj": {}}
    later = {"file": {}, "fn": {}, "obj": {}}
    for m in DEF_RE.finditer(text):
        kind = KIND[m.group(1)]
        later[kind].setdefault(m.group(2), m.group(3).rstrip("\r"))
    st = {}

    def part_begin():
        st.clear()
        st.update(file=UNKNOWN, fnname=None, fn=None, obj=None,
                  fnobj=None, cfile=None, callee=None, pending_call=False,
                  sum={},
                  events=st_events[0], npos=st_npos[0], declared=None,
                  totals=None, body=False)

    def part_end():
        if not st.get("body") and st.get("declared") is None and \
                st.get("totals") is None:
            return
        prof.parts += 1
        d = st["declared"] if st["declared"] is not None else st["totals"]
        for e in set(st["sum"]) | set(d or {}):
            c = (d or {}).get(e, st["sum"].get(e, 0))
            prof.part_total[e] = prof.part_total.get(e, 0) + c
        if d is None:
            prof.declared_missing = True
            return
        for e, c in d.items():
            prof.declared[e] = prof.declared.get(e, 0) + c

    def resolve(kind, v):
        m = ID_RE.match(v)
        if not m:
            return v
        if m.group(2) is not None:
            ids[kind][m.group(1)] = m.group(2)
            return m.group(2)
        if m.group(1) in ids[kind]:
            return ids[kind][m.group(1)]
        # an id defined further on (cgannotate reads it so: tests/scripts/ids.sh)
        return later[kind].get(m.group(1), "(%s)" % m.group(1))

    def use(key):
        if key not in prof.excl:
            prof.excl[key] = {}
            prof.order.append(key)
            prof.obj[key] = None
        # the object of the fn= line that made the function current
        if st["fnobj"] is not None or prof.obj[key] is None:
            prof.obj[key] = st["fnobj"]
        return key

    def add_events(names):
        for e in names:
            if e not in prof.events:
                prof.events.append(e)

    def costs_of(names, toks):
        d = {}
        for e, t in zip(names, toks):
            d[e] = d.get(e, 0) + count(t)
        return d

    st_events = [[]]
    st_npos = [1]
    part_begin()
    for raw in text.split("\n"):
        line = raw.rstrip("\r")
        if line == "" or line.startswith("#"):
            continue
        c0 = line[0]
        if c0.isdigit() or c0 in "+-*":
            # a cost line: positions, then counts
            toks = line.split()
            st["body"] = True
            cnt = toks[st["npos"]:]
            if st["pending_call"]:
                # the call's inclusive cost: an edge, not the caller's own
                st["pending_call"] = False
                if st["fn"] is None:
                    st["fn"] = use((st["file"], UNKNOWN))
                edge = prof.calls.setdefault((st["fn"], st["callee"]), {})
                for e, c in costs_of(st["events"], cnt).items():
                    edge[e] = edge.get(e, 0) + c
                continue
            if st["fn"] is None:
                st["fn"] = use((st["file"], UNKNOWN))
            d = costs_of(st["events"], cnt)
            row = prof.excl[st["fn"]]
            for e, c in d.items():
                row[e] = row.get(e, 0) + c
                prof.total[e] = prof.total.get(e, 0) + c
                st["sum"][e] = st["sum"].get(e, 0) + c
                if c < 0:
                    prof.negative = True
            continue
        m = NAME_RE.match(line)
        if m and m.group(1) in (FILE_KEYS | FN_KEYS | OBJ_KEYS |
                                {"calls", "jump", "jcnd"}):
            k, v = m.group(1), m.group(2)
            st["body"] = True
            if k in FILE_KEYS:
                name = resolve("file", v)
            elif k in FN_KEYS:
                name = resolve("fn", v)
            elif k in OBJ_KEYS:
                name = resolve("obj", v)
            if k == "fn":
                st["fnname"] = name
                st["fnobj"] = st["obj"]
                st["fn"] = use((st["file"], name))
                prof.fn_named.add(st["fn"])
            elif k == "cfn":
                st["callee"] = (st["cfile"] or st["file"], name)
                prof.callee_only.add(st["callee"])
                st["cfile"] = None
            elif k in ("cfi", "cfl"):
                st["cfile"] = name
            elif k == "fl":
                st["file"] = name
                if st["fnname"] is None:
                    st["fn"] = None
            elif k in ("fi", "fe"):
                st["file"] = name
                if st["fnname"] is not None:
                    st["fn"] = use((name, st["fnname"]))
                    prof.inlined.add(st["fn"])
                else:
                    st["fn"] = None
            elif k == "ob":
                st["obj"] = name
            elif k == "calls":
                st["pending_call"] = True
            # jump=, jcnd=: their own line says it all; the cost line
            # after them is an ordinary one (valgrind writes "*" alone
            # there; cgannotate counts it like callgrind_annotate)
            continue
        if ":" in line:
            key, _, val = line.partition(":")
            key = key.strip()
            val = val.strip()
            if key == "events":
                names = val.split()
                add_events(names)
                st_events[0] = names
                st["events"] = names
            elif key == "positions":
                st_npos[0] = len(val.split())
                st["npos"] = st_npos[0]
            elif key == "part":
                if st["body"] or st["declared"] is not None:
                    part_end()
                    part_begin()
            elif key == "summary":
                st["declared"] = costs_of(st["events"], val.split())
            elif key == "totals":
                st["totals"] = costs_of(st["events"], val.split())
            continue
    part_end()
    for e in prof.events:
        prof.total.setdefault(e, 0)
    prof.callee_only -= set(prof.excl)
    return prof


def tarjan(nodes, succ):
    """{node: component number}, iteratively."""
    index, low, comp, onstack, stack = {}, {}, {}, set(), []
    counter = 0
    ncomp = 0
    for root in nodes:
        if root in index:
            continue
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        onstack.add(root)
        work = [(root, iter(succ.get(root, ())))]
        while work:
            v, it = work[-1]
            pushed = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    onstack.add(w)
                    work.append((w, iter(succ.get(w, ()))))
                    pushed = True
                    break
                if w in onstack:
                    low[v] = min(low[v], index[w])
            if pushed:
                continue
            work.pop()
            if work:
                u = work[-1][0]
                low[u] = min(low[u], low[v])
            if low[v] == index[v]:
                while True:
                    w = stack.pop()
                    onstack.discard(w)
                    comp[w] = ncomp
                    if w == v:
                        break
                ncomp += 1
    return comp


def incl_bounds(prof, keyof):
    """{node: (low, high)} per event, for the call graph whose nodes are
    keyof(function): the rule cgannotate follows for functions (see
    tests/oracles/bounds.py), on that graph.  With C the strongly connected
    component of node G:
      low(G)  = exclusive(G) + the recorded calls from G leaving C
      U2(C)   = the recorded calls entering C from outside, or for a
                component no one outside calls, its exclusive costs and
                the calls leaving it
      high(G) = min(total, max(low(G), U2(C)))
    (cgannotate gives max(low, min(U1, U2)) capped by the total, U1 being
    for functions of one name split over files: within these bounds.)"""
    events = prof.events
    excl = {}
    for k in prof.excl:
        g = keyof(k)
        d = excl.setdefault(g, {})
        for e, c in prof.excl[k].items():
            d[e] = d.get(e, 0) + c
    edges = {}
    for (a, b), cost in prof.calls.items():
        ga, gb = keyof(a), keyof(b)
        d = edges.setdefault((ga, gb), {})
        for e, c in cost.items():
            d[e] = d.get(e, 0) + c
    nodes = set(excl) | {a for a, _ in edges} | {b for _, b in edges}
    succ = {}
    for a, b in edges:
        succ.setdefault(a, []).append(b)
    comp = tarjan(sorted(nodes, key=str), succ)
    low = {g: dict(excl.get(g, {})) for g in nodes}
    into = {}
    out_of = {}
    called = set()
    for (a, b), cost in edges.items():
        if comp[a] == comp[b]:
            continue
        called.add(comp[b])
        for e, c in cost.items():
            low[a][e] = low[a].get(e, 0) + c
            into.setdefault(comp[b], {})
            into[comp[b]][e] = into[comp[b]].get(e, 0) + c
            out_of.setdefault(comp[a], {})
            out_of[comp[a]][e] = out_of[comp[a]].get(e, 0) + c
    u2 = {}
    for g in nodes:
        c = comp[g]
        if c in called:
            u2[c] = into[c]
            continue
        d = u2.setdefault(c, dict(out_of.get(c, {})))
        for e, v in excl.get(g, {}).items():
            d[e] = d.get(e, 0) + v
    total = prof.program_total()
    out = {}
    for g in nodes:
        lo = {e: low[g].get(e, 0) for e in events}
        hi = {e: min(total[e], max(lo[e], u2[comp[g]].get(e, 0)))
              for e in events}
        out[g] = (lo, hi)
    return out


def within(inc, bounds, events):
    lo, hi = bounds
    return all(lo[e] <= inc.get(e, 0) <= hi[e] for e in events)


# ---------------------------------------------------------------- running

class Checker:
    def __init__(self, binary):
        self.binary = binary
        self.passed = 0
        self.failed = 0
        self.notes = []
        self.empty_obj = []     # (profile, keys, an object) per profile
        self.empty_incl = []    # an example per profile

    def check(self, ok, msg):
        if ok:
            self.passed += 1
        else:
            self.failed += 1
            print("FAIL " + msg)
        return ok

    def run(self, args):
        p = subprocess.run([self.binary] + args, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE)
        if p.returncode != 0:
            raise RuntimeError("%s %s: exit status %d: %s" % (
                self.binary, " ".join(args), p.returncode,
                p.stderr.decode("utf-8", "replace").strip().split("\n")[0]))
        return p.stdout.decode("utf-8", "surrogateescape")

    def tsv(self, args):
        lines = self.run(["--format=tsv"] + args).split("\n")
        rows = [ln.split("\t") for ln in lines if ln != ""]
        return rows[0], rows[1:]

    def json(self, args):
        return json.loads(self.run(["--format=json"] + args))


def num(field):
    return 0 if field == "" else int(field)


def costs_eq(a, b, events):
    return all(a.get(e, 0) == b.get(e, 0) for e in events)


def fmt(d, events):
    return " ".join("%s=%s" % (e, d.get(e, 0)) for e in events)


def shown_events(header, first):
    """The event columns of a TSV header whose first columns are FIRST."""
    ev = []
    for h in header[len(first):]:
        if h.endswith(("_incl", "_incl_min", "_incl_max")) or h == "calls":
            continue
        ev.append(h)
    return ev


def cols(header, row, events, suffix=""):
    d = {}
    for e in events:
        i = header.index(e + suffix)
        d[e] = num(row[i]) if i < len(row) else 0
    return d


# ---------------------------------------------------- --functions-only

def functions_only(ck, prof):
    p = prof.path
    header, rows = ck.tsv(["--threshold=100", p])
    if not ck.check(header[:3] == ["file", "function", "object"],
                    "%s: TSV header %s" % (p, header[:3])):
        return
    events = shown_events(header, ["file", "function", "object"])
    theirs = {}
    has_incl = all(e + "_incl" in header for e in events)
    incl = {}
    given = {}      # the events of a row's exclusive costs not left empty
    for r in rows:
        key = (r[0], r[1])
        ck.check(key not in theirs, "%s: row %s:%s twice" % (p, r[0], r[1]))
        theirs[key] = (cols(header, r, events), r[2])
        given[key] = [e for e in events if r[header.index(e)] != ""]
        if has_incl:
            incl[key] = cols(header, r, events, "_incl")
    mine = set(prof.listed())
    for k in sorted(mine - set(theirs)):
        ck.check(False, "%s: %s:%s (%s) not listed by cgannotate" % (
            p, k[0], k[1], fmt(prof.excl[k], events)))
    for k in sorted(set(theirs) - mine):
        ck.check(False, "%s: cgannotate lists %s:%s (%s), unknown here" % (
            p, k[0], k[1], fmt(theirs[k][0], events)))
    bad = 0
    empty_obj = []
    for k in prof.listed():
        if k not in theirs:
            continue
        c, o = theirs[k]
        if not costs_eq(prof.excl[k], c, events):
            bad += 1
            ck.check(False, "%s: %s:%s exclusive %s, cgannotate %s" % (
                p, k[0], k[1], fmt(prof.excl[k], events), fmt(c, events)))
        if o == "" and prof.obj[k] is not None:
            empty_obj.append(k)
        elif o != (prof.obj[k] or ""):
            bad += 1
            ck.check(False, "%s: %s:%s object %r, cgannotate %r" % (
                p, k[0], k[1], prof.obj[k], o))
    if bad == 0:
        ck.check(True, "")
    if empty_obj:
        ck.empty_obj.append((p, empty_obj, prof.obj[empty_obj[0]]))
    if has_incl and not prof.negative:
        # today's inclusive costs of functions, within the bounds computed
        # here from the call edges: proves the edges and incl_bounds
        # An event a row's exclusive costs leave empty is not bounded:
        # cgannotate gives it the inclusive cost of every row of the
        # function's name (see the note printed)
        bounds = incl_bounds(prof, lambda k: k)
        out = [k for k in incl if k in bounds and
               not within(incl[k], bounds[k], given[k])]
        odd = [k for k in incl if k in bounds and k not in out and
               not within(incl[k], bounds[k], events)]
        if odd:
            k = odd[0]
            ev = [e for e in events if e not in given[k]]
            ck.empty_incl.append("%s: %s:%s, exclusive %s empty, inclusive "
                                 "%s" % (p, k[0], k[1], ",".join(ev),
                                         fmt(incl[k], ev)))
        for k in out[:5]:
            g = given[k]
            ck.check(False, "%s: %s:%s inclusive %s, not within %s and %s"
                     % (p, k[0], k[1], fmt(incl[k], g),
                        fmt(bounds[k][0], g), fmt(bounds[k][1], g)))
        ck.check(not out, "%s: %d functions' inclusive costs out of bounds"
                 % (p, len(out)))
    j = ck.json(["--threshold=100", p])
    jt = j.get("totals") or {}
    ck.check(costs_eq(prof.program_total(), jt, events),
             "%s: program total %s, cgannotate's totals %s" % (
                 p, fmt(prof.program_total(), events), fmt(jt, events)))
    check_declared(ck, prof)


def check_declared(ck, prof):
    """The cost lines add up to the summary:/totals: figures, or (a
    summary: may give more) to less: then a note."""
    p = prof.path
    events = prof.events
    if prof.declared_missing:
        ck.notes.append("%s: a part has neither summary: nor totals:; "
                        "program total %s" % (p, fmt(prof.total, events)))
        return
    pt = prof.program_total()
    if costs_eq(prof.total, pt, events):
        ck.check(True, "")
        return
    more = all(pt[e] >= prof.total.get(e, 0) for e in events)
    ck.check(more or prof.negative,
             "%s: sum of cost lines %s, above summary:/totals: %s" % (
                 p, fmt(prof.total, events), fmt(pt, events)))
    ck.notes.append("%s: summary: %s, more than the cost lines %s" % (
        p, fmt(pt, events), fmt(prof.total, events)))


# ---------------------------------------------------- the listings

LISTINGS = {
    # by: (TSV first columns, extra options)
    "file": (["file", "function"], ["--by=file"]),
    "object": (["object", "function"], ["--by=object"]),
    "function": (["function", "file"], ["--by=function",
                                          "--group-inlined=yes"]),
}


def group_key(prof, by):
    """The group of a function key (functions only called included)."""
    if by == "file":
        return lambda k: k[0]
    if by == "object":
        return lambda k: prof.obj.get(k) or UNKNOWN
    return prof.home_label


def groups_of(prof, by):
    return {"file": prof.by_file, "object": prof.by_object,
            "function": prof.by_name}[by]()


def read_grouped_tsv(ck, p, by, header, rows, incl):
    """[(name, excl, incl, [(label, excl, incl)])] from grouped TSV rows;
    None if the layout is wrong."""
    first = LISTINGS[by][0]
    if not ck.check(header[:2] == first,
                    "%s --by=%s: TSV header starts %s, not %s" % (
                        p, by, header[:2], first)):
        return None, None
    events = shown_events(header, first)
    if incl and not ck.check(all(e + "_incl" in header for e in events),
                             "%s --by=%s --inclusive=yes: no _incl columns "
                             "in %s" % (p, by, header)):
        return None, None
    out = []
    for r in rows:
        ex = cols(header, r, events)
        inc = cols(header, r, events, "_incl") if incl else None
        if incl and all(e + "_incl_max" in header for e in events):
            # a group's figure, or its bounds: the upper one is checked
            # against the rule, the lower one against L below
            inc = cols(header, r, events, "_incl_max")
            inc_min = cols(header, r, events, "_incl_min")
            ck.check(all(inc_min[e] <= inc[e] for e in events),
                     "%s --by=%s: %s|%s bounds %s above %s" % (
                         p, by, r[0], r[1] if len(r) > 1 else "",
                         fmt(inc_min, events), fmt(inc, events)))
        # a group row leaves the second column empty
        gname, label = r[0], r[1] if len(r) > 1 else ""
        if label == "":
            given = [e for e in events if r[header.index(e)] != ""]
            out.append((gname, ex, inc, [], given))
        else:
            if not ck.check(out != [] and out[-1][0] == gname,
                            "%s --by=%s: member row %s|%s not under its "
                            "group" % (p, by, gname, label)):
                return None, None
            out[-1][3].append((label, ex, inc))
    return out, events


def read_grouped_json(ck, p, by, j, incl):
    listing = j.get("listing", {})
    if not ck.check(listing.get("by") == by and
                    isinstance(j.get("groups"), list),
                    "%s --by=%s: JSON has listing.by=%r and no groups list" % (
                        p, by, listing.get("by"))):
        return None
    out = []
    for g in j["groups"]:
        mem = []
        for f in g.get("functions", []):
            if by == "file":
                label = f.get("name")
            elif by == "object":
                label = "%s:%s" % (f.get("file"), f.get("name"))
            else:
                label = f.get("file")
            mem.append((label, f.get("exclusive") or {},
                        f.get("inclusive_max", f.get("inclusive"))
                        if incl else None))
        # "inclusive" holds a group's exact figures, "inclusive_max"
        # its upper bounds, which TSV's _incl_max gives too
        out.append((g.get("name"), g.get("exclusive") or {},
                    g.get("inclusive_max", g.get("inclusive"))
                    if incl else None, mem, None))
    return out


def check_grouped(ck, prof, by, incl):
    p = prof.path
    opts = LISTINGS[by][1] + ["--threshold=100"] + \
        (["--inclusive=yes"] if incl else [])
    what = "%s %s" % (p, " ".join(opts))
    header, rows = ck.tsv(opts + [p])
    got, events = read_grouped_tsv(ck, p, by, header, rows, incl)
    if got is None:
        return
    want = groups_of(prof, by)
    names = [g[0] for g in got]
    ck.check(len(names) == len(set(names)),
             "%s: a group listed twice" % what)
    extra = set(names) - set(want)
    if incl:
        # groups of functions only called (cfn=), at exclusive cost 0
        extra = {g for g in extra
                 if any(ex.get(e, 0) for n, ex, _, _, _ in got if n == g
                        for e in events)}
    ck.check(set(want) <= set(names) and not extra,
             "%s: groups %s missing, %s unknown here" % (
                 what, sorted(set(want) - set(names))[:5],
                 sorted(extra)[:5]))
    total = {}
    ptotal = prof.program_total()
    if incl and not prof.negative:
        bounds = incl_bounds(prof, group_key(prof, by))
    for name, ex, inc, mem, given in got:
        for e in events:
            total[e] = total.get(e, 0) + ex.get(e, 0)
        if incl and not prof.negative:
            ok = all(ex.get(e, 0) <= inc.get(e, 0) <= ptotal[e]
                     for e in events)
            ck.check(ok, "%s: group %s inclusive %s not within exclusive "
                     "%s and total %s" % (what, name, fmt(inc, events),
                                          fmt(ex, events),
                                          fmt(ptotal, events)))
            # the rule of functions' inclusive costs, on the graph of
            # groups (events the group's exclusive cost leaves empty
            # excepted, as for functions)
            # a group's upper bound (tests/oracles/reconcile.py checks the
            # bounds of groups): at least L, the lower bound of the
            # rule on the graph of groups; U2 there bounds nothing when
            # a component of groups holds where a stack begins
            if name in bounds:
                ck.check(within(inc, (bounds[name][0], ptotal), given),
                         "%s: group %s inclusive %s, not within %s and %s "
                         "(calls out of its component, calls into it)" % (
                             what, name, fmt(inc, given),
                             fmt(bounds[name][0], given),
                             fmt(bounds[name][1], given)))
        if name not in want:
            continue
        wcost, wmem = want[name]
        ck.check(costs_eq(ex, wcost, events),
                 "%s: group %s exclusive %s, expected %s" % (
                     what, name, fmt(ex, events), fmt(wcost, events)))
        msum = {}
        for _, mex, _ in mem:
            for e in events:
                msum[e] = msum.get(e, 0) + mex.get(e, 0)
        ck.check(costs_eq(ex, msum, events),
                 "%s: group %s exclusive %s, its rows add up to %s" % (
                     what, name, fmt(ex, events), fmt(msum, events)))
        wlab = {prof.member_label(by, k): k for k in wmem}
        glab = [m[0] for m in mem]
        extra = set(glab) - set(wlab)
        if incl:
            # --inclusive=yes lists the functions only called (cfn=, no
            # fn=) too, at exclusive cost 0
            extra -= {prof.member_label(by, k) for k in prof.callee_only}
        ck.check(set(wlab) <= set(glab) and not extra and
                 len(glab) == len(set(glab)),
                 "%s: group %s members: missing %s, unknown %s" % (
                     what, name, sorted(set(wlab) - set(glab))[:3],
                     sorted(extra)[:3]))
        for lab, mex, minc in mem:
            if lab in wlab:
                ck.check(costs_eq(mex, prof.excl[wlab[lab]], events),
                         "%s: %s / %s exclusive %s, expected %s" % (
                             what, name, lab, fmt(mex, events),
                             fmt(prof.excl[wlab[lab]], events)))
    ck.check(costs_eq(total, prof.total, events),
             "%s: groups add up to %s, program total %s" % (
                 what, fmt(total, events), fmt(prof.total, events)))
    # JSON: the same listing
    j = ck.json(opts + [p])
    jg = read_grouped_json(ck, p, by, j, incl)
    if jg is None:
        return
    ck.check(costs_eq(j.get("totals") or {}, ptotal, events),
             "%s: JSON totals %s, program total %s" % (
                 what, fmt(j.get("totals") or {}, events),
                 fmt(ptotal, events)))
    same = len(jg) == len(got)
    first_diff = None
    for a, b in zip(got, jg):
        if a[0] != b[0] or not costs_eq(a[1], b[1], events) or \
                (incl and not costs_eq(a[2], b[2] or {}, events)) or \
                len(a[3]) != len(b[3]) or \
                any(x[0] != y[0] or not costs_eq(x[1], y[1], events) or
                    (incl and not costs_eq(x[2], y[2] or {}, events))
                    for x, y in zip(a[3], b[3])):
            same = False
            first_diff = (a[0], b[0])
            break
    ck.check(same, "%s: JSON and TSV differ (%d and %d groups; first "
             "difference at %s)" % (what, len(jg), len(got), first_diff))


def first_event(prof):
    return prof.events[0] if prof.events else None


def check_top(ck, prof, text, by):
    """--top=N of one listing: by file, object, function (grouped) or
    plain (today's function list)."""
    p = prof.path
    ev = first_event(prof)
    fn_count = len(prof.listed())
    if by == "plain":
        opts = ["--by=function"]
        want = {k: (prof.excl[k], None) for k in prof.listed()}
        ngroups = fn_count
    else:
        opts = LISTINGS[by][1]
        want = groups_of(prof, by)
        ngroups = len(want)
    for n in (1, 3, 5):
        for thr in ([], ["--threshold=100"]):
            args = opts + ["--top=%d" % n] + thr + [p]
            what = "%s %s" % (p, " ".join(args[:-1]))
            exp = min(n, ngroups)
            header, rows = ck.tsv(args)
            if by == "plain":
                listed = [((r[0], r[1]), cols(header, r, [ev])[ev])
                          for r in rows]
            else:
                listed = [(r[0], cols(header, r, [ev])[ev])
                          for r in rows if len(r) > 1 and r[1] == ""]
            ck.check(len(listed) == exp,
                     "%s: TSV %d rows, expected %d" % (
                         what, len(listed), exp))
            shown = {k for k, _ in listed}
            low = min([c for _, c in listed], default=None)
            left = [k for k in want if k not in shown and
                    low is not None and want[k][0].get(ev, 0) > low]
            ck.check(not left, "%s: %s left out, costlier than a row "
                     "listed" % (what, left[:3]))
            j = ck.json(args)
            jn = len(j.get("functions", [])) if by == "plain" else \
                len(j.get("groups", []))
            ck.check(jn == exp, "%s: JSON %d rows, expected %d" % (
                what, jn, exp))
        if text:
            check_text_top(ck, prof, by, opts, n, min(n, ngroups))


def check_text_top(ck, prof, by, opts, n, exp):
    p = prof.path
    args = opts + ["--top=%d" % n, "--threshold=100", "--auto=no", p]
    out = ck.run(args).split("\n")
    heading = {"file": "file", "object": "object", "function": "function",
               "plain": "file:function"}[by]
    rows = None
    i = 0
    while i < len(out):
        if out[i].rstrip().endswith(" " + heading) and i + 1 < len(out) \
                and out[i + 1].startswith("---"):
            rows = []
            i += 2
            while i < len(out) and out[i].strip() != "":
                if not re.search(r"% of the [a-z]+\)$", out[i].rstrip()):
                    rows.append(out[i])
                i += 1
            break
        i += 1
    what = "%s %s" % (p, " ".join(args[:-1]))
    if ck.check(rows is not None, "%s: text: no listing headed %r" % (
            what, heading)):
        ck.check(len(rows) == exp, "%s: text %d rows, expected %d" % (
            what, len(rows), exp))


def ere_literal(s):
    """S as a POSIX extended regex matching itself (also a Python one)."""
    # "]" and "}" alone are literal in both; POSIX leaves "\]" undefined
    return re.sub(r"([.\[(){*+?|^$\\])", r"\\\1", s)


def filter_res(prof):
    """A few regexes for --focus and --hide, made from the profile: the
    costliest function's name, its file's last component, an object's last
    component, and one matching nothing."""
    ev = first_event(prof)
    res = []
    if prof.listed():
        top = max(prof.listed(), key=lambda k: prof.excl[k].get(ev, 0))
        res.append("^" + ere_literal(top[1]) + "$")
        base = top[0].rsplit("/", 1)[-1]
        if base:
            res.append(ere_literal(base))
    objs = sorted({o for o in prof.obj.values() if o})
    if objs:
        res.append(ere_literal(objs[0].rsplit("/", 1)[-1]))
    res.append("zz_no_such_function_zz")
    return res


def matches(rx, prof, k):
    return bool(rx.search(k[1]) or rx.search(k[0]) or
                rx.search(prof.obj[k] or UNKNOWN))


def json_functions(j):
    if "groups" in j:
        return [f for g in j["groups"] for f in g.get("functions", [])]
    return j.get("functions", [])


def check_filters(ck, prof):
    p = prof.path
    events = prof.events
    base = ck.json(["--threshold=100", p])
    for re_s in filter_res(prof):
        rx = re.compile(re_s)
        for opt in ("focus", "hide"):
            keep = {k for k in prof.listed()
                    if matches(rx, prof, k) == (opt == "focus")}
            for by in ([], ["--by=file"]):
                args = by + ["--threshold=100", "--%s=%s" % (opt, re_s), p]
                what = "%s %s" % (p, " ".join(args[:-1]))
                j = ck.json(args)
                ck.check(costs_eq(j.get("totals") or {},
                                  base.get("totals") or {}, events),
                         "%s: totals %s, without it %s" % (
                             what, fmt(j.get("totals") or {}, events),
                             fmt(base.get("totals") or {}, events)))
                listed = {(f.get("file"), f.get("name"))
                          for f in json_functions(j)}
                bad = [f for f in json_functions(j)
                       if (bool(rx.search(f.get("name") or "") or
                                rx.search(f.get("file") or "") or
                                rx.search(f.get("object") or UNKNOWN)))
                       != (opt == "focus")]
                ck.check(not bad, "%s: listed %s" % (
                    what, ["%s:%s" % (f.get("file"), f.get("name"))
                           for f in bad[:3]]))
                ck.check(listed == keep,
                         "%s: %d functions listed, expected %d (missing "
                         "%s, extra %s)" % (
                             what, len(listed), len(keep),
                             sorted(keep - listed)[:3],
                             sorted(listed - keep)[:3]))


# ---------------------------------------------------------------- main

def main(argv):
    if len(argv) < 3:
        sys.stderr.write("usage: listings.py CGANNOTATE [--functions-only] "
                         "[--text] PROFILE...\n")
        return 2
    ck = Checker(argv[1])
    only = "--functions-only" in argv[2:]
    text = "--text" in argv[2:]
    profiles = [a for a in argv[2:] if not a.startswith("--")]
    for path in profiles:
        try:
            prof = parse(path)
        except Exception as e:  # a profile this parser cannot read
            ck.check(False, "%s: parse: %s: %s" % (path, type(e).__name__, e))
            continue
        if only:
            steps = [lambda: functions_only(ck, prof)]
        else:
            steps = [lambda: check_declared(ck, prof)]
            for by in ("file", "object", "function"):
                for incl in (False, True):
                    steps.append(lambda by=by, incl=incl:
                                 check_grouped(ck, prof, by, incl))
            for by in ("plain", "file", "object", "function"):
                steps.append(lambda by=by: check_top(ck, prof, text, by))
            steps.append(lambda: check_filters(ck, prof))
        # each step on its own: one listing missing leaves the others
        # checked
        for step in steps:
            try:
                step()
            except (RuntimeError, ValueError, KeyError, IndexError,
                    TypeError, AttributeError) as e:
                ck.check(False, "%s: %s: %s" % (path, type(e).__name__, e))
    if ck.empty_obj:
        p, keys, o = ck.empty_obj[0]
        ck.notes.append(
            "%d rows of %d profiles have no object in cgannotate's TSV and "
            "one here: the rows fi=/fe= open (cgannotate sets a function's "
            "object at fn= only), e.g. %s: %s:%s [%s]" % (
                sum(len(e[1]) for e in ck.empty_obj), len(ck.empty_obj),
                p, keys[0][0], keys[0][1], o))
    if ck.empty_incl:
        ck.notes.append(
            "in %d profiles, a row whose exclusive cost of an event is "
            "empty (\"no cost given\": a fi=/fe= row without that event's "
            "counts) has an inclusive cost of that event above what its "
            "calls allow (the cost of all the rows of its name), e.g. %s"
            % (len(ck.empty_incl), ck.empty_incl[0]))
    for n in ck.notes:
        print("note: " + n)
    print("listings.py: %d passed, %d failed" % (ck.passed, ck.failed))
    return 1 if ck.failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
