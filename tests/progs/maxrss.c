// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Runs a command and writes the most memory it held (its peak resident
 * set, KiB, as wait4's rusage says) into FILE; exits with its status.
 * usage: maxrss FILE CMD [ARGS...]
 */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct rusage ru;
	FILE *f;
	pid_t pid;
	int st;

	if (argc < 3) {
		fprintf(stderr, "usage: maxrss FILE CMD [ARGS...]\n");
		return 2;
	}
	pid = fork();
	if (pid == 0) {
		execvp(argv[2], argv + 2);
		perror(argv[2]);
		_exit(127);
	}
	if (pid < 0 || wait4(pid, &st, 0, &ru) != pid)
		return 2;
	f = fopen(argv[1], "w");
	if (!f)
		return 2;
	fprintf(f, "%ld\n", ru.ru_maxrss);
	fclose(f);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
