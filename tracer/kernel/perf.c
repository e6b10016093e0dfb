// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Perf fds stage: perf_event_open for tracepoints, rings per CPU.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "perf.h"
#include "record.h"
#include "unwind.h"

static int sys_perf_event_open(struct perf_event_attr *a, pid_t pid, int cpu,
			       int group, unsigned long flags)
{
	return (int)syscall(SYS_perf_event_open, a, pid, cpu, group, flags);
}

static int online_cpus(struct perfset *ps)
{
	FILE *f = fopen("/sys/devices/system/cpu/online", "r");
	int a, b, n = 0, cap = 0;
	char sep;

	if (!f)
		return -errno;
	while (fscanf(f, "%d", &a) == 1) {
		b = a;
		if (fscanf(f, "%c", &sep) == 1 && sep == '-') {
			if (fscanf(f, "%d", &b) != 1)
				break;
			if (fscanf(f, "%c", &sep) != 1)
				sep = '\n';
		}
		for (int c = a; c <= b; c++) {
			if (n == cap) {
				int *nc = realloc(ps->cpu, sizeof(int) * (cap = cap ? cap * 2 : 8));

				if (!nc) {
					fclose(f);
					return -ENOMEM;
				}
				ps->cpu = nc;
			}
			ps->cpu[n++] = c;
		}
		if (sep != ',')
			break;
	}
	fclose(f);
	ps->ncpu = n;
	return n ? 0 : -ENOENT;
}

/* fd writes into the ring of CPU index ci */
static int keep_fd(struct perfset *ps, int fd, int on_exec, int ci)
{
	if (ps->nfds == ps->capfds) {
		int cap = ps->capfds ? ps->capfds * 2 : 64;
		int *n = realloc(ps->fds, sizeof(int) * cap);
		char *e;

		if (!n)
			return -ENOMEM;
		ps->fds = n;
		e = realloc(ps->on_exec, (size_t)cap);
		if (!e)
			return -ENOMEM;
		ps->on_exec = e;
		n = realloc(ps->ring_of, sizeof(int) * cap);
		if (!n)
			return -ENOMEM;
		ps->ring_of = n;
		ps->capfds = cap;
	}
	ps->on_exec[ps->nfds] = (char)on_exec;
	ps->ring_of[ps->nfds] = ci;
	ps->fds[ps->nfds++] = fd;
	return 0;
}

/* the records event fd failed to write, its inherited copies' included */
static uint64_t lost_of(int fd)
{
	struct { uint64_t value, lost; } v;

	if (fd < 0 || read(fd, &v, sizeof(v)) != (ssize_t)sizeof(v))
		return 0;
	return v.lost;
}

/*
 * Every record a ring cannot take counts once in the ring (said by its
 * next LOST record) and once in the event that wrote it (PERF_FORMAT_LOST,
 * a child's in its parent's): the events' sum is what the ring lost,
 * said or not.  Not the events' counts of samples made: this kernel
 * counts a tracepoint hit that its event's disabling interrupts, then
 * writes no sample of it.
 */
void perf_lost_read(struct perfset *ps)
{
	for (int i = 0; i < ps->ncpu; i++)
		ps->rings[i].lost_counted = lost_of(ps->rings[i].fd);
	for (int i = 0; i < ps->nfds; i++)
		ps->rings[ps->ring_of[i]].lost_counted += lost_of(ps->fds[i]);
}

static unsigned int id_slot(uint64_t id, unsigned int cap)
{
	return (unsigned int)((id * 0x9E3779B97F4A7C15ull) >> 32) & (cap - 1);
}

static int id_insert(struct perfset *ps, uint64_t id, struct evsel *e);

static int id_grow(struct perfset *ps)
{
	unsigned int oldcap = ps->idcap, cap = oldcap ? oldcap * 2 : 256;
	uint64_t *oids = ps->ids;
	struct evsel **oev = ps->idev;

	ps->ids = calloc(cap, sizeof(*ps->ids));
	ps->idev = calloc(cap, sizeof(*ps->idev));
	if (!ps->ids || !ps->idev) {
		free(ps->ids);
		free(ps->idev);
		ps->ids = oids;
		ps->idev = oev;
		return -ENOMEM;
	}
	ps->idcap = cap;
	ps->nids = 0;
	for (unsigned int i = 0; i < oldcap; i++)
		if (oev[i])
			id_insert(ps, oids[i], oev[i]);
	free(oids);
	free(oev);
	return 0;
}

