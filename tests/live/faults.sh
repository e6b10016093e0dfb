# SPDX-License-Identifier: GPL-2.0-or-later
# Faults, each with its exact outcome, and after each: no BPF program of
# etrace's left loaded, no tracefs instance or uprobe event left, no
# zombie and no orphan of etrace's.
#  1. the tracee is SIGKILLed in a call: etrace exits 137, the call ends
#     "= ?" (or with the kernel's ERESTART_RESTARTBLOCK), the trace ends
#     "+++ killed by SIGKILL +++"
#  2. -o on a full file system: one line naming the error, the command's
#     exit status (0, as strace -o keeps it): it ran to its end
#  3. -p of a process that exits while etrace attaches: exit 0 (attached,
#     then it ended) or 1 with "no such process"/"exited while
#     attaching": never a hang or a crash
#  4. a 64-thread process: -p sees all 64 threads
#  5. a tracee that execs a setuid program as another user: with -k
#     --stack=dwarf (perf events of the task's own, which the kernel
#     drops at such an exec) the trace says the kernel stopped tracing
#     it, and its exit is still reported; by default and with -k (the
#     BPF programs write the calls and stacks: nothing of the task's to
#     drop) its calls go on being traced to its exit, with -k each with
#     its stack
#  6. two etrace instances on the same command at once: both traces
#     complete and equal in calls
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root
command -v bpftool > /dev/null || skip "needs bpftool (make deps)"

kids=""
cleanup() {
	for k in $kids; do kill -KILL "$k" 2>/dev/null; done
	mountpoint -q full && umount full
	mountpoint -q tracefs && umount tracefs
}
trap cleanup EXIT
# stopped (the harness's timeout, a CI run killed): the mounts go too,
# or an rm -rf of the work directory walks into the kernel's tracefs
trap 'exit 1' HUP INT TERM
# tracefs as the kernel has it (etrace may mount its own in a private
# namespace; instances and probes are the kernel's, seen from any mount)
mkdir tracefs
mount -t tracefs nodev tracefs || fail "cannot mount tracefs"
T=$WORK/tracefs

# Nothing of etrace's may outlive it.  etrace's own processes are told
# by their command line (every -o here is under $WORK); the child that
# releases kernel objects after etrace exits is waited for (it says when
# it is done: teardown_wait).  No zombie may be left of the etrace
# processes and teardown children the run started.  BPF programs,
# tracefs instances and probes are counted only when no other etrace
# runs (CI): they are the machine's.
zombies() {
	for _z in $(awk '{ sub(/:$/, "", $2); print $2, $5 }' \
			"$ETRACE_TEARDOWN_LOG" 2>/dev/null); do
		[ "$(awk '{sub(/^.*\) /, ""); print $1}' "/proc/$_z/stat" 2>/dev/null)" = Z ] &&
			echo "$_z"
	done
}
no_zombies() { [ -z "$(zombies)" ]; }
clean() {	# what
	teardown_wait
	ours=$(pgrep -f -- "$WORK" | grep -vx "$$" | wc -l)
	[ "$ours" = 0 ] || soft_fail "$1: $ours processes of etrace's are left"
	wait_until 60 no_zombies || soft_fail "$1: zombies left: $(zombies)"
	if ! pgrep -x etrace > /dev/null; then
		n=$(bpftool prog show 2>/dev/null | grep -cE ' name (cap|sum|bash)_')
		[ "$n" = 0 ] || soft_fail "$1: $n BPF programs of etrace's still loaded"
		ls "$T/instances" | grep -q etrace && soft_fail "$1: a tracefs instance is left"
		grep -q etrace "$T/uprobe_events" && soft_fail "$1: a uprobe event is left"
	fi
	return 0
}

# 1. SIGKILL in a call
etrace_bg /dev/null k.err -q -o "$WORK/k.out" -- sleep 30
kid=$(children_of $ep)
[ -n "$kid" ] || fail "1: no command under etrace"
wait_until 60 in_syscall "$kid" 230 || fail "1: the command is not in clock_nanosleep"
kill -KILL "$kid"
wait_gone $ep 60 || fail "1: etrace did not end after its command was killed"
wait $ep
rc=$?
[ $rc = 137 ] || soft_fail "1: etrace exited $rc, want 137"
tail -n 1 k.out | grep -qx '+++ killed by SIGKILL +++' || soft_fail "1: no '+++ killed by SIGKILL +++' at the end"
# the kernel ends the interrupted call before the task dies: strace
# cannot see it ("= ?"), etrace can
grep -qE '^clock_nanosleep\(.*\) += \?( ERESTART_RESTARTBLOCK \(Interrupted by signal\))?$' k.out ||
	soft_fail "1: the call killed in does not end '= ?' or '= ? ERESTART_RESTARTBLOCK'"
clean 1

# 2. -o on a full file system
mkdir -p full
mount -t tmpfs -o size=64k tmpfs full || fail "2: cannot mount a tmpfs"
"$ETRACE" -q -o "$WORK/full/out" -- "$PROGS/storm" 200000 2> full.err
rc=$?
[ $rc = 0 ] || soft_fail "2: etrace exited $rc on a full disk, want the command's 0 (as strace -o)"
[ "$(wc -l < full.err)" = 1 ] && grep -q 'No space left on device' full.err ||
	{ cat full.err >&2; soft_fail "2: not one line saying 'No space left on device'"; }
