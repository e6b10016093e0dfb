# SPDX-License-Identifier: GPL-2.0-or-later
# etrace -p PID -o out on a running 4-thread process (spinner 3: main
# getppid, threads getuid / getgid / geteuid), stopped with SIGINT once
# every thread shows in the trace: etrace dies of SIGINT (130, as strace -p) and says it attached and detached; the spinner
# is still alive and running (not stopped); every thread was traced:
# etrace attaches all threads of the process, so, as strace -f -p does
# when it traces several tasks into a file, every line starts with the
# tid ("%-5d "), the tids are exactly /proc/PID/task, each worker shows
# its own syscall and nothing of the others', the main thread getppid;
# the file ends with a whole line.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

kill_at_exit sp ep
"$PROGS/spinner" 3 > sp.out &
sp=$!
wait_line sp.out ready || fail "spinner not ready"
ls "/proc/$sp/task" | sort -n > tids
[ "$(wc -l < tids)" = 4 ] || fail "spinner does not have 4 threads"

# every tid of the spinner has a line in the trace FILE
all_tids_in() {	# file
	[ -f "$1" ] && awk 'NR == FNR { want[$1] = 1; next } { delete want[$1] }
		END { for (t in want) exit 1 }' tids "$1"
}

# strace's rule, for the record: several tasks into a file -> tid prefix
strace -f -p "$sp" -o s.out 2> s.err &
spid=$!
wait_until 60 all_tids_in s.out || fail "strace -f -p: not every thread traced"
kill -INT $spid
wait $spid
grep -vE '^[0-9]+ +' s.out | head -3 > s.nopfx
[ -s s.nopfx ] && fail "strace -f -p: lines without a tid prefix?"

etrace_bg /dev/null err -p "$sp" -o out
wait_until 60 all_tids_in out || { cat err >&2; fail "etrace -p: not every thread traced"; }
kill -0 $ep 2>/dev/null || { cat err >&2; fail "etrace -p ended early"; }
kill -INT $ep
wait_gone $ep 60 || fail "etrace still running 60 s after SIGINT"
wait $ep
rc=$?
ep=""
cat err >&2
[ $rc = 130 ] || fail "etrace -p exited $rc after SIGINT, want 130 (died of it, as strace -p)"
kill -0 "$sp" 2>/dev/null || fail "the spinner died"
st=$(awk '{print $3}' "/proc/$sp/stat")
case $st in
R|S|D) ;;
*) fail "the spinner is in state $st after detach" ;;
esac
grep -qx "etrace: Process $sp attached with 4 threads" err ||
	fail "no 'Process $sp attached with 4 threads' on stderr"
grep -qx "etrace: Process $sp detached" err ||
	fail "no 'Process $sp detached' on stderr"
grep -vE '^etrace: (Process |arguments: )' err && fail "other messages on stderr"

[ -s out ] || fail "empty trace"
# (from here on: every check, then the verdict)
[ "$(tail -c 1 out | od -An -c | tr -d ' ')" = '\n' ] ||
	soft_fail "the trace does not end with a whole line"

# every line with a tid prefix
grep -vE '^[0-9]+ +' out | head -3 > nopfx
if [ -s nopfx ]; then
	cat nopfx >&2
	soft_fail "lines without a tid prefix, though 4 threads are traced into one file"
fi
awk '{print $1}' out | sort -un > seen
soft_same tids seen "tids in the trace vs /proc/$sp/task"
# per tid, the distinctive calls
for t in $(cat tids); do
	n=$(grep -E "^$t +(getuid|getgid|geteuid|getppid)\(" out |
		sed -E 's/^[0-9]+ +//; s/\(.*//' | sort -u | tr '\n' ' ')
	echo "$t: $n"
	if [ "$t" = "$sp" ]; then
		[ "$n" = "getppid " ] || soft_fail "main thread $t: want getppid, got '$n'"
	else
		case $n in
		"getuid "|"getgid "|"geteuid ") echo "$n" >> workers ;;
		*) soft_fail "thread $t: want one of getuid/getgid/geteuid, got '$n'" ;;
		esac
	fi
done
touch workers
[ "$(sort -u workers | wc -l)" = 3 ] || soft_fail "the workers' calls are not distinct"
finish
