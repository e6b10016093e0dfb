#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs the libFuzzer targets built by `make fuzz-build`:
#   tests/fuzz/run.sh FUZZ_BUILD_DIR SECONDS [TARGET[,TARGET...]]
#
# Each target first runs every input of its corpus, kept in the
# repository (tests/fuzz/corpus/NAME/), then fuzzes for the rest of
# SECONDS from it; what it finds that reaches new code goes to
# FUZZ_BUILD_DIR/corpus/NAME/ (not checked in).  FUZZ_JOBS targets at a
# time (default: the number of CPUs).
#
# FUZZ_MERGE=1 (make fuzz, make fuzz-merge) then grows the kept corpus:
# libFuzzer's -merge=1 takes, smallest first, each input of the kept
# corpus and of the new finds that reaches code the ones before it did
# not, and that minimal set replaces tests/fuzz/corpus/NAME/.  Inputs
# named bug-* (regression inputs of fixed bugs) are always kept.  With
# SECONDS 0 it only merges and minimizes.
#
# A crash, sanitizer report, leak, broken assertion, an input slower than
# 10 s, or more than 2 GB of memory fails the target; its log is
# FUZZ_BUILD_DIR/logs/NAME.log and the input is kept in
# FUZZ_BUILD_DIR/artifacts/.  FUZZ_SEED=N fixes libFuzzer's random seed
# (make fuzz-ci does), so that a run repeats the same mutations in the
# same order as far as the time allows.  Reproduce with
#   FUZZ_BUILD_DIR/fuzz_NAME FUZZ_BUILD_DIR/artifacts/NAME-crash-...
# and once fixed, keep the input as tests/fuzz/corpus/NAME/bug-WHAT.
set -u
FB=${1:?usage: run.sh FUZZ_BUILD_DIR SECONDS [TARGETS]}
SECS=${2:?usage: run.sh FUZZ_BUILD_DIR SECONDS [TARGETS]}
ONLY=$(echo "${3:-}" | tr ',' ' ')
JOBS=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
MERGE=${FUZZ_MERGE:-0}
top=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$FB/logs" "$FB/artifacts" "$FB/corpus" "$FB/status"

targets=""
for bin in "$FB"/fuzz_*; do
	[ -x "$bin" ] || continue
	name=${bin##*/fuzz_}
	if [ -n "$ONLY" ]; then
		case " $ONLY " in *" $name "*) ;; *) continue ;; esac
	fi
	targets="$targets $name"
done
[ -n "$targets" ] || { echo "fuzz: no targets in $FB (make fuzz-build)"; exit 1; }

# the sanitizers' options for the targets (libFuzzer sets its own exit
# codes); leaks are checked (libFuzzer's -detect_leaks=1)
ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1}
UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export ASAN_OPTIONS UBSAN_OPTIONS

# the kept corpus and the new finds of NAME, minimized, into the kept one
merge_one() {
	name=$1
	kept="$top/tests/fuzz/corpus/$name"
	new="$FB/merge/$name"
	rm -rf "$new"
	mkdir -p "$new" "$kept"
	"$FB/fuzz_$name" -merge=1 -timeout=10 -rss_limit_mb=2048 \
		-artifact_prefix="$FB/artifacts/$name-" \
		"$new" "$kept" "$FB/corpus/$name" >> "$FB/logs/$name.log" 2>&1 ||
		return 1
	# (a bug-* input the merge kept too is there once, by its name)
	for f in "$kept"/bug-*; do
		[ -f "$f" ] || continue
		cp "$f" "$new/"
		rm -f "$new/$(sha1sum < "$f" | cut -d' ' -f1)"
	done
	rm -rf "$kept"
	mv "$new" "$kept"
}

run_one() {	# name: runs in the background, leaves FB/status/NAME
	name=$1
	seeds="$top/tests/fuzz/corpus/$name"
	work="$FB/corpus/$name"
	mkdir -p "$work"
	dict="" seed=""
	[ -n "${FUZZ_SEED:-}" ] && seed="-seed=$FUZZ_SEED"
	[ -f "$top/tests/fuzz/$name.dict" ] && dict="-dict=$top/tests/fuzz/$name.dict"
	start=$(date +%s)
	: > "$FB/logs/$name.log"
	rc=0
	if [ "$SECS" -gt 0 ]; then
		"$FB/fuzz_$name" -max_total_time="$SECS" -timeout=10 $seed \
			-rss_limit_mb=2048 -print_final_stats=1 $dict \
			-artifact_prefix="$FB/artifacts/$name-" \
			"$work" $([ -d "$seeds" ] && echo "$seeds") \
			> "$FB/logs/$name.log" 2>&1
		rc=$?
	fi
	if [ $rc = 0 ] && [ "$MERGE" = 1 ]; then
		merge_one "$name" || rc=$?
	fi
	echo "$rc $(( $(date +%s) - start ))" > "$FB/status/$name"
}

rm -f "$FB"/status/*
started=0
for name in $targets; do
	# at most JOBS at a time: started minus finished (status files)
	while [ $((started - $(ls "$FB/status" | wc -l))) -ge "$JOBS" ]; do
		sleep 1
	done
	echo "fuzz: $name for ${SECS}s"
	run_one "$name" &
	started=$((started + 1))
done
wait

final_stat() {	# the last value of libFuzzer's final stat $1 in NAME's log
	sed -n "s/^stat::$1: *//p" "$FB/logs/$name.log" | tail -n 1
}

pass=0 fail=0 failed=""
for name in $targets; do
	set -- $(cat "$FB/status/$name" 2>/dev/null || echo "255 0")
	rc=$1 secs=$2
	kept="$top/tests/fuzz/corpus/$name"
	corpus="$(ls "$kept" 2>/dev/null | wc -l) kept inputs, $(cat "$kept"/* 2>/dev/null | wc -c) bytes"
	if [ "$rc" = 0 ]; then
		pass=$((pass + 1))
		runs=""
		[ "$SECS" -gt 0 ] && runs="$(final_stat number_of_executed_units) runs, $(final_stat average_exec_per_sec)/s; "
		echo "PASS  fuzz/$name (${secs}s, $runs$corpus)"
	else
		fail=$((fail + 1)); failed="$failed $name"
		echo "FAIL  fuzz/$name (exit $rc, ${secs}s; log $FB/logs/$name.log)"
		grep -E 'ERROR|runtime error|assertion failed|SUMMARY|Test unit written|timeout' \
			"$FB/logs/$name.log" | head -n 12 | sed 's/^/      /'
	fi
done
echo "fuzz: $pass passed, $fail failed"
[ $fail = 0 ] || { echo "failed:$failed"; exit 1; }
