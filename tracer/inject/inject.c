// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Injection (inject.h): the filter the command installs, and etrace's
 * answers to it.  Each answer is made at once from the loop: the traced
 * thread waits in the kernel only for that (a few microseconds), and
 * only in the calls of the injected set.
 */
#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include <bpf/bpf.h>

#include "inject.h"
#include "sysent.h"

#define PAGE 4096ul

/* an answer that skipped a call: the call of nr, answered at t */
struct inj_mark {
	long nr;
	uint64_t t;
	int kind;			/* INJECTED_ERROR or INJECTED_VALUE */
};

/* a thread that made calls of the set */
struct inj_task {
	pid_t tid;			/* 0: free slot; -1: deleted */
	uint16_t *left;			/* per rule: strace's first, last */
	struct inj_mark *marks;		/* a ring, oldest at head */
	uint32_t head, len, cap;
};

struct injector {
	int fd;
	pid_t child;
	int child_execd;		/* its execve was let through */
	int follow;
	const struct inject_rule *by_nr;
	int16_t idx[INJ_NR_MAX];	/* the rule's index, or -1 */
	int nrules;
	struct inj_task *tasks;		/* open addressing by tid */
	uint32_t ntasks, used, mask;	/* live, live + deleted, size - 1 */
	uint64_t injected;
	int sig_fd;			/* the kernel's signals, or -1 */
	struct seccomp_notif *req;	/* sized as the kernel says */
	size_t req_size;
	char sink[2 * PAGE];		/* prefault()'s reads land here */
};

struct sock_filter *inject_filter(const struct inject_rules *r,
				  uint64_t ip, uint64_t cookie,
				  unsigned short *len)
{
	/* the head (13), then two per syscall, then the allow */
	size_t n = 13 + 2 * (size_t)r->n + 1, k = 0;
	struct sock_filter *f = calloc(n, sizeof(*f));
	const uint32_t notify = SECCOMP_RET_USER_NOTIF, allow = SECCOMP_RET_ALLOW;

	if (!f)
		return NULL;
#define LD(off) (struct sock_filter)BPF_STMT(BPF_LD | BPF_W | BPF_ABS, off)
#define JEQ(v, t, e) (struct sock_filter)BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, v, t, e)
#define RET(v) (struct sock_filter)BPF_STMT(BPF_RET | BPF_K, v)
#define LO(x) offsetof(struct seccomp_data, x)
	/* another ABI (i386): not ours to answer */
	f[k++] = LD(LO(arch));
	f[k++] = JEQ(AUDIT_ARCH_X86_64, 1, 0);
	f[k++] = RET(allow);
	/* the child's own calls before its exec: ip and cookie both */
	f[k++] = LD(LO(instruction_pointer));
	f[k++] = JEQ((uint32_t)ip, 0, 7);
	f[k++] = LD(LO(instruction_pointer) + 4);
	f[k++] = JEQ((uint32_t)(ip >> 32), 0, 5);
	f[k++] = LD(LO(args[5]));
	f[k++] = JEQ((uint32_t)cookie, 0, 3);
	f[k++] = LD(LO(args[5]) + 4);
	f[k++] = JEQ((uint32_t)(cookie >> 32), 0, 1);
	f[k++] = RET(allow);
	/* x32's numbers have bit 30 set: equal to none of these */
	f[k++] = LD(LO(nr));
	for (int nr = 0; nr < INJ_NR_MAX && k + 3 <= n; nr++) {
		if (!r->by_nr || !r->by_nr[nr].flags)
			continue;
		f[k++] = JEQ((uint32_t)nr, 0, 1);
		f[k++] = RET(notify);
	}
	f[k++] = RET(allow);
#undef LD
#undef JEQ
#undef RET
#undef LO
	*len = (unsigned short)k;
	return f;
}