static int id_insert(struct perfset *ps, uint64_t id, struct evsel *e)
{
	unsigned int i;

	if ((ps->nids + 1) * 2 > ps->idcap && id_grow(ps))
		return -ENOMEM;
	for (i = id_slot(id, ps->idcap); ps->idev[i]; i = (i + 1) & (ps->idcap - 1))
		if (ps->ids[i] == id)
			return 0;
	ps->ids[i] = id;
	ps->idev[i] = e;
	ps->nids++;
	return 0;
}

int perf_add_id(struct perfset *ps, uint64_t id, struct evsel *e)
{
	return id_insert(ps, id, e);
}

int perf_add_bpf_rings(struct perfset *ps, const int *fds, size_t bytes,
		       char *err, size_t errlen)
{
	if (ps->nrings != ps->ncpu)
		return -EINVAL;
	for (int i = 0; i < ps->ncpu; i++) {
		struct ring *r = &ps->rings[ps->ncpu + i];
		int e = ring_map_bpf(r, fds[i], ps->cpu[i], bytes);

		if (e) {
			r->fd = -1;
			snprintf(err, errlen, "cannot map the BPF ring of cpu"
				 " %d: %s", ps->cpu[i], strerror(-e));
			while (--i >= 0) {
				ring_unmap(&ps->rings[ps->ncpu + i]);
				ps->rings[ps->ncpu + i].fd = -1;
			}
			return e;
		}
	}
	ps->nrings = 2 * ps->ncpu;
	return 0;
}

struct evsel *perf_evsel(struct perfset *ps, uint64_t id)
{
	unsigned int i;

	if (!ps->idcap)
		return NULL;
	for (i = id_slot(id, ps->idcap); ps->idev[i]; i = (i + 1) & (ps->idcap - 1))
		if (ps->ids[i] == id)
			return ps->idev[i];
	return NULL;
}

static void base_attr(struct perf_event_attr *a)
{
	memset(a, 0, sizeof(*a));
	a->size = sizeof(*a);
	a->sample_period = 1;
	a->sample_type = REC_SAMPLE_BASE;
	a->sample_id_all = 1;
	/* what it could not write, for perf_lost_read() */
	a->read_format = PERF_FORMAT_LOST;
	/* one clock for all CPUs, and the one merge_now() reads */
	a->use_clockid = 1;
	a->clockid = CLOCK_MONOTONIC;
}

static int perm_error(int e, char *err, size_t errlen)
{
	snprintf(err, errlen, "no permission to trace (%s): run as root, or"
		 " with CAP_PERFMON and read access to tracefs", strerror(e));
	return -e;
}

/* the task records' mapping reports, as ps->maps says */
static void maps_attr(const struct perfset *ps, struct perf_event_attr *a)
{
	a->mmap = a->mmap2 = ps->maps != PERF_MAPS_NONE;
	a->mmap_data = ps->maps == PERF_MAPS_ALL;
}

/* an event that counts nothing: a ring's owner, or a source of records */
static void dummy_attr(struct perf_event_attr *a)
{
	base_attr(a);
	a->type = PERF_TYPE_SOFTWARE;
	a->config = PERF_COUNT_SW_DUMMY;
}

/* a dummy_attr() event of CPU index ci, for all tasks: its fd or -errno */
static int open_dummy(struct perfset *ps, struct perf_event_attr *a, int ci,
		      const char *what, char *err, size_t errlen)
{
	int fd = sys_perf_event_open(a, -1, ps->cpu[ci], -1,
				     PERF_FLAG_FD_CLOEXEC);

	if (fd < 0) {
		int e = errno;

		if (e == EACCES || e == EPERM)
			return perm_error(e, err, errlen);
		snprintf(err, errlen, "perf_event_open (%s of cpu %d): %s",
			 what, ps->cpu[ci], strerror(e));
		return -e;
	}
	return fd;
}

