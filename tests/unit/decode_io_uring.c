// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: io_uring_register as strace 6.1 prints it (its io_uring.c,
 * lines as its io_uring_register test expects them): arrays up to where
 * the memory ends ("... / * addr * /"), -s's abbreviation, fds with -y's
 * notes, a files update's IORING_REGISTER_FILES_SKIP, a zeroed probe
 * printed at exit, worker counts again at exit, the *2 structs with
 * their data, tags and the bytes after them, opcodes strace 6.1 lacks;
 * io_uring_setup's params at entry and what the kernel filled at exit.
 */
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <linux/io_uring.h>

#include "check_decode.h"

#define ADDR	0x1000

/* a copy of four pieces: the argument, the data, the tags, the tail */
struct ur {
	uint8_t buf[512];
	struct cap k;
};

static struct cap *ur_make(struct ur *m, const void *a, uint32_t an,
			   const void *d, uint32_t dn, const void *t,
			   uint32_t tn, const void *tail, uint32_t tailn)
{
	const void *src[4] = { a, d, t, tail };
	uint32_t len[4] = { an, dn, tn, tailn }, at = 0;

	memset(m, 0, sizeof(*m));
	for (int j = 0; j < 4; j++) {
		if (src[j])
			memcpy(m->buf + at, src[j], len[j]);
		m->k.piece[j] = src[j] ? len[j] : 0;
		at += m->k.piece[j];
	}
	m->k.p = m->buf;
	m->k.len = at;
	m->k.npieces = 4;
	return &m->k;
}

static void check_arrays(void)
{
	int32_t fds[3] = { 3, 0, -1 }, upd[3] = { 3, -2, -3 };
	uint8_t fu[16] = { 1 };
	uint64_t fdsp = 0x2000;
	static const char full[] = "/dev/full";
	struct fd_desc d = { .kind = FD_PATH, .mode = S_IFCHR | 0666,
			     .name = (const uint8_t *)full,
			     .namelen = sizeof(full) - 1, .fd = 3 };
	struct ur m;
	struct sc_call c;

	c = CALL(SYS_io_uring_register, -95, 0, IORING_REGISTER_FILES, ADDR, 3);
	c.cap[2] = ur_make(&m, fds, 12, NULL, 0, NULL, 0, NULL, 0);
	c.fd[FD_SLOT_SET0 + 1] = &d;
	fo.fds = DECODE_FD_PATH;
	CHECK_STR(run(&c), "io_uring_register(0, IORING_REGISTER_FILES, "
		  "[3</dev/full>, 0, -1], 3) = -1 EOPNOTSUPP (Operation not "
		  "supported)");
	fo.fds = 0;
	/* the memory ends after two: where, in a comment */
	c.cap[2] = ur_make(&m, fds, 8, NULL, 0, NULL, 0, NULL, 0);
	CHECK_STR(run(&c), "io_uring_register(0, IORING_REGISTER_FILES, "
		  "[3, 0, ... /* 0x1008 */], 3) = -1 EOPNOTSUPP (Operation not "
		  "supported)");
	/* none could be read: the address */
	m.k.holes = 1;
	CHECK_STR(run(&c), "io_uring_register(0, IORING_REGISTER_FILES, 0x1000,"
		  " 3) = -1 EOPNOTSUPP (Operation not supported)");
	/* -s 2: two, then "..." */
	c.cap[2] = ur_make(&m, fds, 12, NULL, 0, NULL, 0, NULL, 0);
	fo.strsize = 2;
	CHECK_STR(run(&c), "io_uring_register(0, IORING_REGISTER_FILES, "
		  "[3, 0, ...], 3) = -1 EOPNOTSUPP (Operation not supported)");
	fo.strsize = 32;

	memcpy(fu + 8, &fdsp, 8);
	c = CALL(SYS_io_uring_register, -95, 0, IORING_REGISTER_FILES_UPDATE,
		 ADDR, 3);
	c.cap[2] = ur_make(&m, fu, 16, upd, 12, NULL, 0, NULL, 0);
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "io_uring_register(0, 0x6 /* "
		  "IORING_REGISTER_FILES_UPDATE */, {offset=1, fds=[3, -2 /* "
		  "IORING_REGISTER_FILES_SKIP */, -3]}, 3) = -1 EOPNOTSUPP "
		  "(Operation not supported)");
	c = CALL(SYS_io_uring_register, -95, 0, 0x18, ADDR, 5);
	CHECK_STR(run(&c), "io_uring_register(0, 0x18 /* IORING_REGISTER_??? */"
		  ", 0x1000, 5) = -1 EOPNOTSUPP (Operation not supported)");
}

