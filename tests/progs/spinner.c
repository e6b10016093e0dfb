// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for -p tests: runs until killed.
 *   spinner [THREADS [fork]]
 * Starts THREADS threads (default 3, at most 64); thread i loops on a
 * syscall of its own, then usleep(1000):
 *   thread 0 getuid, 1 getgid, 2 geteuid, 3 getegid, then again in turn.
 * The main thread writes "ready\n" to stdout once every thread has made
 * its first call, then loops: getppid and a 100 ms sleep; with "fork",
 * each turn also forks a child that execve()s /bin/true, and waits for it.
 */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static const long nrs[] = { SYS_getuid, SYS_getgid, SYS_geteuid,
			    SYS_getegid };
static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int started;

static void *run(void *arg)
{
	long nr = nrs[(long)arg % 4];

	syscall(nr);
	pthread_mutex_lock(&mu);
	started++;
	pthread_cond_signal(&cv);
	pthread_mutex_unlock(&mu);
	for (;;) {
		syscall(nr);
		usleep(1000);
	}
	return NULL;
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3;
	int do_fork = argc > 2 && !strcmp(argv[2], "fork");
	pthread_t tid;

	if (n < 0 || n > 64)
		n = 3;
	for (long i = 0; i < n; i++)
		if (pthread_create(&tid, NULL, run, (void *)i))
			return 1;
	pthread_mutex_lock(&mu);
	while (started < n)
		pthread_cond_wait(&cv, &mu);
	pthread_mutex_unlock(&mu);
	if (write(1, "ready\n", 6) != 6)
		return 1;
	for (;;) {
		syscall(SYS_getppid);
		if (do_fork) {
			char *const av[] = { "/bin/true", NULL };
			char *const ev[] = { "PATH=/bin:/usr/bin", NULL };
			pid_t c = fork();
			int st;

			if (c == 0) {
				execve("/bin/true", av, ev);
				_exit(127);
			}
			if (c > 0)
				waitpid(c, &st, 0);
		}
		usleep(100000);
	}
}
