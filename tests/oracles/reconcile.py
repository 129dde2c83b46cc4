#!/usr/bin/env python3
"""reconcile.py CGANNOTATE PROFILE...: every view of each profile checked
against the others, and against bounds recomputed here from the profile
itself (read by the parser of tests/oracles/graph.py, never from cgannotate's
figures), with --threshold=100 (nothing hidden).

The views: --by=function, --by=file, --by=object and --group-inlined=yes,
each as TSV, JSON and text, with --inclusive=yes (the text also without);
--format=folded; and the data --format=html embeds (its "flame" stacks,
its function rows).  The checks, each named in its failures:

  agree      TSV, JSON and text give the same rows in the same order and
             the same figures (text: a bounded group as MIN..MAX, its
             percentages of the total as (P1%..P2%)); the TSV's columns
             are EV, EV_incl, then in a grouped view EV_incl_min and
             EV_incl_max, one each per event; a group's EV_incl (JSON
             "inclusive") holds the figure only when its min equals its
             max; a member's EV_incl is its figure in the function view
             and its EV_incl_max too; the page's function rows are the
             function view's
  percent    the text's percentages: of the total, as the figures give
             them; a member's share of its group, given only when the
             group's figure is exact, as the figures give it, and never
             above 100 %
  sum        the groups' exclusive costs add up to the cost lines' sum,
             and each group's to its members'; every function is a member
             of one group
  grouping   --by=file: a member's file is its group; --by=object: its
             object; --group-inlined=yes: a group's members have one name
             and one object, and at most one of them is named by a fn=
             line (the others are its inlined pieces)
  defined    an event that neither a cost line of a group's members nor
             a call out of them or into them from outside records has no
             inclusive figure, one they record has (a function's the same)
  incl-excl  inclusive at least exclusive: a function's figure, a group's
             min, a member's min
  cap        at most max(total, the cost lines' sum): a function's figure,
             a group's max; a group's min at most its max
  member-min a group's min at least each member's min
  member-max a group's max at least each member's figure
  recs       NAME'N's figure at most NAME'(N-1)'s (NAME for N = 2) of the
             same file, per event (callgrind's --separate-recs), where
             neither is an inlined piece
  lower      a function's figure at least L(f), and a member's min equal
             to it: its exclusive cost and its calls to functions outside
             its strongly connected component (of the call graph); none
             for an event that neither records
  bounds     a group's min and max equal LB(G) and UB(G), recomputed
             here by the rule below
  flame      the page's flame stacks are --format=folded's: each frame
             the page writes holds, with all below it, what folded's
             stacks through it hold; the page writes each root and frame
             of folded's that holds twice its smallest frame or more (it
             merges into the frame above, or into "rest", those under
             total / (100 / min_share), "min_share" in the page, as the
             calls that brought them were, rounded); its total is theirs
  run        cgannotate ran and printed what could be read

The rule of group bounds (issue 28).  Nodes are functions keyed by (file,
name).  A piece is a function a fi=/fe= line opens, never named by fn=
and reached by no call; its candidate homes are the functions of its name
named by fn= in its object, and each home reaches it.  R(G): the nodes
reachable from G's members.  S: the members of the strongly connected
components no edge enters, less the pieces that have a home.  A: the nodes
reachable from S without passing through G.  Then per event
  LB(G) = the members no call reaches (pieces aside): own cost and calls
          out; + the calls f -> g, g in G, f not in G nor in R(G); + the
          pieces of G that have homes, all outside G and R(G): own cost
          and calls out; raised to each member's L(f) and to G's own
          lower bound on the graph of the groups (its members' own costs
          and their calls to groups outside its component there)
  UB(G) = the members in S: own cost and calls out; + the calls f -> g,
          g in G, f not in G, f in A; + the pieces of G with a home
          outside G in A: own cost and calls out; raised to each
          member's figure and to LB(G)
both capped at max(total, the cost lines' sum), a call's cost taken as
cgannotate shows it: at most its callee's figure and that cap.  An event
a group's members record in no cost line, no call out and no call in from
outside has no bounds.  A profile with negative counts (a difference) is
checked for agreement and sums only.

Prints up to a few "FAIL [check] PROFILE: ..." lines per check and
profile, then one line per profile: "reconcile.py: PROFILE: ok (N
checks)" or "reconcile.py: PROFILE: F of N checks failed: check=count
...".  Exit status 1 if any failed.

reconcile.py --mutant NAME CGANNOTATE PROFILE: the same, one output of
cgannotate made wrong on purpose as it is read (a group's min below a
member's, a member above its group, f'2 above f, inclusive below
exclusive, a folded stack or the page's changed, a TSV or text figure not
the JSON's, ...); reconcile.py --mutants lists them, each with the check
it must fail and the profile it is tried on (tests/oracles/reconcile.sh).
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import graph  # noqa: E402
from graph import add_into  # noqa: E402

# view: (options, the text listing's heading)
VIEWS = {
    "function": ([], "file:function"),
    "file": (["--by=file"], "file"),
    "object": (["--by=object"], "object"),
    "inlined": (["--group-inlined=yes"], "function"),
}
SHOWN_PER_CHECK = 4
RECS_RE = re.compile(r"^(.+)'([0-9]+)$")


class Failed(Exception):
    """A run or a reading that leaves nothing more to check."""


class Checks:
    """The checks of one profile: counted, their failures kept by name."""

    def __init__(self, path):
        self.path = path
        self.n = 0
        self.fails = {}

    def check(self, name, ok, msg=None):
        self.n += 1
        if not ok:
            self.fails.setdefault(name, []).append(
                msg() if callable(msg) else msg)
        return ok

    def report(self, out):
        for name in sorted(self.fails):
            for m in self.fails[name][:SHOWN_PER_CHECK]:
                out.write("FAIL [%s] %s: %s\n" % (name, self.path, m))
        nf = sum(len(v) for v in self.fails.values())
        if nf == 0:
            out.write("reconcile.py: %s: ok (%d checks)\n" % (self.path,
                                                           self.n))
        else:
            out.write("reconcile.py: %s: %d of %d checks failed: %s\n" % (
                self.path, nf, self.n, " ".join(
                    "%s=%d" % (k, len(v)) for k, v in
                    sorted(self.fails.items()))))
        return nf == 0


def run(binary, args, ok_status=(0,)):
    p = subprocess.run([binary] + args, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    if p.returncode not in ok_status:
        raise Failed("%s %s: exit status %d: %s" % (
            os.path.basename(binary), " ".join(args), p.returncode,
            p.stderr.decode("utf-8", "replace").strip()[:300]))
    out = p.stdout.decode("utf-8", "surrogateescape")
    if MUTANT is not None:
        out = mutate(MUTANT, args, out)
    return p.returncode, out


def fmt(d, events=None):
    if d is None:
        return "-"
    keys = events if events is not None else sorted(d)
    return " ".join("%s=%s" % (e, d.get(e)) for e in keys if e in d) or "{}"


ESC_RE = re.compile(r"\\x[0-9a-fA-F]{2}|\\[abfnrtv\\]|[^!-\[\]-~]")


def norm(s):
    """A name as every output shows it: each escapes what a profile
    controls for its own destination (TSV, JSON, terminal), so names of
    control characters or bytes that are not UTF-8 compare without them
    (and without blanks, which some of them become)."""
    return ESC_RE.sub("", s or "")


def same_name(a, b):
    return a == b or norm(a) == norm(b)


# ---------------------------------------------------------------- readers

class Row:
    """A row of a view: kind "fn" (the function view), "group" or
    "member"; label as the TSV's second column gives it (a member's) or
    the group's name; key (file, name) of a function; per event dicts,
    an event left out when the output gives it no figure."""

    def __init__(self, kind, group, label):
        self.kind = kind
        self.group = group
        self.label = label
        self.key = None
        self.obj = None
        self.excl = {}
        self.incl = {}
        self.imin = {}
        self.imax = {}

    def what(self):
        if self.kind == "group":
            return "group %s" % self.group
        if self.kind == "member":
            return "%s / %s" % (self.group, self.label)
        return self.label


def cell(s):
    return None if s == "" else int(s)


def read_tsv(text, view):
    """The rows of a TSV listing, its events, and what its header lacks."""
    lines = [ln for ln in text.split("\n") if ln != ""]
    if not lines:
        raise Failed("TSV: no header")
    head = lines[0].split("\t")
    nkey = 3 if view == "function" else 2
    events = []
    for h in head[nkey:]:
        if h.endswith("_incl") or h in ("calls", "recursive"):
            break
        events.append(h)
    want = list(events) + [e + "_incl" for e in events]
    if view != "function":
        want += [e + "_incl_min" for e in events] + \
            [e + "_incl_max" for e in events]
    missing = None
    if head[nkey:nkey + len(want)] != want:
        missing = "TSV header %s, expected %s" % (
            head[nkey:nkey + len(want)], want)
    idx = {h: i for i, h in enumerate(head)}
    rows = []
    for ln in lines[1:]:
        f = ln.split("\t")

        def col(name):
            i = idx.get(name)
            return cell(f[i]) if i is not None and i < len(f) else None
        if view == "function":
            r = Row("fn", None, f[0] + ":" + f[1])
            r.key = (f[0], f[1])
            r.obj = f[2]
        elif f[1] == "" and not (rows and rows[-1].kind == "group" and
                                 rows[-1].group == f[0]):
            # A group row: its members follow it, so a row naming the
            # group just listed is its member (one whose file, the
            # field of --group-inlined, is empty: pprof's)
            r = Row("group", f[0], f[0])
        else:
            r = Row("member", f[0], f[1])
        for e in events:
            for d, suffix in ((r.excl, ""), (r.incl, "_incl"),
                              (r.imin, "_incl_min"), (r.imax, "_incl_max")):
                v = col(e + suffix)
                if v is not None:
                    d[e] = v
        rows.append(r)
    return rows, events, missing


def member_label(view, f):
    if view == "file":
        return f.get("name")
    if view == "object":
        return "%s:%s" % (f.get("file"), f.get("name"))
    return f.get("file")


def json_row(kind, group, label, d, events):
    """A row of the JSON, of the events shown (the TSV's and the text's:
    the JSON gives derived events too)."""
    r = Row(kind, group, label)

    def costs(name):
        return {e: v for e, v in (d.get(name) or {}).items() if e in events}
    r.excl = costs("exclusive")
    r.incl = costs("inclusive")
    r.imin = costs("inclusive_min")
    r.imax = costs("inclusive_max")
    if "file" in d:
        r.key = (d.get("file"), d.get("name"))
        r.obj = d.get("object")
    return r


def read_json(doc, view, events):
    rows = []
    if view == "function":
        for f in doc.get("functions", []):
            rows.append(json_row("fn", None, "%s:%s" % (f.get("file"),
                                                       f.get("name")), f,
                                 events))
        return rows
    for g in doc.get("groups", []):
        rows.append(json_row("group", g.get("name"), g.get("name"), g,
                             events))
        for f in g.get("functions", []):
            rows.append(json_row("member", g.get("name"),
                                 member_label(view, f), f, events))
    return rows


NUM = r"-?[0-9][0-9,]*"
PCT = r"\(\s*(-?[0-9.]+)%(?:\.\.\s*(-?[0-9.]+)%)?\)"
CELL_RE = re.compile(r" *(\.|%s(?:\.\.%s)?)(?: %s)?" % (NUM, NUM, PCT))
SHARE_RE = re.compile(r" \((-?[0-9.]+)% of the (file|object|function)\)$")


def text_value(s):
    """"." -> None, "1,234" -> 1234, "1..5" -> (1, 5)."""
    if s == ".":
        return None
    if ".." in s:
        a, b = s.split("..")
        return (int(a.replace(",", "")), int(b.replace(",", "")))
    return int(s.replace(",", ""))


class TextRow:
    def __init__(self, kind, name, cells, share):
        self.kind = kind        # "top" (group or function) or "member"
        self.name = name
        self.cells = cells      # [(value, pct, pct2)]
        self.share = share      # the "(P% of the ...)" text, or None


def parse_cells(line, n):
    cells, pos = [], 0
    for _ in range(n):
        m = CELL_RE.match(line, pos)
        if not m or m.end() == pos:
            return None, pos
        cells.append((text_value(m.group(1)), m.group(2), m.group(3)))
        pos = m.end()
    return cells, pos


def read_text(text, view, nev):
    """The PROGRAM TOTALS cells and the rows of a text report's listing."""
    lines = text.split("\n")
    heading = VIEWS[view][1]
    totals, rows, i = None, None, 0
    while i < len(lines):
        ln = lines[i]
        if "PROGRAM TOTALS" in ln:
            totals, _ = parse_cells(ln, nev)
        if ln.rstrip().endswith(" " + heading) and i + 2 < len(lines) and \
                lines[i + 1].startswith("---") and rows is None:
            rows = []
            i += 2
            while i < len(lines) and lines[i].strip() != "":
                ln = lines[i]
                cells, pos = parse_cells(ln, nev)
                if cells is None:
                    raise Failed("text: a row not read: %r" % ln[:120])
                share = None
                m = SHARE_RE.search(ln, pos)
                if m:
                    share = m.group(1)
                    ln = ln[:m.start()]
                start = len(ln) - len(ln[pos:].lstrip(" "))
                rows.append(TextRow(start, ln[start:], cells, share))
                i += 1
            # a member's name two columns right of its group's
            col = min([r.kind for r in rows] or [0])
            for r in rows:
                if r.kind == col:
                    r.kind = "top"
                elif r.kind == col + 2 and view != "function":
                    r.kind = "member"
                else:
                    raise Failed("text: a name at column %d, the first "
                                 "rows' at %d: %r" % (r.kind, col, r.name))
                if r.share is not None and r.kind != "member":
                    raise Failed("text: a share on a row not a member: "
                                 "%r" % r.name)
            continue
        i += 1
    if rows is None:
        raise Failed("text: no listing headed %r" % heading)
    if totals is None:
        raise Failed("text: no PROGRAM TOTALS")
    return [c[0] for c in totals], rows


