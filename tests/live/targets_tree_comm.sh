# SPDX-License-Identifier: GPL-2.0-or-later
# -p PID --tree with --comm: the tree's tasks whose name matches, and no
# other (the tree bounds the selection).  L, a shell started before
# etrace, waits opening a fifo; then it runs NAME 2 - 0 (selected) and
# renamer 3 - 0 (not) and exits.  Meanwhile, outside the tree, the test
# runs NAME 4 - 0 itself.
#  a) -p L --tree -f --comm NAME -e trace=getppid: the trace is the 2
#     getppid() and the exit of L's NAME: not L's, not renamer's, not the
#     NAME outside;
#  b) the same without -f: L's children are born after the attach:
#     nothing at all;
#  in both, etrace ends by itself once L has ended;
#  c) -c -p L --tree -f --comm NAME: L runs files under NAME and under
#     another name, files under NAME runs outside too: the counts per
#     syscall are strace -c's on files (but execve, begun under L's name);
#  d) -p L --comm NAME (no --tree) is refused with one line.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

kill_at_exit ep L
me=$$
name=et16t$me
cp "$PROGS/renamer" "$WORK/$name" || fail "cp"
mkdir c && cp "$PROGS/files" "c/$name" && cp "$PROGS/files" c/et16other ||
	fail "cp files"
start_L() {	# the shell's script after the fifo opens
	rm -f fifo
	mkfifo fifo
	sh -c 'read x < fifo; '"$1" sh "$PROGS/renamer" "$WORK/$name" \
		"$WORK" "$name" &
	L=$!
	wait_until 60 in_syscall "$L" 257 || fail "L ($L) is not opening the fifo"
}
run_L() {	# outside the tree meanwhile (a command line), then L's go
	sh -c "$2" > /dev/null || fail "$1: $2 failed"
	echo go > fifo
	wait $L || fail "L failed"
	l=$L L=""
}
# the tree gone, etrace ends by itself (its tasks are not known: the
# tree's processes are asked)
ends_alone() {
	wait_gone "$ep" 60 || fail "$1: etrace still running 60 s after the tree ended"
	wait "$ep" || fail "$1: etrace failed"
	ep=""
}

# a)
start_L '"$2" 2 - 0 & echo $! > a.pid; wait; "$1" 3 - 0'
etrace_bg /dev/null err -p "$L" --tree -f --comm "$name" -e trace=getppid -o out
grep -qxF "etrace: tracing the tasks of comm '$name' in the tree" err ||
	{ cat err >&2; fail "a: no header line naming the selection"; }
run_L a "$WORK/$name 4 - 0"
ends_alone a
a=$(cat a.pid)
{
	for i in 1 2; do printf '%s\tgetppid() = %s\n' $a $l; done
	printf '%s\t+++ exited with 0 +++\n' $a
} > expected
sed -E 's/^([0-9]+) +/\1\t/; s/  +/ /g' out > actual
same expected actual "a: the tree's tasks of that name"

# b)
start_L '"$2" 2 - 0; "$1" 3 - 0'
etrace_bg /dev/null err -p "$L" --tree --comm "$name" -e trace=getppid -o out
run_L b "$WORK/$name 4 - 0"
ends_alone b
[ -s out ] && { cat out >&2; fail "b: tasks born after the attach traced without -f"; }

# c)
strace -c -o s.c -- "c/$name" "$WORK/s.dir" > /dev/null 2> s.err ||
	{ cat s.err >&2; fail "files under strace -c failed"; }
start_L '"$3/c/$4" "$3/e.dir" > /dev/null; "$3/c/et16other" "$3/o.dir" > /dev/null'
etrace_bg /dev/null err -q -c -p "$L" --tree -f --comm "$name" -o e.c
run_L c "c/$name $WORK/x.dir"
etrace_stop 0 e.c
table_rows s.c > s.rows
table_rows e.c > e.rows
same s.rows e.rows "c: calls and errors per syscall of files (strace -c vs etrace -c -p --tree --comm)"

# d)
"$ETRACE" -p $$ --comm "$name" -o out 2> err && fail "d: -p --comm accepted"
echo "etrace: --comm, --uid and --cgroup select among all tasks: with -p only as -p PID --tree (the tree's that match)" > expected
same expected err "d: -p --comm without --tree"
exit 0
