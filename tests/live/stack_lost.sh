# SPDX-License-Identifier: GPL-2.0-or-later
# Stacks (-k) when the rings overflow: build/tests/progs/twostacks 20000
# alternates getppid (called from in_a) and getuid (from in_b), 40000
# calls.  Under etrace -q -k -e trace=getppid,getuid, with the default
# rings, with --stack=dwarf -m 256K (8 KiB copies: loses records) and
# with the kernel's unwinder (-k's default) at -m 64K (loses records:
# each call's pcs and its sample are lost apart, the pcs taken only by
# their own call):
#  - a call's stack is its own: below a getppid line (whole or "<...
#    resumed>") the program's innermost frame is never in_b, below a
#    getuid line never in_a (a call whose entry record, which carries
#    the stack, was lost has no stack to show, not the previous one's);
#  - every call is a whole line or counted lost: with F whole lines,
#    40000 - F <= the sum T of the "+++ lost N records" lines (on a cpu,
#    or "at the end": counted by the events, never said by a ring), and
#    stderr says "T records lost" (or nothing, when T = 0).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

N=20000
check() {	# trace stderr what
	awk '
	/^(<\.\.\. )?getppid[(\ ]/ { want = "in_a"; other = "in_b"; first = 1; next }
	/^(<\.\.\. )?getuid[(\ ]/  { want = "in_b"; other = "in_a"; first = 1; next }
	/^ > / {
		if (first && match($0, /\(in_[ab]\+/)) {
			f = substr($0, RSTART + 1, 4); first = 0
			if (f == other) { bad++; if (bad <= 3) print "line " NR ": " f " frame under a call from " want }
		}
		next
	}
	{ first = 0 }
	END { if (bad) { print bad " calls with another call'"'"'s stack"; exit 1 } }' "$1" ||
		soft_fail "$3: stacks of other calls"
	F=$(grep -cE '^(getppid|getuid)\(\) += [0-9]+$' "$1")
	T=$(awk '/^\+\+\+ lost [0-9]+ records?( on cpu [0-9]+| at the end) \+\+\+$/ { s += $3 } END { print s + 0 }' "$1")
	echo "$3: $F whole lines of $((2 * N)) calls, $T records lost"
	[ $((2 * N - F)) -le "$T" ] ||
		soft_fail "$3: $((2 * N - F)) calls missing, only $T records said lost"
	if [ "$T" = 0 ]; then
		grep -q 'lost' "$2" && soft_fail "$3: stderr says records were lost, the trace does not"
	else
		grep -qE "^etrace: $T records lost" "$2" ||
			soft_fail "$3: stderr does not say '$T records lost' ($(cat "$2"))"
	fi
}

"$ETRACE" -q -k -e trace=getppid,getuid -o def.out -- "$PROGS/twostacks" $N 2> def.err ||
	soft_fail "etrace -k (default rings) exited $?"
check def.out def.err "default rings"
"$ETRACE" -q -k --stack=dwarf -m 256K -e trace=getppid,getuid -o small.out -- \
	"$PROGS/twostacks" $N 2> small.err || soft_fail "etrace -k -m 256K exited $?"
grep -q '^+++ lost' small.out || soft_fail "-m 256K: nothing lost (the test needs losses)"
check small.out small.err "--stack=dwarf -m 256K"
"$ETRACE" -q -k -m 64K -e trace=getppid,getuid -o kern.out -- \
	"$PROGS/twostacks" $N 2> kern.err || soft_fail "etrace -k -m 64K exited $?"
grep -q '^+++ lost' kern.out || soft_fail "-m 64K: nothing lost (the test needs losses)"
check kern.out kern.err "-k (the kernel's unwinder) -m 64K"
# every frame printed is one etrace proved (tests/lib.sh)
frames_proved def.out small.out kern.out
finish