# ---------------------------------------------------------------- the graph

class Graph:
    """The profile's functions, calls and pieces, and what the rule of
    group bounds needs of them."""

    def __init__(self, prof):
        self.prof = prof
        self.events = list(prof.events)
        nodes = list(prof.order) + sorted(prof.callee_only -
                                          set(prof.order))
        self.nodes = nodes
        self.excl = {k: prof.excl.get(k, {}) for k in nodes}
        self.obj = {k: prof.obj.get(k) for k in nodes}
        succ, pred, out = {}, {}, {}
        for (a, b), c in prof.calls.items():
            succ.setdefault(a, set()).add(b)
            pred.setdefault(b, set()).add(a)
            add_into(out.setdefault(a, {}), c)
        self.succ, self.pred, self.out = succ, pred, out
        homes_of = {}
        for k in prof.fn_named:
            homes_of.setdefault((k[1], self.obj[k]), []).append(k)
        self.pieces = {k for k in prof.inlined
                       if k not in prof.fn_named and k not in pred}
        self.homes = {p: sorted(homes_of.get((p[1], self.obj[p]), []))
                      for p in self.pieces}
        # for reachability, each home reaches its pieces
        gsucc = {k: set(v) for k, v in succ.items()}
        for p, hs in self.homes.items():
            for h in hs:
                gsucc.setdefault(h, set()).add(p)
        self.gsucc = gsucc
        comp = graph.tarjan(nodes, gsucc)
        self.comp = comp
        ncomp = max(comp.values()) + 1 if comp else 0
        csucc = [set() for _ in range(ncomp)]
        entered = set()
        for a, bs in gsucc.items():
            for b in bs:
                if comp[a] != comp[b]:
                    csucc[comp[a]].add(comp[b])
                    entered.add(comp[b])
        # Tarjan numbers a component after all it reaches
        reach = [0] * ncomp
        for c in range(ncomp):
            r = 1 << c
            for d in csucc[c]:
                r |= reach[d]
            reach[c] = r
        self.reach = reach
        self.start = [k for k in nodes if comp[k] not in entered and
                      not (k in self.pieces and self.homes[k])]
        self.starts = set(self.start)
        # L(f): own cost and calls out of f's component of the call graph
        ccomp = graph.tarjan(nodes, succ)
        self.low = {}
        for k in nodes:
            lo = dict(self.excl[k])
            for b in succ.get(k, ()):
                if ccomp[b] != ccomp[k]:
                    add_into(lo, prof.calls[(k, b)])
            self.low[k] = lo

    def canon(self, rows):
        """The rows' keys as the parser has them (names escaped by the
        output compared without what they escape)."""
        if not hasattr(self, "by_norm"):
            self.by_norm = {(norm(k[0]), norm(k[1])): k for k in self.nodes}
        for r in rows:
            if r.key is not None and r.key not in self.excl:
                r.key = self.by_norm.get((norm(r.key[0]), norm(r.key[1])),
                                         r.key)
        return rows

    def own_and_out(self, k):
        d = dict(self.excl[k])
        add_into(d, self.out.get(k, {}))
        return d

    def recorded(self, members):
        """The events the members' cost lines, their calls and the calls
        into them from outside record."""
        gs = set(members)
        rec = set()
        for m in members:
            rec |= set(self.excl[m]) | set(self.out.get(m, {}))
            for f in self.pred.get(m, ()):
                if f not in gs:
                    rec |= set(self.prof.calls[(f, m)])
        return rec

    def group_lows(self, partition):
        """Each group's lower bound as a function of the graph of the
        groups: its own cost and its calls out of its component there
        (they never come back to it)."""
        gi = {}
        for i, members in enumerate(partition):
            for m in members:
                gi[m] = i
        gsucc = {}
        for (a, b) in self.prof.calls:
            if a in gi and b in gi and gi[a] != gi[b]:
                gsucc.setdefault(gi[a], set()).add(gi[b])
        comp = graph.tarjan(list(range(len(partition))), gsucc)
        lows = []
        for i, members in enumerate(partition):
            lo = {}
            for m in members:
                add_into(lo, self.excl[m])
                for b in self.succ.get(m, ()):
                    if b in gi and comp[gi[b]] != comp[i]:
                        add_into(lo, self.prof.calls[(m, b)])
            lows.append(lo)
        return lows

    def avoiding(self, gs, need):
        """Which of the nodes need are reachable from the start set
        without passing through the set gs."""
        need = set(need)
        found = set()
        seen = set()
        todo = [s for s in self.start if s not in gs]
        seen.update(todo)
        while todo and found != need:
            v = todo.pop()
            if v in need:
                found.add(v)
            for w in self.gsucc.get(v, ()):
                if w not in seen and w not in gs:
                    seen.add(w)
                    todo.append(w)
        return found

    def bounds(self, members, figure, cap, glow):
        """(LB, UB) of the group of members, per event it records;
        figure: each member's inclusive cost in the function view; glow:
        the group's lower bound on the graph of the groups."""
        gs = set(members)
        rbits = 0
        for m in members:
            rbits |= self.reach[self.comp[m]]

        def in_r(x):
            return (rbits >> self.comp[x]) & 1

        calls_in = [(f, m) for m in members for f in self.pred.get(m, ())
                    if f not in gs]
        my_pieces = [p for p in members if p in self.pieces]
        ask = {f for f, _ in calls_in} | {h for p in my_pieces
                                          for h in self.homes[p]
                                          if h not in gs}
        hard = {x for x in ask if in_r(x)}
        in_a = self.avoiding(gs, hard) if hard else set()

        def a(x):
            return not in_r(x) or x in in_a

        def shown(f, m):
            """The call's cost as cgannotate shows it: at most what it
            records, its callee's figure and the cap."""
            c = dict(self.prof.calls[(f, m)])
            for e, v in c.items():
                for w in ((figure.get(m) or {}).get(e), cap.get(e)):
                    if w is not None and w < c[e]:
                        c[e] = w
            return c

        lb, ub = {}, {}
        for m in members:
            if m not in self.pieces and not self.pred.get(m):
                add_into(lb, self.own_and_out(m))
        for f, m in calls_in:
            if not in_r(f):
                add_into(lb, shown(f, m))
            if a(f):
                add_into(ub, shown(f, m))
        for p in my_pieces:
            hs = [h for h in self.homes[p] if h not in gs]
            # (a piece of no home may run under any call counted)
            if hs and len(hs) == len(self.homes[p]) and \
                    not any(in_r(h) for h in hs):
                add_into(lb, self.own_and_out(p))
            if any(a(h) for h in hs):
                add_into(ub, self.own_and_out(p))
        for m in members:
            if m in self.starts:
                add_into(ub, self.own_and_out(m))
        lo, hi = {}, {}
        for e in self.recorded(members):
            low = max([lb.get(e, 0), glow.get(e, 0)] +
                      [self.low[m].get(e, 0) for m in members])
            high = max([ub.get(e, 0), low] +
                       [(figure.get(m) or {}).get(e) or 0 for m in members])
            c = cap.get(e)
            if c is not None:
                low, high = min(low, c), min(high, c)
            lo[e], hi[e] = low, high
        return lo, hi


