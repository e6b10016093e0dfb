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

# Start etrace in the background and return once it traces: it says so
# on its --ready-fd (every event enabled), so the test's workload starts
# then, never after a guessed sleep.  Sets $ep to etrace's pid; fails,
# with etrace's stderr, if etrace ends without saying it is ready.
etrace_bg() {	# stdout-file stderr-file etrace-args...
	_eb_o=$1 _eb_e=$2
	shift 2
	rm -f "$WORK/.ready"
	mkfifo "$WORK/.ready" || fail "mkfifo $WORK/.ready"
	"$ETRACE" --ready-fd 9 "$@" 9> "$WORK/.ready" > "$_eb_o" 2> "$_eb_e" &
	ep=$!
	read -r _eb_r < "$WORK/.ready" || _eb_r=""
	rm -f "$WORK/.ready"
	[ "$_eb_r" = ready ] ||
		{ cat "$_eb_e" >&2; fail "etrace $* ended before it traced"; }
}

# Wait for an event that shows in the file system or /proc (a line in a
# trace, a process state): poll CMD until it succeeds.  SECONDS bounds
# only a failure, generously: a loaded machine is slow, not wrong.
wait_until() {	# seconds cmd args...
	_wu_n=$(( $1 * 50 ))
	shift
	while ! "$@"; do
		_wu_n=$((_wu_n - 1))
		[ $_wu_n -gt 0 ] || return 1
		sleep 0.02
	done
	return 0
}

# Succeeds while task PID is blocked in syscall number NR (x86_64).
in_syscall() {	# pid nr
	case $(cat "/proc/$1/syscall" 2>/dev/null) in
	"$2 "*) return 0 ;;
	esac
	return 1
}

# Wait until every child that etrace started to release its kernel
# objects (said in LOG, by default $ETRACE_TEARDOWN_LOG, which
# tests/run.sh sets) has ended, then fail unless each said it was done.
# After it, what they wrote (valgrind's logs) is whole.
teardown_running() {	# log
	for _k in $(awk '$NF == "started" { print $5 }' "$1"); do
		case $(awk '{sub(/^.*\) /, ""); print $1}' "/proc/$_k/stat" 2>/dev/null) in
		Z|X|"") ;;
		*) return 0 ;;
		esac
	done
	return 1
}
teardown_wait() {	# [log]
	_tl=${1:-${ETRACE_TEARDOWN_LOG:-}}
	[ -n "$_tl" ] || fail "ETRACE_TEARDOWN_LOG is not set (run the test with tests/run.sh)"
	[ -f "$_tl" ] || return 0
	wait_until 120 eval '! teardown_running "$_tl"' ||
		fail "etrace's teardown children did not end: $(cat "$_tl")"
	for _k in $(awk '$NF == "started" { print $5 }' "$_tl"); do
		grep -q "child $_k done\$" "$_tl" ||
			fail "etrace's teardown child $_k ended without saying done"
	done
}

# Every frame of the stacks etrace printed in FILE... is one it proved:
# in a file mapping (not [unknown], not a bare address outside every
# mapping) and not on a data symbol (tests/frames_proved.py says how it
# reads -k, --spawns, -c -k and JSON stacks).  --anon first: frames in
# anonymous memory are expected (a JIT's).  Fails, naming each bad frame.
frames_proved() {	# [--anon] file...
	python3 "$TOP/tests/frames_proved.py" "$@" >&2 ||
		fail "a stack has a frame etrace did not prove (above)"
}
