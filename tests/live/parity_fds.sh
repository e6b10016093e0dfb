# SPDX-License-Identifier: GPL-2.0-or-later
# -yy against strace -yy (tests/parity.sh, the oracle): fam_fds (fds of
# every kind: files, devices, memfd, pipes, eventfd, epoll, signalfd,
# timerfd, inotify, a pidfd, dup/fcntl, TCP, UDP, unix and netlink
# sockets) and the file, socket, IPC and poll families (the fds in poll's
# array and select's sets are described too), each traced with -f -yy
# by both, must print the same trace (the known differences are listed as
# NAME-yy in tests/oracle/known-differences, with their reasons); and of
# all the fd annotations strace printed, at least 98% must be etrace's too
# (tests/oracle/fdnotes.awk).  fam_fds and fam_sockets_edge (IPv6) again
# with each field read by a helper call, as on a kernel without
# bpf_rdonly_cast (ETRACE_FD_HELPERS=1, cap_fds.bpf.c): the same trace.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

agree=0 total=0
for run in fam_fds fam_files fam_files_edge fam_sockets fam_sockets_edge \
	   fam_sockets_addr fam_seccompnotif \
	   fam_ipc fam_poll fam_fds:helpers fam_sockets_edge:helpers; do
	p=${run%:helpers} helpers=
	[ "$p" = "$run" ] || helpers=1
	[ -x "$PROGS/$p" ] || { soft_fail "no $PROGS/$p"; continue; }
	echo "== $run -yy"
	ETRACE_FD_HELPERS=$helpers sh "$TOP/tests/parity.sh" -c -O -yy \
		-w "$WORK/$run" -n "$p-yy" -- "$PROGS/$p" ||
		soft_fail "$run: etrace -yy's trace is not strace -yy's (differences above)"
	[ -z "$helpers" ] || continue
	[ -s "$WORK/$p/s.out" ] && [ -s "$WORK/$p/e.out" ] || continue
	awk -f "$TOP/tests/oracle/norm.awk" -f "$TOP/tests/oracle/fdnotes.awk" \
		-v show=1 "$WORK/$p/s.out" "$WORK/$p/e.out" > "$WORK/$p.notes"
	cat "$WORK/$p.notes"
	set -- $(sed -n 's/^fdnotes: \([0-9]*\) of \([0-9]*\) .*/\1 \2/p' \
		"$WORK/$p.notes")
	agree=$((agree + ${1:-0}))
	total=$((total + ${2:-0}))
done
echo "fd annotations: $agree of $total agree"
[ "$total" -gt 400 ] || soft_fail "only $total annotations in strace's traces"
# at least 98 in 100
[ $((agree * 100)) -ge $((total * 98)) ] ||
	soft_fail "only $agree of $total fd annotations agree with strace's (want 98%)"
finish
