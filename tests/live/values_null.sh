# SPDX-License-Identifier: GPL-2.0-or-later
# Wrong values, class "null": a pointer whose meaning depends on the request
# prints NULL when it is one (arch_prctl(ARCH_GET_GS, NULL)), and what
# ARCH_GET_FS writes at exit.
# tests/progs/wrong_values null makes such calls (tests/live/wrong_values.inc).
. "$TOP/tests/live/wrong_values.inc"
values_check null arch_prctl 4
