// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_sockets.sh (and the -X runs of
 * const_print_*): a struct sockaddr of each family etrace decodes, given
 * to connect(-1, ...) (EBADF: nothing is connected), with fields known
 * and unknown, and lengths short of, at and past each family's struct.
 * Interface index 1 is the loopback (named if_nametoindex("lo") by both
 * tracers, in their own network namespace).  Exits 0.
 */
#define _GNU_SOURCE
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fam.h"

static unsigned char sa[128];

/* a fresh address of family f: the rest zero */
static void fresh(unsigned short f)
{
	memset(sa, 0, sizeof(sa));
	memcpy(sa, &f, 2);
}

static void put16(int off, unsigned short v)
{
	memcpy(sa + off, &v, 2);
}

static void put32(int off, unsigned int v)
{
	memcpy(sa + off, &v, 4);
}

static void put64(int off, unsigned long long v)
{
	memcpy(sa + off, &v, 8);
}

static void go(socklen_t len)
{
	connect(-1, (struct sockaddr *)sa, len);
}

/* an AX.25 callsign (up to 6 characters, space padded) and SSID at off */
static void ax25(int off, const char *call, unsigned int ssid)
{
	size_t n = strlen(call);

	for (int j = 0; j < 6; j++)
		sa[off + j] = (unsigned char)((j < (int)n ? call[j] : ' ') << 1);
	sa[off + 6] = (unsigned char)(ssid << 1);
}

