#!/bin/sh
# bounds.sh CGANNOTATE: the inclusive costs of every function and call edge
# of every testdata profile, checked against the bounds tests/oracles/bounds.py
# recomputes from the rows cgannotate prints for scripts (see its header);
# then what those bounds mean on the profiles that made them necessary:
# an interpreter (python3, perl), whose evaluation loop puts hundreds of
# functions in one cycle, shows each helper at its own cost; a lazy-binding
# resolver's loop (testdata/hand/lazy-binding.callgrind, figures worked out
# by hand in its comments) does not spread its cost to the functions it
# resolved; clone, the root of a thread profiled without
# --separate-threads, costs at least its thread's work; and no share is
# above 100 % anywhere.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
bin=$1

for prof in testdata/*.callgrind testdata/*.cachegrind \
    testdata/*.callgrind.gz testdata/*.callgrind.1 testdata/ann/*.callgrind \
    $(ls testdata/hand/*.callgrind | grep -v /bad-); do
	python3 tests/oracles/bounds.py "$bin" "$prof" >"$tmp/out" 2>&1
	result $? "$(cat "$tmp/out")"
done

# incl NAME PROFILE: NAME's inclusive Ir (first event), without commas.
incl() {
	"$bin" --inclusive=yes --auto=no --threshold=100 --show-percs=no "$2" |
	    awk -v n="$1" '$2 == n { gsub(",", "", $1); print $1; exit }'
}
self() {
	"$bin" --auto=no --threshold=100 --show-percs=no "$2" |
	    awk -v n="$1" '$2 == n { gsub(",", "", $1); print $1; exit }'
}

# The interpreters: the cycle's figure (of 1 % or more) is not handed to
# every member.
for prof in testdata/python3-json.callgrind.gz testdata/perl-hash.callgrind.gz
do
	"$bin" --inclusive=yes --auto=no --threshold=100 "$prof" |
	    awk '/ file:function$/ { on = 1 }
		on && match($0, /\( *[0-9.]+%\)/) {
			p = substr($0, RSTART, RLENGTH)
			v = p; gsub(/[( %)]/, "", v)
			if (v + 0 >= 1) print p }' |
	    sort | uniq -c | sort -rn |
	    head -1 >"$tmp/top"
	n=$(awk '{ print $1 }' "$tmp/top")
	[ "$n" -lt 20 ]
	result $? "$prof: $n functions share the inclusive share $(cat "$tmp/top")"
done
# PyList_New: 42,560 of its own; callgrind_annotate gives 73,690.
i=$(incl '???:PyList_New' testdata/python3-json.callgrind.gz)
s=$(self '???:PyList_New' testdata/python3-json.callgrind.gz)
[ "$s" = 42560 ] && [ "$i" -ge "$s" ] && [ "$i" -le 80000 ]
result $? "python3 PyList_New: inclusive $i, exclusive $s"

# The lazy-binding loop, against the figures worked out by hand.
for want in 'glib.c:g_print 620' 'glib.c:g_array_new 90' 'prog.c:main 760' \
    'dl-runtime.c:_dl_runtime_resolve 750' 'glib.c:g_malloc 57'; do
	got=$(incl "${want% *}" testdata/hand/lazy-binding.callgrind)
	[ "$got" = "${want#* }" ]
	result $? "lazy-binding ${want% *}: inclusive $got, expected ${want#* }"
done

# clone: the root of the threads, at least what they cost.
c=$(incl './misc/../sysdeps/unix/sysv/linux/x86_64/clone.S:clone' \
    testdata/threads-joined.callgrind)
t=$(incl './nptl/./nptl/pthread_create.c:start_thread' \
    testdata/threads-joined.callgrind)
[ -n "$c" ] && [ -n "$t" ] && [ "$c" -ge "$t" ]
result $? "threads-joined: clone's inclusive $c below start_thread's $t"

# No share above 100 %, in any listing or tree of these profiles.
for prof in testdata/python3-json.callgrind.gz testdata/perl-hash.callgrind.gz \
    testdata/threads-joined.callgrind testdata/hand/lazy-binding.callgrind \
    testdata/sortprog-plain.callgrind testdata/recur-plain.callgrind; do
	"$bin" --inclusive=yes --tree=both --auto=no --threshold=100 "$prof" \
	    >"$tmp/tree" 2>&1
	"$bin" --format=dot --node-threshold=0 --edge-threshold=0 "$prof" \
	    >>"$tmp/tree" 2>&1
	grep -Eo '[0-9]+\.[0-9]+%' "$tmp/tree" | tr -d % |
	    awk '$1 > 100 { print; bad = 1 } END { exit bad }' >"$tmp/over"
	result $? "$prof: shares above 100 %: $(sort -u "$tmp/over" | head -3)"
done
finish
