# SPDX-License-Identifier: GPL-2.0-or-later
# The capture mode line: one line at start says how arguments are shown.
# With BPF (CI runs as root on a kernel with BTF): exact copies, and the
# command's openat path prints as a string, through raw_syscalls and
# through the per-syscall tracepoints; with --no-bpf: "no copies
# ...": strings only from read-only file mappings, each one
# equal to strace's, the rest pointers; -q silences the line.
. "$TOP/tests/lib.sh"
need_root

"$ETRACE" -o bpf.out -- cat /etc/hostname > /dev/null 2> bpf.err ||
	fail "etrace failed"
[ "$(cat bpf.err)" = "etrace: arguments: exact copies made at syscall time (BPF)" ] ||
	{ cat bpf.err >&2; fail "no BPF capture mode line"; }
grep -q '^openat(AT_FDCWD, "/etc/hostname", O_RDONLY) = 3$' bpf.out ||
	fail "with BPF, the path of openat is not a string"

# the same through the per-syscall tracepoints (a short -e trace= list)
"$ETRACE" -e trace=openat,read -o sel.out -- cat /etc/hostname > /dev/null 2> sel.err ||
	fail "etrace -e trace=openat,read failed"
[ "$(cat sel.err)" = "etrace: arguments: exact copies made at syscall time (BPF)" ] ||
	{ cat sel.err >&2; fail "-e trace=openat,read: no BPF capture"; }
grep -q '^openat(AT_FDCWD, "/etc/hostname", O_RDONLY) = 3$' sel.out ||
	fail "-e trace=openat,read: the path of openat is not a string"
grep -qE '^read\(3, "[a-z0-9.-]+\\n", [0-9]+\) += [0-9]+$' sel.out ||
	fail "-e trace=openat,read: read's buffer is not a string"

"$ETRACE" --no-bpf -o nobpf.out -- cat /etc/hostname > /dev/null 2> nobpf.err ||
	fail "etrace --no-bpf failed"
[ "$(cat nobpf.err)" = "etrace: arguments: no copies (--no-bpf): strings only from read-only files, else pointers" ] ||
	{ cat nobpf.err >&2; fail "no --no-bpf capture mode line"; }
# a string from a read-only file mapping (the file's bytes) may print,
# but only if it is what strace printed: never a guess
strace -o s.out cat /etc/hostname > /dev/null 2>&1
grep -v '^execve(' nobpf.out | grep -oE '"[^"]*"' | sort -u > nobpf.strings
grep -oE '"[^"]*"' s.out | sort -u > s.strings
comm -23 nobpf.strings s.strings > wrong
[ -s wrong ] && { cat wrong >&2; fail "--no-bpf printed strings strace did not"; }
# memory that is not a read-only file (the path is on the stack): a pointer
grep -qE '^openat\(AT_FDCWD, 0x[0-9a-f]+, O_RDONLY\) = 3$' nobpf.out ||
	fail "--no-bpf: openat's path (not in a file mapping) is not a pointer"
# read's buffer: no exact source without BPF
grep -qE '^read\(3, 0x[0-9a-f]+, ' nobpf.out ||
	fail "--no-bpf: read's buffer is not a pointer"

"$ETRACE" -q -o q.out -- true 2> q.err
[ -s q.err ] && { cat q.err >&2; fail "-q: the mode line is still printed"; }
exit 0
