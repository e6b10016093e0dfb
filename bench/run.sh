#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# make bench: etrace against bare runs, strace -f, perf trace, perf stat (and
# bpftrace where installed) on five workloads, interleaved in one run: every
# round runs every (workload, tracer, mode) once, in a shuffled order, next
# to bare runs of the same workload, so that the machine's drift hits all of
# them alike.  See bench/README.md for what is measured and how.
#
#   sh bench/run.sh              full suite (ROUNDS=5, ~6 min on 2 vCPUs)
#   sh bench/run.sh quick        smoke test: 1 round, small N (also QUICK=1)
#   ROUNDS=3 BUDGET=540 sh bench/run.sh   fewer rounds; no round is begun
#                                that would end past BUDGET seconds
#   BASE=/path/to/etrace sh bench/run.sh   also another build of etrace
#                                (main before a change) in every etrace
#                                mode both have, in the same rounds: its
#                                rows are "etrace (BASE)", and each etrace
#                                row is checked within 5% of the base's
#   WORKLOADS="mixed sock" sh bench/run.sh   only those workloads (of
#                                storm1 storm4 mmap bash mixed sock)
#
# Writes build/bench/results.md, results.tsv (one row per workload, tracer,
# mode) and raw.tsv (one row per run); prints results.md at the end.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/build/bench
tmp=$out/tmp
QUICK=${QUICK:-0}
for a in "$@"; do
	case $a in
	quick|-quick|--quick) QUICK=1 ;;
	--) ;;
	*) echo "usage: sh bench/run.sh [quick]" >&2; exit 2 ;;
	esac
done
[ "$QUICK" = 1 ] && ROUNDS=${ROUNDS:-1} || ROUNDS=${ROUNDS:-5}
# no round starts that would end past BUDGET seconds (judged by the
# longest round so far); each run is killed after TSTAT_TIMEOUT seconds
BUDGET=${BUDGET:-540}
export TSTAT_TIMEOUT=${TSTAT_TIMEOUT:-120}

etrace=$top/etrace	# copied to $tmp below: a rebuild mid-run changes nothing
storm=$top/build/tests/progs/storm
tstat=$out/tstat
[ -x "$etrace" ] || { echo "bench: build first: make" >&2; exit 1; }
[ -x "$storm" ] || { echo "bench: build first: make build/tests/progs/storm" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "bench: run as root (tracepoints, BPF)" >&2; exit 1; }
command -v perf >/dev/null ||
	{ echo "bench: perf is needed for the reference counts: make bench-deps" >&2; exit 1; }
mkdir -p "$out" "$tmp"
cp "$etrace" "$tmp/etrace"
etrace=$tmp/etrace
base=
if [ -n "${BASE:-}" ]; then
	[ -x "$BASE" ] || { echo "bench: BASE=$BASE is not an executable" >&2; exit 1; }
	cp "$BASE" "$tmp/base"
	base=$tmp/base
fi
# the storms write how long their calls took (no start-up, no tear-down)
export STORM_LOOP_NS="$tmp/loop"
${CC:-cc} -O2 -Wall -o "$tstat" "$top/bench/tstat.c"
sockloop=$out/sockloop
${CC:-cc} -O2 -Wall -o "$sockloop" "$top/bench/sockloop.c"
# and find+cat is timed by a wrapper (bench/timed.c)
timed=$out/timed
${CC:-cc} -O2 -Wall -o "$timed" "$top/bench/timed.c"
start=$(date +%s)

# --- what runs -----------------------------------------------------------
# N per workload: "fast" for bare, etrace, perf stat, bpftrace count(); "slow"
# for strace, perf trace, bpftrace printf and etrace -k (2-100 us per call
# here), which get fewer calls;
# every tracer is compared with a bare run of its own N and the added time
# is divided by that N's exact syscall count.
# -k (a stack with every call, in ring mode under a microsecond or two)
# gets the storms of issue 19: 200,000 calls, 4 x 50,000.
if [ "$QUICK" = 1 ]; then
	S1=50000 S1s=2000 S4=12500 S4s=500 MM=10000 MMs=1000 BL=50 BLs=10
	MX=/usr/include/linux MXs=/usr/include/linux/netfilter SK=200
	S1k=20000 S4k=5000
