# SPDX-License-Identifier: GPL-2.0-or-later
# -i: strace's instruction pointer column, "[00007f0123456789] openat(...)",
# whole traces compared with strace -i's of the same programs
# (tests/parity.sh -O -i, the column compared as it is).
#
# The masking rule: both tracers and the program run under setarch -R
# (no address randomisation), so the program's libraries load at the same
# addresses under both and every IP of its calls and signals must be the
# same, digit for digit.  One IP differs and is masked, by compare.awk:
# the command's own execve, the first line of each trace, is made by the
# tracer's code before the program exists (strace's or etrace's child),
# read as [TRACER] (etrace's, checked below: the same from BPF's entry
# record and from etrace's launch code).  "+++ exited" lines are
# "[????????????????]" in both.
#
#  - fam_files, fam_threads (several tasks, <unfinished ...> and resumed
#    lines: the resumed half carries the entry's IP), fam_signals (handlers,
#    rt_sigreturn; -e trace=!rt_sigqueueinfo leaves out a line that differs
#    for another reason, see known-differences), fam_signals_ignored
#    (signals never delivered: SIGPIPE in write, SIGWINCH, SIGURG, SIGUSR1
#    sent to itself, each shown at the end of the call it came in, at its
#    IP), fam_signals_fatal (killed by another traced task);
#  - fam_signals_ignored with -e trace=kill,exit_group,tgkill: a signal
#    sent while it is in an untraced call (write's SIGPIPE) at that call's
#    IP (-i reads every call's record).
#    Both leave its SIGCHLDs out (-e signal=!SIGCHLD): whether the parent
#    is already in wait4 when a child exits is a race the program only
#    makes likely (its child runs sh first); a loaded machine lost it
#    twice here (the parent reached wait4 after the child's exit), and a
#    SIGCHLD sent while the parent runs its own code has no IP etrace can
#    know (strace's stop would show one);
#  - with the kernel's own samples instead of ring mode (an unrelated
#    tracepoint, sched:sched_kthread_stop, turns ring mode off), the IP
#    from the samples' user registers: fam_threads and fam_signals;
#  - -j -i: each call's and signal's "ip" is the text trace's column, in
#    order (both runs under setarch -R), and exit objects have none;
#  - --no-bpf: fam_signals' signal lines at the same IPs as with BPF;
#  - with --stack=fp and -k, the same frames as without -i.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root
command -v setarch >/dev/null || fail "setarch (util-linux) is needed"

parity_i() {	# name opts-for-parity... -- prog
	_n=$1
	shift
	setarch -R sh "$TOP/tests/parity.sh" -c -O -i -w "$WORK/$_n" \
		-n "$_n" "$@" || soft_fail "-i: $_n: not strace's trace"
}

for p in fam_files fam_threads fam_signals_fatal; do
	echo "== $p"
	parity_i "$p" -- "$PROGS/$p"
done
echo "== fam_signals_ignored"
parity_i fam_signals_ignored -O '-e signal=!SIGCHLD' \
	-- "$PROGS/fam_signals_ignored"
echo "== fam_signals"
parity_i fam_signals-i -e 'trace=!rt_sigqueueinfo' -- "$PROGS/fam_signals"
echo "== fam_signals_ignored, narrow"
parity_i ignored-narrow -e trace=kill,exit_group,tgkill \
	-O '-e signal=!SIGCHLD' -- "$PROGS/fam_signals_ignored"
grep -qE '^[0-9]+ +\[[0-9a-f]{16}\] --- SIGPIPE' "$WORK/ignored-narrow/e.out" ||
	soft_fail "-i -e trace=kill,...: SIGPIPE without write's IP"

