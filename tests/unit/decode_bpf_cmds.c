// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: bpf(2)'s commands printed in two halves (fmt_bpf_cmds.c):
 * *_GET_NEXT_ID (next_id changed by the call, a size without
 * open_flags, bytes past the struct as the call left them), the map
 * batch commands (each one's fields, the count changed at exit), and
 * an attr not read at exit (its address, as strace prints it).  The
 * commands with a string or bytes copied after the attr: a path, a
 * tracepoint's name cut at -s and ended by a NUL, BTF bytes with a NUL
 * and cut at -s, each not read (the pointer) or of a copy too short.
 * BPF_LINK_CREATE's union by attach_type (its arrays copied after the
 * attr: whole, ended by the memory, syms' strings or not; [], the
 * extra bytes from where its union ends); BPF_PROG_QUERY's and
 * BPF_TASK_FD_QUERY's halves (counts changed at exit; prog_ids'
 * elements: whole, where the memory ended, -s, not copied, a failure).
 */
#include <linux/bpf.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

static void next_id(void)
{
	static uint8_t in[16], ex[16];
	struct cap k = CAP(in, 16), x = CAP(ex, 16);
	struct sc_call c = CALL(SYS_bpf, 0, BPF_MAP_GET_NEXT_ID, 0x1000, 12);

	in[0] = 239;
	in[8] = BPF_F_RDONLY;
	memcpy(ex, in, sizeof(ex));
	ex[4] = 7;
	c.cap[1] = &k;
	c.cap_out[1] = &x;
	CHECK_STR(run(&c), "bpf(BPF_MAP_GET_NEXT_ID, {start_id=239, "
		  "next_id=0 => 7, open_flags=BPF_F_RDONLY}, 12) = 0");
	CHECK_STR(run_entry(&c), "bpf(BPF_MAP_GET_NEXT_ID, {start_id=239, "
		  "next_id=0");
	c.args[2] = 1;
	CHECK_STR(run(&c), "bpf(BPF_MAP_GET_NEXT_ID, {start_id=239, "
		  "next_id=0}, 1) = 0");
	c.args[2] = 8;
	CHECK_STR(run(&c), "bpf(BPF_MAP_GET_NEXT_ID, {start_id=239, "
		  "next_id=0 => 7}, 8) = 0");
	/* the exit's copy shorter than the size: the address */
	x.len = 4;
	CHECK_STR(run(&c), "bpf(BPF_MAP_GET_NEXT_ID, {start_id=239, "
		  "next_id=00x1000, 8) = 0");
	x.len = 16;
	/* bytes past the struct: the exit's */
	c.args[2] = 16;
	ex[13] = 1;
	CHECK_STR(run(&c), "bpf(BPF_MAP_GET_NEXT_ID, {start_id=239, "
		  "next_id=0 => 7, open_flags=BPF_F_RDONLY, ...}, 16) = 0");
	/* the attr not read at exit */
	c.cap_out[1] = NULL;
	c.ret = -14;
	CHECK_STR(run(&c), "bpf(BPF_MAP_GET_NEXT_ID, {start_id=239, "
		  "next_id=00x1000, 16) = -1 EFAULT (Bad address)");
}

static void batches(void)
{
	static uint8_t in[56], ex[56];
	uint64_t v[] = { 0x10, 0, 0x30, 0x40, 3ull | 5ull << 32, BPF_F_LOCK,
			 4 };
	struct cap k = CAP(in, 56), x = CAP(ex, 56);
	struct sc_call c = CALL(SYS_bpf, 0, BPF_MAP_LOOKUP_BATCH, 0x1000, 56);

	memcpy(in, v, sizeof(v));
	memcpy(ex, in, sizeof(ex));
	c.cap[1] = &k;
	c.cap_out[1] = &x;
	CHECK_STR(run(&c), "bpf(BPF_MAP_LOOKUP_BATCH, {batch={in_batch=0x10, "
		  "out_batch=NULL, keys=0x30, values=0x40, count=3, map_fd=5, "
		  "elem_flags=BPF_F_LOCK, flags=0x4}}, 56) = 0");
	ex[32] = 2;
	CHECK_STR(run(&c), "bpf(BPF_MAP_LOOKUP_BATCH, {batch={in_batch=0x10, "
		  "out_batch=NULL, keys=0x30, values=0x40, count=3, map_fd=5, "
		  "elem_flags=BPF_F_LOCK, flags=0x4}} => {batch={count=2}}, 56) "
		  "= 0");
	c.args[0] = BPF_MAP_UPDATE_BATCH;
	c.args[2] = 40;
	CHECK_STR(run(&c), "bpf(BPF_MAP_UPDATE_BATCH, {batch={keys=0x30, "
		  "values=0x40, count=3, map_fd=5, elem_flags=BPF_ANY, "
		  "flags=0}} => {batch={count=2}}, 40) = 0");
	c.args[0] = BPF_MAP_DELETE_BATCH;
	ex[32] = 3;
	CHECK_STR(run(&c), "bpf(BPF_MAP_DELETE_BATCH, {batch={keys=0x30, "
		  "count=3, map_fd=5, elem_flags=BPF_ANY, flags=0}}, 40) = 0");
	/* the attr at entry copied short: the pointer */
	k.len = 30;
	CHECK_STR(run(&c), "bpf(BPF_MAP_DELETE_BATCH, 0x1000, 40) = 0");
}

