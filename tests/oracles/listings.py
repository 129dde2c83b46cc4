#!/usr/bin/env python3
"""listings.py CGANNOTATE [--functions-only] [--text] PROFILE...: checks
cgannotate's listings by file, by object and by function name (--by=,
--group-inlined=yes), --top, --focus and --hide against figures computed
here, from the profile itself, by the parser of graph.py (never from
cgannotate's output): the program total per event, the exclusive cost of
every function, file, object and function name, and the bounds of
inclusive costs on any grouping of the functions (graph.incl_bounds).

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
    component, an object's last component, "???" anchored, and one
    matching nothing):
    "totals" unchanged; focus lists exactly the parser's functions whose
    name, file or object ("???" when none) matches RE; hide exactly those
    none of which matches;
  --by=object against the ob= in force at each cost line: a function
    whose cost lines lie in two objects or more must be counted in the
    warning "N functions have code in more than one object" (N at least
    their number); with no such warning, every object's exclusive cost
    is the sum of the cost lines under its ob=;
  --text (a guess at the text layout, for when it exists): with
    --threshold=100 --top=N --auto=no, the rows between the dashed lines
    under the listing's heading (file / object / function) and the next
    blank line, not counting member rows "(P% of the ...)", are
    min(N, number of groups).
Prints one line per failure and "listings.py: P passed, F failed"; exit
status 1 on any failure.
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from graph import UNKNOWN, incl_bounds, parse, within  # noqa: E402


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
    if more:
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
    component, "???" (the object of a function of none), and one matching
    nothing."""
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
    # what --by=object names a function of no object (a cachegrind file's)
    res.append("^" + ere_literal(UNKNOWN) + "$")
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

WARN_OBJS_RE = re.compile(r": warning: (\d+) functions? ha(?:s|ve) code in "
                          r"more than one object; --by=object counts each "
                          r"whole in one of them: ")


def check_objects(ck, prof):
    """--by=object against the ob= in force at each cost line: a function
    whose cost lines lie in two objects or more is counted in one of them,
    and the warning must name at least as many; with no warning, every
    object's exclusive cost is the sum of its cost lines."""
    p = prof.path
    events = prof.events
    r = subprocess.run([ck.binary, "--by=object", "--format=json",
                        "--threshold=100", p], stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    if not ck.check(r.returncode == 0, "%s --by=object: exit status %d" %
                    (p, r.returncode)):
        return
    err = r.stderr.decode("utf-8", "replace")
    m = WARN_OBJS_RE.search(err)
    warned = int(m.group(1)) if m else 0
    split = sorted(k for k, objs in prof.cost_objs.items() if len(objs) > 1)
    ck.check(warned >= len(split),
             "%s --by=object: %d functions have cost lines in two objects "
             "or more (%s), the warning says %d" % (
                 p, len(split), ", ".join("%s:%s" % k for k in split[:3]),
                 warned))
    if warned:
        return
    j = json.loads(r.stdout.decode("utf-8", "surrogateescape"))
    got = {g["name"]: g.get("exclusive") or {} for g in j.get("groups", [])}
    for o, want in prof.obj_cost.items():
        name = o or UNKNOWN
        if not any(want.get(e, 0) for e in events):
            continue
        ck.check(costs_eq(got.get(name, {}), want, events),
                 "%s --by=object, no warning: %s costs %s, its cost lines "
                 "%s" % (p, name, fmt(got.get(name, {}), events),
                         fmt(want, events)))


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
            steps.append(lambda: check_objects(ck, prof))
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
