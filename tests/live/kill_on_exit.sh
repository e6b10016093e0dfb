# SPDX-License-Identifier: GPL-2.0-or-later
# --kill-on-exit: when etrace exits, what it started and traces is gone
# before etrace's own exit (strace 6.6's option; strace 6.1, the oracle
# installed here, has none, so this checks the processes themselves).
#
# The command, a shell, starts a child that waits (sleep) and a
# grandchild orphaned at once (a subshell's sleep, the way a daemon
# leaves its parent), writes their pids to a fifo, and waits.  etrace
# then ends by SIGTERM, or because its output failed.  Each process is
# checked the moment etrace has exited, with no wait:
#   -f --kill-on-exit:  the shell, the child and the orphan are gone
#                       (the orphan was etrace's: it is their subreaper)
#   --kill-on-exit:     the shell alone (strace: children are no tracees)
#   -f:                 all three go on
# Refused with one line: with -p (as strace), and without a command.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

mkfifo pids || fail "mkfifo"
# the workload: "SHELL CHILD ORPHAN" on the fifo, then wait for ever
script='sleep 1000 & c=$!; (sleep 1001 & echo $! > orphan); echo "$$ $c $(cat orphan)" > pids; wait'

# alive PID: a process of this run (its pid not reused: a sleep of ours)
alive() {
	{ tr '\0' ' ' < "/proc/$1/cmdline"; } 2>/dev/null |
		grep -q '^sleep 100[01] $\|^sh -c '
}

# run MODE ETRACE-ARGS: etrace in the background, the pids read, SIGTERM
run_term() {	# name args...
	n=$1
	shift
	etrace_bg $n.out $n.err -qq -o $n.trace "$@" -- sh -c "$script"
	read -r sh child orphan < pids || fail "$n: no pids from the command"
	# the orphan's parent: etrace with -f --kill-on-exit, else not the shell
	oparent=$(awk '{sub(/^.*\) /, ""); print $2}' /proc/$orphan/stat)
	kill -TERM $ep
	wait $ep
	rc=$?
}

check() {	# name "pid..." gone|alive
	for p in $2; do
		if alive $p; then
			[ $3 = alive ] || soft_fail "$1: $p ($(tr '\0' ' ' < /proc/$p/cmdline)) outlived etrace"
		else
			[ $3 = gone ] || soft_fail "$1: $p is gone, it should have outlived etrace"
		fi
	done
}

cleanup() {	# pids: the survivors a check wanted alive
	for p in "$@"; do
		alive $p && kill -KILL $p
	done
	return 0
}

run_term tree -f --kill-on-exit
check tree "$sh $child $orphan" gone
[ "$oparent" = $ep ] || soft_fail "tree: the orphan's parent is $oparent, not etrace ($ep)"
[ $rc = 143 ] || soft_fail "tree: etrace exits $rc, want 143 (SIGTERM)"
cleanup $sh $child $orphan

run_term cmd --kill-on-exit
check cmd "$sh" gone
check cmd "$child $orphan" alive
cleanup $sh $child $orphan

run_term none -f
check none "$sh $child $orphan" alive
[ "$oparent" != $ep ] || soft_fail "none: the orphan is etrace's without --kill-on-exit"
cleanup $sh $child $orphan

# The output fails (its reader goes: EPIPE): etrace ends at its next
# write, and the command, killed, gives the status (128+9).
mkfifo out go
exec 5<> out
"$ETRACE" -qq -f --kill-on-exit -o out -- sh -c "${script%; wait}; read x < go; wait" 2> epipe.err 5<&- &
ep=$!
read -r sh child orphan < pids || fail "epipe: no pids from the command"
# no reader is left: the lines of what the shell does now cannot be written
exec 5<&-
echo > go
wait $ep
rc=$?
check epipe "$sh $child $orphan" gone
[ $rc = 137 ] || soft_fail "epipe: etrace exits $rc, want 137 (the command's SIGKILL)"
cleanup $sh $child $orphan

"$ETRACE" --kill-on-exit -p 1 > p.out 2> p.err
[ $? = 1 ] || soft_fail "--kill-on-exit -p: not refused"
echo "etrace: --kill-on-exit and -p exclude each other (as strace's): etrace kills only what it starts" > p.want
soft_same p.want p.err "--kill-on-exit -p: the message"
"$ETRACE" --kill-on-exit -a > a.out 2> a.err
[ $? = 1 ] || soft_fail "--kill-on-exit -a without a command: not refused"
echo "etrace: --kill-on-exit: there is no command to kill" > a.want
soft_same a.want a.err "--kill-on-exit without a command: the message"
finish