static void check_exit(void)
{
	uint8_t zeros[48] = { 0 }, filled[48] = { 0 };
	uint32_t in[2] = { 1, 2 }, out2[2] = { 3, 4 };
	struct ur m, mo;
	struct sc_call c;

	/* a zeroed probe: printed at exit, what the kernel wrote */
	filled[0] = IORING_OP_READV;
	filled[1] = 2;
	filled[16] = IORING_OP_NOP;
	filled[18] = IO_URING_OP_SUPPORTED;
	filled[24] = 47;
	c = CALL(SYS_io_uring_register, 0, 3, IORING_REGISTER_PROBE, ADDR, 4);
	c.cap[2] = ur_make(&m, zeros, 48, NULL, 0, NULL, 0, NULL, 0);
	c.cap_out[2] = ur_make(&mo, filled, 48, NULL, 0, NULL, 0, NULL, 0);
	CHECK_STR(run_entry(&c), "io_uring_register(3, IORING_REGISTER_PROBE, ");
	CHECK_STR(run(&c), "io_uring_register(3, IORING_REGISTER_PROBE, "
		  "{last_op=IORING_OP_READV, ops_len=2, ops=[{op=IORING_OP_NOP, "
		  "flags=IO_URING_OP_SUPPORTED}, {op=47 /* IORING_OP_??? */, "
		  "flags=0}]}, 4) = 0");
	c.ret = -14;
	CHECK_STR(run(&c), "io_uring_register(3, IORING_REGISTER_PROBE, 0x1000,"
		  " 4) = -1 EFAULT (Bad address)");

	/* worker counts: given, then what the kernel says they were */
	c = CALL(SYS_io_uring_register, 0, 3, IORING_REGISTER_IOWQ_MAX_WORKERS,
		 ADDR, 2);
	c.cap[2] = ur_make(&m, in, 8, NULL, 0, NULL, 0, NULL, 0);
	c.cap_out[2] = ur_make(&mo, out2, 8, NULL, 0, NULL, 0, NULL, 0);
	CHECK_STR(run(&c), "io_uring_register(3, IORING_REGISTER_IOWQ_MAX_"
		  "WORKERS, [[IO_WQ_BOUND]=1, [IO_WQ_UNBOUND]=2] => "
		  "[[IO_WQ_BOUND]=3, [IO_WQ_UNBOUND]=4], 2) = 0");
	c.ret = -22;
	CHECK_STR(run_style(&c, XSTYLE_RAW), "io_uring_register(3, 0x13, "
		  "[[0]=1, [1]=2] => 0x1000, 2) = -1 EINVAL (Invalid argument)");
}

static void check_rsrc(void)
{
	uint64_t reg[4] = { 2 | (uint64_t)IORING_RSRC_REGISTER_SPARSE << 32,
			    0, 0x3000, 0x4000 };
	uint64_t iov[4] = { 0xfacefeed, 10, 0, 0 }, tags[2] = { 0x1337, 0 };
	uint8_t tail[8] = { 0xa0, 0xa1 };
	struct ur m;
	struct sc_call c;

	c = CALL(SYS_io_uring_register, -95, 0, IORING_REGISTER_BUFFERS2, ADDR,
		 40);
	c.cap[2] = ur_make(&m, reg, 32, iov, 32, tags, 16, tail, 8);
	CHECK_STR(run(&c), "io_uring_register(0, IORING_REGISTER_BUFFERS2, "
		  "{nr=2, flags=IORING_RSRC_REGISTER_SPARSE, data=[{iov_base="
		  "0xfacefeed, iov_len=10}, {iov_base=NULL, iov_len=0}], tags="
		  "[0x1337, 0], /* bytes 32..39 */ \"\\xa0\\xa1\\x00\\x00\\x00"
		  "\\x00\\x00\\x00\"}, 40) = -1 EOPNOTSUPP (Operation not "
		  "supported)");
	/* the bytes after it could not be read */
	m.k.holes = 1 << 3;
	CHECK_STR(run(&c), "io_uring_register(0, IORING_REGISTER_BUFFERS2, "
		  "{nr=2, flags=IORING_RSRC_REGISTER_SPARSE, data=[{iov_base="
		  "0xfacefeed, iov_len=10}, {iov_base=NULL, iov_len=0}], tags="
		  "[0x1337, 0], ???}, 40) = -1 EOPNOTSUPP (Operation not "
		  "supported)");
	c.args[3] = 31;
	CHECK_STR(run(&c), "io_uring_register(0, IORING_REGISTER_BUFFERS2, "
		  "0x1000, 31) = -1 EOPNOTSUPP (Operation not supported)");
}

