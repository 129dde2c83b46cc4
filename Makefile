# cgannotate: a fast, correct annotator for Callgrind and Cachegrind profiles.

PREFIX	?= /usr/local
BINDIR	?= $(PREFIX)/bin
MANDIR	?= $(PREFIX)/share/man
# Where bash-completion and zsh look for completions of their own.
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions

CC	?= cc
CFLAGS	?= -O2 -g
# The compiler of the fuzzers and of the ThreadSanitizer build.
FUZZ_CC	?= clang
# Kept apart from CFLAGS, so that a CFLAGS of one's own keeps them.
WARNINGS = -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
	   -Wmissing-prototypes -Wwrite-strings -Wno-unused-function
STD	 = -std=c11 -D_POSIX_C_SOURCE=200809L -pthread
SANITIZE = -fsanitize=address,undefined -fno-sanitize-recover=all \
	   -fno-omit-frame-pointer

# Debian packages: to build, and to test (libclang-rt-dev holds clang's
# sanitizer and libFuzzer runtimes, only recommended by clang; chromium
# and nodejs, with its npm, run the HTML page's tests, tests/browser/html.sh;
# python3-jsonschema checks --format=json against its schema, schema.sh;
# zsh, driven in tmux, runs completion/_cgannotate's test, completion.sh;
# golang-go's pprof and protobuf-compiler's protoc read --format=pprof,
# tests/scripts/pprof.sh).
BUILD_PKGS = gcc libc6-dev make uthash-dev zlib1g-dev libncurses-dev
TEST_PKGS  = $(BUILD_PKGS) check pkg-config valgrind clang libclang-rt-dev \
	     time jq graphviz python3 python3-jsonschema cmark-gfm chromium nodejs \
	     binutils tmux zsh golang-go protobuf-compiler

