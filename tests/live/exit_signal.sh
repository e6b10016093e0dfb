# SPDX-License-Identifier: GPL-2.0-or-later
# A command killed by a signal: etrace dies of the same signal, as strace
# does (the shell sees 128+N and says so: "Segmentation fault", "Killed"),
# and its last line is strace's for the same run:
#   exitcode -SEGV (no core: ulimit -c 0)  ->  139, +++ killed by SIGSEGV +++
#   exitcode -KILL                         ->  137, +++ killed by SIGKILL +++
# and no other line in the trace is a non-call line but those (etrace does
# not print "--- SIG... ---" lines yet, so they are not compared).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

ulimit -c 0
for sig in SEGV KILL; do
	case $sig in
	SEGV) want=139 ;;
	KILL) want=137 ;;
	esac
	strace -- "$PROGS/exitcode" -$sig 2> s.$sig
	rc=$?
	[ $rc = $want ] || fail "strace exited $rc for -$sig, want $want"
	"$ETRACE" -- "$PROGS/exitcode" -$sig 2> e.$sig
	rc=$?
	[ $rc = $want ] || fail "etrace exited $rc for -$sig, want $want"

	printf '+++ killed by SIG%s +++\n' $sig > want.$sig
	# strace dies by the same signal, and the shell then says so
	# ("Segmentation fault", "Killed") on the same stderr: not strace's
	grep -vE '^(Segmentation fault|Killed)' s.$sig | tail -n 1 > s.last.$sig
	same want.$sig s.last.$sig "strace's last line for -$sig (the expectation)"
	grep -vE '^(Segmentation fault|Killed)' e.$sig | tail -n 1 > e.last.$sig
	same want.$sig e.last.$sig "the last line for -$sig"
	# the shell's word on a death by signal (not on an exit(13x))
	grep -qE '^(Segmentation fault|Killed)' e.$sig ||
		fail "etrace did not die of SIG$sig as strace does (exited $rc)"
	# the kill itself: "kill(PID, SIGSEGV) = 0".  With SIGKILL strace
	# never sees the call end ("= ?") while the kernel does return 0
	# from it, which is what the sys_exit tracepoint reports: either
	# is right there, so only the call's presence is checked.
	sed -E 's/^kill\([0-9]+, /kill(PID, /' s.$sig | grep '^kill(' > s.kill.$sig
	sed -E 's/^kill\([0-9]+, /kill(PID, /' e.$sig | grep '^kill(' > e.kill.$sig
	if [ $sig = KILL ]; then
		sed -i -E 's/= (0|\?)$/= 0 or ?/' s.kill.$sig e.kill.$sig
	fi
	same s.kill.$sig e.kill.$sig "the kill line for -$sig"
	sc_counts s.$sig > s.counts.$sig
	sc_counts e.$sig > e.counts.$sig
	same s.counts.$sig e.counts.$sig "syscall counts for -$sig"
done
exit 0
