# SPDX-License-Identifier: GPL-2.0-or-later
# procs (getpid & co, umask, fork + execve /bin/true + wait4, fork +
# _exit(7) + waitpid, pipe between parent and child) under strace -f and
# etrace -f: the same syscalls the same number of times in every task
# (the child's own return from clone is not a call: both show clone once,
# in the parent), the same return values where they do not depend on
# pids, the same "+++ exited with N +++" lines per task, and in etrace's
# trace every clone returns the pid of a task that then appears with
# that pid, and every wait4 returns the pid its clone returned.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

trace_both -- "$PROGS/procs"
[ "$s_rc" = 0 ] || { cat s.err >&2; fail "procs under strace exited $s_rc"; }
[ "$e_rc" = 0 ] || { cat e.err >&2; fail "etrace exited $e_rc (procs exits 0)"; }
same_counts
# per task (tasks ranked by first appearance: parent, then each child)
for f in s e; do
	by_task $f.out | awk -F '\t' '$2 ~ /^[a-z_0-9]+\(/ {
		sub(/\(.*/, "", $2); print $1, $2 }' | sort | uniq -c > $f.pertask
done
same s.pertask e.pertask "syscall counts per task"
same_rets "execve read write close pipe2 kill umask getuid geteuid getgid
	getegid exit_group" "return values"
same_lines '^(getuid|geteuid|getgid|getegid|umask|getsid|exit_group)\(|^\+\+\+ ' \
	"numeric-only calls and exit lines"
grep -q '^2	+++ exited with 0 +++$' e.lines || fail "no exit of the first child"
grep -q '^3	+++ exited with 7 +++$' e.lines || fail "no exit 7 of the second child"

# pids: getpid() = the prefix; clone = a child's prefix; wait4 = that pid
awk '$2 == "getpid()" && $NF != $1 { bad = 1 } END { exit bad }' e.out ||
	fail "getpid() is not the pid in the prefix"
main=$(awk 'NR == 1 { print $1 }' e.out)
awk -v m="$main" '$1 == m && $2 ~ /^clone\(/ { print $NF }' e.out > clone.rets
awk -v m="$main" '$1 != m { print $1 }' e.out | uniq > child.pids
[ "$(wc -l < clone.rets)" = 3 ] || fail "want 3 clone calls in the parent"
same clone.rets child.pids "clone results vs the children's pids"
rets e.out wait4 | awk '{print $NF}' > wait.rets
same clone.rets wait.rets "wait4 results vs clone results"
exit 0