int perf_open_rings(struct perfset *ps, size_t ring_bytes, int sideband,
		    int maps, char *err, size_t errlen)
{
	struct perf_event_attr a;
	int r;

	memset(ps, 0, sizeof(*ps));
	ps->maps = maps;
	r = online_cpus(ps);
	if (r) {
		snprintf(err, errlen, "cannot list online CPUs: %s", strerror(-r));
		return r;
	}
	/* room for ring mode's BPF rings after the perf ones */
	ps->rings = calloc(2 * (size_t)ps->ncpu, sizeof(*ps->rings));
	if (!ps->rings) {
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	for (int i = 0; i < 2 * ps->ncpu; i++)
		ps->rings[i].fd = -1;
	ps->nrings = ps->ncpu;
	dummy_attr(&a);
	/* wake the reader when a quarter of the ring is full, never per event */
	a.watermark = 1;
	a.wakeup_watermark = (uint32_t)(ring_bytes / 4 ? ring_bytes / 4 : 1);
	/* system-wide: the rings' owners report every task's life */
	a.comm = a.task = a.comm_exec = sideband ? 1 : 0;
	if (sideband)
		maps_attr(ps, &a);
	for (int i = 0; i < ps->ncpu; i++) {
		int fd = open_dummy(ps, &a, i, "ring", err, errlen);

		if (fd < 0)
			return fd;
		r = ring_map(&ps->rings[i], fd, ps->cpu[i], ring_bytes);
		if (r) {
			close(fd);
			ps->rings[i].fd = -1;
			snprintf(err, errlen, "cannot map a %zu-byte ring: %s"
				 " (try a smaller -m)", ring_bytes, strerror(-r));
			return r;
		}
	}
	return 0;
}

static int open_one(struct perfset *ps, struct evsel *e, int sideband,
		    pid_t pid, int ci, int inherit, int on_exec, char *err,
		    size_t errlen)
{
	struct perf_event_attr a;
	uint64_t id;
	int fd;

	base_attr(&a);
	a.type = PERF_TYPE_TRACEPOINT;
	a.config = (uint64_t)e->tp_id;
	a.sample_type = e->sample_type ? e->sample_type :
			REC_SAMPLE_BASE | PERF_SAMPLE_RAW;
	/* a stack to unwind needs every register; -i alone, the IP */
	if (a.sample_type & PERF_SAMPLE_STACK_USER) {
		a.sample_regs_user = UNWIND_REGS_MASK;
		a.sample_stack_user = ps->stack_size;
	} else if (a.sample_type & PERF_SAMPLE_REGS_USER) {
		a.sample_regs_user = REC_IP_MASK;
	}
	if (a.sample_type & PERF_SAMPLE_CALLCHAIN) {
		/* fp: the user chain (and the kernel's with --kstack) */
		a.exclude_callchain_kernel = !ps->kstack;
		a.exclude_callchain_user = !ps->stack_fp;
	}
	a.inherit = inherit ? 1 : 0;
	/* off until perf_enable(): the filter and redirection come first */
	a.disabled = 1;
	a.enable_on_exec = on_exec ? 1 : 0;
	a.comm = a.task = a.comm_exec = sideband ? 1 : 0;
	/* mappings: for unwinding, and strings from read-only files */
	if (sideband)
		maps_attr(ps, &a);
	fd = sys_perf_event_open(&a, pid, ps->cpu[ci], -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0) {
		int x = errno;

		if (x == ESRCH)
			return -ESRCH;
		if (x == EACCES || x == EPERM)
			return perm_error(x, err, errlen);
		if (x == EMFILE || x == ENFILE)
			snprintf(err, errlen, "out of file descriptors opening"
				 " %s:%s (ulimit -n)", e->sys, e->name);
		else
			snprintf(err, errlen, "perf_event_open %s:%s: %s",
				 e->sys, e->name, strerror(x));
		return -x;
	}
	if (keep_fd(ps, fd, on_exec, ci)) {
		close(fd);
		snprintf(err, errlen, "out of memory");
		return -ENOMEM;
	}
	if (ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, ps->rings[ci].fd)) {
		snprintf(err, errlen, "redirecting %s:%s to the ring of cpu %d:"
			 " %s", e->sys, e->name, ps->cpu[ci], strerror(errno));
		return -errno;
	}
	if (e->filter && ioctl(fd, PERF_EVENT_IOC_SET_FILTER, e->filter)) {
		snprintf(err, errlen, "the kernel refused the filter of %s:%s"
			 " '%s': %s", e->sys, e->name, e->filter,
			 strerror(errno));
		e->filter_bad = 1;
		return -EBADMSG;
	}
	if (ioctl(fd, PERF_EVENT_IOC_ID, &id) || id_insert(ps, id, e)) {
		snprintf(err, errlen, "cannot get the id of %s:%s", e->sys,
			 e->name);
		return -EINVAL;
	}
	return 0;
}

