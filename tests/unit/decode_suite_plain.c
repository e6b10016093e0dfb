// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: arguments at their kernel type and strace's plain forms, as
 * strace 6.1's own tests print them (lines from its personality.c,
 * memfd_secret.c, setns.c, lookup_dcookie.c, fadvise64.c, pidfd_getfd.c,
 * process_mrelease.c, dup3.c): personality's flags in each -X style with no
 * comment on unnamed bits; dup3's flags as every open(2) flag, O_??? the
 * rest; fanotify_mark's dirfd -1 as FAN_NOFD (fanotify_mark.c); mount's
 * MS_MGC_VAL magic a word of its own, the type and data the flags say
 * the kernel ignores as addresses (mount.c); a memory policy's mode
 * flags after the mode in each -X style (set_mempolicy.c, mbind.c), node
 * masks as longs in hex, -s of them (get_mempolicy.c); move_pages'
 * arrays, its status at exit with errno names (move_pages.c);
 * memfd_create's huge page size as N<<MFD_HUGE_SHIFT (memfd_create.c); memfd_secret's unknown flags plain; setns'
 * CLONE_NEW??? note; a 64-bit cookie and a size_t length unsigned;
 * flags in hex.
 */
#include <linux/mempolicy.h>
#include <sys/mount.h>
#include <sys/syscall.h>

#include "check_decode.h"

static void test_personality(void)
{
	struct sc_call c = CALL(SYS_personality, 0x7000000, 0x10000);

	CHECK_STR(run(&c), "personality(PER_LINUX|0x10000) = 0x7000000 "
		  "(PER_LINUX|SHORT_INODE|WHOLE_SECONDS|STICKY_TIMEOUTS)");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "personality(0|0x10000) = "
		  "0x7000000 (0|0x7000000)");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "personality(0 /* PER_LINUX */"
		  "|0x10000) = 0x7000000 (0 /* PER_LINUX */|0x7000000 /* "
		  "SHORT_INODE|WHOLE_SECONDS|STICKY_TIMEOUTS */)");
	c = CALL(SYS_personality, 0x1001f, 0x700001f);
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "personality(0x1f /* PER_??? */"
		  "|0x7000000 /* SHORT_INODE|WHOLE_SECONDS|STICKY_TIMEOUTS */) "
		  "= 0x1001f (0x1f /* PER_??? */|0x10000)");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "personality(0x1f|0x7000000) = "
		  "0x1001f (0x1f|0x10000)");
	c = CALL(SYS_personality, 6, 0x7010006);
	CHECK_STR(run(&c), "personality(PER_BSD|SHORT_INODE|WHOLE_SECONDS|"
		  "STICKY_TIMEOUTS|0x10000) = 0x6 (PER_BSD)");
}

