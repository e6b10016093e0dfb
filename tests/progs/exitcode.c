// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: exit with a given status or die by a given signal.
 *   exitcode CODE      exit_group(CODE)
 *   exitcode -SIG      kill itself with SIG (a number or a name: -SEGV,
 *                      -KILL, -TERM, -ABRT, -9 ...), default action
 */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int signum(const char *s)
{
	static const struct { const char *name; int sig; } tab[] = {
		{ "HUP", SIGHUP }, { "INT", SIGINT }, { "QUIT", SIGQUIT },
		{ "ILL", SIGILL }, { "ABRT", SIGABRT }, { "BUS", SIGBUS },
		{ "FPE", SIGFPE }, { "KILL", SIGKILL }, { "USR1", SIGUSR1 },
		{ "SEGV", SIGSEGV }, { "USR2", SIGUSR2 }, { "PIPE", SIGPIPE },
		{ "ALRM", SIGALRM }, { "TERM", SIGTERM },
	};

	if (!strncmp(s, "SIG", 3))
		s += 3;
	for (unsigned i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
		if (!strcmp(s, tab[i].name))
			return tab[i].sig;
	return atoi(s);
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 0;
	if (argv[1][0] == '-') {
		int sig = signum(argv[1] + 1);

		signal(sig, SIG_DFL);
		kill(getpid(), sig);
		/* not reached for a fatal signal */
		return 126;
	}
	exit(atoi(argv[1]));
}
