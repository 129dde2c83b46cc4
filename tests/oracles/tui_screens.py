#!/usr/bin/python3
"""tui_screens.py KIND [OPTIONS] SCREEN: one screen of cgannotate --tui, as
tmux's capture-pane -p -e gives it, checked against the reports of the
same profile and options; tests/scripts/tui.sh captures the screens and
makes the reports.  Every figure expected here is formatted from
--format=json (or --format=folded, --format=tsv --lines, the text
report's annotation) by the rules of the text report (commas; " (12.34%)",
" (100.0%)" from 99.995 % or -9.995 % on; nine blanks for no share), never
read from the screen.  The kinds:

  list     the function list (pane 1): row 0 names the profile (and its
           command), row 1 the totals of the shown events (--events, or
           all), row 2 the tabs and the sort (--sort EV, --mode
           self|inclusive, --filter RE), row 3 the column header
           (--header: the text report's, the same), then one row per
           function (or --by=object's group, and the members of those
           opened, --open NAME) in the order expected (--order report:
           the JSON's, the report's, then those only the inclusive
           JSON, --incl-json, lists; sorted: by the sort event, ties in
           either order; the inclusive JSON's rows with --mode
           inclusive), from the first (--start -1: from the row shown
           first), none dropped, none twice, each with its figures in
           columns as wide as the header's and its name; --selected
           NAME: the highlighted row is that function's; --status: the
           last row
  func     the function pane (pane 2) of --fn FILE:NAME: its name, self
           and inclusive lines, then the --tree=both block: callers,
           the function, callees, with the JSON's calls (cost, count,
           recursive mark) in its order, in columns as wide as the
           block's widest figure
  source   the source pane (pane 3): its rows a run of the text report's
           annotation (--annotation), tabs expanded, cut to the width;
           each source line's figures the sum of --format=tsv --lines
           (--lines) for its file and line; --first N: line N of
           --file is in the top third of the pane; --hot: the
           highlighted line is hot (1 % of the total or more)
  asm      the machine code pane (pane 4): a run of the --asm=yes
           report's listing of --fn (--listing), tabs expanded; each
           instruction's figures those of the JSON's instructions
           (--json of --asm=yes)
  flame    the flame pane (pane 5): the last row names the frame at the
           end of --path (outermost first, ';' between) with its figure
           the sum of the folded stacks (--folded) through that path,
           from the outermost frame of --root (each stack counted once)
           or, with --whole, from the stacks' roots; its shares of the
           total and of the root; the row under the root holds the
           root's children (the roots, with --whole) laid out as the
           pane lays them out, costliest first, in proportion
  hostile  a screen of hostile names: no escape sequence but tmux's SGR,
           no control byte, C1 control, bidi control or invalid UTF-8;
           each --name (hex of its bytes) shown escaped (a prefix of it);
           --raw FILE, what the program wrote to the terminal, holds no
           OSC, no BEL, no ESC [2J, no C1 or bidi control, and is UTF-8;
           --ascii: every byte of the screen is ASCII (the C locale)
  plain    no colour: tmux's SGR only, and none setting a colour

Common options: --json, the JSON of the view; --width W and --height H,
the screen's size (each row at most W cells, H rows); --locale c: names
escaped as in the C locale (every byte not ASCII as \\xNN).  A diff
(--old-json OLD.json) takes its shares from OLD's totals.  A function is
named with its object as the text report names it (--report, the text
report: the JSON gives the object of inlined code too, the report the
object of fn= lines only); a call's other end is looked up in the JSON,
then in --names-json (a diff lists only what changed).

With --mutants, the screen is checked as it is and then made wrong in
each of the ways this kind's check must see (a figure changed, a row
dropped, two rows swapped, a call's count changed, ...); each is
"rejected" when it makes the check find more problems than the screen as
it is, else "ACCEPTED", and the exit status is 1 if any was accepted.
Without, the problems found are printed, and the exit status is 1 if
there was any.
"""

import argparse
import json
import re
import sys
import unicodedata

SGR = re.compile(r"\x1b\[([0-9;:]*)m")


# ---------------------------------------------------------------- screens

class Screen:
    """A capture -p -e: its rows as text, and which cells were bold, in
    reverse video, and their colours (tmux's SGR carries across rows)."""

    def __init__(self, raw):
        self.raw = raw
        self.rows = []
        self.attrs = []     # per row, per character: (bold, reverse, fg, bg)
        state = {"bold": False, "rev": False, "fg": None, "bg": None}
        for line in raw.split("\n"):
            text, attrs, i = [], [], 0
            while i < len(line):
                m = SGR.match(line, i)
                if m:
                    apply_sgr(state, m.group(1))
                    i = m.end()
                    continue
                text.append(line[i])
                attrs.append((state["bold"], state["rev"], state["fg"],
                              state["bg"]))
                i += 1
            # Trailing blanks are not the screen's.
            while text and text[-1] == " ":
                text.pop()
                attrs.pop()
            self.rows.append("".join(text))
            self.attrs.append(attrs)
        if self.rows and self.rows[-1] == "" and raw.endswith("\n"):
            self.rows.pop()
            self.attrs.pop()

    def row(self, y):
        return self.rows[y] if y < len(self.rows) else ""

    def selected_rows(self, first):
        """Rows from first on that the selection's colours mark: black on
        yellow and bold, or bold and reversed without colours."""
        out = []
        for y in range(first, len(self.rows)):
            for a in self.attrs[y]:
                if a[0] and (a[3] == 3 or a[1]):
                    out.append(y)
                    break
        return out


def apply_sgr(state, params):
    ps = [p for p in re.split("[;:]", params)] if params else ["0"]
    i = 0
    while i < len(ps):
        p = int(ps[i]) if ps[i] else 0
        if p == 0:
            state.update(bold=False, rev=False, fg=None, bg=None)
        elif p == 1:
            state["bold"] = True
        elif p == 22:
            state["bold"] = False
        elif p == 7:
            state["rev"] = True
        elif p == 27:
            state["rev"] = False
        elif 30 <= p <= 37:
            state["fg"] = p - 30
        elif p == 39:
            state["fg"] = None
        elif 40 <= p <= 47:
            state["bg"] = p - 40
        elif p == 49:
            state["bg"] = None
        elif p in (38, 48):
            # 38;5;N or 38;2;R;G;B
            n = 3 if i + 1 < len(ps) and ps[i + 1] == "5" else 5
            state["fg" if p == 38 else "bg"] = "x"
            i += n - 1
        elif 90 <= p <= 97:
            state["fg"] = p - 90 + 8
        elif 100 <= p <= 107:
            state["bg"] = p - 100 + 8
        i += 1