static void test_mount(void)
{
	struct cap ks = CAP("mount_source", 12), kt = CAP("mount_target", 12);
	struct cap kf = CAP("mount_fstype", 12), kd = CAP("mount_data", 10);
	struct sc_call c = CALL(SYS_mount, -2, 0x1000, 0x2000, 0x3000,
				0xc0ed000f, 0x4000);

	c.cap[0] = &ks;
	c.cap[1] = &kt;
	c.cap[2] = &kf;
	c.cap[4] = &kd;
	CHECK_STR(run(&c), "mount(\"mount_source\", \"mount_target\", "
		  "\"mount_fstype\", MS_MGC_VAL|MS_RDONLY|MS_NOSUID|MS_NODEV|"
		  "MS_NOEXEC, \"mount_data\") = -1 ENOENT (No such file or "
		  "directory)");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "mount(\"mount_source\", "
		  "\"mount_target\", \"mount_fstype\", 0xc0ed0000|0xf, "
		  "\"mount_data\") = -1 ENOENT (No such file or directory)");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "mount(\"mount_source\", "
		  "\"mount_target\", \"mount_fstype\", 0xc0ed0000 /* "
		  "MS_MGC_VAL */|0xf /* MS_RDONLY|MS_NOSUID|MS_NODEV|MS_NOEXEC "
		  "*/, \"mount_data\") = -1 ENOENT (No such file or directory)");
	c.args[3] = 0xc0ed0000;
	CHECK_STR(run(&c), "mount(\"mount_source\", \"mount_target\", "
		  "\"mount_fstype\", MS_MGC_VAL, \"mount_data\") = -1 ENOENT "
		  "(No such file or directory)");
	c.args[3] = MS_REMOUNT;
	CHECK_STR(run(&c), "mount(\"mount_source\", \"mount_target\", "
		  "0x3000, MS_REMOUNT, \"mount_data\") = -1 ENOENT (No such "
		  "file or directory)");
	c.args[3] = MS_BIND;
	CHECK_STR(run(&c), "mount(\"mount_source\", \"mount_target\", "
		  "0x3000, MS_BIND, 0x4000) = -1 ENOENT (No such file or "
		  "directory)");
	c.args[3] = 0x200;
	CHECK_STR(run(&c), "mount(\"mount_source\", \"mount_target\", "
		  "\"mount_fstype\", 0x200 /* MS_??? */, \"mount_data\") = -1 "
		  "ENOENT (No such file or directory)");
}

static void test_mempolicy(void)
{
	static uint64_t mask[64] = { 1, 0xfedcba9876543210ULL };
	struct cap km = CAP(mask, sizeof(mask)), kcut = CAP(mask, 8);
	struct cap k3 = CAP(mask, 24);
	struct sc_call c = CALL(SYS_set_mempolicy, 0, 0x8000, 0, 0);

	CHECK_STR(run(&c), "set_mempolicy(MPOL_DEFAULT|MPOL_F_STATIC_NODES, "
		  "NULL, 0) = 0");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "set_mempolicy(0x8000 /* "
		  "MPOL_DEFAULT|MPOL_F_STATIC_NODES */, NULL, 0) = 0");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "set_mempolicy(0x8000, NULL, 0) "
		  "= 0");
	c = CALL(SYS_set_mempolicy, -22, 0xe003, 0, 0);
	CHECK_STR(run(&c), "set_mempolicy(MPOL_INTERLEAVE|MPOL_F_STATIC_NODES|"
		  "MPOL_F_RELATIVE_NODES|MPOL_F_NUMA_BALANCING, NULL, 0) = -1 "
		  "EINVAL (Invalid argument)");
	/* an int: the upper half of the register is not the mode's */
	c = CALL(SYS_set_mempolicy, -22, 0xffffffffffffffffULL, 0, 0);
	CHECK_STR(run(&c), "set_mempolicy(MPOL_F_STATIC_NODES|"
		  "MPOL_F_RELATIVE_NODES|MPOL_F_NUMA_BALANCING|0xffff1fff, NULL, "
		  "0) = -1 EINVAL (Invalid argument)");
	c = CALL(SYS_set_mempolicy, -22, 1, 0, 0);
	CHECK_STR(run(&c), "set_mempolicy(MPOL_PREFERRED, NULL, 0) = -1 EINVAL "
		  "(Invalid argument)");
	/* node masks: (maxnode + 62) / 64 longs, -s of them */
	c = CALL(SYS_set_mempolicy, 0, 0, 0x7f8db01c9000, 32768);
	c.cap[1] = &km;
	fo.strsize = 3;
	CHECK_STR(run_style(&c, XSTYLE_RAW), "set_mempolicy(0, "
		  "[0000000000000001, fedcba9876543210, 0000000000000000, ...], "
		  "32768) = 0");
	c = CALL(SYS_set_mempolicy, -14, 0, 0x7f2418d3cfe8, 194);
	c.cap[1] = &k3;
	CHECK_STR(run(&c), "set_mempolicy(MPOL_DEFAULT, [0000000000000001, "
		  "fedcba9876543210, 0000000000000000, ... /* 0x7f2418d3d000 */], "
		  "194) = -1 EFAULT (Bad address)");
	fo.strsize = 32;
	c = CALL(SYS_set_mempolicy, -22, 0, 0x7f8daffcd000, 0);
	c.cap[1] = &km;
	CHECK_STR(run(&c), "set_mempolicy(MPOL_DEFAULT, [], 0) = -1 EINVAL "
		  "(Invalid argument)");
	c = CALL(SYS_set_mempolicy, -22, 0, 0x7f8daffcd000, 1);
	c.cap[1] = &km;
	CHECK_STR(run(&c), "set_mempolicy(MPOL_DEFAULT, 0x7f8daffcd000, 1) = "
		  "-1 EINVAL (Invalid argument)");
	c = CALL(SYS_get_mempolicy, 0, 0, 0x7f53db1b1ff0, 66, 0, 0);
	c.cap_out[1] = &km;
	CHECK_STR(run(&c), "get_mempolicy(NULL, [0000000000000001, "
		  "fedcba9876543210], 66, NULL, 0) = 0");
	c = CALL(SYS_get_mempolicy, 0, 0, 0x7f53db1c3ff8, 65, 0, 0);
	c.cap_out[1] = &km;
	CHECK_STR(run(&c), "get_mempolicy(NULL, [0000000000000001], 65, NULL, "
		  "0) = 0");
	/* the second long lies on a page that faults */
	c = CALL(SYS_set_mempolicy, -14, 1, 0x7f8daffccff8, 130);
	c.cap[1] = &kcut;
	CHECK_STR(run(&c), "set_mempolicy(MPOL_PREFERRED, [0000000000000001, "
		  "... /* 0x7f8daffcd000 */], 130) = -1 EFAULT (Bad address)");
	c = CALL(SYS_mbind, -22, 0x7f5663b08000, 4096, 0xffffffffffffffffULL,
		 0, 0, 0);
	CHECK_STR(run(&c), "mbind(0x7f5663b08000, 4096, MPOL_F_STATIC_NODES|"
		  "MPOL_F_RELATIVE_NODES|MPOL_F_NUMA_BALANCING|0xffffffffffff1fff, "
		  "NULL, 0, 0) = -1 EINVAL (Invalid argument)");
	c = CALL(SYS_mbind, -22, 0x7f5663b08000, 4096, 0x2002, 0, 0, 0);
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "mbind(0x7f5663b08000, 4096, "
		  "0x2002 /* MPOL_BIND|MPOL_F_NUMA_BALANCING */, NULL, 0, 0) = -1 "
		  "EINVAL (Invalid argument)");
}

