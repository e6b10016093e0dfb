# SPDX-License-Identifier: GPL-2.0-or-later
# -e inject= and -e fault= (tracer/inject): a seccomp filter in the
# command hands each call of the set to etrace, which lets it run or
# skips it with the error or value asked.  Against strace 6.1 on the same
# program (tests/progs/inject.c: chdir, getppid, openat, uname in the
# main thread, a thread and a child process):
#   - whole traces (the oracle, -f) with four rules: when= counted per
#     thread and syscall (F+, F..L+S, F), fault='s ENOSYS (in place of
#     a pure call, syscall=: a skip is the same), an openat whose
#     path is on a page nothing touched (the BPF program reads it at the
#     exit, where it cannot fault it in: etrace reads it first);
#   - without -f: only the command's first thread is injected;
#   - -c: calls and errors per syscall (and of every call: the command's
#     wait for etrace, begun untraced, is no skipped call);
#   - signal=, with error= and alone: the lines are strace's, the signal
#     sent by the kernel (SI_KERNEL, a BPF program at the call's entry or
#     skipped exit), the handler run each time;
#   - JSON: "injected":true on the injected calls alone;
#   - etrace stopped (SIGTERM) while the command runs: its later calls of
#     the set run (not ENOSYS, as with the listener closed): the hand-off;
#   - the refusals, each one line.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root
cd "$WORK" || exit 1

tr='trace=chdir,getppid,openat,uname'
# what differs between two runs: addresses, pids (a return of getppid
# that was not injected, a child's in SIGCHLD)
norm() {
	sed -E 's/0x[0-9a-f]+/0xADDR/g; s/si_pid=[0-9]+/si_pid=PID/
		s/(getppid\(\) += )[0-9]+$/\1PID/' "$@"
}
rules='-e inject=chdir:error=ENOENT:when=2+ -e inject=getppid:retval=42:when=1..3+2 -e fault=uname:syscall=gettid -e inject=openat:error=EACCES:when=3'

echo "== the oracle, -f"
sh "$TOP/tests/parity.sh" -c -w "$WORK/all" -n inject_calls -e "$tr" \
	-O "$rules" -- "$PROGS/inject" calls ||
	soft_fail "-f with four rules: etrace's trace is not strace's"
grep -q 'openat(AT_FDCWD, "", O_RDONLY) *= -1 EACCES (Permission denied) (INJECTED)$' \
	"$WORK/all/e.out" || soft_fail "the injected openat's path (on a page nothing touched) not printed"

echo "== without -f: the first thread alone"
strace -e "$tr" $rules -o s.nof "$PROGS/inject" calls > s.nof.stdout 2> s.nof.err
"$ETRACE" -e "$tr" $rules -o e.nof "$PROGS/inject" calls > e.nof.stdout 2> e.nof.err ||
	soft_fail "etrace without -f failed: $(cat e.nof.err)"
norm s.nof > s.nof.n
norm e.nof > e.nof.n
soft_same s.nof.n e.nof.n "the trace without -f"
soft_same s.nof.stdout e.nof.stdout "the program's output without -f"
[ "$(grep -c INJECTED e.nof)" = 6 ] ||
	soft_fail "without -f: $(grep -c INJECTED e.nof) injected lines, not 6"

echo "== -c"
strace -f -c -e "$tr" $rules -o s.c "$PROGS/inject" calls > /dev/null 2>&1
"$ETRACE" -f -c -e "$tr" $rules -o e.c "$PROGS/inject" calls > /dev/null 2>&1
table_rows s.c > s.rows
table_rows e.c > e.rows
soft_same s.rows e.rows "-c rows (syscall calls errors)"

# every call counted: the command's wait for etrace's go, begun before
# it was traced and under its filter already, is not a skipped call.
# (but futex: pthread_join waits in one only when the thread has not
# ended yet, which depends on the scheduling, not on the tracer)
strace -f -c -e inject=read:error=EIO:when=1000 -o s.ca "$PROGS/inject" calls > /dev/null 2>&1
"$ETRACE" -f -c -e inject=read:error=EIO:when=1000 -o e.ca "$PROGS/inject" calls > /dev/null 2>&1
table_rows s.ca | grep -v '^futex ' > s.rows.a
table_rows e.ca | grep -v '^futex ' > e.rows.a
soft_same s.rows.a e.rows.a "-c rows of every call (syscall calls errors)"

