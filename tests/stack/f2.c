// SPDX-License-Identifier: GPL-2.0-or-later
/* one function per file: the unwinder must cross each call */
int f3(int x);
int f2(int x);

int f2(int x)
{
	/* the +1 after the call keeps it from being a tail call */
	return f3(x + 2) + 1;
}
