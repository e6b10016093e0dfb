// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: SG_IO with a v4 header (struct sg_io_v4, guard 'Q'), as
 * strace 6.1's sg_io_v4.c prints it: the request at entry, the response
 * at exit, the buffers from BPF's copies (c->inner_str[]: piece 0 the
 * request or response, piece 1 dout's or din's data, or an iovec array
 * and its data); short and missing copies as pointers.
 */
#include <scsi/sg.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

static void put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

static void put64(uint8_t *p, uint64_t v)
{
	memcpy(p, &v, 8);
}

/* two pieces of buf, n0 and n1 bytes, holes as given */
static struct cap pieces(const uint8_t *buf, uint32_t n0, uint32_t n1,
			 uint32_t holes)
{
	struct cap k = CAP(buf, n0 + n1);

	k.npieces = 2;
	k.piece[0] = n0;
	k.piece[1] = n1;
	k.holes = holes;
	return k;
}

#define ENTRY "ioctl(-1, SG_IO, {guard='Q', protocol=BSG_PROTOCOL_SCSI, " \
	"subprotocol=BSG_SUB_PROTOCOL_SCSI_TMF, request_len=3, request="
#define MID ", request_tag=0x10, request_attr=1, request_priority=2, " \
	"request_extra=3, max_response_len=4, dout_iovec_count=2, " \
	"dout_xfer_len=5, din_iovec_count=0, din_xfer_len=5, dout_xferp="
#define FLAGS ", timeout=7, flags=BSG_FLAG_Q_AT_HEAD|0x1, usr_ptr=0x77"
#define STATUS "driver_status=0x1, transport_status=0x2, " \
	"device_status=0x3, retry_delay=4, info=SG_INFO_CHECK, duration=5, " \
	"response_len=2, din_resid=1, dout_resid=-2, generated_tag=0x99}) = " \
	"-1 EBADF (Bad file descriptor)"

int main(void)
{
	uint8_t h[160] = { 'Q' }, o[160], in[64], ex[16];
	uint32_t guard = 'Q';
	struct cap kg = CAP(&guard, 4), kh = CAP(h, 160), ko = CAP(o, 160);
	struct cap ki, ke;
	struct sc_call c;

	/* only the guard readable: the rest's address */
	c = CALL(SYS_ioctl, -9, -1, SG_IO, 0x1000);
	c.cap[2] = &kg;
	CHECK_STR(run(&c), "ioctl(-1, SG_IO, {guard='Q', 0x1004}) = -1 "
		  "EBADF (Bad file descriptor)");

	put32(h + 8, 1);
	put32(h + 12, 3);
	put64(h + 16, 0x2000);		/* request */
	put64(h + 24, 0x10);
	for (int i = 0; i < 4; i++)
		put32(h + 32 + 4 * i, (uint32_t)i + 1);
	put64(h + 48, 0x3000);		/* response */
	put32(h + 56, 2);		/* dout: an iovec[2], 5 bytes */
	put32(h + 60, 5);
	put32(h + 68, 5);		/* din: 5 bytes */
	put64(h + 72, 0x4000);
	put64(h + 80, 0x5000);
	put32(h + 88, 7);
	put32(h + 92, 0x21);
	put64(h + 96, 0x77);
	memcpy(o, h, 160);
	for (int i = 0; i < 5; i++)
		put32(o + 108 + 4 * i, (uint32_t)i + 1);
	put32(o + 124, 1);		/* info */
	put32(o + 128, 5);		/* duration */
	put32(o + 132, 2);		/* response_len */
	put32(o + 136, 1);		/* din_resid: 4 bytes of din */
	put32(o + 140, (uint32_t)-2);
	put64(o + 144, 0x99);
	/* entry: request's 3 bytes, then the iovec[2] and its 2 + 3 bytes */
	memcpy(in, "\x9d\x9e\x9f", 3);
	put64(in + 3, 0x6000);
	put64(in + 11, 2);
	put64(in + 19, 0x7000);
	put64(in + 27, 4);
	memcpy(in + 35, "ab\236\237\235", 5);
	/* exit: response's 2 bytes, din's 4 */
	memcpy(ex, "\x01\x02\xc1\xc2\xc3\xc4", 6);
	ki = pieces(in, 3, 37, 0);
	ke = pieces(ex, 2, 4, 0);
	c.cap[2] = &kh;
	c.cap_out[2] = &ko;
	c.inner_str[0] = &ki;
	c.inner_str[1] = &ke;
	CHECK_STR(run(&c), ENTRY "\"\\x9d\\x9e\\x9f\"" MID
		  "[{iov_base=\"ab\", iov_len=2}, {iov_base=\"\\236\\237\\235\""
		  ", iov_len=4}]" FLAGS ", response_len=2, response="
		  "\"\\x01\\x02\", din_xferp=\"\\xc1\\xc2\\xc3\\xc4\", "
		  STATUS);

	/* the second buffer's data cut short: its pointer, not a guess */
	ki = pieces(in, 3, 36, 0);
	/* din not read, the response's copy one byte short */
	ke = pieces(ex, 1, 0, 2);
	CHECK_STR(run(&c), ENTRY "\"\\x9d\\x9e\\x9f\"" MID
		  "[{iov_base=\"ab\", iov_len=2}, {iov_base=0x7000, "
		  "iov_len=4}]" FLAGS ", response_len=2, response=0x3000, "
		  "din_xferp=0x5000, " STATUS);

	/* the iovec array cut by memory after its first element (piece 2
	   says how many were read) */
	{
		uint8_t cutb[3 + 16 + 2 + 4];
		uint32_t one = 1;

		memcpy(cutb, in, 3 + 16);
		memcpy(cutb + 19, in + 35, 2);
		memcpy(cutb + 21, &one, 4);
		ki = pieces(cutb, 3, 18, 0);
		ki.len = 25;
		ki.npieces = 3;
		ki.piece[2] = 4;
		CHECK(strstr(run(&c), "dout_xferp=[{iov_base=\"ab\", "
			     "iov_len=2}, ... /* 0x4010 */], timeout=7") != NULL);
	}

	/* no copies at all; a plain dout buffer */
	put32(h + 56, 0);
	c.inner_str[0] = c.inner_str[1] = NULL;
	CHECK(strstr(run(&c), "request=0x2000, request_tag=0x10") &&
	      strstr(run(&c), "dout_xferp=0x4000, timeout=7"));
	/* the array not read (a hole): its pointer */
	put32(h + 56, 2);
	ki = pieces(in, 3, 0, 2);
	c.inner_str[0] = &ki;
	CHECK(strstr(run(&c), "dout_xferp=0x4000, timeout=7") != NULL);

	/* the header not read at exit: the buffers' addresses */
	c.cap_out[2] = NULL;
	CHECK_STR(run(&c), ENTRY "\"\\x9d\\x9e\\x9f\"" MID "0x4000" FLAGS
		  ", response=0x3000, din_xferp=0x5000}) = -1 EBADF "
		  "(Bad file descriptor)");
	/* the guard changed */
	o[0] = 'S';
	c.cap_out[2] = &ko;
	CHECK_STR(run(&c), ENTRY "\"\\x9d\\x9e\\x9f\"" MID "0x4000" FLAGS
		  " => guard=83}) = -1 EBADF (Bad file descriptor)");
	CHECK_DONE();
}