# ---------------------------------------------------------------- formats

def commas(v):
    s = str(abs(v))
    out = []
    while len(s) > 3:
        out.insert(0, s[-3:])
        s = s[:-3]
    out.insert(0, s)
    return ("-" if v < 0 else "") + ",".join(out)


def percent(v, total):
    """As cga_fmt_percent: 100 * v in integers while it fits, then over
    the total in doubles; the sign of v kept."""
    if total == 0:
        return 0.0
    m = abs(v)
    num = float(m * 100) if m * 100 < 2 ** 64 else float(m) * 100.0
    p = num / float(abs(total))
    return -p if v < 0 else p


def perc_text(p):
    if -9.995 < p < 99.995:
        return " (%5.2f%%)" % p
    return " (%5.1f%%)" % p


class Fmt:
    """How the figures of a view are written: its events, its totals
    (shares' bases) and whether it is a difference."""

    def __init__(self, events, base, diff):
        self.events = events
        self.base = base
        self.diff = diff

    def cost(self, c, e):
        """One event of cost c (a dict, or None), as a column shows it."""
        if c is None or e not in c:
            return "." + " " * 9
        v = c[e]
        t = commas(v)
        if v != 0 and self.base.get(e, 0) != 0:
            return t + perc_text(percent(v, self.base[e]))
        return t + " " * 9

    def span(self, c, widths):
        return "".join(self.cost(c, e).rjust(w) + " "
                       for e, w in zip(self.events, widths))

    def widths(self, costs):
        """Columns as cga_widths_add makes them: the event's name, and
        the defined figures of each cost."""
        w = []
        for e in self.events:
            n = len(e)
            for c in costs:
                if c is not None and e in c:
                    n = max(n, len(self.cost(c, e)))
            w.append(n)
        return w


def printable(ch):
    cp = ord(ch)
    if 0x80 <= cp < 0xa0 or 0x202a <= cp <= 0x202e or 0x2066 <= cp <= 0x2069:
        return False
    return unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn",
                                            "Mn", "Me", "Zl", "Zp")


def escape(b, utf8=True):
    """A profile's bytes as the screen shows them: printable ASCII as
    it is; in a UTF-8 locale, printable characters; the rest \\xNN a
    byte."""
    if isinstance(b, str):
        b = b.encode("utf-8", "surrogateescape")
    out, i = [], 0
    while i < len(b):
        c = b[i]
        if 0x20 <= c < 0x7f:
            out.append(chr(c))
            i += 1
            continue
        if c >= 0x80 and utf8:
            n = 2 if c >> 5 == 6 else 3 if c >> 4 == 14 else \
                4 if c >> 3 == 30 else 0
            if n:
                try:
                    ch = b[i:i + n].decode("utf-8")
                except UnicodeDecodeError:
                    ch = None
                if ch is not None and len(ch) == 1 and printable(ch):
                    out.append(ch)
                    i += n
                    continue
        out.append("\\x%02x" % c)
        i += 1
    return "".join(out)


def cut(s, width):
    """s cut to width cells (wide characters take two), trailing blanks
    dropped as a capture drops them."""
    out, used = [], 0
    for ch in s:
        w = 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
        if used + w > width:
            break
        out.append(ch)
        used += w
    return "".join(out).rstrip(" ")


def untab(s):
    out, col = [], 0
    for ch in s:
        if ch == "\t":
            out.append(" ")
            col += 1
            while col % 8:
                out.append(" ")
                col += 1
            continue
        out.append(ch)
        col += 1
    return "".join(out)


# ---------------------------------------------------------------- the JSON

