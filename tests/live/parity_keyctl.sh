# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on keyctl (tests/progs/fam_keyctl.c):
# each command with its own argument kinds (key serials, strings, bytes
# of a length, iovecs, the DH, KDF and pkey structs, what the call
# writes at exit), NULL, BAD and memory that ends early, by default and
# with -X raw and verbose, and with -e verbose=none (strings and bytes
# shown, structs and arrays not).
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
. "$TOP/tests/oracle/family.sh"
need_root
oracle_family keyctl
oracle_options keyctl -Xraw -Xverbose -everbose=none
finish
