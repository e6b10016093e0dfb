// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * --context's workload: a thread, then the main thread (one after the
 * other, so every descriptor number is the same from run to run), each
 * opening and closing a file that exists (calls that succeed) and now and
 * then one that does not (a call that fails), with windows of successes
 * shorter and longer than the tests' N between the failures.
 */
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>

static void loop(const char *who)
{
	char path[64];

	for (int i = 0; i < 6; i++) {
		int fd = open("/etc/hostname", O_RDONLY);

		if (fd >= 0)
			close(fd);
		if (i == 1 || i == 2 || i == 5) {
			snprintf(path, sizeof(path), "/nonexistent-%s-%d", who,
				 i);
			open(path, O_RDONLY);
		}
	}
}

static void *thread(void *arg)
{
	loop("thread");
	return arg;
}

int main(void)
{
	pthread_t t;

	if (pthread_create(&t, NULL, thread, NULL) || pthread_join(t, NULL))
		return 1;
	loop("main");
	return 0;
}
