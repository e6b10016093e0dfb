# SPDX-License-Identifier: GPL-2.0-or-later
# Helpers for live tests (sourced).  A test runs in its own empty work
# directory ($WORK) with $ETRACE (the binary) and $PROGS (tracee programs).
set -u

fail() { echo "FAIL: $*" >&2; exit 1; }
skip() { echo "skipped: $*"; exit 77; }

need_root() {
	[ "$(id -u)" = 0 ] || skip "needs root (perf tracepoints)"
	command -v strace >/dev/null || skip "needs strace as the oracle"
}

# Per-syscall line counts of a strace-format trace: "name count" sorted.
# Continuation lines (<... resumed>) and +++/--- lines are not calls.
sc_counts() {
	sed -E 's/^\[pid +[0-9]+\] //; s/^[0-9]+ +//' "$1" |
	grep -E '^[a-z_0-9]+\(' | sed -E 's/\(.*//' | sort | uniq -c |
	awk '{print $2, $1}'
}

# Assert two files are equal, keeping both for the log.
same() {	# expected actual what
	if ! cmp -s "$1" "$2"; then
		echo "--- $3: expected ($1) vs actual ($2):" >&2
		diff -u "$1" "$2" | head -60 >&2
		fail "$3 differ"
	fi
}

# The exact text after the pid prefix, for matching whole lines.
strip_pid() { sed -E 's/^\[pid +[0-9]+\] //; s/^[0-9]+ +//' "$@"; }
