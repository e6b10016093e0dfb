# SPDX-License-Identifier: GPL-2.0-or-later
# Parity with strace, the process family:
# tests/progs/fam_procs.c under strace -f and etrace -f, compared line by line
# by tests/parity.sh.  Measured: 124/127 exact (97.6%), 126/127 name+ret.
# The threshold is a little under the measure, to catch regressions.
# Known differences (lines not exact):
#  - prctl(PR_SET_NAME, "...") in a page not yet touched: prctlarg is
#    copied at entry and exit (no second read at exit)
#  - a successful execve in a fork child: argv in pages the child has not
#    touched since fork print as a pointer (the path is read again at
#    exit only if the exec failed: after, the old memory is gone)
#  - kill(getpid(), SIGKILL): strace shows = ? (the task died before the
#    syscall-exit stop), etrace the 0 the kernel returned: the one
#    name+ret difference allowed
. "$TOP/tests/lib.sh"
need_root
sh "$TOP/tests/parity.sh" -v -i -w "$WORK/p" -m 93 -d 1 -- "$PROGS/fam_procs" ||
	fail "parity with strace below the bar (exact >= 93%, at most 1 name+ret differences)"
exit 0
