// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: bpf(2)'s attr for BPF_MAP_CREATE and BPF_PROG_LOAD: every
 * field, the fields a shorter size holds (a name cut), NUMA_NO_NODE in
 * each -X style, bytes past the struct (", ..." and with -v in hex), a
 * version's words, what is not copied (a pointer), the other commands
 * (the pointer).  The map element commands and *_GET_FD_BY_ID: each
 * one's fields, a short size (zeros past it, flags left out), a short
 * copy (the pointer).
 */
#include <linux/bpf.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

static void map_create(void)
{
	static uint8_t a[80];
	uint32_t v[] = { BPF_MAP_TYPE_HASH, 4, 8, 16,
			 BPF_F_NO_PREALLOC | BPF_F_NUMA_NODE | 0x80000000,
			 (uint32_t)-1, (uint32_t)-1 };
	struct cap k = CAP(a, sizeof(a));
	struct sc_call c = CALL(SYS_bpf, 3, BPF_MAP_CREATE, 0x1000, 72);

	memcpy(a, v, sizeof(v));
	memcpy(a + 28, "counters", 9);
	a[44] = 2;		/* map_ifindex */
	a[48] = 5;		/* btf_fd */
	a[64] = 7;		/* map_extra */
	c.cap[1] = &k;
	CHECK_STR(run(&c), "bpf(BPF_MAP_CREATE, {map_type=BPF_MAP_TYPE_HASH, "
		  "key_size=4, value_size=8, max_entries=16, map_flags="
		  "BPF_F_NO_PREALLOC|BPF_F_NUMA_NODE|0x80000000, "
		  "inner_map_fd=-1, numa_node=4294967295 /* NUMA_NO_NODE */, "
		  "map_name=\"counters\", map_ifindex=2, btf_fd=5, "
		  "btf_key_type_id=0, btf_value_type_id=0, "
		  "btf_vmlinux_value_type_id=0, map_extra=7}, 72) = 3");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "bpf(0, {map_type=0x1, "
		  "key_size=4, value_size=8, max_entries=16, "
		  "map_flags=0x80000005, inner_map_fd=-1, numa_node=4294967295, "
		  "map_name=\"counters\", map_ifindex=2, btf_fd=5, "
		  "btf_key_type_id=0, btf_value_type_id=0, "
		  "btf_vmlinux_value_type_id=0, map_extra=7}, 72) = 3");
	/* a size that ends in the name, and before numa_node */
	c.args[2] = 34;
	CHECK_STR(run(&c), "bpf(BPF_MAP_CREATE, {map_type=BPF_MAP_TYPE_HASH, "
		  "key_size=4, value_size=8, max_entries=16, map_flags="
		  "BPF_F_NO_PREALLOC|BPF_F_NUMA_NODE|0x80000000, "
		  "inner_map_fd=-1, numa_node=4294967295 /* NUMA_NO_NODE */, "
		  "map_name=\"count\"...}, 34) = 3");
	c.args[2] = 22;
	CHECK_STR(run(&c), "bpf(BPF_MAP_CREATE, {map_type=BPF_MAP_TYPE_HASH, "
		  "key_size=4, value_size=8, max_entries=16, map_flags="
		  "BPF_F_NO_PREALLOC|BPF_F_NUMA_NODE|0x80000000, "
		  "inner_map_fd=65535}, 22) = 3");
	/* bytes past the struct: not all zero */
	c.args[2] = 80;
	a[75] = 0xab;
	CHECK_STR(run(&c), "bpf(BPF_MAP_CREATE, {map_type=BPF_MAP_TYPE_HASH, "
		  "key_size=4, value_size=8, max_entries=16, map_flags="
		  "BPF_F_NO_PREALLOC|BPF_F_NUMA_NODE|0x80000000, "
		  "inner_map_fd=-1, numa_node=4294967295 /* NUMA_NO_NODE */, "
		  "map_name=\"counters\", map_ifindex=2, btf_fd=5, "
		  "btf_key_type_id=0, btf_value_type_id=0, "
		  "btf_vmlinux_value_type_id=0, map_extra=7, ...}, 80) = 3");
	fo.verbose = 1;
	c.args[2] = 77;
	CHECK_STR(run(&c), "bpf(BPF_MAP_CREATE, {map_type=BPF_MAP_TYPE_HASH, "
		  "key_size=4, value_size=8, max_entries=16, map_flags="
		  "BPF_F_NO_PREALLOC|BPF_F_NUMA_NODE|0x80000000, "
		  "inner_map_fd=-1, numa_node=4294967295 /* NUMA_NO_NODE */, "
		  "map_name=\"counters\", map_ifindex=2, btf_fd=5, "
		  "btf_key_type_id=0, btf_value_type_id=0, "
		  "btf_vmlinux_value_type_id=0, map_extra=7, "
		  "extra_data=\"\\x00\\x00\\x00\\xab\\x00\" /* bytes 72..76 */}, "
		  "77) = 3");
	fo.verbose = 0;
	/* fewer bytes copied than the size: the pointer */
	k.len = 60;
	CHECK_STR(run(&c), "bpf(BPF_MAP_CREATE, 0x1000, 77) = 3");
	c.args[0] = BPF_ENABLE_STATS;
	k.len = sizeof(a);
	CHECK_STR(run(&c), "bpf(BPF_ENABLE_STATS, 0x1000, 77) = 3");
}

