# SPDX-License-Identifier: GPL-2.0-or-later
# -k -p on a process that makes its call and exits soon after the
# attach (strace's strace-k-p test): its stack is named from the
# mappings it had when etrace attached.  Before, they were read from
# /proc when the first stack was unwound, after the process was gone:
# every frame printed [unknown].
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

kill_at_exit sp ep
mkfifo go
sh -c 'read x < go; cd /' &
sp=$!
etrace_bg out err -q -k -e trace=chdir -p "$sp" -o trace
echo go > go
wait "$sp"
sp=""
wait "$ep"
rc=$?
ep=""
[ $rc = 0 ] || { cat err >&2; fail "etrace -k -p exited $rc"; }
sed -n 1,2p trace > top
grep -qE '^chdir\("/"\) += 0$' top || { cat trace >&2; fail "no chdir line first"; }
grep -qE '^ > /[^ ]*/libc\.so\.6\(chdir\+0x[0-9a-f]+\) \[0x[0-9a-f]+\]$' top ||
	{ cat trace >&2; fail "the innermost frame is not libc's chdir"; }
grep -q 'unknown' trace && { cat trace >&2; fail "a frame is [unknown]"; }
# every frame printed is one etrace proved (tests/lib.sh)
frames_proved trace
exit 0
