# SPDX-License-Identifier: GPL-2.0-or-later
# The -c summary table against strace -c:
#  - etrace -q -c -f -- PROG and strace -c -f -- PROG, for the
#    deterministic programs files (in a fresh directory) and procs: the
#    same rows, with the same calls and errors per syscall (times differ
#    and are not compared) and the same totals; the header and the
#    dashed lines are strace's;
#  - --by comm on sh -c '/bin/true; ls / >/dev/null': one table per comm
#    (sh, true, ls), each with exactly the calls and errors per syscall
#    that strace -f shows for that comm (each pid's comm: its parent's at
#    the fork, then the base name of what it execs, from the successful
#    execve on, that call included, as the kernel renames it in execve);
#  - -S calls: rows in decreasing order of calls;
#  - --hist: min and max columns (min <= avg <= max) and a histogram per
#    row whose counts add up to the row's calls;
#  - -c --interval 0.2 on a 1 s program (10 x sleep 0.1, then exec cat):
#    several "--- interval ---" tables, and every call is in one of
#    them: summed over the tables, clock_nanosleep, execve and fadvise64
#    (cat's, the last) have strace -c's calls and errors, the last
#    partial interval included;
#  - with pid_max raised to 4194304 (systemd's, larger than etrace's
#    arrays of traced ids: a hash instead), 1. and 2. again, with the
#    same calls and errors; and two sleeps whose pids are 262144 apart
#    (set through ns_last_pid), the second's call begun and ended while
#    the first's runs: both counted (pid_max restored on every exit).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

# "syscall calls errors" of a -c table (strace's or etrace's), sorted;
# the total as "total calls errors".  Columns: % time, seconds,
# usecs/call, calls, [errors], syscall (errors empty when 0).
rows() {	# file
	awk '/^-+ /||/^% time/||/^$/ { next }
	     NF == 6 { print $6, $4, $5; next }
	     NF == 5 { print $5, $4, 0; next }
	     { print "ODD", $0 }' "$1" | sort
}

HDR='% time     seconds  usecs/call     calls    errors syscall'
SEP='------ ----------- ----------- --------- --------- ----------------'

# 1. etrace -c vs strace -c
for p in files procs; do
	rm -rf s.dir e.dir
	sa="" ea=""
	[ $p = files ] && sa=$WORK/s.dir ea=$WORK/e.dir
	strace -c -f -o s.$p -- "$PROGS/$p" $sa > /dev/null 2> s.$p.err ||
		{ cat s.$p.err >&2; fail "$p under strace -c failed"; }
	"$ETRACE" -q -c -f -o e.$p -- "$PROGS/$p" $ea > /dev/null \
		2> e.$p.err || { cat e.$p.err >&2; fail "etrace -c -- $p failed"; }
	[ -s e.$p.err ] && { cat e.$p.err >&2; fail "$p: messages on stderr"; }
	[ "$(head -n 1 e.$p)" = "$HDR" ] || fail "$p: the header is not strace's"
	[ "$(sed -n 2p e.$p)" = "$SEP" ] || fail "$p: the dashed line is not strace's"
	[ "$(grep -c -- '^------ ' e.$p)" = 2 ] || fail "$p: want two dashed lines"
	rows s.$p > s.$p.rows
	rows e.$p > e.$p.rows
	grep -q '^ODD' e.$p.rows && { grep '^ODD' e.$p.rows >&2; fail "$p: odd table lines"; }
	same s.$p.rows e.$p.rows "calls and errors per syscall of $p (strace -c vs etrace -c)"
done

# 2. --by comm
CMD='/bin/true; ls / >/dev/null'
strace -f -o s.comm.out -- sh -c "$CMD" 2> /dev/null || fail "strace -f sh failed"
"$ETRACE" -q -c --by comm -f -o e.comm -- sh -c "$CMD" 2> e.comm.err ||
	{ cat e.comm.err >&2; fail "etrace -c --by comm failed"; }
