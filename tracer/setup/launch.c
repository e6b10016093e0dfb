// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Targets: the traced command.  Its environment and signal state are
 * passed through unchanged; only etrace's own blocked set is undone.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <limits.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "launch.h"

extern char **environ;

/*
 * --kill-on-exit with -f or -a: etrace becomes the subreaper of what it
 * starts, so a descendant orphaned (a daemon's double fork) is etrace's
 * child and not init's, and etrace's children are, at any time, where
 * every live descendant hangs or will: launch_kill finds them all there.
 */
/*
 * The command's execve, made by this syscall instruction rather than
 * libc's: -i prints the address after it, which etrace then knows
 * exactly (without BPF the call's entry is not seen: it comes before
 * the events are enabled).  Returns -errno; the arguments are already
 * where the syscall takes them (rdi, rsi, rdx).
 */
__asm__(".text\n"
	".globl launch_execve, launch_execve_ret\n"
	".hidden launch_execve, launch_execve_ret\n"
	".type launch_execve, @function\n"
	"launch_execve:\n"
	"	mov $59, %eax\n"	/* SYS_execve on x86_64 */
	"	syscall\n"
	"launch_execve_ret:\n"
	"	ret\n"
	".size launch_execve, .-launch_execve\n");
__attribute__((visibility("hidden")))
long launch_execve(const char *path, char *const argv[], char *const envp[]);
__attribute__((visibility("hidden"))) extern const char launch_execve_ret[];

/*
 * -e inject=: the child's own calls once its seccomp filter is in, made
 * by this syscall instruction with the filter's cookie in the sixth
 * argument register (r9), which the filter lets run; the command's
 * calls never come from here (this code is gone at its exec).  Returns
 * the raw result (-errno on failure).
 */
__asm__(".text\n"
	".globl launch_sys, launch_sys_ret\n"
	".hidden launch_sys, launch_sys_ret\n"
	".type launch_sys, @function\n"
	"launch_sys:\n"
	"	mov %rdi, %rax\n"
	"	mov %rsi, %rdi\n"
	"	mov %rdx, %rsi\n"
	"	mov %rcx, %rdx\n"
	"	mov %r8, %r9\n"
	"	syscall\n"
	"launch_sys_ret:\n"
	"	ret\n"
	".size launch_sys, .-launch_sys\n");
__attribute__((visibility("hidden")))
long launch_sys(long nr, long a1, long a2, long a3, uint64_t cookie);
__attribute__((visibility("hidden"))) extern const char launch_sys_ret[];

unsigned long launch_own_ip(void)
{
	return (unsigned long)launch_sys_ret;
}

/*
 * In the child: the filter in, its listener handed to etrace over sock
 * (the errno instead when it could not be made).  Without CAP_SYS_ADMIN
 * the kernel takes a filter only under no_new_privs: set then, as it
 * must be.  From the filter on, every call is made by launch_sys.
 */
static void filter_install(const struct launch_filter *lf, int sock)
{
	struct sock_fprog prog = { lf->len, (struct sock_filter *)lf->prog };
	unsigned int flags = SECCOMP_FILTER_FLAG_NEW_LISTENER |
			     SECCOMP_FILTER_FLAG_WAIT_KILLABLE_RECV;
	char cbuf[CMSG_SPACE(sizeof(int))];
	struct msghdr mh;
	struct iovec iov;
	struct cmsghdr *cm;
	long fd = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, flags, &prog);
	int e = 0;

	if (fd < 0 && errno == EACCES &&
	    !prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0))
		fd = syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, flags, &prog);
	if (fd < 0)
		e = errno;
	memset(&mh, 0, sizeof(mh));
	memset(cbuf, 0, sizeof(cbuf));
	iov.iov_base = &e;
	iov.iov_len = sizeof(e);
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	if (fd >= 0) {
		mh.msg_control = cbuf;
		mh.msg_controllen = sizeof(cbuf);
		cm = CMSG_FIRSTHDR(&mh);
		cm->cmsg_level = SOL_SOCKET;
		cm->cmsg_type = SCM_RIGHTS;
		cm->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(cm), &(int){ (int)fd }, sizeof(int));
	}
	if (fd < 0) {
		/* no filter: the calls may be libc's */
		if (sendmsg(sock, &mh, 0) < 0)
			_exit(127);
		_exit(127);
	}
	if (launch_sys(SYS_sendmsg, sock, (long)&mh, 0, lf->cookie) < 0)
		launch_sys(SYS_exit_group, 127, 0, 0, lf->cookie);
	launch_sys(SYS_close, fd, 0, 0, lf->cookie);
	launch_sys(SYS_close, sock, 0, 0, lf->cookie);
}

