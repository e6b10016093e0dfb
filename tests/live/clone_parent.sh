# SPDX-License-Identifier: GPL-2.0-or-later
# A command whose child is made with clone(CLONE_PARENT): the child is
# etrace's.  etrace reaps it (strace: "Exit of unknown pid ignored"), so
# the command, waiting for it to vanish, ends; before, etrace never
# reaped it and the trace never ended.  Also with the exit signal 0
# (no SIGCHLD comes), and with -f, where the child's own end is traced.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

check() {	# trace-file exit-signal [etrace args]
	o=$1 sig=$2
	shift 2
	# shellcheck disable=SC2086
	timeout -k 5 60 "$ETRACE" -q "$@" -o "$o" -- "$PROGS/clone_parent" \
		$sig > out 2> err
	rc=$?
	[ $rc = 0 ] || { cat err >&2; fail "$o: exit $rc, want 0 (124: hung)"; }
	read -r word kid < out
	[ "$word" = gone ] || fail "$o: clone_parent printed '$(cat out)'"
	grep -qE '^([0-9]+ +)?clone\(child_stack=0x[0-9a-f]+, flags=CLONE_PARENT(\|SIGCHLD)?\) = '"$kid"'$' "$o" ||
		{ cat "$o" >&2; fail "$o: no clone line returning $kid"; }
}
check t1 ""
check t2 0
check t3 "" -f
grep -qE "^$kid +\+\+\+ exited with 0 \+\+\+\$" t3 ||
	{ cat t3 >&2; fail "-f: the CLONE_PARENT child's exit is not in the trace"; }
exit 0
