# SPDX-License-Identifier: GPL-2.0-or-later
# A process traced with -p and killed by a signal whose default action
# kills (SIGTERM, sent by this untraced shell while the process sleeps):
# the kernel ends it as the signal is sent, never delivering it, and
# strace -p still shows "--- SIGTERM {...} ---" then "+++ killed by
# SIGTERM +++" on it.  etrace -p must print the same, whole trace with
# -e trace=none, and the same signal and exit lines with every call
# traced (their calls differ: strace's attach restarts the sleep).
# Waits on events: strace's "attached" line, etrace's --ready-fd, the
# tracers' ends.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

v=""
kill_at_exit ep v

# the signal and exit lines of a trace, the pid prefix cut
marks() { strip_pid "$1" | grep -E '^(---|\+\+\+) '; }

n=0
for expr in trace=none trace=all; do
	n=$((n + 1))
	sleep 1000 &
	v=$!
	strace -p "$v" -e "$expr" -o s.$n 2> s.err.$n &
	sp=$!
	wait_until 60 grep -q attached s.err.$n ||
		fail "strace -p did not attach: $(cat s.err.$n)"
	kill -TERM "$v"
	wait $sp
	wait $v 2>/dev/null
	v=""

	sleep 1000 &
	v=$!
	etrace_bg /dev/null e.err.$n -p "$v" -e "$expr" -o e.$n
	kill -TERM "$v"
	wait_gone "$ep" 60 || fail "etrace -p still running 60 s after its process died"
	wait "$ep"
	ep=""
	wait $v 2>/dev/null
	v=""

	grep -q '^--- SIGTERM' s.$n || soft_fail "strace -p -e $expr: no SIGTERM line"
	if [ $expr = trace=none ]; then
		strip_pid s.$n > s.$n.m
		strip_pid e.$n > e.$n.m
		soft_same s.$n.m e.$n.m "-p -e $expr: the whole trace (strace vs etrace)"
	else
		marks s.$n > s.$n.m
		marks e.$n > e.$n.m
		soft_same s.$n.m e.$n.m "-p -e $expr: signal and exit lines (strace vs etrace)"
	fi
done
finish
