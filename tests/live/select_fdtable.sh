# SPDX-License-Identifier: GPL-2.0-or-later
# select's fd sets are shown as the kernel read them: up to the caller's
# fd table size, never past it (strace 6.1 shows every bit up to nfds,
# bits the kernel never read nor wrote).  tests/progs/select_fdtable's
# child calls select(128, [0 65]) with a table of 64 fds, then again with
# one of 128: etrace's two lines, whole, are the expected ones.
. "$TOP/tests/lib.sh"
need_root

"$ETRACE" -f -qq -e trace=select -e signal=none -o "$WORK/e.out" -- \
	"$PROGS/select_fdtable" < /dev/null 2> "$WORK/e.err" ||
	{ cat "$WORK/e.err" >&2; fail "etrace: exit $?"; }
strip_pid "$WORK/e.out" > "$WORK/e.lines"
cat > "$WORK/want" <<'W'
select(128, [0], NULL, NULL, {tv_sec=0, tv_usec=0}) = 1 (in [0], left {tv_sec=0, tv_usec=0})
select(128, [0 65], NULL, NULL, {tv_sec=0, tv_usec=0}) = -1 EBADF (Bad file descriptor)
W
same "$WORK/want" "$WORK/e.lines" "select's sets, cut at the fd table"
