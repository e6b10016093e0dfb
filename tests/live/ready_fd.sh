# SPDX-License-Identifier: GPL-2.0-or-later
# --ready-fd N: etrace writes "ready\n" to fd N and closes it once every
# event is enabled, so a test starts its workload then and not after a
# sleep.
#  - -f -p on a shell blocked opening a fifo: once etrace says ready, the
#    fifo is opened and the shell execs cat /etc/hostname: the trace has
#    that execve, cat's openat of the file and its exit, nothing lost;
#    the reader gets exactly one line, then EOF;
#  - the command does not inherit fd N (it is closed at exec);
#  - setup that fails (no such process) closes it unwritten: the reader
#    sees EOF, not a line, and etrace says why, exit 1;
#  - N not open, open read-only, or not a number: one line naming it,
#    exit 1, nothing run.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

kill_at_exit sp ep
CAT=$(command -v cat)
mkfifo go rd
sh -c 'read x < go; exec "$0" /etc/hostname' "$CAT" > cat.out &
sp=$!
"$ETRACE" --ready-fd 3 -f -p "$sp" -o out 3> rd 2> err &
ep=$!
{ read -r r1; r2=$(cat); } < rd
[ "$r1" = ready ] || { cat err >&2; fail "read '$r1' from the ready fd, want 'ready'"; }
[ -z "$r2" ] || fail "more after the ready line: '$r2'"
echo go > go
wait $ep
rc=$?
ep=""
wait $sp
sp=""
cat err >&2
[ $rc = 0 ] || fail "etrace -p exited $rc"
cmp -s cat.out /etc/hostname || fail "cat did not print /etc/hostname"
strip_pid out > lines
grep -qE "^execve\(\"$CAT\", \[\"$CAT\", \"/etc/hostname\"\], 0x[0-9a-f]+ /\* [0-9]+ vars \*/\) = 0$" lines ||
	{ cat lines >&2; fail "no execve line of cat"; }
grep -qxF 'openat(AT_FDCWD, "/etc/hostname", O_RDONLY) = 3' lines ||
	fail "no openat of /etc/hostname by cat"
tail -n 1 lines | grep -qxF '+++ exited with 0 +++' || fail "the exit is not the last line"

# not inherited by the command
"$ETRACE" -q --ready-fd 3 -o o2 -- sh -c \
	'if [ -e /proc/self/fd/3 ]; then echo inherited; else echo closed; fi' \
	3> rd > inh.out 2> err2 &
ep=$!
read -r r1 < rd
wait $ep
rc=$?
ep=""
[ "$r1" = ready ] || fail "-- CMD: read '$r1' from the ready fd"
[ $rc = 0 ] || { cat err2 >&2; fail "-- CMD: etrace exited $rc"; }
[ "$(cat inh.out)" = closed ] || fail "the command inherited the ready fd"

# setup fails: EOF, no line
true &
gone=$!
wait $gone
"$ETRACE" --ready-fd 3 -p "$gone" 3> rd 2> err3 &
ep=$!
r1=$(cat rd)
wait $ep
rc=$?
ep=""
[ -z "$r1" ] || fail "a failed setup wrote '$r1' to the ready fd"
[ $rc = 1 ] || fail "-p of a gone process: exit $rc, want 1"
echo "etrace: -p $gone: no such process" > want3
same want3 err3 "stderr of -p of a gone process"

# bad descriptors and numbers
exec 9>&-
"$ETRACE" --ready-fd 9 -- true 2> e1
rc=$?
echo "etrace: --ready-fd 9: not a file descriptor open for writing" > w1
[ $rc = 1 ] || fail "--ready-fd of a closed fd: exit $rc"
same w1 e1 "stderr of --ready-fd of a closed fd"
"$ETRACE" --ready-fd 9 -- true 9< /etc/hostname 2> e2
rc=$?
[ $rc = 1 ] || fail "--ready-fd of a read-only fd: exit $rc"
same w1 e2 "stderr of --ready-fd of a read-only fd"
"$ETRACE" --ready-fd x -- true 2> e3
rc=$?
echo "etrace: invalid --ready-fd 'x' (a file descriptor number)" > w3
[ $rc = 1 ] || fail "--ready-fd x: exit $rc"
same w3 e3 "stderr of --ready-fd x"
exit 0
