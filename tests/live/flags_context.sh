# SPDX-License-Identifier: GPL-2.0-or-later
# --context N: each call -Z (or --errno, or -e status= without
# successful) shows comes after the calls of its thread the rules hid
# since the last one shown, the last N of them, as each was printed then.
# The workload (tests/progs/context) makes the same calls in every run: a
# thread, then the main thread, open/close pairs with failing opens
# between.  What each run must print is cut from a whole trace of the
# program (every call, no rule) by tests/live/context.awk, one thread at a
# time, and compared whole: text under -f -o FILE with N = 3 and N = 1,
# --errno with -t stripped of the clock, and JSON (each call's name,
# number, argument names and return).  Refused: --context alone, with -z, with -k, with -c.
. "$TOP/tests/lib.sh"
need_root

tr='-e trace=openat,close'
# the tids named by role: the thread's opens name it (and the main
# thread's loader calls are hidden under -Z: no order of appearance holds)
named() {
	awk 'NR == FNR { if (/nonexistent-thread/) th[$1] = 1; next }
	     { $1 = ($1 in th) ? "thread" : "main"; print }' "$1" "$1"
}

"$ETRACE" -f $tr -o full "$PROGS/context" 2> full.err ||
	{ cat full.err >&2; fail "the whole trace failed"; }
named full > full.named
grep -q 'nonexistent-thread-5' full.named || fail "no failing open in the whole trace"

for n in 3 1; do
	"$ETRACE" -f $tr -Z --context $n -o ctx$n "$PROGS/context" 2> ctx$n.err ||
		{ cat ctx$n.err >&2; fail "-Z --context $n failed"; }
	named ctx$n > ctx$n.named
	awk -v n=$n -f "$TOP/tests/live/context.awk" full.named > want$n
	same want$n ctx$n.named "-Z --context $n vs the whole trace cut"
done

# --errno ENOENT (with -t, the clock cut off): the same lines as -Z
"$ETRACE" -f $tr --errno ENOENT --context 3 -t -o errno3 "$PROGS/context" \
	2> errno3.err || { cat errno3.err >&2; fail "--errno --context failed"; }
sed -E 's/^([0-9]+) +[0-9:]+ /\1 /' errno3 > errno3.cut
named errno3.cut > errno3.named
same want3 errno3.named "--errno ENOENT --context 3 (clock cut) vs -Z's"

# JSON: the same cut of a whole JSON trace, each call by its role, name,
# number, argument names and return (what JSON prints of it that does
# not change from run to run)
calls() {	# JSON trace
	awk 'NR == FNR { if (/nonexistent-thread/) { match($0, /"tid":[0-9]+/)
			th[substr($0, RSTART + 6, RLENGTH - 6)] = 1 }; next }
	/"type":"syscall"/ {
		match($0, /"tid":[0-9]+/); tid = substr($0, RSTART + 6, RLENGTH - 6)
		match($0, /"name":"[a-z0-9_]+","nr":[0-9]+/)
		nm = substr($0, RSTART, RLENGTH)
		a = $0; sub(/.*"args":\[/, "", a); sub(/\],"status".*/, "", a)
		names = ""
		while (match(a, /"name":"[a-z0-9_]+"/)) {
			names = names substr(a, RSTART + 8, RLENGTH - 9) ","
			a = substr(a, RSTART + RLENGTH)
		}
		match($0, /"ret":"[^"]*"/); ret = substr($0, RSTART + 7, RLENGTH - 8)
		print ((tid in th) ? "thread" : "main"), nm "(" names ") = " ret
	}' "$1" "$1"
}
"$ETRACE" -f $tr -j -o full.json "$PROGS/context" 2> json.err ||
	{ cat json.err >&2; fail "the whole JSON trace failed"; }
calls full.json | awk -v n=3 -f "$TOP/tests/live/context.awk" > want3.json
"$ETRACE" -f $tr -Z --context 3 -j -o ctx3.json "$PROGS/context" 2> json.err ||
	{ cat json.err >&2; fail "-j -Z --context failed"; }
calls ctx3.json > ctx3.json.calls
grep -qF '"name":"close","nr":3(fd,)' want3.json && grep -q '^thread ' want3.json ||
	fail "no close or no thread in the cut of the whole JSON trace"
same want3.json ctx3.json.calls "-j -Z --context 3 vs the whole JSON trace cut"

for bad in "--context 3" "-z --context 3" "-Z -k --context 3" "-c -Z --context 3" \
	"-Z --context 0" "-Z --context 101"; do
	# shellcheck disable=SC2086
	"$ETRACE" $bad true > out 2> err && fail "etrace $bad: accepted"
	[ "$(wc -l < err)" = 1 ] || { cat err >&2; fail "etrace $bad: not one line"; }
done
exit 0
