# SPDX-License-Identifier: GPL-2.0-or-later
# --comm's verdicts, kept per task by the BPF programs (cap_target.bpf.c)
# and made again where a name changes; and what a selection knows of the
# machine's other tasks.  etrace --comm NAME -e trace=getppid in the
# background (the names are this test's own), then:
#  - renamer 2 =NAME 3 (named renamer: not selected) makes 2 getppid(),
#    then a thread of it renames the main thread NAME (through
#    /proc/self/task/TID/comm: a rename by another task) while it waits
#    for the thread: the main thread's 3 later getppid() and its exit
#    are the trace, not the 2 before, nor anything of the thread;
#  - tidreuse NAME: two children of one tid (clone3's set_tid), the
#    first renamed NAME (its getppid() and exit are traced), the second
#    under the program's name (not selected: nothing of it, though the
#    first's verdict was kept under that tid);
#  - three `sh -c true` (tasks forked and gone, never selected), then
#    NAME 2 zz 0: it renames itself away and exits unselected, so its
#    end is found when etrace looks for tasks gone from /proc (every
#    2 s with -a): once its "+++ exited (status unknown) +++" is in the
#    trace, that look has been made, after the shells ended.  The whole
#    trace: nothing of the shells (before, every task the machine
#    forked became one of the trace's, and its end a line).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

kill_at_exit ep
me=$$
name=et16r$me
cp "$PROGS/renamer" "$WORK/$name" || fail "cp"
etrace_bg /dev/null err --comm "$name" -e trace=getppid -o out
"$PROGS/renamer" 2 "=$name" 3 & r=$!
wait $r || fail "renamer 2 =$name 3 failed"
tid=$("$PROGS/tidreuse" "$name") || fail "tidreuse failed"
etrace_stop 2 out
cat err >&2
{
	for i in 1 2 3; do printf '%s\tgetppid() = %s\n' $r $me; done
	printf '%s\t+++ exited with 0 +++\n' $r
	printf '%s\tgetppid() = \n' $tid
	printf '%s\t+++ exited with 0 +++\n' $tid
} > expected
sed -E 's/^([0-9]+) +/\1\t/; s/  +/ /g' out > actual
# (tidreuse's pid, the getppid() result, is not known here: taken from
# the trace, the line itself checked by its shape)
tp=$(sed -n "s/^$tid\tgetppid() = \([0-9]*\)$/\1/p" actual | head -1)
sed -i "s/^\($tid\tgetppid() = \)\$/\1$tp/" expected
same expected actual "a rename through /proc, a tid used twice"

# the shells: never in the trace, even after a look for tasks gone
etrace_bg /dev/null err2 --comm "$name" -e trace=getppid -o out2
for i in 1 2 3; do sh -c true; done
"$WORK/$name" 2 zz 0 & x=$!
wait $x
wait_until 60 grep -qE "^$x +\+\+\+ exited \(status unknown\) \+\+\+\$" out2 ||
	{ cat out2 >&2; fail "no end of $x found"; }
kill -INT $ep
wait_gone "$ep" 60 || fail "etrace still running 60 s after SIGINT"
wait $ep
ep=""
{
	for i in 1 2; do printf '%s\tgetppid() = %s\n' $x $me; done
	printf '%s\t+++ exited (status unknown) +++\n' $x
} > expected
sed -E 's/^([0-9]+) +/\1\t/; s/  +/ /g' out2 > actual
same expected actual "the tasks of the machine a selection leaves out"
exit 0
