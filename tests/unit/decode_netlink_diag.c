// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: NETLINK_SOCK_DIAG's requests and answers sent with sendto
 * (fmt_diag.c, fmt_diag_attrs.c), whole lines as strace 6.1 prints them
 * (its netlink_sock_diag and nlattr_*_diag_* tests): a request's struct
 * by its family, inet's struct inet_diag_sockid nested with its
 * addresses of the message's family (an smc socket's always IPv4), the
 * old TCPDIAG_GETSOCK request, a lone family byte, the bytecode of an
 * inet request, an answer's attributes: structs, a uid, arrays of
 * structs, names strace shows in the verbose style whatever -X says
 * (but raw), bit fields, nested sets.
 */
#include <arpa/inet.h>
#include <linux/inet_diag.h>
#include <linux/packet_diag.h>
#include <linux/smc_diag.h>
#include <linux/sock_diag.h>
#include <linux/tls.h>
#include <netinet/in.h>

#include "check_netlink.h"

/* -X raw: an IPv4 address field's 16 bytes */
#define Z4 "\\x00\\x00\\x00\\x00"
#define Z16 Z4 Z4 Z4 Z4
#define REQ(len, type) "sendto(3, [{nlmsg_len=" #len ", nlmsg_type=" \
	type ", nlmsg_flags=NLM_F_REQUEST, nlmsg_seq=0, nlmsg_pid=0}, "

static void test_requests(void)
{
	struct inet_diag_req_v2 r = {
		.sdiag_family = AF_INET6, .sdiag_protocol = IPPROTO_TCP,
		.idiag_ext = 1 << (INET_DIAG_CONG - 1),
		.idiag_states = 1 << 7 | 1 << 13,
		.id = { .idiag_sport = htons(8080), .idiag_if = 1,
			.idiag_cookie = { 1, 2 } },
	};
	struct inet_diag_req c = { .idiag_family = AF_INET,
				   .idiag_src_len = 4 };
	struct smc_diag_req s = { .diag_family = AF_SMC, .diag_ext = 4 };
	uint8_t bc[16] = { INET_DIAG_BC_S_COND, 0, 16, 0, AF_INET, 8, 0, 0,
			   0x50, 0, 0, 0, 10, 0, 0, 1 };
	uint8_t family = AF_INET;
	uint32_t proto = IPPROTO_UDP;

	r.id.idiag_src[3] = htonl(1);
	r.id.idiag_dst[3] = htonl(1);
	start(SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST);
	put(&r, sizeof(r));
	attr(INET_DIAG_REQ_BYTECODE, bc, sizeof(bc));
	attr(INET_DIAG_REQ_PROTOCOL, &proto, sizeof(proto));
	CHECK_STR(sent(1, XSTYLE_ABBREV), REQ(100, "SOCK_DIAG_BY_FAMILY")
		  "{sdiag_family=AF_INET6, sdiag_protocol=IPPROTO_TCP, "
		  "idiag_ext=1<<(INET_DIAG_CONG-1), idiag_states=1<<TCP_CLOSE"
		  "|0x2000, id={idiag_sport=htons(8080), idiag_dport=htons(0), "
		  "inet_pton(AF_INET6, \"::1\", &idiag_src), inet_pton(AF_INET6,"
		  " \"::1\", &idiag_dst), idiag_if=if_nametoindex(\"lo\"), "
		  "idiag_cookie=[1, 2]}}, [[{nla_len=20, nla_type="
		  "INET_DIAG_REQ_BYTECODE}, {code=INET_DIAG_BC_S_COND, yes=0, "
		  "no=16}, {family=AF_INET, prefix_len=8, port=80, "
		  "addr=inet_addr(\"10.0.0.1\")}], [{nla_len=8, nla_type="
		  "INET_DIAG_REQ_PROTOCOL}, IPPROTO_UDP]]" TAIL(100));
	/* the old request, by its message type */
	start(TCPDIAG_GETSOCK, NLM_F_REQUEST);
	put(&c, sizeof(c));
	CHECK_STR(sent(0, XSTYLE_ABBREV), REQ(76, "TCPDIAG_GETSOCK")
		  "{idiag_family=AF_INET, idiag_src_len=4, idiag_dst_len=0, "
		  "idiag_ext=0, id={idiag_sport=htons(0), idiag_dport=htons(0),"
		  " idiag_src=inet_addr(\"0.0.0.0\"), idiag_dst=inet_addr("
		  "\"0.0.0.0\"), idiag_if=0, idiag_cookie=[0, 0]}, "
		  "idiag_states=0, idiag_dbs=0}" TAIL(76));
	/* an smc socket's addresses are IPv4 */
	start(SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST);
	put(&s, sizeof(s));
	CHECK_STR(sent(0, XSTYLE_ABBREV), REQ(68, "SOCK_DIAG_BY_FAMILY")
		  "{diag_family=AF_SMC, diag_ext=0x4 /* 1<<SMC_DIAG_\?\?\?-1 */, "
		  "id={idiag_sport=htons(0), idiag_dport=htons(0), "
		  "idiag_src=inet_addr(\"0.0.0.0\"), idiag_dst=inet_addr("
		  "\"0.0.0.0\"), idiag_if=0, idiag_cookie=[0, 0]}}" TAIL(68));
	/* a family alone */
	start(SOCK_DIAG_BY_FAMILY, NLM_F_REQUEST);
	put(&family, 1);
	CHECK_STR(sent(0, XSTYLE_ABBREV), REQ(17, "SOCK_DIAG_BY_FAMILY")
		  "{family=AF_INET}" TAIL(17));
}

