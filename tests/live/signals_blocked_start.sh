# SPDX-License-Identifier: GPL-2.0-or-later
# A signal that ends a trace (HUP, INT, QUIT, TERM) but that etrace was
# started with blocked, and already pending, stays blocked and ends
# nothing: the trace is whole and etrace exits with its command's status,
# as strace (its interactive_block test; strace -I2 the oracle here).
. "$TOP/tests/lib.sh"
need_root
command -v python3 > /dev/null || fail "needs python3"

# block SIG, make it pending, reset its action, then exec the tracer
cat > blk.py << 'PY'
import os, signal, sys
sig = getattr(signal, sys.argv[1])
signal.pthread_sigmask(signal.SIG_BLOCK, {sig})
signal.signal(sig, signal.SIG_DFL)
os.kill(os.getpid(), sig)
os.execvp(sys.argv[2], sys.argv[2:])
PY
# the command outlives the half second a stopping etrace gives it (the
# workload sleeps, as strace's attach-p-cmd's does: no wait of the test)
run() {	# tag sig tracer...
	_t=$1 _s=$2
	shift 2
	python3 blk.py "$_s" "$@" -qq -I2 -e trace=chdir -o "$_t.$_s" -- \
		sh -c 'cd /; sleep 1; cd /; exit 3' 2> "$_t.$_s.err"
	echo $? > "$_t.$_s.rc"
}
for sig in SIGHUP SIGINT SIGQUIT SIGTERM; do
	run s $sig strace
	run e $sig "$ETRACE"
	[ "$(cat s.$sig.rc)" = 3 ] || { cat s.$sig.err >&2; fail "$sig: strace exited $(cat s.$sig.rc)"; }
	[ "$(cat e.$sig.rc)" = 3 ] ||
		{ cat e.$sig.err >&2; fail "$sig blocked and pending at start: etrace exited $(cat e.$sig.rc), want the command's 3"; }
	sed -i 's/si_pid=[0-9]*/si_pid=N/' s.$sig e.$sig	# (the sleeps)
	same s.$sig e.$sig "$sig blocked and pending at start: the trace (strace vs etrace)"
	[ -s e.$sig.err ] && { cat e.$sig.err >&2; fail "$sig: etrace said something"; }
done
exit 0
