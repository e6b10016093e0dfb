#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make check under load: the whole suite N times in a row (default 5)
# while another `make -j2` build of a copy of this tree runs beside it,
# over and over (make clean, make -j2), as a developer's or CI's machine
# does.  Each run's result and its minutes are printed, then one line:
#
#   stress: N of N runs passed; the slowest took M min (at most 15 wanted)
#
# Exit status 0 when every run passed in 15 minutes or less (issue 23).
#   sh tests/stress.sh [N]
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
n=${1:-5}
copy=$(mktemp -d /tmp/etrace-stress.XXXXXX)
log=$top/build/stress
mkdir -p "$log"
trap 'kill $loop 2> /dev/null; wait $loop 2> /dev/null; rm -rf "$copy"' EXIT INT TERM

# the copy: the tracked files as they are now (a build of its own); tar
# reads the list itself (xargs would split it over several tars, whose
# concatenated archives the reader stops at the first of)
(cd "$top" && git ls-files -z | tar --null -T - -cf -) | (cd "$copy" && tar xf -) ||
	{ echo "stress: cannot copy the tree" >&2; exit 1; }
# the load must be a real build: the copy builds once before the runs
make -C "$copy" -s -j2 > "$log/beside.log" 2>&1 ||
	{ echo "stress: the copy does not build (see $log/beside.log)" >&2; exit 1; }
(
	while :; do
		make -C "$copy" -s clean > /dev/null 2>&1
		make -C "$copy" -s -j2 > /dev/null 2>&1
	done
) &
loop=$!

pass=0 worst=0
for i in $(seq 1 "$n"); do
	t0=$(date +%s)
	if make -C "$top" check > "$log/run$i.log" 2>&1; then
		r=PASS
		pass=$((pass + 1))
	else
		r=FAIL
	fi
	s=$(( $(date +%s) - t0 ))
	[ $s -gt $worst ] && worst=$s
	echo "stress: run $i: $r in $((s / 60)) min $((s % 60)) s" \
		"($(grep -E '^[0-9]+ passed, ' "$log/run$i.log" | tail -n 1))"
	grep '^FAIL' "$log/run$i.log" | sed 's/^/stress:   /'
done
echo "stress: $pass of $n runs passed; the slowest took" \
	"$((worst / 60)) min $((worst % 60)) s (at most 15 wanted)"
[ $pass = "$n" ] && [ $worst -le 900 ]
