// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: -e read=/write= dumps (fmt_dump.c), bytes in, strace 6.1's
 * text out (its lines for the same bytes, from strace -e write=all on
 * this machine): sixteen bytes a line, the offset in five hex digits
 * (more past 1 MiB), the ASCII column; an iovec's buffers numbered; and
 * what etrace says where its copy stopped short.
 */
#include <string.h>

#include "check.h"
#include "decode.h"

static char out[1 << 16];

/* a dump item: segments of (total, bytes copied), as the BPF program
   writes them (capture_abi.h) */
static uint8_t item[1 << 14];
static size_t item_len;
static uint32_t nseg, nmsg;

/* sendmmsg, recvmmsg: a message's head (capture_abi.h's cap_dump_msg) */
static void msg(uint32_t iovlen, uint16_t segs, uint16_t flags)
{
	uint32_t h[2] = { iovlen, segs | (uint32_t)flags << 16 };

	memcpy(item + item_len, h, sizeof(h));
	item_len += sizeof(h);
	nmsg++;
}

static void seg(uint32_t total, const void *p, uint32_t copied)
{
	uint32_t h[2] = { total, copied };

	memcpy(item + item_len, h, sizeof(h));
	memcpy(item + item_len + sizeof(h), p, copied);
	item_len += sizeof(h) + copied;
	nseg++;
}

static const char *dump(uint8_t flags, const char *name)
{
	uint32_t n = nmsg ? nmsg : nseg;
	struct cap k = { .p = item, .len = (uint32_t)item_len, .count = n,
			  .total = n, .flags = flags };
	struct fmt_buf b;

	fb_init(&b, out, sizeof(out));
	fmt_dump(&b, &k, name);
	*b.p = '\0';
	item_len = 0;
	nseg = nmsg = 0;
	return out;
}

