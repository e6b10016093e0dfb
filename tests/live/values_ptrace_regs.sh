# SPDX-License-Identifier: GPL-2.0-or-later
# Wrong values, class "ptrace": a stopped tracee's registers as strace
# shows them (PTRACE_GETREGSET's and SETREGSET's iovec with NT_PRSTATUS's
# registers, a length that is not whole registers as a pointer, one past
# the struct with ", ...", GETREGS, SETREGS and GETFPREGS' structs, and
# PEEKSIGINFO's args and empty array).  tests/progs/wrong_values ptregs.
. "$TOP/tests/live/wrong_values.inc"
values_check ptregs ptrace 9
