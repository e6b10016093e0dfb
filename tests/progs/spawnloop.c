// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * posix_spawn of /bin/true N times (argv[1], default 200) from one call
 * site in spawn_loop, called by main, each child waited for.  glibc
 * 2.36's posix_spawn creates the child with its clone3 wrapper, whose
 * unwind info ends before the syscall instruction: at clone3's entry the
 * pc has no CFI, and only the leaf rule (return address at the stack
 * pointer) unwinds it to spawn_loop and main.
 */
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>

extern char **environ;

static __attribute__((noinline)) int spawn_loop(int n)
{
	char *const argv[] = { "true", NULL };
	int bad = 0;

	for (int i = 0; i < n; i++) {
		pid_t pid;
		int st;

		if (posix_spawn(&pid, "/bin/true", NULL, NULL, argv, environ) ||
		    waitpid(pid, &st, 0) != pid || st)
			bad++;
	}
	return bad;
}

int main(int argc, char **argv)
{
	return spawn_loop(argc > 1 ? atoi(argv[1]) : 200) ? 1 : 0;
}
