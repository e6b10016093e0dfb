# SPDX-License-Identifier: GPL-2.0-or-later
# Summary flags, against strace -c / strace -f on the same deterministic
# programs:
#  - -S name, calls, errors, nothing on tests/progs/files: the rows in
#    strace -c -S's order (ties in syscall number order, as strace);
#    -S time, min-time, max-time, avg-time: rows in decreasing order of
#    that column of etrace's own table (--hist has min and max);
#  - --by pid and --by tid: one table per pid (sh -c '/bin/true;
#    /bin/true') / per thread (tests/progs/threads), each with exactly
#    the calls and errors per syscall strace -f shows for that task
#    (tasks matched by the order of their ids; calls that never return,
#    exit and exit_group, are not counted, by strace -c either);
#  - --by event: -e sched:sched_process_exec counted once per execve
#    that succeeded in strace -f's trace of the same command;
#  - --no-bpf -c: strace -c's rows, and the line saying how it counts;
#  - JSON: -c --hist -j rows are strace -c's, each histogram 40 counts
#    adding up to its calls, min_ns <= max_ns; -c --by comm -j rows are
#    the text --by comm table's; -c --interval 0.2 -j on a 1 s program:
#    at least 5 intervals (each ended by a summary_end), the calls of
#    clock_nanosleep and execve summed over them strace's; -c -k -j:
#    the munmap row and a "stacks" report whose text is the text run's.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

# "name calls errors" rows of a -c table, in its order (no total)
rows() {	# file
	awk '/^-+ /||/^% time/||/^$/||/^--- / { next } /: ns +: count/ { exit }
	     $NF == "total" { next }
	     { n = $NF; c = $4; e = (NF == 6 || NF == 8) ? $5 : 0; print n, c, e }' "$1"
}
files() {	# tracer-args... (the tracer first): on tests/progs/files
	rm -rf "$WORK/d"
	"$@" "$PROGS/files" "$WORK/d" > /dev/null
}

# -S
for s in name calls errors nothing; do
	files strace -c -S $s -o s.S.$s
	files "$ETRACE" -q -c -S $s -o e.S.$s
	rows s.S.$s > s.S.$s.rows
	rows e.S.$s > e.S.$s.rows
	soft_same s.S.$s.rows e.S.$s.rows "-S $s: rows in order (strace -c vs etrace -c)"
done
for s in time min-time max-time avg-time; do
	case $s in
	time) col='$2' ;; min-time) col='$(NF - 2)' ;; max-time) col='$(NF - 1)' ;;
	avg-time) col='$3' ;;
	esac
	files "$ETRACE" -q -c --hist -S $s -o e.S.$s
	awk '/^-+ /||/^% time/||/^$/ { next } /: ns +: count/ { exit }
	     $NF == "total" { next }
	     { v = '"$col"'; if (NR > 3 && v > prev) { print "row " $NF " (" v ") after " prev; bad = 1 }; prev = v }
	     END { exit bad }' e.S.$s || soft_fail "-S $s: rows not in decreasing order"
done

# --by pid, --by tid: per task, strace -f's calls and errors
per_task() {	# strace-f-trace: "rank name calls errors", tasks ranked by id
	joined "$1" | awk -F '\t' '$2 !~ /^(---|\+\+\+) / && $2 !~ / = \?$/ {
		n = $2; sub(/\(.*/, "", n); k = $1 " " n; c[k]++
		if ($2 ~ / = -1 E[A-Z0-9]+ /) e[k]++ }
	     END { for (k in c) print k, c[k], e[k] + 0 }' | sort -n |
	awk '$1 != last { r++; last = $1 } { $1 = r; print }' | sort
}
by_task_rows() {	# etrace --by pid|tid table: the same
	awk '/^--- (pid|tid)=/ { t = $2; sub(/.*=/, "", t); next }
	     /^-+ /||/^% time/||/^$/ { next } $NF == "total" { next }
	     { e = (NF == 6) ? $5 : 0; print t, $NF, $4, e }' "$1" | sort -n |
	awk '$1 != last { r++; last = $1 } { $1 = r; print }' | sort
}
strace -f -o s.pid sh -c '/bin/true; /bin/true'
"$ETRACE" -q -c --by pid -f -o e.pid sh -c '/bin/true; /bin/true'
per_task s.pid > s.pid.rows
by_task_rows e.pid > e.pid.rows
[ "$(awk '{print $1}' s.pid.rows | sort -u | wc -l)" = 3 ] || soft_fail "--by pid: strace -f does not show 3 processes"
soft_same s.pid.rows e.pid.rows "--by pid: calls and errors per process (strace -f vs etrace)"
strace -f -o s.tid "$PROGS/threads" > /dev/null
"$ETRACE" -q -c --by tid -f -o e.tid "$PROGS/threads" > /dev/null
per_task s.tid > s.tid.rows
by_task_rows e.tid > e.tid.rows
[ "$(awk '{print $1}' s.tid.rows | sort -u | wc -l)" -ge 3 ] || soft_fail "--by tid: strace -f does not show threads"
soft_same s.tid.rows e.tid.rows "--by tid: calls and errors per thread (strace -f vs etrace)"

