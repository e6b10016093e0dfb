# SPDX-License-Identifier: GPL-2.0-or-later
# etrace record, then etrace report (tracer/recfile/):
#  - the strace oracle on the report of a recording (tests/parity.sh -R)
#    for the files, procs, signals and threads families: the report is
#    strace's trace but for the known differences, as the live trace is;
#  - -c on tests/progs/files: the rows (calls, errors) of the live
#    etrace -c; -C: the table after the trace; -e trace= at report time:
#    only the selected rows; -c --json: rows;
#  - JSON (-j) of fam_files: the live etrace -j's, masking only what
#    differs between two runs (times, pids, addresses, free blocks);
#  - report-time filters on one recording: -e trace=openat,close, -Z and
#    --max-events 5 give the live etrace -e trace=openat,close / -Z /
#    --max-events 5 trace of the same
#    program (masked as above); -p PID the lines of that process in the
#    whole report (calls cut by others' lines joined);
#  - -e sched:sched_process_exec: its lines as live (pids masked);
#  - a call open when etrace is stopped (SIGINT while the command blocks
#    in openat of a FIFO): "<detached ...>", the whole trace as live;
#    etrace killed (SIGKILL) there instead: the cut recording, read
#    while etrace waits and after, has the same trace, then names where
#    it was cut, exit 1;
#  - -ttt: the recording's clock, not the report's (between the times
#    before and after the record; and a recording rewritten with its
#    clock offset a day later, by python and zstd(1) as README's format
#    says, prints its times a day later, the rest the same);
#  - -e trace=execve,openat,close at record time: the oracle again (the
#    command's execve entry came before the events);
#  - record -k: the report's stacks are the live -k's, frame for frame;
#    --spawns, --stack=folded, --flamegraph, --timeline and --stack=perf
#    from it are the live ones;
#    a program rewritten in place since (same inode) is not unwound;
#  - refused, one line and exit 1: report -k, -y (not recorded),
#    --spawns of a recording without stacks, a command, no -i, -o the recording itself (left
#    intact); record -c, no -o, -k with -p or -a, --stack=fp;
#    report -p with -c; a record whose
#    setup fails leaves its file as it was;
#  - a recording cut in the middle reports the whole report's first
#    lines, then one line naming the offset, exit 1; a flipped byte and
#    a wrong magic are one line naming where, exit 1;
#  - the file is made 0600, never through a symlink another user
#    planted in a sticky directory (out.c's rule, as -o).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
cd "$WORK" || fail "no work directory"

for fam in files procs signals threads; do
	ORACLE_FLAGS=-R oracle_family "$fam"
done
# a few syscalls: their own tracepoints, the command's execve entry
# before the events (the recording keeps how it was started)
echo "== fam_files -e trace=execve,openat,close"
sh "$TOP/tests/parity.sh" -c -R -e trace=execve,openat,close -w "$WORK/sel" \
	-n fam_files -- "$PROGS/fam_files" ||
	soft_fail "fam_files -e trace=execve,openat,close: the report is not strace's"

# "name calls errors" rows of a -c table (flags_summary.sh's)
rows() {	# file
	awk '/^-+ /||/^% time/||/^$/||/^--- / { next } /: ns +: count/ { exit }
	     $NF == "total" { next }
	     { n = $NF; c = $4; e = (NF == 6 || NF == 8) ? $5 : 0; print n, c, e }' "$1"
}
rm -rf d && "$ETRACE" -q -c -o live.c -- "$PROGS/files" d > /dev/null ||
	soft_fail "etrace -c exited $?"
rm -rf d && "$ETRACE" record -q -o files.etr -- "$PROGS/files" d > /dev/null ||
	soft_fail "etrace record exited $?"
"$ETRACE" report -i files.etr -c -o rep.c || soft_fail "report -c exited $?"
rows live.c | sort > live.rows
rows rep.c | sort > rep.rows
[ -s live.rows ] || soft_fail "etrace -c printed no rows"
soft_same live.rows rep.rows "-c: rows of the report (live etrace -c vs report -c)"
"$ETRACE" report -i files.etr -C -o rep.C || soft_fail "report -C exited $?"
awk '/^% time/ { t = 1 } t' rep.C > rep.C.table
rows rep.C.table | sort > rep.C.rows
soft_same live.rows rep.C.rows "-C: the table after the trace"
grep -q '^openat(' rep.C || soft_fail "-C: no trace before the table"
"$ETRACE" report -i files.etr -c -e trace=openat,close -o rep.c2 ||
	soft_fail "report -c -e trace= exited $?"