# perf samples: the same traces from the kernel's tracepoint samples
cat > "$WORK/etrace-perf" <<EOF
#!/bin/sh
exec "$ETRACE" -e trace=all -e sched:sched_kthread_stop "\$@"
EOF
chmod +x "$WORK/etrace-perf"
echo "== fam_threads, perf samples"
ETRACE="$WORK/etrace-perf" parity_i threads-perf -- "$PROGS/fam_threads"
echo "== fam_signals, perf samples"
ETRACE="$WORK/etrace-perf" parity_i signals-perf \
	-e 'trace=!rt_sigqueueinfo' -- "$PROGS/fam_signals"

# the command's own execve (masked against strace's): the address after
# etrace's syscall instruction (launch.c), read by BPF at the entry in
# ring mode, known to etrace itself when the entry came before the events
exec_ip() {	# trace
	sed -nE '1s/^[0-9]+ +\[([0-9a-f]{16})\] execve\(.*/\1/p' "$1"
}
ring=$(exec_ip "$WORK/fam_threads/e.out")
perf=$(exec_ip "$WORK/threads-perf/e.out")
[ -n "$ring" ] && [ "$ring" = "$perf" ] ||
	soft_fail "-i: the command's execve at '$ring' (ring) and '$perf' (samples)"

# JSON: the same IPs as the text, call by call and signal by signal
echo "== -j -i"
cp "$PROGS/fam_signals" "$WORK/prog"
( cd "$WORK" && setarch -R "$ETRACE" -q -i -o text.out ./prog ) \
	> /dev/null 2>&1 < /dev/null
( cd "$WORK" && setarch -R "$ETRACE" -q -i -j -o json.out ./prog ) \
	> /dev/null 2>&1 < /dev/null
sed -nE '2,$s/^\[([0-9a-f]{16})\] [a-z_0-9-].*/\1/p' "$WORK/text.out" \
	> "$WORK/ip.text"
python3 - "$WORK/json.out" > "$WORK/ip.json" <<'EOF' ||
import json, sys
n = 0
for line in open(sys.argv[1]):
    o = json.loads(line)
    if o["type"] == "exit" and "ip" in o:
        sys.exit("an exit object has an ip")
    if o["type"] in ("syscall", "signal"):
        n += 1
        if n > 1:
            print("%016x" % o["ip"])
EOF
	soft_fail "-j -i: bad JSON"
[ -s "$WORK/ip.text" ] || soft_fail "-i: no IP column in the text trace"
soft_same "$WORK/ip.text" "$WORK/ip.json" "-j -i: ip fields (text's column)"

# without BPF: the signal lines' IPs from signal_deliver's samples (its
# user registers), the same as the BPF program's (fam_signals' signals
# are all delivered: handlers)
echo "== --no-bpf -i"
for m in "" --no-bpf; do
	( cd "$WORK" && setarch -R "$ETRACE" -q -i $m -o "sig$m.out" ./prog ) \
		> /dev/null 2>&1 < /dev/null
	grep -oE '^\[[0-9a-f?]{16}\] --- SIG[A-Z0-9]+' "$WORK/sig$m.out" \
		> "$WORK/sigs$m"
done
[ "$(wc -l < "$WORK/sigs")" -ge 5 ] || soft_fail "-i: fam_signals' signal lines are missing"
soft_same "$WORK/sigs" "$WORK/sigs--no-bpf" "-i --no-bpf: the signals' IPs"

# with stacks: -i's one sampled register is not taken for the registers
# a stack is unwound from (--stack=fp printed garbage frames once)
for s in --stack=fp -k; do
	echo "== -i $s"
	for i in "" -i; do
		( cd "$WORK" && setarch -R "$ETRACE" -q $i $s \
			-e trace=kill,rt_sigaction -o "stk$i.out" ./prog ) \
			> /dev/null 2>&1 < /dev/null
		grep '^ >' "$WORK/stk$i.out" > "$WORK/frames$i"
	done
	[ -s "$WORK/frames" ] || soft_fail "$s: no frames"
	soft_same "$WORK/frames" "$WORK/frames-i" "-i $s: the frames without -i"
done
finish
