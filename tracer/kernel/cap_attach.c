// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, user space: a program attached, and kept so until
 * capture_close: on a tracepoint's perf event, or (BTF programs, uprobes)
 * as a libbpf link.  Used by each feature's half (cap_*.c).
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <traceevent/event-parse.h>

#include "cap_priv.h"

static int keep_tp_fd(struct capture *c, int fd)
{
	int *nf = realloc(c->tp_fds, sizeof(*nf) * (c->ntp + 1));

	if (!nf) {
		close(fd);
		return -ENOMEM;
	}
	c->tp_fds = nf;
	c->tp_fds[c->ntp++] = fd;
	return 0;
}

/*
 * A tracepoint program runs for every hit of its tracepoint once attached
 * to any perf event of it.  The event it hangs on stays disabled: enabled
 * (as libbpf's attach does), it would also take a perf sample of every
 * syscall on its CPU, which costs more than the program.  With a cookie
 * (which event of several) the attachment is a bpf link.
 */
int cap_attach_tp(struct capture *c, struct bpf_program *p, struct tracefs *t,
		  const char *sys, const char *name, int use_cookie,
		  uint64_t cookie)
{
	struct perf_event_attr a;
	struct tep_event *ev;
	char err[256];
	int fd;

	if (tfs_event(t, sys, name, &ev, err, sizeof(err)))
		return -ENOENT;
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = PERF_TYPE_TRACEPOINT;
	a.config = (uint64_t)ev->id;
	a.sample_period = 1;
	a.disabled = 1;
	fd = (int)syscall(SYS_perf_event_open, &a, -1, 0, -1,
			  PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return -errno;
	if (use_cookie) {
		LIBBPF_OPTS(bpf_link_create_opts, lo, .perf_event.bpf_cookie = cookie);
		int lfd = bpf_link_create(bpf_program__fd(p), fd, BPF_PERF_EVENT, &lo);

		if (lfd < 0) {
			int e = errno;

			close(fd);
			return -e;
		}
		return keep_tp_fd(c, fd) ?: keep_tp_fd(c, lfd);
	}
	if (ioctl(fd, PERF_EVENT_IOC_SET_BPF, bpf_program__fd(p))) {
		int e = errno;

		close(fd);
		return -e;
	}
	return keep_tp_fd(c, fd);
}

int cap_attach_stack_entries(struct capture *c, struct bpf_program *p,
			     const struct evlist *l, struct tracefs *t)
{
	/* ring mode: the ring programs call the features' writers instead */
	if (c->ring)
		return 0;
	for (int i = 0; i < l->n; i++) {
		const struct evsel *e = &l->ev[i];
		int r;

		if (e->role != EV_SC_ENTER || !e->stack)
			continue;
		r = cap_attach_tp(c, p, t, e->sys, e->name, 0, 0);
		if (r)
			return r;
	}
	return 0;
}

int cap_keep_link(struct capture *c, struct bpf_link *l)
{
	struct bpf_link **nl = realloc(c->links, sizeof(*nl) * (c->nlinks + 1));

	if (!nl) {
		bpf_link__destroy(l);
		return -ENOMEM;
	}
	c->links = nl;
	c->links[c->nlinks++] = l;
	return 0;
}

int cap_attach_btf(struct capture *c, struct bpf_program *p)
{
	struct bpf_link *l = bpf_program__attach_trace(p);

	return l ? cap_keep_link(c, l) : -errno;
}
