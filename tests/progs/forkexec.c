// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * execve from fork children with argv and path as string literals (pages
 * a fork child has not touched: the entry copy of them faults):
 * N times /bin/echo (argv[1], default 3), once a path that does not
 * exist, and once a #! script (argv[2], when given).
 */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static void run(const char *path, char *const argv[])
{
	pid_t p = fork();

	if (p == 0) {
		execv(path, argv);
		_exit(127);
	}
	if (p > 0)
		waitpid(p, NULL, 0);
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 3;
	char *const echo[] = { "echo", "from", "a literal", NULL };
	char *const none[] = { "nothing-here", "-x", NULL };

	for (int i = 0; i < n; i++)
		run("/bin/echo", echo);
	run("/nonexistent/forkexec", none);
	if (argc > 2) {
		char *const script[] = { "script", "arg1", NULL };

		run(argv[2], script);
	}
	return 0;
}