static void check_setup(void)
{
	struct io_uring_params in, done;
	struct cap k = CAP(&in, sizeof(in)), ko = CAP(&done, sizeof(done));
	struct sc_call c;

	memset(&in, 0, sizeof(in));
	in.flags = IORING_SETUP_ATTACH_WQ | (1U << 31);
	in.wq_fd = 5;
	in.resv[2] = 1;
	c = CALL(SYS_io_uring_setup, -22, 2, 0x1000);
	c.cap[1] = &k;
	CHECK_STR(run_entry(&c), "io_uring_setup(2, {flags="
		  "IORING_SETUP_ATTACH_WQ|0x80000000, sq_thread_cpu=0, "
		  "sq_thread_idle=0, wq_fd=5, resv=[0, 0, 0x1]");
	CHECK_STR(run(&c), "io_uring_setup(2, {flags=IORING_SETUP_ATTACH_WQ|"
		  "0x80000000, sq_thread_cpu=0, sq_thread_idle=0, wq_fd=5, resv=[0,"
		  " 0, 0x1]}) = -1 EINVAL (Invalid argument)");
	memset(&in, 0, sizeof(in));
	done = in;
	done.sq_entries = 4;
	done.cq_entries = 8;
	done.features = IORING_FEAT_SINGLE_MMAP | (1U << 30);
	done.sq_off.tail = 4;
	done.sq_off.resv1 = 9;
	done.cq_off.cqes = 64;
	c = CALL(SYS_io_uring_setup, 3, 4, 0x1000);
	c.cap[1] = &k;
	c.cap_out[1] = &ko;
	CHECK_STR(run(&c), "io_uring_setup(4, {flags=0, sq_thread_cpu=0, "
		  "sq_thread_idle=0, sq_entries=4, cq_entries=8, features="
		  "IORING_FEAT_SINGLE_MMAP|0x40000000, sq_off={head=0, tail=4, "
		  "ring_mask=0, ring_entries=0, flags=0, dropped=0, array=0, "
		  "resv1=0x9}, cq_off={head=0, tail=0, ring_mask=0, "
		  "ring_entries=0, overflow=0, cqes=64, flags=0}}) = 3");
	c.cap[1] = NULL;
	CHECK_STR(run(&c), "io_uring_setup(4, 0x1000) = 3");
}

/* io_uring_enter's argp: a sigset, but with IORING_ENTER_EXT_ARG a
   struct io_uring_getevents_arg etrace does not decode: the pointer */
static void check_enter(void)
{
	/* ~[HUP KILL STOP]: every bit but 1, 9, 19's (bits 0, 8, 18) */
	uint64_t set = ~(uint64_t)(1 | 1 << 8 | 1 << 18);
	struct cap k = CAP(&set, 8), short_k = CAP(&set, 7);
	struct sc_call c = CALL(SYS_io_uring_enter, -22, 3, 1, 2,
				IORING_ENTER_GETEVENTS, 0x7f308beeaff8ULL, 8);

	c.cap[4] = &k;
	CHECK_STR(run(&c), "io_uring_enter(3, 1, 2, IORING_ENTER_GETEVENTS, "
		  "~[HUP KILL STOP], 8) = -1 EINVAL (Invalid argument)");
	c.cap[4] = &short_k;
	CHECK_STR(run(&c), "io_uring_enter(3, 1, 2, IORING_ENTER_GETEVENTS, "
		  "0x7f308beeaff8, 8) = -1 EINVAL (Invalid argument)");
	c.cap[4] = &k;
	c.args[3] = IORING_ENTER_EXT_ARG;
	CHECK_STR(run(&c), "io_uring_enter(3, 1, 2, IORING_ENTER_EXT_ARG, "
		  "0x7f308beeaff8, 8) = -1 EINVAL (Invalid argument)");
}

int main(void)
{
	check_setup();
	check_arrays();
	check_exit();
	check_rsrc();
	check_enter();
	CHECK_DONE();
}
