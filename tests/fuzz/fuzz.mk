# SPDX-License-Identifier: GPL-2.0-or-later
# libFuzzer targets (tests/fuzz/fuzz_*.c), included at the end of the main
# Makefile, whose variables (CPPFLAGS, PKG_LIBS, DEC_C, TR_C, GEN_C, ...)
# it uses.
#
#   make fuzz-build              build every target into build/fuzz/
#   make fuzz [FUZZ_TIME=600]    build, run each for FUZZ_TIME seconds from
#                                its kept corpus (tests/fuzz/corpus/NAME/),
#                                then merge what it found into that corpus,
#                                minimized (commit the change)
#   make fuzz-merge              only the merge: the kept corpus and the
#                                finds of earlier runs, minimized
#   make fuzz-ci                 build, then run each target's kept corpus
#                                and fuzz for the rest of FUZZ_CI_TIME, with
#                                libFuzzer's seed fixed (FUZZ_CI_SEED)
#   make fuzz FUZZ_TARGETS=record,json     only these
#
# The library is compiled again, apart from the normal build: clang with
# coverage for libFuzzer, AddressSanitizer and UndefinedBehaviorSanitizer
# (any report aborts).  A crash, a sanitizer report, a leak, an input that
# runs longer than 10 s or a broken assertion in a target fails the run;
# the input that did it is kept in build/fuzz/artifacts/ (tests/fuzz/run.sh).

FUZZ_CC		?= clang
FUZZ_TIME	?= 600
FUZZ_CI_TIME	?= 25
# CI's runs repeat: the same mutations as a longer local run with this seed
FUZZ_CI_SEED	?= 1
FUZZ_JOBS	?= $(shell nproc 2>/dev/null || echo 1)
FUZZ_TARGETS	?=
FB		:= $(B)/fuzz
FUZZ_SAN	:= -fsanitize=address,undefined -fno-sanitize-recover=all \
		   -fno-omit-frame-pointer
FUZZ_CFLAGS	:= -std=gnu11 -g -O1 $(FUZZ_SAN) -Wall -Wno-unused-parameter \
		   -MMD -MP
FUZZ_LIB_O	:= $(patsubst %.c,$(FB)/obj/%.o,$(DEC_C) $(TR_C)) \
		   $(patsubst $(B)/gen/%.c,$(FB)/obj/gen/%.o,$(GEN_C))
FUZZ_C		:= $(wildcard tests/fuzz/fuzz_*.c)
FUZZ_BIN	:= $(patsubst tests/fuzz/%.c,$(FB)/%,$(FUZZ_C))

$(FB)/obj/%.o: %.c $(GEN_H) $(BPF_SKEL)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FB)/obj/gen/%.o: $(B)/gen/%.c $(GEN_H)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

$(FB)/libetrace.a: $(FUZZ_LIB_O)
	@rm -f $@
	$(AR) rcs $@ $^

$(FB)/fuzz_%: tests/fuzz/fuzz_%.c $(wildcard tests/fuzz/*.h) $(FB)/libetrace.a
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(CPPFLAGS) -Itests/fuzz $(FUZZ_CFLAGS) -fsanitize=fuzzer \
		-o $@ $< $(FB)/libetrace.a $(PKG_LIBS)

fuzz-build: $(FUZZ_BIN)

fuzz: fuzz-build
	FUZZ_MERGE=1 FUZZ_JOBS=$(FUZZ_JOBS) sh tests/fuzz/run.sh $(FB) $(FUZZ_TIME) $(FUZZ_TARGETS)

fuzz-merge: fuzz-build
	FUZZ_MERGE=1 FUZZ_JOBS=$(FUZZ_JOBS) sh tests/fuzz/run.sh $(FB) 0 $(FUZZ_TARGETS)

fuzz-ci: fuzz-build
	FUZZ_SEED=$(FUZZ_CI_SEED) FUZZ_JOBS=$(FUZZ_JOBS) sh tests/fuzz/run.sh $(FB) $(FUZZ_CI_TIME) $(FUZZ_TARGETS)

.PHONY: fuzz fuzz-build fuzz-ci fuzz-merge