# ---------------------------------------------------------------- checks

def agree_rows(ck, what, a_name, a, b_name, b, fields):
    """Rows a and b (TSV and JSON) list the same rows and figures."""
    if not ck.check("agree", len(a) == len(b), lambda: "%s: %s has %d rows, "
                    "%s %d" % (what, a_name, len(a), b_name, len(b))):
        return
    for x, y in zip(a, b):
        if not ck.check("agree", x.kind == y.kind and
                        same_name(x.group, y.group) and
                        same_name(x.label, y.label),
                        lambda: "%s: %s row %s, %s row %s" % (
                            what, a_name, x.what(), b_name, y.what())):
            return
        for fld in fields:
            dx, dy = getattr(x, fld), getattr(y, fld)
            ck.check("agree", dx == dy, lambda: "%s: %s %s: %s %s, %s %s"
                     % (what, x.what(), fld, a_name, fmt(dx), b_name,
                        fmt(dy)))


def text_name_ok(name, want, group):
    """A text row's name is the JSON's, maybe followed by its object; a
    group's may be its function's with its file."""
    if name == want:
        return True
    if name.startswith(want + " [") and name.endswith("]"):
        return True
    if not group:
        return False
    i = name.rfind(":" + want)
    return i >= 0 and (name.endswith(":" + want) or
                       name[i + 1 + len(want):].startswith(" ["))