else
	S1=1000000 S1s=20000 S4=250000 S4s=5000 MM=100000 MMs=10000 BL=300 BLs=100
	MX=/usr/include MXs=/usr/include/linux SK=20000
	S1k=200000 S4k=50000
fi
[ -d "$MX" ] || MX=/usr/include
[ -d "$MXs" ] || MXs=$MX
workloads=${WORKLOADS:-"storm1 storm4 mmap bash mixed sock"}
nfast() { case $1 in storm1) echo $S1;; storm4) echo $S4;; mmap) echo $MM;; bash) echo $BL;; mixed) echo $MX;; sock) echo $SK;; fixed) echo 0;; esac; }
nslow() { case $1 in storm1) echo $S1s;; storm4) echo $S4s;; mmap) echo $MMs;; bash) echo $BLs;; mixed) echo $MXs;; sock) echo $SK;; fixed) echo 0;; esac; }
nstack() { case $1 in storm1) echo $S1k;; storm4) echo $S4k;; *) nslow "$1";; esac; }
# the socket loop: etrace's trace to a file, plain and -yy, only
sockm="etrace etrace_yy"

notes=$out/notes.txt
: > "$notes"
fast="etrace etrace_c etrace_nobpf"
# etrace record: the records as read, compressed (no text made)
if "$etrace" -h 2>&1 | grep -q 'etrace record'; then fast="$fast etrace_record"
else echo "etrace record: not in this etrace: mode skipped" >> "$notes"; fi
# its flight recorder: the last 64M kept in memory, written only when a
# process exits non-zero (none does here): what keeping the window costs
if "$etrace" -h 2>&1 | grep -q -- --flight-recorder; then fast="$fast etrace_flight"
else echo "etrace record --flight-recorder: not in this etrace: mode skipped" >> "$notes"; fi
# -yy: what each fd referred to, read in the kernel at every call
if "$etrace" -h 2>&1 | grep -q -- -yy; then fast="$fast etrace_yy"
else echo "etrace -yy: not in this etrace: mode skipped" >> "$notes"; fi
slow="" stackm=""
if "$etrace" -h 2>&1 | grep -q -- --stack; then
	# a stack with every call: its own N (nstack)
	stackm="etrace_stack"
	if "$etrace" -h 2>&1 | grep -q -- --stack=fp; then fast="$fast etrace_stackfp"; fi
else
	echo "etrace --stack: not in this etrace (./etrace -h has no --stack): mode skipped" >> "$notes"
fi
fast="$fast perf_stat"
if command -v strace >/dev/null; then slow="$slow strace strace_c"
else echo "strace: not installed: skipped" >> "$notes"; fi
slow="$slow perf_trace perf_trace_s"
if command -v bpftrace >/dev/null; then fast="$fast bpftrace_c" slow="$slow bpftrace"
else echo "bpftrace: not installed: skipped" >> "$notes"; fi
# etrace-only rows (storm1 only): a storm of a syscall that is not
# traced; a storm by a task that --comm does not select (decided before
# anything is written); -Z on a storm of calls that all succeed (held
# until their exit, then dropped: nothing written, nothing lost)
extra="etrace_untraced perf_stat_untraced"
if "$etrace" -h 2>&1 | grep -q -- --comm; then extra="$extra etrace_comm_other etrace_failed"
else echo "etrace --comm: not in this etrace: its rows skipped" >> "$notes"; fi
# the spawn report (stacks at fork and exec only) on the fork storm, with
# more forks than the other modes: what it costs per stack is what a
# storm pays after the one-time loading of bash's and libc's symbols
spawnm="" SP=2000
[ "$QUICK" = 1 ] && SP=200
if "$etrace" -h 2>&1 | grep -q -- --spawns; then spawnm="etrace_spawns"
else echo "etrace --spawns: not in this etrace: mode skipped" >> "$notes"; fi
# Python frames: -k on a Python loop of os.getppid(), and -k without them
pym="" PYN=100000
[ "$QUICK" = 1 ] && PYN=2000
if [ -x /usr/bin/python3.11 ] && "$etrace" -h 2>&1 | grep -q -- --no-python-frames; then
	pym="etrace_stack etrace_stack_nopy"
