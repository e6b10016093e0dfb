// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_perf.sh (and the -X runs): the perf event
 * requests (type '$') on a file that is no perf event (ENOTTY) and a bad
 * fd (EBADF): every request with NULL, an unmapped address (BAD), its
 * memory one byte short of the end; flags, counts and fds as values;
 * filters short, cut at -s and running into unmapped memory; new
 * attributes of each type and size (none, the first version's, cut,
 * whole, larger than known, too small), flags set and not, unknown
 * bits; a BPF query's room.  perf_event_open's attributes the same ways
 * (NULL, cut, too large: E2BIG's size), and the requests on the event it
 * opens.  Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>
#include <string.h>
#include <time.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "fam.h"

static void attrs(int fd, char *pg)
{
	static const unsigned int sizes[] = { 0, 10, 64, 72, 80, 96, 104,
					      112, 120, 128, 200 };
	static const struct { unsigned int type; unsigned long long config; }
	types[] = {
		{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
		{ PERF_TYPE_HARDWARE, 0x700000063ULL },
		{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
		{ PERF_TYPE_SOFTWARE, 0x1234 },
		{ PERF_TYPE_TRACEPOINT, 1234 },
		{ PERF_TYPE_HW_CACHE, 0x10000 | PERF_COUNT_HW_CACHE_OP_WRITE << 8 |
		  PERF_COUNT_HW_CACHE_LL },
		{ PERF_TYPE_HW_CACHE, 0x5ff070809ULL },
		{ PERF_TYPE_RAW, 0xdeadbeef },
		{ PERF_TYPE_BREAKPOINT, 0 },
		{ 42, 0xfeed },
	};
	struct perf_event_attr *a = (void *)(pg + 4096 - 200);

	memset(pg, 0, 4096);
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++) {
		memset(a, 0x5a, 200);
		a->type = types[i].type;
		a->config = types[i].config;
		a->size = sizes[i % (sizeof(sizes) / sizeof(sizes[0]))];
		a->sample_period = 4000 + i;
		a->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID |
			PERF_SAMPLE_BRANCH_STACK |
			(i & 1 ? PERF_SAMPLE_STACK_USER | 1ULL << 40 : 0);
		a->read_format = i & 2 ? PERF_FORMAT_ID | 0x80 : 0;
		a->bp_type = i == 8 ? HW_BREAKPOINT_RW : 6;
		a->__reserved_2 = i & 1 ? 0 : 0x77;
		ioctl(fd, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, a);
	}
	memset(a, 0, sizeof(*a));
	a->size = PERF_ATTR_SIZE_VER5;
	a->freq = 1;
	a->sample_freq = 99;
	a->disabled = 1;
	a->exclude_kernel = 1;
	a->precise_ip = 2;
	a->use_clockid = 1;
	a->clockid = CLOCK_MONOTONIC;
	a->watermark = 1;
	a->wakeup_watermark = 4096;
	ioctl(fd, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, a);
	a->clockid = -5;
	a->size = 92;
	ioctl(fd, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, a);
	/* the size field readable, the rest not */
	ioctl(fd, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, pg + 4096 - 8);
	ioctl(fd, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, pg + 4096 - 48);
	ioctl(fd, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, pg + 4096 - 47);
}

static void filters(int fd, char *pg)
{
	static const char f[] = "common_pid == 1 && prev_comm != \"x\\\"y\"";
	char empty[1] = "";

	ioctl(fd, PERF_EVENT_IOC_SET_FILTER, f);
	ioctl(fd, PERF_EVENT_IOC_SET_FILTER, empty);
	memset(pg + 4096 - 40, 'z', 40);
	ioctl(fd, PERF_EVENT_IOC_SET_FILTER, pg + 4096 - 40);
	ioctl(fd, PERF_EVENT_IOC_SET_FILTER, pg + 4096 - 33);
	ioctl(fd, PERF_EVENT_IOC_SET_FILTER, pg + 4096 - 32);
	pg[4095] = '\0';
	ioctl(fd, PERF_EVENT_IOC_SET_FILTER, pg + 4096 - 33);
	ioctl(fd, PERF_EVENT_IOC_SET_FILTER, pg + 4096 - 32);
	ioctl(fd, PERF_EVENT_IOC_SET_FILTER, pg + 4096 - 1);
}

/* perf_event_open's attributes, and requests on a real event */
static void opens(char *pg)
{
	struct perf_event_attr *a = (void *)(pg + 4096 - 200);
	long fd;

	memset(a, 0, 200);
	a->type = PERF_TYPE_SOFTWARE;
	a->config = PERF_COUNT_SW_DUMMY;
	a->size = PERF_ATTR_SIZE_VER7;
	a->disabled = 1;
	a->exclude_kernel = 1;
	fd = syscall(SYS_perf_event_open, a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd >= 0) {
		ioctl(fd, PERF_EVENT_IOC_ENABLE, 0UL);
		ioctl(fd, PERF_EVENT_IOC_DISABLE, (unsigned long)PERF_IOC_FLAG_GROUP);
		ioctl(fd, PERF_EVENT_IOC_RESET, 0UL);
		ioctl(fd, PERF_EVENT_IOC_SET_FILTER, "x");
		ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, (unsigned long)fd);
		ioctl(fd, PERF_EVENT_IOC_SET_BPF, (unsigned long)fd);
		close(fd);
	}
	/* bytes past the kernel's struct not zero: E2BIG, and its size */
	a->size = 200;
	memset((char *)a + 136, 1, 64);
	syscall(SYS_perf_event_open, a, 0, -1, -1, 0);
	a->size = 0;
	syscall(SYS_perf_event_open, a, -1, 0, -1, 0);
	a->size = 32;
	syscall(SYS_perf_event_open, a, 0, -1, -1, 0);
	syscall(SYS_perf_event_open, NULLP, 0, -1, -1, 0);
	syscall(SYS_perf_event_open, BAD, 0, -1, -1, 0);
	syscall(SYS_perf_event_open, pg + 4096 - 8, 0, -1, -1, 0);
	syscall(SYS_perf_event_open, pg + 4096 - 7, 0, -1, -1, 0);
	syscall(SYS_perf_event_open, pg + 4096 - 48, 0, -1, -1, 0xf0UL);
}

int main(void)
{
	static const unsigned int req[] = {
		PERF_EVENT_IOC_PERIOD, PERF_EVENT_IOC_SET_FILTER,
		PERF_EVENT_IOC_ID, PERF_EVENT_IOC_QUERY_BPF,
		PERF_EVENT_IOC_MODIFY_ATTRIBUTES, _IOW('$', 0x0c, int),
		0xc0ff24ed,
	};
	/* values, not pointers: no edge (its address would print) */
	static const unsigned int val[] = {
		PERF_EVENT_IOC_ENABLE, PERF_EVENT_IOC_DISABLE,
		PERF_EVENT_IOC_REFRESH, PERF_EVENT_IOC_RESET,
		PERF_EVENT_IOC_SET_OUTPUT, PERF_EVENT_IOC_SET_BPF,
		PERF_EVENT_IOC_PAUSE_OUTPUT, _IO('$', 0x7f),
	};
	unsigned long long period = 0xfacefeeddeadc0deULL;
	unsigned int q[4] = { 16, 2, 7, 9 };
	char *pg;
	int fd;

	pg = fam_edge_page();
	if (!pg)
		return 1;
	memset(pg, 0, 4096);
	fd = open("/dev/null", O_RDONLY);
	fam_ioctls(fd, req, sizeof(req) / sizeof(req[0]), pg);
	fam_ioctls(fd, val, sizeof(val) / sizeof(val[0]), NULL);
	for (unsigned long v = 0; v < 4; v++) {
		ioctl(fd, PERF_EVENT_IOC_ENABLE, v);
		ioctl(fd, PERF_EVENT_IOC_RESET, v);
	}
	ioctl(fd, PERF_EVENT_IOC_DISABLE, 0xdeadbeefbadc0dedUL);
	ioctl(fd, PERF_EVENT_IOC_REFRESH, 0xffffffff80000000UL);
	ioctl(fd, PERF_EVENT_IOC_SET_OUTPUT, -1L);
	ioctl(fd, PERF_EVENT_IOC_SET_BPF, 5UL);
	ioctl(fd, PERF_EVENT_IOC_PAUSE_OUTPUT, 0xdeadbeefbadc0dedUL);
	ioctl(fd, PERF_EVENT_IOC_PERIOD, &period);
	ioctl(fd, PERF_EVENT_IOC_ID, &period);
	ioctl(fd, PERF_EVENT_IOC_QUERY_BPF, q);
	ioctl(-1, PERF_EVENT_IOC_QUERY_BPF, q);
	filters(fd, pg);
	attrs(fd, pg);
	close(fd);
	opens(pg);
	return 0;
}
