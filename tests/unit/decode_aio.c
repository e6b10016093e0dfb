// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: native AIO as strace 6.1 prints it (lines from its aio.c
 * test): io_setup's context at exit, io_getevents's events (as many as
 * it returned), io_cancel's struct iocb header; a short copy or a failed
 * call prints the pointer.
 */
#include <linux/aio_abi.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

#define EINVAL_S "-1 EINVAL (Invalid argument)"

static void test_setup(void)
{
	uint64_t ctx = 0x7f101153f000ULL;
	struct cap k = CAP(&ctx, 8), short_k = CAP(&ctx, 7);
	struct sc_call c = CALL(SYS_io_setup, 0, 2, 0x7f101130fff8ULL);

	c.cap_out[1] = &k;
	CHECK_STR(run_entry(&c), "io_setup(2, ");
	CHECK_STR(run(&c), "io_setup(2, [0x7f101153f000]) = 0");
	c.cap_out[1] = &short_k;
	CHECK_STR(run(&c), "io_setup(2, 0x7f101130fff8) = 0");
	c = CALL(SYS_io_setup, -14, 2, 0x7f1011310000ULL);
	c.cap_out[1] = &k;
	CHECK_STR(run(&c), "io_setup(2, 0x7f1011310000) = -1 EFAULT (Bad "
		  "address)");
}

static void test_events(void)
{
	uint64_t ev[8] = { 0xfeedface11111111ULL, 0x7f1011345f80ULL, 4096, 0,
			   0xfeedface22222222ULL, 0x7f1011345fc0ULL, 8192, 0 };
	struct cap k = CAP(ev, 64), short_k = CAP(ev, 63);
	struct sc_call c = CALL(SYS_io_getevents, 2, 0x7f101153f000ULL, 2, 3,
				0x7f1011309fc0ULL, 0);

	c.cap_out[3] = &k;
	CHECK_STR(run(&c), "io_getevents(0x7f101153f000, 2, 3, [{data="
		  "0xfeedface11111111, obj=0x7f1011345f80, res=4096, res2=0}, "
		  "{data=0xfeedface22222222, obj=0x7f1011345fc0, res=8192, "
		  "res2=0}], NULL) = 2");
	c.cap_out[3] = &short_k;
	CHECK_STR(run(&c), "io_getevents(0x7f101153f000, 2, 3, 0x7f1011309fc0,"
		  " NULL) = 2");
	/* a count whose bytes wrap (2^59 + 2 events of 32: 64 bytes), as a
	   corrupt recording may say: the pointer, nothing read past */
	c.cap_out[3] = &k;
	c.ret = (int64_t)((1ULL << 59) + 2);
	CHECK_STR(run(&c), "io_getevents(0x7f101153f000, 2, 3, 0x7f1011309fc0,"
		  " NULL) = 576460752303423490");
}

static void test_cancel(void)
{
	uint8_t cb[64] = { 0 };
	uint64_t data = 0xdeadbeefbadc0dedULL;
	uint16_t op = IOCB_CMD_PREAD;
	int16_t prio = 99;
	int32_t fd = -42;
	uint32_t flags = IOCB_FLAG_IOPRIO;
	struct cap k = CAP(cb, 64), short_k = CAP(cb, 63);
	struct sc_call c = CALL(SYS_io_cancel, -22, 0x7f101153f000ULL,
				0x7f1011327fc0ULL, 0x7f1011309fc0ULL);

	memcpy(cb, &data, 8);
	memcpy(cb + 16, &op, 2);
	memcpy(cb + 18, &prio, 2);
	memcpy(cb + 20, &fd, 4);
	c.cap[1] = &k;
	CHECK_STR(run(&c), "io_cancel(0x7f101153f000, {aio_data="
		  "0xdeadbeefbadc0ded, aio_lio_opcode=IOCB_CMD_PREAD, "
		  "aio_reqprio=99, aio_fildes=-42}, 0x7f1011309fc0) = " EINVAL_S);
	c.cap[1] = &short_k;
	CHECK_STR(run(&c), "io_cancel(0x7f101153f000, 0x7f1011327fc0, "
		  "0x7f1011309fc0) = " EINVAL_S);
	/* IOCB_FLAG_IOPRIO: an ioprio; an opcode without a name */
	prio = (int16_t)(5 << 13 | 7919);
	op = 61453;
	memcpy(cb + 16, &op, 2);
	memcpy(cb + 18, &prio, 2);
	memcpy(cb + 56, &flags, 4);
	c.cap[1] = &k;
	CHECK_STR(run(&c), "io_cancel(0x7f101153f000, {aio_data="
		  "0xdeadbeefbadc0ded, aio_lio_opcode=61453 /* IOCB_CMD_??? */, "
		  "aio_reqprio=IOPRIO_PRIO_VALUE(0x5 /* IOPRIO_CLASS_??? */, "
		  "7919), aio_fildes=-42}, 0x7f1011309fc0) = " EINVAL_S);
}

int main(void)
{
	test_setup();
	test_events();
	test_cancel();
	CHECK_DONE();
}