else
	echo "etrace -k's Python frames: no /usr/bin/python3.11, or not in this etrace: mode skipped" >> "$notes"
fi
# BASE: the base build in each etrace mode it has too (base_c for
# etrace_c); not record's (its report is etrace's) nor the Python modes
if [ -n "$base" ]; then
	bh=$("$base" -h 2>&1)
	with_base() {	# modes...
		for m in "$@"; do
			echo "$m"
			case $m in
			etrace_record|etrace_flight|etrace_stack_nopy) continue ;;
			etrace_yy) echo "$bh" | grep -q -- -yy || continue ;;
			etrace_stack|etrace_spawns)
				echo "$bh" | grep -q -- --stack || continue ;;
			etrace_stackfp) echo "$bh" | grep -q -- --stack=fp || continue ;;
			etrace_comm_other|etrace_failed)
				echo "$bh" | grep -q -- --comm || continue ;;
			etrace*) ;;
			*) continue ;;
			esac
			echo "base${m#etrace}"
		done | tr '\n' ' '
	}
	fast=$(with_base $fast) slow=$(with_base $slow) stackm=$(with_base $stackm)
	extra=$(with_base $extra) sockm=$(with_base $sockm)
	spawnm=$(with_base $spawnm)
fi
# one long system-wide run, for etrace's memory over time (not in rounds)
SYSWIDE=${SYSWIDE:-60}
[ "$QUICK" = 1 ] && SYSWIDE=${SYSWIDE_QUICK:-5}

# exit and exit_group never return: -c summaries do not count them
case $(uname -m) in
aarch64|riscv64) noreturn='id == 93 || id == 94' ;;
*) noreturn='id == 60 || id == 231' ;;
esac

# bpftrace: the command and everything it forks (by process id; the
# workloads' processes are single-threaded but for the storms' threads,
# which share the process id)
bt_follow='BEGIN { @f[cpid] = 1; }
tracepoint:sched:sched_process_fork /@f[pid]/ { @f[args->child_pid] = 1; }'

# bpftrace -c splits its command at spaces, without quotes: give it a
# script (whose sh start-up is a few dozen calls more for bpftrace to see)
bt_script() {
	{
		printf "exec"
		for a in "$@"; do printf " '%s'" "$(printf '%s' "$a" | sed "s/'/'\\\\''/g")"; done
		echo
	} > "$tmp/wl"
	chmod +x "$tmp/wl"
}

# --- one measured run ----------------------------------------------------
# measure ROUND WORKLOAD MODE N [PAIR]: appends one line to raw.tsv; PAIR:
# the tracer mode whose run a bare run is next to (else the mode itself)
measure() {
	r=$1 wl=$2 mode=$3 n=$4 pair=${5:-$3}
	f=$tmp/trace.out
	# base_X: the base build as etrace_X (raw.tsv keeps base_X)
	bin=$etrace mode0=$mode
	case $mode in base*) bin=$base mode=etrace${mode#base} ;; esac
	rm -f "$f" "$tmp/err" "$tmp/m" "$tmp/loop"
	case $wl in
	storm1|fixed) set -- "$storm" "$n" ;;
	storm4) set -- "$storm" "$n" 4 ;;
	mmap) set -- "$storm" "$n" 1 mmap ;;
	bash) set -- bash -c "for i in \$(seq $n); do dirname /a/b >/dev/null; done" ;;
	mixed) set -- "$timed" find "$n" -name '*.h' -exec cat {} + ;;	# stdout: /dev/null
	sock) set -- "$sockloop" "$n" ;;
	pyloop) set -- /usr/bin/python3.11 -c "import os
