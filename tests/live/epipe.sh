# SPDX-License-Identifier: GPL-2.0-or-later
# The trace's reader goes away:  etrace -- storm 200000 2>&1 | head -1
# head gets the execve line; etrace does not hang or die of SIGPIPE: it
# exits within 20 s (timeout) with the command's status (0), the command
# having run to its end untraced.  Same with -o /dev/stdout | head -1.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

is_execve() {	# file: one line, the storm's execve = 0
	grep -qF "execve(\"$PROGS/storm\", [" "$1" &&
	grep -qE '"200000"\], 0x[0-9a-f]+ /\* [0-9]+ vars \*/\) += 0$' "$1"
}
for mode in stderr stdout; do
	start=$(date +%s)
	if [ $mode = stderr ]; then
		( timeout -k 5 20 "$ETRACE" -q -- "$PROGS/storm" 200000 2>&1
		  echo $? > rc.$mode ) | head -n 1 > first.$mode
	else
		( timeout -k 5 20 "$ETRACE" -q -o /dev/stdout -- "$PROGS/storm" 200000 \
			2> err.$mode
		  echo $? > rc.$mode ) | head -n 1 > first.$mode
	fi
	secs=$(( $(date +%s) - start ))
	rc=$(cat rc.$mode)
	echo "$mode: exit $rc after ${secs}s: $(cat first.$mode)"
	[ "$rc" != 124 ] && [ "$rc" != 137 ] || fail "$mode: etrace hung (timeout)"
	[ "$rc" != 141 ] || fail "$mode: etrace died of SIGPIPE"
	[ "$rc" = 0 ] || soft_fail "$mode: etrace exited $rc, want 0 (the command's)"
	is_execve first.$mode ||
		soft_fail "$mode: the first line is not the execve"
	if [ $mode = stdout ] && [ -s err.$mode ]; then
		cat err.$mode >&2
		soft_fail "$mode: messages on stderr"
	fi
done
# the command's status passes through: storm 200000 exits 0, exitcode 3 exits 3
( timeout -k 5 20 "$ETRACE" -q -- sh -c "\"$PROGS/storm\" 200000; exit 3" 2>&1
  echo $? > rc.3 ) | head -n 1 > /dev/null
[ "$(cat rc.3)" = 3 ] || soft_fail "exit 3 of the command: etrace exited $(cat rc.3)"
finish