/* the listener (or the child's errno) from the child; fd or -errno */
/* The errno a child wrote on the exec pipe before it exited: 1 if one */
static int read_errno(int fd, int *e)
{
	ssize_t r;

	do {
		r = read(fd, e, sizeof(*e));
	} while (r < 0 && errno == EINTR);
	return r == (ssize_t)sizeof(*e);
}

static int filter_receive(int sock)
{
	char cbuf[CMSG_SPACE(sizeof(int))];
	struct msghdr mh;
	struct iovec iov;
	struct cmsghdr *cm;
	int e = 0, fd = -1;
	ssize_t n;

	memset(&mh, 0, sizeof(mh));
	iov.iov_base = &e;
	iov.iov_len = sizeof(e);
	mh.msg_iov = &iov;
	mh.msg_iovlen = 1;
	mh.msg_control = cbuf;
	mh.msg_controllen = sizeof(cbuf);
	do {
		n = recvmsg(sock, &mh, MSG_CMSG_CLOEXEC);
	} while (n < 0 && errno == EINTR);
	if (n != (ssize_t)sizeof(e))
		return n < 0 ? -errno : -EPIPE;
	cm = CMSG_FIRSTHDR(&mh);
	if (cm && cm->cmsg_level == SOL_SOCKET && cm->cmsg_type == SCM_RIGHTS)
		memcpy(&fd, CMSG_DATA(cm), sizeof(int));
	if (fd >= 0)
		return fd;
	return e ? -e : -EPIPE;
}

static int kill_prepare(const struct launch_conf *cf, char *err,
			size_t errlen)
{
	if (cf->kill != LAUNCH_KILL_TREE)
		return 0;
	if (access("/proc/thread-self/children", R_OK)) {
		snprintf(err, errlen, "--kill-on-exit: this kernel has no"
			 " /proc/PID/task/TID/children (CONFIG_PROC_CHILDREN):"
			 " etrace could not find what to kill");
		return -ENOSYS;
	}
	if (prctl(PR_SET_CHILD_SUBREAPER, 1)) {
		snprintf(err, errlen, "--kill-on-exit: PR_SET_CHILD_SUBREAPER:"
			 " %s", strerror(errno));
		return -errno;
	}
	return 0;
}

static int executable(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISREG(st.st_mode) && !access(p, X_OK);
}

/* execvp's search, done here so we know (and print) the exact path */
static char *resolve(const char *name, int *err)
{
	const char *path = getenv("PATH");
	int seen_eacces = 0;

	if (strchr(name, '/')) {
		struct stat st;

		/* said before anything starts, not by a failed exec after */
		if (stat(name, &st)) {
			*err = errno;
			return NULL;
		}
		if (!S_ISREG(st.st_mode) || access(name, X_OK)) {
			*err = S_ISDIR(st.st_mode) ? EISDIR : EACCES;
			return NULL;
		}
		return strdup(name);
	}
	if (!path)
		path = "/usr/local/bin:/usr/bin:/bin";
	while (*path) {
		const char *colon = strchr(path, ':');
		size_t n = colon ? (size_t)(colon - path) : strlen(path);
		char *cand = malloc(n + strlen(name) + 2);

		if (!cand) {
			*err = ENOMEM;
			return NULL;
		}
		if (n)
			sprintf(cand, "%.*s/%s", (int)n, path, name);
		else
			sprintf(cand, "%s", name);	/* empty entry: cwd */
		if (executable(cand))
			return cand;
		if (!access(cand, F_OK))
			seen_eacces = 1;
		free(cand);
		path += n + (colon ? 1 : 0);
	}
	*err = seen_eacces ? EACCES : ENOENT;
	return NULL;
}