static void test_move_pages(void)
{
	uint64_t pages[4] = { 0x7fbdee074ff0, 0x7fbdee07aff8, 0x7fbdee271000,
			      0x7fbdee270000 };
	int32_t nodes[4] = { -559038748, -559038749, -559038750, -559038751 };
	int32_t st[4] = { 0, 0, -14, 0 };
	struct cap kp = CAP(pages, sizeof(pages)), kn = CAP(nodes, 8);
	struct cap ks = CAP(st, sizeof(st)), kp1 = CAP(pages + 3, 8);
	struct cap kn1 = CAP(nodes + 3, 4), kp3 = CAP(pages, 24);
	struct sc_call c = CALL(SYS_move_pages, 0, 651273, 0, 0x7fbdee080ff8,
				0, 0x7fbdee074ffc, MPOL_MF_MOVE);

	CHECK_STR(run(&c), "move_pages(651273, 0, [], NULL, [], MPOL_MF_MOVE) "
		  "= 0");
	c = CALL(SYS_move_pages, 0, 651273, 4, 0x7fbdee080fe0, 0,
		 0x7fbdee074ff0, MPOL_MF_MOVE);
	c.cap[2] = &kp;
	c.cap_out[4] = &ks;
	fo.strsize = 3;
	CHECK_STR(run(&c), "move_pages(651273, 4, [0x7fbdee074ff0, "
		  "0x7fbdee07aff8, 0x7fbdee271000, ...], NULL, [0, 0, -EFAULT, "
		  "...], MPOL_MF_MOVE) = 0");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "move_pages(651273, 4, "
		  "[0x7fbdee074ff0, 0x7fbdee07aff8, 0x7fbdee271000, ...], NULL, "
		  "[0, 0, -14 /* -EFAULT */, ...], 0x2 /* MPOL_MF_MOVE */) = 0");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "move_pages(651273, 4, "
		  "[0x7fbdee074ff0, 0x7fbdee07aff8, 0x7fbdee271000, ...], NULL, "
		  "[0, 0, -14, ...], 0x2) = 0");
	/* past -s, an element that could not be read is still named */
	c = CALL(SYS_move_pages, -19, 651273, 4, 0x7f3674b88fe8, 0, 0x7f3674b82ff4,
		 MPOL_MF_MOVE_ALL);
	c.cap[2] = &kp3;
	CHECK_STR(run(&c), "move_pages(651273, 4, [0x7fbdee074ff0, "
		  "0x7fbdee07aff8, 0x7fbdee271000, ... /* 0x7f3674b89000 */], "
		  "NULL, 0x7f3674b82ff4, MPOL_MF_MOVE_ALL) = -1 ENODEV (No such "
		  "device)");
	fo.strsize = 32;
	/* the second element of each lies on a page that faults; the
	   status of a call that failed is its address */
	c = CALL(SYS_move_pages, -19, 651273, 2, 0x7fbdee080ff8, 0x7fbdee07affc,
		 0x7fbdee074ffc, MPOL_MF_MOVE_ALL);
	c.cap[2] = &kp1;
	c.cap[3] = &kn1;
	c.cap_out[4] = &ks;
	CHECK_STR(run(&c), "move_pages(651273, 2, [0x7fbdee270000, ... /* "
		  "0x7fbdee081000 */], [-559038751, ... /* 0x7fbdee07b000 */], "
		  "0x7fbdee074ffc, MPOL_MF_MOVE_ALL) = -1 ENODEV (No such device)");
	c = CALL(SYS_move_pages, -19, 651273, 2, 0x7fbdee080ff0, 0x7fbdee07aff8,
		 0x7fbdee074ff8, MPOL_MF_MOVE_ALL);
	c.cap[2] = &kp;
	c.cap[3] = &kn;
	CHECK_STR(run(&c), "move_pages(651273, 2, [0x7fbdee074ff0, "
		  "0x7fbdee07aff8], [-559038748, -559038749], 0x7fbdee074ff8, "
		  "MPOL_MF_MOVE_ALL) = -1 ENODEV (No such device)");
}

