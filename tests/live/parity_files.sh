# SPDX-License-Identifier: GPL-2.0-or-later
# Parity with strace, the file family:
# tests/progs/fam_files.c under strace -f and etrace -f, compared line by line
# by tests/parity.sh.  Measured: 163/168 exact (97.0%), 168/168 name+ret.
# The threshold is a little under the measure, to catch regressions.
# Known differences (lines not exact):
#  - fcntl F_GETLK/F_OFD_GETLK: the struct flock at exit (fcntlarg has no
#    exit copy)
#  - utimensat's times, copy_file_range's offsets: no copy for the kinds
#    utimens and ploff yet
#  - a path or string the program has not touched yet (a page of .rodata
#    not yet in memory) prints as a pointer: the BPF copy cannot fault it in
. "$TOP/tests/lib.sh"
need_root
sh "$TOP/tests/parity.sh" -v -i -w "$WORK/p" -m 95 -d 0 -- "$PROGS/fam_files" ||
	fail "parity with strace below the bar (exact >= 95%, at most 0 name+ret differences)"
exit 0
