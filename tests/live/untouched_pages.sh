# SPDX-License-Identifier: GPL-2.0-or-later
# Arguments in pages not yet in the tracee's page tables (tests/progs/
# untouched.c drops them right before each call): the BPF copy at entry
# faults, is made again at exit, and etrace prints exactly strace's lines
#   write(4, "data", 4) = 4
#   open("/nonexistent/untouched", O_RDONLY) = -1 ENOENT (...)
#   writev(4, [{iov_base="vector", iov_len=6}], 1) = 6
# in the process itself and in a fork child (pid prefixes stripped), not
# pointers.  The tracee says on stdout whether each page really was
# absent; a present page makes that call's check meaningless (said, and
# all present is a skip).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

calls='^(write\(4, |open\("/nonexistent/|writev\(4, )'
absent=0
for mode in self fork; do
	arg=""
	[ $mode = fork ] && arg=fork
	trace_both -e trace=write,open,writev -- "$PROGS/untouched" $arg \
		> "$mode.stdout"
	[ "$s_rc" = 0 ] || fail "$mode: strace or the tracee failed ($s_rc)"
	[ "$e_rc" = 0 ] || fail "$mode: etrace exited $e_rc"
	# the second run's lines are etrace's
	tail -n 3 "$mode.stdout" > "$mode.pages"
	cat "$mode.pages"
	n=$(grep -c 'absent' "$mode.pages")
	absent=$((absent + n))
	[ "$n" = 3 ] || echo "note: $mode: a page was in memory before its call"
	strip_pid "$WORK/s.out" | grep -E "$calls" > "$mode.want"
	strip_pid "$WORK/e.out" | grep -E "$calls" > "$mode.got"
	[ "$(wc -l < "$mode.want")" = 3 ] ||
		fail "$mode: strace's trace has not the 3 calls"
	soft_same "$mode.want" "$mode.got" "$mode: the calls' lines"
done
[ $absent -gt 0 ] || skip "every page was in memory before its call"
finish
