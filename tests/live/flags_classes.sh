# SPDX-License-Identifier: GPL-2.0-or-later
# Every %class of -e trace= selects strace's set: allcalls makes each
# syscall strace 6.1 knows (0 to 450) once, failing; for each class,
# strace -f -e trace=%CLASS and etrace -f -e trace=%CLASS on it show the
# same syscall names (sorted, once each), and the class is not empty.
# (Syscalls newer than strace 6.1 are in no class of strace's: allcalls
# does not make them.)
. "$TOP/tests/lib.sh"
need_root

names() {	# trace: the syscall names of its lines, sorted, once each
	strip_pid "$1" | sed -nE 's/^(<\.\.\. )?([a-z_0-9]+)[( ].*/\2/p' |
		grep -v '^resumed$' | sort -u
}
n=0
for c in file desc process memory signal network ipc creds clock \
	 stat lstat fstat %stat statfs fstatfs %statfs pure; do
	strace -f -e trace=%$c -o s.$c -- "$PROGS/allcalls" ||
		fail "strace -e trace=%$c failed"
	"$ETRACE" -q -f -e trace=%$c -o e.$c -- "$PROGS/allcalls" 2> e.$c.err ||
		{ cat e.$c.err >&2; fail "etrace -e trace=%$c failed"; }
	names s.$c > s.$c.names
	names e.$c > e.$c.names
	[ -s s.$c.names ] || fail "%$c: strace selected nothing"
	same s.$c.names e.$c.names "%$c: the syscalls selected (strace vs etrace)"
	n=$((n + 1))
	echo "%$c: $(wc -l < e.$c.names) syscalls, as strace"
done
echo "$n classes"
