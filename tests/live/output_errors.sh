# SPDX-License-Identifier: GPL-2.0-or-later
# Write errors on etrace's outputs are said, in one line each:
#  - --stack=folded -o /dev/full and --flamegraph /dev/full: exit 1 (the
#    file is what was asked for; before, both exited 0 or said nothing);
#  - -o /dev/full: the trace could not be written, the command's exit
#    status is kept, as strace 6.1 keeps it (checked against strace on
#    the same commands).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

for args in "--stack=folded -o /dev/full" "--flamegraph /dev/full"; do
	# shellcheck disable=SC2086
	"$ETRACE" -q $args -- true 2> e1
	rc=$?
	[ $rc = 1 ] || { cat e1 >&2; fail "etrace $args: exit $rc, want 1"; }
	grep -v '^etrace: [0-9]* user stacks unwound' e1 > e1.msg
	echo "etrace: writing /dev/full: No space left on device" > w1
	same w1 e1.msg "stderr of etrace $args"
done

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
