// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: 3 threads with known work and nothing that depends on timing.
 * Thread i (0, 1, 2) calls a syscall of its own 10*(i+1) times:
 *   thread 0: getuid x10, thread 1: getgid x20, thread 2: geteuid x30
 * then writes one byte to a pipe and ends with the raw exit syscall (no
 * glibc thread teardown).  The main thread reads the 3 bytes one at a
 * time, calls getppid once, and ends with the raw exit syscall too, so
 * no thread is cut short by exit_group: the process ends, with status 0,
 * when its last thread does.  Nothing calls pthread_join (its futex wait
 * happens or not depending on timing).
 */
#include <pthread.h>
#include <sys/syscall.h>
#include <unistd.h>

#define NT 3

static int pfd[2];

static void *run(void *arg)
{
	static const long nr[NT] = { SYS_getuid, SYS_getgid, SYS_geteuid };
	long i = (long)arg;

	for (long k = 0; k < 10 * (i + 1); k++)
		syscall(nr[i]);
	(void)!write(pfd[1], "x", 1);
	syscall(SYS_exit, 0);
	return NULL;
}

int main(void)
{
	pthread_t tid;
	char c;

	if (pipe(pfd))
		return 1;
	for (long i = 0; i < NT; i++)
		if (pthread_create(&tid, NULL, run, (void *)i))
			return 1;
	for (int i = 0; i < NT; i++)
		if (read(pfd[0], &c, 1) != 1)
			return 1;
	syscall(SYS_getppid);
	syscall(SYS_exit, 0);
	return 0;
}