int main(void)
{
	uint8_t pat[100], big[32];
	struct fmt_buf b;

	for (int i = 0; i < 100; i++)
		pat[i] = (uint8_t)(i * 7);
	memset(big, 'A', sizeof(big));

	seg(6, "hello\n", 6);
	CHECK_STR(dump(0, "write"),
		  " | 00000  68 65 6c 6c 6f 0a                                 hello.           |\n");
	seg(100, pat, 100);
	CHECK_STR(dump(0, "read"),
		  " | 00000  00 07 0e 15 1c 23 2a 31  38 3f 46 4d 54 5b 62 69  .....#*18?FMT[bi |\n"
		  " | 00010  70 77 7e 85 8c 93 9a a1  a8 af b6 bd c4 cb d2 d9  pw~............. |\n"
		  " | 00020  e0 e7 ee f5 fc 03 0a 11  18 1f 26 2d 34 3b 42 49  ..........&-4;BI |\n"
		  " | 00030  50 57 5e 65 6c 73 7a 81  88 8f 96 9d a4 ab b2 b9  PW^elsz......... |\n"
		  " | 00040  c0 c7 ce d5 dc e3 ea f1  f8 ff 06 0d 14 1b 22 29  ..............\") |\n"
		  " | 00050  30 37 3e 45 4c 53 5a 61  68 6f 76 7d 84 8b 92 99  07>ELSZahov}.... |\n"
		  " | 00060  a0 a7 ae b5                                       ....             |\n");
	/* an iovec's buffers: numbered, each dumped from offset 0 */
	seg(3, "abc", 3);
	seg(38, "defghijklmnopqrstuvwxyz0123456789\x01\x80\0\0x", 38);
	CHECK_STR(dump(CAP_IOV, "writev"),
		  " * 3 bytes in buffer 0\n"
		  " | 00000  61 62 63                                          abc              |\n"
		  " * 38 bytes in buffer 1\n"
		  " | 00000  64 65 66 67 68 69 6a 6b  6c 6d 6e 6f 70 71 72 73  defghijklmnopqrs |\n"
		  " | 00010  74 75 76 77 78 79 7a 30  31 32 33 34 35 36 37 38  tuvwxyz012345678 |\n"
		  " | 00020  39 01 80 00 00 78                                 9....x           |\n");
	/* exactly 16, and 8: the group gap, no empty line */
	seg(16, "0123456789abcdef", 16);
	CHECK_STR(dump(0, "write"),
		  " | 00000  30 31 32 33 34 35 36 37  38 39 61 62 63 64 65 66  0123456789abcdef |\n");
	seg(8, "\x7f\x20\x7e\x1f" "abcd", 8);
	CHECK_STR(dump(0, "write"),
		  " | 00000  7f 20 7e 1f 61 62 63 64                           . ~.abcd         |\n");
	/* copied short of the transfer: what was copied, then said */
	seg(50, big, 20);
	CHECK_STR(dump(0, "read"),
		  " | 00000  41 41 41 41 41 41 41 41  41 41 41 41 41 41 41 41  AAAAAAAAAAAAAAAA |\n"
		  " | 00010  41 41 41 41                                       AAAA             |\n"
		  " * dump cut: 20 of 50 bytes copied\n");
	seg(7, "", 0);
	CHECK_STR(dump(CAP_IOV, "readv"),
		  " * 7 bytes in buffer 0\n"
		  " * dump cut: 0 of 7 bytes copied\n");
	/* more iovec elements than were looked at */
	seg(1, "x", 1);
	CHECK_STR(dump(CAP_IOV | CAP_TRUNC, "writev"),
		  " * 1 bytes in buffer 0\n"
		  " | 00000  78                                                x                |\n"
		  " * dump cut: the buffers after these 1 were not copied\n");
	CHECK_STR(dump(CAP_IOV | CAP_TRUNC, "writev"),
		  " * dump cut: the data was not copied\n");
	/*
	 * sendmmsg, recvmmsg: each message's buffers under its line (strace
	 * -e read=all of a recvmmsg of two messages, the second empty)
	 */
	msg(2, 2, 0);
	seg(4, "abcd", 4);
	seg(2, "ef", 2);
	msg(3, 0, 0);
	CHECK_STR(dump(CAP_IOV, "recvmmsg"),
		  " = 2 buffers in vector 0\n"
		  " * 4 bytes in buffer 0\n"
		  " | 00000  61 62 63 64                                       abcd             |\n"
		  " * 2 bytes in buffer 1\n"
		  " | 00000  65 66                                             ef               |\n"
		  " = 3 buffers in vector 1\n");
	/* a message's buffers, then messages, left out: said */
	msg(70, 1, 1);
	seg(1, "x", 1);
	CHECK_STR(dump(CAP_IOV | CAP_TRUNC, "sendmmsg"),
		  " = 70 buffers in vector 0\n"
		  " * 1 bytes in buffer 0\n"
		  " | 00000  78                                                x                |\n"
		  " * dump cut: the buffers after these 1 were not copied\n"
		  " * dump cut: the messages after these 1 were not copied\n");
	/* a message whose segments do not add up is not read past */
	msg(1, 2, 0);
	seg(1, "x", 1);
	CHECK_STR(dump(CAP_IOV, "sendmmsg"), " * dump cut: a malformed copy\n");
	/* a segment that does not add up is not read past */
	seg(4, "abcd", 4);
	item_len -= 2;
	CHECK_STR(dump(0, "write"), " * dump cut: a malformed copy\n");
	/* strace widens the offset past 1 MiB: six digits for 0x100001 */
	fb_init(&b, out, sizeof(out));
	fmt_dump_bytes(&b, big, 16, 0x100001);
	*b.p = '\0';
	CHECK_STR(out,
		  " | 000000  41 41 41 41 41 41 41 41  41 41 41 41 41 41 41 41  AAAAAAAAAAAAAAAA |\n"
		  " * dump cut: 16 of 1048577 bytes copied\n");
	CHECK_DONE();
}
