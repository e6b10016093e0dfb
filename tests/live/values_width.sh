# SPDX-License-Identifier: GPL-2.0-or-later
# Wrong values, class "width": every argument at the width and signedness of
# its C type (mkdir's mode is 16 bits, mbind's flags 32, whatever the upper
# bits of the register say).
# tests/progs/wrong_values width makes such calls (tests/live/wrong_values.inc).
. "$TOP/tests/live/wrong_values.inc"
values_check width mkdir,umask,fchmodat,mknod,close,kill,mbind,openat 14
