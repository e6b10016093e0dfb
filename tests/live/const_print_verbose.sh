# SPDX-License-Identifier: GPL-2.0-or-later
# -X verbose (strace's --const-print-style=verbose) against strace 6.1 -X verbose on
# every family program of tests/progs: the same trace line for line, but
# for the differences listed in tests/oracle/known-differences-X
# (tests/oracle/xstyle.sh says how).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/xstyle.sh"
need_root
oracle_xstyle verbose
finish