int main(void)
{
	/* AF_PACKET: protocol, ifindex (lo and unknown), address lengths */
	fresh(AF_PACKET);
	put16(2, 0x0300);		/* htons(ETH_P_ALL) */
	put32(4, 1);
	put16(8, 1);			/* ARPHRD_ETHER */
	sa[10] = 4;			/* PACKET_OUTGOING */
	sa[11] = 6;
	memcpy(sa + 12, "\x02\x00\x5e\x10\x20\x30", 6);
	go(20);
	put16(2, 0x3412);
	put32(4, 0xfade);
	put16(8, 0xfffe);
	sa[10] = 9;
	sa[11] = 12;			/* more than the 8 bytes of sll_addr */
	go(20);
	sa[11] = 0;
	go(20);
	go(19);				/* shorter than sockaddr_ll: sa_data */

	/* AF_INET6 link-local and multicast link-local: the scope is lo */
	fresh(AF_INET6);
	put16(2, 0x5000);
	sa[8] = 0xfe;
	sa[9] = 0x80;
	sa[23] = 1;
	put32(24, 1);
	go(28);
	sa[8] = 0xff;
	sa[9] = 0x02;
	go(28);
	sa[9] = 0x05;			/* site-local multicast: a number */
	go(28);

	/* AF_NETLINK with its padding set */
	fresh(AF_NETLINK);
	put16(2, 0xbeef);
	put32(4, 4242);
	put32(8, 0x10);
	go(12);

	/* AF_RXRPC: INET and INET6 transports, short ones, an unknown */
	fresh(33);			/* AF_RXRPC */
	put16(2, 2500);			/* YFS_FS_SERVICE */
	put16(4, SOCK_DGRAM);
	put16(6, 16);
	put16(8, AF_INET);
	put16(10, 0x0700);
	memcpy(sa + 12, "\x7f\x00\x00\x01", 4);
	go(36);
	put16(6, 9);
	go(36);
	put16(2, 77);
	put16(4, 99);
	put16(6, 28);
	put16(8, AF_INET6);
	memset(sa + 12, 0, 24);
	sa[27] = 1;
	put32(32, 1);
	go(36);
	put16(6, 3);
	go(36);
	put16(8, 0x1234);
	put16(6, 40);
	go(36);
	go(35);

	/* AF_IEEE802154: none, short (and its named values), long, odd */
	fresh(36);			/* AF_IEEE802154 */
	go(20);
	put32(4, 2);
	put16(8, 0xffff);
	put16(10, 0xfffe);
	go(20);
	put16(10, 0x1234);
	put16(8, 0x0042);
	go(20);
	put32(4, 3);
	memcpy(sa + 10, "\x01\x02\x03\x04\x05\x06\x07\x08", 8);
	go(20);
	put32(4, 7);
	go(20);

	/* AF_ALG: names that end, that fill their arrays, flags */
	fresh(38);			/* AF_ALG */
	memcpy(sa + 2, "hash", 4);
	memcpy(sa + 24, "sha256", 6);
	go(88);
	put32(16, 0x1000);
	put32(20, 0x1001);
	memcpy(sa + 2, "ABCDEFGHIJKLMN", 14);
	memset(sa + 24, 'x', 64);
	go(88);
	go(30);
	go(25);
	put32(16, 0x20);
	go(24);

	/* AF_NFC: sockaddr_nfc, past it, sockaddr_nfc_llcp */
	fresh(39);			/* AF_NFC */
	put32(4, 1);
	put32(8, 0x42);
	put32(12, 2);			/* NFC_PROTO_MIFARE */
	go(16);
	put32(12, 99);
	go(17);
	sa[16] = 1;			/* LLCP_SAP_SDP */
	sa[17] = 0x20;
	memcpy(sa + 18, "urn:nfc:sn:snep\0xy", 18);
	put64(88, 18);
	go(96);
	put64(88, 1000);
	go(96);

	/* AF_VSOCK: named cids and ports, flags, the reserved fields */
	fresh(40);			/* AF_VSOCK */
	put32(4, 0xffffffff);
	put32(8, 2);
	sa[12] = 1;
	go(16);
	put16(2, 5);
	put32(4, 1024);
	put32(8, 77);
	sa[12] = 0x81;
	sa[14] = 9;
	go(16);

	/* AF_QIPCRTR */
	fresh(42);			/* AF_QIPCRTR */
	put32(4, 0xffffffff);
	put32(8, 0xfffffffe);
	go(12);
	put32(4, 5);
	put32(8, 6);
	go(12);

	/* AF_XDP: the shared umem's fd (not open) with the flag, a number */
	fresh(44);			/* AF_XDP */
	put16(2, 0x1 | 0x8);
	put32(4, 1);
	put32(8, 3);
	put32(12, 1000);
	go(16);
	put32(12, 0);			/* stdin, open: -y describes it */
	go(16);
	put32(12, 1000);
	put16(2, 0x4 | 0x40);
	put32(4, 0);
	go(16);
	put32(12, 0);
	put16(2, 0x80);
	go(16);

	/* AF_MCTP: named network and addresses, the padding */
	fresh(45);			/* AF_MCTP */
	sa[8] = 0xff;
	go(12);
	put16(2, 1);
	put32(4, 12);
	sa[8] = 9;
	sa[9] = 1;
	sa[10] = 8;
	sa[11] = 3;
	go(12);

	/* AF_AX25: sane, odd and unprintable calls, digipeaters */
	fresh(AF_AX25);
	ax25(2, "N0CALL", 7);
	go(16);
	put32(12, 2);
	ax25(16, "RELAY", 1);
	ax25(23, "", 0);
	go(30);
	go(31);
	put32(12, 9);
	ax25(16, "low", 3);
	go(37);
	sa[2] = 0x01;
	go(16);
	put32(12, 0);
	ax25(2, "AB", 12);
	sa[8] |= 0x20;
	go(16);

	/* AF_BLUETOOTH: each struct by its length, PSMs and CIDs */
	fresh(AF_BLUETOOTH);
	put16(2, 3);
	put16(4, 1);
	go(4);
	go(6);
	put16(4, 9);
	go(6);
	memcpy(sa + 2, "\x11\x22\x33\x44\x55\x66", 6);
	go(8);
	sa[8] = 7;
	go(10);
	go(11);
	fresh(AF_BLUETOOTH);
	put16(2, 0x0003);		/* L2CAP_PSM_RFCOMM */
	memcpy(sa + 4, "\xaa\xbb\xcc\xdd\xee\xff", 6);
	put16(10, 0x0004);		/* L2CAP_CID_ATT */
	sa[12] = 1;
	go(14);
	go(12);
	put16(2, 0x0085);		/* LE dynamic */
	put16(10, 0x0041);		/* dynamic */
	sa[12] = 9;
	go(14);
	put16(2, 0x1005);
	put16(10, 0x0010);
	go(14);
	put16(2, 0x0005);
	go(14);

	/* AF_IPX and AF_X25 */
	fresh(AF_IPX);
	put16(2, 0x3930);
	put32(4, 0x01020304);
	memcpy(sa + 8, "\x00\x11\x22\x33\x44\x55", 6);
	sa[14] = 4;
	go(16);
	sa[15] = 1;
	go(16);
	fresh(AF_X25);
	memcpy(sa + 2, "31337", 5);
	go(18);
	memcpy(sa + 2, "0123456789abcdef", 16);
	go(18);
	return 0;
}
