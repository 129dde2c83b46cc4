#!/usr/bin/env python3
"""pprof.py [--mutant NAME] CGANNOTATE PPROF [PROTOC]: checks
--format=pprof with Go's pprof (PPROF: the pprof tool, as `go tool
pprof` runs it) reading the profile, against cgannotate's other formats
of the same view, and with protoc --decode_raw (PROTOC) as a second
decoder.  Each line of standard input is a case: CHECKS, a tab, then
cgannotate's arguments, blank-separated; CHECKS is a comma-separated
list of:

  totals     pprof -raw's totals per sample type are --format=json's;
  stacks     its samples, as stacks of function names, are
             --format=folded's, event by event (--show=EV);
  flat       each function's flat value (its samples' last location's
             function) is its exclusive cost in --format=json;
  list=DIR   pprof -list's flat figure of each line, sources from DIR,
             is the line's cost in --format=tsv --lines (the annotation's),
             for every file of DIR the profile has lines in;
  diff       the stacks are the differences of --format=folded --diff's;
  addrs      every location has an address in its mapping's range;
  raw        protoc --decode_raw finds the sample types, the default one,
             string 0 empty, the comments and each mapping's flags.

Prints "pprof.py: CASE: ok (N checks)" or "pprof.py: CASE: FAILED" with
the failed checks (name=count), and a line for each failure; exits 1 if
any case failed.  --mutant NAME changes the profile before pprof reads it
(--mutants lists them with the check each must fail).
"""
import codecs
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict

MUTANTS = {
    # name: (the check it must fail, what it does)
    "value-moved": ("stacks", "1 from one sample's first value to another's"),
    "value-added": ("totals", "1 more on one sample's first value"),
    "line-moved": ("list", "a location of a sample's last frame a line on"),
    "renamed": ("flat", "a function with a flat value renamed"),
    "caller-dropped": ("stacks", "a sample's outermost location dropped"),
    "sign-flipped": ("diff", "a negative value made positive"),
    "type-renamed": ("raw", "the first sample type's string changed"),
}


# --- protocol buffers, for the mutants: decoded, changed, encoded ---

def varint(b, i):
    v = s = 0
    while True:
        c = b[i]
        i += 1
        v |= (c & 0x7f) << s
        s += 7
        if c < 0x80:
            return v, i


def decode(b):
    out, i = [], 0
    while i < len(b):
        key, i = varint(b, i)
        f, wt = key >> 3, key & 7
        if wt == 0:
            v, i = varint(b, i)
        elif wt == 2:
            n, i = varint(b, i)
            v, i = bytes(b[i:i + n]), i + n
        else:
            raise ValueError("wire type %d" % wt)
        out.append([f, wt, v])
    return out


def enc_varint(v):
    v &= (1 << 64) - 1
    out = bytearray()
    while True:
        c = v & 0x7f
        v >>= 7
        out.append(c | (0x80 if v else 0))
        if not v:
            return bytes(out)


def encode(fields):
    out = bytearray()
    for f, wt, v in fields:
        out += enc_varint(f << 3 | wt)
        if wt == 0:
            out += enc_varint(v)
        else:
            out += enc_varint(len(v)) + v
    return bytes(out)


def packed(b):
    out, i = [], 0
    while i < len(b):
        v, i = varint(b, i)
        out.append(v - (1 << 64) if v >= 1 << 63 else v)
    return out


def pack(vs):
    return b"".join(enc_varint(v) for v in vs)


def sub(fields, f):
    return [x for x in fields if x[0] == f]