/* the attr and the string after it: two pieces */
static struct cap two(uint8_t *buf, const void *a, uint32_t n,
		      const char *str, uint32_t sn)
{
	struct cap k = CAP(buf, n + sn);

	memcpy(buf, a, n);
	memcpy(buf + n, str, sn);
	k.npieces = 2;
	k.piece[0] = n;
	k.piece[1] = sn;
	return k;
}

static void strings(void)
{
	static uint8_t a[28], buf[128];
	struct sc_call c = CALL(SYS_bpf, -22, BPF_OBJ_PIN, 0x1000, 16);
	struct cap k;

	a[0] = 0x10;
	a[8] = 0xff;
	a[9] = 0xff;
	a[10] = 0xff;
	a[11] = 0xff;
	a[12] = BPF_F_RDONLY;
	k = two(buf, a, 16, "/sys/fs/bpf/x", 13);
	c.cap[1] = &k;
	CHECK_STR(run(&c), "bpf(BPF_OBJ_PIN, {pathname=\"/sys/fs/bpf/x\", "
		  "bpf_fd=-1, file_flags=BPF_F_RDONLY}, 16) = -1 EINVAL "
		  "(Invalid argument)");
	k.holes = 0x2;
	c.args[2] = 12;
	CHECK_STR(run(&c), "bpf(BPF_OBJ_PIN, {pathname=0x10, bpf_fd=-1}, 12) "
		  "= -1 EINVAL (Invalid argument)");
	/* a name of 33 bytes without NUL (-s 32): cut */
	c.args[0] = BPF_RAW_TRACEPOINT_OPEN;
	k = two(buf, a, 12, "0123456789qwertyuiop0123456789qwe", 33);
	CHECK_STR(run(&c), "bpf(BPF_RAW_TRACEPOINT_OPEN, {raw_tracepoint="
		  "{name=\"0123456789qwertyuiop0123456789qw\"..., prog_fd=-1}}, "
		  "12) = -1 EINVAL (Invalid argument)");
	k = two(buf, a, 12, "sys_enter", 9);
	CHECK_STR(run(&c), "bpf(BPF_RAW_TRACEPOINT_OPEN, {raw_tracepoint="
		  "{name=\"sys_enter\", prog_fd=-1}}, 12) = -1 EINVAL "
		  "(Invalid argument)");
	/* btf_size 9 bytes, a NUL among them; -s 4: cut */
	c.args[0] = BPF_BTF_LOAD;
	c.args[2] = 28;
	memset(a + 8, 0, 20);
	a[16] = 9;
	a[24] = 42;
	k = two(buf, a, 28, "bPf\0daTum", 9);
	CHECK_STR(run(&c), "bpf(BPF_BTF_LOAD, {btf=\"bPf\\0daTum\", "
		  "btf_log_buf=NULL, btf_size=9, btf_log_size=0, "
		  "btf_log_level=42}, 28) = -1 EINVAL (Invalid argument)");
	fo.strsize = 4;
	k = two(buf, a, 28, "bPf\0d", 5);
	CHECK_STR(run(&c), "bpf(BPF_BTF_LOAD, {btf=\"bPf\\0\"..., "
		  "btf_log_buf=NULL, btf_size=9, btf_log_size=0, "
		  "btf_log_level=42}, 28) = -1 EINVAL (Invalid argument)");
	/* fewer bytes than strace reads: the pointer */
	k = two(buf, a, 28, "bPf\0", 4);
	CHECK_STR(run(&c), "bpf(BPF_BTF_LOAD, {btf=0x10, btf_log_buf=NULL, "
		  "btf_size=9, btf_log_size=0, btf_log_level=42}, 28) = -1 "
		  "EINVAL (Invalid argument)");
	fo.strsize = 32;
}