for i in range($n): os.getppid()" ;;
	# n seconds of forks, file reads and a thread storm, while etrace -a
	# traces the whole machine
	syswide) set -- bash -c "end=\$((SECONDS + $n))
		while [ \$SECONDS -lt \$end ]; do
			dirname /a/b >/dev/null
			find /usr/include/linux -name '*.h' -exec cat {} + >/dev/null
			$storm 5000 4
		done" ;;
	esac
	case $mode in
	bare|ref)	;;
	etrace)		set -- "$bin" -f -q -o "$f" -- "$@" ;;
	etrace_c)	set -- "$bin" -c -f -q -o "$f" -- "$@" ;;
	etrace_nobpf)	set -- "$bin" --no-bpf -f -q -o "$f" -- "$@" ;;
	etrace_record)	set -- "$bin" record -f -q -o "$f" -- "$@" ;;
	etrace_flight)	set -- "$bin" record --flight-recorder 64M \
			--trigger 'exit!=0' -f -q -o "$f" -- "$@" ;;
	etrace_yy)	set -- "$bin" -yy -f -q -o "$f" -- "$@" ;;
	# stack modes without -q: etrace says how many stacks it unwound
	etrace_stack)	set -- "$bin" -k -f -o "$f" -- "$@" ;;
	etrace_stack_nopy) set -- "$bin" -k --no-python-frames -f -o "$f" -- "$@" ;;
	etrace_spawns)	set -- "$bin" --spawns -f -o "$f" -- "$@" ;;
	etrace_a)	set -- "$bin" -a -q -o "$f" -- "$@" ;;
	etrace_a_spawns) set -- "$bin" -a --spawns -o "$f" -- "$@" ;;
	etrace_stackfp)	set -- "$bin" --stack=fp -f -q -o "$f" -- "$@" ;;
	etrace_untraced) set -- "$bin" -e trace=openat -f -q -o "$f" -- "$@" ;;
	# (the selection is the machine's while the storm runs; -a says so)
	etrace_comm_other) set -- "$bin" -a --comm other -q -o "$f" -- "$@" ;;
	etrace_failed)	set -- "$bin" -Z -f -q -o "$f" -- "$@" ;;
	strace)		set -- strace -f -o "$f" "$@" ;;
	strace_c)	set -- strace -c -f -o "$f" "$@" ;;
	perf_trace)	set -- perf trace -o "$f" -- "$@" ;;
	perf_trace_s)	set -- perf trace -s -o "$f" -- "$@" ;;
	perf_stat)	set -- perf stat -e raw_syscalls:sys_enter -x, -o "$f" -- "$@" ;;
	# the kernel's own cost of a syscall tracepoint on, for calls it skips
	perf_stat_untraced)
		# (entry and exit: a tracer that shows what calls return
		# needs both, and each costs every syscall its probe)
		set -- perf stat -e syscalls:sys_enter_openat \
			-e syscalls:sys_exit_openat -x, -o "$f" -- "$@" ;;
	bpftrace)	bt_script "$@"
		set -- bpftrace -q -o "$f" -e "$bt_follow
