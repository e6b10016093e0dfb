# SPDX-License-Identifier: GPL-2.0-or-later
# --uid and --cgroup: the tasks of a real uid, of a v2 cgroup and below,
# decided in the kernel on each call; each started after etrace is ready,
# beside tasks that do not match (other tracers run on this machine: the
# uid and the cgroup are this test's own choice).
#  1. --uid nobody -e trace=getppid: renamer 3 as nobody (setpriv), and
#     renamer 4 as root: exactly the 3 getppid() of the first and its
#     exit; the header says "uid 65534 (nobody)".
#  2. --uid nobody --comm NAME: AND across kinds: NAME as root and
#     renamer as nobody match one kind each, NAME as nobody both: only
#     its calls.
#  3. --cgroup DIR (made under the v2 mount, found in /proc/mounts, and
#     removed): a shell moves itself into DIR/sub (below DIR) and execs
#     renamer 3; renamer 4 outside: exactly the 3 getppid() of the first
#     and its exit; DIR given from the hierarchy's root (/et16_PID), the
#     header names it so.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

cg=""
cleanup() {
	[ -n "${ep:-}" ] && kill -KILL "$ep" 2>/dev/null
	[ -n "$cg" ] && { rmdir "$cg/sub" "$cg"; } 2>/dev/null
	return 0
}
trap cleanup EXIT
ep=""
me=$$
nobody=$(id -u nobody) || fail "no user nobody"
chmod 755 "$WORK"
cp "$PROGS/renamer" "$WORK/renamer"
# (run with &: the subshell becomes the program)
asnobody() { exec setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }

finish_trace() {	# count of exits to wait for
	etrace_stop "$1" out
	sed -E 's/^([0-9]+) +/\1\t/; s/  +/ /g' out > actual
}
expect() {	# pid n-getppid
	for i in $(seq "$2"); do printf '%s\tgetppid() = %s\n' "$1" $me; done
	printf '%s\t+++ exited with 0 +++\n' "$1"
}

# 1.
etrace_bg /dev/null err --uid nobody -e trace=getppid -o out
asnobody "$WORK/renamer" 3 - 0 & a=$!; wait $a
"$WORK/renamer" 4 - 0 & b=$!; wait $b
finish_trace 1
grep -qxF "etrace: tracing the tasks of uid $nobody (nobody)" err ||
	{ cat err >&2; fail "1: no header line naming the uid"; }
expect $a 3 > expected
same expected actual "1: the trace of --uid nobody"

# 2.
name=et16u$me
cp "$PROGS/renamer" "$WORK/$name"
etrace_bg /dev/null err --uid "$nobody" --comm "$name" -e trace=getppid -o out
"$WORK/$name" 2 - 0 & a=$!; wait $a
asnobody "$WORK/renamer" 3 - 0 & b=$!; wait $b
asnobody "$WORK/$name" 4 - 0 & c=$!; wait $c
finish_trace 1
expect $c 4 > expected
same expected actual "2: the trace of --uid and --comm"

# 3.
v2=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
[ -n "$v2" ] || fail "no cgroup v2 mount"
cg=$v2/et16_$me
mkdir "$cg" "$cg/sub" || fail "mkdir $cg/sub"
etrace_bg /dev/null err --cgroup "/et16_$me" -e trace=getppid -o out
grep -qxF "etrace: tracing the tasks of cgroup /et16_$me" err ||
	{ cat err >&2; fail "3: no header line naming the cgroup"; }
sh -c 'echo $$ > "$1/cgroup.procs" && exec "$2" 3 - 0' sh "$cg/sub" \
	"$WORK/renamer" & a=$!; wait $a
"$WORK/renamer" 4 - 0 & b=$!; wait $b
finish_trace 1
expect $a 3 > expected
same expected actual "3: the trace of --cgroup"
exit 0
