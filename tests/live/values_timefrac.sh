# SPDX-License-Identifier: GPL-2.0-or-later
# Wrong values, class "timefrac": an out-of-range tv_nsec or tv_usec prints
# unsigned, as strace prints it (-1 is 18446744073709551615).
# tests/progs/wrong_values timefrac makes such calls (tests/live/wrong_values.inc).
. "$TOP/tests/live/wrong_values.inc"
values_check timefrac nanosleep,clock_nanosleep,clock_settime,settimeofday 5
