// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: what bpf(2)'s attr points to and holds beyond its numbers
 * (cap_bpfattr.bpf.c's copies): BPF_PROG_LOAD's license and log_buf
 * strings (cut at -s, no NUL in the log's bytes, a log_size of 0, a
 * string that could not be read: the pointer) and with -v its insns
 * (whole, ended by the memory, not copied); -y's fds in the attr and
 * the fd a command returns; BPF_OBJ_GET_INFO_BY_FD split at its exit
 * (info_len's change, the entry half alone, an attr not read at exit:
 * its address as strace prints it) and with -v a map's struct
 * bpf_map_info (a short info copy: the pointer).
 */
#include <linux/bpf.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include "check_decode.h"

/* the attr, then two strings: the copy's three pieces */
struct pieces {
	uint8_t buf[512];
	struct cap k;
};

static const struct cap *join(struct pieces *m, const void *a, uint32_t n,
			      const char *s1, uint32_t n1, const char *s2,
			      uint32_t n2)
{
	memset(&m->k, 0, sizeof(m->k));
	memcpy(m->buf, a, n);
	memcpy(m->buf + n, s1, n1);
	memcpy(m->buf + n + n1, s2, n2);
	m->k.p = m->buf;
	m->k.len = n + n1 + n2;
	m->k.npieces = 3;
	m->k.piece[0] = n;
	m->k.piece[1] = n1;
	m->k.piece[2] = n2;
	return &m->k;
}

static void prog_strings(void)
{
	static uint8_t a[48];
	uint32_t v[] = { BPF_PROG_TYPE_SOCKET_FILTER, 1, 0x1000, 0, 0x3000, 0,
			 7, 4, 0x4000, 0 };
	struct pieces m;
	struct sc_call c = CALL(SYS_bpf, -22, BPF_PROG_LOAD, 0x2000, 48);

	memcpy(a, v, sizeof(v));
	c.cap[1] = join(&m, a, sizeof(a), "GPL", 3, "log ", 4);
	CHECK_STR(run(&c), "bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_"
		  "SOCKET_FILTER, insn_cnt=1, insns=0x1000, license=\"GPL\", "
		  "log_level=7, log_size=4, log_buf=\"log \"..., kern_version="
		  "KERNEL_VERSION(0, 0, 0), prog_flags=0}, 48) = -1 EINVAL "
		  "(Invalid argument)");
	/* a NUL in the log's bytes; a license longer than -s */
	fo.strsize = 4;
	c.cap[1] = join(&m, a, sizeof(a), "BSD/GPL", 5, "ab", 2);
	CHECK_STR(run(&c), "bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_"
		  "SOCKET_FILTER, insn_cnt=1, insns=0x1000, license=\"BSD/\"..., "
		  "log_level=7, log_size=4, log_buf=\"ab\", kern_version="
		  "KERNEL_VERSION(0, 0, 0), prog_flags=0}, 48) = -1 EINVAL "
		  "(Invalid argument)");
	fo.strsize = 32;
	/* neither string read: their pointers; a log_size of 0: "" */
	c.cap[1] = join(&m, a, sizeof(a), "", 0, "", 0);
	m.k.holes = 0x6;
	a[28] = 0;
	c.cap[1] = join(&m, a, sizeof(a), "", 0, "", 0);
	m.k.holes = 0x2;
	CHECK_STR(run(&c), "bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_"
		  "SOCKET_FILTER, insn_cnt=1, insns=0x1000, license=0x3000, "
		  "log_level=7, log_size=0, log_buf=\"\", kern_version="
		  "KERNEL_VERSION(0, 0, 0), prog_flags=0}, 48) = -1 EINVAL "
		  "(Invalid argument)");
	a[28] = 4;
	c.cap[1] = join(&m, a, sizeof(a), "GPL", 3, "", 0);
	m.k.holes = 0x4;
	CHECK_STR(run(&c), "bpf(BPF_PROG_LOAD, {prog_type=BPF_PROG_TYPE_"
		  "SOCKET_FILTER, insn_cnt=1, insns=0x1000, license=\"GPL\", "
		  "log_level=7, log_size=4, log_buf=0x4000, kern_version="
		  "KERNEL_VERSION(0, 0, 0), prog_flags=0}, 48) = -1 EINVAL "
		  "(Invalid argument)");
}

/* with -v, the instructions: a 4th piece after the strings */
static void prog_insns(void)
{
	static uint8_t a[48];
	static const uint8_t insns[] = {
		0x95, 0xba, 0xad, 0xde, 0xed, 0x0d, 0xdc, 0xba,
		0xb7, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
		0x16, 0x00, 0xff, 0xff, 0x05, 0x00, 0x00, 0x00,
	};
	uint32_t v[] = { BPF_PROG_TYPE_SOCKET_FILTER, 3, 0x1000, 0, 0x3000, 0,
			 0, 0, 0, 0 };
	const char *tail = "license=\"GPL\", log_level=0, log_size=0, "
			   "log_buf=NULL, kern_version=KERNEL_VERSION(0, 0, 0), "
			   "prog_flags=0}, 48) = -1 EINVAL (Invalid argument)";
	const char *one = "{code=BPF_JMP|BPF_K|BPF_EXIT, dst_reg=BPF_REG_10, "
			  "src_reg=0xb /* BPF_REG_??? */, off=-8531, "
			  "imm=0xbadc0ded}";
	char want[1024];
	struct pieces m;
	struct sc_call c = CALL(SYS_bpf, -22, BPF_PROG_LOAD, 0x2000, 48);

	memcpy(a, v, sizeof(v));
	c.cap[1] = join(&m, a, sizeof(a), "GPL", 3, "", 0);
	memcpy(m.buf + m.k.len, insns, sizeof(insns));
	m.k.len += sizeof(insns);
	m.k.piece[3] = sizeof(insns);
	m.k.npieces = 4;
	fo.verbose = 1;
	snprintf(want, sizeof(want), "bpf(BPF_PROG_LOAD, {prog_type="
		 "BPF_PROG_TYPE_SOCKET_FILTER, insn_cnt=3, insns=[%s, "
		 "{code=BPF_ALU64|BPF_K|BPF_MOV, dst_reg=BPF_REG_1, "
		 "src_reg=BPF_REG_0, off=0, imm=0}, {code=BPF_JMP32|0x10 "
		 "/* BPF_??? */, dst_reg=BPF_REG_0, src_reg=BPF_REG_0, off=-1, "
		 "imm=0x5}], %s", one, tail);
	CHECK_STR(run(&c), want);
	/* the memory ended after one: where */
	m.k.len -= 16;
	m.k.piece[3] = 8;
	snprintf(want, sizeof(want), "bpf(BPF_PROG_LOAD, {prog_type="
		 "BPF_PROG_TYPE_SOCKET_FILTER, insn_cnt=3, insns=[%s, ... /* "
		 "0x1008 */], %s", one, tail);
	CHECK_STR(run(&c), want);
	/* not copied (more than 1023): the pointer; without -v too */
	m.k.holes = 0x8;
	snprintf(want, sizeof(want), "bpf(BPF_PROG_LOAD, {prog_type="
		 "BPF_PROG_TYPE_SOCKET_FILTER, insn_cnt=3, insns=0x1000, %s",
		 tail);
	CHECK_STR(run(&c), want);
	m.k.holes = 0;
	fo.verbose = 0;
	CHECK_STR(run(&c), want);
}

static const char devnull[] = "/dev/null", map[] = "bpf-map";

static void fds(void)
{
	static uint8_t a[72];
	struct cap k = CAP(a, 52);
	struct fd_desc dn = { .kind = FD_PATH, .mode = S_IFCHR | 0666,
			      .name = (const uint8_t *)devnull,
			      .namelen = sizeof(devnull) - 1, .fd = 0 };
	struct fd_desc dm = { .kind = FD_ANON, .name = (const uint8_t *)map,
			      .namelen = sizeof(map) - 1 };
	struct sc_call c = CALL(SYS_bpf, 4, BPF_MAP_CREATE, 0x1000, 52);

	a[0] = BPF_MAP_TYPE_ARRAY;
	c.cap[1] = &k;
	c.fd[FD_SLOT_SET0] = &dn;
	c.fd[FD_SLOT_RET] = &dm;
	fo.fds = DECODE_FD_PATH;
	CHECK_STR(run(&c), "bpf(BPF_MAP_CREATE, {map_type=BPF_MAP_TYPE_ARRAY, "
		  "key_size=0, value_size=0, max_entries=0, map_flags=0, "
		  "inner_map_fd=0</dev/null>, map_name=\"\", map_ifindex=0, "
		  "btf_fd=0</dev/null>, btf_key_type_id=0, btf_value_type_id=0}, "
		  "52) = 4<anon_inode:bpf-map>");
	/* an attr not read: strace prints neither */
	k.len = 40;
	CHECK_STR(run(&c), "bpf(BPF_MAP_CREATE, 0x1000, 52) = 4");
	/* a command that returns no fd */
	k.len = 52;
	c.args[0] = BPF_MAP_FREEZE;
	c.ret = 0;
	a[0] = 0;
	a[8] = 1;
	CHECK_STR(run(&c), "bpf(BPF_MAP_FREEZE, {map_fd=0</dev/null>, "
		  "...}, 52) = 0");
	fo.fds = 0;
}

/* bpf_map_info: an array map named "m" */
static void map_info_bytes(uint8_t *p)
{
	memset(p, 0, 88);
	p[0] = BPF_MAP_TYPE_ARRAY;
	p[4] = 9;
	p[8] = 4;
	p[12] = 8;
	p[16] = 1;
	p[24] = 'm';
}

static void get_info(void)
{
	static uint8_t in[16], ex[16 + 88];
	struct cap k = CAP(in, 16), x = CAP(ex, 16);
	struct fd_desc dm = { .kind = FD_ANON, .name = (const uint8_t *)map,
			      .namelen = sizeof(map) - 1, .fd = 4 };
	struct sc_call c = CALL(SYS_bpf, 0, BPF_OBJ_GET_INFO_BY_FD, 0x1000,
				16);

	in[0] = 4;
	in[4] = 152;
	in[8] = 0x10;
	in[10] = 0x20;
	memcpy(ex, in, 16);
	ex[4] = 88;
	c.cap[1] = &k;
	c.cap_out[1] = &x;
	c.fd[FD_SLOT_SET0] = &dm;
	fo.fds = DECODE_FD_PATH;
	CHECK_STR(run(&c), "bpf(BPF_OBJ_GET_INFO_BY_FD, {info={bpf_fd=4"
		  "<anon_inode:bpf-map>, info_len=152 => 88, info=0x200010}}, "
		  "16) = 0");
	CHECK_STR(run_entry(&c), "bpf(BPF_OBJ_GET_INFO_BY_FD, {info={bpf_fd="
		  "4<anon_inode:bpf-map>, info_len=152");
	/* -v: the map's info, from the exit's second piece */
	map_info_bytes(ex + 16);
	x.len = 16 + 88;
	x.npieces = 2;
	x.piece[0] = 16;
	x.piece[1] = 88;
	fo.verbose = 1;
	CHECK_STR(run(&c), "bpf(BPF_OBJ_GET_INFO_BY_FD, {info={bpf_fd=4"
		  "<anon_inode:bpf-map>, info_len=152 => 88, info={type="
		  "BPF_MAP_TYPE_ARRAY, id=9, key_size=4, value_size=8, "
		  "max_entries=1, map_flags=0, name=\"m\", ifindex=0, "
		  "btf_vmlinux_value_type_id=0, netns_dev=makedev(0, 0), "
		  "netns_ino=0, btf_id=0, btf_key_type_id=0, "
		  "btf_value_type_id=0}}}, 16) = 0");
	/* a program's info (strace reads it otherwise): the pointer */
	dm.namelen = 6;
	CHECK_STR(run(&c), "bpf(BPF_OBJ_GET_INFO_BY_FD, {info={bpf_fd=4"
		  "<anon_inode:bpf-ma>, info_len=152 => 88, info=0x200010}}, "
		  "16) = 0");
	dm.namelen = sizeof(map) - 1;
	/* the info copied short: its pointer */
	x.len = 16 + 80;
	x.piece[1] = 80;
	CHECK_STR(run(&c), "bpf(BPF_OBJ_GET_INFO_BY_FD, {info={bpf_fd=4"
		  "<anon_inode:bpf-map>, info_len=152 => 88, info=0x200010}}, "
		  "16) = 0");
	fo.verbose = 0;
	fo.fds = 0;
	/* the attr not read at exit: its address after info_len */
	c.cap_out[1] = NULL;
	c.ret = -14;
	CHECK_STR(run(&c), "bpf(BPF_OBJ_GET_INFO_BY_FD, {info={bpf_fd=4, "
		  "info_len=1520x1000, 16) = -1 EFAULT (Bad address)");
}

int main(void)
{
	prog_strings();
	prog_insns();
	fds();
	get_info();
	CHECK_DONE();
}