tracepoint:raw_syscalls:sys_exit /@f[pid]/ { printf(\"%d %d %d\\n\", tid, args->id, args->ret); }
END { clear(@f); }" -c "/bin/sh $tmp/wl" ;;
	bpftrace_c)	bt_script "$@"
		set -- bpftrace -q -o "$f" -e "$bt_follow
tracepoint:raw_syscalls:sys_enter /@f[pid]/ { @n = count(); }
END { clear(@f); }" -c "/bin/sh $tmp/wl" ;;
	esac
	if [ "$mode" = ref ]; then	# the exact count: perf stat on a bare run
		set -- perf stat -e raw_syscalls:sys_enter -e raw_syscalls:sys_enter \
			--filter "$noreturn" -x, -o "$f" -- "$@"
	fi
	st=0 lost=0 stacks=-
	"$tstat" "$tmp/m" -- "$@" >/dev/null 2>"$tmp/err" </dev/null || st=$?
	case $mode in
	bare)	rep=- ;;
	etrace|etrace_nobpf|etrace_yy|etrace_stack*|etrace_untraced|etrace_a|etrace_comm_other|etrace_failed|strace)
		# calls: every line but "<... resumed>" halves, +++ and --- lines
		# and " > " stack frames
		rep=$(grep -c -v -e 'resumed>' -e '^[0-9]* *+++ ' -e '^[0-9]* *--- ' \
			-e '^[0-9]* *> ' "$f" || true) ;;
	etrace_c|strace_c)
		rep=$(awk '$NF == "total" { print $4 }' "$f") ;;
	etrace_record)
		# calls: the report's lines, counted as etrace's; the file's
		# size per call to record_bytes.tsv (the mark: <= 32 bytes)
		"$etrace" report -i "$f" -o "$f.txt" 2>/dev/null
		rep=$(grep -c -v -e 'resumed>' -e '^[0-9]* *+++ ' -e '^[0-9]* *--- ' \
			"$f.txt" || true)
		printf '%s\t%s\t%s\t%s\t%s\n' "$r" "$wl" "$n" "$(stat -c %s "$f")" \
			"$rep" >> "$out/record_bytes.tsv"
		rm -f "$f.txt" ;;
	etrace_flight)	# dumps written: none, unless a process exited non-zero
		rep=0
		[ -e "$f.1" ] && rep=$(ls "$f".* | wc -l)
		rm -f "$f".* ;;
	etrace_spawns|etrace_a_spawns)	# processes the report counted
		rep=$(sed -n 's/^etrace: \([0-9]*\) process.* started in .*/\1/p' "$f") ;;
	perf_trace)	# calls: lines but the "... [continued]:" halves
		rep=$(awk '/^ *([0-9]+\.[0-9]+|\?) \(/ && !/\[continued\]/ { n++ } END { print n + 0 }' "$f") ;;
	perf_trace_s)
		rep=$(awk '/^ +[a-z_0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+ / { n += $2 } END { print n + 0 }' "$f") ;;
	perf_stat)
		rep=$(awk -F, '$3 ~ /raw_syscalls:sys_enter/ { print $1 }' "$f") ;;
	perf_stat_untraced)
		rep=$(awk -F, '$3 ~ /sys_enter_openat/ { print $1 }' "$f") ;;
	ref)	# reported: all calls; lost: calls that never return
		rep=$(awk -F, '$3 ~ /raw_syscalls:sys_enter/ { print $1; exit }' "$f")
		lost=$(awk -F, '$3 ~ /raw_syscalls:sys_enter/ && n++ { print $1 }' "$f") ;;
	bpftrace)	rep=$(awk 'NF == 3 && $1 ~ /^[0-9]+$/ { n++ } END { print n + 0 }' "$f") ;;
	bpftrace_c)	rep=$(awk '/^@n:/ { print $2 }' "$f") ;;
	esac
	case $mode in
	etrace*)	lost=$(sed -n 's/^etrace: \([0-9]*\) records lost.*/\1/p' "$tmp/err")
		stacks=$(sed -n 's/^etrace: \([0-9]*\) user stacks unwound.*/\1/p' "$tmp/err")
		[ -n "$stacks" ] || stacks=- ;;
	perf_trace*)	lost=$(cat "$f" "$tmp/err" 2>/dev/null |
			awk '{ for (i = 1; i < NF; i++) if ($i == "LOST") s += $(i + 1) } END { print s + 0 }') ;;
	bpftrace*)	lost=$(sed -n 's/.*Lost \([0-9]*\) events.*/\1/p' "$tmp/err" | awk '{ s += $1 } END { print s + 0 }') ;;
	esac
	[ -n "$rep" ] || rep=?
	[ -n "$lost" ] || lost=0
	if [ "$st" != 0 ] || grep -q -e 'malformed' "$tmp/err"; then
		echo "round $r $wl $mode0 N=$n: exit status $st: $(head -c 300 "$tmp/err" | tr '\n' ' ')" >> "$notes"
	fi
	loop=-
	case $wl in storm*|mmap|fixed|mixed|sock) loop=$(cat "$tmp/loop" 2>/dev/null || echo -) ;; esac
	# round workload mode N pair wall_ns status cpu_ns utime stime hwm_kb threads maxrss_kb linger_ns reported lost stacks loop_ns
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$r" "$wl" "$mode0" "$n" "$pair" \
		"$(tr ' ' '\t' < "$tmp/m")" "$rep" "$lost" "$stacks" "$loop" >> "$out/raw.tsv"
	rm -f "$f"
}

