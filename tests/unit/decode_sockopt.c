// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Socket option values (decoders/fmt_sockopt.c) in each -X style, with
 * strace 6.1's text for the same values (its tests net-packet_mreq-X*,
 * so_error, sockopt-sol_socket-X*): a hardware address is its bytes
 * under -X raw and both under -X verbose; SO_ERROR's errno and
 * SO_TXREHASH's names follow the style; a value whose copy is shorter
 * than the struct the length asks for is a pointer, never a guess.
 */
#include <linux/if_packet.h>
#include <sys/socket.h>
#include <sys/syscall.h>

#include "check_decode.h"
#include "fmt_priv.h"

int main(void)
{
	struct packet_mreq mr = { .mr_ifindex = 0, .mr_type = PACKET_MR_PROMISC,
				  .mr_alen = 3,
				  .mr_address = { 0xff, 0x01, 0xab, 0xcd } };
	int err = 111, four = 4, two = 2, one = 1;
	struct cap kmr = CAP(&mr, sizeof(mr)), kerr = CAP(&err, 4);
	struct cap k4 = CAP(&four, 4), k2 = CAP(&two, 4), k1 = CAP(&one, 4);
	struct cap kshort = CAP(&mr, 15);
	struct sc_call c;

	c = CALL(SYS_setsockopt, -9, -1, SOL_PACKET, PACKET_ADD_MEMBERSHIP,
		 0x1000, 16);
	c.cap[3] = &kmr;
	CHECK_STR(run_style(&c, XSTYLE_ABBREV),
		  "setsockopt(-1, SOL_PACKET, PACKET_ADD_MEMBERSHIP, "
		  "{mr_ifindex=0, mr_type=PACKET_MR_PROMISC, mr_alen=3, "
		  "mr_address=ff:01:ab}, 16) = -1 EBADF (Bad file descriptor)");
	CHECK_STR(run_style(&c, XSTYLE_RAW),
		  "setsockopt(-1, 0x107, 0x1, {mr_ifindex=0, mr_type=0x1, "
		  "mr_alen=3, mr_address=\"\\xff\\x01\\xab\"}, 16) = -1 EBADF "
		  "(Bad file descriptor)");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE),
		  "setsockopt(-1, 0x107 /* SOL_PACKET */, 0x1 /* "
		  "PACKET_ADD_MEMBERSHIP */, {mr_ifindex=0, mr_type=0x1 /* "
		  "PACKET_MR_PROMISC */, mr_alen=3, mr_address=\"\\xff\\x01"
		  "\\xab\" /* ff:01:ab */}, 16) = -1 EBADF (Bad file "
		  "descriptor)");
	/* 15 bytes of a 16-byte struct copied: the pointer */
	c.cap[3] = &kshort;
	CHECK_STR(run_style(&c, XSTYLE_ABBREV),
		  "setsockopt(-1, SOL_PACKET, PACKET_ADD_MEMBERSHIP, 0x1000, "
		  "16) = -1 EBADF (Bad file descriptor)");

	c = CALL(SYS_getsockopt, 0, 4, SOL_SOCKET, SO_ERROR, 0x1000, 0x2000);
	c.cap_out[3] = &kerr;
	c.cap[4] = &k4;
	c.cap_out[4] = &k4;
	CHECK_STR(run_style(&c, XSTYLE_ABBREV),
		  "getsockopt(4, SOL_SOCKET, SO_ERROR, [ECONNREFUSED], [4]) = 0");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE),
		  "getsockopt(4, 0x1 /* SOL_SOCKET */, 0x4 /* SO_ERROR */, "
		  "[111 /* ECONNREFUSED */], [4]) = 0");
	CHECK_STR(run_style(&c, XSTYLE_RAW),
		  "getsockopt(4, 0x1, 0x4, [111], [4]) = 0");
	/* a length the kernel never gives: the pointer; signed */
	c.cap_out[4] = &(struct cap)CAP(&(int){ -1 }, 4);
	CHECK_STR(run(&c), "getsockopt(4, SOL_SOCKET, SO_ERROR, 0x1000, "
		  "[4 => -1]) = 0");
	/* 2 of an int: its bytes, in hex */
	c.cap_out[4] = &k2;
	CHECK_STR(run(&c), "getsockopt(4, SOL_SOCKET, SO_ERROR, "
		  "\"\\x6f\\x00\", [4 => 2]) = 0");

	c = CALL(SYS_setsockopt, -95, 3, SOL_SOCKET, SO_TXREHASH, 0x1000, 4);
	c.cap[3] = &k1;
	CHECK_STR(run(&c), "setsockopt(3, SOL_SOCKET, SO_TXREHASH, "
		  "[SOCK_TXREHASH_ENABLED], 4) = -1 EOPNOTSUPP (Operation not "
		  "supported)");
	c.cap[3] = &k2;
	CHECK_STR(run(&c), "setsockopt(3, SOL_SOCKET, SO_TXREHASH, "
		  "[2 /* SOCK_TXREHASH_??? */], 4) = -1 EOPNOTSUPP (Operation "
		  "not supported)");
	/*
	 * -e inject=: optlen 5 stays 5, the int at a page's end: read up to
	 * the fault, an int option is its int, strace's [0]; another value
	 * of 5 bytes that could not all be read is its address
	 */
	{
		int32_t zero = 0, five = 5;
		uint32_t stats[3] = { 7, 8, 9 };
		struct cap kz = CAP(&zero, 4), k5 = CAP(&five, 4);
		struct cap ks = CAP(stats, 12);

		kz.flags = CAP_TRUNC;
		c = CALL(SYS_getsockopt, 42, 3, SOL_SOCKET, SO_DEBUG, 0x1ffc,
			 0x2000);
		c.injected = INJECTED_VALUE;
		c.cap_out[3] = &kz;
		c.cap[4] = &k5;
		c.cap_out[4] = &k5;
		CHECK_STR(run(&c), "getsockopt(3, SOL_SOCKET, SO_DEBUG, [0], "
			  "[5]) = 42 (INJECTED)");
		c.args[2] = SO_BINDTODEVICE;
		CHECK_STR(run(&c), "getsockopt(3, SOL_SOCKET, SO_BINDTODEVICE, "
			  "0x1ffc, [5]) = 42 (INJECTED)");
		ks.flags = CAP_TRUNC;
		k5 = CAP(&(int32_t){ 13 }, 4);
		c = CALL(SYS_getsockopt, 42, -1, SOL_PACKET, PACKET_STATISTICS,
			 0x1ff4, 0x2000);
		c.injected = INJECTED_VALUE;
		c.cap_out[3] = &ks;
		c.cap[4] = &k5;
		c.cap_out[4] = &k5;
		CHECK_STR(run(&c), "getsockopt(-1, SOL_PACKET, PACKET_STATISTICS,"
			  " {tp_packets=7, tp_drops=8, tp_freeze_q_cnt=9}, [13]) = "
			  "42 (INJECTED)");
	}
	CHECK_DONE();
}