/* VAR=... or VAR itself in env, matched by name */
static int env_is(const char *entry, const char *var, size_t len)
{
	return !strncmp(entry, var, len) &&
	       (entry[len] == '=' || entry[len] == '\0');
}

/*
 * -E: environ with the changes applied in order, as strace applies them:
 * VAR=VAL replaces VAR's entry in place or is added at the end, VAR
 * removes every entry of that name.  The strings are not copied: they
 * live in environ and argv for as long as etrace runs.
 */
static char **env_make(char **changes, int n)
{
	size_t cnt = 0, k;
	char **env;

	while (environ && environ[cnt])
		cnt++;
	env = malloc(sizeof(*env) * (cnt + (size_t)n + 1));
	if (!env)
		return NULL;
	if (cnt)
		memcpy(env, environ, sizeof(*env) * cnt);
	for (int i = 0; i < n; i++) {
		char *var = changes[i], *eq = strchr(var, '=');
		size_t len = eq ? (size_t)(eq - var) : strlen(var), w = 0;

		if (eq) {
			for (k = 0; k < cnt && !env_is(env[k], var, len); k++)
				;
			env[k] = var;
			cnt += k == cnt;
			continue;
		}
		for (k = 0; k < cnt; k++)
			if (!env_is(env[k], var, len))
				env[w++] = env[k];
		cnt = w;
	}
	env[cnt] = NULL;
	return env;
}

/* a raw call from the child, through the stub when a filter is in */
static long child_sys(const struct launch_filter *lf, long nr, long a1,
		      long a2, long a3)
{
	long r;

	if (lf)
		return launch_sys(nr, a1, a2, a3, lf->cookie);
	r = syscall(nr, a1, a2, a3);
	return r < 0 ? -errno : r;
}

/* in the child: the signal state etrace was given (struct launch_sigs) */
static void signals_restore(const struct launch_sigs *orig)
{
	sigprocmask(SIG_SETMASK, &orig->mask, NULL);
	if (orig->chld_ignored)
		signal(SIGCHLD, SIG_IGN);
}