/* a copy of pieces: the attr's 48 bytes, then each of n[] bytes */
static struct cap pieces(uint8_t *buf, const uint8_t *attr,
			 const uint32_t *n, int count)
{
	struct cap k = CAP(buf, 48);

	memcpy(buf, attr, 48);
	k.piece[0] = 48;
	for (int j = 0; j < count; j++) {
		k.piece[j + 1] = n[j];
		k.len += n[j];
	}
	k.npieces = (uint8_t)(count + 1);
	return k;
}

/* BPF_LINK_CREATE's arrays, copied after the attr (link_arrays) */
static void link_arrays(void)
{
	static uint8_t a[48], buf[512];
	uint32_t fds[] = { 0, 42, (uint32_t)-1 }, n[8];
	uint64_t v[] = { 0, 0x1, 0xfacefeeddeadc0deull };
	uint64_t syms[] = { 0x500, 0, 0x600 };
	struct sc_call c = CALL(SYS_bpf, 0, BPF_LINK_CREATE, 0x1000, 28);
	const char *head = "bpf(BPF_LINK_CREATE, {link_create={prog_fd=0, "
			   "target_fd=0, attach_type=";
	char want[600];
	struct cap k;
	uint8_t *at;

	a[8] = BPF_TRACE_ITER;
	a[17] = 0x20;		/* iter_info 0x2000 */
	a[24] = 3;
	memcpy(buf + 48, fds, sizeof(fds));
	n[0] = 12;
	k = pieces(buf, a, n, 1);
	c.cap[1] = &k;
	snprintf(want, sizeof(want), "%sBPF_TRACE_ITER, flags=0, iter_info=["
		 "{map={map_fd=0}}, {map={map_fd=42}}, {map={map_fd=-1}}], "
		 "iter_info_len=3}}, 28) = 0", head);
	CHECK_STR(run(&c), want);
	/* the memory ended after one */
	n[0] = 4;
	k = pieces(buf, a, n, 1);
	snprintf(want, sizeof(want), "%sBPF_TRACE_ITER, flags=0, iter_info=["
		 "{map={map_fd=0}}, ... /* 0x2004 */], iter_info_len=3}}, 28) "
		 "= 0", head);
	CHECK_STR(run(&c), want);
	/* kprobe_multi: syms' strings after the three arrays */
	memset(a, 0, sizeof(a));
	a[8] = BPF_TRACE_KPROBE_MULTI;
	a[20] = 3;
	a[25] = 0x30;		/* syms 0x3000 */
	a[33] = 0x40;		/* addrs 0x4000 */
	a[41] = 0x40;		/* cookies 0x4000 */
	at = buf + 48;
	memcpy(at, syms, 24);
	memcpy(at + 24, v, 24);
	memcpy(at + 48, v, 24);
	memcpy(at + 72, "foo", 3);
	n[0] = n[1] = n[2] = 24;
	n[3] = 3;		/* "foo" */
	n[4] = 0;		/* NULL: a hole */
	n[5] = 0;		/* 0x600 unreadable: a hole */
	k = pieces(buf, a, n, 6);
	k.holes = 1u << 5 | 1u << 6;
	c.args[2] = 48;
	snprintf(want, sizeof(want), "%sBPF_TRACE_KPROBE_MULTI, flags=0, "
		 "kprobe_multi={flags=0, cnt=3, syms=[\"foo\", NULL, 0x600], "
		 "addrs=[0, 0x1, 0xfacefeeddeadc0de], cookies=[0, 0x1, "
		 "0xfacefeeddeadc0de]}}}, 48) = 0", head);
	CHECK_STR(run(&c), want);
	/* the strings not copied (more than the record's pieces): the
	   pointer; addrs ended after two */
	n[1] = 16;
	k = pieces(buf, a, n, 3);
	memcpy(buf + 48 + 24 + 16, v, 24);
	snprintf(want, sizeof(want), "%sBPF_TRACE_KPROBE_MULTI, flags=0, "
		 "kprobe_multi={flags=0, cnt=3, syms=0x3000, addrs=[0, 0x1, "
		 "... /* 0x4010 */], cookies=[0, 0x1, 0xfacefeeddeadc0de]}}}, "
		 "48) = 0", head);
	CHECK_STR(run(&c), want);
}