static void test_packet(void)
{
	struct packet_diag_msg m = { .pdiag_family = AF_PACKET,
				     .pdiag_type = SOCK_RAW,
				     .pdiag_num = 3 /* ETH_P_ALL */ };
	struct packet_diag_info i = { .pdi_index = 1, .pdi_version = 2,
				      .pdi_flags = PDI_RUNNING | 0x40 };
	struct packet_diag_mclist ml = { .pdmc_index = 2, .pdmc_alen = 2,
					 .pdmc_addr = { 0xaa, 0xbb, 0xcc } };
	uint32_t uid = 0xffffffff;

	start(SOCK_DIAG_BY_FAMILY, NLM_F_DUMP);
	put(&m, sizeof(m));
	attr(PACKET_DIAG_INFO, &i, sizeof(i));
	attr(PACKET_DIAG_UID, &uid, sizeof(uid));
	attr(PACKET_DIAG_MCLIST, &ml, sizeof(ml));
	CHECK_STR(sent(1, XSTYLE_ABBREV), NLH(116, "SOCK_DIAG_BY_FAMILY")
		  "{pdiag_family=AF_PACKET, pdiag_type=SOCK_RAW, "
		  "pdiag_num=ETH_P_ALL, pdiag_ino=0, pdiag_cookie=[0, 0]}, "
		  "[[{nla_len=28, nla_type=PACKET_DIAG_INFO}, {pdi_index="
		  "if_nametoindex(\"lo\"), pdi_version=TPACKET_V3, "
		  "pdi_reserve=0, pdi_copy_thresh=0, pdi_tstamp=0, pdi_flags="
		  "PDI_RUNNING|0x40}], [{nla_len=8, nla_type=PACKET_DIAG_UID}, "
		  "-1], [{nla_len=48, nla_type=PACKET_DIAG_MCLIST}, "
		  "[{pdmc_index=2, pdmc_count=0, pdmc_type=0, pdmc_alen=2, "
		  "pdmc_addr=\"\\xaa\\xbb\"}]]]" TAIL(116));
}

