// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * For tests/live/color.sh: one of each part --color styles, in a known
 * order.  A failed chdir, a getppid, a handled SIGUSR1, a child killed
 * by SIGKILL (waited for), exit 3.
 */
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

static void on_usr1(int sig)
{
}

int main(void)
{
	pid_t child;

	signal(SIGUSR1, on_usr1);
	if (chdir("/nonexistent/etrace-color") == 0)
		return 1;
	getppid();
	raise(SIGUSR1);
	child = fork();
	if (child == 0) {
		raise(SIGKILL);
		_exit(1);
	}
	waitpid(child, NULL, 0);
	return 3;
}
