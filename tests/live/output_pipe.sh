# SPDX-License-Identifier: GPL-2.0-or-later
# -o '|COMMAND' and -o '!COMMAND', as strace's: the trace is piped to
# sh -c COMMAND, which gets the whole of it (the same lines as -o FILE),
# is waited for before etrace exits, and holds none of etrace's fds but
# its stdio; -ff (a file per process) and etrace record (a file) refuse
# it; a command that reads nothing does not hold etrace up; etrace ended
# by SIGINT or SIGTERM still gives the command the whole trace (its calls
# before the signal, the open call detached) and waits for it.
. "$TOP/tests/lib.sh"
need_root

"$ETRACE" -q -e trace=openat,read,close -o file -- cat /etc/hostname \
	> /dev/null 2> e1 || { cat e1 >&2; fail "-o file failed"; }
grep -q '^openat(AT_FDCWD, "/etc/hostname", O_RDONLY) = 3$' file ||
	{ cat file >&2; fail "-o file: no openat line"; }

# the same lines through the pipe; the command ends (even 0.2 s after its
# input does) before etrace exits
"$ETRACE" -q -e trace=openat,read,close \
	-o '|cat > piped; sleep 0.2; echo done > ended' -- cat /etc/hostname \
	> /dev/null 2> e2 || { cat e2 >&2; fail "-o '|cat > piped' failed"; }
[ "$(cat ended 2> /dev/null)" = done ] ||
	fail "etrace exited before its -o command ended"
same file piped "-o '|cat': the trace"

"$ETRACE" -q -e trace=openat,read,close -o '!cat > bang' -- \
	cat /etc/hostname > /dev/null 2> e3 ||
	{ cat e3 >&2; fail "-o '!cat > bang' failed"; }
same file bang "-o '!cat': the trace"

# the command's fds: its stdio (ls's own directory is 3)
"$ETRACE" -q -e trace=none -o '|ls /proc/self/fd > fds; cat > /dev/null' \
	-- true 2> e4 || { cat e4 >&2; fail "-o '|ls ...' failed"; }
printf '0\n1\n2\n3\n' > fds.want
same fds.want fds "the -o command's open fds"

# -ff: refused, nothing run
"$ETRACE" -ff -o '|cat' -- touch ran 2> e5 && fail "-ff -o '|cat' ran"
[ "$(cat e5)" = "etrace: -ff writes a file per process: not with -o |COMMAND" ] ||
	{ cat e5 >&2; fail "-ff -o '|cat': not the one-line refusal"; }
[ -e ran ] && fail "-ff -o '|cat' ran the command"

# etrace record: a recording is a file; none named '|cat' is made
"$ETRACE" record -o '|cat' -- touch ran 2> e7 && fail "record -o '|cat' ran"
[ "$(cat e7)" = "etrace: record: -o |COMMAND: a recording is a file (seekable, for etrace report)" ] ||
	{ cat e7 >&2; fail "record -o '|cat': not the one-line refusal"; }
[ -e ran ] || [ -e '|cat' ] && fail "record -o '|cat' ran or made a file"

# ended by a signal: the lines before it reach the command, which etrace
# waits for (the traced shell blocks on a fifo nobody writes until then;
# its read is number 0, its openat of the fifo 257)
for sig in INT TERM; do
	rm -f ready ended piped.$sig
	mkfifo ff.$sig
	"$ETRACE" -q -e trace=openat -o "|cat > piped.$sig; sleep 0.2; echo done > ended" -- \
		sh -c ": > ready; read x < ff.$sig" 2> e.$sig &
	tp=$!
	wait_until 60 test -e ready || fail "SIG$sig: the traced shell did not start"
	sp=$(pgrep -P $tp -f "^sh -c : > ready")
	[ -n "$sp" ] || fail "SIG$sig: no traced shell"
	wait_until 60 in_syscall "$sp" 257 ||
		fail "SIG$sig: the shell ($sp: $(cat /proc/$sp/syscall)) is not opening the fifo"
	kill -$sig $tp
	wait $tp
	[ "$(cat ended 2> /dev/null)" = done ] ||
		fail "SIG$sig: etrace exited before its -o command ended"
	printf '%s\n' 'openat(AT_FDCWD, "ready", O_WRONLY|O_CREAT|O_TRUNC, 0666) = 3' \
		"openat(AT_FDCWD, \"ff.$sig\", O_RDONLY <detached ...>" > piped.want
	grep -v '^openat(AT_FDCWD, "/' piped.$sig | grep -v '^+++\|^---' > piped.got
	same piped.want piped.got "SIG$sig: the trace the -o command got"
	kill -9 "$sp" 2> /dev/null	# (left blocked in the fifo's open)
done

# a command that reads nothing: the trace ends with its command
"$ETRACE" -q -o '|true' -- sh -c 'i=0; while [ $i -lt 2000 ]; do
	: > /dev/null; i=$((i + 1)); done; exit 3' 2> e6
rc=$?
[ $rc = 3 ] || { cat e6 >&2; fail "-o '|true': exit status $rc, want 3"; }
exit 0