static void prog_load(void)
{
	static uint8_t a[128];
	uint32_t v[] = { BPF_PROG_TYPE_KPROBE, 2, 0x1000, 0, 0, 0, 1, 64,
			 0, 0, 0x60100, BPF_F_SLEEPABLE };
	struct cap k = CAP(a, sizeof(a));
	struct sc_call c = CALL(SYS_bpf, -22, BPF_PROG_LOAD, 0x2000, 128);

	memcpy(a, v, sizeof(v));
	memcpy(a + 48, "0123456789abcdef", 16);
	a[68] = BPF_TRACE_FENTRY;
	a[120] = 0x10;
	c.cap[1] = &k;
	CHECK_STR(run(&c), "bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_"
		  "KPROBE, insn_cnt=2, insns=0x1000, license=NULL, log_level=1, "
		  "log_size=64, log_buf=NULL, kern_version=KERNEL_VERSION(6, 1, "
		  "0), prog_flags=BPF_F_SLEEPABLE, prog_name=\"0123456789abcde\""
		  "..., prog_ifindex=0, expected_attach_type=BPF_TRACE_FENTRY, "
		  "prog_btf_fd=0, func_info_rec_size=0, func_info=NULL, "
		  "func_info_cnt=0, line_info_rec_size=0, line_info=NULL, "
		  "line_info_cnt=0, attach_btf_id=0, attach_prog_fd=0, "
		  "fd_array=0x10}, 128) = -1 EINVAL (Invalid argument)");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "bpf(0x5 /* BPF_PROG_LOAD */, "
		  "{prog_type=0x2 /* BPF_PROG_TYPE_KPROBE */, insn_cnt=2, "
		  "insns=0x1000, license=NULL, log_level=1, log_size=64, "
		  "log_buf=NULL, kern_version=0x60100 /* KERNEL_VERSION(6, 1, "
		  "0) */, prog_flags=0x10 /* BPF_F_SLEEPABLE */, "
		  "prog_name=\"0123456789abcde\"..., prog_ifindex=0, "
		  "expected_attach_type=0x18 /* BPF_TRACE_FENTRY */, "
		  "prog_btf_fd=0, func_info_rec_size=0, func_info=NULL, "
		  "func_info_cnt=0, line_info_rec_size=0, line_info=NULL, "
		  "line_info_cnt=0, attach_btf_id=0, attach_prog_fd=0, "
		  "fd_array=0x10}, 128) = -1 EINVAL (Invalid argument)");
	c.args[2] = 44;
	CHECK_STR(run(&c), "bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_"
		  "KPROBE, insn_cnt=2, insns=0x1000, license=NULL, log_level=1, "
		  "log_size=64, log_buf=NULL, kern_version=KERNEL_VERSION(6, 1, "
		  "0)}, 44) = -1 EINVAL (Invalid argument)");
	c.args[2] = 0;
	CHECK_STR(run(&c), "bpf(BPF_PROG_LOAD, 0x2000, 0) = -1 EINVAL "
		  "(Invalid argument)");
}