# src/ holds main.c and a folder for each stage (doc/ARCHITECTURE); every
# module of the stages goes into the library the tests link with.  Their
# objects mirror the folders under build/ (and build/asan/, ...), so that
# two files of one name in two folders never share an object.
LIB_SRCS = $(sort $(wildcard src/*/*.c))
HDRS	 = $(wildcard src/*/*.h)
# Headers are named by their stage's folder: #include "base/diag.h".
INCLUDES = -Isrc -Ibuild
TESTS	 = $(sort $(wildcard tests/unit/check_*.c))
TEST_HDRS = tests/unit/check_cga.h

# The page of --format=html, its files made into C strings for html.c.
HTML_PAGE = $(wildcard src/html/*.html src/html/*.css src/html/*.js)
GEN_HDRS  = build/html_assets.h

LIB_OBJS  = $(LIB_SRCS:src/%.c=build/%.o)
ASAN_OBJS = $(LIB_SRCS:src/%.c=build/asan/%.o)
TSAN_OBJS = $(LIB_SRCS:src/%.c=build/tsan/%.o)
FUZZ_OBJS = $(LIB_SRCS:src/%.c=build/fuzz/%.o)

# zlib reads gzip-compressed profiles, inflated in a thread of their own;
# ncurses (its wide-character build) draws --tui.
LIBS	 = -lz -lncursesw -ltinfo -pthread
CHECK_CFLAGS = $$(pkg-config --cflags check)
CHECK_LIBS   = $$(pkg-config --libs check)

.PHONY: all check quick check-unit check-golden check-asan check-tsan \
	check-memcheck check-fuzz same-output layout demo fuzz fuzz-reader \
	fuzz-many bench install uninstall clean need-build need-fuzz-cc \
	deps-build deps-test

all: cgannotate

# $(call need,ARGS): tests/tools/need-packages ARGS, which prints one line when
# something is missing; make then stops with that line and nothing else.
need = $(eval need_msg := $(shell sh tests/tools/need-packages $(1)))$(if \
	$(need_msg),$(error $(need_msg)))

# Before anything is compiled: the compiler runs and finds uthash.h and
# zlib.h (one run of the preprocessor), or make stops with the Debian
# package to install, not with a compiler error.
need-build:
	$(call need,-c '$(CC) $(STD) $(CPPFLAGS) $(CFLAGS)')

need-fuzz-cc:
	$(call need,-c '$(FUZZ_CC) $(STD) $(CPPFLAGS) $(CFLAGS)')

# make demo and make check install the packages they lack when run as
# root, and name the apt-get command that does otherwise.
deps-build:
	$(call need,$(BUILD_PKGS))

deps-test:
	$(call need,$(TEST_PKGS))

cgannotate: build/main.o build/libcga.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ build/main.o build/libcga.a \
	    $(LDLIBS) $(LIBS)

build/libcga.a: $(LIB_OBJS)
	rm -f $@
	$(AR) rcs $@ $(LIB_OBJS)

build/%.o: src/%.c $(HDRS) | need-build
	@mkdir -p $(@D)
	$(CC) $(STD) $(WARNINGS) $(INCLUDES) $(CPPFLAGS) $(CFLAGS) -c -o $@ $<

build/asan/%.o: src/%.c $(HDRS) | need-build
	@mkdir -p $(@D)
	$(CC) $(STD) $(WARNINGS) $(INCLUDES) $(CPPFLAGS) $(CFLAGS) \
	    $(SANITIZE) -c -o $@ $<

# The page's CSS and JavaScript go inside its HTML, the whole into C
# strings (awk, POSIX): the files stay files to read and edit.
build/html_assets.h: $(HTML_PAGE) src/html/embed.awk
	@mkdir -p build
	awk -v dir=src/html -f src/html/embed.awk src/html/page.html >$@.tmp
	mv $@.tmp $@

build/html/html.o build/asan/html/html.o build/tsan/html/html.o \
    build/fuzz/html/html.o: $(GEN_HDRS)

build/asan/cgannotate: build/asan/main.o $(ASAN_OBJS)
	$(CC) $(CFLAGS) $(SANITIZE) $(LDFLAGS) -o $@ $^ $(LDLIBS) $(LIBS)

build/check_cga: $(TESTS) $(TEST_HDRS) build/libcga.a
	$(CC) $(STD) $(WARNINGS) -Isrc $(CPPFLAGS) $(CFLAGS) $(CHECK_CFLAGS) \
	    -o $@ $(TESTS) build/libcga.a $(CHECK_LIBS) $(LDLIBS) $(LIBS)

build/asan/check_cga: $(TESTS) $(TEST_HDRS) $(ASAN_OBJS)
	$(CC) $(STD) $(WARNINGS) -Isrc $(CPPFLAGS) $(CFLAGS) $(SANITIZE) \
	    $(CHECK_CFLAGS) -o $@ $(TESTS) $(ASAN_OBJS) $(CHECK_LIBS) \
	    $(LDLIBS) $(LIBS)

# The test suite, tests/check.sh (tests/README says what each kind of
# test is and how to run one alone): the unit tests, the golden tests,
# the scripts and the oracles; the unit tests and most scripts again
# built with AddressSanitizer and UBSan; compressed input (two threads)
# under ThreadSanitizer; the golden tests under valgrind memcheck; each
# fuzzer once over its regression inputs, then over its seeds and 3 s
# past them (tests/fuzz/fuzz.sh -c).  It goes on after a failure and
# ends with one line summing every test's count: "check: N passed, M
# failed".  make quick runs the unit and golden tests and the scripts
# only, for a quick loop while editing; check-GROUP runs one group.
# (check.sh's pool runs the builds as steps of its own, with make.)
CHECK = MAKE='$(MAKE)' sh tests/check.sh

check: deps-test
	+@$(CHECK)

quick: deps-test
	+@$(CHECK) unit golden

check-unit check-golden check-asan check-tsan check-memcheck check-fuzz: \
    deps-test
	+@$(CHECK) $(@:check-%=%)

# ThreadSanitizer over what runs in two threads: compressed input, which
# a thread of its own inflates.
# Objects of their own, so that make -j builds them side by side.
build/tsan/%.o: src/%.c $(HDRS) | need-fuzz-cc
	@mkdir -p $(@D)
	$(FUZZ_CC) $(STD) $(WARNINGS) $(INCLUDES) $(CPPFLAGS) $(CFLAGS) \
	    -fsanitize=thread -c -o $@ $<

build/tsan/cgannotate: build/tsan/main.o $(TSAN_OBJS) | need-fuzz-cc
	$(FUZZ_CC) $(CFLAGS) -fsanitize=thread $(LDFLAGS) -o $@ $^ $(LDLIBS) \
	    $(LIBS)

# The benchmark: figures printed and appended to bench/RESULTS.md.
bench: cgannotate
	@sh tests/tools/need-packages time valgrind
	sh bench/run.sh
	sh bench/growth.sh

# make same-output BASE=REV: every format and mode on every testdata
# profile, built from git revision REV (in build/same-output/, apart from
# build/base/, the objects of src/base/) and from this tree, must print
# the same (tests/tools/same-output.expect lists the runs allowed to differ).
BASE ?= HEAD
same-output: cgannotate
	rm -rf build/same-output && mkdir -p build/same-output
	git archive $(BASE) | tar -x -C build/same-output
	$(MAKE) -C build/same-output --no-print-directory cgannotate
	SAME_OUTPUT_EXPECT=tests/tools/same-output.expect \
	    sh tests/tools/same-output.sh build/same-output/cgannotate ./cgannotate

# make layout: the rules of src/'s layout checked (tests/tools/include-graph):
# no circle of includes between its folders or of calls between files, no
# folder of more than 15 C files, no file over 900 lines or function over
# 100; what it finds printed.
layout: cgannotate
	python3 tests/tools/include-graph build

# Builds cgannotate and prints the report of a real profile.
demo: deps-build
	@$(MAKE) --no-print-directory cgannotate
	./cgannotate --auto=yes --inclusive=no testdata/recur-plain.callgrind

install: cgannotate
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR)
	cp cgannotate $(DESTDIR)$(BINDIR)/cgannotate
	chmod 755 $(DESTDIR)$(BINDIR)/cgannotate
	cp man/cgannotate.1 $(DESTDIR)$(MANDIR)/man1/cgannotate.1
	chmod 644 $(DESTDIR)$(MANDIR)/man1/cgannotate.1
	cp completion/cgannotate.bash $(DESTDIR)$(BASHCOMPDIR)/cgannotate
	chmod 644 $(DESTDIR)$(BASHCOMPDIR)/cgannotate
	cp completion/_cgannotate $(DESTDIR)$(ZSHCOMPDIR)/_cgannotate
	chmod 644 $(DESTDIR)$(ZSHCOMPDIR)/_cgannotate

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/cgannotate \
	    $(DESTDIR)$(MANDIR)/man1/cgannotate.1 \
	    $(DESTDIR)$(BASHCOMPDIR)/cgannotate \
	    $(DESTDIR)$(ZSHCOMPDIR)/_cgannotate

clean:
	rm -rf build cgannotate

# Timed, random fuzzing, apart from make check (which fuzzes each target
# a few seconds only, from a fixed seed): make fuzz FUZZ_SECONDS=3600 fuzzes
# the loader, make fuzz-reader compares the fast and the general line
# readers, make fuzz-many loads two or three profiles at once (summed or
# --diff, one through a pipe) and prints every format.  Their banners and
# progress go to build/FUZZER.log; crashing inputs to tests/fuzz/crashes/
# (copy each into tests/fuzz/regress/ once it is fixed).  See tests/fuzz/fuzz.sh.
FUZZ_SECONDS ?= 60
FUZZ_FLAGS = -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all
# The modules, instrumented for the fuzzers, built once for the three.
FUZZ_OBJ_FLAGS = -fsanitize=fuzzer-no-link,address,undefined \
	-fno-sanitize-recover=all

build/fuzz/%.o: src/%.c $(HDRS) | need-fuzz-cc
	@mkdir -p $(@D)
	$(FUZZ_CC) $(STD) $(WARNINGS) $(INCLUDES) $(CPPFLAGS) $(CFLAGS) \
	    $(FUZZ_OBJ_FLAGS) -c -o $@ $<

build/fuzz_load build/fuzz_reader build/fuzz_many: build/fuzz_%: \
    tests/fuzz/fuzz_%.c $(FUZZ_OBJS) $(HDRS) | need-fuzz-cc
	$(FUZZ_CC) $(STD) $(WARNINGS) $(CPPFLAGS) $(CFLAGS) $(FUZZ_FLAGS) \
	    $(INCLUDES) $(LDFLAGS) -o $@ $< $(FUZZ_OBJS) $(LDLIBS) $(LIBS)

fuzz: build/fuzz_load
	@sh tests/fuzz/fuzz.sh fuzz_load $(FUZZ_SECONDS)

fuzz-reader: build/fuzz_reader
	@sh tests/fuzz/fuzz.sh fuzz_reader $(FUZZ_SECONDS)

fuzz-many: build/fuzz_many
	@sh tests/fuzz/fuzz.sh fuzz_many $(FUZZ_SECONDS)
