# SPDX-License-Identifier: GPL-2.0-or-later
# -p PID --tree: the process and every descendant it has, found race-free.
# The traced shell L keeps spawning `sh -c "cat file1; :"` (a child that
# forks cat: L's grandchild), and before the attach it started P,
# `sh -c "read x < fifo; cat file2; :"`, blocked opening the fifo.
#  a) -p L --tree -f -e trace=openat,clone: P's open ends in the trace
#     ("<... openat resumed>"), the cat P forks after the attach opens
#     file2 (its pid is what P's clone returned), and cats of the loop
#     open file1 with pids that clones of L's children returned, those
#     children's pids being what L's clones returned: grandchildren.
#  b) -p L --tree (no -f): P's open ends in the trace, but the cat P
#     forks after the attach is not traced (no file2).
#  c) -p L (no --tree): only L's own lines (its clones; no pid
#     prefixes, no file opened by a child).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

kill_at_exit ep L
echo one > file1
echo two > file2
start_L() {
	rm -f stop fifo p.pid
	mkfifo fifo
	sh -c 'sh -c "read x < fifo; cat file2 > /dev/null; :" & echo $! > p.pid
	       while [ ! -e stop ]; do sh -c "cat file1 > /dev/null; :"; done
	       wait' &
	L=$!
	wait_until 60 test -s p.pid || fail "no P"
	P=$(cat p.pid)
	wait_until 60 in_syscall "$P" 257 || fail "P ($P) is not opening the fifo"
}
stop_all() {	# (etrace, then L)
	etrace_stop 0 out
	touch stop
	wait $L
	l=$L L=""
}
# the pids a clone of PID returned, one a line
cloned_by() {	# joined-file pid
	awk -F'\t' -v p="$2" '$1 == p && $2 ~ /^(clone3?|v?fork)\(/ && $2 ~ / += [0-9]+$/ {
		sub(/.* += /, "", $2); print $2 }' "$1"
}

# a)
start_L
etrace_bg /dev/null err -p "$L" --tree -f -e trace=openat,clone,clone3,fork,vfork -o out
grep -qxE "etrace: Process $L attached, with [1-9][0-9]* descendants" err ||
	{ cat err >&2; fail "no 'attached, with N descendants' (P at least)"; }
echo go > fifo
# (joined: on a busy machine another process's line may split the open
# into "<unfinished ...>" and "<... openat resumed>")
opened() { joined out | grep -qE "	openat\(AT_FDCWD, \"$1\", O_RDONLY\) += 3\$"; }
wait_until 60 opened file2 || fail "a: no cat opened file2"
wait_until 60 opened file1 || fail "a: no cat opened file1"
stop_all
joined out > j
grep -qE "^$P	<\.\.\. openat resumed>\) += 3$" j ||
	fail "a: P's open of the fifo did not end in the trace"
c2=$(awk -F'\t' '$2 ~ /^openat\(AT_FDCWD, "file2"/ { print $1 }' j)
cloned_by j "$P" | grep -qxF "$c2" || fail "a: file2's opener $c2 is not P's child"
grand=0
for s in $(cloned_by j "$l"); do
	for c in $(cloned_by j "$s"); do
		grep -qE "^$c	openat\(AT_FDCWD, \"file1\", O_RDONLY\) += 3$" j &&
			grand=$((grand + 1))
	done
done
echo "a: $grand grandchildren of L opened file1"
[ $grand -ge 1 ] || fail "a: no grandchild of L in the trace"

# b)
start_L
etrace_bg /dev/null err -p "$L" --tree -e trace=openat -o out
echo go > fifo
wait_gone "$P" 60 || fail "b: P still running"
stop_all
joined out > j
grep -qE "^$P	<\.\.\. openat resumed>\) += 3$" j ||
	fail "b: P's open of the fifo did not end in the trace"
grep -q 'file2' j && fail "b: P's child, born after the attach, is traced without -f"

# c)
start_L
etrace_bg /dev/null err -p "$L" -e trace=openat,clone,clone3,fork,vfork -o out
wait_until 60 grep -qE "^(clone3?|v?fork)\\(" out || fail "c: no clone of L"
echo go > fifo
stop_all
# (one process: no pid prefixes, as strace -o)
grep -qE "^(clone3?|v?fork)\\(" out || fail "c: no fork of L"
grep -E 'file[12]|^[0-9]+ ' out | head -3 > other
[ -s other ] && { cat other >&2; fail "c: lines of L's descendants"; }
exit 0