int launch_start(struct launch *l, const struct launch_conf *cf,
		 const struct launch_filter *lf,
		 const struct launch_sigs *orig, char *err, size_t errlen)
{
	int go[2], ex[2], rd[2], sk[2] = { -1, -1 }, e = 0;
	pid_t tracer = getpid();
	char c;
	struct passwd *pw = NULL;
	char **argv = cf->argv;
	const char *user = cf->user;

	memset(l, 0, sizeof(*l));
	l->go_fd = l->err_fd = l->notify_fd = -1;
	if (user) {
		errno = 0;
		pw = getpwnam(user);
		if (!pw) {
			snprintf(err, errlen, "-u %s: no such user", user);
			return -ENOENT;
		}
		if (geteuid()) {
			snprintf(err, errlen, "-u %s: only root can run a command"
				 " as another user", user);
			return -EPERM;
		}
	}
	l->path = resolve(argv[0], &e);
	if (!l->path) {
		snprintf(err, errlen, "cannot run '%s': %s", argv[0],
			 e == ENOENT ? "command not found" : strerror(e));
		return -e;
	}
	l->argv = argv;
	while (argv[l->argc])
		l->argc++;
	l->env = cf->nenv ? env_make(cf->env, cf->nenv) : environ;
	if (!l->env && cf->nenv) {
		snprintf(err, errlen, "out of memory");
		free(l->path);
		l->path = NULL;
		return -ENOMEM;
	}
	while (l->env && l->env[l->envc])
		l->envc++;
	l->envp = (unsigned long)l->env;
	l->exec_ip = (unsigned long)launch_execve_ret;
	e = kill_prepare(cf, err, errlen);
	if (e)
		return e;
	if (pipe2(go, O_CLOEXEC) || pipe2(ex, O_CLOEXEC) ||
	    pipe2(rd, O_CLOEXEC) ||
	    (lf && socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sk))) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		return -errno;
	}
	l->pid = fork();
	if (l->pid < 0) {
		e = errno;
		snprintf(err, errlen, "fork: %s", strerror(e));
		close(go[0]);
		close(go[1]);
		close(ex[0]);
		close(ex[1]);
		close(rd[0]);
		close(rd[1]);
		if (lf) {
			close(sk[0]);
			close(sk[1]);
		}
		return -e;
	}
	if (l->pid == 0) {
		c = 0;
		close(go[1]);
		close(ex[0]);
		close(rd[0]);
		if (lf)
			close(sk[0]);
		signals_restore(orig);
		/* -u: groups first, then gid, then uid (after it, no way back) */
		if (pw && (initgroups(pw->pw_name, pw->pw_gid) ||
			   setgid(pw->pw_gid) || setuid(pw->pw_uid))) {
			e = errno;
			if (write(ex[1], &e, sizeof(e)) < 0)
				_exit(127);
			_exit(127);
		}
		/*
		 * --kill-on-exit when etrace dies of SIGKILL (it can do
		 * nothing then): the kernel kills the command.  Set after
		 * -u's setuid, which clears it; a tracer already gone: exit.
		 */
		if (cf->kill && (prctl(PR_SET_PDEATHSIG, SIGKILL) ||
				 getppid() != tracer))
			_exit(127);
		/* -e inject=: the filter, last before etrace traces us */
		if (lf)
			filter_install(lf, sk[1]);
		/* our own calls are done: -c may count from now on */
		child_sys(lf, SYS_close, rd[1], 0, 0);
		/* the go byte, or EOF when the tracer gave up */
		while (child_sys(lf, SYS_read, go[0], (long)&c, 1) == -EINTR)
			;
		if (c != 'g')
			child_sys(lf, SYS_exit_group, 127, 0, 0);
		e = (int)-launch_execve(l->path, argv, l->env);
		child_sys(lf, SYS_write, ex[1], (long)&e, sizeof(e));
		child_sys(lf, SYS_exit_group, 127, 0, 0);
		_exit(127);
	}
	close(go[0]);
	close(ex[1]);
	close(rd[1]);
	if (lf) {
		close(sk[1]);
		l->notify_fd = filter_receive(sk[0]);
		close(sk[0]);
		if (l->notify_fd < 0) {
			e = -l->notify_fd;
			l->notify_fd = -1;
			close(go[1]);
			close(rd[0]);
			waitpid(l->pid, NULL, 0);
			l->pid = 0;
			/* a child that failed before its filter (-u) said why */
			if (read_errno(ex[0], &e))
				snprintf(err, errlen, "cannot run '%s': %s",
					 l->path, strerror(e));
			else
				snprintf(err, errlen, "-e inject=: the command's"
					 " seccomp filter could not be"
					 " installed: %s", strerror(e));
			close(ex[0]);
			return -e;
		}
	}
	/*
	 * Wait (EOF) until the child has made every call of its own but
	 * the read of the go byte: the -c counters, keyed by its pid, are
	 * set up after this, and a child slow to start was counted making
	 * them (close, rt_sigprocmask: 2 of 20 runs on a busy machine).
	 */
	while (read(rd[0], &c, 1) < 0 && errno == EINTR)
		;
	close(rd[0]);
	l->go_fd = go[1];
	l->err_fd = ex[0];
	return 0;
}

