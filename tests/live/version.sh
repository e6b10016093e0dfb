# SPDX-License-Identifier: GPL-2.0-or-later
# -V, --version: the whole text on this machine, line for line.
#  - root: "etrace X.Y" first (alone: tests/package.sh reads it), then
#    libbpf, libdw and libtraceevent as the loader mapped them for etrace
#    (the versions in the names of the files ldd resolves: libbpf.so.1 ->
#    libbpf.so.1.1.2, libdw.so.1 -> libdw-0.188.so), the kernel as uname
#    says, tracefs where /proc/mounts has it (or that etrace mounts its
#    own), and BPF capture, uprobes
#    and bash's line numbers available (this machine has all three);
#  - nobody: the same libraries, and each kernel question "not probed"
#    with the privilege it needs, never a guess;
#  - ETRACE_TRACEFS naming a directory that is not tracefs: said so.
. "$TOP/tests/lib.sh"
need_root

lib() {	# soname -> the real file's name
	basename "$(readlink -f "$(ldd "$ETRACE" | awk -v l="$1" '$1 == l { print $3 }')")"
}
bpf=$(lib libbpf.so.1 | sed 's/^libbpf\.so\.//')
dw=$(lib libdw.so.1 | sed -E 's/^libdw-(.*)\.so$/\1/')
tep=$(lib libtraceevent.so.1 | sed 's/^libtraceevent\.so\.//')
[ -n "$bpf" ] && [ -n "$dw" ] && [ -n "$tep" ] ||
	fail "ldd $ETRACE: no libbpf ($bpf), libdw ($dw) or libtraceevent ($tep)"
# tracefs as /proc/mounts has it; where it is not mounted (a machine
# that never mounted it), etrace says it mounts its own, for anyone
tfs=$(awk '$3 == "tracefs" { print $2; exit }' /proc/mounts)
if [ -n "$tfs" ]; then
	tfs_root="tracefs: mounted at $tfs"
	tfs_nobody="$tfs_root, not readable by this user (it needs root, or read access to it)"
else
	tfs_root="tracefs: not mounted at /sys/kernel/tracing (etrace mounts it in a private mount namespace of its own)"
	tfs_nobody=$tfs_root
fi
bash=$(readlink -f /bin/bash)
head_lines() {
	cat <<END
etrace 0.1
libbpf $bpf
libdw $dw (elfutils)
libtraceevent $tep
kernel: Linux $(uname -r) $(uname -m)
END
}

{
	head_lines
	cat <<END
$tfs_root
BPF argument capture: available (tracepoint programs, ring buffers, kernel BTF)
uprobes: available (perf's uprobe PMU)
bash line numbers (--spawns): available ($bash exports line_number)
Python frames (-k): available for Python 3.11 (--no-python-frames: C frames only)
END
} > root.want
"$ETRACE" --version > root.out 2> root.err || fail "--version: exit $?"
[ -s root.err ] && fail "--version wrote to stderr: $(cat root.err)"
same root.want root.out "etrace --version as root"
"$ETRACE" -V > V.out || fail "-V: exit $?"
same root.out V.out "-V vs --version"

{
	head_lines
	cat <<END
$tfs_nobody
BPF argument capture: not probed: this user may not (it needs root, or CAP_BPF and CAP_PERFMON)
uprobes: not probed: this user may not (it needs root, or CAP_PERFMON)
bash line numbers (--spawns): not probed: $bash exports line_number; the uprobes need root, or CAP_PERFMON and CAP_BPF
Python frames (-k): not probed (BPF needs root, or CAP_PERFMON and CAP_BPF), for Python 3.11 (--no-python-frames: C frames only)
END
} > nobody.want
# the binary is under a directory nobody may not enter: a copy
cp "$ETRACE" ./etrace-copy && chmod 755 . ./etrace-copy
setpriv --reuid=65534 --regid=65534 --clear-groups ./etrace-copy --version \
	> nobody.out 2> nobody.err || fail "--version as nobody: exit $?"
same nobody.want nobody.out "etrace --version as nobody"

ETRACE_TRACEFS=$PWD "$ETRACE" --version | grep '^tracefs' > env.out
echo "tracefs: none at $PWD (ETRACE_TRACEFS): etrace refuses to trace" > env.want
same env.want env.out "--version with ETRACE_TRACEFS on a plain directory"
echo "ok"