def mutate(name, raw):
    top = decode(raw)
    samples = sub(top, 2)
    dec = [decode(s[2]) for s in samples]

    def field(d, f):
        return next(x for x in d if x[0] == f)

    def vals(d):
        return packed(field(d, 2)[2])

    def setvals(d, vs):
        field(d, 2)[2] = pack(vs)

    if name in ("value-moved", "value-added"):
        a = next(d for d in dec if vals(d)[0] > 0)
        setvals(a, [vals(a)[0] + 1] + vals(a)[1:])
        if name == "value-moved":
            b = next(d for d in dec if d is not a and vals(d)[0] > 0)
            setvals(b, [vals(b)[0] - 1] + vals(b)[1:])
    elif name == "caller-dropped":
        d = next(d for d in dec if len(packed(field(d, 1)[2])) > 1)
        field(d, 1)[2] = pack(packed(field(d, 1)[2])[:-1])
    elif name == "sign-flipped":
        d = next(d for d in dec if any(v < 0 for v in vals(d)))
        setvals(d, [abs(v) for v in vals(d)])
    elif name == "line-moved":
        # A location of a line of testdata/src, the last of a sample's.
        strings = sub(top, 6)
        files = {field(d, 1)[2]: strings[field(d, 4)[2]][2]
                 for d in (decode(f[2]) for f in sub(top, 5)) if sub(d, 4)}
        leaves = {packed(field(d, 1)[2])[0] for d in dec}
        for loc in sub(top, 4):
            ld = decode(loc[2])
            line = decode(field(ld, 4)[2])
            if field(ld, 1)[2] in leaves and b"testdata/src" in \
                    files.get(field(line, 1)[2], b"") and sub(line, 2):
                sub(line, 2)[0][2] += 1
                field(ld, 4)[2] = encode(line)
                loc[2] = encode(ld)
                break
    elif name == "renamed":
        strings = sub(top, 6)
        leaf = packed(field(dec[0], 1)[2])[0]
        for loc in sub(top, 4):
            ld = decode(loc[2])
            if field(ld, 1)[2] == leaf:
                fid = field(decode(field(ld, 4)[2]), 1)[2]
        for fn in sub(top, 5):
            fd = decode(fn[2])
            if field(fd, 1)[2] == fid:
                top.append([6, 2, strings[field(fd, 2)[2]][2] + b"X"])
                field(fd, 2)[2] = len(strings)
                fn[2] = encode(fd)
    elif name == "type-renamed":
        st = decode(sub(top, 1)[0][2])
        top.append([6, 2, b"X" + sub(top, 6)[field(st, 1)[2]][2]])
        field(st, 1)[2] = len(sub(top, 6)) - 1
        sub(top, 1)[0][2] = encode(st)
    for s, d in zip(samples, dec):
        s[2] = encode(d)
    return encode(top)


# --- what pprof -raw says ---

LOC = re.compile(r"^\s*(\d+): (0x[0-9a-f]+) (?:M=(\d+) )?(.*) (\S*):(-?\d+) "
                 r"s=(-?\d+)(?:\(\))?$")
MAP = re.compile(r"^(\d+): (0x[0-9a-f]+)/(0x[0-9a-f]+)/0x[0-9a-f]+ ")


def read_raw(text):
    """Sample types, samples [(values, location ids)], locations {id:
    (address, mapping, function name, file, line)}, mappings {id: (lo,
    hi)}, and the default type."""
    types, samples, locs, maps, default = [], [], {}, {}, None
    part = None
    for line in text.splitlines():
        if line in ("Samples:", "Locations", "Mappings"):
            part = line
            continue
        if part == "Samples:" and not types:
            for t in line.split():
                if t.endswith("[dflt]"):
                    t = t[:-len("[dflt]")]
                    default = t.split("/")[0]
                types.append(t.split("/")[0])
        elif part == "Samples:" and ":" in line:
            v, _, ids = line.partition(":")
            samples.append(([int(x) for x in v.split()],
                            [int(x) for x in ids.split()]))
        elif part == "Locations":
            m = LOC.match(line)
            if m:
                locs[int(m.group(1))] = (int(m.group(2), 16),
                                         int(m.group(3) or 0), m.group(4),
                                         m.group(5), int(m.group(6)))
        elif part == "Mappings":
            m = MAP.match(line)
            if m:
                maps[int(m.group(1))] = (int(m.group(2), 16),
                                         int(m.group(3), 16))
    return types, samples, locs, maps, default


