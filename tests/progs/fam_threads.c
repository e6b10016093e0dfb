// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_threads.sh: three threads made with
 * pthread_create, started one after another; each reports through a pipe,
 * makes a few calls and leaves with the raw exit syscall.  The main thread
 * waits for each report and lets the thread finish before the next, so
 * every task makes the same calls every run.  Exits 0.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int pfd[2];

static void *body(void *arg)
{
	char c = (char)('0' + (intptr_t)arg);
	struct timespec ts = { 0, 1000000 };

	getpid();
	syscall(SYS_gettid);
	nanosleep(&ts, NULL);
	(void)!write(pfd[1], &c, 1);
	syscall(SYS_exit, 0);
	return NULL;
}

int main(void)
{
	struct timespec pause = { 0, 30000000 };
	pthread_attr_t a;
	pthread_t t[3];
	char c;

	(void)!pipe(pfd);
	pthread_attr_init(&a);
	pthread_attr_setstacksize(&a, 256 * 1024);
	for (intptr_t i = 0; i < 3; i++) {
		pthread_create(&t[i], &a, body, (void *)i);
		(void)!read(pfd[0], &c, 1);
		nanosleep(&pause, NULL);
	}
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	return 0;
}
