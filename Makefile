# SPDX-License-Identifier: GPL-2.0-or-later
#
#   make deps       install the build and test dependencies (Debian 12)
#   make            build ./etrace
#   make check      build and run every test (unit, live; live needs root)
#   make check-stress  make check 5 times beside another make -j2 build
#   make bench      benchmarks against strace and perf trace (bench/)
#   make mutants    does make check catch small faults? (tools/mutants.txt)
#   make strace-suite  strace 6.1's own test suite, etrace in strace's place
#   make install    PREFIX=/usr/local DESTDIR= (binary, man page, completion)
#   make deb        the Debian package: build/deb/etrace_VERSION_amd64.deb
#
# Sources are found by wildcard: a new decoder, tracer stage, flag set or
# test is picked up without touching this file.  Generated C goes to build/.

CC	?= cc
PREFIX	?= /usr/local
DESTDIR	?=
BINDIR	?= $(PREFIX)/bin
MANDIR	?= $(PREFIX)/share/man
# bash-completion's directory under PREFIX (it loads completions from
# every $XDG_DATA_DIRS/bash-completion/completions, /usr/local/share's
# too): /usr/share/bash-completion/completions for PREFIX=/usr
BASHCOMPDIR ?= $(strip $(or $(shell pkg-config \
	--define-variable=prefix=$(PREFIX) --define-variable=datadir=$(PREFIX)/share \
	--variable=completionsdir bash-completion 2>/dev/null), \
	$(PREFIX)/share/bash-completion/completions))
# SANITIZE=1 builds in a directory of its own: an object of one build is
# never taken for the other's (B= on the command line still decides)
B	:= $(if $(filter 1,$(SANITIZE)),build-san,build)
PKGS	:= libtraceevent libtracefs libdw libelf audit libbpf libzstd
BPF_CC	?= clang
BPFTOOL	?= bpftool

PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
ifeq ($(PKG_LIBS),)
$(warning pkg-config found none of $(PKGS): install them (see README))
endif

