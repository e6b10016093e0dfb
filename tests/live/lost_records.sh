# SPDX-License-Identifier: GPL-2.0-or-later
# Rings too small for the event rate:  etrace -m 4K -o out -- storm 300000
# loses records and says so: the trace has at least one line
#   +++ lost N records on cpu C +++
# (or "+++ lost N records at the end +++": losses the events counted but no
# ring said, because the kernel says them only at its next write),
# stderr has one "etrace: T records lost ... (try -m SIZEK)" line with
# T = the sum of the N's and a SIZE that would have held them; every getppid call is either a whole line or lost: with F whole
# getppid lines and 300000 - F calls missing at least one of their two
# records, 300000 - F <= T <= 2 * (300000 - F) + slack (records of the
# startup calls); F < 300000; etrace still exits 0 (the command's status);
# the trace ends with "+++ exited with 0 +++", or that and then the
# losses no ring could say before the end.  -c counting from the records
# (--no-bpf) says the same number under its table.  -C, etrace record
# and -C -Z count from the records too, and the kernel counts the calls
# whose records were lost: their tables say N getppid calls exactly, with
# records lost, and no note that the counts miss any.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

N=300000
"$ETRACE" -q -m 4K -o out -- "$PROGS/storm" $N 2> err
rc=$?
cat err >&2
[ $rc = 0 ] || fail "etrace exited $rc, want 0"
grep -E '^\+\+\+ lost [0-9]+ records?( on cpu [0-9]+| at the end) \+\+\+$' out > lost
[ -s lost ] || fail "no '+++ lost N records on cpu C +++' line"
grep '^+++ lost' out | grep -vxFf lost | head -3 > badlost
[ -s badlost ] && { cat badlost >&2; fail "malformed lost lines"; }
sum=$(awk '{s += $3} END {print s}' lost)
[ "$(wc -l < err)" = 1 ] || fail "want one line on stderr"
grep -qE "^etrace: $sum records lost" err ||
	fail "stderr does not say '$sum records lost' (the sum of the lost lines)"
# the advice names a ring that would have held the burst: a power of two
# at least the 4K ring plus every lost record at 48 bytes (no sample here
# is smaller), and not past twice the ring plus 1K a record (none is
# bigger): "try -m 0K" and, for a few records, "try -m 65536K" were not
adv=$(sed -nE 's/.*\(try -m ([0-9]+)K\)$/\1/p' err)
[ -n "$adv" ] || fail "no 'try -m NK' advice"
[ $((adv & (adv - 1))) = 0 ] || fail "advice -m ${adv}K is not a power of two"
[ $((adv * 1024)) -ge $((4096 + sum * 48)) ] ||
	fail "advice -m ${adv}K cannot hold $sum lost records"
[ $((adv * 1024)) -le $((2 * (4096 + sum * 1024))) ] ||
	fail "advice -m ${adv}K is far more than $sum lost records need"
F=$(grep -cE '^getppid\(\) += [0-9]+$' out)
echo "$F whole getppid lines, $sum records lost"
[ "$F" -lt $N ] || fail "$F whole getppid lines: nothing was lost?"
miss=$((N - F))
[ "$sum" -ge $miss ] || fail "$miss calls missing but only $sum records lost"
[ "$sum" -le $((2 * miss + 200)) ] ||
	fail "$sum records lost, more than 2 per missing call ($miss)"
grep -v '^+++ lost [0-9]* records* at the end +++$' out | tail -n 1 |
	grep -qx '+++ exited with 0 +++' ||
	fail "the trace does not end with '+++ exited with 0 +++'"

# -c counting from the records (--no-bpf): the table says under it that
# the records lost, as many as stderr says, are calls its counts may miss
"$ETRACE" -q -c --no-bpf -m 4K -- "$PROGS/storm" $N 2> cerr
rc=$?
[ $rc = 0 ] || { cat cerr >&2; fail "etrace -c --no-bpf exited $rc, want 0"; }
clost=$(sed -nE 's/^etrace: ([0-9]+) records lost: .*/\1/p' cerr)
[ -n "$clost" ] || { cat cerr >&2; fail "-c --no-bpf -m 4K: nothing lost?"; }
grep -qx "etrace: $clost records were lost: the counts above miss up to as many calls" cerr ||
	{ cat cerr >&2; fail "-c: no note under the table of the $clost records lost"; }

# table FILE: its getppid calls, and "miss" when a note says it misses some
table_calls() {
	awk '$NF == "getppid" { print $4 } / the counts above miss / { print "miss" }' "$1"
}
# -C: the table under the lines; -C -Z: no line (every call succeeds:
# none is written, each is counted in the kernel)
for z in "" -Z; do
	"$ETRACE" -q -C $z -m 4K -o cout -- "$PROGS/storm" $N 2> cerr ||
		{ cat cerr >&2; fail "etrace -C $z exited $?, want 0"; }
	[ "$z" ] || grep -qE '^etrace: [0-9]+ records lost' cerr ||
		{ cat cerr >&2; fail "-C -m 4K: nothing lost?"; }
	got=$(table_calls cout)
	[ "$got" = $N ] || { tail -5 cout >&2; cat cerr >&2;
		fail "-C $z: the table says '$got' getppid calls, want $N"; }
done
[ "$(grep -c '^getppid' cout)" = 0 ] || fail "-C -Z printed a getppid line"
# (4 threads of N: a recording's reader does little a record, and with a
# CPU of its own it once kept up with one thread's 4K ring)
"$ETRACE" record -q -f -m 4K -o rec -- "$PROGS/storm" $N 4 2> cerr ||
	{ cat cerr >&2; fail "etrace record exited $?, want 0"; }
"$ETRACE" report -c -i rec -o rout 2> rerr ||
	{ cat rerr >&2; fail "etrace report -c exited $?, want 0"; }
grep -qE '^etrace: [0-9]+ records lost while recording' rerr ||
	{ cat rerr >&2; fail "record -m 4K: nothing lost?"; }
got=$(table_calls rout)
[ "$got" = $((4 * N)) ] || { cat rout rerr >&2;
	fail "report -c: the table says '$got' getppid calls, want $((4 * N))"; }
exit 0