class Case:
    def __init__(self, binary, pprof, protoc, checks, args, mutant):
        self.bin, self.pprof, self.protoc = binary, pprof, protoc
        self.checks, self.args, self.mutant = checks, args, mutant
        self.fails = defaultdict(int)
        self.notes = []
        self.n = 0

    def check(self, name, ok, what):
        self.n += 1
        if not ok:
            self.fails[name] += 1
            if self.fails[name] <= 3:
                self.notes.append("  [%s] %s: %s" % (name, " ".join(
                    self.args), what))

    def run(self, extra, text=True, args=None):
        args = self.args if args is None else args
        r = subprocess.run([self.bin] + extra + args,
                           capture_output=True, text=text)
        if r.returncode != 0:
            raise RuntimeError("cgannotate %s: exit %d: %s" % (
                " ".join(extra + args), r.returncode,
                r.stderr if text else r.stderr.decode(errors="replace")))
        return r.stdout

    def opt(self, name):
        for a in self.args:
            if a.startswith("--" + name + "="):
                return a.split("=", 1)[1]
        return None

    def without(self, *names):
        return [a for a in self.args
                if not any(a.startswith("--" + n + "=") for n in names)]

    def go(self, tmp):
        raw = gzip.decompress(self.run(["--format=pprof"], text=False))
        if self.mutant:
            raw = mutate(self.mutant, raw)
        path = os.path.join(tmp, "p.pb.gz")
        with open(path, "wb") as f:
            f.write(gzip.compress(raw))
        r = subprocess.run([self.pprof, "-raw", path], capture_output=True,
                           text=True)
        self.check("raw", r.returncode == 0, "pprof -raw: " + r.stderr)
        self.types, self.samples, self.locs, self.maps, default = \
            read_raw(r.stdout)
        # --format=json groups inlined code only when told, as pprof's does.
        grouped = [] if self.opt("group-inlined") or self.opt("by") else [
            "--group-inlined=yes"]
        self.js = json.loads(self.run(["--format=json", "--threshold=100"] +
                                      grouped))
        shown = self.opt("show")
        shown = shown.split(",") if shown else [e["name"]
                                                for e in self.js["events"]]
        self.check("raw", self.types == shown, "sample types %s, want %s" %
                   (self.types, shown))
        sort = self.opt("sort")
        want = sort.split(",")[0].split(":")[0] if sort else shown[0]
        self.check("raw", default == want, "default type %s, want %s" %
                   (default, want))
        self.default = want
        for c in self.checks:
            name, _, arg = c.partition("=")
            getattr(self, "check_" + name)(arg, tmp, raw)

    def stacks(self, k):
        """The samples' stacks of value k, root first, and their sums."""
        out = defaultdict(int)
        for v, ids in self.samples:
            names = [self.locs[i][2].replace(";", "\\x3b")
                     for i in reversed(ids) if i in self.locs]
            out[";".join(names)] += v[k]
        return {s: n for s, n in out.items() if n != 0}

    def check_totals(self, arg, tmp, raw):
        """The samples add up to the functions' exclusive costs, and to the
        profile's total unless its summary disagrees with its cost lines
        (stacks are made of the cost lines)."""
        rows = self.js.get("groups") or self.js.get("functions") or []
        for k, ev in enumerate(self.types):
            got = sum(v[k] for v, _ in self.samples)
            excl = sum(r["exclusive"].get(ev, 0) for r in rows)
            want = self.js["totals"].get(ev, 0)
            self.check("totals", got == excl, "%s: pprof's total %d, the "
                       "exclusive costs' sum %d" % (ev, got, excl))
            self.check("totals", got == want or excl != want, "%s: pprof's "
                       "total %d, --format=json's %d" % (ev, got, want))

    def folded(self, ev, diff):
        text = self.run(["--format=folded", "--show=" + ev],
                        args=self.without("show"))
        out = defaultdict(int)
        for line in text.splitlines():
            stack, _, n = line.rpartition(" ")
            if diff:
                stack, _, old = stack.rpartition(" ")
                out[stack] += int(n) - int(old)
            else:
                out[stack] += int(n)
        return {s: n for s, n in out.items() if n != 0}

    def compare_stacks(self, name, diff):
        for k, ev in enumerate(self.types):
            got, want = self.stacks(k), self.folded(ev, diff)
            bad = sorted(s for s in set(got) | set(want)
                         if got.get(s) != want.get(s))
            self.check(name, not bad, "%s: %d stacks differ from folded's, "
                       "e.g. %s: pprof %s, folded %s" % (
                           ev, len(bad), bad[0] if bad else "",
                           got.get(bad[0]) if bad else "",
                           want.get(bad[0]) if bad else ""))

    def check_stacks(self, arg, tmp, raw):
        self.compare_stacks("stacks", False)

    def check_diff(self, arg, tmp, raw):
        self.compare_stacks("diff", True)

    def check_flat(self, arg, tmp, raw):
        names = {self.locs[ids[0]][2] for _, ids in self.samples if ids}
        want = defaultdict(lambda: [0] * len(self.types))
        rows = self.js.get("groups") or self.js.get("functions") or []
        # --focus lists the functions it names, whose stacks all stay.
        focus = set()
        for row in rows:
            cands = [row["name"] if "functions" in row else
                     row["file"] + ":" + row["name"]]
            base = (row["functions"][0] if "functions" in row else row)
            cands += [base["name"], callers_cut(base["name"])]
            name = next((c for c in cands if c in names), None)
            focus.add(name)
            for k, ev in enumerate(self.types):
                e = row["exclusive"].get(ev, 0)
                if name is None:
                    self.check("flat", e == 0, "%s: %s costs %d, no function "
                               "of pprof's" % (ev, cands[0], e))
                else:
                    want[name][k] += e
        for k, ev in enumerate(self.types):
            got = defaultdict(int)
            for v, ids in self.samples:
                got[self.locs[ids[0]][2]] += v[k]
            for n in set(got) | set(want):
                if self.opt("focus") and n not in focus:
                    continue
                g, w = got.get(n, 0), want[n][k] if n in want else 0
                self.check("flat", g == w, "%s: %s: pprof's flat %d, its "
                           "exclusive cost %d" % (ev, n, g, w))

    def check_list(self, src, tmp, raw):
        """pprof -list's flat figures of each line of the files found in
        src, against --format=tsv --lines, of the default sample type."""
        k = self.types.index(self.default)
        want = defaultdict(int)
        tsv = self.run(["--format=tsv", "--lines", "--show=" + self.default],
                       args=self.without("show"))
        for row in tsv.splitlines()[1:]:
            f, line, _, n = row.split("\t")
            f = os.path.normpath(os.path.join(src, f))
            if os.path.isfile(f) and n not in ("", ".", "0") and \
                    int(line) > 0:
                want[(f, int(line))] += int(n)
        r = subprocess.run([self.pprof, "-list=.", "-source_path=" + src,
                            "-sample_index=" + self.default,
                            os.path.join(tmp, "p.pb.gz")],
                           capture_output=True, text=True)
        got, f = defaultdict(int), None
        for line in r.stdout.splitlines():
            m = re.match(r"ROUTINE =+ .* in (\S+)$", line)
            if m:
                f = os.path.normpath(os.path.join(src, m.group(1)))
                continue
            m = re.match(r"^\s+(\S+)\s+(\S+)\s+(\d+):", line)
            if m and f is not None and m.group(1) != "." and \
                    int(m.group(3)) > 0:
                got[(f, int(m.group(3)))] += int(m.group(1))
        got = {x: n for x, n in got.items() if os.path.isfile(x[0])}
        self.check("list", want, "no line of a file in %s" % src)
        for x in sorted(set(got) | set(want)):
            self.check("list", got.get(x, 0) == want.get(x, 0),
                       "%s:%d: pprof -list's flat %d, the line's cost %d" % (
                           x[0], x[1], got.get(x, 0), want.get(x, 0)))
        del k

    def check_addrs(self, arg, tmp, raw):
        for _, ids in self.samples:
            for i in ids:
                a, m, name, _, _ = self.locs[i]
                lo, hi = self.maps.get(m, (0, 0))
                self.check("addrs", a != 0 and lo <= a < hi,
                           "%s at %#x, its mapping %d: %#x to %#x" % (
                               name, a, m, lo, hi))

    def check_raw(self, arg, tmp, raw):
        """protoc --decode_raw: the profile's fields by number."""
        r = subprocess.run([self.protoc, "--decode_raw"], input=raw,
                           capture_output=True)
        self.check("raw", r.returncode == 0, "protoc: %s" % r.stderr[:200])
        top = decode_raw(r.stdout.decode())
        strings = [s for f, s in top if f == "6"]
        self.check("raw", strings[:1] == [""], "string 0 is %r" %
                   strings[:1])
        types = [dict(s) for f, s in top if f == "1"]
        got = [strings[int(t.get("1", 0))] for t in types]
        self.check("raw", got == self.types, "sample types %s, pprof's %s" %
                   (got, self.types))
        self.check("raw", all(strings[int(t.get("2", 0))] == "count"
                              for t in types), "a unit not count")
        dflt = [strings[int(s)] for f, s in top if f == "14"]
        self.check("raw", dflt == [self.default], "default type %s, want %s"
                   % (dflt, self.default))
        comments = [strings[int(s)] for f, s in top if f == "13"]
        cmd = self.js.get("command")
        self.check("raw", cmd is None or "cmd: " + cmd in comments,
                   "no comment cmd: %s in %s" % (cmd, comments))
        maps = [dict(s) for f, s in top if f == "3"]
        self.check("raw", len(maps) == len(self.maps) and maps, "%d "
                   "mappings, pprof read %d" % (len(maps), len(self.maps)))
        self.check("raw", all(m.get("7") == m.get("8") == m.get("9") == "1"
                              for m in maps), "a mapping not marked as "
                   "having functions, files and lines")
        locs = [f for f, _ in top if f == "4"]
        self.check("raw", len(locs) == len(self.locs), "%d locations, pprof "
                   "read %d" % (len(locs), len(self.locs)))