struct injector *inject_new(const struct inject_rules *r, int fd,
			    pid_t child, int follow)
{
	struct injector *in = calloc(1, sizeof(*in));
	struct seccomp_notif_sizes sz;

	if (!in)
		return NULL;
	in->fd = fd;
	in->sig_fd = -1;
	in->child = child;
	in->follow = follow;
	in->by_nr = r->by_nr;
	for (int nr = 0; nr < INJ_NR_MAX; nr++)
		in->idx[nr] = r->by_nr && r->by_nr[nr].flags ?
			      (int16_t)in->nrules++ : -1;
	memset(&sz, 0, sizeof(sz));
	if (syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &sz))
		sz.seccomp_notif = sizeof(struct seccomp_notif);
	in->req_size = sz.seccomp_notif > sizeof(struct seccomp_notif) ?
		       sz.seccomp_notif : sizeof(struct seccomp_notif);
	in->req = calloc(1, in->req_size);
	in->mask = 63;
	in->tasks = calloc(in->mask + 1, sizeof(*in->tasks));
	if (!in->req || !in->tasks) {
		free(in->req);
		free(in->tasks);
		free(in);
		return NULL;
	}
	return in;
}

void inject_kernel_signals(struct injector *in, int fd)
{
	if (in)
		in->sig_fd = fd;
}

int inject_fd(const struct injector *in)
{
	return in ? in->fd : -1;
}

uint64_t inject_count(const struct injector *in)
{
	return in ? in->injected : 0;
}

static uint32_t slot_of(pid_t tid, uint32_t mask)
{
	return ((uint32_t)tid * 2654435761u) & mask;
}

static struct inj_task *task_find(struct injector *in, pid_t tid)
{
	for (uint32_t i = slot_of(tid, in->mask);; i = (i + 1) & in->mask) {
		struct inj_task *k = &in->tasks[i];

		if (k->tid == tid)
			return k;
		if (!k->tid)
			return NULL;
	}
}

/* to a table twice the size (or the same, to drop deleted slots) */
static int tasks_grow(struct injector *in)
{
	uint32_t mask = in->ntasks * 4 > in->mask ? in->mask * 2 + 1 : in->mask;
	struct inj_task *old = in->tasks, *nt = calloc(mask + 1, sizeof(*nt));

	if (!nt)
		return -ENOMEM;
	for (uint32_t i = 0; i <= in->mask; i++) {
		uint32_t j;

		if (old[i].tid <= 0)
			continue;
		for (j = slot_of(old[i].tid, mask); nt[j].tid;
		     j = (j + 1) & mask)
			;
		nt[j] = old[i];
	}
	free(old);
	in->tasks = nt;
	in->mask = mask;
	in->used = in->ntasks;
	return 0;
}

/* tid's counters, made at its first call of the set; NULL on ENOMEM */
static struct inj_task *task_get(struct injector *in, pid_t tid)
{
	struct inj_task *k = task_find(in, tid);
	uint32_t i;

	if (k)
		return k;
	if ((in->used + 1) * 2 > in->mask + 1 && tasks_grow(in))
		return NULL;
	for (i = slot_of(tid, in->mask); in->tasks[i].tid > 0;
	     i = (i + 1) & in->mask)
		;
	k = &in->tasks[i];
	in->used += !k->tid;
	memset(k, 0, sizeof(*k));
	k->left = malloc(2 * sizeof(*k->left) * (size_t)(in->nrules ?: 1));
	if (!k->left)
		return NULL;
	for (int nr = 0; nr < INJ_NR_MAX; nr++) {
		if (in->idx[nr] < 0)
			continue;
		k->left[2 * in->idx[nr]] = in->by_nr[nr].first;
		k->left[2 * in->idx[nr] + 1] = in->by_nr[nr].last;
	}
	k->tid = tid;
	in->ntasks++;
	return k;
}

void inject_forget(struct injector *in, pid_t tid)
{
	struct inj_task *k = in && tid > 0 ? task_find(in, tid) : NULL;

	if (!k)
		return;
	free(k->left);
	free(k->marks);
	memset(k, 0, sizeof(*k));
	k->tid = -1;
	in->ntasks--;
}

