# SPDX-License-Identifier: GPL-2.0-or-later
# Without BPF (--no-bpf) -c counts from the records, which cannot tell
# the time a task spent switched out of a call: its times are wall-clock
# time, and etrace says so, never printing them as system time:
#  - --no-bpf -c on tests/progs/cputime nap 2 100: stderr is exactly the
#    line saying the times are wall-clock (as -w), then the line saying
#    how it counts; clock_nanosleep's seconds are at least the 0.2 s
#    slept (wall time indeed);
#  - with -q: that line still (it is not a note -q hides), alone;
#  - with -w: only the line saying how it counts (wall time was asked);
#  - -C --no-bpf -o FILE: the line too;
#  - -w without -c or -C: refused with one line, exit 1, nothing run (as
#    strace refuses it).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

NOTE='etrace: summary: times are wall-clock (as -w): system time is measured by BPF (--no-bpf)'
HOW='etrace: summary: counted from records, lost records are reported (--no-bpf)'
nap() {	# etrace-args...: on cputime nap 2 100, stdout to nap.out
	"$ETRACE" "$@" -- "$PROGS/cputime" nap 2 100 > nap.out
}

nap --no-bpf -c -o nb 2> nb.err || { cat nb.err >&2; fail "--no-bpf -c failed"; }
printf '%s\n%s\n' "$NOTE" "$HOW" > nb.want
soft_same nb.want nb.err "--no-bpf -c: stderr"
cat nb
us=$(awk '$NF == "clock_nanosleep" { printf "%.0f\n", $2 * 1000000 }' nb)
[ -n "$us" ] && [ "$us" -ge 200000 ] ||
	soft_fail "--no-bpf -c: clock_nanosleep took '$us' us, want the 200000 us slept or more (wall time)"

nap -q --no-bpf -c -o nbq 2> nbq.err || fail "-q --no-bpf -c failed"
echo "$NOTE" > nbq.want
soft_same nbq.want nbq.err "-q --no-bpf -c: stderr"

nap --no-bpf -c -w -o nbw 2> nbw.err || fail "--no-bpf -c -w failed"
echo "$HOW" > nbw.want
soft_same nbw.want nbw.err "--no-bpf -c -w: stderr"

nap -q --no-bpf -C -o nbC 2> nbC.err || fail "-q --no-bpf -C failed"
soft_same nbq.want nbC.err "-q --no-bpf -C: stderr"
grep -q '^% time' nbC || soft_fail "-C --no-bpf: no table after the trace"

rm -f ran
"$ETRACE" -w -- touch ran 2> w.err
rc=$?
echo "etrace: -w (wall-clock time in -c's table) needs -c or -C" > w.want
[ $rc = 1 ] || soft_fail "-w without -c: exit $rc, want 1"
soft_same w.want w.err "-w without -c: stderr"
[ -e ran ] && soft_fail "-w without -c: the command ran"
strace -w -- true 2> /dev/null && soft_fail "strace -w without -c is not refused: the oracle changed"
finish
