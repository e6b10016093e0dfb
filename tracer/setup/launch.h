/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Targets: starting the traced command.  The child is forked first and
 * waits; the tracer opens its events (enable_on_exec), then lets it exec.
 */
#ifndef ETRACE_LAUNCH_H
#define ETRACE_LAUNCH_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct launch {
	pid_t pid;
	char *path;		/* what execve is given */
	char **argv;
	int argc;
	char **env;		/* the command's environment: environ, or
				   made from it by -E (owned then) */
	int envc;		/* entries in env */
	unsigned long envp;	/* env's address: the child's is the same */
	unsigned long exec_ip;	/* -i: the execve's user IP (the address
				   after its syscall instruction) */
	int go_fd;		/* write a byte: exec now */
	int err_fd;		/* reads the exec errno, or EOF on success */
	int notify_fd;		/* -e inject=: the filter's listener (the
				   caller takes it), or -1 */
	void (*serve)(void *);	/* ... answered by this while launch_go
				   waits for the exec */
	void *serve_arg;
};

/*
 * -e inject=: the seccomp filter the child installs before it waits
 * (a cBPF program, see inject.h), and the cookie its own calls carry
 */
struct launch_filter {
	const void *prog;	/* struct sock_filter[len] */
	unsigned short len;
	uint64_t cookie;
};
/* the address the filter knows the child's own calls by */
unsigned long launch_own_ip(void);

/* how the command is started (the trace plan says) */
struct launch_conf {
	char **argv;
	const char *user;	/* -u: its uid, gid and groups */
	char **env;		/* -E changes, in order: VAR=VAL sets VAR,
				   VAR removes it (as strace) */
	int nenv;
	int kill;		/* --kill-on-exit: LAUNCH_KILL_* */
};

/*
 * --kill-on-exit: what etrace kills when it exits.  The command alone
 * when only it is traced (strace: its children are no tracees); the
 * command and every descendant with -f or -a, etrace being their
 * subreaper so that none escapes by being orphaned.
 */
enum { LAUNCH_KILL_NONE, LAUNCH_KILL_CMD, LAUNCH_KILL_TREE };

/*
 * The signal state etrace was started with, which its command gets: the
 * mask, and SIGCHLD ignored (etrace takes it back: ignored, its children
 * would be reaped unseen, and it would never see its command end).
 */
struct launch_sigs {
	sigset_t mask;
	int chld_ignored;
};

/*
 * Resolve argv[0] as execvp would and fork a child that waits with the
 * signal state `orig` restored, as the user and with the environment c
 * says, under lf's filter if not NULL (l->notify_fd its listener then).
 * Returns 0 or -errno with err set.
 */
int launch_start(struct launch *l, const struct launch_conf *c,
		 const struct launch_filter *lf,
		 const struct launch_sigs *orig, char *err, size_t errlen);
/* let it exec; 0, or -errno when exec failed (the child has exited) */
int launch_go(struct launch *l, char *err, size_t errlen);
/* make it exit without running anything (setup failed) */
void launch_abort(struct launch *l);
/*
 * --kill-on-exit: SIGKILL what c->kill says, and return once all of it
 * is gone.  The command's wait status goes to *status when it is reaped
 * here (1 returned), else 0.
 */
int launch_kill(struct launch *l, const struct launch_conf *c, int *status);
void launch_free(struct launch *l);

#endif