grep -E '^(openat|close) ' live.rows > live.rows2
rows rep.c2 | sort > rep.rows2
soft_same live.rows2 rep.rows2 "-c -e trace=openat,close: only those rows"

# JSON, masked: what differs between two runs of one program
jnorm() {	# json-file
	python3 -c '
import json, re, sys
pids = {}
hexre = re.compile(r"0x[0-9a-f]{5,}")
free = re.compile(r"(f_bfree|f_bavail|f_ffree)=[0-9]+")
def pid(v):
    return pids.setdefault(v, "P%d" % len(pids))
def norm(o):
    if isinstance(o, dict):
        r = {}
        for k, v in o.items():
            if k in ("ts", "mono_ns", "duration_ns"):
                continue
            if k in ("pid", "tid") and isinstance(v, int):
                v = pid(v)
            elif k in ("raw", "retval") and isinstance(v, int) and abs(v) >= 1 << 32:
                v = "ADDR"
            elif k == "retval" and v in pids:
                v = pids[v]
            elif k == "ret" and v.isdigit() and int(v) in pids:
                v = pids[int(v)]
            else:
                v = norm(v)
            r[k] = v
        return r
    if isinstance(o, list):
        return [norm(x) for x in o]
    if isinstance(o, str):
        return free.sub(r"\1=N", hexre.sub("0xADDR", o))
    return o
for line in open(sys.argv[1]):
    print(json.dumps(norm(json.loads(line)), sort_keys=True))
' "$1"
}
fresh() {	# run in an empty directory: the paths print the same
	rm -rf run && mkdir run && (cd run && "$@")
}
fresh "$ETRACE" -q -f -j -o "$WORK/live.json" -- "$PROGS/fam_files" > /dev/null
fresh "$ETRACE" record -q -f -o "$WORK/ff.etr" -- "$PROGS/fam_files" > /dev/null ||
	soft_fail "etrace record (fam_files) exited $?"
"$ETRACE" report -i ff.etr -j -o rep.json || soft_fail "report -j exited $?"
jnorm live.json > live.jn || soft_fail "live JSON does not parse"
jnorm rep.json > rep.jn || soft_fail "the report's JSON does not parse"
[ "$(wc -l < live.jn)" -gt 100 ] || soft_fail "live JSON: too few lines"
soft_same live.jn rep.jn "-j: the report's JSON Lines (live etrace -j vs report -j)"
"$ETRACE" report -i files.etr -c -j -o rep.cj || soft_fail "report -c -j exited $?"
grep -q '"type":"summary' rep.cj || soft_fail "report -c -j: no summary rows"

# filters at report time vs the live trace filtered when tracing
tnorm() { sed -E 's/^[0-9]+ +//; s/0x[0-9a-f]{5,}/0xADDR/g; s/(f_bfree|f_bavail|f_ffree)=[0-9]+/\1=N/g' "$1"; }
fresh "$ETRACE" -q -f -e trace=openat,close -o "$WORK/live.sel" -- "$PROGS/fam_files" > /dev/null
"$ETRACE" report -i ff.etr -e trace=openat,close -o rep.sel ||
	soft_fail "report -e trace= exited $?"
