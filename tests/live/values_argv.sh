# SPDX-License-Identifier: GPL-2.0-or-later
# Wrong values, class "argv": execve's argv and envp where they cannot be
# read print as strace prints them: the array's pointer (never "[]"), an
# unreadable string as its pointer, an array that runs into a hole before
# its NULL as ["a", "b", ... /* 0x... */] and "/* 2 vars, unterminated */".
# tests/progs/wrong_values argv makes such calls (tests/live/wrong_values.inc).
. "$TOP/tests/live/wrong_values.inc"
values_check argv execve 6