static void link_create(void)
{
	static uint8_t a[56];
	struct cap k = CAP(a, 56);
	struct sc_call c = CALL(SYS_bpf, -22, BPF_LINK_CREATE, 0x1000, 20);

	a[0] = 3;
	a[8] = 0;		/* BPF_CGROUP_INET_INGRESS */
	a[12] = 4;
	c.cap[1] = &k;
	CHECK_STR(run(&c), "bpf(BPF_LINK_CREATE, {link_create={prog_fd=3, "
		  "target_fd=0, attach_type=BPF_CGROUP_INET_INGRESS, "
		  "flags=0x4}}, 20) = -1 EINVAL (Invalid argument)");
	a[16] = 7;
	CHECK_STR(run(&c), "bpf(BPF_LINK_CREATE, {link_create={prog_fd=3, "
		  "target_fd=0, attach_type=BPF_CGROUP_INET_INGRESS, "
		  "flags=0x4, target_btf_id=7}}, 20) = -1 EINVAL (Invalid "
		  "argument)");
	/* another type: the union's bytes are extra */
	a[8] = BPF_XDP;
	CHECK_STR(run(&c), "bpf(BPF_LINK_CREATE, {link_create={prog_fd=3, "
		  "target_fd=0, attach_type=BPF_XDP, flags=0x4}, ...}, 20) = "
		  "-1 EINVAL (Invalid argument)");
	a[8] = BPF_TRACE_ITER;
	c.args[2] = 28;
	CHECK_STR(run(&c), "bpf(BPF_LINK_CREATE, {link_create={prog_fd=3, "
		  "target_fd=0, attach_type=BPF_TRACE_ITER, flags=0x4, "
		  "iter_info=[], iter_info_len=0}}, 28) = -1 EINVAL (Invalid "
		  "argument)");
	a[8] = BPF_TRACE_KPROBE_MULTI;
	a[16] = 1;
	a[20] = 2;
	a[24] = 0x10;
	c.args[2] = 56;
	a[50] = 1;
	CHECK_STR(run(&c), "bpf(BPF_LINK_CREATE, {link_create={prog_fd=3, "
		  "target_fd=0, attach_type=BPF_TRACE_KPROBE_MULTI, flags=0x4, "
		  "kprobe_multi={flags=BPF_F_KPROBE_MULTI_RETURN, cnt=2, "
		  "syms=0x10, addrs=NULL, cookies=NULL}}, ...}, 56) = -1 EINVAL "
		  "(Invalid argument)");
	a[8] = BPF_PERF_EVENT;
	c.args[2] = 24;
	CHECK_STR(run(&c), "bpf(BPF_LINK_CREATE, {link_create={prog_fd=3, "
		  "target_fd=0, attach_type=BPF_PERF_EVENT, flags=0x4, "
		  "perf_event={bpf_cookie=0x200000001}}}, 24) = -1 EINVAL "
		  "(Invalid argument)");
}

