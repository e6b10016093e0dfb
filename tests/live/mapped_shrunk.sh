# SPDX-License-Identifier: GPL-2.0-or-later
# Issue 18, item 1: a traced program that shrinks a file it runs code
# from cannot kill etrace.  tests/progs/truncmap runs a copy of its own
# code from FILE; once etrace has unwound a call there (libdw has mapped
# FILE), it makes 20,000 more calls and at once truncates FILE to 0
# bytes: etrace, behind, reads FILE's unwind info and bytes through its
# mapping after that, where a page past the new end was a SIGBUS that
# killed etrace (exit 135, the trace cut off mid-line).  Now: etrace
# exits 0 (the command's status), the trace ends with the command's
# exit line, and stderr says the pages that were gone, each read as
# zeros (unwind info that ends there).  --stack=dwarf: libdw unwinds
# every call from FILE (the kernel's unwinder, -k's default, compiled
# FILE's rows once, when it was mapped).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

mkfifo go
# read and write: neither end waits for the other
exec 7<> go
"$ETRACE" -q -k --stack=dwarf -e trace=getppid -o out -- "$PROGS/truncmap" "$WORK/copy" 20000 \
	< go > prog.out 2> err &
ep=$!
# libdw has mapped the copy once a frame of it is written
wait_until 60 grep -qF "$WORK/copy(in_file+0x" out ||
	{ kill -KILL $ep; cat err >&2; fail "no frame in the copy"; }
echo go >&7
wait $ep
rc=$?
exec 7>&-
[ $rc = 0 ] || { cat err >&2; tail -3 out >&2; fail "etrace exited $rc (135: SIGBUS), want 0"; }
grep -qx truncated prog.out || fail "truncmap did not truncate its file"
grep -qx '+++ exited with 0 +++' out || { tail -3 out >&2; fail "the trace has no exit line"; }
grep -qE '^etrace: [0-9]+ pages? of mapped files gone when read \(a file shrank while traced\): stacks through them are cut$' err ||
	{ cat err >&2; fail "no note of the pages that were gone"; }
# every frame printed is one etrace proved (tests/lib.sh)
frames_proved out
exit 0
