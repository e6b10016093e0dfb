# SPDX-License-Identifier: GPL-2.0-or-later
# --comm: the tasks whose name matches, decided in the kernel on each call.
# etrace --comm NAME --comm 'g16*PIDz' -e trace=getppid,prctl runs in the
# background (other tracers run on this machine: the names are this
# test's own); then, once it is ready:
#   NAME 3 - 0          (renamer, copied under NAME: matches from its exec)
#   renamer 4 - 0       (never matches)
#   renamer 2 NAME 5    (renames itself into NAME: traced from then on)
#   renamer 2 g16abPIDz 1   (into the glob)
#   renamer 2 g16abPIDy 1   (a name the glob does not take)
#   NAME 2 other 3      (renames itself away: traced until then)
# The whole trace is, per pid: the 3 getppid() and the exit of the first;
# the second, fourth... nothing; the renamers into a match, the end of
# their prctl ("<... prctl resumed>) = 0") then their calls and exit; the
# last its 2 getppid() and its prctl cut short ("<detached ...>").
# -f: a shell named NAME3 (its getppid() at start, its SIGCHLD, its exit)
# runs renamer 2 - 0 (its 2 getppid() and exit, traced as its child); a
# shell of another name running renamer 3 - 0: nothing.
# JSON, every syscall (the raw tracepoints' programs): etrace -j --comm
# NAME2 while NAME2 (renamer 3 - 0) and renamer 4 - 0 run: every object
# with a pid is NAME2's, and its calls per syscall are strace -f's on the
# same program, but for execve (begun under the old name: its end only).
# Then -c: etrace -c --comm NAME while NAME runs `files` (and the same
# program under another name runs beside it): the table's calls and
# errors per syscall are strace -c's on the same program, but for
# execve, whose entry was made under the old name (not counted).
# -k (the ring programs write each selected call's stack): etrace -k
# --comm NAME -e trace=getppid while NAME (renamer 2 - 0) and renamer
# 2 - 0 run: NAME's 2 getppid() and its exit, each call with the stack
# that etrace -k -e trace=getppid -- NAME 2 - 0 prints; -k --stack=dwarf
# (perf's samples, which the programs cannot hold back) is refused.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

kill_at_exit ep
me=$$
name=et16c$me
cp "$PROGS/renamer" "$WORK/$name" || fail "cp"
etrace_bg /dev/null err --comm "$name" --comm "g16*${me}z" \
	-e trace=getppid,prctl -o out
"$WORK/$name" 3 - 0 & a=$!; wait $a
"$PROGS/renamer" 4 - 0 & b=$!; wait $b
"$PROGS/renamer" 2 "$name" 5 & c=$!; wait $c
"$PROGS/renamer" 2 "g16ab${me}z" 1 & d=$!; wait $d
"$PROGS/renamer" 2 "g16ab${me}y" 1 & e=$!; wait $e
"$WORK/$name" 2 other 3 & f=$!; wait $f
# (the last one's lines were written before the exits of a, c, d were read)
etrace_stop 3 out
cat err >&2
grep -qxF "etrace: tracing the tasks of comm '$name' or 'g16*${me}z'" err ||
	fail "no header line naming the selection"
{
	for i in 1 2 3; do printf '%s\tgetppid() = %s\n' $a $me; done
	printf '%s\t+++ exited with 0 +++\n' $a
	printf '%s\t<... prctl resumed>) = 0\n' $c
	for i in 1 2 3 4 5; do printf '%s\tgetppid() = %s\n' $c $me; done
	printf '%s\t+++ exited with 0 +++\n' $c
	printf '%s\t<... prctl resumed>) = 0\n' $d
	printf '%s\tgetppid() = %s\n' $d $me
	printf '%s\t+++ exited with 0 +++\n' $d
	for i in 1 2; do printf '%s\tgetppid() = %s\n' $f $me; done
	printf '%s\tprctl(PR_SET_NAME, "other" <detached ...>\n' $f
} > expected
sed -E 's/^([0-9]+) +/\1\t/; s/  +/ /g' out > actual
same expected actual "the trace of --comm"

# -f: what a matching task starts is traced too: a shell named NAME3
# (its getppid() at start, the SIGCHLD, its exit) runs renamer 2 - 0
# (2 getppid(), its exit); a shell of another name running renamer
# 3 - 0: nothing
name3=et16f$me
cp /bin/sh "$WORK/$name3"
etrace_bg /dev/null err4 -f --comm "$name3" -e trace=getppid -o out
"$WORK/$name3" -c 'echo $$ > sh.pid; "$1" 2 - 0 & echo $! > kid.pid; wait' \
	sh "$PROGS/renamer"
