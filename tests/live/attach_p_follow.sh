# SPDX-License-Identifier: GPL-2.0-or-later
# etrace -f -p PID follows children born after the attach: spinner 1 fork
# forks a child every ~100 ms that execve()s /bin/true and is waited for.
# Once the trace shows 5 children exited, etrace is stopped: at least 5
# children; every child but possibly the last (still running when
# etrace stops) shows its execve = 0, its
# exit_group(0) and "+++ exited with 0 +++"; the parent's clone calls
# return exactly those children's pids and its wait4 calls reap them.
# etrace dies of SIGINT (130, as strace -p) and the spinner lives on.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

kill_at_exit sp ep
"$PROGS/spinner" 1 fork > sp.out &
sp=$!
wait_line sp.out ready || fail "spinner not ready"
ls "/proc/$sp/task" | sort -n > tids

# children that exited, in the trace so far
five_exited() {
	[ "$(grep -c ' +++ exited with 0 +++$' out 2>/dev/null)" -ge 5 ]
}
etrace_bg /dev/null err -f -p "$sp" -o out
wait_until 60 five_exited || { cat err >&2; fail "no 5 children exited in the trace"; }
kill -INT $ep
wait_gone $ep 60 || fail "etrace still running 60 s after SIGINT"
wait $ep
rc=$?
ep=""
cat err >&2
[ $rc = 130 ] || fail "etrace -f -p exited $rc after SIGINT, want 130 (died of it, as strace -p)"
kill -0 "$sp" 2>/dev/null || fail "the spinner died"

# children: pids in the trace that are not the spinner's threads
awk '{print $1}' out | awk '!seen[$0]++' | grep -vxFf tids > kids
nk=$(wc -l < kids)
echo "$nk children traced"
[ "$nk" -ge 5 ] || fail "only $nk children traced, 5 exits seen before"
last=$(tail -n 1 kids)
joined out > j	# "PID<tab>line", split calls joined
for k in $(cat kids); do
	[ "$k" = "$last" ] && continue
	grep -qE "^$k	execve\(.*\) += 0$" j ||
		{ grep -E "^$k	" j | head -5 >&2; fail "child $k: no execve = 0"; }
	grep -qE "^$k	exit_group\(0\) += \?$" j ||
		fail "child $k: no exit_group(0) = ?"
	grep -qxE "$k	\+\+\+ exited with 0 \+\+\+" j ||
		fail "child $k: no '+++ exited with 0 +++'"
done
# clone results (the parent's) and wait4 results vs the children
grep -vx "$last" kids > kids.done
# (a call still unfinished or detached at the end is not counted; a first wait4 may
# reap a child forked just before the attach, not in the trace)
grep -E "^$sp	clone\(" j | grep -vE '(unfinished|detached) \.\.\.>$' |
	awk '{print $NF}' | grep -vx "$last" > clone.done
# the last clone may have made a child that had made no call when etrace
# detached (seen under load: its pid only in the parent's clone line)
tail -n 1 clone.done | grep -qxFf kids || sed -i '$d' clone.done
same kids.done clone.done "clone results vs the children seen"
grep -E "^$sp	wait4\(" j | grep -vE '(unfinished|detached) \.\.\.>$' |
	awk '{print $NF}' | grep -vx "$last" > wait.all
head -n 1 wait.all | grep -qxFf kids || sed -i 1d wait.all
cp wait.all wait.done
same kids.done wait.done "wait4 results vs the children seen"
exit 0