def decode_raw(text):
    """protoc --decode_raw's top-level fields: (number, value), a
    message's value its own fields (one level), a string's unescaped."""
    top, cur = [], None
    for line in text.splitlines():
        s = line.strip()
        if not line.startswith(" ") and s.endswith(" {"):
            cur = []
            top.append((s[:-2], cur))
        elif s == "}" and not line.startswith(" "):
            cur = None
        elif cur is not None:
            if line.startswith("  ") and not line.startswith("   "):
                f, _, v = s.partition(": ")
                cur.append((f, v))
        else:
            f, _, v = s.partition(": ")
            if v.startswith('"'):
                v = codecs.escape_decode(v[1:-1].encode())[0].decode()
            top.append((f, v))
    return top


def callers_cut(name):
    """A --separate-callers name without its callers, as frames.c's."""
    pieces = name.split("'")
    keep = 2 if len(pieces) > 1 and pieces[1].isdigit() else 1
    return "'".join(pieces[:keep])


def main():
    args = sys.argv[1:]
    if args[:1] == ["--mutants"]:
        for name, (check, what) in MUTANTS.items():
            print(name, check, what)
        return 0
    mutant = None
    if args[:1] == ["--mutant"]:
        mutant, args = args[1], args[2:]
    binary, pprof = args[0], args[1]
    protoc = args[2] if len(args) > 2 else "protoc"
    status = 0
    with tempfile.TemporaryDirectory() as tmp:
        for line in sys.stdin:
            if not line.strip():
                continue
            checks, _, rest = line.rstrip("\n").partition("\t")
            c = Case(binary, pprof, protoc, checks.split(","), rest.split(),
                     mutant)
            try:
                c.go(tmp)
            except (RuntimeError, StopIteration, KeyError, ValueError,
                    IndexError) as e:
                c.check("run", False, "%s: %s" % (type(e).__name__, e))
            what = " ".join(c.args)
            if c.fails:
                status = 1
                print("pprof.py: %s: FAILED %s" % (what, " ".join(
                    "%s=%d" % x for x in sorted(c.fails.items()))))
                for n in c.notes:
                    print(n)
            else:
                print("pprof.py: %s: ok (%d checks)" % (what, c.n))
    return status


if __name__ == "__main__":
    sys.exit(main())
