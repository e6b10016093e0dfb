# SPDX-License-Identifier: GPL-2.0-or-later
# Wrong values, class "ptrace": ptrace prints only the arguments its request
# uses (ptrace(PTRACE_ATTACH, pid)), data as a signal for PTRACE_CONT.
# tests/progs/wrong_values ptrace makes such calls (tests/live/wrong_values.inc).
. "$TOP/tests/live/wrong_values.inc"
values_check ptrace ptrace 7