umount full
clean 2

# 3. -p of a process that exits during the attach
for i in $(seq 10); do
	sleep 0.0$i &
	p=$!
	timeout 20 "$ETRACE" -q -p $p -o "$WORK/p3.out" 2> p3.err
	rc=$?
	case $rc in
	0) ;;
	1) grep -qE 'no such process|exited while attaching' p3.err ||
		{ cat p3.err >&2; soft_fail "3: exit 1 without saying the process is gone"; } ;;
	*) soft_fail "3: etrace -p of an exiting process exited $rc" ;;
	esac
	wait $p 2>/dev/null
done
clean 3

# 4. 64 threads
"$PROGS/spinner" 63 > sp.out &
sp=$!
kids="$kids $sp"
wait_line sp.out ready || fail "4: spinner not ready"
[ "$(ls /proc/$sp/task | wc -l)" = 64 ] || fail "4: the spinner does not have 64 threads"
# the threads seen in a trace so far
threads_in() { grep -v "^+++ lost " "$1" | awk '{print $1}' | sort -u | wc -l; }
etrace_bg /dev/null p4.err -q -p $sp -o "$WORK/p4.out"
wait_until 60 eval '[ "$(threads_in p4.out)" -ge 64 ]'
kill -INT $ep
wait_gone $ep 60 || soft_fail "4: etrace did not stop"
wait $ep
seen=$(threads_in p4.out)
[ "$seen" = 64 ] || soft_fail "4: $seen threads in the trace, want 64"
kill -KILL $sp
clean 4

# 5. a setuid program, run as nobody
if [ -u /usr/bin/passwd ] && id nobody > /dev/null 2>&1; then
	# (perf's per-task events, which the kernel drops: --stack=dwarf)
	"$ETRACE" -q -k --stack=dwarf -u nobody -f -o "$WORK/s5.out" -- sh -c '/usr/bin/passwd --help; true' > s5.cmd 2>&1
	rc=$?
	[ $rc = 0 ] || soft_fail "5: etrace exited $rc"
	grep -q 'passwd gains privileges: the kernel stops tracing pid' s5.out ||
		soft_fail "5: the trace does not say tracing stopped at the setuid exec"
	pid=$(grep 'gains privileges' s5.out | awk '{print $1}')
	grep -qE "^$pid +\+\+\+ exited with 0 \+\+\+$" s5.out ||
		soft_fail "5: the setuid program's exit is not reported"
	"$ETRACE" -q -u nobody -f -o "$WORK/s5b.out" -- sh -c '/usr/bin/passwd --help; true' > s5b.cmd 2>&1
	rc=$?
	[ $rc = 0 ] || soft_fail "5b: etrace exited $rc"
	grep -q 'gains privileges' s5b.out &&
		soft_fail "5b: says tracing stops at the setuid exec"
	pid=$(grep 'execve("/usr/bin/passwd"' s5b.out | awk '{print $1}')
	grep -qE "^$pid +write\(1, \"Usage: passwd" s5b.out ||
		soft_fail "5b: passwd's own calls (its usage written) are not traced"
	grep -qE "^$pid +\+\+\+ exited with 0 \+\+\+$" s5b.out ||
		soft_fail "5b: the setuid program's exit is not reported"
	# -k in ring mode: traced on, with stacks
	"$ETRACE" -q -k -u nobody -f -o "$WORK/s5c.out" -- sh -c '/usr/bin/passwd --help; true' > s5c.cmd 2>&1
	rc=$?
	[ $rc = 0 ] || soft_fail "5c: etrace -k exited $rc"
	grep -q 'gains privileges' s5c.out &&
		soft_fail "5c: -k says tracing stops at the setuid exec"
	pid=$(grep 'execve("/usr/bin/passwd"' s5c.out | awk '{print $1}')
	grep -A1 -E "^$pid +write\(1, \"Usage: passwd" s5c.out | grep -q '^ > ' ||
		soft_fail "5c: passwd's usage written is not traced with its stack"
	clean 5
else
	soft_fail "5: no setuid /usr/bin/passwd or no user nobody on this machine"
fi

# 6. two at once, each with rings that hold all its calls (-m 32M:
#    ~170 bytes a call, see storm_1m), so that a lost record means the
#    two etraces got in each other's way, not that a sanitized reader
#    on a busy host fell behind (CI at 933c1c6: 3121 lost)
"$ETRACE" -q -f -m 32M -o "$WORK/a.out" -- "$PROGS/storm" 100000 &
a=$!
"$ETRACE" -q -f -m 32M -o "$WORK/b.out" -- "$PROGS/storm" 100000 &
b=$!
wait $a; ra=$?
wait $b; rb=$?
[ $ra = 0 ] && [ $rb = 0 ] || soft_fail "6: exits $ra and $rb, want 0 and 0"
na=$(grep -c 'getppid() ' a.out); nb=$(grep -c 'getppid() ' b.out)
[ "$na" = 100000 ] && [ "$nb" = 100000 ] || soft_fail "6: $na and $nb getppid lines, want 100000 each"
clean 6
# every frame printed is one etrace proved (tests/lib.sh)
frames_proved $(ls s5.out 2> /dev/null)
finish
