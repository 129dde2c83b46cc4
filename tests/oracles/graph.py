"""graph.py: the checkers' own reading of a profile, and its call graph.

What the checkers (listings.py, folded.py, reconcile.py, bounds.py)
compare cgannotate's figures with comes from here, never from cgannotate:
a parser of Callgrind and Cachegrind profiles (parse), Tarjan's strongly
connected components (tarjan), and the bounds of inclusive costs on any
grouping of the functions (incl_bounds).

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
cost of every function (FILE:NAME), and grouped (group()) by file, by
object and by function name (its rows of every file merged).

The parser also records every call edge (caller row, callee
(cfi=/cfl= file or the file in force, cfn= name), the cost line after
calls=), from which incl_bounds() bounds inclusive costs on any grouping
of the functions by the rule cgannotate follows for functions (see
tests/oracles/bounds.py): for node G of strongly connected component C,
  exclusive(G) + calls from G leaving C  <=  inclusive(G)
      <=  min(total, max(that, the calls entering C from outside, or for
          a C no one outside calls, its exclusive cost and calls leaving
          it)).
"""
import gzip
import re

UNKNOWN = "???"


def add_into(d, c):
    """d += c, event by event."""
    for e, v in c.items():
        d[e] = d.get(e, 0) + v


class Profile:
    def __init__(self, path):
        self.path = path
        self.events = []          # every event, in order of appearance
        self.excl = {}            # (file, name) -> {event: count}
        self.obj = {}             # (file, name) -> object or None
        self.obj_cost = {}        # object or None -> {event: its cost
        #                           lines' sum, the ob= in force at each}
        self.cost_objs = {}       # (file, name) -> the objects of its
        #                           cost lines
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
            prof.cost_objs.setdefault(st["fn"], set()).add(st["obj"])
            ocost = prof.obj_cost.setdefault(st["obj"], {})
            for e, c in d.items():
                ocost[e] = ocost.get(e, 0) + c
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
