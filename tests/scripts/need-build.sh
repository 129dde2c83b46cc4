#!/bin/sh
# need-build.sh: make on a machine that lacks a package stops before
# compiling, with one line naming the Debian package and the apt-get
# command (tests/tools/need-packages).  A missing header is a compiler whose
# include directories are the real ones but for links that leave it out;
# a missing compiler a CC that does not exist, or a PATH without cc.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"

# hide HEADER...: a cc command that finds every header cc finds but these.
hide() {
	dir=$tmp/inc-$(echo "$*" | tr ' .' '__')
	made=
	[ -d "$dir" ] && made=1
	flags=-nostdinc
	i=0
	for d in $(echo | cc -E -Wp,-v -x c - 2>&1 >/dev/null |
	    awk '/^ \// { print $1 }'); do
		i=$((i + 1))
		hit=
		for h in "$@"; do
			[ -e "$d/$h" ] && hit=1
		done
		if [ -z "$hit" ]; then
			flags="$flags -isystem $d"
			continue
		fi
		flags="$flags -isystem $dir/$i"
		[ -n "$made" ] && continue
		mkdir -p "$dir/$i"
		for e in "$d"/*; do
			case " $* " in
			*" ${e##*/} "*) ;;
			*) ln -s "$e" "$dir/$i/" ;;
			esac
		done
	done
	echo "cc $flags"
}

# one_line NAME STATUS PATTERN...: the last command's exit status was
# STATUS and its output, in $tmp/out, one line matching every PATTERN.
one_line() {
	name=$1 want=$2 got=$3
	shift 3
	ok=0
	[ "$got" = "$want" ] && [ "$(wc -l <"$tmp/out")" = 1 ] || ok=1
	for pattern in "$@"; do
		grep -q -e "$pattern" "$tmp/out" || ok=1
	done
	result $ok "$name: exit status $got, output: $(head -c 400 "$tmp/out")"
}

# mk ARGS...: make ARGS, as if typed (not within make check's make).
mk() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
	    make -s --no-print-directory "$@" >"$tmp/out" 2>&1
}

mk need-build
result $? "need-build with every header there: $(head -c 400 "$tmp/out")"
[ ! -s "$tmp/out" ]
result $? "need-build with every header there printed: $(head -c 400 "$tmp/out")"

mk need-build CC="$(hide uthash.h)"
one_line "no uthash.h" 2 $? 'uthash-dev' 'uthash\.h' \
    'apt-get install uthash-dev\.  Stop\.$'
mk need-build CC="$(hide zlib.h)"
one_line "no zlib.h" 2 $? 'zlib1g-dev' 'zlib\.h' \
    'apt-get install zlib1g-dev\.  Stop\.$'
mk need-build CC="$(hide uthash.h zlib.h)"
one_line "neither header" 2 $? 'packages uthash-dev zlib1g-dev' \
    'apt-get install uthash-dev zlib1g-dev\.  Stop\.$'
mk need-build CC="$(hide stdlib.h)"
one_line "no libc headers" 2 $? 'libc6-dev' 'apt-get install libc6-dev\.  Stop\.$'
mk need-build CC=cga-no-such-compiler
one_line "no such CC" 2 $? 'no compiler cga-no-such-compiler'

# No cc on the PATH at all: the package gcc.
mkdir "$tmp/bin"
for tool in sh id basename; do
	ln -s "$(command -v "$tool")" "$tmp/bin/$tool"
done
env PATH="$tmp/bin" sh tests/tools/need-packages -c 'cc -O2' >"$tmp/out" 2>&1
one_line "no cc on the PATH" 1 $? 'package gcc' 'apt-get install gcc$'

# make cgannotate, in a copy of the tree, stops before compiling anything.
mkdir -p "$tmp/tree/tests/tools"
cp -R Makefile src "$tmp/tree/"
cp tests/tools/need-packages "$tmp/tree/tests/tools/"
mk -C "$tmp/tree" cgannotate CC="$(hide zlib.h)"
one_line "make cgannotate without zlib.h" 2 $? \
    '^Makefile:[0-9]*: \*\*\* cgannotate needs the Debian package zlib1g-dev'
[ ! -e "$tmp/tree/build" ] && [ ! -e "$tmp/tree/cgannotate" ]
result $? "make cgannotate without zlib.h compiled: $(ls "$tmp/tree/build" 2>&1)"

# make check and make demo ask dpkg: as another user than root, a missing
# package is the command to run (as root it would be installed).
if command -v dpkg-query >/dev/null 2>&1; then
	mkdir "$tmp/user"
	printf '#!/bin/sh\necho 1000\n' >"$tmp/user/id"
	chmod +x "$tmp/user/id"
	env PATH="$tmp/user:$PATH" sh tests/tools/need-packages dpkg \
	    >"$tmp/out" 2>&1
	result $? "dpkg is installed: $(head -c 400 "$tmp/out")"
	env PATH="$tmp/user:$PATH" sh tests/tools/need-packages dpkg \
	    cga-no-such-package >"$tmp/out" 2>&1
	one_line "a package not installed" 1 $? \
	    'package cga-no-such-package' \
	    'sudo apt-get install cga-no-such-package$'
fi

finish