# --by event
n=$(strip_pid s.pid | grep -cE '^execve\(.* = 0$|^<\.\.\. execve resumed>.* = 0$')
"$ETRACE" -q -c --by event -e sched:sched_process_exec -e trace=none -f -o e.ev \
	sh -c '/bin/true; /bin/true'
echo "sched:sched_process_exec $n 0" > ev.want
rows e.ev > ev.got
soft_same ev.want ev.got "--by event: sched_process_exec counted once per execve"

# --no-bpf -c
files strace -c -o s.nb
files "$ETRACE" -c --no-bpf -o e.nb 2> e.nb.err
rows s.nb | sort > s.nb.rows
rows e.nb | sort > e.nb.rows
soft_same s.nb.rows e.nb.rows "--no-bpf -c: calls and errors per syscall (strace -c vs etrace)"
grep -qx 'etrace: summary: counted from records, lost records are reported (--no-bpf)' e.nb.err ||
	{ cat e.nb.err >&2; soft_fail "--no-bpf -c: does not say it counts records"; }

# JSON
files "$ETRACE" -q -c --hist -j -o hist.json
files "$ETRACE" -q -c --by comm -o bycomm.txt
files "$ETRACE" -q -c --by comm -j -o bycomm.json
"$ETRACE" -q -c --interval 0.2 -j -f -o int.json -- sh -c \
	'for i in 1 2 3 4 5 6 7 8 9 10; do sleep 0.1; done' ||
	soft_fail "-c --interval -j failed"
strace -c -f -o s.int -- sh -c 'for i in 1 2 3 4 5 6 7 8 9 10; do sleep 0.1; done'
"$ETRACE" -q -c -k -e trace=munmap -o ck.txt "$PROGS/unmaps" > /dev/null 2>&1
"$ETRACE" -q -c -k -j -e trace=munmap -o ck.json "$PROGS/unmaps" > /dev/null 2>&1
rows s.nb | sort > s.rows
rows s.int > s.int.rows
awk '/^--- comm=.* ---$/ { c = substr($0, 10, length($0) - 13); next }
     /^-+ /||/^% time/||/^$/ { next } $NF == "total" { next }
     { e = (NF == 6) ? $5 : 0; print c, $NF, $4, e }' bycomm.txt | sort > bycomm.rows
sed -n '/^     calls  comm/,$p' ck.txt > ck.stacks
cat > check.py <<'PY'
import json, sys
bad = []
def objs(f):
    return [json.loads(l) for l in open(f)]
def table(f):
    return sorted("%s %d %d" % (l.split()[0], int(l.split()[1]), int(l.split()[2]))
                  for l in open(f))
h = objs('hist.json')
got = sorted("%s %d %d" % (o['syscall'], o['calls'], o['errors'])
             for o in h if o['type'] == 'summary')
if got != table('s.rows'):
    bad.append('--hist -j: rows differ from strace -c: %s' % sorted(set(got) ^ set(table('s.rows'))))
for o in h:
    if o['type'] != 'summary':
        continue
    hl = o.get('hist_log2_ns')
    if not isinstance(hl, list) or len(hl) != 40 or sum(hl) != o['calls']:
        bad.append('--hist -j: %s: histogram %r does not add up to %d calls' % (o['syscall'], hl, o['calls']))
    if not o['min_ns'] <= o['max_ns']:
        bad.append('--hist -j: %s: min_ns > max_ns' % o['syscall'])
b = objs('bycomm.json')
got = sorted("%s %s %d %d" % (o['comm'], o['syscall'], o['calls'], o['errors'])
             for o in b if o['type'] == 'summary')
want = sorted(l.strip() for l in open('bycomm.rows'))
if got != want:
    bad.append('--by comm -j: rows differ from the text table: %s' % sorted(set(got) ^ set(want)))
i = objs('int.json')
ends = sum(1 for o in i if o['type'] == 'summary_end')
if ends < 5:
    bad.append('--interval 0.2 -j on a 1 s run: %d intervals' % ends)
if i and i[-1]['type'] != 'summary_end':
    bad.append('--interval -j: the last object is not a summary_end')
sums = {}
for o in i:
    if o['type'] == 'summary':
        c, e = sums.get(o['syscall'], (0, 0))
        sums[o['syscall']] = (c + o['calls'], e + o['errors'])
want = {l.split()[0]: (int(l.split()[1]), int(l.split()[2])) for l in open('s.int.rows')}
for n in ('clock_nanosleep', 'execve'):
    if sums.get(n) != want.get(n):
        bad.append('--interval -j: %s summed %r, strace -c %r' % (n, sums.get(n), want.get(n)))
k = objs('ck.json')
rows = [o for o in k if o['type'] == 'summary']
if [(o['syscall'], o['calls']) for o in rows] != [('munmap', 501)]:
    bad.append('-c -k -j: rows %r, want munmap 501' % [(o['syscall'], o['calls']) for o in rows])
rep = [o for o in k if o['type'] == 'report' and o.get('name') == 'stacks']
if len(rep) != 1 or rep[0]['text'] != open('ck.stacks').read():
    bad.append('-c -k -j: the stacks report is not the text run\'s')
for x in bad:
    print('FAIL: ' + x)
sys.exit(1 if bad else 0)
PY
python3 check.py || soft_fail "JSON forms of the summaries"
# every frame printed is one etrace proved (tests/lib.sh)
frames_proved ck.txt ck.json
finish