# --- the job list of one round -----------------------------------------
# each job is a pair: the tracer run and a bare run of the same workload
# and N, one right after the other (which one first: a coin per job)
jobs() {
	for wl in $workloads; do
		nf=$(nfast $wl) ns=$(nslow $wl) nk=$(nstack $wl)
		if [ "$wl" = sock ]; then
			for m in $fast; do
				case " $sockm " in *" $m "*) echo "$wl $m $nf" ;; esac
			done
			continue
		fi
		for m in $fast; do echo "$wl $m $nf"; done
		for m in $slow; do echo "$wl $m $ns"; done
		for m in $stackm; do echo "$wl $m $nk"; done
		if [ "$wl" = bash ]; then
			for m in $spawnm; do echo "$wl $m $SP"; done
		fi
	done
	case " $workloads " in *" storm1 "*)
		for m in $extra; do echo "storm1 $m $S1"; done
		for m in $pym; do echo "pyloop $m $PYN"; done ;;
	esac
	# each mode's fixed cost (start-up, tear-down): on "storm 0"
	for m in $fast $slow $stackm $extra $spawnm; do echo "fixed $m 0"; done
	case $pym in *nopy*) echo "fixed etrace_stack_nopy 0" ;; esac
}

# how busy the machine is without us: % of all CPUs busy over 2 s
busy() {
	a=$(awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9, $5 + $6 }' /proc/stat)
	sleep 2
	b=$(awk '/^cpu / { print $2 + $3 + $4 + $7 + $8 + $9, $5 + $6 }' /proc/stat)
	echo "$a $b" | awk '{ d = ($3 - $1) + ($4 - $2); printf "%.0f", (d > 0 ? 100 * ($3 - $1) / d : 0) }'
}
busy0=$(busy)

printf 'round\tworkload\tN\tbytes\tcalls\n' > "$out/record_bytes.tsv"
printf 'round\tworkload\tmode\tN\tpair\twall_ns\tstatus\tcpu_ns\tutime_ticks\tstime_ticks\thwm_kb\tthreads\tmaxrss_kb\tlinger_ns\treported\tlost\tstacks\tloop_ns\n' > "$out/raw.tsv"

# exact syscall counts of every (workload, N), which also warms the caches
jobs | awk '{ print $1, $3 }' | sort -u > "$tmp/refs"
while read -r wl n; do
	measure 0 "$wl" ref "$n"
done < "$tmp/refs"

njobs=$(jobs | wc -l)
longest=0 done=0
for round in $(seq "$ROUNDS"); do
	t=$(date +%s)
	if [ $((t - start + longest)) -gt "$BUDGET" ]; then
		echo "stopped after $done of $ROUNDS rounds: another round of up to ${longest} s would pass the ${BUDGET} s budget (BUDGET=)" >> "$notes"
		break
	fi
	jobs | awk -v s="$round" 'BEGIN { srand(s * 7919) } { print rand() "\t" $0 " " int(rand() * 2) }' |
		sort -k1,1 | cut -f2- > "$tmp/round"
	i=0
	# (measure sets r wl mode n: the loop's own are named apart)
	while read -r jw jm jn jb; do
		i=$((i + 1))
		if [ "$jb" = 1 ]; then
			measure "$round" "$jw" bare "$jn" "$jm"
			measure "$round" "$jw" "$jm" "$jn"
		else
			measure "$round" "$jw" "$jm" "$jn"
			measure "$round" "$jw" bare "$jn" "$jm"
		fi
		if [ -t 2 ]; then
			printf '\rround %s/%s: %3s/%s %-8s %-16s %-40s' "$round" "$ROUNDS" \
				"$i" "$njobs" "$jw" "$jm" "$jn" >&2
		fi
	done < "$tmp/round"
	if [ -t 2 ]; then printf '\r' >&2; fi
	done=$round
	if [ $(($(date +%s) - t)) -gt "$longest" ]; then longest=$(($(date +%s) - t)); fi
	echo "bench: round $round/$ROUNDS done ($(($(date +%s) - start)) s)" >&2
