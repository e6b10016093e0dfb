# SPDX-License-Identifier: GPL-2.0-or-later
# -b execve (--detach-on=execve): a traced process's exec ends its
# tracing, in the kernel (the ring program drops it from the traced set
# at the exec's exit), as strace detaches at the exec event; the command's
# first exec is kept.  Against strace 6.1 on the same command, with -ff
# (a child that execs, then the shell's own exec): the same traces (the
# exec lines end "<detached ...>"), the same exit status (0: the command
# detached is not waited for), "Process N detached" said for each (not
# with -q); etrace does not wait for a detached command that goes on.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root
cd "$WORK" || exit 1

norm() {
	sed -E 's/0x[0-9a-f]+/0xADDR/g; s/(wait4\(.*\) += )[0-9]+$/\1PID/'
}
cmd='/bin/true; cd /; exec /bin/false'
# (brk: the new programs' first calls, which must not be traced)
tr='-e trace=chdir,execve,wait4,brk -e signal=none'
# -ff: a file per process (strace's -f interleaving would leave a
# child's exec "<unfinished ...>" when another line came between)
mkdir ffs ffe
strace -ff -b execve $tr -o ffs/t sh -c "$cmd" 2> s.err
s_rc=$?
"$ETRACE" -ff -b execve $tr -o ffe/t sh -c "$cmd" 2> e.err
e_rc=$?
[ $s_rc = 0 ] || fail "strace -b execve exited $s_rc (want 0: the expectation)"
[ $e_rc = 0 ] || soft_fail "etrace -b execve exited $e_rc, strace 0"
# the files in pid order, each after its name's rank
files() {	# dir
	ls "$1" | sort -t. -k2,2n | awk '{ print ++n, $0 }' |
		while read -r n f; do sed "s/^/$n /" "$1/$f"; done
}
files ffs | norm > s.t
files ffe | norm > e.t
soft_same s.t e.t "-ff -b execve: the traces"
[ "$(grep -c ' <detached ...>$' e.t)" = 2 ] ||
	soft_fail "-ff -b execve: $(grep -c ' <detached ...>$' e.t) detached execs, not 2"
# "Process N detached" for each, N the pids of the detached exec lines
grep -l '<detached ...>$' ffe/* | sed 's/^ffe\/t\./etrace: Process /; s/$/ detached/' |
	sort > want.said
grep '^etrace: Process' e.err | sort > said
soft_same want.said said "the detaches said"
"$ETRACE" -q -b execve -o q.out sh -c 'exec /bin/true' 2> q.err
grep -q 'detached$' q.err && soft_fail "-q: the detach said anyway"

# a detached command that goes on: etrace has ended, it has not
"$ETRACE" -b execve -e trace=execve -o l.out sh -c 'exec sleep 600' 2> l.err
rc=$?
[ $rc = 0 ] || soft_fail "-b execve, sleep 600: exit status $rc"
pid=$(sed -n 's/^etrace: Process \([0-9]*\) detached$/\1/p' l.err)
if [ -n "$pid" ] && kill -0 "$pid" 2> /dev/null; then
	kill "$pid"
else
	soft_fail "-b execve: the detached sleep (pid '$pid') is not running after etrace ended"
fi

expect_refused "-b open: only execve is supported (as strace's -b)" -b open true
expect_refused "-b execve detaches what etrace started at its exec: with a command, not with -p, -a or a selection" -b execve -p $$
expect_refused "--kill-on-exit kills what etrace traces: -b execve detaches it" --detach-on=execve --kill-on-exit true
expect_refused "-b execve: the detach is made by the BPF ring's program: not with --no-bpf, stacks (-k, --stack, --spawns, --flamegraph) or tracepoints in -e trace=" -k -b execve true
finish