sh -c '"$1" 3 - 0; :' sh "$PROGS/renamer"
etrace_stop 2 out
grep -qxF "etrace: tracing the tasks of comm '$name3', and their children" err4 ||
	{ cat err4 >&2; fail "-f: no header line"; }
sh=$(cat sh.pid) kid=$(cat kid.pid)
{
	printf '%s\tgetppid() = %s\n' $sh $me
	printf '%s\t--- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=%s,' $sh $kid
	printf ' si_uid=0, si_status=0, si_utime=0, si_stime=0} ---\n'
	printf '%s\t+++ exited with 0 +++\n' $sh
	for i in 1 2; do printf '%s\tgetppid() = %s\n' $kid $sh; done
	printf '%s\t+++ exited with 0 +++\n' $kid
} > expected
sed -E 's/^([0-9]+) +/\1\t/; s/  +/ /g' out | sort -s -n -k1,1 > actual
same expected actual "-f --comm: the shell's and its child's"

# JSON, every syscall
name2=et16j$me
cp "$PROGS/renamer" "$WORK/$name2"
strace -f -o s.j -- "$WORK/$name2" 3 - 0 2> s.err ||
	{ cat s.err >&2; fail "renamer under strace failed"; }
etrace_bg /dev/null err3 -j --comm "$name2" -o out.json
"$WORK/$name2" 3 - 0 & a=$!; wait $a
"$PROGS/renamer" 4 - 0 & b=$!; wait $b
jexit() { grep -q '"type":"exit"' out.json; }
wait_until 60 jexit || { cat err3 >&2; fail "JSON: no exit object"; }
etrace_stop 0 out.json
jq -r 'select(.pid != null) | .pid' out.json | sort -u > pids
echo $a > want
same want pids "JSON: the pids of --comm $name2"
jq -r 'select(.type == "syscall") | .name' out.json | grep -vx execve |
	sort | uniq -c > e.names
sc_counts s.j | grep -v '^execve ' | awk '{ printf "%7d %s\n", $2, $1 }' > s.names
sed -i 's/^ *//' e.names s.names
same s.names e.names "JSON: calls per syscall of $name2 (strace -f vs etrace -j --comm)"
jq -r 'select(.type == "syscall" and .name == "execve") | .status' out.json > ex
echo successful > want
same want ex "JSON: the execve into the match (its end)"

# -c: the counts of the matching task are strace -c's
mkdir c && cp "$PROGS/files" "c/$name" && cp "$PROGS/files" c/et16other ||
	fail "cp files"
strace -c -o s.c -- "c/$name" "$WORK/s.dir" > /dev/null 2> s.err ||
	{ cat s.err >&2; fail "files under strace -c failed"; }
etrace_bg /dev/null err2 -q -c --comm "$name" -o e.c
"c/$name" "$WORK/e.dir" > /dev/null & x=$!
c/et16other "$WORK/o.dir" > /dev/null & y=$!
wait $x $y
etrace_stop 0 e.c
table_rows s.c > s.rows
table_rows e.c > e.rows
same s.rows e.rows "calls and errors per syscall of files (strace -c vs etrace -c --comm)"

# -k: the selected task's stacks
"$ETRACE" -k -e trace=getppid -o k.want -- "$WORK/$name" 2 - 0 2> k.err ||
	{ cat k.err >&2; fail "-k -- $name failed"; }
etrace_bg /dev/null err5 -k --comm "$name" -e trace=getppid -o k.out
"$WORK/$name" 2 - 0 & a=$!; wait $a
"$PROGS/renamer" 2 - 0 & b=$!; wait $b
etrace_stop 1 k.out
cat err5 >&2
grep -qE '^ > .*/'"$name"'\(main\+0x[0-9a-f]+\) ' k.out ||
	fail "-k --comm: no stack through $name's main"
# (the direct run's getppid is etrace's child's: its parent is etrace)
# (and the column the return value is padded to, after the pid)
sed -E 's/ = [0-9]+$/ = N/; s/  +/ /g' k.want > want
sed -E "s/^$a +//; s/ = [0-9]+\$/ = N/; s/  +/ /g" k.out > got
same want got "-k --comm: the calls and stacks of $name against -k -- $name"
"$ETRACE" -k --stack=dwarf --comm "$name" -o /dev/null 2> dw.err &&
	fail "-k --stack=dwarf --comm was not refused"
grep -qF 'with stacks only as the kernel unwinds them' dw.err ||
	{ cat dw.err >&2; fail "-k --stack=dwarf --comm: not the refusal"; }
exit 0