int perf_open_bpf_output(struct perfset *ps, struct evsel *e, int *fds,
			 char *err, size_t errlen)
{
	struct perf_event_attr a;

	base_attr(&a);
	a.type = PERF_TYPE_SOFTWARE;
	a.config = PERF_COUNT_SW_BPF_OUTPUT;
	a.sample_type |= PERF_SAMPLE_RAW;
	a.disabled = 1;
	for (int ci = 0; ci < ps->ncpu; ci++) {
		uint64_t id;
		int fd = sys_perf_event_open(&a, -1, ps->cpu[ci], -1,
					     PERF_FLAG_FD_CLOEXEC);

		if (fd < 0) {
			snprintf(err, errlen, "perf_event_open (bpf-output): %s",
				 strerror(errno));
			return -errno;
		}
		if (keep_fd(ps, fd, 0, ci)) {
			close(fd);
			snprintf(err, errlen, "out of memory");
			return -ENOMEM;
		}
		if (ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, ps->rings[ci].fd) ||
		    ioctl(fd, PERF_EVENT_IOC_ID, &id) || id_insert(ps, id, e)) {
			snprintf(err, errlen, "bpf-output event of cpu %d: %s",
				 ps->cpu[ci], strerror(errno));
			return -EINVAL;
		}
		fds[ci] = fd;
	}
	return 0;
}

int perf_open_task(struct perfset *ps, struct evlist *l, pid_t tid,
		   int inherit, int on_exec, char *err, size_t errlen)
{
	for (int ci = 0; ci < ps->ncpu; ci++) {
		int first = 1;

		for (int i = 0; i < l->n; i++) {
			int r;

			if (l->ev[i].counted || l->ev[i].by_bpf)
				continue;
			/* the first event of each task reports its life */
			r = open_one(ps, &l->ev[i], first, tid, ci, inherit,
				     on_exec, err, errlen);
			first = 0;

			if (r)
				return r;
		}
	}
	return 0;
}

int perf_open_system(struct perfset *ps, struct evlist *l, char *err,
		     size_t errlen)
{
	for (int ci = 0; ci < ps->ncpu; ci++) {
		for (int i = 0; i < l->n; i++) {
			int r;

			if (l->ev[i].counted || l->ev[i].by_bpf)
				continue;
			r = open_one(ps, &l->ev[i], 0, -1, ci, 0, 0, err,
				     errlen);

			if (r)
				return r;
		}
	}
	return 0;
}

int perf_open_sideband(struct perfset *ps, char *err, size_t errlen)
{
	struct perf_event_attr a;

	dummy_attr(&a);
	a.disabled = 1;
	a.comm = a.task = a.comm_exec = 1;
	maps_attr(ps, &a);
	for (int ci = 0; ci < ps->ncpu; ci++) {
		int fd = open_dummy(ps, &a, ci, "task records", err, errlen);

		if (fd < 0)
			return fd;
		if (keep_fd(ps, fd, 0, ci)) {
			close(fd);
			snprintf(err, errlen, "out of memory");
			return -ENOMEM;
		}
		if (ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, ps->rings[ci].fd)) {
			snprintf(err, errlen, "redirecting task records to the"
				 " ring of cpu %d: %s", ps->cpu[ci],
				 strerror(errno));
			return -errno;
		}
	}
	return 0;
}

int perf_fds_per_task(const struct perfset *ps, const struct evlist *l)
{
	return ps->ncpu * l->n;
}

/*
 * Enabling an inherited event enables the copies its children have.  A
 * child forked while this loop runs copies each event as it is then: on
 * for those already enabled, off for the rest, and the enable of those
 * may not find it yet.  The second pass finds it, so no child is left
 * traced by half its events (entries without exits) for its whole life.
 */
int perf_enable(struct perfset *ps)
{
	for (int pass = 0; pass < 2; pass++)
		for (int i = 0; i < ps->nfds; i++)
			if (!ps->on_exec[i] &&
			    ioctl(ps->fds[i], PERF_EVENT_IOC_ENABLE, 0))
				return -errno;
	return 0;
}

void perf_disable(struct perfset *ps)
{
	for (int i = 0; i < ps->nfds; i++)
		if (ps->fds[i] >= 0)
			ioctl(ps->fds[i], PERF_EVENT_IOC_DISABLE, 0);
}

void perf_close(struct perfset *ps)
{
	for (int i = 0; i < ps->nfds; i++)
		close(ps->fds[i]);
	for (int i = 0; i < ps->nrings && ps->rings; i++) {
		if (ps->rings[i].fd >= 0) {
			ring_unmap(&ps->rings[i]);
			close(ps->rings[i].fd);
		}
	}
	free(ps->fds);
	free(ps->on_exec);
	free(ps->ring_of);
	free(ps->rings);
	free(ps->cpu);
	free(ps->ids);
	free(ps->idev);
	memset(ps, 0, sizeof(*ps));
}