static void test_memfd_create(void)
{
	struct sc_call c = CALL(SYS_memfd_create, -22, 0, 30u << 26);

	CHECK_STR(run(&c), "memfd_create(NULL, 30<<MFD_HUGE_SHIFT) = -1 EINVAL "
		  "(Invalid argument)");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "memfd_create(NULL, "
		  "0x78000000 /* 30<<MFD_HUGE_SHIFT */) = -1 EINVAL (Invalid "
		  "argument)");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "memfd_create(NULL, 0x78000000) = "
		  "-1 EINVAL (Invalid argument)");
	c = CALL(SYS_memfd_create, -22, 0, 0xfc000007u);
	CHECK_STR(run(&c), "memfd_create(NULL, MFD_CLOEXEC|MFD_ALLOW_SEALING|"
		  "MFD_HUGETLB|63<<MFD_HUGE_SHIFT) = -1 EINVAL (Invalid "
		  "argument)");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "memfd_create(NULL, 0xfc000007 "
		  "/* MFD_CLOEXEC|MFD_ALLOW_SEALING|MFD_HUGETLB|63<<MFD_HUGE_SHIFT "
		  "*/) = -1 EINVAL (Invalid argument)");
	c = CALL(SYS_memfd_create, -22, 0, 0);
	CHECK_STR(run(&c), "memfd_create(NULL, 0) = -1 EINVAL (Invalid "
		  "argument)");
	c = CALL(SYS_memfd_create, -22, 0, 0x3ffff00);
	CHECK_STR(run(&c), "memfd_create(NULL, 0x3ffff00 /* MFD_??? */) = -1 "
		  "EINVAL (Invalid argument)");
}

