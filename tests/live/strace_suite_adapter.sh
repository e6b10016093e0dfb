# SPDX-License-Identifier: GPL-2.0-or-later
# tests/strace-suite/strace-as-etrace, the adapter strace 6.1's suite runs
# as $STRACE, behaves as strace on a -p run ended by a signal (strace's
# detach-sleeping test): etrace's "Process N attached" reaches the
# adapter's stderr while etrace runs (the test waits for it, then signals
# the adapter), the adapter's SIGTERM reaches etrace at once, and the
# adapter ends as etrace does: "Process N detached", status 143, the
# traced process alive.  Before, the adapter kept etrace's stderr until
# etrace ended, and its TERM trap waited for etrace: the test hung.  The
# adapter also hands the command its own stdin (a background command's
# would be /dev/null), checked on the last runs, and the descriptors its
# caller opened (strace's clone_parent tests write to fd 3: the adapter
# once closed it); and -a's column is kept
# on a line whose return value carries -y's text (= 3</dev/null>).
. "$TOP/tests/lib.sh"
need_root

adapter=$TOP/tests/strace-suite/strace-as-etrace
kill_pids() { for p in ${sp:-} ${ap:-}; do kill -KILL "$p" 2>/dev/null; done; }
trap kill_pids EXIT

mkfifo hold
sh -c 'read x < "$0"' "$WORK/hold" &
sp=$!
ETRACE=$ETRACE sh "$adapter" -p "$sp" 2> err &
ap=$!
wait_until 60 grep -qxF "etrace: Process $sp attached" err ||
	{ cat err >&2; fail "no 'Process $sp attached' on stderr while etrace runs"; }
kill -TERM "$ap"
wait "$ap"
rc=$?
ap=""
[ $rc = 143 ] || { cat err >&2; fail "adapter ended by SIGTERM: exit $rc, want 143"; }
grep -qxF "etrace: Process $sp detached" err || { cat err >&2; fail "no detach line"; }
kill -0 "$sp" || fail "the traced process did not survive the detach"
echo go > hold
wait "$sp"
sp=""

# strace's -a column: a return with -y's text after it is re-padded too
ETRACE=$ETRACE sh "$adapter" -a 150 -y -e trace=openat -o trace \
	cat /dev/null 2> err3 || { cat err3 >&2; fail "adapter -a 150 -y failed"; }
printf '%-150s= 3</dev/null>\n' "openat(AT_FDCWD<$WORK>, \"/dev/null\", O_RDONLY)" > want
grep -F '"/dev/null"' trace > got
same want got "openat's line padded to -a 150"

# the command reads the adapter's stdin
echo piped | ETRACE=$ETRACE sh "$adapter" -e trace=none -o trace \
	sh -c 'read l; echo "got $l"' > out 2> err2 ||
	{ cat err2 >&2; fail "adapter run with a pipe on stdin failed"; }
[ "$(cat out)" = "got piped" ] ||
	fail "the command read '$(cat out)' from stdin, want 'got piped'"

# descriptors the caller opened reach the command (strace's clone_parent
# tests write their expected lines to fd 3), stdin still read through
echo piped | ETRACE=$ETRACE sh "$adapter" -e trace=none -o trace \
	sh -c 'read l; echo "3: $l" >&3; echo "4: $l" >&4' 3> out3 4> out4 \
	2> err4 || { cat err4 >&2; fail "adapter run with fds 3 and 4 failed"; }
echo "3: piped" > want
same want out3 "what the command wrote to the caller's fd 3"
echo "4: piped" > want
same want out4 "what the command wrote to the caller's fd 4"
exit 0