tnorm live.sel > live.seln
tnorm rep.sel > rep.seln
[ "$(grep -c '^openat(' live.seln)" -gt 5 ] || soft_fail "live -e trace=openat: too few lines"
soft_same live.seln rep.seln "-e trace=openat,close at report time (vs live)"
fresh "$ETRACE" -q -f -Z -o "$WORK/live.Z" -- "$PROGS/fam_files" > /dev/null
"$ETRACE" report -i ff.etr -Z -o rep.Z || soft_fail "report -Z exited $?"
tnorm live.Z > live.Zn
tnorm rep.Z > rep.Zn
soft_same live.Zn rep.Zn "-Z at report time (vs live)"
# --max-events: the report ends where the live trace ends
fresh "$ETRACE" -q -f --max-events 5 -o "$WORK/live.max" -- "$PROGS/fam_files" > /dev/null
"$ETRACE" report -i ff.etr --max-events 5 -o rep.max || soft_fail "report --max-events exited $?"
# (live, the command's exit line follows when it ended before etrace
# read the fifth call: a matter of timing; the report stops at the fifth)
tnorm live.max | head -n 5 > live.maxn
tnorm rep.max > rep.maxn
[ "$(wc -l < live.maxn)" = 5 ] || soft_fail "live --max-events 5: not 5 lines"
soft_same live.maxn rep.maxn "--max-events 5 at report time (vs live's first 5 lines)"
rm -rf d1 d2
"$ETRACE" record -q -f -o two.etr -- sh -c "\"$PROGS/files\" d1; \"$PROGS/files\" d2" \
	> /dev/null || soft_fail "etrace record (two programs) exited $?"
"$ETRACE" report -i two.etr -o two.all || soft_fail "report exited $?"
p2=$(grep 'execve(".*/files", \[.*, "d2"\]' two.all | awk '{print $1}')
[ -n "$p2" ] || soft_fail "no execve of the second program in the report"
# (calls cut by other processes' lines are whole when those are not shown)
joined two.all | awk -F '\t' -v p="$p2" '$1 == p' > two.grep
"$ETRACE" report -i two.etr -p "$p2" -o two.p || soft_fail "report -p exited $?"
joined two.p > two.pj
[ "$(wc -l < two.grep)" -gt 20 ] || soft_fail "-p PID: too few lines of $p2"
soft_same two.grep two.pj "-p PID: that process's lines of the whole report"

# another tracepoint's lines: its fields by the format the recording kept
pnorm() { sed -E 's/^[0-9]+ +//; s/pid=[0-9]+/pid=N/g; s/0x[0-9a-f]{5,}/0xADDR/g; s/[0-9]{4,}/N/g' "$1"; }
"$ETRACE" -q -f -e trace=execve -e sched:sched_process_exec -o ev.live -- \
	sh -c /bin/true || soft_fail "etrace -e sched:sched_process_exec exited $?"
"$ETRACE" record -q -f -e trace=execve -e sched:sched_process_exec \
	-o ev.etr -- sh -c /bin/true || soft_fail "record -e SYS:EVENT exited $?"
"$ETRACE" report -i ev.etr -o ev.rep || soft_fail "report (-e SYS:EVENT) exited $?"
pnorm ev.live > ev.liven
pnorm ev.rep > ev.repn
grep -q '^sched:sched_process_exec(filename="/bin/true"' ev.repn ||
	soft_fail "-e sched:sched_process_exec: no event line in the report"
soft_same ev.liven ev.repn "-e sched:sched_process_exec: the report vs live"

# -ttt: the recording's clock
t0=$(date +%s)
"$ETRACE" record -q -o t.etr -- /bin/true || soft_fail "record exited $?"
t1=$(date +%s)
sleep 1.2
"$ETRACE" report -i t.etr -ttt -o t.out || soft_fail "report -ttt exited $?"
ts=$(awk 'NR == 1 { sub(/\..*/, "", $1); print $1 }' t.out)
[ -n "$ts" ] && [ "$ts" -ge "$t0" ] && [ "$ts" -le "$t1" ] ||
	soft_fail "-ttt: the first line's time $ts is not within the record's [$t0, $t1]"

# ... even when the machine's clocks moved since: the recording's
# offset from CLOCK_MONOTONIC to CLOCK_REALTIME (STATE, README's format)
# made a day later by another writer of the format (python, zstd(1))
"$ETRACE" report -i t.etr -ttt -o t.out0 || soft_fail "report -ttt exited $?"
python3 - t.etr t.day.etr <<'PY' || soft_fail "cannot rewrite the recording"
import struct, subprocess, sys
raw = open(sys.argv[1], "rb").read()
body = bytearray(subprocess.run(["zstd", "-dcq"], input=raw[16:],
                                capture_output=True, check=True).stdout)
