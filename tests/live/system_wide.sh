# SPDX-License-Identifier: GPL-2.0-or-later
# etrace -a: every process, including ones started after etrace.
# 1. etrace -a -o out -- sh -c 'sleep 0.2; exitcode 5 & wait'
#    exits 5 (the command's status); exitcode, started 0.2 s later as a
#    new process, appears with its pid on every line ("%-5d "): its execve
#    = 0, exit_group(5) = ?, "+++ exited with 5 +++"; the sleep too (and
#    no other line without a pid prefix than "+++ lost N records ...").
# 2. etrace -a (to stderr) in the background, exitcode 6 started once
#    etrace says it traces (--ready-fd), SIGINT once it has exited:
#    etrace dies of SIGINT (130) and shows "[pid N] exit_group(6)" and
#    "[pid N] +++ exited with 6 +++" for that process (what the rings
#    hold when the signal comes is the rest of the trace).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

ep=""
trap '[ -n "$ep" ] && kill -KILL "$ep" 2>/dev/null' EXIT

"$ETRACE" -a -o out -- sh -c 'sleep 0.2; "$0" 5 & echo $! > kid.pid; wait $!' \
	"$PROGS/exitcode" 2> err
rc=$?
cat err >&2
[ $rc = 5 ] || fail "etrace -a -- CMD exited $rc, want 5"
kid=$(cat kid.pid)
# (but records lost, said on lines of their own: a busy machine's)
grep -vE '^[0-9]+ +|^\+\+\+ lost [0-9]+ records?( on cpu [0-9]+| at the end) \+\+\+$' out |
	head -3 > nopfx
[ -s nopfx ] && { cat nopfx >&2; fail "-a -o: lines without a pid prefix"; }
joined out > j
grep -qE "^$kid	execve\\(\"$PROGS/exitcode\", .*\\) += 0$|^$kid	execve\\(0x.*\\) += 0$" j ||
	{ grep "^$kid	" j | head >&2; fail "no execve = 0 of exitcode ($kid)"; }
grep -qE "^$kid	exit_group\\(5\\) += \\?$" j || fail "no exit_group(5) of $kid"
grep -qxF "$kid	+++ exited with 5 +++" j || fail "no '+++ exited with 5 +++' of $kid"
grep -qE '	clock_nanosleep\(|	nanosleep\(' j || fail "the sleep's call is not there"
n=$(awk '{print $1}' out | sort -u | wc -l)
echo "$n tasks in the trace"
[ "$n" -ge 3 ] || fail "only $n tasks: sh, sleep and exitcode at least"

# 2. to stderr, stopped by SIGINT
etrace_bg /dev/null err2 -a
"$PROGS/exitcode" 6 &
kid=$!
wait $kid
kill -INT $ep
wait_gone $ep 60 || fail "etrace -a still running 60 s after SIGINT"
wait $ep
rc=$?
ep=""
[ $rc = 130 ] || fail "etrace -a exited $rc after SIGINT, want 130 (died of it, as -p)"
joined err2 > j2
grep -qE "^$kid	exit_group\\(6\\) += \\?$" j2 || fail "stderr: no exit_group(6) of $kid"
grep -qxF "[pid $(printf '%5d' $kid)] +++ exited with 6 +++" err2 ||
	fail "stderr: no '[pid $kid] +++ exited with 6 +++'"
grep -E '^etrace: ' err2 | grep -v 'records lost' >&2
exit 0
