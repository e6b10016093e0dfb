#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Shrink tests/oracle/known-differences after a fix: every entry the
# oracle reported as "no longer seen" in the given test logs is removed,
# and every one "listed xN, seen xM" with M < N gets xM.  Nothing is
# added and no count grows: a new difference needs its reason and issue,
# written by hand (the oracle prints it in the file's format).
#
#   sh tests/oracle/prune.sh [LOG...]
#
# Default logs: build/tests/logs/live/parity_*.log (make check
# TESTS=parity_ writes them).  Run it from the top of the tree, then
# the tests again: they must pass.
set -u
here=$(cd "$(dirname "$0")" && pwd)
known="$here/known-differences"
[ $# -gt 0 ] || set -- build/tests/logs/live/parity_*.log
for f in "$@"; do
	[ -r "$f" ] || { echo "prune.sh: cannot read $f" >&2; exit 2; }
done
tmp="$known.tmp.$$"
${AWK:-awk} -f "$here/prune.awk" -v known="$known" "$@" > "$tmp" || {
	rm -f "$tmp"
	exit 1
}
if cmp -s "$tmp" "$known"; then
	rm -f "$tmp"
	echo "prune.sh: nothing to remove"
else
	mv "$tmp" "$known"
	echo "prune.sh: $(grep -c '^[^# ]' "$known") entries left"
fi
