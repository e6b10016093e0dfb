# SPDX-License-Identifier: GPL-2.0-or-later
# A traced program maps a file executable, deletes it and puts a FIFO at
# its path (progs/fifomap): etrace -k -p compiles the unwind rows of the
# files the process maps (their paths from /proc/PID/maps) and must not
# open the FIFO (an open for reading would wait for a writer for ever).
# The trace is the process's getppid, with its stack, and etrace exits 0.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root
kill_at_exit pp ep

cp "$PROGS/renamer" lib.x || fail "cp"
mkfifo go || fail "mkfifo"
"$PROGS/fifomap" "$WORK/lib.x" "$WORK/ready" "$WORK/go" & pp=$!
wait_until 60 test -s ready || fail "fifomap: not ready"
[ -p lib.x ] || fail "fifomap: no FIFO at the mapped file's path"
etrace_bg /dev/null err -k -p "$pp" -e trace=getppid -o out
echo go > go
wait "$pp" || fail "fifomap failed"
pp=""
wait "$ep" || { cat err >&2; fail "etrace -k -p exited $?"; }
ep=""
cat out err
[ "$(grep -c '^getppid() ' out)" = 1 ] || fail "not the one getppid()"
grep -qE '^ > .*/fifomap\(main\+0x[0-9a-f]+\) ' out ||
	fail "the getppid's stack does not reach fifomap's main"
exit 0
