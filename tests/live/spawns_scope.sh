# SPDX-License-Identifier: GPL-2.0-or-later
# Process-lifecycle calls (execve, clone, exit, ...) are traced on every
# CPU for all tasks, and only the traced command's tree is shown: while
# an unrelated shell loop runs `cat` (started before etrace, not its
# descendant),
#  - etrace --spawns -f -- sh -c 'for ... 40 times: /bin/true'
#    reports "40 processes started, in 1 group" and "true x40", no cat;
#  - etrace -e trace=execve,clone,exit_group -f -- the same loop prints
#    exactly 40 execve("/bin/true", ...) lines, the command's own
#    execve first (no stack of etrace's own code before it), and no line
#    of any cat process;
#  - the same with -k: each /bin/true execve line has its stack;
#  - a setuid program in the tree (passwd, the command run as nobody):
#    such events are not dropped by the kernel at its exec, so no
#    "stops tracing" note, and its exit_group and exit are shown.
. "$TOP/tests/lib.sh"
need_root

# the unrelated forker, until the test ends; the tests start once it has
# forked its first cat
mkfifo started
( cat /dev/null; echo > started; while :; do cat /dev/null; done ) &
bg=$!
trap 'kill $bg 2>/dev/null; wait $bg 2>/dev/null' EXIT
read -r x < started

loop='i=0; while [ $i -lt 40 ]; do /bin/true; i=$((i + 1)); done'

"$ETRACE" -q --spawns -f -- sh -c "$loop" > out 2> err
rc=$?
cat err
[ $rc = 0 ] || fail "etrace --spawns exited $rc"
grep -qE '^etrace: 40 processes started in [0-9.]+ s, in 1 group' err ||
	fail "--spawns: not '40 processes started ... in 1 group'"
grep -qE '^true x40 <- sh' err || fail "--spawns: no 'true x40 <- sh' group"
grep -q '^cat ' err && fail "--spawns: reports the unrelated cat processes"

"$ETRACE" -q -e trace=execve,clone,exit_group -f -o t1 -- sh -c "$loop"
rc=$?
[ $rc = 0 ] || fail "etrace -e trace=execve,clone,exit_group exited $rc"
n=$(strip_pid t1 | grep -c '^execve("/bin/true", \["/bin/true"\]')
[ "$n" = 40 ] || fail "$n execve(\"/bin/true\") lines, not 40"
strip_pid t1 | head -n 1 | grep -qE '^execve\("[^"]*/sh", \["sh", "-c", ' ||
	{ head -n 3 t1 >&2; fail "the first line is not the command's execve"; }
grep -q 'cat' t1 && { grep -m3 cat t1 >&2; fail "lines of the unrelated cat processes"; }
ne=$(strip_pid t1 | grep -c '^exit_group(0) *= ?')
[ "$ne" = 41 ] || fail "$ne exit_group(0) lines, not 41 (40 true, 1 sh)"

"$ETRACE" -q -k -e trace=execve -f -o t2 -- sh -c "$loop"
rc=$?
[ $rc = 0 ] || fail "etrace -k -e trace=execve exited $rc"
k=$(strip_pid t2 | awk '/^execve\("\/bin\/true"/ { on = 1; next }
	on && /^ > / { n++; on = 0 }
	{ on = 0 }
	END { print n + 0 }')
[ "$k" = 40 ] || fail "$k of the 40 execve lines have a stack"
strip_pid t2 | sed -n 2p | grep -q '^ > ' &&
	fail "the command's own execve has a stack (etrace's code, before the exec)"
grep -q 'cat' t2 && fail "-k: lines of the unrelated cat processes"

if [ -u /usr/bin/passwd ] && id nobody > /dev/null 2>&1; then
	"$ETRACE" -q -u nobody -e trace=execve,exit_group -f -o t3 -- \
		sh -c '/usr/bin/passwd --help > /dev/null; true'
	rc=$?
	[ $rc = 0 ] || fail "setuid: etrace exited $rc"
	grep -q 'gains privileges' t3 && fail "setuid: says tracing stops at the exec"
	pid=$(grep 'execve("/usr/bin/passwd"' t3 | awk '{print $1}')
	[ -n "$pid" ] || fail "setuid: no execve(\"/usr/bin/passwd\") line"
	grep -qE "^$pid +exit_group\(0\) += \?$" t3 ||
		fail "setuid: passwd's exit_group(0) is not shown"
	grep -qE "^$pid +\+\+\+ exited with 0 \+\+\+$" t3 ||
		fail "setuid: passwd's exit is not shown"
fi
# every frame printed is one etrace proved (tests/lib.sh)
frames_proved err t2
exit 0