kind, pad, ring, ln = struct.unpack_from("<BBHI", body, 0)
assert kind == 1
off = struct.unpack_from("<q", body, 16)[0]
struct.pack_into("<q", body, 16, off + 86400 * 10**9)
z = subprocess.run(["zstd", "-cq"], input=bytes(body), capture_output=True,
                   check=True).stdout
open(sys.argv[2], "wb").write(raw[:16] + z)
PY
"$ETRACE" report -i t.day.etr -ttt -o t.out1 || soft_fail "report of the rewritten recording exited $?"
a0=$(awk 'NR == 1 { sub(/\..*/, "", $1); print $1 }' t.out0)
a1=$(awk 'NR == 1 { sub(/\..*/, "", $1); print $1 }' t.out1)
[ -n "$a0" ] && [ -n "$a1" ] && [ $((a1 - a0)) = 86400 ] ||
	soft_fail "-ttt: the recording's clock offset a day later moves the time by $((a1 - a0)) s, not 86400"
sed -E 's/^[0-9.]+ //' t.out0 > t.rest0
sed -E 's/^[0-9.]+ //' t.out1 > t.rest1
soft_same t.rest0 t.rest1 "the trace of the rewritten recording but for the times"

# a call open when tracing stops (SIGINT to etrace while its command
# blocks in openat of a FIFO nobody opens): detached, as live
detached() {	# out-file tracer-words...
	_out=$1
	shift
	rm -f fifo && mkfifo fifo
	"$ETRACE" "$@" -- sh -c 'exec cat fifo' &
	_et=$!
	_kid=""
	wait_until 60 sh -c "[ -n \"\$(cat /proc/$_et/task/*/children 2>/dev/null)\" ]"
	_kid=$(cat /proc/$_et/task/*/children 2>/dev/null | awk '{print $1}')
	wait_until 60 in_syscall "$_kid" 257 || soft_fail "$_out: cat is not in openat"
	kill -INT $_et
	wait $_et
	kill -KILL "$_kid" 2> /dev/null
}
detached det.live -q -o det.live
detached det.etr record -q -o det.etr
"$ETRACE" report -i det.etr -o det.rep || soft_fail "report (detached) exited $?"
grep -q '^openat(AT_FDCWD, "fifo", O_RDONLY <detached ...>$' det.rep ||
	{ tail -3 det.rep >&2; soft_fail "the report has no detached openat"; }
# (the calls in order, and the last line whole: pids and random bytes
# differ between the runs)
sed 's/(.*//' det.live > det.liven
sed 's/(.*//' det.rep > det.repn
soft_same det.liven det.repn "a call open at the end: the calls of the report vs live"
tail -n 1 det.live > det.livel
tail -n 1 det.rep > det.repl
soft_same det.livel det.repl "a call open at the end: its line"

# a recording cut by etrace's death (SIGKILL while its command blocks in
# openat of a FIFO): what etrace read is on disk within moments
# (recfile_write.c flushes at most every 200 ms, read rounds come every
# 100 ms), so the cut file, reported while etrace still waits, then
# after the kill, has the whole trace up to the openat (the calls and
# the last line of the stopped recording's report), then says where it
# was cut, exit 1
cut_has_open() {
	"$ETRACE" report -i cut.etr -o cut.rep 2> cut.err
	grep -q '^openat(AT_FDCWD, "fifo", O_RDONLY <detached ...>$' cut.rep
}
rm -f fifo && mkfifo fifo
"$ETRACE" record -q -o cut.etr -- sh -c 'exec cat fifo' &
_et=$!
wait_until 60 sh -c "[ -n \"\$(cat /proc/$_et/task/*/children 2>/dev/null)\" ]"
_kid=$(cat /proc/$_et/task/*/children 2>/dev/null | awk '{print $1}')
wait_until 60 cut_has_open ||
	{ cat cut.err >&2; soft_fail "the recording being written has no openat of the FIFO"; }
kill -KILL $_et
wait $_et
kill -KILL "$_kid" 2> /dev/null
"$ETRACE" report -i cut.etr -o cut.rep 2> cut.err
[ $? = 1 ] || soft_fail "report of a recording cut by SIGKILL did not exit 1"
grep -q '^etrace: report: cut.etr: truncated at byte [0-9]* of the record stream: the recording has no end$' cut.err ||
	{ cat cut.err >&2; soft_fail "report of a cut recording: no line naming where"; }
sed 's/(.*//' cut.rep > cut.repn
soft_same det.repn cut.repn "a recording cut by SIGKILL: its calls vs the stopped recording's"
tail -n 1 cut.rep > cut.repl
soft_same det.repl cut.repl "a recording cut by SIGKILL: its last line"

# -k: the stacks a report unwinds from the recording's stack bytes are
# the live trace's, frame for frame (tests/progs/context: a thread, then
# the main thread; its lines and stacks are the same in every run, the
# tids aside)
"$ETRACE" record -k -f -e trace=openat,close -o k.etr "$PROGS/context" \
	2> k.rec.err || { cat k.rec.err >&2; soft_fail "record -k failed"; }
"$ETRACE" report -i k.etr -o k.rep 2> k.rep.err ||
	{ cat k.rep.err >&2; soft_fail "report of a -k recording failed"; }
"$ETRACE" -k -f -e trace=openat,close -o k.live "$PROGS/context" \
	2> k.live.err || { cat k.live.err >&2; soft_fail "live -k failed"; }
sed -E 's/^[0-9]+ +/TID /' k.live > k.live.m
sed -E 's/^[0-9]+ +/TID /' k.rep > k.rep.m
grep -q '^ > .*/context(thread+' k.live.m ||
	soft_fail "live -k: no stack of the thread"
soft_same k.live.m k.rep.m "report of record -k vs live -k"
# --spawns, --stack=folded, --flamegraph, --timeline from a -k recording:
# the live ones of the same program (tests/progs/spawnloop: 20
# posix_spawns of /bin/true from spawn_loop; its calls and stacks are the
# same in every run, when no record is lost: -m 64M, and each run must
# say it lost none)
nolost() {	# what stderr-file
	! grep -q 'lost' "$2" || { cat "$2" >&2; soft_fail "$1: records lost"; }
}
"$ETRACE" record -m 64M -k -f -q -o sp.etr "$PROGS/spawnloop" 20 \
	2> sp.rec.err || { cat sp.rec.err >&2; soft_fail "record -k of spawnloop failed"; }
nolost "record -k of spawnloop" sp.rec.err
live() {	# what output-options...
	_lw=$1
	shift
	"$ETRACE" -m 64M "$@" "$PROGS/spawnloop" 20 2> sp.err ||
		soft_fail "live $_lw exited $?"
	nolost "live $_lw" sp.err
}
rep() {	# what report-options...
	_rw=$1
	shift
	"$ETRACE" report -i sp.etr "$@" 2> sp.err ||
		soft_fail "report $_rw exited $?"
	nolost "report $_rw" sp.err
}
# the spawn report: the parent's pid, the rate and the times masked
mask_spawns() {	# file
	sed -E 's/ pid [0-9]+/ pid P/; s/^    [0-9.]+\/s.*/    RATE/;
		s/ in [0-9.]+ s, / in T s, /' "$1"
}
rep --spawns --spawns -o sp.rep
live --spawns -f --spawns -o sp.live
grep -qx 'true x20 <- spawnloop' sp.live || soft_fail "live --spawns: no group"
mask_spawns sp.live > sp.live.m
mask_spawns sp.rep > sp.rep.m
soft_same sp.live.m sp.rep.m "report --spawns vs live --spawns"
# the folded lines and the SVG whole
rep --stack=folded --stack=folded -o sp.rep.f
live --stack=folded -f --stack=folded -o sp.live.f
grep -q ';spawn_loop;posix_spawn;' sp.live.f ||
	soft_fail "live --stack=folded: no spawn_loop stack"
soft_same sp.live.f sp.rep.f "report --stack=folded vs live"
rep --flamegraph --flamegraph sp.rep.svg -o /dev/null
live --flamegraph -f --flamegraph sp.live.svg -o /dev/null
grep -q '<svg ' sp.live.svg || soft_fail "live --flamegraph: no SVG"
soft_same sp.live.svg sp.rep.svg "report --flamegraph vs live"
# the timeline: the live -k timeline's events, args and stacks; sorted
# (the children's events interleave with the parent's as each run went)
# and with what a run chooses masked: pids, times, addresses, the
# children's pids in returns, wait4's argument and SIGCHLD's siginfo
# (its clock ticks with their seconds: a child's one tick is 0.01 s)
mask_tl() {	# file
	sed -E 's/"(pid|tid)":[0-9]+/"\1":P/g; s/"(ts|dur)":[0-9.]+/"\1":T/g
		s/0x[0-9a-f]+/0xA/g; s/si_pid=[0-9]+/si_pid=N/
		s/si_([us])time=[0-9]+( \/\* [0-9.]+ s \*\/)?/si_\1time=N/g
		s/("name":"(clone3|set_tid_address|wait4)".*"return":")[0-9]+"/\1N"/
		s/("name":"wait4","args":\{"args":")[0-9]+/\1N/' "$1" | sort
}
rep --timeline --timeline sp.rep.json -o /dev/null
live --timeline -k -f --timeline sp.live.json -o /dev/null
grep -q '"name":"clone3".*spawn_loop' sp.live.json ||
	soft_fail "live --timeline: no clone3 with its stack"
mask_tl sp.live.json > sp.live.tl
mask_tl sp.rep.json > sp.rep.tl
soft_same sp.live.tl sp.rep.tl "report --timeline vs live"
# --stack=perf (perf script's text): the live run's samples, each one
# line, sorted and masked as the timeline
mask_perf() {	# file
	awk 'BEGIN { RS = ""; ORS = "\n" } { gsub(/\n/, "|"); print }' "$1" |
	sed -E 's/^[^ ]+ [0-9]+\/[0-9]+ [0-9.]+:/EV:/; s/0x[0-9a-f]+/0xA/g
		s/(clone3|set_tid_address|wait4)\((.*)\) = [0-9]+/\1(\2) = N/
		s/wait4\([0-9]+/wait4(N/; s/si_pid=[0-9]+/si_pid=N/
		s/si_([us])time=[0-9]+( \/\* [0-9.]+ s \*\/)?/si_\1time=N/g' | sort
}
rep --stack=perf --stack=perf -o sp.rep.perf
live --stack=perf -k -f --stack=perf -o sp.live.perf
grep -q 'spawn_loop' sp.live.perf || soft_fail "live --stack=perf: no spawn_loop frame"
mask_perf sp.live.perf > sp.live.pm
mask_perf sp.rep.perf > sp.rep.pm
soft_same sp.live.pm sp.rep.pm "report --stack=perf vs live"

# a program rewritten in place after its recording (same inode, other
# code): the report does not read its new code as the old one's, its
# frames are offsets and the stacks end there, cut
cp "$PROGS/context" kprog
"$ETRACE" record -k -e trace=openat -o kprog.etr ./kprog 2> /dev/null ||
	soft_fail "record -k of a copy failed"
"$ETRACE" report -i kprog.etr -o kprog.before 2> /dev/null
grep -q '^ > .*/kprog(loop+' kprog.before ||
	soft_fail "report -k: no kprog(loop+...) frame before the rewrite"
cat "$PROGS/storm" > kprog
"$ETRACE" report -i kprog.etr -o kprog.after 2> /dev/null
grep '^ > .*/kprog(' kprog.after | grep -v '/kprog(+0x' > kprog.named
[ ! -s kprog.named ] ||
	{ head -3 kprog.named >&2; soft_fail "report -k named frames of a rewritten program"; }
grep -q '^ > \[stack cut: no unwind info at .*/kprog+0x' kprog.after ||
	soft_fail "report -k: the rewritten program's stacks not cut"

# -h: the help, exit 0 (no recording needed)
"$ETRACE" report -h > help.out || soft_fail "report -h exited $?"
grep -q '^       etrace report -i FILE' help.out || soft_fail "report -h: no usage"

# refused: one line, exit 1
refused() {	# what etrace-args...
	_what=$1
	shift
	"$ETRACE" "$@" > ref.out 2> ref.err
	_rc=$?
	[ $_rc = 1 ] || soft_fail "$_what: exit $_rc, not 1"
	[ "$(wc -l < ref.err)" = 1 ] && grep -q '^etrace: ' ref.err ||
		{ cat ref.err >&2; soft_fail "$_what: not one line on stderr"; }
	[ ! -s ref.out ] || soft_fail "$_what: printed on stdout"
}
refused "report -k" report -i files.etr -k
refused "report -y" report -i files.etr -y
refused "report --spawns" report -i files.etr --spawns
refused "report with a command" report -i files.etr /bin/true
refused "report without -i" report -c
refused "report -p with -c" report -i two.etr -p 1 -c
refused "report of no file" report -i nonexistent.etr
cp files.etr files.copy
refused "report -o the recording" report -i files.etr -o files.etr
cmp -s files.etr files.copy || soft_fail "report -o the recording changed it"
refused "record -c" record -c -o x.etr -- /bin/true
refused "record without -o" record -- /bin/true
refused "record -k -p" record -k -o x.etr -p 1
refused "record -k -a" record -k -a -o x.etr
refused "record --stack=fp" record --stack=fp -o x.etr -- /bin/true
[ ! -e x.etr ] || soft_fail "a refused record made its file"
# a setup that fails leaves the file as it was
echo keep > kept.etr
"$ETRACE" record -q -o kept.etr -p 2147483 2> /dev/null &&
	soft_fail "record -p of no process succeeded"
[ "$(cat kept.etr)" = keep ] || soft_fail "a failed record changed its file"

# cut, damaged: what is whole is reported, then one line with the offset
"$ETRACE" record -q -o storm.etr -- "$PROGS/storm" 300000 ||
	soft_fail "record (storm) exited $?"
"$ETRACE" report -i storm.etr -o storm.all || soft_fail "report (storm) exited $?"
size=$(stat -c %s storm.etr)
head -c $((size / 2)) storm.etr > cut.etr
"$ETRACE" report -i cut.etr -o cut.out 2> cut.err
rc=$?
[ $rc = 1 ] || soft_fail "cut recording: exit $rc, not 1"
grep -Eq '^etrace: report: cut.etr: truncated at byte [0-9]+ of the record stream' cut.err ||
	{ cat cut.err >&2; soft_fail "cut recording: no line naming the offset"; }
n=$(wc -l < cut.out)
[ "$n" -gt 1000 ] || soft_fail "cut recording: only $n lines reported before the cut"
# the last lines may be calls the cut left open (detached)
head -n $((n - 2)) cut.out > cut.head
head -n $((n - 2)) storm.all > all.head
soft_same all.head cut.head "cut recording: the lines before the cut"
cp storm.etr flip.etr
printf '\377\377\377\377' | dd of=flip.etr bs=1 seek=$((size / 3)) conv=notrunc 2> /dev/null
"$ETRACE" report -i flip.etr -o flip.out 2> flip.err
rc=$?
[ $rc = 1 ] || soft_fail "damaged recording: exit $rc, not 1"
grep -Eq '^etrace: report: flip.etr: .*byte [0-9]+' flip.err ||
	{ cat flip.err >&2; soft_fail "damaged recording: no line naming the offset"; }
printf 'not a recording at all' > bad.etr
refused "wrong magic" report -i bad.etr
grep -q 'not an etrace recording' ref.err || soft_fail "wrong magic: not said"

# 0600; never through a symlink another user planted (out.c's rule)
[ "$(stat -c %a files.etr)" = 600 ] || soft_fail "the recording is not 0600"
id nobody > /dev/null 2>&1 || fail "no user nobody"
D=$(mktemp -d /tmp/etrace-sticky.XXXXXX) || fail "mktemp"
chmod 1777 "$D"
echo secret > "$D/victim"
chmod 600 "$D/victim"
setpriv --reuid=nobody --regid=nogroup --clear-groups \
	ln -s "$D/victim" "$D/link" || fail "ln -s as nobody"
"$ETRACE" record -q -o "$D/link" -- touch ran 2> link.err
rc=$?
[ $rc = 1 ] || soft_fail "record through nobody's symlink: exit $rc, not 1"
grep -q "refusing to follow $D/link" link.err ||
	{ cat link.err >&2; soft_fail "record through nobody's symlink: not said"; }
[ ! -e ran ] || soft_fail "record through nobody's symlink ran the command"
[ "$(cat "$D/victim")" = secret ] || soft_fail "the symlink's target was written"
rm -rf "$D"
finish