echo "== signal=, with error= and alone"
sig='-e inject=chdir:error=EPERM:signal=USR1:when=2 -e inject=getppid:signal=USR1:when=1'
strace -f -e trace=chdir,getppid $sig -o s.sig "$PROGS/inject" calls > s.sig.stdout 2>&1
"$ETRACE" -f -e trace=chdir,getppid $sig -o e.sig "$PROGS/inject" calls > e.sig.stdout 2> e.sig.err &
epid=$!
wait $epid || soft_fail "etrace with signal= failed: $(cat e.sig.err)"
[ "$(grep -c SI_KERNEL e.sig)" = 6 ] ||
	soft_fail "signal=USR1: $(grep -c SI_KERNEL e.sig) signals from the kernel, not 6"
by_task s.sig | norm > s.sig.t
by_task e.sig | norm > e.sig.t
soft_same s.sig.t e.sig.t "signal=USR1"
[ "$(grep -c '^handler$' e.sig.stdout)" = 6 ] ||
	soft_fail "signal=USR1: the handler ran $(grep -c '^handler$' e.sig.stdout) times, not 6"

echo "== JSON"
"$ETRACE" -j -e trace=chdir -e inject=chdir:error=ENOENT:when=2 -o e.json \
	"$PROGS/inject" calls > /dev/null 2> e.json.err ||
	soft_fail "etrace -j failed: $(cat e.json.err)"
awk '/"name":"chdir"/ { n++; print n, (/"injected":true/ ? "injected" : "-"),
	(/ENOENT/ ? "ENOENT" : "ok") }' e.json > json.got
printf '1 - ok\n2 injected ENOENT\n3 - ok\n' > json.want
soft_same json.want json.got "JSON's chdir calls (injected, error)"

echo "== etrace stopped: the hand-off"
rm -f fifo
mkfifo fifo
exec 3<> fifo
"$ETRACE" -e trace=chdir -e inject=chdir:error=EPERM -o e.after \
	"$PROGS/inject" after < fifo > after.stdout 2> after.err &
epid=$!
wait_line after.stdout ready 60 || soft_fail "the program never said ready"
kill -TERM $epid
wait $epid
printf x >&3
exec 3>&-
wait_until 60 sh -c '[ "$(grep -c "^chdir " after.stdout)" = 3 ]' ||
	soft_fail "the program did not end after etrace"
printf 'first 1\nready\nchdir 0\nchdir 0\nchdir 0\n' > after.want
soft_same after.want after.stdout "the calls after etrace ended (0, not ENOSYS)"
grep -q '^chdir("/") *= -1 EPERM (Operation not permitted) (INJECTED)$' e.after ||
	soft_fail "the first chdir not injected"
# the process that answered for etrace ends with the last task
wait_until 60 sh -c '! ps -eo sid=,pid=,comm= | awk "\$1 == \$2 && \$3 == \"etrace\" { f = 1 } END { exit !f }"' ||
	soft_fail "etrace's answering process did not end with the command"

echo "== refusals"
expect_refused "invalid inject argument 'chdir'" -e inject=chdir true
expect_refused "invalid inject argument 'chdir:error=ENOENT:retval=1'" -e inject=chdir:error=ENOENT:retval=1 true
expect_refused "invalid fault argument 'chdir:retval=1'" -e fault=chdir:retval=1 true
expect_refused "invalid inject argument 'chdir:error=1:when=0'" -e inject=chdir:error=1:when=0 true
expect_refused "invalid inject argument 'chdir:error=1:when=3..2'" --inject=chdir:error=1:when=3..2 true
expect_refused "invalid inject argument 'chdir:delay_enter=1': delay_enter is not offered (etrace injects without stopping the call: error=, retval=, signal=, when= and syscall= are)" -e inject=chdir:delay_enter=1 true
expect_refused "invalid inject argument 'chdir:signal=USR1:syscall=gettid': syscall= with signal= alone is not offered (etrace skips the call: give error= or retval=)" -e inject=chdir:signal=USR1:syscall=gettid true
expect_refused "invalid fault argument 'chdir:syscall=chdir'" -e fault=chdir:syscall=chdir true
expect_refused "-e inject= and -e fault= need a command etrace starts (a filter cannot be put into a running process): not with -p, -a, --comm, --uid or --cgroup" -p $$ -e fault=chdir
expect_refused "-e inject= and -e fault=: the injected calls' lines are the BPF ring's: not with stacks (-k, --stack, --spawns, --flamegraph) or tracepoints in -e trace=" -k -e fault=chdir true
finish