static void test_inet_smc(void)
{
	struct inet_diag_msg m = { .idiag_family = AF_INET,
				   .idiag_state = 10 /* TCP_LISTEN */ };
	struct smc_diag_msg s = { .diag_family = AF_SMC, .diag_state = 1 };
	const uint32_t fb[2] = { 0x3020000, 0x99999999 };
	const uint16_t opt = 0x0101, ver = TLS_1_2_VERSION;
	const uint8_t shut = 3;
	size_t ulp, tls;

	start(SOCK_DIAG_BY_FAMILY, NLM_F_DUMP);
	put(&m, sizeof(m));
	attr(INET_DIAG_SHUTDOWN, &shut, 1);
	attr(INET_DIAG_SOCKOPT, &opt, sizeof(opt));
	ulp = nest(INET_DIAG_ULP_INFO);
	tls = nest(INET_ULP_INFO_TLS);
	attr(TLS_INFO_VERSION, &ver, sizeof(ver));
	nest_end(tls);
	nest_end(ulp);
	CHECK_STR(sent(0, XSTYLE_ABBREV), NLH(120, "SOCK_DIAG_BY_FAMILY")
		  "{idiag_family=AF_INET, idiag_state=TCP_LISTEN, idiag_timer=0,"
		  " idiag_retrans=0, id={idiag_sport=htons(0), idiag_dport="
		  "htons(0), idiag_src=inet_addr(\"0.0.0.0\"), idiag_dst="
		  "inet_addr(\"0.0.0.0\"), idiag_if=0, idiag_cookie=[0, 0]}, "
		  "idiag_expires=0, idiag_rqueue=0, idiag_wqueue=0, idiag_uid=0,"
		  " idiag_inode=0}, [[{nla_len=5, nla_type=INET_DIAG_SHUTDOWN}, "
		  "0x3 /* RCV_SHUTDOWN|SEND_SHUTDOWN */], [{nla_len=6, nla_type="
		  "INET_DIAG_SOCKOPT}, {recverr=1, bind_address_no_port=1}], "
		  "[{nla_len=16, nla_type=INET_DIAG_ULP_INFO}, [{nla_len=12, "
		  "nla_type=INET_ULP_INFO_TLS}, [{nla_len=6, nla_type="
		  "TLS_INFO_VERSION}, TLS_1_2_VERSION]]]]" TAIL(120));
	CHECK_STR(sent(0, XSTYLE_RAW), "sendto(3, [{nlmsg_len=120, "
		  "nlmsg_type=0x14, nlmsg_flags=0x300, nlmsg_seq=0, nlmsg_pid=0},"
		  " {idiag_family=0x2, idiag_state=0xa, idiag_timer=0, "
		  "idiag_retrans=0, id={idiag_sport=htons(0), idiag_dport="
		  "htons(0), idiag_src=\"" Z16 "\", idiag_dst=\"" Z16 "\", "
		  "idiag_if=0, idiag_cookie=[0, 0]}, "
		  "idiag_expires=0, idiag_rqueue=0, idiag_wqueue=0, idiag_uid=0,"
		  " idiag_inode=0}, [[{nla_len=5, nla_type=0x8}, 0x3], "
		  "[{nla_len=6, nla_type=0x16}, {recverr=1, "
		  "bind_address_no_port=1}], [{nla_len=16, nla_type=0x13}, "
		  "[{nla_len=12, nla_type=0x2}, [{nla_len=6, nla_type=0x1}, "
		  "0x303]]]]], 120, 0x40, NULL, 0) = 120");
	start(SOCK_DIAG_BY_FAMILY, NLM_F_DUMP);
	put(&s, sizeof(s));
	attr(SMC_DIAG_FALLBACK, fb, sizeof(fb));
	CHECK_STR(sent(0, XSTYLE_ABBREV), NLH(92, "SOCK_DIAG_BY_FAMILY")
		  "{diag_family=AF_SMC, diag_state=SMC_ACTIVE, diag_fallback="
		  "SMC_DIAG_MODE_SMCR, diag_shutdown=0, id={idiag_sport=htons(0)"
		  ", idiag_dport=htons(0), idiag_src=inet_addr(\"0.0.0.0\"), "
		  "idiag_dst=inet_addr(\"0.0.0.0\"), idiag_if=0, idiag_cookie=[0,"
		  " 0]}, diag_uid=0, diag_inode=0}, [{nla_len=12, nla_type="
		  "SMC_DIAG_FALLBACK}, {reason=0x3020000 /* SMC_CLC_DECL_IPSEC "
		  "*/, peer_diagnosis=0x99999999 /* SMC_CLC_DECL_??? */}]"
		  TAIL(92));
}

int main(void)
{
	fo.if_name = names;
	sock_proto = NETLINK_SOCK_DIAG;
	test_requests();
	test_packet();
	test_inet_smc();
	CHECK_DONE();
}
