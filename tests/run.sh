#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs every test: build/tests/unit/* (no privileges) and tests/live/*.sh
# (real tracing).  Exit 77 from a test means skipped; as root (CI) a skip
# is a failure, since live tests can and must run there.
#   tests/run.sh BUILD_TESTS_DIR [NAME_PATTERN]
# Logs of each test: BUILD_TESTS_DIR/logs/NAME.log, and its work directory
# (expected/actual output) BUILD_TESTS_DIR/work/NAME/.
#
# What a test cannot see is judged here too, after it ends:
#  - every etrace it ran leaves a child that releases the kernel objects
#    after etrace exits (tracer/trace.c); each says in NAME.teardown when
#    it starts and when it is done (ETRACE_TEARDOWN_LOG).  The harness
#    waits for each, and a child that never says done (a crash, a
#    sanitizer or leak report), or that kept etrace's stdio open (said
#    when done), fails the test;
#  - sanitizer reports of any process (etrace, its children, unit tests)
#    go to NAME.sanitizer.PID (ASAN_OPTIONS/UBSAN_OPTIONS log_path): any
#    such file fails the test, whatever the test itself concluded.
set -u
B=${1:-build/tests}
PAT=${2:-${TESTS:-}}
top=$(cd "$(dirname "$0")/.." && pwd)
export ETRACE="$top/etrace" PROGS="$top/$B/progs" TOP="$top"
mkdir -p "$B/logs" "$B/work"
pass=0 fail=0 skip=0 failed=""
root=0; [ "$(id -u)" = 0 ] && root=1

# the teardown children of LOG started and not done: "PID" lines
teardown_pending() {	# log
	[ -f "$1" ] || return 0
	awk '$NF == "started" { s[$5] = 1 } $NF == "done" { delete s[$5] }
	     END { for (k in s) print k }' "$1"
}
# any of them still running (a zombie is not)
teardown_running() {	# log
	for k in $(teardown_pending "$1"); do
		case $(awk '{sub(/^.*\) /, ""); print $1}' "/proc/$k/stat" 2>/dev/null) in
		Z|X|"") ;;
		*) return 0 ;;
		esac
	done
	return 1
}
# wait for the test's teardown children (up to 120 s), then add to its
# log what they and the sanitizers said; returns 1 if that fails it
after_test() {	# name
	_td="$top/$B/logs/$1.teardown"
	_n=6000
	while teardown_running "$_td" && [ $_n -gt 0 ]; do
		sleep 0.02
		_n=$((_n - 1))
	done
	_bad=0
	for k in $(teardown_pending "$_td"); do
		echo "FAIL: etrace's teardown child $k never said done" \
			"(crashed, or a sanitizer stopped it: see above)"
		_bad=1
	done
	# ... and none kept etrace's stdio (a pipe's reader would wait for it)
	if [ -f "$_td" ] && awk '$6 == "stdio" { for (i = 7; i <= 9; i++)
			if ($i != "/dev/null") bad = 1 } END { exit !bad }' "$_td"
	then
		echo "FAIL: etrace's teardown child kept etrace's stdio:"
		grep ' stdio ' "$_td"
		_bad=1
	fi
	for f in "$top/$B/logs/$1".sanitizer.*; do
		[ -f "$f" ] || continue
		echo "--- sanitizer report $f:"
		cat "$f"
		echo "FAIL: a sanitizer reported an error ($f)"
		_bad=1
	done
	return $_bad
}

run_one() {	# name, command...
	name=$1; shift
	case "$name" in *"$PAT"*) ;; *) return ;; esac
	work="$top/$B/work/$name"
	rm -rf "$work"; mkdir -p "$work" "$(dirname "$B/logs/$name.log")"
	rm -f "$top/$B/logs/$name.teardown" "$top/$B/logs/$name".sanitizer.*
	start=$(date +%s)
	(cd "$work" && WORK="$work" \
		ETRACE_TEARDOWN_LOG="$top/$B/logs/$name.teardown" \
		ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}log_path=$top/$B/logs/$name.sanitizer" \
		UBSAN_OPTIONS="${UBSAN_OPTIONS:+$UBSAN_OPTIONS:}log_path=$top/$B/logs/$name.sanitizer" \
		timeout -k 10 600 "$@") \
		> "$B/logs/$name.log" 2>&1
	rc=$?
	if ! after_test "$name" >> "$B/logs/$name.log" 2>&1; then
		case $rc in 0|77) rc=1 ;; esac
	fi
	secs=$(( $(date +%s) - start ))
	if [ $rc = 0 ]; then
		pass=$((pass + 1)); echo "PASS  $name (${secs}s)"
	elif [ $rc = 77 ] && [ $root = 0 ]; then
		skip=$((skip + 1)); echo "SKIP  $name: $(tail -n 1 "$B/logs/$name.log")"
	else
		fail=$((fail + 1)); failed="$failed $name"
		echo "FAIL  $name (exit $rc, ${secs}s; log $B/logs/$name.log)"
		tail -n 15 "$B/logs/$name.log" | sed 's/^/      /'
	fi
}

for t in "$B"/unit/*; do
	[ -x "$t" ] || continue
	run_one "unit/$(basename "$t")" "$top/$t"
done
for t in "$top"/tests/live/*.sh; do
	[ -f "$t" ] || continue
	run_one "live/$(basename "$t" .sh)" sh "$t"
done
echo "$pass passed, $fail failed, $skip skipped"
[ $fail = 0 ] || { echo "failed:$failed"; exit 1; }
