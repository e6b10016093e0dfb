# SPDX-License-Identifier: GPL-2.0-or-later
# --comm with a command: the selection is the whole machine's, made while
# the command runs (as -a -- CMD runs), and the command's own tasks are
# traced only where they are selected, as any other.
#  - etrace --comm NAME -e trace=getppid,prctl -- sh -c 'renamer 2 - 0;
#    NAME 3 - 0; renamer 1 NAME 2; exit 7': the trace is NAME's 3
#    getppid() and exit, the last renamer's prctl end, 2 getppid() and
#    exit; nothing of the shell or the first renamer; etrace exits 7;
#  - the command selected itself (NAME 2 - 0, -e trace=execve,getppid):
#    its lines are strace's on the same program (the execve whole: the
#    command's is known exactly, begun under etrace's name);
#  - -c: the command runs files under NAME and under another name: the
#    counts per syscall are strace -c's on the one named NAME (but
#    execve, begun under the shell's name);
#  - -a --comm NAME -q -- storm 1000 (the bench's row): nothing at all.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

me=$$
name=et16x$me
cp "$PROGS/renamer" "$WORK/$name" || fail "cp"
"$ETRACE" --comm "$name" -e trace=getppid,prctl -o out -- sh -c \
	'echo $$ > sh.pid; "$1" 2 - 0 & echo $! > a.pid; wait
	 "$2" 3 - 0 & echo $! > b.pid; wait
	 "$1" 1 "$3" 2 & echo $! > c.pid; wait; exit 7' \
	sh "$PROGS/renamer" "$WORK/$name" "$name" 2> err
rc=$?
cat err >&2
[ $rc = 7 ] || fail "etrace exited $rc, the command 7"
sh=$(cat sh.pid) b=$(cat b.pid) c=$(cat c.pid)
{
	for i in 1 2 3; do printf '%s\tgetppid() = %s\n' $b $sh; done
	printf '%s\t+++ exited with 0 +++\n' $b
	printf '%s\t<... prctl resumed>) = 0\n' $c
	for i in 1 2; do printf '%s\tgetppid() = %s\n' $c $sh; done
	printf '%s\t+++ exited with 0 +++\n' $c
} > expected
sed -E 's/^([0-9]+) +/\1\t/; s/  +/ /g' out > actual
same expected actual "the command's tasks that are selected"

# the command selected
addr() { sed -E 's/0x[0-9a-f]+ \/\*/0xADDR \/*/; s/  +/ /g' "$@"; }
strace -e trace=execve,getppid -o s.out -- "$WORK/$name" 2 - 0 ||
	fail "strace failed"
"$ETRACE" --comm "$name" -e trace=execve,getppid -o e.out -- \
	"$WORK/$name" 2 - 0 2> err || { cat err >&2; fail "etrace failed"; }
strip_pid s.out | addr | sed "s/= [0-9][0-9]*\$/= PPID/" > expected
strip_pid e.out | addr | sed "s/= [0-9][0-9]*\$/= PPID/" > actual
same expected actual "the command selected (strace vs etrace --comm)"

# -c
mkdir c && cp "$PROGS/files" "c/$name" && cp "$PROGS/files" c/et16other ||
	fail "cp files"
strace -c -o s.c -- "c/$name" "$WORK/s.dir" > /dev/null 2> s.err ||
	{ cat s.err >&2; fail "files under strace -c failed"; }
"$ETRACE" -q -c --comm "$name" -o e.c -- sh -c \
	'"c/$1" "$2/e.dir" > /dev/null; c/et16other "$2/o.dir" > /dev/null' \
	sh "$name" "$WORK" 2> err || { cat err >&2; fail "etrace -c failed"; }
table_rows s.c > s.rows
table_rows e.c > e.rows
same s.rows e.rows "calls and errors per syscall of files (strace -c vs etrace -c --comm -- sh)"

# the bench's row: a storm that is not selected writes nothing
"$ETRACE" -a --comm "$name" -q -o st.out -- "$PROGS/storm" 1000 2> err ||
	{ cat err >&2; fail "etrace -a --comm -- storm failed"; }
[ -f st.out ] && [ ! -s st.out ] || fail "the storm was written: $(head -3 st.out)"
exit 0