cat e.comm
# strace's: "comm syscall calls errors", the comm of each line derived
joined s.comm.out > s.comm.joined
awk -F '\t' '
	# pass 1: parents, from the return values of clone/fork/vfork
	NR == FNR {
		l = $2
		if (l ~ /^(clone|clone3|fork|vfork)\(/ && match(l, / = [0-9]+$/))
			parent[substr(l, RSTART + 3)] = $1
		next
	}
	{
		pid = $1; l = $2
		if (!(pid in comm))
			comm[pid] = (pid in parent) ? comm[parent[pid]] : "?"
		if (!match(l, /^[a-z_0-9]+\(/))
			next
		name = substr(l, 1, RLENGTH - 1)
		if (name == "execve" && l ~ / = 0$/) {
			p = l; sub(/^execve\("/, "", p); sub(/".*/, "", p)
			sub(/.*\//, "", p)
			comm[pid] = substr(p, 1, 15)
		}
		if (name == "exit_group" || name == "exit")
			next
		k = comm[pid] " " name
		calls[k]++
		if (l ~ / = -1 E[A-Z0-9]+ /)
			errs[k]++
	}
	END { for (k in calls) print k, calls[k], errs[k] + 0 }
' s.comm.joined s.comm.joined | sort > s.comm.rows
awk '/^--- comm=.* ---$/ { c = substr($0, 10, length($0) - 13); next }
     /^-+ /||/^% time/||/^$/ { next }
     NF == 6 && $6 != "total" { print c, $6, $4, $5; next }
     NF == 5 && $5 != "total" { print c, $5, $4, 0; next }
     $NF == "total" { next }
     { print "ODD", $0 }' e.comm | sort > e.comm.rows
for c in sh true ls; do
	grep -qx -- "--- comm=$c ---" e.comm || fail "--by comm: no table for comm $c"
done
same s.comm.rows e.comm.rows "--by comm: comm, syscall, calls, errors (strace -f vs etrace)"

# 3. -S calls
"$ETRACE" -q -c -S calls -f -o e.sorted -- "$PROGS/procs" ||
	fail "etrace -c -S calls failed"
rows e.sorted > e.sorted.rows
same s.procs.rows e.sorted.rows "-S calls: calls and errors per syscall"
awk '/^-+ /||/^% time/ { next } $NF == "total" { next }
     { if (n++ && $4 > prev) { print "row " n ": " $0; bad = 1 } prev = $4 }
     END { exit bad }' e.sorted ||
	{ cat e.sorted >&2; fail "-S calls: rows not in decreasing order of calls"; }

# 4. --hist
"$ETRACE" -q -c --hist -f -o e.hist -- "$PROGS/procs" || fail "etrace -c --hist failed"
cat e.hist
head -n 1 e.hist | grep -qE '^% time +seconds +usecs/call +calls +errors +min\(us\) +max\(us\) +syscall$' ||
	fail "--hist: the header has no min(us) max(us) columns"
# table rows: % seconds usecs calls [errors] min max name
awk '
	/^-+ /||/^% time/ { next }
	$NF == "total" { next }
	/^[a-z_0-9:]+: ns +: count +distribution$/ {
		cur = $1; sub(/:$/, "", cur); nh[cur]++; intable = 0; next
	}
	/^ +[0-9]+ -> [0-9]+ +: [0-9]+ +\|[* ]*\|$/ {
		if (cur == "") { print "histogram line outside a histogram: " $0; bad = 1 }
		hsum[cur] += $5; next
	}
	NF == 7 || NF == 8 {
		name = $NF; if (name == "total") next
		calls[name] = $4; min = $(NF - 2); max = $(NF - 1)
		avg = $2 * 1e6 / $4
		if (min + 0 > max + 0) { print name ": min > max"; bad = 1 }
		# avg from the rounded seconds: 1 us of slack per call
		if (avg + 1 < min || avg > max + 1) { print name ": avg " avg " not in [" min ", " max "]"; bad = 1 }
		next
	}
	/^$/ { next }
	{ print "odd line: " $0; bad = 1 }
	END {
		for (n in calls) {
			if (nh[n] != 1) { print n ": " nh[n] + 0 " histograms"; bad = 1 }
			else if (hsum[n] != calls[n]) { print n ": histogram counts " hsum[n] " != calls " calls[n]; bad = 1 }
		}
		for (n in nh) if (!(n in calls)) { print n ": a histogram without a row"; bad = 1 }
		exit bad
	}' e.hist || fail "--hist: bad table or histograms"
# the calls and errors are still strace's
awk '/^-+ /||/^% time/ { next } /: ns +: count/ { exit }
     NF == 8 { print $8, $4, $5 } NF == 7 { print $7, $4, 0 }' e.hist |
	grep -v '^total ' | sort > e.hist.rows
grep -v '^total ' s.procs.rows > s.procs.rows.nt
same s.procs.rows.nt e.hist.rows "--hist: calls and errors per syscall"

# 5. --interval: the sums over all tables, for calls whose number does
# not depend on timing, are strace's; cat's one fadvise64 comes last
ICMD='for i in 1 2 3 4 5 6 7 8 9 10; do sleep 0.1; done; exec cat /etc/hostname'
strace -c -f -o s.int -- sh -c "$ICMD" > /dev/null || fail "strace -c (interval) failed"
"$ETRACE" -q -c --interval 0.2 -f -o e.int -- sh -c "$ICMD" > /dev/null ||
	fail "etrace -c --interval failed"
n=$(grep -c -- '^--- interval ---$' e.int)
echo "$n interval tables"
[ "$n" -ge 3 ] || { cat e.int >&2; fail "--interval 0.2 on a 1 s run: $n tables, want several"; }
[ "$(grep -c "^$HDR\$" e.int)" = "$n" ] || fail "--interval: a table without its header"
for sc in clock_nanosleep execve fadvise64; do
	awk -v n=$sc '$NF == n { c += $4; e += (NF == 6 ? $5 : 0) } END { print n, c + 0, e + 0 }' s.int
done > s.int.sums
for sc in clock_nanosleep execve fadvise64; do
	awk -v n=$sc '$NF == n { c += $4; e += (NF == 6 ? $5 : 0) } END { print n, c + 0, e + 0 }' e.int
done > e.int.sums
same s.int.sums e.int.sums "--interval: calls and errors summed over the tables (the last partial interval's calls missing?)"

# 6. pid_max larger than the slots
old_max=$(cat /proc/sys/kernel/pid_max)
trap 'echo "$old_max" > /proc/sys/kernel/pid_max' EXIT
echo 4194304 > /proc/sys/kernel/pid_max || fail "cannot raise pid_max"
[ "$(cat /proc/sys/kernel/pid_max)" = 4194304 ] || fail "pid_max not raised"
for p in files procs; do
	rm -rf e.dir
	ea=""
	[ $p = files ] && ea=$WORK/e.dir
	"$ETRACE" -q -c -f -o e.big.$p -- "$PROGS/$p" $ea > /dev/null \
		2> e.big.$p.err || { cat e.big.$p.err >&2; fail "pid_max 4194304: etrace -c -- $p failed"; }
	rows e.big.$p > e.big.$p.rows
	same s.$p.rows e.big.$p.rows "pid_max 4194304: calls and errors per syscall of $p"
done
"$ETRACE" -q -c --by comm -f -o e.big.comm -- sh -c "$CMD" ||
	fail "pid_max 4194304: etrace -c --by comm failed"
awk '/^--- comm=.* ---$/ { c = substr($0, 10, length($0) - 13); next }
     /^-+ /||/^% time/||/^$/ { next }
     NF == 6 && $6 != "total" { print c, $6, $4, $5; next }
     NF == 5 && $5 != "total" { print c, $5, $4, 0; next }
     $NF == "total" { next }
     { print "ODD", $0 }' e.big.comm | sort > e.big.comm.rows
same s.comm.rows e.big.comm.rows "pid_max 4194304: --by comm rows"
PCMD='echo 299999 > /proc/sys/kernel/ns_last_pid; sleep 0.6 & a=$!
echo 562143 > /proc/sys/kernel/ns_last_pid; sleep 0.2 & b=$!
wait; echo "$a $b" > pids'
# (another process forking between the write to ns_last_pid and the
# sleep's fork takes the pid: then the run proves nothing, and is made
# again)
for try in 1 2 3 4 5; do
	"$ETRACE" -q -c -f -o e.apart -- sh -c "$PCMD" || fail "etrace -c (pids apart) failed"
	[ "$(cat pids)" = "300000 562144" ] && break
	echo "the sleeps got pids $(cat pids), not 300000 562144: again"
done
[ "$(cat pids)" = "300000 562144" ] ||
	fail "the sleeps got pids $(cat pids), not 300000 562144 (taken 5 times?)"
n=$(awk '$NF == "clock_nanosleep" { print $4 }' e.apart)
[ "$n" = 2 ] || { cat e.apart >&2; fail "pids 262144 apart: $n clock_nanosleep calls counted, want 2"; }
exit 0