static void map_elem(void)
{
	static uint8_t a[40];
	struct cap k = CAP(a, sizeof(a));
	struct sc_call c = CALL(SYS_bpf, -9, BPF_MAP_LOOKUP_ELEM, 0x3000, 32);

	memset(a, 0xff, 4);
	a[8] = 0xef;		/* key */
	a[17] = 0x10;		/* value */
	a[24] = BPF_F_LOCK;	/* flags */
	c.cap[1] = &k;
	CHECK_STR(run(&c), "bpf(BPF_MAP_LOOKUP_ELEM, {map_fd=-1, key=0xef, "
		  "value=0x1000, flags=BPF_F_LOCK}, 32) = -1 EBADF (Bad file "
		  "descriptor)");
	/* the size ends before flags: left out; before key: zero */
	c.args[2] = 4;
	CHECK_STR(run(&c), "bpf(BPF_MAP_LOOKUP_ELEM, {map_fd=-1, key=NULL, "
		  "value=NULL}, 4) = -1 EBADF (Bad file descriptor)");
	c.args[0] = BPF_MAP_UPDATE_ELEM;
	CHECK_STR(run(&c), "bpf(BPF_MAP_UPDATE_ELEM, {map_fd=-1, key=NULL, "
		  "value=NULL, flags=BPF_ANY}, 4) = -1 EBADF (Bad file "
		  "descriptor)");
	a[24] = 7;
	c.args[2] = 40;
	CHECK_STR(run(&c), "bpf(BPF_MAP_UPDATE_ELEM, {map_fd=-1, key=0xef, "
		  "value=0x1000, flags=0x7 /* BPF_??? */}, 40) = -1 EBADF (Bad "
		  "file descriptor)");
	c.args[0] = BPF_MAP_GET_NEXT_KEY;
	CHECK_STR(run(&c), "bpf(BPF_MAP_GET_NEXT_KEY, {map_fd=-1, key=0xef, "
		  "next_key=0x1000, ...}, 40) = -1 EBADF (Bad file descriptor)");
	c.args[0] = BPF_MAP_DELETE_ELEM;
	c.args[2] = 16;
	CHECK_STR(run(&c), "bpf(BPF_MAP_DELETE_ELEM, {map_fd=-1, key=0xef}, "
		  "16) = -1 EBADF (Bad file descriptor)");
	c.args[0] = BPF_MAP_FREEZE;
	CHECK_STR(run(&c), "bpf(BPF_MAP_FREEZE, {map_fd=-1, ...}, 16) = -1 "
		  "EBADF (Bad file descriptor)");
	/* fewer bytes copied than the size: the pointer */
	k.len = 15;
	CHECK_STR(run(&c), "bpf(BPF_MAP_FREEZE, 0x3000, 16) = -1 EBADF (Bad "
		  "file descriptor)");
}

static void fd_by_id(void)
{
	static uint8_t a[16] = { 0xef, 0xbe, 0xad, 0xde, 1, 0, 0, 0,
				 BPF_F_RDONLY | 1 };
	struct cap k = CAP(a, sizeof(a));
	struct sc_call c = CALL(SYS_bpf, 3, BPF_MAP_GET_FD_BY_ID, 0x4000, 12);

	c.cap[1] = &k;
	CHECK_STR(run(&c), "bpf(BPF_MAP_GET_FD_BY_ID, {map_id=3735928559, "
		  "next_id=1, open_flags=BPF_F_RDONLY|0x1}, 12) = 3");
	c.args[0] = BPF_PROG_GET_FD_BY_ID;
	c.args[2] = 8;
	CHECK_STR(run(&c), "bpf(BPF_PROG_GET_FD_BY_ID, {prog_id=3735928559, "
		  "next_id=1}, 8) = 3");
	c.args[0] = BPF_BTF_GET_FD_BY_ID;
	c.args[2] = 4;
	CHECK_STR(run(&c), "bpf(BPF_BTF_GET_FD_BY_ID, {btf_id=3735928559}, 4) "
		  "= 3");
	c.args[0] = BPF_LINK_GET_FD_BY_ID;
	CHECK_STR(run(&c), "bpf(BPF_LINK_GET_FD_BY_ID, {link_id=3735928559}, "
		  "4) = 3");
}