/* prog_ids' elements, piece 1 of the exit's copy after the attr's 28 bytes */
static void query_ids(struct sc_call *c, struct cap *x, uint8_t *ex)
{
	static uint8_t cp[28 + 12];
	uint32_t ids[] = { 0, 1, 4294967295u };
	const char *head = "bpf(BPF_PROG_QUERY, {query={target_fd=5, "
			   "attach_type=BPF_CGROUP_INET_INGRESS, query_flags="
			   "BPF_F_QUERY_EFFECTIVE, attach_flags=0, prog_ids=";
	char want[512];

	ex[24] = 3;
	memcpy(cp, ex, 28);
	memcpy(cp + 28, ids, sizeof(ids));
	*x = CAP(cp, 40);
	x->npieces = 2;
	x->piece[0] = 28;
	x->piece[1] = 12;
	snprintf(want, sizeof(want), "%s[0, 1, 4294967295], prog_cnt=4 => 3}}"
		 ", 28) = 0", head);
	CHECK_STR(run(c), want);
	/* the memory ended after two: where, as strace */
	x->len = 36;
	x->piece[1] = 8;
	snprintf(want, sizeof(want), "%s[0, 1, ... /* 0x48 */], prog_cnt=4 "
		 "=> 3}}, 28) = 0", head);
	CHECK_STR(run(c), want);
	/* none readable: the pointer */
	x->len = 28;
	x->piece[1] = 0;
	snprintf(want, sizeof(want), "%s0x40, prog_cnt=4 => 3}}, 28) = 0",
		 head);
	CHECK_STR(run(c), want);
	/* -s 2: two and "..." (strace read the third) */
	x->len = 40;
	x->piece[1] = 12;
	fo.strsize = 2;
	snprintf(want, sizeof(want), "%s[0, 1, ...], prog_cnt=4 => 3}}, 28) "
		 "= 0", head);
	CHECK_STR(run(c), want);
	fo.strsize = 32;
	/* not copied (a hole: too many, or no room): the pointer */
	x->holes = 2;
	snprintf(want, sizeof(want), "%s0x40, prog_cnt=4 => 3}}, 28) = 0",
		 head);
	CHECK_STR(run(c), want);
	x->holes = 0;
	/* a call that failed: strace fetches nothing */
	c->ret = -22;
	snprintf(want, sizeof(want), "%s0x40, prog_cnt=4 => 3}}, 28) = -1 "
		 "EINVAL (Invalid argument)", head);
	CHECK_STR(run(c), want);
	c->ret = 0;
	/* NULL */
	cp[16] = 0;
	snprintf(want, sizeof(want), "%sNULL, prog_cnt=4 => 3}}, 28) = 0",
		 head);
	CHECK_STR(run(c), want);
	*x = CAP(ex, 48);
}

static void queries(void)
{
	static uint8_t in[48], ex[48];
	struct cap k = CAP(in, 48), x = CAP(ex, 48);
	struct sc_call c = CALL(SYS_bpf, 0, BPF_PROG_QUERY, 0x1000, 28);

	in[0] = 5;
	in[8] = BPF_F_QUERY_EFFECTIVE;
	in[16] = 0x40;
	in[24] = 4;
	memcpy(ex, in, sizeof(ex));
	ex[24] = 2;
	c.cap[1] = &k;
	c.cap_out[1] = &x;
	CHECK_STR(run(&c), "bpf(BPF_PROG_QUERY, {query={target_fd=5, "
		  "attach_type=BPF_CGROUP_INET_INGRESS, query_flags="
		  "BPF_F_QUERY_EFFECTIVE, attach_flags=0, prog_ids=0x40, "
		  "prog_cnt=4 => 2}}, 28) = 0");
	ex[24] = 0;
	CHECK_STR(run(&c), "bpf(BPF_PROG_QUERY, {query={target_fd=5, "
		  "attach_type=BPF_CGROUP_INET_INGRESS, query_flags="
		  "BPF_F_QUERY_EFFECTIVE, attach_flags=0, prog_ids=[], "
		  "prog_cnt=4 => 0}}, 28) = 0");
	query_ids(&c, &x, ex);
	c.args[0] = BPF_TASK_FD_QUERY;
	c.args[2] = 48;
	memset(in, 0, sizeof(in));
	in[0] = 1;
	in[12] = 16;
	memcpy(ex, in, sizeof(ex));
	ex[12] = 9;
	ex[16] = 0x20;
	ex[28] = BPF_FD_TYPE_UPROBE;
	ex[32] = 0x30;
	CHECK_STR(run(&c), "bpf(BPF_TASK_FD_QUERY, {task_fd_query={pid=1, "
		  "fd=0, flags=0, buf_len=16 => 9, buf=0x20, prog_id=0, "
		  "fd_type=BPF_FD_TYPE_UPROBE, probe_offset=0x30, "
		  "probe_addr=0}}, 48) = 0");
	CHECK_STR(run_entry(&c), "bpf(BPF_TASK_FD_QUERY, {task_fd_query="
		  "{pid=1, fd=0, flags=0, buf_len=16");
}

int main(void)
{
	link_create();
	link_arrays();
	queries();
	strings();
	next_id();
	batches();
	CHECK_DONE();
}
