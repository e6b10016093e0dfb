# SPDX-License-Identifier: GPL-2.0-or-later
# Write errors on etrace's outputs are said, in one line each:
#  - --stack=folded -o /dev/full and --flamegraph /dev/full: exit 1 (the
#    file is what was asked for; before, both exited 0 or said nothing);
#  - --timeline /dev/full, --stack=perf -o /dev/full and --stack=perf
#    with stderr on /dev/full: exit 1 whatever the command's status (3
#    here), one line naming the file; --stack=perf into a reader that
#    goes away (| head -1) is no error: the command's status;
#  - -o /dev/full: the trace could not be written, the command's exit
#    status is kept, as strace 6.1 keeps it (checked against strace on
#    the same commands).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

# etrace ARGS on a command that exits 3: exit 1, stderr exactly WANT
fails_1() {	# want etrace-args...
	_want=$1
	shift
	"$ETRACE" -q "$@" -- sh -c 'exit 3' 2> e1
	rc=$?
	[ $rc = 1 ] || { cat e1 >&2; fail "etrace $*: exit $rc, want 1"; }
	grep -v '^etrace: [0-9]* user stacks unwound' e1 > e1.msg
	echo "$_want" > w1
	same w1 e1.msg "stderr of etrace $*"
}
R="etrace: writing /dev/full: No space left on device"
fails_1 "$R" --stack=folded -o /dev/full
fails_1 "$R" --flamegraph /dev/full
T="etrace: writing /dev/full failed: No space left on device"
fails_1 "$T" --timeline /dev/full -o /dev/null
fails_1 "$T" --stack=perf -o /dev/full
"$ETRACE" -q --stack=perf -- sh -c 'exit 3' 2> /dev/full
rc=$?
[ $rc = 1 ] || fail "etrace --stack=perf 2> /dev/full: exit $rc, want 1"
# (blocks enough to outlast the pipe's buffer: the reader is gone first)
{
	"$ETRACE" -q --stack=perf -- sh -c 'i=0; while [ $i -lt 2000 ];
		do i=$((i + 1)); echo > /dev/null; done; exit 3' 2>&1 > /dev/null
	echo $? > pipe.rc
} | head -1 > /dev/null
[ "$(cat pipe.rc)" = 3 ] ||
	fail "etrace --stack=perf | head -1: exit $(cat pipe.rc), want the command's 3"

for code in 0 3; do
	strace -o /dev/full sh -c "exit $code" 2> /dev/null
	src=$?
	"$ETRACE" -q -o /dev/full -- sh -c "exit $code" 2> e2
	rc=$?
	[ $rc = $src ] || fail "-o /dev/full, command exits $code: exit $rc, strace $src"
	echo "etrace: writing /dev/full failed: No space left on device" > w2
	same w2 e2 "stderr of -o /dev/full"
done
exit 0