def pct_ok(printed, value, whole, of_size=True):
    """A percentage printed of value in whole (of a negative total, a
    difference's, as of its size), to the digits printed."""
    if printed is None or value is None or not whole:
        return printed is None or not whole
    if of_size:
        whole = abs(whole)
    dec = len(printed.split(".")[1]) if "." in printed else 0
    return abs(float(printed) - 100.0 * value / whole) <= \
        0.5 * 10 ** -dec + 1e-9


def check_text(ck, what, trows, jrows, events, ttotals, totals, incl):
    """The text listing's rows against the JSON's, in order."""
    ck.check("agree", [t for t in ttotals] ==
             [totals.get(e) for e in events],
             lambda: "%s: text's PROGRAM TOTALS %s, JSON's %s" % (
                 what, ttotals, fmt(totals, events)))
    if not ck.check("agree", len(trows) == len(jrows),
                    lambda: "%s: text has %d rows, JSON %d" % (
                        what, len(trows), len(jrows))):
        return
    group = None
    for t, r in zip(trows, jrows):
        kind = "member" if r.kind == "member" else "top"
        want = r.label if r.kind != "group" else r.group
        if not ck.check("agree", t.kind == kind and (
                text_name_ok(t.name, want, r.kind == "group") or
                text_name_ok(norm(t.name), norm(want), r.kind == "group")),
                lambda: "%s: text row %r (%s), JSON row %s" % (
                    what, t.name, t.kind, r.what())):
            return
        if r.kind == "group":
            group = r
        for i, e in enumerate(events):
            value, p1, p2 = t.cells[i]
            if not incl:
                want_v = r.excl.get(e)
            elif r.kind == "group" and e in r.imin and e in r.imax:
                lo, hi = r.imin[e], r.imax[e]
                want_v = lo if lo == hi else (lo, hi)
            else:
                want_v = r.incl.get(e)
            ck.check("agree", value == want_v,
                     lambda: "%s: %s %s: text %s, JSON %s" % (
                         what, r.what(), e, value, want_v))
            whole = ttotals[i]
            if isinstance(value, tuple):
                ok = pct_ok(p1, value[0], whole) and \
                    pct_ok(p2, value[1], whole)
            else:
                ok = p2 is None and pct_ok(p1, value, whole)
            ck.check("percent", ok, lambda: "%s: %s %s: %s (%s%%..%s%%) "
                     "of the total %s" % (what, r.what(), e, value, p1, p2,
                                         whole))
        if r.kind != "member" or not incl:
            continue
        # the share of the group, of the first event
        e = events[0]
        g = group.imin.get(e), group.imax.get(e)
        exact = g[0] == g[1] if g != (None, None) else True
        gv = group.incl.get(e) if g == (None, None) else g[0]
        if not exact:
            ck.check("percent", t.share is None,
                     lambda: "%s: %s: a share (%s%%) of a bounded group" % (
                         what, r.what(), t.share))
            continue
        v = r.incl.get(e)
        if t.share is None:
            ck.check("percent", not gv or v is None,
                     lambda: "%s: %s: no share of its group" % (
                         what, r.what()))
            continue
        ck.check("percent", float(t.share) <= 100.0,
                 lambda: "%s: %s: %s%% of its group (%s, the group's %s)" % (
                     what, r.what(), t.share, v, gv))
        ck.check("percent", pct_ok(t.share, v, gv, False),
                 lambda: "%s: %s: share %s%%, the figures give %s / %s" % (
                     what, r.what(), t.share, v, gv))


