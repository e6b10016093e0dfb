// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: perf event ioctls as only a perf event answers them
 * (tests/live/parity_perf.sh has strace's word for the rest): the id got
 * at exit; a BPF query's programs: every id, ids cut at -s, ids running
 * into memory that cannot be read ("... /+ address +/"), ids past what
 * was copied for another reason (the pointer, never a guess), a failed
 * query's "...}"; new attributes of a hardware cache event with -v;
 * perf_event_open's attributes at exit: E2BIG's size after " => ", "???"
 * when that could not be read.
 */
#include <linux/perf_event.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

int main(void)
{
	uint64_t id = 0xfacefeeddeadc0deULL;
	uint32_t q[6] = { 4, 3, 101, 102, 103, 104 };
	struct perf_event_attr a;
	struct cap ki = CAP(&id, 8), kq = CAP(q, 24), kq_in = CAP(q, 24);
	struct cap ka = CAP(&a, sizeof(a));
	struct sc_call c;

	c = CALL(SYS_ioctl, 0, 3, PERF_EVENT_IOC_ID, 0x1000);
	c.cap_out[2] = &ki;
	CHECK_STR(run(&c), "ioctl(3, PERF_EVENT_IOC_ID, [18072662652281012446])"
		  " = 0");

	c = CALL(SYS_ioctl, 0, 3, PERF_EVENT_IOC_QUERY_BPF, 0x1000);
	c.cap[2] = &kq_in;
	c.cap_out[2] = &kq;
	CHECK_STR(run_entry(&c), "ioctl(3, PERF_EVENT_IOC_QUERY_BPF, "
		  "{ids_len=4");
	CHECK_STR(run(&c), "ioctl(3, PERF_EVENT_IOC_QUERY_BPF, {ids_len=4, "
		  "prog_cnt=3, ids=[101, 102, 103]}) = 0");
	fo.strsize = 2;
	CHECK_STR(run(&c), "ioctl(3, PERF_EVENT_IOC_QUERY_BPF, {ids_len=4, "
		  "prog_cnt=3, ids=[101, 102, ...]}) = 0");
	/* -s's last id ends the memory: strace read the next to know */
	kq.len = 16;
	CHECK_STR(run(&c), "ioctl(3, PERF_EVENT_IOC_QUERY_BPF, {ids_len=4, "
		  "prog_cnt=3, ids=0x1008}) = 0");
	kq.flags = CAP_TRUNC;
	CHECK_STR(run(&c), "ioctl(3, PERF_EVENT_IOC_QUERY_BPF, {ids_len=4, "
		  "prog_cnt=3, ids=[101, 102, ... /* 0x1010 */]}) = 0");
	kq.flags = 0;
	kq.len = 24;
	fo.strsize = 32;
	q[1] = 5;
	kq.len = 16;
	CHECK_STR(run(&c), "ioctl(3, PERF_EVENT_IOC_QUERY_BPF, {ids_len=4, "
		  "prog_cnt=5, ids=0x1008}) = 0");
	/* the copy ended where the memory did */
	kq.flags = CAP_TRUNC;
	CHECK_STR(run(&c), "ioctl(3, PERF_EVENT_IOC_QUERY_BPF, {ids_len=4, "
		  "prog_cnt=5, ids=[101, 102, ... /* 0x1010 */]}) = 0");
	kq.len = 8;
	CHECK_STR(run(&c), "ioctl(3, PERF_EVENT_IOC_QUERY_BPF, {ids_len=4, "
		  "prog_cnt=5, ids=0x1008}) = 0");
	c.ret = -14;
	CHECK_STR(run(&c), "ioctl(3, PERF_EVENT_IOC_QUERY_BPF, {ids_len=4, "
		  "...}) = -1 EFAULT (Bad address)");

	memset(&a, 0, sizeof(a));
	a.type = PERF_TYPE_HW_CACHE;
	a.size = PERF_ATTR_SIZE_VER1;
	a.config = PERF_COUNT_HW_CACHE_RESULT_MISS << 16 |
		   PERF_COUNT_HW_CACHE_OP_READ << 8 | PERF_COUNT_HW_CACHE_L1D;
	a.sample_period = 10007;
	a.exclude_kernel = 1;
	a.precise_ip = 1;
	a.config1 = 0x10;
	a.config2 = 0x20;
	fo.verbose = 1;
	c = CALL(SYS_ioctl, 0, 3, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, 0x1000);
	c.cap[2] = &ka;
	CHECK_STR(run(&c), "ioctl(3, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, {type="
		  "PERF_TYPE_HW_CACHE, size=PERF_ATTR_SIZE_VER1, config="
		  "PERF_COUNT_HW_CACHE_RESULT_MISS<<16|PERF_COUNT_HW_CACHE_OP_"
		  "READ<<8|PERF_COUNT_HW_CACHE_L1D, sample_period=10007, "
		  "sample_type=0, read_format=0, disabled=0, inherit=0, "
		  "pinned=0, exclusive=0, exclude_user=0, exclude_kernel=1, "
		  "exclude_hv=0, exclude_idle=0, mmap=0, comm=0, freq=0, "
		  "inherit_stat=0, enable_on_exec=0, task=0, watermark=0, "
		  "precise_ip=1 /* constant skid */, mmap_data=0, "
		  "sample_id_all=0, exclude_host=0, exclude_guest=0, "
		  "exclude_callchain_kernel=0, exclude_callchain_user=0, "
		  "mmap2=0, comm_exec=0, use_clockid=0, context_switch=0, "
		  "write_backward=0, namespaces=0, ksymbol=0, bpf_event=0, "
		  "aux_output=0, cgroup=0, text_poke=0, build_id=0, "
		  "inherit_thread=0, remove_on_exec=0, sigtrap=0, "
		  "wakeup_events=0, config1=0x10, config2=0x20}) = 0");
	fo.verbose = 0;
	ka.len = 47;
	CHECK_STR(run(&c), "ioctl(3, PERF_EVENT_IOC_MODIFY_ATTRIBUTES, 0x1000)"
		  " = 0");

	{
		struct perf_event_attr big, got;
		struct cap kb = CAP(&big, sizeof(big)), kg = CAP(&got, 8);

		memset(&big, 0, sizeof(big));
		big.type = PERF_TYPE_SOFTWARE;
		big.size = 200;
		big.config = PERF_COUNT_SW_DUMMY;
		got = big;
		got.size = 136;
		c = CALL(SYS_perf_event_open, -7, 0x1000, 0, -1, -1, 0);
		c.cap[0] = &kb;
		c.cap_out[0] = &kg;
		CHECK_STR(run(&c), "perf_event_open({type=PERF_TYPE_SOFTWARE, "
			  "size=0xc8 /* PERF_ATTR_SIZE_??? */ => 0x88 /* "
			  "PERF_ATTR_SIZE_??? */, config=PERF_COUNT_SW_DUMMY, "
			  "sample_period=0, sample_type=0, read_format=0, "
			  "precise_ip=0 /* arbitrary skid */, ...}, 0, -1, -1, 0)"
			  " = -1 E2BIG (Argument list too long)");
		kg.len = 7;
		CHECK_STR(run(&c), "perf_event_open({type=PERF_TYPE_SOFTWARE, "
			  "size=0xc8 /* PERF_ATTR_SIZE_??? */ => ???, config="
			  "PERF_COUNT_SW_DUMMY, sample_period=0, sample_type=0, "
			  "read_format=0, precise_ip=0 /* arbitrary skid */, ...}, "
			  "0, -1, -1, 0) = -1 E2BIG (Argument list too long)");
		c.ret = -22;
		CHECK_STR(run(&c), "perf_event_open({type=PERF_TYPE_SOFTWARE, "
			  "size=0xc8 /* PERF_ATTR_SIZE_??? */, config="
			  "PERF_COUNT_SW_DUMMY, sample_period=0, sample_type=0, "
			  "read_format=0, precise_ip=0 /* arbitrary skid */, ...}, "
			  "0, -1, -1, 0) = -1 EINVAL (Invalid argument)");
	}
	CHECK_DONE();
}
