# SPDX-License-Identifier: GPL-2.0-or-later
# Issue 18, item 4: a process with 20,000 mappings, each mapped again 4
# times with MAP_FIXED in a scattered order (tests/progs/mapchurn), costs
# etrace no more than 3 times the program's own CPU time.  --no-bpf keeps
# every mapping in etrace's table (strings of read-only files are read
# from them); a table that scans its mappings per mmap took 10 times the
# program's time here (5.3 s against 0.56 s), a binary search 0.5 times.
#
# etrace's own CPU time is what wait4 gives for it (itself and the
# command it reaped) less what the command said it used.  Built with
# sanitizers, etrace needs 17-23 times its CPU for this work (measured:
# 4.4-5.8 s against 0.25 s, the code before and after 2026-11-27 alike),
# so the bound is 40x then: still far below what a scan per mmap costs
# (10x plain, ~170x with sanitizers); the plain build holds the 3x.  The rings hold the whole churn (-m 32768K: 80,000
# mmap pairs), so a reader slowed by the sanitizers loses nothing either.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

N=20000 ROUNDS=3 BOUND=3
[ -n "${ETRACE_SANITIZED:-}" ] && BOUND=40
python3 - "$ETRACE" --no-bpf -m 32768K -o out -- "$PROGS/mapchurn" $N $ROUNDS own \
	> total 2> err <<'PY' || { cat err >&2; fail "etrace failed"; }
import os, subprocess, sys
p = subprocess.Popen(sys.argv[1:])
_, st, ru = os.wait4(p.pid, 0)
print(int((ru.ru_utime + ru.ru_stime) * 1e6))
sys.exit(os.waitstatus_to_exitcode(st))
PY
grep -v '^etrace: arguments:' err >&2 && fail "unexpected messages on stderr"
# every mmap of the churn is in the trace
n=$(grep -cE '^mmap\(0x[0-9a-f]+, 4096, PROT_READ(\|PROT_WRITE)?, MAP_PRIVATE\|MAP_FIXED\|MAP_ANONYMOUS, -1, 0\) = 0x[0-9a-f]+$' out)
[ "$n" = $((N * (ROUNDS + 1))) ] || fail "$n churning mmap lines, want $((N * (ROUNDS + 1)))"
own=$(cat own) total=$(cat total)
et=$((total - own))
echo "etrace ${et} us of CPU, the program ${own} us (bound ${BOUND}x)" >&2
[ "$own" -gt 0 ] || fail "the program said no CPU time"
[ "$et" -le $((BOUND * own)) ] ||
	fail "etrace used ${et} us of CPU for the program's ${own} us: more than ${BOUND}x"