def check_functions(ck, g, rows, events, cap, signed):
    """The function view: its figures, by key."""
    fig = {}
    for r in rows:
        if not ck.check("sum", r.key not in fig,
                        lambda: "function %s listed twice" % r.label):
            continue
        fig[r.key] = r.incl
    if signed:
        return fig
    keys = set(g.nodes)
    for r in rows:
        if not ck.check("sum", r.key in keys,
                        lambda: "function %s: unknown to the profile's "
                        "parser" % r.label):
            continue
        # the events of its cost lines, its calls out and its calls in
        rec = g.recorded([r.key])
        for f in g.pred.get(r.key, ()):
            rec |= set(g.prof.calls[(f, r.key)])
        for e in events:
            inc, ex = r.incl.get(e), r.excl.get(e)
            known = e in g.events
            if known:
                ck.check("defined", (inc is not None) == (e in rec),
                         lambda: "%s %s: inclusive %s, the event %s by it, "
                         "its calls or its callers" % (
                             r.label, e, inc, "recorded" if e in rec else
                             "not recorded"))
            if ex is not None:
                ck.check("incl-excl", inc is not None and inc >= ex,
                         lambda: "%s %s: inclusive %s below exclusive %s" %
                         (r.label, e, inc, ex))
            if inc is not None and cap.get(e) is not None:
                ck.check("cap", inc <= cap[e],
                         lambda: "%s %s: inclusive %s above %s" % (
                             r.label, e, inc, cap[e]))
            if known and inc is not None:
                lo = g.low[r.key].get(e, 0)
                if cap.get(e) is not None:
                    lo = min(lo, cap[e])
                ck.check("lower", inc >= lo,
                         lambda: "%s %s: inclusive %s below L(f) = %s" % (
                             r.label, e, inc, lo))
    # f'N at most f'(N-1): functions, not their inlined pieces (a piece
    # of f'2 runs inside f, not inside f's piece of the same file)
    for (file, name), inc in fig.items():
        m = RECS_RE.match(name)
        if not m or int(m.group(2)) < 2 or (file, name) in g.pieces:
            continue
        n = int(m.group(2))
        up = (file, m.group(1) if n == 2 else "%s'%d" % (m.group(1), n - 1))
        if up not in fig or up in g.pieces:
            continue
        for e in events:
            a, b = inc.get(e), fig[up].get(e)
            if a is None:
                continue
            ck.check("recs", b is not None and a <= b,
                     lambda: "%s:%s %s: inclusive %s above %s's %s" % (
                         file, name, e, a, up[1], b))
    return fig


def check_groups(ck, g, view, jrows, events, cap, fig, signed, has_bounds):
    """A grouped view's groups and members, from its JSON rows."""
    what = "--%s" % ("group-inlined=yes" if view == "inlined" else
                     "by=" + view)
    groups = []
    for r in jrows:
        if r.kind == "group":
            groups.append((r, []))
        elif groups:
            groups[-1][1].append(r)
    # every function once
    seen = {}
    for gr, mem in groups:
        for m in mem:
            seen[m.key] = seen.get(m.key, 0) + 1
    ck.check("sum", set(seen) == set(fig) and
             all(v == 1 for v in seen.values()),
             lambda: "%s: members %d, functions %d, twice: %s, missing: %s"
             % (what, len(seen), len(fig),
                [k for k, v in seen.items() if v > 1][:3],
                sorted(set(fig) - set(seen))[:3]))
    total = {}
    for gr, mem in groups:
        add_into(total, gr.excl)
        msum = {}
        for m in mem:
            add_into(msum, m.excl)
        ck.check("sum", {e: v for e, v in gr.excl.items() if v} ==
                 {e: v for e, v in msum.items() if v},
                 lambda: "%s: group %s exclusive %s, its members add up "
                 "to %s" % (what, gr.group, fmt(gr.excl, events),
                            fmt(msum, events)))
        if view == "file":
            ck.check("grouping", all(same_name(m.key[0], gr.group)
                                     for m in mem),
                     lambda: "%s: group %s holds a function of another file"
                     % (what, gr.group))
        elif view == "object":
            ck.check("grouping", all(same_name("???" if m.obj is None
                                               else m.obj, gr.group)
                                     for m in mem),
                     lambda: "%s: group %s holds functions of objects %s" %
                     (what, gr.group, sorted({m.obj or "???"
                                              for m in mem})))
        elif view == "inlined" and not signed:
            names = {m.key[1] for m in mem}
            objs = {g.obj.get(m.key) for m in mem}
            named = [m.key for m in mem if m.key in g.prof.fn_named]
            ck.check("grouping", len(names) <= 1 and len(objs) <= 1 and
                     len(named) <= 1,
                     lambda: "%s: group %s: names %s, objects %s, "
                     "functions named by fn= %s" % (
                         what, gr.group, sorted(names)[:3],
                         sorted(objs, key=str)[:3], named[:3]))
    want = {e: v for e, v in g.prof.total.items() if v}
    ck.check("sum", {e: v for e, v in total.items() if v} == want or
             not g.prof.total,
             lambda: "%s: groups add up to %s, the cost lines to %s" % (
                 what, fmt(total, events), fmt(want, events)))
    if signed:
        return
    known_keys = all(m.key in g.excl for _, mem in groups for m in mem)
    glows = g.group_lows([[m.key for m in mem] for _, mem in groups]) \
        if known_keys else [{} for _ in groups]
    for (gr, mem), glow in zip(groups, glows):
        keys = [m.key for m in mem]
        if not ck.check("sum", all(k in g.excl for k in keys),
                        lambda: "%s: group %s: a member unknown to the "
                        "profile's parser" % (what, gr.group)):
            continue
        rec = g.recorded(keys)
        lb, ub = g.bounds(keys, fig, cap, glow)
        for e in events:
            known = e in g.events
            lo, hi = gr.imin.get(e), gr.imax.get(e)
            if not has_bounds:
                lo = hi = gr.incl.get(e)
            if known:
                ck.check("defined", ((lo is not None and hi is not None) ==
                                     (e in rec)) and
                         ((lo is None) == (hi is None)),
                         lambda: "%s: group %s %s: min %s, max %s; the "
                         "event %s by its members or their calls" % (
                             what, gr.group, e, lo, hi, "recorded" if
                             e in rec else "not recorded"))
            if has_bounds and lo is not None and hi is not None:
                ck.check("agree", gr.incl.get(e) == (lo if lo == hi else
                                                     None),
                         lambda: "%s: group %s %s: inclusive %s with min "
                         "%s and max %s" % (what, gr.group, e,
                                            gr.incl.get(e), lo, hi))
            if lo is None or hi is None:
                continue
            ck.check("cap", lo <= hi and (cap.get(e) is None or
                                          hi <= cap[e]),
                     lambda: "%s: group %s %s: min %s, max %s, cap %s" % (
                         what, gr.group, e, lo, hi, cap.get(e)))
            ex = gr.excl.get(e)
            if ex is not None:
                ck.check("incl-excl", lo >= ex,
                         lambda: "%s: group %s %s: min %s below exclusive "
                         "%s" % (what, gr.group, e, lo, ex))
            for m in mem:
                mf = (fig.get(m.key) or {}).get(e)
                mlow = min(g.low[m.key].get(e, 0), cap.get(e, 0)) \
                    if known else m.imin.get(e)
                if mlow is not None:
                    ck.check("member-min", lo >= mlow,
                             lambda: "%s: group %s %s: min %s below its "
                             "member %s's %s" % (what, gr.group, e, lo,
                                                 m.label, mlow))
                if mf is not None:
                    ck.check("member-max", hi >= mf,
                             lambda: "%s: group %s %s: max %s below its "
                             "member %s's %s" % (what, gr.group, e, hi,
                                                 m.label, mf))
            if known:
                ck.check("bounds", (lo, hi) == (lb.get(e), ub.get(e)),
                         lambda: "%s: group %s %s: [%s, %s], the rule "
                         "gives [%s, %s]" % (what, gr.group, e, lo, hi,
                                             lb.get(e), ub.get(e)))
        # members: the function view's figure, L(f) as their min
        for m in mem:
            f = fig.get(m.key) or {}
            ck.check("agree", m.incl == f,
                     lambda: "%s: %s / %s inclusive %s, the function "
                     "view's %s" % (what, gr.group, m.label, fmt(m.incl),
                                    fmt(f)))
            if not has_bounds:
                continue
            ck.check("agree", m.imax == f,
                     lambda: "%s: %s / %s max %s, its figure %s" % (
                         what, gr.group, m.label, fmt(m.imax), fmt(f)))
            want_lo = {}
            for e in events:
                if e not in g.events:
                    if e in m.imin:
                        want_lo[e] = m.imin[e]
                    continue
                if e in f and e in g.low[m.key]:
                    lo = g.low[m.key][e]
                    want_lo[e] = min(lo, cap[e]) if e in cap else lo
            ck.check("lower", m.imin == want_lo,
                     lambda: "%s: %s / %s min %s, L(f) = %s" % (
                         what, gr.group, m.label, fmt(m.imin),
                         fmt(want_lo)))


