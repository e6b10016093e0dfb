# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on calls a seccomp filter skips
# (tests/progs/fam_seccomp.c, fam_seccomp_trap.c): the kernel runs the
# filter before sys_enter and skips the call, but sys_exit fires; strace
# prints the call whole, and etrace must too (not "<... openat
# resumed>"), with the SIGSYS of SECCOMP_RET_TRAP as strace decodes it
# and no signal line for SECCOMP_RET_KILL_PROCESS's.  The whole traces
# must be the same (written with -o, as the oracle runs them), also with
# a selection that leaves out the call that started the filter, and -c
# must count each skipped call once with its error, as strace -c does.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family seccomp
# -v: the filter's program, as strace prints it
oracle_options seccomp -v

# a selection without the calls that start the filter (prctl, seccomp):
# the first skipped call after it is still whole
echo "== fam_seccomp -e 'trace=!prctl,seccomp'"
sh "$TOP/tests/parity.sh" -c -w "$WORK/fam_seccomp.sel" -n fam_seccomp \
	-e 'trace=!prctl,seccomp' -- "$PROGS/fam_seccomp" ||
	soft_fail "fam_seccomp, trace=!prctl,seccomp: etrace's trace is not strace's"

# -c: calls and errors per syscall (times differ by nature)
strace -f -c -o "$WORK/s.c" -- "$PROGS/fam_seccomp" > /dev/null 2>&1
"$ETRACE" -f -c -o "$WORK/e.c" -- "$PROGS/fam_seccomp" > /dev/null 2>&1
table_rows "$WORK/s.c" > "$WORK/s.rows"
table_rows "$WORK/e.c" > "$WORK/e.rows"
soft_same "$WORK/s.rows" "$WORK/e.rows" "-c rows (syscall calls errors)"
grep -q '^openat 5 3$' "$WORK/e.rows" ||
	soft_fail "-c: the 3 skipped openat calls not counted as errors"
finish
