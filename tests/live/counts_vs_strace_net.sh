# SPDX-License-Identifier: GPL-2.0-or-later
# net (socketpair + send/recv; AF_UNIX bind/listen/connect/accept/sendto/
# recvfrom; TCP on 127.0.0.1: setsockopt getsockopt bind getsockname listen
# connect accept4 getpeername sendmsg recvmsg shutdown; ECONNREFUSED and
# EBADF; UDP sendto/recvfrom) under strace -f and etrace -f: the same
# syscalls the same number of times and the same return values.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

trace_both -- "$PROGS/net"
[ "$s_rc" = 0 ] || { cat s.err >&2; fail "net under strace exited $s_rc"; }
[ "$e_rc" = 0 ] || { cat e.err >&2; fail "etrace exited $e_rc (net exits 0)"; }
same_counts
same_rets "socketpair socket bind listen connect accept accept4 sendto
	recvfrom sendmsg recvmsg setsockopt getsockopt getsockname getpeername
	shutdown close" "return values"
grep -qF '1 connect = -1 ECONNREFUSED (Connection refused)' e.rets ||
	fail "no refused connect in etrace's trace"
grep -qF '1 bind = -1 EBADF (Bad file descriptor)' e.rets ||
	fail "no bind = -1 EBADF in etrace's trace"
same_lines '^(listen|shutdown|close|exit_group)\(' "numeric-only calls"
exit 0
