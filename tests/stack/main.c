// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * A call chain main -> f0 -> f1 -> f2 -> f3 -> getppid, one function per
 * file, built with -O2 -fomit-frame-pointer: only DWARF CFI can unwind it.
 */
#include <stdio.h>

int f0(int x);

int main(int argc, char **argv)
{
	return f0(argc) > 0 ? 0 : 1;
}
