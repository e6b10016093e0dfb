# SPDX-License-Identifier: GPL-2.0-or-later
# Stopping etrace with SIGTERM, SIGINT, SIGHUP while its command runs
# flat out (etrace -o out -- storm 100000000, signal sent to etrace only
# once the trace has 1000 getppid lines): etrace exits with status 128+N
# (its documented status when stopped while the command still runs),
# leaves nothing behind (its process is gone, so are its perf fds), the
# trace ends with a whole line and every line is a well-formed getppid
# line (or the start of the trace: the storm's startup calls); the storm
# is not killed or stopped by etrace: it still runs (or has finished on
# its own), untraced: no process has the trace file open any more.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

kill_at_exit ep kid
lines_at_least() {	# n file
	[ "$(grep -c '^getppid() *= [0-9]*$' "$2" 2>/dev/null)" -ge "$1" ]
}
# the pids of the processes that have FILE open
holders() {	# file
	find /proc/[0-9]*/fd -maxdepth 1 -lname "$(readlink -f "$1")" 2>/dev/null |
		cut -d/ -f3 | sort -u
}

for sig in TERM INT HUP; do
	case $sig in TERM) num=15 ;; INT) num=2 ;; HUP) num=1 ;; esac
	etrace_bg /dev/null err.$sig -o out.$sig -- "$PROGS/storm" 100000000
	kid=$(children_of $ep)
	[ -n "$kid" ] || fail "$sig: no command running under etrace"
	wait_until 60 lines_at_least 1000 out.$sig ||
		fail "$sig: not 1000 getppid lines in the trace"
	kill -$sig $ep
	wait_gone $ep 60 || fail "$sig: etrace still running 60 s after SIG$sig"
	wait $ep
	rc=$?
	gone=$ep
	ep=""
	cat err.$sig >&2
	[ $rc = $((128 + num)) ] || soft_fail "$sig: etrace exited $rc, want $((128 + num))"
	[ -d /proc/$gone ] && soft_fail "$sig: etrace's process is still there"

	# the storm: alive and running (not stopped), or gone by itself
	if kill -0 "$kid" 2>/dev/null; then
		st=$(awk '{sub(/^.*\) /, ""); print $1}' /proc/$kid/stat)
		case $st in
		R|S|D) ;;
		*) soft_fail "$sig: the command is in state $st after etrace left" ;;
		esac
		grep -q '^TracerPid:[[:space:]]*0$' /proc/$kid/status ||
			soft_fail "$sig: the command is still ptraced?"
	fi
	holders out.$sig > held.$sig
	[ -s held.$sig ] && soft_fail "$sig: processes $(cat held.$sig) still have the trace open"
	kill -KILL "$kid" 2>/dev/null
	kid=""

	[ -s out.$sig ] || { soft_fail "$sig: empty trace"; continue; }
	[ "$(tail -c 1 out.$sig | od -An -c | tr -d ' ')" = '\n' ] ||
		soft_fail "$sig: the trace does not end with a whole line"
	n=$(grep -c '^getppid() *= [0-9]*$' out.$sig)
	echo "$sig: $n getppid calls traced"
	[ "$n" -ge 1000 ] || soft_fail "$sig: only $n getppid lines, 1000 seen before the signal"
	# after the first getppid, nothing but getppid lines (a last one
	# cut short may end in <unfinished ...> / <detached ...>, also after
	# its resumed prefix when a loss line had split it), and where
	# a ring overflowed (a storm of 2 million calls a second, whose
	# trace the file system takes at 80 MB/s), the losses said and the
	# calls they cut in two
	sed -n '/^getppid()/,$p' out.$sig |
		grep -vE '^getppid\(\) += [0-9]+$' > odd.$sig
	# (a call whose exit record was lost ends "= ?" when the next one
	# enters: allowed only where losses are said)
	lostq='x^'
	grep -q '^+++ lost' out.$sig && lostq='^getppid\(\) += \?$'
	grep -vE '^getppid\( ?<(unfinished|detached) \.\.\.>$' odd.$sig |
		grep -vE '^<\.\.\. getppid resumed> <detached \.\.\.>$' |
		grep -vE '^\+\+\+ lost [0-9]+ records? (on cpu [0-9]+|at the end) \+\+\+$' |
		grep -vE "$lostq" |
		grep -vE '^<\.\.\. getppid resumed>\) += ([0-9]+|\?)$' > odd2.$sig
	[ -s odd2.$sig ] && { head -5 odd2.$sig >&2; soft_fail "$sig: malformed lines"; }
done
finish