/* strace's count: is this call of the thread's the one to inject? */
static int count_call(struct inj_task *k, const struct inject_rule *r, int i)
{
	uint16_t *first = &k->left[2 * i], *last = &k->left[2 * i + 1];

	if (!*first || !*last)
		return 0;
	if (*last != INJ_LAST_INF)
		--*last;
	if (--*first)
		return 0;
	*first = r->step;
	return 1;
}

static int mark_add(struct inj_task *k, long nr, uint64_t t, int kind)
{
	if (k->len == k->cap) {
		uint32_t cap = k->cap ? k->cap * 2 : 8;
		struct inj_mark *m = malloc(sizeof(*m) * cap);

		if (!m)
			return -ENOMEM;
		for (uint32_t i = 0; i < k->len; i++)
			m[i] = k->marks[(k->head + i) % k->cap];
		free(k->marks);
		k->marks = m;
		k->cap = cap;
		k->head = 0;
	}
	k->marks[(k->head + k->len) % k->cap] = (struct inj_mark){ nr, t, kind };
	k->len++;
	return 0;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/*
 * A skipped call's pointer arguments are read by the BPF program at its
 * exit, which cannot fault a page in: a string the call would have read
 * may never have been touched (strace reads it through ptrace, which
 * faults it in).  Read here, as strace's reads would, the page each
 * points into and the next (process_vm_readv faults them in; a range
 * that is not mapped is simply not read).
 */
static void prefault(struct injector *in, pid_t tid, int nr,
		     const uint64_t *args)
{
	const struct sc_desc *d = sc_lookup(nr);

	for (int i = 0; d && i < d->nargs && i < 6; i++) {
		uint64_t a = args[i], in_page = PAGE - (a & (PAGE - 1));
		struct iovec loc = { in->sink, sizeof(in->sink) };
		struct iovec rem[2] = { { (void *)a, in_page },
					{ (void *)(a + in_page), PAGE } };

		if (kind_info[d->arg[i].kind].base != B_PTR || a < PAGE ||
		    a >= 0x800000000000ull - 2 * PAGE)
			continue;
		if (process_vm_readv(tid, &loc, 1, rem, 2, 0) < 0)
			continue;
	}
}

/*
 * signal=: left for the kernel to send at the thread's next syscall
 * tracepoint, this call's (SI_KERNEL); sent by etrace (tkill) when it
 * cannot be.  The thread waits killably now (WAIT_KILLABLE_RECV): the
 * signal stays pending until the call returns.
 */
static void signal_call(struct injector *in, pid_t tid, unsigned int sig)
{
	uint32_t key = (uint32_t)tid;

	if (in->sig_fd < 0 ||
	    bpf_map_update_elem(in->sig_fd, &key, &sig, BPF_ANY))
		syscall(SYS_tkill, tid, (int)sig);
}

/* one notification: what to answer */
static int answer(struct injector *in, const struct seccomp_notif *n)
{
	struct seccomp_notif_resp resp;
	const struct inject_rule *r = NULL;
	struct inj_task *k = NULL;
	pid_t tid = (pid_t)n->pid;
	int nr = n->data.nr, inj = 0;

	memset(&resp, 0, sizeof(resp));
	resp.id = n->id;
	resp.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
	if (tid == in->child && !in->child_execd && nr == SYS_execve) {
		/* the command's own execve: never injected (strace's) */
		in->child_execd = 1;
	} else if (nr >= 0 && nr < INJ_NR_MAX && in->idx[nr] >= 0 &&
		   (in->follow || tid == in->child)) {
		r = &in->by_nr[nr];
		k = task_get(in, tid);
		inj = k && count_call(k, r, in->idx[nr]);
	}
	if (inj) {
		if (r->flags & INJ_SIGNAL)
			signal_call(in, tid, r->signo);
		if (r->flags & (INJ_ERROR | INJ_RETVAL)) {
			prefault(in, tid, nr, (const uint64_t *)n->data.args);
			resp.flags = 0;
			resp.error = r->flags & INJ_ERROR ? -(int32_t)r->val : 0;
			resp.val = r->flags & INJ_ERROR ? 0 : r->val;
		}
	}
	if (resp.flags) {
		if (ioctl(in->fd, SECCOMP_IOCTL_NOTIF_SEND, &resp) && errno != ENOENT)
			return -errno;
		return 0;
	}
	/* the exit comes after this: its mark is older */
	{
		uint64_t t = now_ns();

		if (ioctl(in->fd, SECCOMP_IOCTL_NOTIF_SEND, &resp))
			return errno == ENOENT ? 0 : -errno;
		in->injected++;
		mark_add(k, nr, t, resp.error ? INJECTED_ERROR : INJECTED_VALUE);
	}
	return 0;
}

int inject_serve(struct injector *in)
{
	struct pollfd pfd = { .fd = in->fd, .events = POLLIN };

	while (poll(&pfd, 1, 0) > 0 && (pfd.revents & POLLIN)) {
		int r;

		memset(in->req, 0, in->req_size);
		if (ioctl(in->fd, SECCOMP_IOCTL_NOTIF_RECV, in->req)) {
			/* the thread died, or was interrupted, meanwhile */
			if (errno == ENOENT || errno == EINTR)
				continue;
			return -errno;
		}
		r = answer(in, in->req);
		if (r)
			return r;
	}
	return 0;
}

int inject_was(struct injector *in, pid_t tid, long nr, uint64_t time,
	       int skipped)
{
	struct inj_task *k = task_find(in, tid);
	struct inj_mark m = { -1, 0, 0 };

	if (!k)
		return 0;
	/*
	 * A thread's injected call ends before its next call begins: the
	 * marks older than this exit are of this call (the last of them)
	 * or of calls whose exits were lost.
	 */
	while (k->len && k->marks[k->head].t < time) {
		m = k->marks[k->head];
		k->head = (k->head + 1) % k->cap;
		k->len--;
	}
	return skipped && m.nr == nr ? m.kind : 0;
}

void inject_hand_off(struct injector *in)
{
	struct pollfd pfd;
	pid_t pid;

	if (!in || in->fd < 0)
		return;
	pfd.fd = in->fd;
	pfd.events = POLLIN;
	/* no task under the filter is left: nothing to answer ever */
	if (poll(&pfd, 1, 0) > 0 && (pfd.revents & (POLLHUP | POLLERR)) &&
	    !(pfd.revents & POLLIN))
		return;
	pid = fork();
	if (pid) {
		/* (failed: the calls fail with ENOSYS once etrace is gone) */
		close(in->fd);
		in->fd = -1;
		return;
	}
	/*
	 * A process apart: no output, no signals of etrace's terminal, and
	 * none of etrace's events and programs, which go with etrace
	 */
	setsid();
	if (in->fd > 0)
		syscall(SYS_close_range, 0u, (unsigned int)in->fd - 1, 0u);
	syscall(SYS_close_range, (unsigned int)in->fd + 1, ~0u, 0u);
	in->follow = 0;
	in->sig_fd = -1;	/* (closed above) */
	in->child = 0;		/* every call runs now */
	memset(in->idx, 0xff, sizeof(in->idx));
	for (;;) {
		if (poll(&pfd, 1, -1) < 0 && errno != EINTR)
			_exit(0);
		if (pfd.revents & POLLIN) {
			if (inject_serve(in))
				_exit(0);
		} else if (pfd.revents & (POLLHUP | POLLERR | POLLNVAL)) {
			_exit(0);
		}
	}
}

void inject_free(struct injector *in)
{
	if (!in)
		return;
	for (uint32_t i = 0; i <= in->mask; i++) {
		free(in->tasks[i].left);
		free(in->tasks[i].marks);
	}
	free(in->tasks);
	free(in->req);
	if (in->fd >= 0)
		close(in->fd);
	free(in);
}