int launch_go(struct launch *l, char *err, size_t errlen)
{
	int e = 0;
	int r;

	if (write(l->go_fd, "g", 1) != 1) {
		e = errno;
		/* the child ended first: it said why (-u's setuid) or not */
		if (e == EPIPE && read_errno(l->err_fd, &e))
			snprintf(err, errlen, "cannot run '%s': %s", l->path,
				 strerror(e));
		else
			snprintf(err, errlen, "cannot start the command: %s",
				 strerror(e));
		launch_abort(l);
		return -EIO;
	}
	close(l->go_fd);
	l->go_fd = -1;
	/* -e inject=: the filter asks about the exec (etrace lets it run) */
	while (l->notify_fd >= 0 && l->serve) {
		struct pollfd pfd[2] = { { l->err_fd, POLLIN, 0 },
					 { l->notify_fd, POLLIN, 0 } };

		if (poll(pfd, 2, -1) < 0 && errno != EINTR)
			break;
		if (pfd[0].revents)
			break;
		if (pfd[1].revents & POLLIN)
			l->serve(l->serve_arg);
		else if (pfd[1].revents)
			break;
	}
	r = read_errno(l->err_fd, &e);
	close(l->err_fd);
	l->err_fd = -1;
	if (r) {
		snprintf(err, errlen, "cannot run '%s': %s", l->path,
			 strerror(e));
		waitpid(l->pid, NULL, 0);
		l->pid = 0;
		return -e;
	}
	return 0;
}

void launch_abort(struct launch *l)
{
	if (l->go_fd >= 0) {
		close(l->go_fd);	/* EOF: the child exits 127 */
		l->go_fd = -1;
	}
	if (l->err_fd >= 0) {
		close(l->err_fd);
		l->err_fd = -1;
	}
	if (l->pid > 0)
		waitpid(l->pid, NULL, 0);
	l->pid = 0;
}

/* SIGKILL every child of etrace's (of any of its threads); how many */
static int kill_children(void)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *de;
	int n = 0;

	if (!d)
		return 0;
	while ((de = readdir(d))) {
		char path[sizeof("/proc/self/task//children") + NAME_MAX];
		FILE *f;
		int pid;

		if (de->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%s/children",
			 de->d_name);
		f = fopen(path, "re");
		if (!f)
			continue;
		/* unreaped children of ours: no pid here can be reused */
		while (fscanf(f, "%d", &pid) == 1)
			if (pid > 0 && !kill(pid, SIGKILL))
				n++;
		fclose(f);
	}
	closedir(d);
	return n;
}

/*
 * Tree: kill every child, wait for one to end, again, until none is
 * left.  A killed process's children become etrace's (the subreaper)
 * when it exits, and are killed in the next round; one that forked as
 * it was killed left its child there too.  Nothing else forks after
 * this (the teardown child comes later).
 */
int launch_kill(struct launch *l, const struct launch_conf *c, int *status)
{
	int st, got = 0;
	pid_t w;

	if (!c->kill || l->pid <= 0)
		return 0;
	if (c->kill == LAUNCH_KILL_CMD) {
		w = waitpid(l->pid, &st, WNOHANG | __WALL);
		if (w == 0 && !kill(l->pid, SIGKILL))
			w = waitpid(l->pid, &st, __WALL);
		if (w == l->pid)
			*status = st;
		return w == l->pid;
	}
	for (;;) {
		while ((w = waitpid(-1, &st, WNOHANG | __WALL)) > 0)
			if (w == l->pid) {
				*status = st;
				got = 1;
			}
		if (!kill_children())
			break;
		w = waitpid(-1, &st, __WALL);
		if (w < 0 && errno != EINTR)
			break;
		if (w == l->pid) {
			*status = st;
			got = 1;
		}
	}
	return got;
}

void launch_free(struct launch *l)
{
	free(l->path);
	l->path = NULL;
	if (l->env != environ)
		free(l->env);
	l->env = NULL;
}
