// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * -e inject= and -e fault= (tests/live/inject.sh): the same calls in
 * every run, so that strace's trace and etrace's can be compared whole.
 *
 *   inject calls   chdir, getppid, openat and uname in the main thread,
 *                  then in a thread (counted apart: when= is per
 *                  thread), then in a child process (with -f, its own
 *                  counts too); SIGUSR1 has a handler that says so.
 *   inject after   a chdir, "ready" on stdout, then waits for a byte on
 *                  stdin and makes three chdir calls, printing each
 *                  result: etrace may be gone by then.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>


static void on_usr1(int sig)
{
	(void)sig;
	if (write(1, "handler\n", 8) < 0)
		_exit(3);
}

static void calls(void)
{
	struct utsname u;
	/* a path ("") on a page nothing touched: not in the page tables */
	const char *untouched = mmap(NULL, 4096, PROT_READ,
				     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int fd;

	if (untouched == MAP_FAILED)
		_exit(2);
	for (int i = 0; i < 3; i++) {
		if (chdir("/"))
			printf("chdir: %s\n", strerror(errno));
		printf("getppid: %d\n", getppid() == 42 ? 42 : 0);
	}
	fd = openat(AT_FDCWD, untouched, O_RDONLY);
	if (fd >= 0)
		close(fd);
	if (uname(&u))
		printf("uname: %s\n", strerror(errno));
	fflush(stdout);
}

static void *thread_calls(void *arg)
{
	(void)arg;
	calls();
	return NULL;
}

int main(int argc, char **argv)
{
	pthread_t th;
	pid_t pid;
	char c;

	if (argc == 2 && !strcmp(argv[1], "calls")) {
		signal(SIGUSR1, on_usr1);
		calls();
		if (pthread_create(&th, NULL, thread_calls, NULL) ||
		    pthread_join(th, NULL))
			return 2;
		pid = fork();
		if (pid == 0) {
			calls();
			_exit(0);
		}
		if (pid < 0 || waitpid(pid, NULL, 0) != pid)
			return 2;
		return 0;
	}
	if (argc == 2 && !strcmp(argv[1], "after")) {
		printf("first %d\n", chdir("/") ? errno : 0);
		printf("ready\n");
		fflush(stdout);
		if (read(0, &c, 1) != 1)
			return 2;
		for (int i = 0; i < 3; i++)
			printf("chdir %d\n", chdir("/") ? errno : 0);
		return 0;
	}
	fprintf(stderr, "usage: inject calls|after\n");
	return 2;
}
