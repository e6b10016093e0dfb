# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on the signal family:
# tests/progs/fam_signals.c and fam_signals_edge.c (every flag, bad
# signals, NULL and bad pointers), fam_signals_ignored.c (signals the
# process ignores: dropped as they are sent, shown by strace) and
# fam_signals_fatal.c (a fatal signal sent by another traced task) under
# strace -f and etrace -f must print the same trace, line for line
# within each task, signal and exit lines included, and exit the same;
# what differs today is listed, with its reason and the issue that
# removes it, in tests/oracle/known-differences.  Then the signal-only
# views: fam_signals_fatal with SIGKILL, and with -e trace=none (both
# signals), fam_signals_ignored with -e trace=none: each line on the task
# that receives it, the killed lines there.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family signals

n=0
oracle_run() {	# -e EXPR|"" args...
	_or_e=$1
	shift
	n=$((n + 1))
	echo "== $* ${_or_e:+(-e $_or_e)}"
	if [ -n "$_or_e" ]; then
		sh "$TOP/tests/parity.sh" -c -w "$WORK/run.$n" -e "$_or_e" \
			-n "$(basename "$1")" -- "$@"
	else
		sh "$TOP/tests/parity.sh" -c -w "$WORK/run.$n" \
			-n "$(basename "$1")" -- "$@"
	fi || soft_fail "$* ${_or_e:+(-e $_or_e)}: etrace's trace is not strace's"
}
oracle_run "" "$PROGS/fam_signals_fatal" kill
oracle_run trace=none "$PROGS/fam_signals_fatal"
oracle_run trace=none "$PROGS/fam_signals_fatal" kill
oracle_run trace=none "$PROGS/fam_signals_ignored"
finish
