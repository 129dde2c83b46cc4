#!/bin/sh
# gen.sh: makes the generated profiles of testdata/hand (run from the
# repository root; the outputs are committed):
#   bad-random.callgrind  400 random bytes (Python's random, seed 1)
#   bad-elf.callgrind     the 64-byte header of an x86-64 ELF executable
#                         (ET_DYN, as a PIE is), every field after e_version 0
#   bigname.callgrind     a function name of 1 MiB (1048576 bytes), longer
#                         than cgannotate's 1 MiB read block
#   truncated-*.callgrind real profiles of testdata/ cut short, as a run
#                         killed or a copy cut leaves them (see README)
#   id-forward.callgrind  testdata/sortprog-plain.callgrind with each name
#                         id defined at its last use (tests/tools/defer-ids)
set -eu
dir=testdata/hand

# cut PROFILE BYTES NAME: the first BYTES bytes of testdata/PROFILE.
cut() {
	head -c "$2" "testdata/$1" >"$dir/truncated-$3.callgrind"
}
cut sortprog-plain.callgrind 279 header
cut sortprog-plain.callgrind 7396 after-calls
cut sortprog-plain.callgrind 9000 mid-name
cut sortprog-plain.callgrind 12000 mid-cost
cut sortprog-plain.callgrind 17536 before-totals
cut sortprog-multipart.callgrind 18000 multipart
cut sortprog.cachegrind 60000 cachegrind
sh tests/tools/defer-ids testdata/sortprog-plain.callgrind \
    >"$dir/id-forward.callgrind"

python3 -c '
import random, sys
sys.stdout.buffer.write(random.Random(1).randbytes(400))
' >"$dir/bad-random.callgrind"
# e_ident (magic, 64-bit, little-endian, version 1, padding), e_type 3,
# e_machine 62 (x86-64), e_version 1, then zeros to 64 bytes.
{
	printf '\177ELF\002\001\001\000\000\000\000\000\000\000\000\000'
	printf '\003\000\076\000\001\000\000\000'
	head -c 40 /dev/zero
} >"$dir/bad-elf.callgrind"
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
