// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_bpf.sh: bpf(2)'s BPF_MAP_CREATE and
 * BPF_PROG_LOAD attrs (the commands fmt_bpf.c decodes): every field,
 * sizes that end inside the struct (in the name, before a field), bytes
 * past it zero and not, a size past a page, NULL, an unmapped address,
 * an attr ending where the memory does; a map the kernel creates (an
 * fd); the insns of two programs (one loaded, one ending where the
 * memory does); BPF_PROG_QUERY on the network namespace (prog_ids as
 * the kernel left them: no programs attached here, [] and a count
 * changed) and on a bad fd; BPF_LINK_CREATE's arrays.  (Another
 * command's attr prints as a pointer where strace decodes it: not here;
 * tests/unit/decode_bpf.c.)  Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/bpf.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "fam.h"

static long bpf(long cmd, void *attr, long size)
{
	return sc(__NR_bpf, cmd, (long)attr, size, 0, 0, 0);
}

static void map_create(char *pg)
{
	static const long sizes[] = { 4, 16, 22, 34, 44, 48, 64, 72, 80 };
	uint8_t a[80] = { 0 };
	uint32_t v[] = { 0xdeadf00d, 4, 8, 16,
			 BPF_F_NO_PREALLOC | BPF_F_NUMA_NODE | 0x80000000,
			 (uint32_t)-1, (uint32_t)-1 };
	union bpf_attr ok = { 0 };
	long fd;

	memcpy(a, v, sizeof(v));
	memcpy(a + 28, "counters", 9);
	a[52] = 3;
	for (size_t j = 0; j < sizeof(sizes) / sizeof(sizes[0]); j++)
		bpf(BPF_MAP_CREATE, a, sizes[j]);
	a[75] = 0xab;
	bpf(BPF_MAP_CREATE, a, 80);
	a[16] = 0;	/* no NUMA node */
	bpf(BPF_MAP_CREATE, a, 72);
	bpf(BPF_MAP_CREATE, a, 4097);
	bpf(BPF_MAP_CREATE, NULLP, 72);
	bpf(BPF_MAP_CREATE, BAD, 72);
	memcpy(pg + 4096 - 40, a, 40);
	bpf(BPF_MAP_CREATE, pg + 4096 - 40, 40);
	bpf(BPF_MAP_CREATE, pg + 4096 - 40, 41);
	ok.map_type = BPF_MAP_TYPE_ARRAY;
	ok.key_size = 4;
	ok.value_size = 8;
	ok.max_entries = 1;
	strcpy(ok.map_name, "fam_bpf");
	fd = bpf(BPF_MAP_CREATE, &ok, 72);
	if (fd >= 0)
		close((int)fd);
}

static void prog_load(void)
{
	static const long sizes[] = { 8, 24, 40, 44, 48, 60, 68, 72, 108,
				      112, 120, 128, 136 };
	uint8_t a[136] = { 0 };
	uint32_t v[] = { 32, 0xbadc0ded, 0, 0, 0, 0, 24, 3141592653U,
			 0, 0, 0xcafef00d, BPF_F_SLEEPABLE | 0x4000 };

	memcpy(a, v, sizeof(v));
	memcpy(a + 48, "0123456789abcdef", 16);
	a[68] = BPF_TRACE_FENTRY;
	a[80] = 0x10;
	a[120] = 0x20;
	for (size_t j = 0; j < sizeof(sizes) / sizeof(sizes[0]); j++)
		bpf(BPF_PROG_LOAD, a, sizes[j]);
	a[130] = 1;
	bpf(BPF_PROG_LOAD, a, 136);
	a[0] = BPF_PROG_TYPE_TRACING;
	a[68] = 0xfe;
	bpf(BPF_PROG_LOAD, a, 128);
}

/* a program's instructions (printed with -v): one the kernel loads,
   and the same ending where the memory does */
static void prog_insns(char *pg)
{
	static const struct bpf_insn ok[] = {
		{ .code = BPF_ALU64 | BPF_K | BPF_MOV, .dst_reg = 0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	union bpf_attr a = { 0 };
	long fd;

	a.prog_type = BPF_PROG_TYPE_SOCKET_FILTER;
	a.insn_cnt = 2;
	a.insns = (uint64_t)(uintptr_t)ok;
	a.license = (uint64_t)(uintptr_t)"GPL";
	fd = bpf(BPF_PROG_LOAD, &a, 48);
	if (fd >= 0)
		close((int)fd);
	memcpy(pg + 4096 - 8, ok, 8);
	a.insns = (uint64_t)(uintptr_t)(pg + 4096 - 8);
	bpf(BPF_PROG_LOAD, &a, 48);
}

/* BPF_PROG_QUERY: prog_ids' elements as the call left them, a bad fd */
static void prog_query(void)
{
	uint32_t ids[4] = { 7, 7, 7, 7 };
	union bpf_attr q = { 0 };
	int fd = open("/proc/self/ns/net", O_RDONLY);

	q.query.target_fd = (uint32_t)fd;
	q.query.attach_type = BPF_FLOW_DISSECTOR;
	q.query.prog_ids = (uint64_t)(uintptr_t)ids;
	q.query.prog_cnt = 4;
	bpf(BPF_PROG_QUERY, &q, 28);
	q.query.attach_type = BPF_SK_LOOKUP;
	q.query.prog_cnt = 4;
	bpf(BPF_PROG_QUERY, &q, 28);
	q.query.target_fd = (uint32_t)-1;
	q.query.prog_cnt = 4;
	bpf(BPF_PROG_QUERY, &q, 28);
	if (fd >= 0)
		close(fd);
}

/* BPF_LINK_CREATE's arrays (a bad prog_fd: the call fails, the attr
   is printed at entry): iter_info whole and ended by the memory,
   kprobe_multi's syms (a string, NULL, a long one), addrs, cookies */
static void link_create(char *pg)
{
	static const char *syms[] = { "foo", NULL,
				      "abcdefghijklmnopqrstuvwxyz0123456789" };
	uint64_t v[] = { 0, 1, 0xfacefeeddeadc0deULL };
	uint32_t *info = (uint32_t *)(pg + 4096 - 8);
	union bpf_attr a = { 0 };

	info[0] = 1;
	info[1] = (uint32_t)-1;
	a.link_create.prog_fd = (uint32_t)-1;
	a.link_create.attach_type = BPF_TRACE_ITER;
	a.link_create.iter_info = (uint64_t)(uintptr_t)info;
	a.link_create.iter_info_len = 2;
	bpf(BPF_LINK_CREATE, &a, 28);
	a.link_create.iter_info_len = 3;
	bpf(BPF_LINK_CREATE, &a, 28);
	memset(&a, 0, sizeof(a));
	a.link_create.prog_fd = (uint32_t)-1;
	a.link_create.attach_type = BPF_TRACE_KPROBE_MULTI;
	a.link_create.kprobe_multi.cnt = 3;
	a.link_create.kprobe_multi.syms = (uint64_t)(uintptr_t)syms;
	a.link_create.kprobe_multi.addrs = (uint64_t)(uintptr_t)v;
	a.link_create.kprobe_multi.cookies = (uint64_t)(uintptr_t)v;
	bpf(BPF_LINK_CREATE, &a, 48);
}

int main(void)
{
	char *pg = fam_edge_page();

	if (!pg)
		return 1;
	map_create(pg);
	prog_load();
	prog_insns(pg);
	prog_query();
	link_create(pg);
	return 0;
}
