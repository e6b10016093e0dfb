# SPDX-License-Identifier: GPL-2.0-or-later
# Wrong values, class "plain": no "/* KEY_SPEC_??? */" note where strace
# prints a plain number (add_key's keyring 0), swapon's priority in decimal.
# tests/progs/wrong_values plain makes such calls (tests/live/wrong_values.inc).
. "$TOP/tests/live/wrong_values.inc"
values_check plain add_key,request_key,swapon,personality 8