int main(void)
{
	struct sc_call c;

	test_personality();
	test_mount();
	test_mempolicy();
	test_move_pages();
	test_memfd_create();
	c = CALL(SYS_memfd_secret, -22, 0xde97face);
	CHECK_STR(run(&c), "memfd_secret(0xde97face) = -1 EINVAL (Invalid "
		  "argument)");
	c = CALL(SYS_setns, -9, 0xdeadbeef, 0x81fdff7f);
	CHECK_STR(run(&c), "setns(-559038737, 0x81fdff7f /* CLONE_NEW??? */) "
		  "= -1 EBADF (Bad file descriptor)");
	c = CALL(SYS_lookup_dcookie, -38, 0xf157feeddeadfaceULL,
		 0x7f76ac3f8000, 4096);
	CHECK_STR(run(&c), "lookup_dcookie(17390648783711107790, "
		  "0x7f76ac3f8000, 4096) = -1 ENOSYS (Function not "
		  "implemented)");
	c = CALL(SYS_fadvise64, -9, 0xbeefface, 0xbadc0dedda7a1057ULL,
		 0xbadfaceca7b0d1e5ULL, 0xdeadca75);
	CHECK_STR(run(&c), "fadvise64(-1091568946, -4982091772554768297, "
		  "13465671543286714853, 0xdeadca75 /* POSIX_FADV_??? */) = -1 "
		  "EBADF (Bad file descriptor)");
	c = CALL(SYS_pidfd_getfd, -22, 0, 0, 0xbadc0ded);
	CHECK_STR(run(&c), "pidfd_getfd(0, 0, 0xbadc0ded) = -1 EINVAL "
		  "(Invalid argument)");
	c = CALL(SYS_process_mrelease, -22, 0, 0xfacefeed);
	CHECK_STR(run(&c), "process_mrelease(0, 0xfacefeed) = -1 EINVAL "
		  "(Invalid argument)");
	c = CALL(SYS_dup3, -9, 0xdefaced00000000ULL | 0xfffffffe,
		 0xdefaced00000000ULL | 0xffffffff, 0xdefaced00000000ULL | 01000);
	CHECK_STR(run(&c), "dup3(-2, -1, O_TRUNC) = -1 EBADF (Bad file "
		  "descriptor)");
	c = CALL(SYS_dup3, -22, -7, -7, 7);
	CHECK_STR(run(&c), "dup3(-7, -7, 0x7 /* O_??? */) = -1 EINVAL "
		  "(Invalid argument)");
	c = CALL(SYS_dup3, -22, -3, 0, 01000 | 02000000);
	CHECK_STR(run(&c), "dup3(-3, 0, O_TRUNC|O_CLOEXEC) = -1 EINVAL "
		  "(Invalid argument)");
	c = CALL(SYS_fanotify_mark, -22, 305419896, 0, 0, -1, 0);
	CHECK_STR(run(&c), "fanotify_mark(305419896, 0, 0, FAN_NOFD, NULL) = "
		  "-1 EINVAL (Invalid argument)");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "fanotify_mark(305419896, 0, "
		  "0, -1 /* FAN_NOFD */, NULL) = -1 EINVAL (Invalid argument)");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "fanotify_mark(305419896, 0, 0, "
		  "-1, NULL) = -1 EINVAL (Invalid argument)");
	c = CALL(SYS_fanotify_mark, -22, -1, 0, 0, -100, 0);
	CHECK_STR(run(&c), "fanotify_mark(-1, 0, 0, AT_FDCWD, NULL) = -1 "
		  "EINVAL (Invalid argument)");
	CHECK_DONE();
}