def load_json(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        return json.load(f)


def fn_label(f):
    return f["file"] + ":" + f["name"]


def fn_text(f, utf8, with_obj=True):
    s = escape(fn_label(f), utf8)
    if with_obj and object_of(f):
        s += " [" + escape(object_of(f), utf8) + "]"
    return s


def objects_by_label(j, more=()):
    """file:function -> its object, where one function has that label
    (in j, else in the JSONs more)."""
    seen = {}
    for f in j["functions"]:
        seen.setdefault(fn_label(f), set()).add(object_of(f))
    others = {}
    for m in more:
        for f in load_json(m)["functions"]:
            others.setdefault(fn_label(f), set()).add(object_of(f))
    for k, v in others.items():
        seen.setdefault(k, v)
    return {k: next(iter(v)) for k, v in seen.items() if len(v) == 1}


# The names of the text report's function rows (set by read_report): the
# report names a function's object where the profile gives it one (fn's
# ob=), not the object its code was found in, which the JSON gives too.
REPORT_NAMES = None


def read_report(path, nev):
    global REPORT_NAMES
    names = REPORT_NAMES or set()
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        lines = [x.rstrip("\n") for x in f]
    for i, x in enumerate(lines):
        if x.endswith(" file:function") and i + 1 < len(lines) and \
                lines[i + 1].startswith("-----"):
            for y in lines[i + 2:]:
                if y == "":
                    break
                at = figures_at(y, nev)
                if at is not None:
                    names.add(y[at:].lstrip(" "))
            break
    REPORT_NAMES = names


def object_of(f):
    """f's object as the report names it: the JSON's, unless the report
    lists f without one."""
    obj = f.get("object")
    if obj and REPORT_NAMES is not None:
        label = fn_label(f)
        if label + " [" + obj + "]" not in REPORT_NAMES and \
                label in REPORT_NAMES:
            return None
    return obj


def sort_key(c, e, diff):
    """As the list's radix sort orders costs: defined first, larger (a
    difference: larger change, gains before losses) first."""
    if c is None or e not in c:
        return (1, 0, 0)
    v = c[e]
    if diff:
        return (0, -abs(v), 1 if v < 0 else 0)
    return (0, -v, 0)


# ---------------------------------------------------------------- checks

class Problems(list):
    def add(self, msg):
        self.append(msg)


def check_frame(s, a, p, events=None, fmt=None, pane=None):
    """Rows 0-2 and the screen's size."""
    if a.height and len(s.rows) != a.height:
        p.add("%d rows, not %d" % (len(s.rows), a.height))
    if a.width:
        for y, r in enumerate(s.rows):
            if len(r) > a.width:
                p.add("row %d: %d cells, wider than %d" % (y, len(r), a.width))
    if not s.row(0).startswith("cgannotate "):
        p.add("row 0: not the header: %r" % s.row(0)[:60])
    if fmt is not None:
        j = fmt.json
        u = a.locale != "c"
        want = "cgannotate " + escape(j["profiles"][0], u)
        if len(j["profiles"]) > 1:
            want += " (+%d)" % (len(j["profiles"]) - 1)
        if j.get("diff_base"):
            want += " minus " + escape(j["diff_base"], u)
        if j.get("command") is not None:
            want += "  cmd: " + escape(j["command"], u)
        want = cut(want, a.width or 10 ** 6)
        if s.row(0) != want:
            p.add("row 0: %r, expected %r" % (s.row(0), want))
    if fmt is not None:
        want = "total:" + "".join(" %s %s" % (e, commas(fmt.totals[e]))
                                  for e in fmt.events)
        want = cut(want, a.width or 10 ** 6)
        if s.row(1) != want:
            p.add("row 1: %r, expected %r" % (s.row(1), want))
    tabs = "1 Functions 2 Function 3 Source 4 Asm 5 Flame | sort: "
    if not s.row(2).startswith(tabs):
        p.add("row 2: not the tabs: %r" % s.row(2))
    elif a.sort is not None:
        want = tabs + "%s %s" % (a.sort, a.mode)
        if a.filter:
            want += " | filter: " + a.filter
        want = cut(want, a.width or 10 ** 6)
        if s.row(2) != want:
            p.add("row 2: %r, expected %r" % (s.row(2), want))


def make_fmt(a, j):
    """How the view's figures are written: its shown events (--events, or
    all the JSON's), its totals, the shares' base (OLD's in a diff)."""
    events = a.events.split(",") if a.events else [e["name"] for e in
                                                   j["events"]]
    base = j["totals"]
    diff = j.get("diff_base") is not None
    if a.old_json:
        base = load_json(a.old_json)["totals"]
    f = Fmt(events, base, diff)
    f.totals = j["totals"]
    f.json = j
    return f


def header_columns(h, events, label):
    """The columns of the header row: each event's start and width, and
    where names start."""
    cols, x = [], 0
    for i, e in enumerate(events):
        at = h.find(e, x)
        if at != x:
            return None
        nxt = h.find(events[i + 1], at + len(e)) if i + 1 < len(events) \
            else h.find(" " + label, at + len(e))
        if nxt < 0:
            return None
        w = nxt - at - 1
        cols.append((at, w))
        x = at + w + 1
    return cols, x + 1


def list_rows(a, j, fmt, utf8):
    """The rows the list should show, in order, each a dict: its cost
    (the figures' columns are formatted later, as wide as the header's),
    its name as shown, its sort key (None: a member, in its group's
    order), its label, whether a group."""
    mode = a.mode
    e = a.sort
    rows = []
    if a.by in ("object", "file"):
        word = a.by
        opened = set(a.open or [])
        groups = j["groups"]
        cost = "inclusive" if mode == "inclusive" else "exclusive"
        order = list(range(len(groups)))
        if a.order == "sorted":
            order.sort(key=lambda i: sort_key(groups[i].get(cost), e,
                                              fmt.diff))
        for i in order:
            g = groups[i]
            mark = "- " if g["name"] in opened else "+ "
            rows.append(dict(cost=g.get(cost), name=mark +
                             escape(g["name"], utf8),
                             key=sort_key(g.get(cost), e, fmt.diff),
                             label=g["name"], group=True))
            if g["name"] not in opened:
                continue
            for m in g["functions"]:
                mc = m.get(cost)
                gc = g.get(cost)
                share = ""
                if mc is not None and e in mc and gc is not None and \
                        gc.get(e, 0) != 0:
                    share = " (%.2f%% of the %s)" % (
                        percent(mc[e], gc[e]) if not fmt.diff else
                        mc[e] * 100.0 / gc[e], word)
                rows.append(dict(cost=mc, name="   " + fn_text(m, utf8,
                                                              False) + share,
                                 key=None, label=fn_label(m), group=False))
        return rows
    fns = j["functions"]
    cost = "inclusive" if mode == "inclusive" else "exclusive"
    if a.incl_json:
        incl = load_json(a.incl_json)["functions"]
        # Each mode lists what the report of that mode lists, in its
        # order (ties keep it when sorted again).
        if mode == "inclusive":
            fns = incl
    order = list(range(len(fns)))
    if a.order == "sorted":
        order.sort(key=lambda i: sort_key(fns[i].get(cost), e, fmt.diff))
    for i in order:
        f = fns[i]
        if a.filter and not re.search(a.filter, fn_label(f)):
            continue
        c = f.get(cost)
        if c == {}:
            c = None
        rows.append(dict(cost=c, name=fn_text(f, utf8),
                         key=sort_key(c, e, fmt.diff), label=fn_label(f),
                         group=False))
    return rows


def check_list(s, a, p):
    j = load_json(a.json)
    fmt = make_fmt(a, j)
    utf8 = a.locale != "c"
    check_frame(s, a, p, fmt.events, fmt)
    label = a.by if a.by in ("object", "file") else "file:function"
    h = s.row(3)
    if a.header is not None and h != a.header.rstrip():
        p.add("row 3: the column header %r is not the report's %r" %
              (h, a.header.rstrip()))
    hc = header_columns(h, fmt.events, label)
    if hc is None:
        p.add("row 3: not a header of %s and %s: %r" %
              (" ".join(fmt.events), label, h))
        return
    cols, name_at = hc
    widths = [w for _, w in cols]
    want = list_rows(a, j, fmt, utf8)
    body = range(4, (a.height or len(s.rows)) - 1)
    width = a.width or 10 ** 6
    texts = [fmt.span(r["cost"], widths) + " " + r["name"] for r in want]
    used = set()
    strict = a.order == "report"
    pos = 0
    first = a.start or 0
    if first == -1:
        # Scrolled: from the row shown first.
        hits = [k for k, t in enumerate(texts) if cut(t, width) == s.row(4)]
        if not hits:
            p.add("row 4: %r is no row of the list" % s.row(4)[:100])
            return
        first = hits[0]
    for y in body:
        got = s.row(y)
        k = first + pos
        pos += 1
        if k >= len(want):
            if got != "":
                p.add("row %d: %r past the last of %d rows" %
                      (y, got[:80], len(want)))
            continue
        if got == "":
            p.add("row %d: empty, expected %r (a row dropped?)" %
                  (y, cut(texts[k], width)[:100]))
            continue
        if strict or want[k]["key"] is None:
            cands = [k]
        else:
            cands = [i for i in range(len(want)) if i not in used and
                     want[i]["key"] == want[k]["key"] and
                     (want[i]["group"] == want[k]["group"])]
        hit = None
        for i in cands:
            if cut(texts[i], width) == got:
                hit = i
                break
        if hit is None:
            why = ""
            # Say which part differs, of the row expected there.
            t = cut(texts[k], width)
            for n, (x, ch) in enumerate(zip(t, got)):
                if x != ch:
                    why = " (from cell %d)" % n
                    break
            p.add("row %d: %r, expected %r%s" % (y, got[:110], t[:110], why))
            continue
        if hit in used:
            p.add("row %d: %s twice" % (y, want[hit]["label"]))
        used.add(hit)
        if not strict and want[hit]["key"] is not None and \
                want[hit]["key"] != want[k]["key"]:
            p.add("row %d: out of order" % y)
    if a.selected is not None:
        sel = [y for y in s.selected_rows(4) if y < (a.height or 999) - 1]
        if len(sel) != 1:
            p.add("%d rows highlighted as selected, not 1: %s" %
                  (len(sel), sel))
        else:
            got = s.row(sel[0])[name_at:]
            if not got.startswith(a.selected) and \
                    not got.startswith("   " + a.selected):
                p.add("selected row %d: %r, not %s" %
                      (sel[0], got[:80], a.selected))
    if a.status is not None and s.row((a.height or len(s.rows)) - 1) != \
            cut(a.status, width):
        p.add("status line: %r, expected %r" %
              (s.row((a.height or len(s.rows)) - 1), a.status))


def find_fn(j, label):
    hits = [f for f in j["functions"] if fn_label(f) == label]
    return hits[0] if len(hits) == 1 else None


def check_func(s, a, p):
    j = load_json(a.json)
    fmt = make_fmt(a, j)
    utf8 = a.locale != "c"
    check_frame(s, a, p, fmt.events, fmt)
    f = find_fn(j, a.fn)
    if f is None:
        p.add("no one function %s in %s" % (a.fn, a.json))
        return
    objs = objects_by_label(j, a.names_json or ())
    inclusive = a.mode == "inclusive"
    own = f.get("inclusive") if inclusive else f.get("exclusive")
    if own == {}:
        own = None
    tw = fmt.widths([j["totals"]])
    lines = [fn_text(f, utf8),
             "%-11s %s" % ("self", fmt.span(f.get("exclusive") or None, tw)),
             "%-11s %s" % ("inclusive", fmt.span(f.get("inclusive"), tw)),
             "",
             "callers, and the cost of their calls (%s):" %
             ("ranked by inclusive cost" if inclusive else
              "the list ranks by self cost")]
    calls = f.get("callers", []) + f.get("callees", [])
    w = fmt.widths([own] + [c["cost"] for c in calls])

    def call(c, mark):
        obj = objs.get(c["function"])
        return (fmt.span(c["cost"], w) + mark + escape(c["function"], utf8) +
                " (%sx)" % commas(c["count"]) +
                (" [" + escape(obj, utf8) + "]" if obj else "") +
                (" (recursive)" if c["recursive"] else ""))
    lines += [call(c, " < ") for c in f.get("callers", [])] or \
        ["   (no callers: a root)"]
    lines.append(fmt.span(own, w) + " *  " + fn_text(f, utf8))
    lines += [call(c, " >   ") for c in f.get("callees", [])] or \
        ["   (no callees)"]
    width = a.width or 10 ** 6
    last = (a.height or len(s.rows)) - 1
    for i, want in enumerate(lines):
        y = 3 + i
        if y >= last:
            break
        want = cut(want, width)
        if s.row(y) != want:
            p.add("row %d: %r, expected %r" % (y, s.row(y)[:110], want[:110]))
    for y in range(3 + len(lines), last):
        if s.row(y) != "":
            p.add("row %d: %r after the callees" % (y, s.row(y)[:80]))
    if a.selected is not None:
        sel = s.selected_rows(3)
        sel = [y for y in sel if y < last]
        if len(sel) != 1 or a.selected not in s.row(sel[0]):
            p.add("selected: rows %s, not the one of %s" % (sel, a.selected))


def annotation_lines(path):
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        return [untab(x.rstrip("\n")) for x in f]


def number_lines(lines, nev):
    """Each line of an annotation: (file, line number) for a source line,
    None for the others (headings, rules, calls, jumps, blanks)."""
    out = []
    file = None
    nxt = 1
    for x in lines:
        num = None
        if x.startswith("-- Auto-annotated source: ") or \
                x.startswith("-- User-annotated source: "):
            file = x[len("-- Auto-annotated source: "):]
            nxt = 1
        elif x.startswith("-- line ") and file is not None:
            nxt = int(x[8:].split()[0])
        elif x.startswith("--") or file is None:
            pass
        else:
            m = figures_at(x, nev)
            if m is not None:
                rest = x[m:]
                if not rest.startswith("  => "):
                    num = (file, nxt)
                    nxt += 1
        out.append(num)
    return out


FIGURE = re.compile(r" *(\.|-?[0-9][0-9,]*)(?: \( *(-?[0-9.]+)%\))?")


def figures_at(x, n):
    """Where n figures at the start of x end, if they are there and what
    follows is two blanks or nothing."""
    i = 0
    for _ in range(n):
        m = FIGURE.match(x, i)
        if not m:
            return None
        i = m.end()
    if i < len(x) and not x.startswith("  ", i):
        return None
    return i


def figures_of(x, n):
    """The n figures at the start of a line, each "COUNT (P%)", COUNT or
    "."; None if they are not there."""
    out, i = [], 0
    for _ in range(n):
        m = FIGURE.match(x, i)
        if not m:
            return None
        out.append((m.group(1), m.group(2)))
        i = m.end()
    return out


def load_lines_tsv(path):
    """(file, line) -> {event: count}, summed over functions."""
    out = {}
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        head = f.readline().rstrip("\n").split("\t")
        evs = head[3:]
        for x in f:
            t = x.rstrip("\n").split("\t")
            d = out.setdefault((t[0], int(t[1])), {})
            for e, v in zip(evs, t[3:]):
                if v != "":
                    d[e] = d.get(e, 0) + int(v)
    return out


def find_run(rows, lines, width):
    """Where the rows are a run of lines (cut to width): the index of the
    first, or None."""
    want = [cut(x, width) for x in lines]
    n = len(rows)
    while n > 0 and rows[n - 1] == "":
        n -= 1
    for k in range(len(want)):
        if want[k:k + n] == rows[:n]:
            return k
    return None


RULE = re.compile(r"^-{20,}$")
HEADS = ("-- Auto-annotated source: ", "-- User-annotated source: ",
         "-- Machine code: ")


def chunks(rows):
    """The pane's rows cut where a section begins (a rule, then its
    heading) and where the annotation's summary does (a rule, the events,
    a rule): [start, end, is_summary]."""
    out = [[0, len(rows), False]]
    for i in range(1, len(rows)):
        if not RULE.match(rows[i]) or i + 1 >= len(rows):
            continue
        nxt = rows[i + 1]
        summary = not nxt.startswith("--") and nxt != "" and \
            i + 2 < len(rows) and RULE.match(rows[i + 2]) is not None
        if nxt.startswith(HEADS) or summary:
            out[-1][1] = i
            out.append([i, len(rows), summary])
    return out


def check_text_pane(s, a, p, lines, what):
    """The pane's rows, each chunk (chunks()) a run of lines; returns the
    rows and, for each, the index of its line in lines (None: a row of the
    summary, or blank at the end), or None if a chunk is no run."""
    width = a.width or 10 ** 6
    last = (a.height or len(s.rows)) - 1
    rows = [s.row(y) for y in range(3, last)]
    want = [cut(x, width) for x in lines]
    at = [None] * len(rows)
    ok = True
    for c0, c1, summary in chunks(rows):
        if summary:
            continue
        part = rows[c0:c1]
        k = find_run(part, lines, width)
        if k is None:
            ok = False
            # Where it stops being one: the longest run from its top.
            best, where = 0, None
            for i in range(len(want)):
                n = 0
                while n < len(part) and i + n < len(want) and \
                        want[i + n] == part[n]:
                    n += 1
                if n > best:
                    best, where = n, i
            if where is None:
                p.add("row %d: %r is no line of the %s" %
                      (3 + c0, part[0][:100], what))
            else:
                p.add("row %d: %r, the %s has %r there" %
                      (3 + c0 + best, part[best][:100] if best < len(part)
                       else "", what, want[where + best][:100]
                       if where + best < len(want) else "(its end)"))
            continue
        for i in range(len(part)):
            if k + i < len(lines) and want[k + i] == part[i]:
                at[c0 + i] = k + i
    return (at if ok else None), rows


def check_summary(s, a, p, fmt, rows, files, tsv):
    """The annotation's summary on the pane: the events, and what was
    annotated: the --lines TSV's sum over the files of the pane."""
    for c0, c1, summary in chunks(rows):
        if not summary:
            continue
        head = rows[c0 + 1].split()
        if head != fmt.events:
            p.add("row %d: %r, not the events' heading" %
                  (3 + c0 + 1, rows[c0 + 1]))
        if c0 + 3 >= len(rows) or not files or tsv is None:
            continue
        line = rows[c0 + 3]
        if not line.endswith("  events annotated"):
            p.add("row %d: %r, not the events annotated" % (3 + c0 + 3, line))
            continue
        sums = {}
        for (f, _), c in tsv.items():
            if f in files:
                for e, v in c.items():
                    sums[e] = sums.get(e, 0) + v
        figs = figures_of(line, len(fmt.events))
        got = " ".join(c + (" (%s%%)" % q if q else "") for c, q in figs)
        want = " ".join(re.sub(r"\( +", "(", fmt.cost(sums, e).rstrip())
                        for e in fmt.events)
        if got != want:
            p.add("row %d: %s events annotated, the --lines TSV sums %s over "
                  "%s" % (3 + c0 + 3, got, want, ", ".join(sorted(files))))


def check_source(s, a, p):
    j = load_json(a.json)
    fmt = make_fmt(a, j)
    check_frame(s, a, p, fmt.events, fmt)
    lines = annotation_lines(a.annotation)
    at, rows = check_text_pane(s, a, p, lines, "annotation")
    if at is None:
        return
    nums = number_lines(lines, len(fmt.events))
    tsv = load_lines_tsv(a.lines) if a.lines else None
    files = set()
    for i, r in enumerate(rows):
        if at[i] is None:
            continue
        num = nums[at[i]]
        if r.startswith("-- Auto-annotated source: "):
            files.add(r[len("-- Auto-annotated source: "):])
        if num is None:
            continue
        files.add(num[0])
        if tsv is None:
            continue
        figs = figures_of(r, len(fmt.events))
        if figs is None:
            p.add("row %d: no figures: %r" % (3 + i, r[:60]))
            continue
        c = tsv.get(num)
        for (count, perc), e in zip(figs, fmt.events):
            got = count + (" (%s%%)" % perc if perc is not None else "")
            want = re.sub(r"\( +", "(", fmt.cost(c, e).rstrip())
            if got != want:
                p.add("row %d: line %d of %s: %s %s, the --lines TSV "
                      "sums to %s" % (3 + i, num[1], num[0], e, got, want))
    check_summary(s, a, p, fmt, rows, files, tsv)
    if a.first is not None:
        hits = [i for i in range(len(rows)) if at[i] is not None and
                nums[at[i]] == (a.file, a.first)]
        third = max(1, len(rows) // 3)
        shown = [nums[at[i]] for i in range(len(rows))
                 if at[i] is not None and nums[at[i]] is not None]
        if not hits:
            p.add("line %d of %s (where %s starts) not on the pane, which "
                  "shows %s" % (a.first, a.file, a.fn, "lines %d to %d of %s"
                                % (shown[0][1], shown[-1][1], shown[0][0])
                                if shown else "no source line"))
        elif hits[0] >= third:
            p.add("line %d of %s on row %d, not in the top third" %
                  (a.first, a.file, 3 + hits[0]))
    if a.hot:
        sel = [y for y in s.selected_rows(3) if y < 3 + len(rows)]
        if len(sel) != 1:
            p.add("%d lines highlighted, not 1" % len(sel))
        else:
            figs = figures_of(s.row(sel[0]), len(fmt.events))
            e = a.sort or fmt.events[0]
            at_e = fmt.events.index(e)
            if figs is None or figs[at_e][1] is None or \
                    abs(float(figs[at_e][1])) < 1:
                p.add("the selected line (row %d) is not hot (1 %% or more "
                      "of %s): %r; the status line: %r" %
                      (sel[0], e, s.row(sel[0])[:60],
                       s.row((a.height or len(s.rows)) - 1)))


def check_asm(s, a, p):
    j = load_json(a.json)
    fmt = make_fmt(a, j)
    check_frame(s, a, p, fmt.events, fmt)
    with open(a.listing, encoding="utf-8", errors="surrogateescape") as f:
        text = [untab(x.rstrip("\n")) for x in f]
    # The section of the function.
    start = None
    for i, x in enumerate(text):
        if x.startswith("-- Machine code: ") and \
                x[len("-- Machine code: "):].startswith(a.fn + " "):
            start = i
            break
    if start is None:
        p.add("no machine code of %s in %s" % (a.fn, a.listing))
        return
    end = start + 1
    while end < len(text) and not text[end].startswith("-- Machine code: ") \
            and not text[end].startswith("-- Auto-annotated source"):
        end += 1
    # The pane shows the section from its rule above.
    lines = text[max(0, start - 1):end]
    while lines and lines[-1].startswith("-----"):
        lines.pop()
    at, rows = check_text_pane(s, a, p, lines, "--asm=yes listing")
    if at is None:
        return
    f = find_fn(j, a.fn)
    code = [r for r in rows if re.match(r"^(.*?) +([0-9a-f]+):  ", r) and
            figures_of(r, len(fmt.events)) is not None]
    if not code:
        if a.min_instructions:
            p.add("no instruction on the pane")
        return
    if f is None or "instructions" not in f:
        p.add("no instructions of %s in the JSON" % a.fn)
        return
    by_addr = {i["address"]: i for i in f["instructions"]}
    n = 0
    for y, r in enumerate(rows):
        m = re.match(r"^(.*?) +([0-9a-f]+):  ", r)
        if not m or figures_of(r, len(fmt.events)) is None:
            continue
        # Not in the JSON: not run.
        ins = by_addr.get(int(m.group(2), 16), {"cost": None})
        figs = figures_of(r, len(fmt.events))
        got = " ".join(c + (" (%s%%)" % q if q else "") for c, q in figs)
        want = " ".join(re.sub(r"\( +", "(", fmt.cost(ins["cost"] or None,
                                                      e).rstrip())
                        for e in fmt.events)
        if got != want:
            p.add("row %d: 0x%s costs %s, the JSON %s" %
                  (3 + y, m.group(2), got, want))
        n += 1
    for y, r in enumerate(rows):
        if r.endswith("  total of the instructions"):
            figs = figures_of(r, len(fmt.events))
            got = " ".join(c + (" (%s%%)" % q if q else "") for c, q in figs)
            want = " ".join(re.sub(r"\( +", "(", fmt.cost(
                f.get("exclusive"), e).rstrip()) for e in fmt.events)
            if got != want:
                p.add("row %d: the instructions total %s, the function's "
                      "exclusive cost is %s" % (3 + y, got, want))
    if a.min_instructions and n < a.min_instructions:
        p.add("%d instructions on the pane, fewer than %d" %
              (n, a.min_instructions))


def load_folded(path):
    out = []
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        for x in f:
            x = x.rstrip("\n")
            stack, _, count = x.rpartition(" ")
            out.append((stack.split(";"), int(count)))
    return out


def through(stacks, root, path, whole):
    """The stacks through path: from the roots (whole), or from the
    outermost frame of root; their counts' sum, and the next frames'."""
    total = 0
    kids = {}
    for frames, count in stacks:
        if whole:
            at = 0
        else:
            if root not in frames:
                continue
            at = frames.index(root)
        if frames[at:at + len(path)] != path:
            continue
        total += count
        if at + len(path) < len(frames):
            nxt = frames[at + len(path)]
            kids[nxt] = kids.get(nxt, 0) + count
    return total, kids


def check_flame(s, a, p):
    j = load_json(a.json)
    fmt = make_fmt(a, j)
    check_frame(s, a, p, fmt.events, fmt)
    stacks = load_folded(a.folded)
    path = a.path.split(";")
    utf8 = a.locale != "c"
    e = a.sort or fmt.events[0]
    whole = a.whole
    root = None if whole else (a.root or path[0])
    w, _ = through(stacks, root, path, whole)
    if whole:
        root_w = sum(c for _, c in stacks)
    else:
        root_w, _ = through(stacks, root, [root], False)
    last = (a.height or len(s.rows)) - 2
    width = a.width or 10 ** 6
    total = j["totals"][e]
    name = cut(escape(path[-1], utf8), width // 2)
    want = name + "  %s %s (%.2f%% of the total, %.2f%% of the root)" % (
        e, commas(w), percent(w, total), percent(w, root_w))
    if s.row(last) != cut(want, width):
        p.add("row %d: %r, expected %r (the folded stacks through %s)" %
              (last, s.row(last), cut(want, width), ";".join(path)))
    if a.layout:
        # The row under the root: its children (the roots: whole), each
        # in cells in proportion to its cost, costliest first.
        if whole:
            y = 3
            kids = {}
            for frames, count in stacks:
                kids[frames[0]] = kids.get(frames[0], 0) + count
            parent_w = root_w
        else:
            y = 4
            parent_w, kids = through(stacks, root, [root], False)
            if s.row(3)[:len(escape(root, utf8))] != \
                    cut(escape(root, utf8), width - 1):
                p.add("row 3: %r, not the root %s" % (s.row(3)[:60], root))
        order = sorted(kids.items(), key=lambda kv: -kv[1])
        scale = 0.0 if parent_w == 0 else float(width) / float(parent_w)
        cum = 0
        row = s.row(y).ljust(width)
        for kname, kw in order:
            x0 = int(float(cum) * scale)
            cum += kw
            x1 = int(float(cum) * scale)
            if x1 - x0 < 2:
                continue
            ties = [n for n, c in order if c == kw]
            got = row[x0:x1 - 1].rstrip(" ")
            if not any(got == cut(escape(t, utf8), x1 - x0 - 1) for t in ties):
                p.add("row %d, cells %d-%d: %r, expected %r (%s of %s)" %
                      (y, x0, x1 - 1, got, cut(escape(kname, utf8),
                                               x1 - x0 - 1), commas(kw),
                       commas(parent_w)))


def check_hostile(s, a, p):
    raw = s.raw
    for m in re.finditer(r"\x1b", raw):
        if not SGR.match(raw, m.start()):
            p.add("an escape sequence not tmux's SGR: %r" %
                  raw[m.start():m.start() + 12])
            break
    for ch in raw:
        cp = ord(ch)
        if (cp < 0x20 and ch not in "\n\x1b") or cp == 0x7f:
            p.add("a control byte on the screen: %r" % ch)
            break
        if 0x80 <= cp < 0xa0 or 0x202a <= cp <= 0x202e or \
                0x2066 <= cp <= 0x2069 or 0xdc80 <= cp <= 0xdcff:
            p.add("a C1, bidi control or invalid byte on the screen: U+%04X"
                  % cp)
            break
    if a.ascii and any(ord(ch) > 0x7e for ch in raw):
        bad = [ch for ch in raw if ord(ch) > 0x7e][0]
        p.add("not ASCII: U+%04X on the screen" % ord(bad))
    text = "\n".join(s.rows)
    for hexname in a.name or []:
        b = bytes.fromhex(hexname)
        want = escape(b, a.locale != "c")[:a.prefix]
        if want not in text:
            p.add("%r not on the screen, escaped" % want)
    if a.raw:
        with open(a.raw, "rb") as f:
            out = f.read()
        for bad, why in ((b"\x1b]", "an OSC"), (b"\x07", "a BEL"),
                         (b"\x1b[2J", "ESC [2J"), (b"\x1bP", "a DCS"),
                         (b"\x1b_", "an APC"), (b"\x1b^", "a PM"),
                         (b"\x1bk", "a window name"),
                         (b"\x1b[5m", "a blink (the profile's)")):
            if bad in out:
                i = out.index(bad)
                p.add("the program wrote %s: %r" % (why, out[i:i + 16]))
        try:
            u = out.decode("utf-8")
        except UnicodeDecodeError as err:
            p.add("the program wrote invalid UTF-8: %r" %
                  out[max(0, err.start - 8):err.start + 8])
            u = out.decode("utf-8", "replace")
        for ch in u:
            cp = ord(ch)
            if 0x80 <= cp < 0xa0 or 0x202a <= cp <= 0x202e or \
                    0x2066 <= cp <= 0x2069:
                p.add("the program wrote U+%04X" % cp)
                break
        if a.ascii and any(b >= 0x80 for b in out):
            p.add("the program wrote a byte not ASCII in the C locale")


def check_plain(s, a, p):
    for m in SGR.finditer(s.raw):
        for q in re.split("[;:]", m.group(1) or "0"):
            v = int(q) if q else 0
            if 30 <= v <= 38 or 40 <= v <= 48 or 90 <= v <= 97 or \
                    100 <= v <= 107:
                p.add("a colour on the screen: %r" % m.group(0))
                return
    if not s.selected_rows(3):
        p.add("no row stands out as selected (bold and reversed)")


CHECKS = {"list": check_list, "func": check_func, "source": check_source,
          "asm": check_asm, "flame": check_flame, "hostile": check_hostile,
          "plain": check_plain}


# ---------------------------------------------------------------- mutants

FIG = re.compile(r"(?<![0-9,.])([0-9][0-9,]*)(?= \( *-?[0-9.]+%\))")


def alter_figure(text, y):
    """Row y's first count with a percentage, one larger in its last
    digit."""
    rows = text.split("\n")
    m = FIG.search(rows[y])
    if not m:
        return None
    d = m.group(1)
    d2 = d[:-1] + str((int(d[-1]) + 1) % 10)
    rows[y] = rows[y][:m.start(1)] + d2 + rows[y][m.end(1):]
    return "\n".join(rows)


def alter_percent(text, y):
    rows = text.split("\n")
    m = re.search(r"\( *-?[0-9]+\.([0-9])", rows[y])
    if not m:
        return None
    d = m.group(1)
    rows[y] = rows[y][:m.start(1)] + str((int(d) + 5) % 10) + \
        rows[y][m.end(1):]
    return "\n".join(rows)


def drop_row(text, y, last):
    rows = text.split("\n")
    del rows[y]
    rows.insert(last - 1, "")
    return "\n".join(rows)


def swap_rows(text, y1, y2):
    rows = text.split("\n")
    rows[y1], rows[y2] = rows[y2], rows[y1]
    return "\n".join(rows)


def plain_rows(text):
    return SGR.sub("", text).split("\n")


def first_row(text, pred, start):
    for y, r in enumerate(plain_rows(text)):
        if y >= start and pred(r):
            return y
    return None


def mutants(kind, text, a):
    """(name, altered text) for what the check of kind must reject."""
    last = (a.height or len(plain_rows(text))) - 1
    out = []
    has_fig = lambda r: FIG.search(r) is not None
    if kind == "list":
        y = first_row(text, has_fig, 4)
        out.append(("figure", alter_figure(text, y) if y else None))
        out.append(("percent", alter_percent(text, y) if y else None))
        y2 = first_row(text, has_fig, 5)
        out.append(("drop-row", drop_row(text, y2, last) if y2 else None))
        rows = plain_rows(text)
        sw = None
        for y in range(4, last - 1):
            r1, r2 = rows[y], rows[y + 1]
            f1, f2 = FIG.search(r1), FIG.search(r2)
            if f1 and f2 and f1.group(1) != f2.group(1):
                sw = swap_rows(text, y, y + 1)
                break
        out.append(("swap-rows", sw))
        y = first_row(text, lambda r: ":" in r, 4)
        if y:
            t = text.split("\n")
            t[y] = t[y].replace(":", ":x", 1)
            out.append(("name", "\n".join(t)))
        t = text.split("\n")
        m = re.search(r"(total: \S+ [0-9,]*)([0-9])", t[1]) if len(t) > 1 \
            else None
        if m:
            t[1] = t[1][:m.start(2)] + str((int(m.group(2)) + 1) % 10) + \
                t[1][m.end(2):]
            out.append(("total", "\n".join(t)))
        y = first_row(text, lambda r: " of the " in r and r.endswith(")"),
                      4)
        if y:
            out.append(("share", alter_percent_share(text, y)))
    elif kind == "func":
        y = first_row(text, lambda r: " < " in r or " >   " in r, 3)
        out.append(("call-figure", alter_figure(text, y) if y else None))
        y = first_row(text, lambda r: re.search(r" \([0-9,]+x\)", r), 3)
        if y:
            t = text.split("\n")
            t[y] = re.sub(r" \(([0-9,]*)([0-9])x\)", lambda m: " (%s%dx)" % (
                m.group(1), (int(m.group(2)) + 1) % 10), t[y], count=1)
            out.append(("call-count", "\n".join(t)))
        y = first_row(text, lambda r: " >   " in r, 3)
        out.append(("drop-callee", drop_row(text, y, last) if y else None))
        y = first_row(text, lambda r: r.endswith(" (recursive)"), 3)
        if y:
            t = text.split("\n")
            t[y] = t[y].replace(" (recursive)", "")
            out.append(("recursive", "\n".join(t)))
        y = first_row(text, lambda r: r.startswith("self "), 3)
        out.append(("self", alter_figure(text, y) if y else None))
    elif kind in ("source", "asm"):
        y = first_row(text, lambda r: has_fig(r) and "=>" not in r, 3)
        out.append(("line-figure", alter_figure(text, y) if y else None))
        y = first_row(text, lambda r: r.strip() != "", 5)
        out.append(("drop-line", drop_row(text, y, last) if y else None))
    elif kind == "flame":
        t = text.split("\n")
        y = first_row(text, lambda r: "% of the root)" in r, 3)
        if y is not None:
            rows = plain_rows(text)
            m = re.search(r"  \S+ ([0-9,]*)([0-9]) \(", rows[y])
            if m:
                t2 = list(t)
                t2[y] = rows[y][:m.start(2)] + str((int(m.group(2)) + 1) %
                                                    10) + rows[y][m.end(2):]
                out.append(("frame-figure", "\n".join(t2)))
        if a.layout:
            yy = 3 if a.whole else 4
            rows = text.split("\n")
            r = plain_rows(text)[yy]
            # The first two boxes of the row swapped in place.
            m = re.match(r"(\S+ +)(\S+)", r)
            if m and m.group(2) != m.group(1).strip():
                rows[yy] = m.group(2) + " " * max(1, len(m.group(1)) -
                                                  len(m.group(2))) + \
                    r[m.end(2):]
                out.append(("box", "\n".join(rows)))
    elif kind == "hostile":
        t = text
        out.append(("osc", t + "\x1b]0;pwned\x07"))
        out.append(("c1", t.replace("\\xc2\\x9b", "\xc2\x9b", 1)
                    if "\\xc2\\x9b" in t else t + "\x9b"))
        out.append(("bidi", t + "\u202e"))
    elif kind == "plain":
        out.append(("colour", text.replace("\x1b[7m", "\x1b[41m", 1)
                    if "\x1b[7m" in text else text + "\x1b[31m"))
    return out


def alter_percent_share(text, y):
    rows = text.split("\n")
    m = re.search(r"\(([0-9]+)\.([0-9])([0-9])% of the ", rows[y])
    if not m:
        return None
    rows[y] = rows[y][:m.start(3)] + str((int(m.group(3)) + 1) % 10) + \
        rows[y][m.end(3):]
    return "\n".join(rows)


# ---------------------------------------------------------------- main

def run(kind, text, a):
    p = Problems()
    CHECKS[kind](Screen(text), a, p)
    return p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("kind", choices=sorted(CHECKS))
    ap.add_argument("screen")
    ap.add_argument("--json")
    ap.add_argument("--old-json")
    ap.add_argument("--events")
    ap.add_argument("--sort")
    ap.add_argument("--mode", default="self")
    ap.add_argument("--order", default="report")
    ap.add_argument("--by", default="function")
    ap.add_argument("--open", action="append")
    ap.add_argument("--filter")
    ap.add_argument("--header")
    ap.add_argument("--report", action="append")
    ap.add_argument("--incl-json")
    ap.add_argument("--names-json", action="append")
    ap.add_argument("--selected")
    ap.add_argument("--status")
    ap.add_argument("--start", type=int)
    ap.add_argument("--fn")
    ap.add_argument("--file")
    ap.add_argument("--first", type=int)
    ap.add_argument("--hot", action="store_true")
    ap.add_argument("--annotation")
    ap.add_argument("--lines")
    ap.add_argument("--listing")
    ap.add_argument("--min-instructions", type=int, default=0)
    ap.add_argument("--folded")
    ap.add_argument("--path")
    ap.add_argument("--root")
    ap.add_argument("--whole", action="store_true")
    ap.add_argument("--layout", action="store_true")
    ap.add_argument("--name", action="append")
    ap.add_argument("--prefix", type=int, default=40)
    ap.add_argument("--raw")
    ap.add_argument("--ascii", action="store_true")
    ap.add_argument("--width", type=int)
    ap.add_argument("--height", type=int)
    ap.add_argument("--locale", default="utf8")
    ap.add_argument("--mutants", action="store_true")
    a = ap.parse_args()
    if a.header is not None:
        with open(a.header, encoding="utf-8", errors="surrogateescape") as f:
            a.header = f.read().rstrip("\n")
    for r in a.report or []:
        read_report(r, len(a.events.split(",")) if a.events else
                    len(load_json(a.json)["events"]))
    with open(a.screen, encoding="utf-8", errors="surrogateescape") as f:
        text = f.read()
    base = run(a.kind, text, a)
    if not a.mutants:
        for m in base:
            print("%s: %s" % (a.screen, m))
        return 1 if base else 0
    status = 0
    for name, t in mutants(a.kind, text, a):
        if t is None:
            print("mutant %s: not made (nothing to alter)" % name)
            status = 1
            continue
        got = run(a.kind, t, a)
        if len(got) > len(base):
            print("mutant %s: rejected (%s)" % (name, got[len(base) - 1]
                                                if len(base) else got[0]))
        else:
            print("mutant %s: ACCEPTED" % name)
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
