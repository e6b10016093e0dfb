# SPDX-License-Identifier: GPL-2.0-or-later
# -p beside a command (strace's attach-p-cmd): the trace goes on until the
# -p process is gone too, not only the command, as strace does.  The -p
# process waits for the command to be gone, and a moment more (its own
# workload: strace's test sleeps too), then calls chdir and exits: etrace's
# whole trace (pids named) equals strace's.  Before, etrace
# detached when the command ended and the -p process's lines were lost.
. "$TOP/tests/lib.sh"
need_root

run() {	# tracer out
	rm -f fifo
	mkfifo fifo
	sh -c 'read c < fifo; while kill -0 "$c" 2> /dev/null; do :; done
		sleep 0.3; cd /etrace-test-p 2> /dev/null; exit 0' &
	p=$!
	"$1" -o "$2" -e trace=chdir -e signal=none -p "$p" -- \
		sh -c 'cd /etrace-test-cmd 2> /dev/null; echo $$ > fifo' 2> "$2.err" ||
		{ cat "$2.err" >&2; fail "$1 -p $p -- sh failed"; }
	wait "$p"
	# the pids by role: the -p process's, the command's
	c=$(grep -F 'etrace-test-cmd' "$2" | head -n 1 | awk '{print $1}')
	[ -n "$c" ] || { cat "$2" >&2; fail "$1: no chdir of the command"; }
	sed -E "s/^$p +/P /; s/^$c +/C /" "$2" > "$2.named"
}
run strace s
run "$ETRACE" e
cat e.named
same s.named e.named "etrace's trace of -p beside a command vs strace's"
grep -q '^P chdir("/etrace-test-p")' e.named || fail "no chdir of the -p process"
exit 0
