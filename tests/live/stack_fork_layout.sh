# SPDX-License-Identifier: GPL-2.0-or-later
# A fork child unwinds with its parent's code layout: bash runs /bin/true
# 30 times; each execve, made in a fork child of bash before the exec,
# gets a stack unwound through bash's functions (shell_execve), and etrace
# builds one unwinder for bash and all its children, not one per child:
#   etrace -k -e trace=execve -f -- bash -c 'for i in $(seq 30); do /bin/true; done'
# prints 30 execve("/bin/true", ...) lines, each followed by a frame of
# bash's shell_execve, and says on stderr
#   etrace: N user stacks unwound, F frames, L process layouts
# with N >= 30 and L <= 2 (bash's layout; the command's own exec is the
# only other one there can be).
. "$TOP/tests/lib.sh"
need_root
command -v bash >/dev/null || fail "no bash"

"$ETRACE" -k -e trace=execve -f -o out -- bash -c 'for i in $(seq 30); do /bin/true; done' 2> err
rc=$?
cat err
[ $rc = 0 ] || fail "etrace exited $rc"
n=$(strip_pid out | grep -c '^execve("/bin/true", \["/bin/true"\]')
[ "$n" = 30 ] || fail "$n execve(\"/bin/true\") lines, not 30"
# the first frame line after each /bin/true execve line that names bash
k=$(strip_pid out | awk '/^execve\("\/bin\/true"/ { on = 1; next }
	on && /^ > .*\/bash\(shell_execve\+0x[0-9a-f]+\)/ { n++; on = 0 }
	!/^ > / { on = 0 }
	END { print n + 0 }')
[ "$k" = 30 ] || fail "$k of the 30 execve stacks go through bash's shell_execve"
line=$(grep -E '^etrace: [0-9]+ user stacks unwound, [0-9]+ frames, [0-9]+ process layouts?$' err) ||
	fail "no 'user stacks unwound' line"
set -- $(echo "$line" | sed -E 's/[^0-9]+/ /g')
[ "$1" -ge 30 ] || fail "$1 stacks unwound, fewer than the 30 execs"
[ "$3" -le 2 ] || fail "$3 process layouts for bash and its fork children (at most 2)"
# every frame printed is one etrace proved (tests/lib.sh)
frames_proved out
exit 0
