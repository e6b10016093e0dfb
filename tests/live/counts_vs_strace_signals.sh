# SPDX-License-Identifier: GPL-2.0-or-later
# signals (rt_sigaction, raise -> handler -> rt_sigreturn, a blocked
# pending SIGUSR2 released by rt_sigprocmask, rt_sigpending, kill(pid, 0),
# kill of a missing pid (ESRCH), sigaltstack, alarm(100) then alarm(0) =
# 100, tgkill) under strace -f and etrace -f: the same syscalls the same
# number of times (rt_sigreturn 3 times: once per handler run), the same
# return values (those that are not pids), and the same numeric-only lines.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

trace_both -- "$PROGS/signals"
[ "$s_rc" = 0 ] || { cat s.err >&2; fail "signals under strace exited $s_rc"; }
[ "$e_rc" = 0 ] || { cat e.err >&2; fail "etrace exited $e_rc (signals exits 0)"; }
same_counts
grep -qx 'rt_sigreturn 3' e.counts || fail "want 3 rt_sigreturn (3 handler runs)"
grep -qx 'getppid 2' e.counts || fail "want 2 getppid (in the SIGUSR1 handler)"
same_rets "rt_sigaction rt_sigprocmask rt_sigpending kill tgkill
	sigaltstack alarm" "return values"
grep -qF '1 kill = -1 ESRCH (No such process)' e.rets ||
	fail "no kill = -1 ESRCH in etrace's trace"
same_lines '^(alarm|exit_group)\(' "numeric-only calls"
# (the padding before " = " depends on the pid's width under -f)
grep -qE 'alarm\(0\) +=  ?100$' e.lines ||
	fail "no 'alarm(0) = 100' line"
# rt_sigreturn returns the interrupted call's result (0 here: tgkill, kill,
# rt_sigprocmask), as strace shows; the kernel's sys_exit record for it
# carries id -1 (sigreturn resets orig_ax) but the return value is there.
same_rets "rt_sigreturn" "return values"
exit 0
