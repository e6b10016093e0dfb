# SPDX-License-Identifier: GPL-2.0-or-later
# threads (3 threads: getuid x10, getgid x20, geteuid x30, a byte to a pipe
# each, raw exit; the main thread reads 3 bytes, getppid, raw exit) under
# strace -f and etrace -f: the same syscalls the same number of times;
# each call's count in the right thread (one thread has exactly the 10
# getuid, another the 20 getgid, another the 30 geteuid), four distinct
# tids, every thread ends with "exit(0) = ?" and "+++ exited with 0 +++",
# and the thread-creating clone3 calls return the three threads' tids.
# futex is left out of the comparison: glibc's thread start/stack code
# may or may not wait on a futex depending on scheduling (none seen so
# far with this program, but its count is not the program's to decide).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

trace_both -- "$PROGS/threads"
[ "$s_rc" = 0 ] || { cat s.err >&2; fail "threads under strace exited $s_rc"; }
[ "$e_rc" = 0 ] || { cat e.err >&2; fail "etrace exited $e_rc (threads exits 0)"; }
same_counts futex

# per thread: tid -> counts of getuid/getgid/geteuid, by the prefix
strip() { sed -E 's/^([0-9]+) +/\1 /' "$1"; }
strip e.out | awk '$2 ~ /^(getuid|getgid|geteuid)\(/ {
	sub(/\(.*/, "", $2); n[$1 " " $2]++ }
	END { for (k in n) print k, n[k] }' | sort > e.perthread
awk '{print $2, $3}' e.perthread | sort > e.perthread.calls
printf '%s\n' 'geteuid 30' 'getgid 20' 'getuid 10' > want.calls
same want.calls e.perthread.calls "calls per thread (name count)"
awk '{print $1}' e.perthread | sort -u > e.workers
[ "$(wc -l < e.workers)" = 3 ] || fail "the three workers' calls are not in 3 distinct tids"

awk '{print $1}' e.out | sort -u > e.tids
[ "$(wc -l < e.tids)" = 4 ] || fail "want 4 tids in the trace, got $(wc -l < e.tids)"
for t in $(cat e.tids); do
	grep -qxE "$t +\+\+\+ exited with 0 \+\+\+" e.out ||
		fail "no '+++ exited with 0 +++' for tid $t"
done
# every tid's exit(0): whole or split (unfinished/resumed), joined by by_task
lines_of e.out '^exit\(' | sed 's/^[0-9]*	//' | sort | uniq -c |
	awk '{$1 = $1; print}' > e.exits
echo '4 exit(0) = ?' > want.exits
sed -E 's/ +=/ =/' e.exits > e.exits.n
same want.exits e.exits.n "exit(0) lines"

main=$(awk 'NR == 1 { print $1 }' e.out)
rets e.out clone3 | awk '{print $NF}' | sort > e.clone3
grep -vx "$main" e.tids | sort > e.threads
same e.threads e.clone3 "clone3 results vs the threads' tids"
exit 0
