#!/bin/sh
# gen.sh: makes the generated profiles of testdata/hand (run from the
# repository root; both outputs are committed):
#   bad-random.callgrind  400 random bytes (Python's random, seed 1)
#   bigname.callgrind     a function name of 1 MiB (1048576 bytes), longer
#                         than cgannotate's 1 MiB read block
set -eu
dir=testdata/hand
python3 -c '
import random, sys
sys.stdout.buffer.write(random.Random(1).randbytes(400))
' >"$dir/bad-random.callgrind"
python3 -c '
import sys
name = ("abcdefghijklmnop" * 65536)
assert len(name) == 1048576
sys.stdout.write("""# a function name of 1 MiB
events: Ir
fl=big.c
fn=(1) %s
1 5
fn=(2) main
2 30
cfn=(1)
calls=2 1
3 8
fn=(1)
1 3
""" % name)
' >"$dir/bigname.callgrind"
