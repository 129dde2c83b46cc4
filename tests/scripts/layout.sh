#!/bin/sh
# layout.sh: src/'s layout keeps its rules (make layout): the folders'
# includes make no circle, nor the files' calls within a folder; no folder
# of more than 15 C files, no file over 900 lines, no function over 100;
# a private header included from its own folder only.  Checked by
# tests/tools/include-graph over src/ and the objects in build/ (the
# plain build's, which make check makes first); what it finds is printed
# when a rule is broken.  It tests no binary: an argument is ignored.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
python3 tests/tools/include-graph build >"$tmp/out" 2>&1
result $? "the layout of src/ breaks a rule (make layout):
$(cat "$tmp/out")"
finish
