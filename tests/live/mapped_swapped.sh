# SPDX-License-Identifier: GPL-2.0-or-later
# The program's own file swapped after it was mapped: a copy of dash
# runs as the command, and once it has exec'd its path is replaced by a
# FIFO.  -k then unwinds a chdir through that file: etrace must not
# open the FIFO (it waited for a writer for ever, under a 60 s timeout
# here) but read the mapped file itself, which /proc/PID/map_files
# still reaches: the stack goes through the copy's frames to libc's
# __libc_start_main.  A second run swaps in a different regular file
# and lets the program exit first: its frames must not be named from
# the swapped-in file (the path's inode is not the mapped one).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

tp=""
cleanup() { [ -n "$tp" ] && kill -KILL "$tp" 2>/dev/null; }
trap cleanup EXIT
DASH=$(readlink -f "$(command -v dash)")
child_of() {	# pid: its first child
	_c=$(cat "/proc/$1/task/$1/children") && [ -n "$_c" ] && echo "${_c%% *}"
}

# run SWAP: a copy of dash as the command; once it runs, SWAP replaces
# the copy's path; go releases it to cd / (then it waits on go2)
run() {	# name swap-command
	rm -f go go2 .ready "$WORK/$1"
	mkfifo go go2 .ready
	cp "$DASH" "$WORK/$1"
	timeout -k 5 60 "$ETRACE" --ready-fd 9 -q -k -e trace=chdir -o "trace.$1" \
		-- "$WORK/$1" -c 'read x < "$0"; cd /; read y < "$1"' \
		"$WORK/go" "$WORK/go2" 9> .ready 2> "err.$1" &
	tp=$!
	read -r r < .ready
	[ "$r" = ready ] || { cat "err.$1" >&2; fail "$1: etrace did not start"; }
	rm "$WORK/$1"
	$2 "$WORK/$1" || fail "$1: cannot swap in: $2"
}

run fifo mkfifo
echo > go
# the stack is unwound while the program still runs (map_files)
wait_until 60 grep -q '__libc_start_main' trace.fifo ||
	{ cat trace.fifo err.fifo >&2; fail "fifo: no whole stack while the program runs"; }
echo > go2
wait "$tp"
rc=$?
tp=""
[ $rc = 0 ] || { cat err.fifo >&2; fail "fifo: etrace exited $rc (124: it hung)"; }
grep -qE "^ > $WORK/fifo\\(\\+0x[0-9a-f]+\\) \\[0x[0-9a-f]+\\]\$" trace.fifo ||
	{ cat trace.fifo >&2; fail "fifo: no frame of the mapped copy"; }

# a different file at the path, the program gone before its stack is read
mkself() { cp /usr/bin/true "$1"; }
run other mkself
echo > go
echo > go2
wait "$tp"
rc=$?
tp=""
[ $rc = 0 ] || { cat err.other >&2; fail "other: etrace exited $rc"; }
grep -qE '^chdir\("/"\) += 0$' trace.other || { cat trace.other >&2; fail "other: no chdir"; }
# true's symbols (or any name from it) must not name dash's code
grep -E "^ > $WORK/other\\([a-z_]" trace.other &&
	{ cat trace.other >&2; fail "other: a frame named from the swapped-in file"; }
# every frame printed is one etrace proved (tests/lib.sh)
frames_proved trace.*
exit 0
