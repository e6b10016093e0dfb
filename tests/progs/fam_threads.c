// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_threads.sh: three threads made with
 * pthread_create, started one after another; each reports through a pipe,
 * makes a few calls and leaves with the raw exit syscall.  Each thread
 * starts when the main thread says so, and the main thread waits for its
 * report and for its end (without a system call) before the next, so
 * every task makes the same calls every run.  Exits 0.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int pfd[2], go[2];

static void *body(void *arg)
{
	char c = (char)('0' + (intptr_t)arg);
	struct timespec ts = { 0, 1000000 };

	/*
	 * not before the creating clone3 has returned: strace reads its
	 * parent_tid result then, and the kernel clears it when we exit
	 */
	(void)!read(go[0], &c, 1);
	c = (char)('0' + (intptr_t)arg);
	getpid();
	syscall(SYS_gettid);
	nanosleep(&ts, NULL);
	(void)!write(pfd[1], &c, 1);
	syscall(SYS_exit, 0);
	return NULL;
}

int main(void)
{
	pthread_attr_t a;
	pthread_t t[3];
	char c;

	(void)!pipe(pfd);
	(void)!pipe(go);
	pthread_attr_init(&a);
	pthread_attr_setstacksize(&a, 256 * 1024);
	for (intptr_t i = 0; i < 3; i++) {
		pthread_create(&t[i], &a, body, (void *)i);
		(void)!write(go[1], "g", 1);
		(void)!read(pfd[0], &c, 1);
		/*
		 * until the thread is gone (the kernel clears its tid): no
		 * system call while it runs, so the join makes none either
		 * (a futex wait if the thread were still there)
		 */
		while (pthread_tryjoin_np(t[i], NULL) == EBUSY)
			;
	}
	return 0;
}
