# SPDX-License-Identifier: GPL-2.0-or-later
# files (openat read write pread64 pwrite64 lseek newfstatat access mkdir
# rename unlink rmdir getdents64 dup dup2 fcntl ftruncate fsync chmod
# symlink readlink close, and failing calls: EBADF, ENOENT, EINVAL) under
# strace -f and etrace -f, each in a fresh directory: the same syscalls
# the same number of times, the same return values (errors included), and
# the same whole lines for calls with only numeric arguments.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

trace_both -- "$PROGS/files" @DIR@
[ "$s_rc" = 0 ] || { cat s.err >&2; fail "files under strace exited $s_rc"; }
[ "$e_rc" = 0 ] || { cat e.err >&2; fail "etrace exited $e_rc (files exits 0)"; }
same_counts
same_rets "openat read write pread64 pwrite64 lseek newfstatat access mkdir
	rename unlink rmdir getdents64 dup dup2 fcntl ftruncate fsync chmod
	symlink readlink close execve"
same_lines '^(lseek|ftruncate|fsync|dup|dup2|close|exit_group)\(' \
	"numeric-only calls"
# the expected failures are there (strace's wording, errno names)
for e in 'close = -1 EBADF (Bad file descriptor)' \
	 'read = -1 EBADF (Bad file descriptor)' \
	 'newfstatat = -1 EBADF (Bad file descriptor)' \
	 'openat = -1 ENOENT (No such file or directory)' \
	 'unlink = -1 ENOENT (No such file or directory)' \
	 'rmdir = -1 ENOENT (No such file or directory)' \
	 'readlink = -1 EINVAL (Invalid argument)'; do
	grep -qF "1 $e" e.rets || fail "no '$e' in etrace's trace"
done
exit 0