# ---------------------------------------------------------------- flame

def page_data(html):
    m = re.search(r'<script type="application/json" id="cga-data">\n?(.*?)'
                  r'</script>', html, re.S)
    if not m:
        raise Failed("html: no cga-data script")
    return json.loads(m.group(1))


class Trie:
    """Stacks as a tree of frames: node 0 is above the roots; a node's
    children are made after it."""

    def __init__(self):
        self.parent = [-1]
        self.label = [None]
        self.kids = {}

    def child(self, node, label):
        k = (node, label)
        n = self.kids.get(k)
        if n is None:
            n = self.kids[k] = len(self.parent)
            self.parent.append(node)
            self.label.append(label)
        return n

    def sums(self, own):
        """What each node holds, itself and below it."""
        sub = own + [0] * (len(self.parent) - len(own))
        for n in range(len(self.parent) - 1, 0, -1):
            sub[self.parent[n]] += sub[n]
        return sub

    def path(self, n):
        out = []
        while n > 0:
            out.append(self.label[n])
            n = self.parent[n]
        return ";".join(reversed(out))


def check_flame(ck, folded_text, folded_ok, data):
    fl = (data.get("page") or {}).get("flame") or {}
    if "none" in fl or not folded_ok:
        ck.check("flame", ("none" in fl) == (not folded_ok),
                 lambda: "the page's flame graph: %s; folded: %s" % (
                     fl.get("none", "stacks"), "stacks" if folded_ok else
                     "none"))
        return
    t = Trie()
    own = [0]
    total = 0
    for ln in folded_text.split("\n"):
        if ln == "":
            continue
        st, _, n = ln.rpartition(" ")
        node = 0
        for f in st.split(";"):
            node = t.child(node, f)
        own += [0] * (len(t.parent) - len(own))
        own[node] += int(n)
        total += int(n)
    nfolded = len(t.parent)
    # the page's names are folded's (each entry: folded's name, the one
    # a frame shows, the table's rows it holds), compared without what
    # each escapes
    labels = set(t.label[1:])
    by_norm = {norm(x): x for x in labels}
    names = []
    for entry in fl.get("names", []):
        name = entry[0]
        if name not in labels and norm(name) in by_norm:
            name = by_norm[norm(name)]
        names.append(name)
    fr = fl.get("frames", [])
    at, pown = [], [0]
    written = set()
    for k in range(len(fr) // 3):
        parent, name, count = fr[3 * k], fr[3 * k + 1], fr[3 * k + 2]
        node = t.child(at[parent] if parent >= 0 else 0, names[name])
        at.append(node)
        written.add(node)
        pown += [0] * (len(t.parent) - len(pown))
        pown[node] += count
    sub, page = t.sums(own), t.sums(pown)
    share = fl.get("min_share") or 0
    div = int(round(100.0 / share)) if share else 0
    small = total // div if div else 0
    ck.check("flame", fl.get("total") == total,
             lambda: "the page's total %s, folded's stacks add up to %d" % (
                 fl.get("total"), total))
    ck.check("flame", fl.get("rest", 0) == total - page[0],
             lambda: "the page's rest %s, what its roots leave of folded's "
             "total %d" % (fl.get("rest"), total - page[0]))
    # A frame the page writes holds what folded's stacks hold under it
    # (merging a small frame into the one above keeps the sums of those
    # above); a frame folded has of twice the page's smallest, the page
    # writes (of about the smallest, the page may have merged it: it
    # cut the stack where the call brought less, rounded).
    roots = [n for n in range(1, len(t.parent)) if t.parent[n] == 0]
    ck.check("flame", not [n for n in roots if (
        n in written and n >= nfolded) or (
        n < nfolded and n not in written and sub[n] > 0 and
        sub[n] >= 2 * small)],
             lambda: "the page's roots %s, folded's %s" % (
                 sorted(t.label[n] for n in roots if n in written)[:6],
                 sorted(t.label[n] for n in roots if n < nfolded)[:6]))
    for n in sorted(written):
        ck.check("flame", n < nfolded and page[n] == sub[n],
                 lambda: "the page's %s: %s, folded's stacks %s" % (
                     t.path(n)[-150:], page[n], sub[n] if n < nfolded
                     else "have no such frame"))
    for n in range(1, nfolded):
        if n not in written and sub[n] > 0 and sub[n] >= 2 * small:
            ck.check("flame", False, lambda: "folded's %s: %s, the page "
                     "has no such frame" % (t.path(n)[-150:], sub[n]))


# ---------------------------------------------------------------- mutants

# --mutant NAME: one output of cgannotate made wrong on purpose, as read
# here; the check named beside it must then fail more than it does on the
# output as it is (tests/oracles/reconcile.sh).
MUTANT = None


def invocation(args):
    """(format, view, inclusive) of a run's arguments."""
    form = "text"
    for a in args:
        if a.startswith("--format="):
            form = a.split("=", 1)[1]
    view = "function"
    for a, v in (("--by=file", "file"), ("--by=object", "object"),
                 ("--group-inlined=yes", "inlined")):
        if a in args:
            view = v
    return form, view, "--inclusive=yes" in args


def json_groups_all(doc, what, value):
    """Each group's min (its figure, where no min is given) set by
    value(old)."""
    for g in doc.get("groups", []):
        key = "inclusive_%s" % what if "inclusive_%s" % what in g else \
            "inclusive"
        g[key] = {e: value(v) for e, v in g.get(key, {}).items()}


def m_group_min(doc):
    json_groups_all(doc, "min", lambda v: -1)


def m_group_max(doc):
    json_groups_all(doc, "max", lambda v: v + 1)


def m_member_above(doc):
    for f in doc.get("functions", []):
        f["inclusive"] = {e: v + 10 ** 12 for e, v in
                          (f.get("inclusive") or {}).items()}


def m_recs(doc):
    by = {(f.get("file"), f.get("name")): f for f in doc["functions"]}
    for (file, name), f in by.items():
        m = RECS_RE.match(name)
        if not m or int(m.group(2)) < 2:
            continue
        n = int(m.group(2))
        up = by.get((file, m.group(1) if n == 2 else
                     "%s'%d" % (m.group(1), n - 1)))
        if up is not None:
            f["inclusive"] = {e: v + 1 for e, v in
                              (up.get("inclusive") or {}).items()}


def m_below_excl(doc):
    for f in doc.get("functions", []):
        for e, v in (f.get("exclusive") or {}).items():
            if v > 0:
                f.setdefault("inclusive", {})[e] = v - 1


def m_undefined(doc):
    for f in doc.get("functions", []):
        f.pop("inclusive", None)


def m_group_sum(doc):
    g = [g for g in doc["groups"] if g.get("exclusive")][0]
    e = sorted(g["exclusive"])[0]
    g["exclusive"][e] += 1


def m_grouping(doc):
    a, b = doc["groups"][0], doc["groups"][1]
    a["functions"].append(b["functions"].pop(0))


def on_json(change):
    def f(out):
        doc = json.loads(out)
        change(doc)
        return json.dumps(doc)
    return f


def m_folded(out):
    """A count moved from one stack to another: the same total."""
    lines = [ln.rpartition(" ") for ln in out.split("\n") if ln]
    top = sorted(range(len(lines)), key=lambda i: -int(lines[i][2]))[:2]
    for i, d in zip(top, (1, -1)):
        lines[i] = (lines[i][0], " ", str(int(lines[i][2]) + d))
    return "".join(a + b + c + "\n" for a, b, c in lines)


def m_page(out):
    """A count moved from one frame of the page to another."""
    m = re.search(r'(<script type="application/json" id="cga-data">\n?)'
                  r'(.*?)(</script>)', out, re.S)
    doc = json.loads(m.group(2))
    fr = doc["page"]["flame"]["frames"]
    top = sorted(range(2, len(fr), 3), key=lambda i: -fr[i])[:2]
    fr[top[0]] += 1
    fr[top[1]] -= 1
    return out[:m.start(2)] + json.dumps(doc) + out[m.end(2):]


def m_tsv(out):
    """The first row's first inclusive figure one more."""
    lines = out.split("\n")
    head = lines[0].split("\t")
    row = lines[1].split("\t")
    for i, h in enumerate(head):
        if h.endswith("_incl") and row[i] != "":
            row[i] = str(int(row[i]) + 1)
            break
    lines[1] = "\t".join(row)
    return "\n".join(lines)


def m_text(out):
    """The listing's first figure changed, its width kept."""
    lines = out.split("\n")
    for i, ln in enumerate(lines):
        if ln.rstrip().endswith(" file") and lines[i + 1].startswith("---"):
            m = re.match(r"( *)([0-9][0-9,]*)", lines[i + 2])
            v = int(m.group(2).replace(",", ""))
            v = v - 1 if v % 10 == 9 else v + 1
            lines[i + 2] = m.group(1) + "{:,}".format(v) + \
                lines[i + 2][m.end():]
            break
    return "\n".join(lines)


def m_share(out):
    return re.sub(r"\([0-9.]+% of the file\)", "(150.00% of the file)", out)


# name: (the check it must fail, format, view, inclusive, change, the
# profile it is tried on: testdata/recur-plain.callgrind has recursion
# levels, several files and objects, inlined pieces; hand/stacks.callgrind
# stacks known exactly, which today's page and folded agree on)
RECUR = "testdata/recur-plain.callgrind"
STACKS = "testdata/hand/stacks.callgrind"
MUTANTS = {
    "group-below-member": ("member-min", "json", "file", True,
                           on_json(m_group_min), RECUR),
    "member-above-group": ("member-max", "json", "function", True,
                           on_json(m_member_above), RECUR),
    "bounds-off-by-one": ("bounds", "json", "object", True,
                          on_json(m_group_max), RECUR),
    "recursion-level-above": ("recs", "json", "function", True,
                              on_json(m_recs), RECUR),
    "inclusive-below-exclusive": ("incl-excl", "json", "function", True,
                                  on_json(m_below_excl), RECUR),
    "figure-of-nothing": ("defined", "json", "function", True,
                          on_json(m_undefined), RECUR),
    "groups-not-total": ("sum", "json", "file", True, on_json(m_group_sum),
                         RECUR),
    "member-of-another-file": ("grouping", "json", "file", True,
                               on_json(m_grouping), RECUR),
    "tsv-not-json": ("agree", "tsv", "object", True, m_tsv, RECUR),
    "text-not-json": ("agree", "text", "file", True, m_text, RECUR),
    "share-above-100": ("percent", "text", "file", True, m_share, RECUR),
    "folded-stack-changed": ("flame", "folded", "function", False,
                             m_folded, STACKS),
    "page-stack-changed": ("flame", "html", "function", False, m_page,
                           STACKS),
}


def mutate(name, args, out):
    check, form, view, incl, change, _ = MUTANTS[name]
    if invocation(args) != (form, view, incl):
        return out
    return change(out)


# ---------------------------------------------------------------- main

def check_profile(binary, path):
    ck = Checks(path)
    try:
        prof = graph.parse(path)
    except Exception as e:  # a profile this parser cannot read
        ck.check("run", False, "parse: %s: %s" % (type(e).__name__, e))
        return ck
    g = Graph(prof)
    signed = prof.negative
    try:
        _, t = run(binary, ["--format=tsv", "--inclusive=yes",
                            "--threshold=100", path])
        _, events, _ = read_tsv(t, "function")
        _, fj = run(binary, ["--format=json", "--inclusive=yes",
                             "--threshold=100", path])
        fdoc = json.loads(fj)
    except (Failed, ValueError) as e:
        ck.check("run", False, str(e))
        return ck
    totals = {e: v for e, v in (fdoc.get("totals") or {}).items()
              if e in events}
    cap = {}
    for e in events:
        vals = [v for v in (totals.get(e), prof.total.get(e)) if
                v is not None]
        if vals:
            cap[e] = max(vals)
    frows = g.canon(read_json(fdoc, "function", events))
    fig = check_functions(ck, g, frows, events, cap, signed)
    for view, (opts, _) in VIEWS.items():
        what = " ".join(["--inclusive=yes"] + opts)
        try:
            base = opts + ["--threshold=100"]
            _, t = run(binary, ["--format=tsv", "--inclusive=yes"] + base +
                       [path])
            trows, tev, missing = read_tsv(t, view)
            if view == "function":
                jrows = frows
                doc = fdoc
            else:
                _, j = run(binary, ["--format=json", "--inclusive=yes"] +
                           base + [path])
                doc = json.loads(j)
                jrows = g.canon(read_json(doc, view, events))
            ck.check("agree", tev == events, lambda: "%s: TSV events %s, "
                     "JSON %s" % (what, tev, events))
            ck.check("agree", missing is None, lambda: "%s: %s" % (
                what, missing))
            has_bounds = missing is None and view != "function"
            agree_rows(ck, what, "TSV", trows, "JSON", jrows,
                       ["excl", "incl", "imin", "imax"] if has_bounds else
                       ["excl", "incl"])
            if view != "function":
                check_groups(ck, g, view, jrows, events, cap, fig, signed,
                             has_bounds)
            _, x = run(binary, ["--auto=no", "--inclusive=yes"] + base +
                       [path])
            ttot, xrows = read_text(x, view, len(events))
            check_text(ck, "text " + what, xrows, jrows, events, ttot,
                       totals, True)
            # exclusive costs, listed in their own order
            what = " ".join(opts) or "--by=function"
            _, j = run(binary, ["--format=json"] + base + [path])
            erows = g.canon(read_json(json.loads(j), view, events))
            # the same rows but those of no exclusive cost (functions
            # only called: --inclusive=yes lists them), the same costs
            mine = {(r.kind, norm(r.group), norm(r.label)): r.excl
                    for r in jrows}
            theirs = {(r.kind, norm(r.group), norm(r.label)): r.excl
                      for r in erows}
            odd = [k for k in set(mine) | set(theirs)
                   if (k in theirs and mine.get(k) != theirs[k]) or
                   (k not in theirs and any(mine[k].values()))]
            ck.check("agree", not odd, lambda: "%s: JSON without "
                     "--inclusive: other rows or exclusive costs: %s" % (
                         what, ["%s: %s, with --inclusive=yes %s" % (
                             "|".join(x for x in k[1:] if x),
                             fmt(theirs.get(k)), fmt(mine.get(k)))
                             for k in sorted(odd)[:2]]))
            _, x = run(binary, ["--auto=no"] + base + [path])
            ttot, xrows = read_text(x, view, len(events))
            check_text(ck, "text " + what, xrows, erows, events, ttot,
                       totals, False)
        except (Failed, ValueError) as e:
            ck.check("run", False, "%s: %s" % (what, e))
    # the flame graph: folded and the page
    try:
        status, folded = run(binary, ["--format=folded", path], (0, 1))
        _, html = run(binary, ["--format=html", "--auto=no", path])
        data = page_data(html)
        check_flame(ck, folded, status == 0, data)
        prow = {(f.get("file"), f.get("name")): f
                for f in data.get("functions", [])}
        for r in frows:
            p = prow.get(r.key)
            if p is None:
                continue
            pe = {e: v for e, v in (p.get("exclusive") or {}).items()
                  if e in events}
            pi = {e: v for e, v in (p.get("inclusive") or {}).items()
                  if e in events}
            ck.check("agree", pe == r.excl and
                     ("inclusive" not in p or pi == r.incl),
                     lambda: "the page's %s: %s / %s, JSON's %s / %s" % (
                         r.label, fmt(p.get("exclusive")),
                         fmt(p.get("inclusive")), fmt(r.excl),
                         fmt(r.incl)))
    except (Failed, ValueError) as e:
        ck.check("run", False, "folded or html: %s" % e)
    return ck


def main(argv):
    global MUTANT
    if argv[1:] == ["--mutants"]:
        for name, m in MUTANTS.items():
            print(name, m[0], m[5])
        return 0
    if len(argv) > 2 and argv[1] == "--mutant":
        MUTANT = argv[2]
        argv = argv[:1] + argv[3:]
    if len(argv) < 3 or (MUTANT is not None and MUTANT not in MUTANTS):
        sys.stderr.write("usage: reconcile.py [--mutant NAME] CGANNOTATE "
                         "PROFILE...\n       reconcile.py --mutants\n")
        return 2
    binary = argv[1]
    bad = 0
    for path in argv[2:]:
        ck = check_profile(binary, path)
        if not ck.report(sys.stdout):
            bad += 1
        sys.stdout.flush()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
