#!/usr/bin/env python3
"""gen-hostile.py CASE N OUT: writes a profile (or, for the cases that need
several files, a directory) built so that a reader whose work is not
near-linear in its input shows it: bench/growth.sh times cgannotate on
each case at two sizes and checks that the time grows with the input.

Cases:
  events N      one events: line of N events, and cost lines giving them
  functions N   N functions in N files (for --format=json's file list)
  grid N        N files x N function names, every function calling every
                name of its own file (N*N cfn= lookups)
  profiles N    a directory of N profiles, each with an event of its own
  idirs N       a directory: a profile naming N files, and N -I directories
                (the run passes them all)
  names N       N names of one length sharing a long prefix
  ids N         N name ids spread so that a multiplicative hash of the id
                (the table's hash before it was keyed) puts all in one slot
  pages N       N line numbers whose 16-line pages collide the same way
  ring N        a cycle of N functions, each also called by main: a
                component entered N ways (flame graph stacks)
  wide N        N events and N functions, each with one count: a model
                whose memory follows its costs' width would need 16 N^2
                bytes
  costly N      N events and 20 N functions, each in a file of its own with
                one count: too costly to hold even for a model that takes
                memory only for what it writes (an error)
"""
import os
import sys


def events(n, out):
    names = ["E%d" % i for i in range(n)]
    out.write("events: %s\nfl=a.c\nfn=main\n" % " ".join(names))
    ones = " ".join("1" for _ in range(n))
    for line in range(1, 11):
        out.write("%d %s\n" % (line, ones))


def functions(n, out):
    out.write("events: Ir\n")
    for i in range(n):
        out.write("fl=(%d) src/f%d.c\nfn=(%d) fn%d\n1 %d\n" % (i, i, i, i,
                                                                 1 + i % 7))


def grid(n, out):
    out.write("events: Ir\n")
    for f in range(n):
        out.write("fl=(%d) src/g%d.c\n" % (f + 1, f))
        for g in range(n):
            # Name ids: defined in the first file, used in the others.
            if f == 0:
                out.write("fn=(%d) fn%d\n" % (g + 1, g))
            else:
                out.write("fn=(%d)\n" % (g + 1))
            # The name before (defined already), or itself.
            out.write("1 1\ncfn=(%d)\ncalls=1 1\n2 1\n" % max(g, 1))


def profiles(n, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    for i in range(n):
        with open(os.path.join(out_dir, "p%05d.callgrind" % i), "w") as f:
            f.write("events: Ev%d\nfl=a.c\nfn=f%d\n1 %d\n" % (i, i, i + 1))


def idirs(n, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    for i in range(n):
        os.makedirs(os.path.join(out_dir, "d%d" % i), exist_ok=True)
    with open(os.path.join(out_dir, "p.callgrind"), "w") as f:
        f.write("events: Ir\n")
        for i in range(n * 10):
            f.write("fl=(%d) file%d.c\nfn=(%d) f%d\n1 1\n" % (i + 1, i,
                                                             i + 1, i))


def names(n, out):
    out.write("events: Ir\nfl=a.c\n")
    prefix = "x" * 200
    for i in range(n):
        out.write("fn=%s%08d\n1 1\n" % (prefix, i))


def ids(n, out):
    # id = m << 52: (id * odd) >> 32 keeps bits 20.. of the product's top,
    # all 0 below 2^20 slots: every id in slot 0 of the old table.
    out.write("events: Ir\nfl=a.c\n")
    for m in range(1, n + 1):
        out.write("fn=(%d) f%d\n1 1\n" % ((m % 4096) << 52 | (m // 4096) << 40,
                                         m))


def pages(n, out):
    out.write("events: Ir\nfl=a.c\nfn=f\n")
    for m in range(1, n + 1):
        page = (m % 4096) << 48 | (m // 4096) << 36
        out.write("%d 1\n" % (page * 16))


def ring(n, out):
    out.write("events: Ir\nfl=a.c\nfn=main\n1 1\n")
    for i in range(n):
        out.write("cfn=f%d\ncalls=1 1\n1 10\n" % i)
    for i in range(n):
        out.write("fn=f%d\n1 1\ncfn=f%d\ncalls=1 1\n1 9\n" % (i, (i + 1) % n))


def wide(n, out):
    out.write("events: %s\n" % " ".join("E%d" % i for i in range(n)))
    for i in range(n):
        out.write("fl=(%d) f%d.c\nfn=(%d) g%d\n1 1\n" % (i + 1, i, i + 1, i))


def costly(n, out):
    out.write("events: %s\n" % " ".join("E%d" % i for i in range(n)))
    for i in range(20 * n):
        out.write("fl=(%d) f%d.c\nfn=(%d) g%d\n1 1\n" % (i + 1, i, i + 1, i))


def main():
    case, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    if case in ("profiles", "idirs"):
        {"profiles": profiles, "idirs": idirs}[case](n, out)
        return
    with open(out, "w") as f:
        {"events": events, "functions": functions, "grid": grid,
         "names": names, "ids": ids, "pages": pages, "wide": wide,
         "costly": costly,
         "ring": ring}[case](n, f)


if __name__ == "__main__":
    main()
