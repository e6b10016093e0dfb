#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs the libFuzzer targets built by `make fuzz-build`:
#   tests/fuzz/run.sh FUZZ_BUILD_DIR SECONDS [TARGET[,TARGET...]]
# Each target starts from its checked-in seeds (tests/fuzz/corpus/NAME/)
# plus what earlier runs found (FUZZ_BUILD_DIR/corpus/NAME/, not checked
# in) and runs for SECONDS; FUZZ_JOBS targets at a time (default: the
# number of CPUs).  Every seed is run first, so a seed that fails fails.
# A crash, sanitizer report, leak, an input slower than 10 s, or more than
# 2 GB of memory fails the target; its log is FUZZ_BUILD_DIR/logs/NAME.log
# and the input is kept in FUZZ_BUILD_DIR/artifacts/.  FUZZ_SEED=N fixes
# libFuzzer's random seed (make fuzz-ci does), so that a run repeats the
# same mutations in the same order as far as the time allows.  Reproduce with
#   FUZZ_BUILD_DIR/fuzz_NAME FUZZ_BUILD_DIR/artifacts/NAME-crash-...
set -u
FB=${1:?usage: run.sh FUZZ_BUILD_DIR SECONDS [TARGETS]}
SECS=${2:?usage: run.sh FUZZ_BUILD_DIR SECONDS [TARGETS]}
ONLY=$(echo "${3:-}" | tr ',' ' ')
JOBS=${FUZZ_JOBS:-$(nproc 2>/dev/null || echo 1)}
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

run_one() {	# name: runs in the background, leaves FB/status/NAME
	name=$1
	seeds="$top/tests/fuzz/corpus/$name"
	work="$FB/corpus/$name"
	mkdir -p "$work"
	dict="" seed=""
	[ -n "${FUZZ_SEED:-}" ] && seed="-seed=$FUZZ_SEED"
	[ -f "$top/tests/fuzz/$name.dict" ] && dict="-dict=$top/tests/fuzz/$name.dict"
	start=$(date +%s)
	# the sanitizers' options for the targets (libFuzzer sets its own
	# exit codes); leaks are checked (libFuzzer's -detect_leaks=1)
	ASAN_OPTIONS=${ASAN_OPTIONS:-abort_on_error=0:detect_leaks=1} \
	UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
	"$FB/fuzz_$name" -max_total_time="$SECS" -timeout=10 $seed \
		-rss_limit_mb=2048 -print_final_stats=1 $dict \
		-artifact_prefix="$FB/artifacts/$name-" \
		"$work" $([ -d "$seeds" ] && echo "$seeds") \
		> "$FB/logs/$name.log" 2>&1
	rc=$?
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

pass=0 fail=0 failed=""
for name in $targets; do
	set -- $(cat "$FB/status/$name" 2>/dev/null || echo "255 0")
	rc=$1 secs=$2
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$FB/logs/$name.log" | tail -n 1)
	if [ "$rc" = 0 ]; then
		pass=$((pass + 1))
		echo "PASS  fuzz/$name (${secs}s, ${execs:-?} runs)"
	else
		fail=$((fail + 1)); failed="$failed $name"
		echo "FAIL  fuzz/$name (exit $rc, ${secs}s; log $FB/logs/$name.log)"
		grep -E 'ERROR|runtime error|assertion failed|SUMMARY|Test unit written|timeout' \
			"$FB/logs/$name.log" | head -n 12 | sed 's/^/      /'
	fi
done
echo "fuzz: $pass passed, $fail failed"
[ $fail = 0 ] || { echo "failed:$failed"; exit 1; }