static void attach(void)
{
	static uint8_t a[20] = { 0xff, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff,
				 BPF_CGROUP_INET_SOCK_CREATE, 0, 0, 0,
				 0xfc, 0, 0, 0, 0xfd, 0xff, 0xff, 0xff };
	struct cap k = CAP(a, sizeof(a));
	struct sc_call c = CALL(SYS_bpf, 0, BPF_PROG_ATTACH, 0x5000, 20);

	c.cap[1] = &k;
	CHECK_STR(run(&c), "bpf(BPF_PROG_ATTACH, {target_fd=-1, attach_bpf_fd="
		  "-2, attach_type=BPF_CGROUP_INET_SOCK_CREATE, attach_flags="
		  "BPF_F_REPLACE|0xf8, replace_bpf_fd=-3}, 20) = 0");
	c.args[2] = 16;
	CHECK_STR(run(&c), "bpf(BPF_PROG_ATTACH, {target_fd=-1, attach_bpf_fd="
		  "-2, attach_type=BPF_CGROUP_INET_SOCK_CREATE, attach_flags="
		  "BPF_F_REPLACE|0xf8}, 16) = 0");
	c.args[0] = BPF_PROG_DETACH;
	CHECK_STR(run(&c), "bpf(BPF_PROG_DETACH, {target_fd=-1, attach_type="
		  "BPF_CGROUP_INET_SOCK_CREATE, ...}, 16) = 0");
	/* flags 2: no old_prog_fd; BPF_F_REPLACE: it */
	c.args[0] = BPF_LINK_UPDATE;
	CHECK_STR(run(&c), "bpf(BPF_LINK_UPDATE, {link_update={link_fd=-1, "
		  "new_prog_fd=-2, flags=BPF_F_ALLOW_MULTI}}, 16) = 0");
	a[8] = BPF_F_REPLACE;
	CHECK_STR(run(&c), "bpf(BPF_LINK_UPDATE, {link_update={link_fd=-1, "
		  "new_prog_fd=-2, flags=BPF_F_REPLACE, old_prog_fd=252}}, 16) "
		  "= 0");
}

static void test_run(void)
{
	static uint8_t a[80];
	struct cap k = CAP(a, sizeof(a));
	struct sc_call c = CALL(SYS_bpf, 0, BPF_PROG_TEST_RUN, 0x6000, 76);

	memset(a, 0xff, 4);
	a[4] = 1;		/* retval */
	a[16] = 0x20;		/* data_in */
	a[48] = 0x30;		/* ctx_in */
	a[64] = BPF_F_TEST_RUN_ON_CPU | 4;
	a[68] = 3;		/* cpu */
	a[72] = 9;		/* batch_size */
	c.cap[1] = &k;
	CHECK_STR(run(&c), "bpf(BPF_PROG_TEST_RUN, {test={prog_fd=-1, "
		  "retval=1, data_size_in=0, data_size_out=0, data_in=0x20, "
		  "data_out=NULL, repeat=0, duration=0, ctx_size_in=0, "
		  "ctx_size_out=0, ctx_in=0x30, ctx_out=NULL, flags="
		  "BPF_F_TEST_RUN_ON_CPU|0x4, cpu=3, batch_size=9}}, 76) = 0");
	/* sizes before ctx_size_in, flags and batch_size */
	c.args[2] = 40;
	CHECK_STR(run(&c), "bpf(BPF_PROG_TEST_RUN, {test={prog_fd=-1, "
		  "retval=1, data_size_in=0, data_size_out=0, data_in=0x20, "
		  "data_out=NULL, repeat=0, duration=0}}, 40) = 0");
	c.args[2] = 64;
	CHECK_STR(run(&c), "bpf(BPF_PROG_TEST_RUN, {test={prog_fd=-1, "
		  "retval=1, data_size_in=0, data_size_out=0, data_in=0x20, "
		  "data_out=NULL, repeat=0, duration=0, ctx_size_in=0, "
		  "ctx_size_out=0, ctx_in=0x30, ctx_out=NULL}}, 64) = 0");
	c.args[2] = 72;
	CHECK_STR(run(&c), "bpf(BPF_PROG_TEST_RUN, {test={prog_fd=-1, "
		  "retval=1, data_size_in=0, data_size_out=0, data_in=0x20, "
		  "data_out=NULL, repeat=0, duration=0, ctx_size_in=0, "
		  "ctx_size_out=0, ctx_in=0x30, ctx_out=NULL, flags="
		  "BPF_F_TEST_RUN_ON_CPU|0x4, cpu=3}}, 72) = 0");
}

int main(void)
{
	map_create();
	prog_load();
	map_elem();
	fd_by_id();
	attach();
	test_run();
	CHECK_DONE();
}