CFLAGS	?= -O2 -g
WARN	:= -Wall -Wextra -Wshadow -Wno-unused-parameter -Wmissing-prototypes
# tracer/ has a directory per stage of the pipeline (README's Layout)
TR_DIRS	:= tracer $(patsubst %/,%,$(sort $(dir $(wildcard tracer/*/*.[ch]))))
# -V says the libtraceevent it was built against when the loaded one
# does not say (it has no version call)
TEP_VERSION := $(shell pkg-config --modversion libtraceevent 2>/dev/null)
CPPFLAGS += -Idecoders $(addprefix -I,$(TR_DIRS)) -I$(B)/gen $(PKG_CFLAGS) \
	    -D_GNU_SOURCE -DETRACE_TEP_VERSION='"$(TEP_VERSION)"'
# x86-64 GCC copies or clears a struct of a few hundred bytes inline with
# rep movs/stos (struct sc_call, 424 bytes, is cleared at each traced
# call's entry and exit): ~17 ns on the machines measured, libc's
# memset/memcpy ~5 (a loop of 10,000,000).  Those go to libc; small ones
# stay inline moves either way.  Other compilers: their own choice.
STRING_OPS := -mmemcpy-strategy=libcall:-1:noalign \
	      -mmemset-strategy=libcall:-1:noalign
STRING_OPS := $(shell $(CC) $(STRING_OPS) -Werror -x c -c -o /dev/null \
		/dev/null 2>/dev/null && echo '$(STRING_OPS)')
ALL_CFLAGS = -std=gnu11 $(WARN) $(STRING_OPS) $(CFLAGS) -MMD -MP

ifeq ($(SANITIZE),1)
# any UBSan report aborts (as ASan's do), so a test sees it fail
CFLAGS	+= -fsanitize=address,undefined -fno-sanitize-recover=all \
	   -fno-omit-frame-pointer
LDFLAGS	+= -fsanitize=address,undefined
# leaks are checked; only the perf/BPF bookkeeping that etrace leaves on
# purpose to the child releasing it after exit is exempt (the file says why)
export ASAN_OPTIONS ?= detect_leaks=1
export UBSAN_OPTIONS ?= print_stacktrace=1
export LSAN_OPTIONS ?= suppressions=$(CURDIR)/tests/fuzz/lsan.supp:print_suppressions=0
# for tests that measure throughput (an ASan etrace needs ~4x the CPU)
export ETRACE_SANITIZED := 1
endif

XLAT_IN	:= $(sort $(wildcard decoders/xlat/*.in))
XLAT_C	:= $(patsubst decoders/xlat/%.in,$(B)/gen/xlat/%.c,$(XLAT_IN))
GEN_C	:= $(B)/gen/sysent_gen.c $(XLAT_C)
GEN_H	:= $(B)/gen/xlat_sets.h
DEC_C	:= $(wildcard decoders/*.c)
TR_C	:= $(filter-out tracer/main.c %.bpf.c,$(wildcard $(addsuffix /*.c,$(TR_DIRS))))
BPF_C	:= $(wildcard $(addsuffix /*.bpf.c,$(TR_DIRS)))
BPF_H	:= $(wildcard $(addsuffix /*_abi.h,$(TR_DIRS)) $(addsuffix /*.bpf.h,$(TR_DIRS)))
BPF_O	:= $(patsubst %.bpf.c,$(B)/bpf/%.o,$(notdir $(BPF_C)))
BPF_SKEL := $(B)/gen/capture.skel.h
LIB_O	:= $(patsubst %.c,$(B)/%.o,$(DEC_C) $(TR_C)) \
	   $(patsubst $(B)/gen/%.c,$(B)/gen/%.o,$(GEN_C))

UNIT_C	:= $(wildcard tests/unit/*.c)
UNIT	:= $(patsubst tests/unit/%.c,$(B)/tests/unit/%,$(UNIT_C))
PROG_C	:= $(wildcard tests/progs/*.c)
PROGS	:= $(patsubst tests/progs/%.c,$(B)/tests/progs/%,$(PROG_C))

all: etrace

# ./etrace (what the tests run) is the binary of the build dir made last:
# a plain make after a SANITIZE=1 one in another B puts the plain binary
# back (renamed into place: a running ./etrace keeps its old text)
etrace: $(B)/etrace FORCE
	@cmp -s $< $@ || { cp $< $@.tmp && mv -f $@.tmp $@; }

$(B)/etrace: $(B)/tracer/main.o $(B)/libetrace.a
	$(CC) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(PKG_LIBS)

FORCE:

$(B)/libetrace.a: $(LIB_O)
	@rm -f $@
	$(AR) rcs $@ $^

$(B)/%.o: %.c $(GEN_H) $(BPF_SKEL)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -c -o $@ $<

$(B)/gen/%.o: $(B)/gen/%.c $(GEN_H)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -Wno-missing-prototypes -c -o $@ $<

# --- generated C ------------------------------------------------------

# BPF programs: one file per feature (*.bpf.c), compiled for the kernel's
# VM, linked into one object, embedded as one libbpf skeleton
vpath %.bpf.c $(TR_DIRS)
$(B)/bpf/%.o: %.bpf.c $(BPF_H)
	@mkdir -p $(dir $@)
	$(BPF_CC) -g -O2 -target bpf -D__TARGET_ARCH_x86 -Wall \
		$(addprefix -I,$(TR_DIRS)) \
		-I/usr/include/$(shell $(CC) -dumpmachine) -c -o $@ $<

# capture.o (the shared maps' definitions) first: libbpf 1.1's linker
# leaves an extern map at offset 0 when its definition comes later
$(B)/bpf/capture.bpf.o: $(BPF_O)
	$(BPFTOOL) gen object $@ $(B)/bpf/capture.o \
		$(filter-out $(B)/bpf/capture.o,$(BPF_O))

$(B)/gen/capture.skel.h: $(B)/bpf/capture.bpf.o
	@mkdir -p $(dir $@)
	$(BPFTOOL) gen skeleton $< name capture_bpf > $@.tmp && mv $@.tmp $@

$(B)/gen/xlat/%.c: decoders/xlat/%.in tools/xlatgen.sh
	@mkdir -p $(dir $@)
	sh tools/xlatgen.sh $< > $@.tmp && mv $@.tmp $@

$(GEN_H): $(XLAT_IN) Makefile
	@mkdir -p $(dir $@)
	{ echo '/* Generated by the Makefile: one extern per decoders/xlat/SET.in */'; \
	  echo '#include "xlat.h"'; \
	  for f in $(notdir $(basename $(XLAT_IN))); do \
		echo "extern const struct xlat xlat_$$f;"; done; } > $@.tmp
	mv $@.tmp $@

TBLGEN_C := tools/tblgen.c decoders/tbl.c decoders/vocab.c
$(B)/tools/tblgen: $(TBLGEN_C) $(wildcard decoders/*.def decoders/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) -o $@ $(TBLGEN_C)

$(B)/gen/sysent_gen.c: syscalls.tbl $(B)/tools/tblgen $(XLAT_IN)
	@mkdir -p $(dir $@)
	$(B)/tools/tblgen syscalls.tbl decoders/xlat > $@.tmp && mv $@.tmp $@

# --- tests ------------------------------------------------------------

$(B)/tests/unit/%: tests/unit/%.c $(B)/libetrace.a
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $< $(B)/libetrace.a $(PKG_LIBS)

# tracee programs: plain, so their syscalls are what the test expects
$(B)/tests/progs/%: tests/progs/%.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -Wall -pthread $(PROG_CFLAGS) -o $@ $<

# Python through Debian's shared libpython3.11 (python3.11-config on PATH
# may be another Python's: the paths are Debian's)
$(B)/tests/progs/pyembed: tests/progs/pyembed.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -Wall -I/usr/include/python3.11 -o $@ $< \
		-L/usr/lib/x86_64-linux-gnu -lpython3.11

# a program that says it is Python: its symbols exported, as python's are
$(B)/tests/progs/fakepython: tests/progs/fakepython.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -Wall -pthread -rdynamic -o $@ $<

$(B)/tests/progs/fakepython312: tests/progs/fakepython.c
	@mkdir -p $(dir $@)
	$(CC) -O1 -g -Wall -pthread -rdynamic -DFAKE_VERSION=0x030c00f0 -o $@ $<

PROGS	+= $(B)/tests/progs/fakepython312

# what the tests run (make mutants builds this in its copy of the tree)
check-build: etrace $(UNIT) $(PROGS)

# (first: no include cycles, tools/includes.py; files and functions a
# reader can hold, tools/sizes.py)
check: check-build
	python3 tools/includes.py
	python3 tools/sizes.py
	sh tests/run.sh $(B)/tests $(TESTS)

# make check 5 times beside another make -j2 build (issue 23's load test)
check-stress:
	sh tests/stress.sh $(STRESS_RUNS)

bench: etrace $(PROGS)
	sh bench/run.sh

# faults applied one at a time to a copy of the tree, each run against the
# tests (not in CI: an hour or more); MUTANTS_ARGS=--only NAME,... --no-full
mutants:
	python3 tools/mutants.py $(MUTANTS_ARGS)

# strace 6.1's test suite with etrace in strace's place (tests/strace-suite/):
# fetches Debian's strace source package, builds its test programs and runs
# each test with strace, then etrace.  STRACE_SUITE=ci: the part CI runs;
# STRACE_SUITE_ARGS: test names, -j N.
STRACE_SUITE ?=
STRACE_SUITE_ARGS ?= $(if $(filter ci,$(STRACE_SUITE)),-l tests/strace-suite/ci.list)
strace-suite: etrace
	sh tests/strace-suite/run.sh $(STRACE_SUITE_ARGS)

# Debian 12 packages: build (compiler, libraries, clang for BPF), tests
# (strace is the oracle, python3 parses the JSON, chromium draws the flame
# graph, libclang-rt has libFuzzer, valgrind checks a live trace, gawk
# beside mawk: CI runs the suite with each as awk; dpkg-dev for make
# strace-suite: apt-get source unpacks with dpkg-source), benchmarks
# (perf); the man page is checked with groff and man, the completion in
# bash with bash-completion, the Debian package built (debhelper) and
# checked (lintian).  As root directly, otherwise through sudo.  (The
# viewer the timeline's test opens, speedscope, is in tests/viewer/.)
DEB_PKGS := gcc make pkg-config libc6-dev libtraceevent-dev libtracefs-dev \
	    libdw-dev libelf-dev libaudit-dev libbpf-dev libzstd-dev bpftool clang \
	    strace procps python3 python3.11 libpython3.11-dev \
	    chromium fonts-dejavu-core \
	    libclang-rt-14-dev valgrind gawk mawk \
	    groff-base man-db bash bash-completion \
	    build-essential debhelper dpkg-dev lintian
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
deps:
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update -q
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $(DEB_PKGS)

bench-deps:
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends linux-perf

install: etrace
	install -D -m 0755 etrace $(DESTDIR)$(BINDIR)/etrace
	install -D -m 0644 etrace.1 $(DESTDIR)$(MANDIR)/man1/etrace.1
	install -D -m 0644 completion/etrace $(DESTDIR)$(BASHCOMPDIR)/etrace

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/etrace $(DESTDIR)$(MANDIR)/man1/etrace.1 \
	      $(DESTDIR)$(BASHCOMPDIR)/etrace

# dpkg-buildpackage cleans the tree it builds in and writes the package
# to its parent: it builds a copy, in build/deb/src
deb:
	rm -rf $(B)/deb
	mkdir -p $(B)/deb/src
	tar -c --exclude=./.git --exclude=./$(B) --exclude=./etrace . | \
		tar -x -C $(B)/deb/src
	cd $(B)/deb/src && dpkg-buildpackage -us -uc -b

clean:
	rm -rf $(B) build build-san etrace

.PHONY: FORCE all check check-build check-stress bench mutants strace-suite install uninstall deb clean deps bench-deps
.SECONDARY:

-include tests/fuzz/fuzz.mk
-include $(shell find $(B) -name '*.d' 2>/dev/null)
