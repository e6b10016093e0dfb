#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Runs every test: build/tests/unit/* (no privileges) and tests/live/*.sh
# (real tracing).  Exit 77 from a test means skipped; as root (CI) a skip
# is a failure, since live tests can and must run there.
#   tests/run.sh BUILD_TESTS_DIR [NAME_PATTERN]
# Logs of each test: BUILD_TESTS_DIR/logs/NAME.log, and its work directory
# (expected/actual output) BUILD_TESTS_DIR/work/NAME/.
set -u
B=${1:-build/tests}
PAT=${2:-${TESTS:-}}
top=$(cd "$(dirname "$0")/.." && pwd)
export ETRACE="$top/etrace" PROGS="$top/$B/progs" TOP="$top"
mkdir -p "$B/logs" "$B/work"
pass=0 fail=0 skip=0 failed=""
root=0; [ "$(id -u)" = 0 ] && root=1

run_one() {	# name, command...
	name=$1; shift
	case "$name" in *"$PAT"*) ;; *) return ;; esac
	work="$top/$B/work/$name"
	rm -rf "$work"; mkdir -p "$work" "$(dirname "$B/logs/$name.log")"
	start=$(date +%s)
	(cd "$work" && WORK="$work" timeout -k 10 600 "$@") \
		> "$B/logs/$name.log" 2>&1
	rc=$?
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
