// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: bpf(2)'s commands printed in two halves (fmt_bpf_cmds.c):
 * *_GET_NEXT_ID (next_id changed by the call, a size without
 * open_flags, bytes past the struct as the call left them), the map
 * batch commands (each one's fields, the count changed at exit), and
 * an attr not read at exit (its address, as strace prints it).
 */
#include <linux/bpf.h>
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

int main(void)
{
	next_id();
	batches();
	CHECK_DONE();
}