done
ROUNDS=$done
# etrace -a for SYSWIDE seconds of a mixed load, traced to a file and in
# the spawn report: its memory after a long run (round -1: not compared
# with a bare run)
if [ "$SYSWIDE" -gt 0 ]; then
	echo "bench: etrace -a for ${SYSWIDE} s, twice" >&2
	measure -1 syswide etrace_a "$SYSWIDE"
	[ -n "$spawnm" ] && measure -1 syswide etrace_a_spawns "$SYSWIDE"
fi
# the soak: etrace -a -k for SOAK seconds; its memory and fds over time
[ "$QUICK" = 1 ] && SOAK=${SOAK:-60} || SOAK=${SOAK:-600}
rm -f "$out/soak.md"
if [ "$SOAK" -gt 0 ]; then
	echo "bench: the soak, etrace -a -k for ${SOAK} s" >&2
	SOAK=$SOAK sh "$top/bench/soak.sh" > /dev/null ||
		echo "the soak (bench/soak.sh) failed" >> "$notes"
fi
end=$(date +%s)
busy1=$(busy)

cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)
{
	echo "# etrace benchmarks"
	echo
	echo "Machine: $(nproc) CPUs ($cpu), kernel $(uname -r);" \
		"$("$etrace" -V 2>&1 | head -1) ($(git -C "$top" describe --always --dirty 2>/dev/null || echo 'no git')), $(strace -V 2>/dev/null | head -1 | sed 's/ -- version//')," \
		"$(perf version 2>/dev/null)$(command -v bpftrace >/dev/null && echo ", $(bpftrace --version)")."
	echo "$ROUNDS interleaved rounds$([ "$QUICK" = 1 ] && echo ' (QUICK: smoke test, numbers are not meaningful)'), $(date -u '+%Y-%m-%d %H:%M UTC'), suite runtime $((end - start)) s."
	echo "Other load: ${busy0}% of the CPUs were busy in the 2 s before the suite, ${busy1}% in the 2 s after it."
	if [ "$busy0" -gt 10 ] || [ "$busy1" -gt 10 ]; then
		echo "**The machine was not idle: other processes competed with every run; expect wide spreads.**"
	fi
	echo
} > "$out/results.md"
awk -v notes="$notes" -v tsv="$out/results.tsv" -f "$top/bench/report.awk" \
	"$out/raw.tsv" >> "$out/results.md"
# etrace record's file: bytes per call shown, after compression, the
# largest over rounds of each workload (the mark: <= 32)
awk -F'\t' 'NR > 1 && $5 > 0 && $2 != "fixed" {
	b = $4 / $5
	if (!($2 in max) || b > max[$2]) max[$2] = b
	if (!($2 in ord)) ord[$2] = ++n
}
END {
	if (!n) exit
	print ""
	print "#### etrace record: bytes a call in its file (zstd), worst round"
	print ""
	print "| workload | bytes per call shown | mark | verdict |"
	print "|---|---:|---|---|"
	for (w in ord) name[ord[w]] = w
	for (i = 1; i <= n; i++)
		printf "| %s | %.1f | <= 32 | %s |\n", name[i], max[name[i]],
			(max[name[i]] <= 32 ? "PASS" : "**FAIL**")
}' "$out/record_bytes.tsv" >> "$out/results.md"
if [ -f "$out/soak.md" ]; then
	echo >> "$out/results.md"
	cat "$out/soak.md" >> "$out/results.md"
fi
rm -rf "$tmp"
echo
cat "$out/results.md"
