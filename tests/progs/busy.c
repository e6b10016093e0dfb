// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for attaching to a program that runs flat out: getppid() in a
 * loop until SIGUSR1 comes, then exactly N more (default 100000), and
 * exit 0.
 *   busy [N]
 * Writes "ready\n" to stdout once the handler is set, and at the end
 * "calls T\n": the getppid calls it made in all.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <unistd.h>

static volatile sig_atomic_t told;

static void on_usr1(int sig)
{
	(void)sig;
	told = 1;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100000, calls = 0;
	struct sigaction sa = { .sa_handler = on_usr1 };

	if (sigaction(SIGUSR1, &sa, NULL))
		return 2;
	printf("ready\n");
	fflush(stdout);
	while (!told) {
		syscall(SYS_getppid);
		calls++;
	}
	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
	printf("calls %ld\n", calls + n);
	return 0;
}
