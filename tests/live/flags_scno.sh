# SPDX-License-Identifier: GPL-2.0-or-later
# -n: strace's syscall number column, "[ 257] openat(...)", whole traces
# compared with strace -n's of the same programs (tests/parity.sh -O -n,
# the column compared as it is):
#  - fam_files, fam_time (every line a call), fam_threads (several tasks,
#    <unfinished ...> and resumed lines);
#  - sh making a child, then killing itself, -e trace=wait4,exit_group and the fork calls:
#    signal and exit lines carry the task's last call, traced or not
#    (kill's 62 on the SIGTERM lines), as strace's do; the child is named
#    by the vfork line, so the tasks of the two traces pair up.  The
#    child's SIGCHLD is left out (-e signal=!SIGCHLD): whether it comes
#    while sh is still in rt_sigprocmask or already in wait4 is a race
#    of the two processes (strace's slower sh always reached wait4; a
#    loaded machine made etrace's "[  14]" once), not a fact of -n.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

for p in fam_files fam_time fam_threads; do
	echo "== $p"
	sh "$TOP/tests/parity.sh" -c -O -n -w "$WORK/$p" -n "$p-n" \
		-- "$PROGS/$p" || soft_fail "-n on $p: not strace's trace"
done
echo "== sh, kill"
sh "$TOP/tests/parity.sh" -O '-n -e signal=!SIGCHLD' \
	-e trace=wait4,exit_group,vfork,fork,clone,clone3 -w "$WORK/sh" \
	-n sh-kill-n -- sh -c '/bin/true; kill -TERM $$' ||
	soft_fail "-n -e trace=wait4,...: not strace's trace"
grep -qE '^[0-9]+ +\[  62\] --- SIGTERM' "$WORK/sh/e.out" ||
	soft_fail "-n: no '[  62] --- SIGTERM' line (kill's number) in etrace's trace"
finish
