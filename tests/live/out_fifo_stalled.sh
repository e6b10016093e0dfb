# SPDX-License-Identifier: GPL-2.0-or-later
# -o FIFO whose reader stops reading: etrace -o FIFO -- storm 100000
# with a reader that opens the FIFO and never reads (this shell, fd 3).
# Some 4 MB of lines cannot go into a 64K pipe: etrace waits for the
# reader, and the storm ends meanwhile.  SIGTERM then ends etrace (it
# waited in write() for ever, the signal never reaching it): it exits
# with the storm's status 0, says on stderr how many lines of the trace
# its reader did not take (at least one), and the pipe holds the
# trace's beginning (the storm's execve).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

kill_at_exit ep
mkfifo f
"$ETRACE" -o f -- "$PROGS/storm" 100000 2> err &
ep=$!
# etrace opens the FIFO once it has a reader: this one never reads
exec 3< f
# the storm, etrace's child, has ended: etrace has 4 MB it cannot write
sp=""
has_child() { sp=$(children_of $ep); [ -n "$sp" ]; }
wait_until 60 has_child || { cat err >&2; fail "etrace started no command"; }
wait_gone $sp 120 || fail "the storm (pid $sp) did not end"
kill -TERM $ep
wait_gone $ep 60 || fail "etrace did not end after SIGTERM"
wait $ep
rc=$?
ep=""
cat err >&2
[ $rc = 0 ] || fail "etrace exited $rc, want the storm's 0"
n=$(sed -nE 's/^etrace: ([0-9]+) lines? of the trace not written to f: its reader stopped reading$/\1/p' err)
[ -n "$n" ] || fail "no 'N lines of the trace not written to f' on stderr"
[ "$n" -gt 0 ] || fail "0 lines said not written"
cat <&3 > got
exec 3<&-
[ -s got ] || fail "the reader got nothing"
head -n 1 got | grep -qE '^execve\(".*/storm", \[' ||
	fail "the pipe does not begin with the storm's execve: '$(head -n 1 got)'"
echo "$(wc -l < got) lines in the pipe, $n not written"
exit 0
