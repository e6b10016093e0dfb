# SPDX-License-Identifier: GPL-2.0-or-later
# -O OVERHEAD: taken from each call's time before -c counts it, down to
# zero, in the kernel's counts (BPF) and in the records' (--no-bpf):
#  - an overhead longer than any call: every time is exactly zero;
#  - 20ms from a 50ms wall-clock sleep (-w): at least 30ms stay (the
#    sleep cannot be shorter than asked), and none without -O is below
#    50ms (the same run's own time, not a threshold on etrace);
#  - -O without -c refused, a bad time refused, each with one line.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

row() {	# file: the clock_nanosleep row's seconds
	awk '$NF == "clock_nanosleep" { print $2 }' "$1"
}
for mode in bpf no-bpf; do
	x=
	[ $mode = no-bpf ] && x=--no-bpf
	echo "== $mode"
	"$ETRACE" $x -c -w -O 10s -e trace=clock_nanosleep -o "$WORK/$mode.zero" \
		sleep 0.05 || soft_fail "$mode: -O 10s: exit $?"
	grep -E '^ +0\.00 +0\.000000 +0 +1 +clock_nanosleep$' "$WORK/$mode.zero" ||
		{ cat "$WORK/$mode.zero"; soft_fail "$mode: -O 10s: the call's time is not 0"; }
	"$ETRACE" $x -c -w -O 20ms -e trace=clock_nanosleep -o "$WORK/$mode.20" \
		sleep 0.05 || soft_fail "$mode: -O 20ms: exit $?"
	"$ETRACE" $x -c -w -e trace=clock_nanosleep -o "$WORK/$mode.none" \
		sleep 0.05 || soft_fail "$mode: no -O: exit $?"
	a=$(row "$WORK/$mode.20") b=$(row "$WORK/$mode.none")
	echo "-O 20ms: $a s; none: $b s"
	awk -v a="$a" -v b="$b" 'BEGIN { exit !(a >= 0.030 && b >= 0.050) }' ||
		soft_fail "$mode: -O 20ms left $a s of a 50ms sleep (none: $b s)"
done
expect_refused() {	# message, args
	want=$1; shift
	got=$("$ETRACE" "$@" true 2>&1); rc=$?
	[ $rc = 1 ] && [ "$got" = "etrace: $want" ] ||
		soft_fail "etrace $*: exit $rc, '$got' (want '$want')"
}
expect_refused "-O (time taken from each call in -c's table) needs -c or -C" -O 1
expect_refused "invalid -O '1h' (a time: a number, then s, ms, us or ns; us if none)" -c -O 1h
finish
