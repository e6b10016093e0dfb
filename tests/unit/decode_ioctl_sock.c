// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: socket ioctls (type 0x89), lines as strace 6.1 prints them
 * (its ioctl_sock.gen test has the rest): an int read at entry and one
 * filled at exit (not after a failure), a bridge's name, struct ifreq set
 * whole and got in two halves, an interface index named only when it is
 * of etrace's namespace, a struct that could not be read whole as the
 * pointer, NULL, a request of the type etrace does not know, and
 * SIOCGIFCONF's length and list.
 */
#include <linux/if_arp.h>
#include <linux/ioctl.h>
#include <linux/sockios.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

static int lo_name(const void *ctx, uint32_t index, char *name)
{
	if (index != 1)
		return 0;
	strcpy(name, "lo");
	return 1;
}

int main(void)
{
	uint8_t ifr[40], half[20];
	int32_t v = 4242;
	struct cap kv = CAP(&v, 4), k = CAP(ifr, 40), kh = CAP(half, 20);
	struct sc_call c;

	fo.if_name = lo_name;
	c = CALL(SYS_ioctl, 0, 3, FIOSETOWN, 0x7f0000001000);
	c.cap[2] = &kv;
	CHECK_STR(run(&c), "ioctl(3, FIOSETOWN, [4242]) = 0");
	c = CALL(SYS_ioctl, 0, 3, SIOCGPGRP, 0x7f0000001000);
	c.cap_out[2] = &kv;
	CHECK_STR(run(&c), "ioctl(3, SIOCGPGRP, [4242]) = 0");
	/* failed: the kernel wrote nothing */
	c.ret = -14;
	CHECK_STR(run(&c), "ioctl(3, SIOCGPGRP, 0x7f0000001000) = -1 EFAULT "
		  "(Bad address)");
	c = CALL(SYS_ioctl, -9, -1, SIOCATMARK, 0);
	CHECK_STR(run(&c), "ioctl(-1, SIOCATMARK, NULL) = -1 EBADF (Bad file "
		  "descriptor)");
	c = CALL(SYS_ioctl, -9, -1, SIOCADDRT, 0);
	CHECK_STR(run(&c), "ioctl(-1, SIOCADDRT, NULL) = -1 EBADF (Bad file "
		  "descriptor)");
	c = CALL(SYS_ioctl, -9, -1, _IO(0x89, 0xff), 0);
	CHECK_STR(run(&c), "ioctl(-1, _IOC(_IOC_NONE, 0x89, 0xff, 0), 0) = -1 "
		  "EBADF (Bad file descriptor)");

	/* a bridge's name: up to its NUL, or 16 bytes and "..." */
	memcpy(ifr, "br0\0", 4);
	c = CALL(SYS_ioctl, 0, 3, SIOCBRADDBR, 0x7f0000001000);
	c.cap[2] = &k;
	CHECK_STR(run(&c), "ioctl(3, SIOCBRADDBR, \"br0\") = 0");
	memcpy(ifr, "0123456789abcdefXYZ", 20);
	CHECK_STR(run(&c), "ioctl(3, SIOCBRADDBR, \"0123456789abcdef\"...) = 0");
	memcpy(half, "0123456789", 10);
	c.cap[2] = &kh;
	kh.len = 10;
	CHECK_STR(run(&c), "ioctl(3, SIOCBRADDBR, 0x7f0000001000) = 0");

	/* ifreq, set: whole at entry */
	memset(ifr, 0, sizeof(ifr));
	memcpy(ifr, "eth0", 4);
	ifr[16] = 0xdc;
	ifr[17] = 0x05;
	c = CALL(SYS_ioctl, 0, 3, SIOCSIFMTU, 0x7f0000001000);
	c.cap[2] = &k;
	CHECK_STR(run(&c), "ioctl(3, SIOCSIFMTU, {ifr_name=\"eth0\", "
		  "ifr_mtu=1500}) = 0");
	c = CALL(SYS_ioctl, 0, 3, SIOCSIFFLAGS, 0x7f0000001000);
	c.cap[2] = &k;
	ifr[16] = 0x41;
	ifr[17] = 0x10;
	CHECK_STR(run(&c), "ioctl(3, SIOCSIFFLAGS, {ifr_name=\"eth0\", "
		  "ifr_flags=IFF_UP|IFF_RUNNING|IFF_MULTICAST}) = 0");
	memset(ifr + 16, 0, 24);
	ifr[16] = ARPHRD_ETHER;
	memcpy(ifr + 18, "\x02\x42\xac\x11\x00\x02\x99\x99", 8);
	c = CALL(SYS_ioctl, 0, 3, SIOCSIFHWADDR, 0x7f0000001000);
	c.cap[2] = &k;
	CHECK_STR(run(&c), "ioctl(3, SIOCSIFHWADDR, {ifr_name=\"eth0\", "
		  "ifr_hwaddr={sa_family=ARPHRD_ETHER, sa_data=02:42:ac:11:00:02"
		  "}}) = 0");
	/* fewer than 40 bytes: the pointer */
	c.cap[2] = &kh;
	kh.len = 20;
	CHECK_STR(run(&c), "ioctl(3, SIOCSIFHWADDR, 0x7f0000001000) = 0");

	/* ifreq, got: the name at entry, the member at exit */
	memset(ifr, 0, sizeof(ifr));
	memcpy(ifr, "lo", 2);
	ifr[16] = 1;
	c = CALL(SYS_ioctl, 0, 3, SIOCGIFINDEX, 0x7f0000001000);
	c.cap[2] = &k;
	c.cap_out[2] = &k;
	CHECK_STR(run_entry(&c), "ioctl(3, SIOCGIFINDEX, {ifr_name=\"lo\"");
	CHECK_STR(run(&c), "ioctl(3, SIOCGIFINDEX, {ifr_name=\"lo\", "
		  "ifr_ifindex=1}) = 0");
	c.ret = -19;
	CHECK_STR(run(&c), "ioctl(3, SIOCGIFINDEX, {ifr_name=\"lo\"}) = -1 "
		  "ENODEV (No such device)");
	c = CALL(SYS_ioctl, 0, 3, SIOCGIFNAME, 0x7f0000001000);
	c.cap[2] = &k;
	c.cap_out[2] = &k;
	CHECK_STR(run(&c), "ioctl(3, SIOCGIFNAME, {ifr_ifindex=1, "
		  "ifr_name=\"lo\"}) = 0");

	/* an index: named when it is of etrace's namespace */
	c = CALL(SYS_ioctl, 0, 3, SIOCBRADDIF, 0x7f0000001000);
	c.cap[2] = &k;
	CHECK_STR(run(&c), "ioctl(3, SIOCBRADDIF, {ifr_ifindex=1}) = 0");
	k.nlproto = NLPROTO_OWN_NS;
	CHECK_STR(run(&c), "ioctl(3, SIOCBRADDIF, {ifr_ifindex="
		  "if_nametoindex(\"lo\")}) = 0");

	/* SIOCGIFCONF: no list (the length needed), a list, -s of it */
	{
		uint8_t in[16] = { 0 }, outs[16] = { 0 }, list[120] = { 0 };
		struct cap ki = CAP(in, 16), ko = CAP(outs, 16);
		struct cap kl = CAP(list, 80);

		outs[0] = 80;
		c = CALL(SYS_ioctl, 0, 3, SIOCGIFCONF, 0x7f0000001000);
		c.cap[2] = &ki;
		c.cap_out[2] = &ko;
		CHECK_STR(run(&c), "ioctl(3, SIOCGIFCONF, {ifc_len=80 /* 2 * "
			  "sizeof(struct ifreq) */, ifc_buf=NULL}) = 0");
		in[0] = 82;
		memcpy(in + 8, "\x00\x20\x00\x00\x7f\x00\x00\x00", 8);
		memcpy(outs + 8, in + 8, 8);
		memcpy(list, "lo", 2);
		list[16] = 2;	/* AF_INET, 127.0.0.1 */
		list[20] = 127;
		list[23] = 1;
		memcpy(list + 40, "eth0", 4);
		list[56] = 2;
		list[60] = 10;
		list[63] = 2;
		c.inner[1] = &kl;
		CHECK_STR(run(&c), "ioctl(3, SIOCGIFCONF, {ifc_len=82 => 80 /* "
			  "2 * sizeof(struct ifreq) */, ifc_buf=[{ifr_name=\"lo\", "
			  "ifr_addr={sa_family=AF_INET, sin_port=htons(0), "
			  "sin_addr=inet_addr(\"127.0.0.1\")}}, {ifr_name=\"eth0\""
			  ", ifr_addr={sa_family=AF_INET, sin_port=htons(0), "
			  "sin_addr=inet_addr(\"10.0.0.2\")}}]}) = 0");
		fo.strsize = 1;
		CHECK_STR(run(&c), "ioctl(3, SIOCGIFCONF, {ifc_len=82 => 80 /* "
			  "2 * sizeof(struct ifreq) */, ifc_buf=[{ifr_name=\"lo\", "
			  "ifr_addr={sa_family=AF_INET, sin_port=htons(0), "
			  "sin_addr=inet_addr(\"127.0.0.1\")}}, ...]}) = 0");
		fo.strsize = 32;
		/* failed: the length given, the pointer */
		in[0] = 80;
		c.ret = -14;
		CHECK_STR(run(&c), "ioctl(3, SIOCGIFCONF, {ifc_len=80 /* 2 * "
			  "sizeof(struct ifreq) */, ifc_buf=0x7f00002000}) = -1 "
			  "EFAULT (Bad address)");
	}
	CHECK_DONE();
}
