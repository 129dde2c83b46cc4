#!/bin/sh
# same-output.sh OLD NEW: runs two cgannotate binaries on every profile in
# testdata/ (and the golden tests' profiles made from templates) with a
# set of option sets covering every format and mode, and reports each run
# whose standard output, standard error or exit status differ.  It checks
# that a change meant to leave what users see alone (a restructuring) does;
# make same-output BASE=REV builds REV with git and runs it.
#
# Differences that a change makes on purpose are listed in the file named
# by $SAME_OUTPUT_EXPECT (lines "OPTIONS<TAB>PROFILE" of runs allowed to
# differ; a profile "*" stands for all).
set -u
old=$1
new=$2
cd "$(dirname "$0")/../.." || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
expect=${SAME_OUTPUT_EXPECT:-/dev/null}

# The golden tests' profiles that name files under the repository.
mkdir -p build/golden
top=$(pwd)
for in in testdata/*/*.in; do
	[ -f "$in" ] || continue
	sed "s|@TOP@|$top|g" "$in" >"build/golden/$(basename "${in%.in}")"
done

# One option set a line; "%O" stands for another profile (for --diff and
# for several profiles at once).
cat >"$tmp/sets" <<'EOF'

--inclusive=yes
--tree=both
--tree=caller --inclusive=yes --show-percs=no
--threshold=100 --auto=no
--sort=Ir:50 --context=2
--color=always --threshold=100
--format=tsv
--format=tsv --calls
--format=tsv --lines
--format=json
--format=json --auto=no --inclusive=yes
--format=dot
--format=dot --node-threshold=0 --edge-threshold=0
--list-parts
--diff %O
--diff %O --format=tsv
--diff %O --inclusive=yes --tree=both
-I testdata/src --auto=yes
%O
%O --format=json
--mod-funcname="s/'[0-9]+\$//" --threshold=100
EOF

ls testdata/*.callgrind testdata/*.cachegrind testdata/*.callgrind.* \
    testdata/hand/*.callgrind testdata/ann/*.callgrind build/golden/* \
    2>/dev/null | sort >"$tmp/profiles"
other=testdata/recur-plain.callgrind

runs=0
diffs=0
while IFS= read -r set; do
	while IFS= read -r prof; do
		opts=$(printf '%s' "$set" | sed "s|%O|$other|g")
		if grep -qxF -e "$(printf '%s\t%s' "$set" "$prof")" "$expect" ||
		    grep -qxF -e "$(printf '%s\t*' "$set")" "$expect"; then
			continue
		fi
		# shellcheck disable=SC2086
		eval "\"$old\" $opts \"$prof\"" >"$tmp/o1" 2>"$tmp/e1" </dev/null
		s1=$?
		# shellcheck disable=SC2086
		eval "\"$new\" $opts \"$prof\"" >"$tmp/o2" 2>"$tmp/e2" </dev/null
		s2=$?
		sed "s|$old|CGANNOTATE|g" "$tmp/e1" >"$tmp/e1s"
		sed "s|$new|CGANNOTATE|g" "$tmp/e2" >"$tmp/e2s"
		runs=$((runs + 1))
		if [ "$s1" != "$s2" ] || ! cmp -s "$tmp/o1" "$tmp/o2" ||
		    ! cmp -s "$tmp/e1s" "$tmp/e2s"; then
			diffs=$((diffs + 1))
			echo "DIFF [$opts] $prof: status $s1 -> $s2"
			diff -u "$tmp/o1" "$tmp/o2" | head -10
			diff -u "$tmp/e1s" "$tmp/e2s" | head -10
		fi
	done <"$tmp/profiles"
done <"$tmp/sets"
echo "same-output: $runs runs, $diffs differ"
[ "$diffs" = 0 ]
