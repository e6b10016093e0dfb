# SPDX-License-Identifier: GPL-2.0-or-later
# -I, --interruptible (strace's levels): by default a signal to etrace
# ends the trace (the command goes on, untraced); with -I never (3)
# SIGTERM, SIGINT, SIGHUP and SIGQUIT are ignored and the trace ends with
# the command; with -I never_tstp (4) ^Z (SIGTSTP) does not stop etrace.
# The program (tests/progs/inject after) makes a chdir, says "ready",
# waits for a byte on stdin, makes three chdir calls and exits.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root
cd "$WORK" || exit 1

run() {	# name signal etrace-options...
	_r_name=$1 _r_sig=$2
	shift 2
	# (the last run's files go first: the redirections below are made
	# by the background shell, and a stale "ready" would be read now)
	rm -f fifo "$_r_name.stdout" "$_r_name.out" "$_r_name.err"
	mkfifo fifo
	exec 3<> fifo
	"$ETRACE" "$@" -e trace=chdir -o "$_r_name.out" \
		"$PROGS/inject" after < fifo > "$_r_name.stdout" 2> "$_r_name.err" &
	_r_pid=$!
	wait_line "$_r_name.stdout" ready 60 || soft_fail "$_r_name: never ready"
	# twice, each read by etrace (no longer pending) before the next: a
	# second signal ends an interruptible trace at once, cut at the
	# first (the command still waits on its stdin then)
	for _r_i in 1 2; do
		kill -s "$_r_sig" $_r_pid
		wait_until 60 sh -c "! grep -q '^SigPnd:.*[1-9a-f]' /proc/$_r_pid/status 2> /dev/null &&
			! awk '/^ShdPnd/ && \$2 !~ /^0+\$/ { exit 0 } END { exit 1 }' /proc/$_r_pid/status 2> /dev/null"
	done
	printf x >&3
	exec 3>&-
	wait $_r_pid
	_r_rc=$?
	wait_until 60 sh -c "[ \"\$(grep -c '^chdir ' $_r_name.stdout)\" = 3 ]" ||
		soft_fail "$_r_name: the program did not finish"
}

# -I never: SIGTERM ignored; the whole trace, the command's status
for spec in "-I 3" "-I never" "--interruptible=3"; do
	run never TERM $spec
	[ $_r_rc = 0 ] || soft_fail "etrace $spec: exit status $_r_rc after SIGTERM (want the command's 0)"
	n=$(grep -c '^chdir("/")' never.out)
	[ "$n" = 4 ] || soft_fail "etrace $spec: $n chdir lines after SIGTERM, not 4"
	grep -qx '+++ exited with 0 +++' never.out ||
		soft_fail "etrace $spec: no exit line after SIGTERM"
done
run neverint INT -I never
[ "$(grep -c '^chdir("/")' neverint.out)" = 4 ] ||
	soft_fail "-I never: SIGINT ended the trace"

# the default: SIGTERM ends the trace (the later calls untraced)
run default TERM
[ $_r_rc = 143 ] || soft_fail "default: exit status $_r_rc after SIGTERM (want 143)"
n=$(grep -c '^chdir("/")' default.out)
[ "$n" = 1 ] || soft_fail "default: $n chdir lines after SIGTERM, not 1"
# -I anywhere and waiting are the default's behaviour
run anywhere TERM -I anywhere
[ "$(grep -c '^chdir("/")' anywhere.out)" = 1 ] ||
	soft_fail "-I anywhere: SIGTERM did not end the trace"

# -I never_tstp: SIGTSTP neither stops etrace nor ends the trace
run tstp TSTP -I never_tstp
[ $_r_rc = 0 ] || soft_fail "-I 4: exit status $_r_rc after SIGTSTP"
[ "$(grep -c '^chdir("/")' tstp.out)" = 4 ] ||
	soft_fail "-I never_tstp: SIGTSTP cut the trace"

# bad values: one line, exit 1
for bad in 0 5 sometimes ""; do
	"$ETRACE" -I "$bad" true > bad.out 2> bad.err
	rc=$?
	echo "etrace: invalid -I '$bad' (want 1 or anywhere, 2 or waiting, 3 or never, 4 or never_tstp)" > bad.want
	soft_same bad.want bad.err "-I '$bad': the message"
	[ $rc = 1 ] || soft_fail "-I '$bad': exit status $rc"
done
finish
