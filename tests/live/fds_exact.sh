# SPDX-License-Identifier: GPL-2.0-or-later
# -yy is exact at the time of each call (tests/progs/fdreuse.c): fd 3
# closed and reused for another file, a file renamed between two writes,
# the directory of an open file renamed, the file unlinked, a UDP socket
# bound then connected, a socket pair's other end closed.  etrace's lines
# must be exactly these (strace -yy prints the UDP socket and the pair as
# it first saw them: its cache by inode).  Inodes and the port the kernel
# picked are masked; the port must be the same in every line.  Twice:
# with -e trace= of those calls (the per-syscall tracepoints, where
# fd_rename watches renames on their own), and with every call traced
# (ring mode on the raw tracepoints, whose programs watch them), the
# other calls' lines left out; and a third time so, with each field read
# by a helper call as on a kernel without bpf_rdonly_cast
# (ETRACE_FD_HELPERS=1, cap_fds.bpf.c).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

for how in some all helpers; do
rm -rf "$WORK/run"
mkdir -p "$WORK/run"
if [ $how = some ]; then sel="-e trace=write,sendto,rename"; else sel=; fi
if [ $how = helpers ]; then helpers=1; else helpers=; fi
( cd "$WORK/run" && ETRACE_FD_HELPERS=$helpers "$ETRACE" -q -yy $sel \
	-o "$WORK/out" -- "$PROGS/fdreuse" ) || fail "etrace or fdreuse failed"
grep -E '^(write|sendto|rename)\(|^\+\+\+' "$WORK/out" |
sed -E 's/ +=/ =/; s/\[[0-9]+->[0-9]+\]/[INO->INO]/; s/\[[0-9]+\]/[INO]/' \
	> "$WORK/got"
port=$(sed -n 's/.*UDP:\[127\.0\.0\.1:\([0-9]*\)\].*/\1/p' "$WORK/got" | head -1)
[ -n "$port" ] || fail "no UDP port in the trace ($how calls)"
R=$WORK/run
cat > "$WORK/want" <<EOT
write(3<$R/a>, "1", 1) = 1
write(3<$R/b>, "2", 1) = 1
rename("b", "c") = 0
write(3<$R/c>, "3", 1) = 1
write(3<$R/d/e>, "4", 1) = 1
rename("d", "f") = 0
write(3<$R/f/e>, "5", 1) = 1
write(3<$R/f/e>(deleted), "6", 1) = 1
write(3<UDP:[127.0.0.1:$port]>, "7", 1) = -1 EDESTADDRREQ (Destination address required)
write(3<UDP:[127.0.0.1:$port->127.0.0.1:$port]>, "8", 1) = 1
sendto(4<UNIX-STREAM:[INO->INO]>, "9", 1, MSG_NOSIGNAL, NULL, 0) = 1
sendto(4<UNIX-STREAM:[INO]>, "0", 1, MSG_NOSIGNAL, NULL, 0) = -1 EPIPE (Broken pipe)
+++ exited with 0 +++
EOT
same "$WORK/want" "$WORK/got" "etrace -yy's lines ($how calls traced)"
done
finish
