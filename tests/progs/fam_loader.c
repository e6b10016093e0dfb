// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_loader.sh: the dynamic loader's and libc's
 * start-up and exit, and a library loaded at run time (dlopen of libm,
 * dlsym, dlclose).  Exits 0.
 */
#include <dlfcn.h>

int main(void)
{
	void *h = dlopen("libm.so.6", RTLD_NOW);

	if (h) {
		(void)dlsym(h, "cos");
		dlclose(h);
	}
	return 0;
}
