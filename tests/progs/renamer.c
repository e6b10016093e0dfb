// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: N getppid() calls, then (unless NAME is "-") prctl(PR_SET_NAME,
 * NAME), then M getppid() calls; exit 0.  For --comm: a task that is
 * selected by its name from its exec, or from its renaming on.  NAME
 * "=NEW": a thread renames the main thread NEW (through
 * /proc/self/task/TID/comm, as pthread_setname_np does) while it waits
 * for that thread; then the M calls.
 * usage: renamer N NAME M
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

static pthread_t main_thread;

static void *rename_main(void *name)
{
	return (void *)(long)pthread_setname_np(main_thread, name);
}

int main(int argc, char **argv)
{
	pthread_t th;
	void *r;

	long n, m;

	if (argc != 4)
		return 2;
	n = atol(argv[1]);
	m = atol(argv[3]);
	for (long i = 0; i < n; i++)
		syscall(SYS_getppid);
	if (argv[2][0] == '=') {
		main_thread = pthread_self();
		if (pthread_create(&th, NULL, rename_main, argv[2] + 1) ||
		    pthread_join(th, &r) || r)
			return 1;
	} else if (strcmp(argv[2], "-")) {
		prctl(PR_SET_NAME, argv[2], 0, 0, 0);
	}
	for (long i = 0; i < m; i++)
		syscall(SYS_getppid);
	return 0;
}
