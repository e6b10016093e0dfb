// SPDX-License-Identifier: GPL-2.0-or-later
/* one function per file: the unwinder must cross each call */
int f1(int x);
int f0(int x);

int f0(int x)
{
	/* the +1 after the call keeps it from being a tail call */
	return f1(x + 0) + 1;
}
