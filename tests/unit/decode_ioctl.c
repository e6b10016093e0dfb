// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: ioctl(2) requests of the file system, entropy, namespace,
 * watchdog, inotify and termios2 families, as strace 6.1 prints them
 * (lines from its ioctl_*.c tests): no argument for the requests that
 * take none, structs only when copied whole, results at exit.
 */
#include <linux/counter.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <linux/nsfs.h>
#include <linux/random.h>
#include <linux/rtc.h>
#include <linux/userfaultfd.h>
#include <linux/watchdog.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

#define EBADF_S "-1 EBADF (Bad file descriptor)"

static void test_fs(void)
{
	uint32_t fl = 0xd000000, all = 0xfd000000;
	uint64_t range[3] = { 0xdeadbeefcafef00dULL, 18072662651678146782ULL,
			      13464652301225279710ULL };
	uint32_t xattr[7] = { 0x7ffe0004, 3735928559u, 5, 0xcafef00d,
			      3133063390u, 0, 0 };
	struct cap kf = CAP(&fl, 4), ka = CAP(&all, 4), kr = CAP(range, 24);
	struct cap kx = CAP(xattr, 28), kx_short = CAP(xattr, 27);
	uint32_t fm[8] = { 0, 0, 0xffffffff, 0xffffffff, 1, 0, 4, 0 };
	uint32_t fm_out[8] = { 0, 0, 0xffffffff, 0xffffffff, 1, 1, 4, 0 };
	struct cap kfm = CAP(fm, 32), kfm_out = CAP(fm_out, 32);
	struct sc_call c;

	c = CALL(SYS_ioctl, -9, -1, FS_IOC32_GETFLAGS, 0);
	CHECK_STR(run(&c), "ioctl(-1, FS_IOC32_GETFLAGS, NULL) = " EBADF_S);
	c = CALL(SYS_ioctl, -9, -1, FS_IOC_SETFLAGS, 0x7fc4cc9cbffc);
	c.cap[2] = &kf;
	CHECK_STR(run(&c), "ioctl(-1, FS_IOC_SETFLAGS, [0xd000000 /* "
		  "FS_???_FL */]) = " EBADF_S);
	c = CALL(SYS_ioctl, 0, 3, FS_IOC_GETFLAGS, 0x7fc4cc9cbffc);
	c.cap_out[2] = &ka;
	CHECK_STR(run_entry(&c), "ioctl(3, FS_IOC_GETFLAGS");
	CHECK_STR(run(&c), "ioctl(3, FS_IOC_GETFLAGS, [FS_INLINE_DATA_FL|"
		  "FS_PROJINHERIT_FL|FS_CASEFOLD_FL|FS_RESERVED_FL|0xd000000])"
		  " = 0");
	c = CALL(SYS_ioctl, -9, -1, FIFREEZE, 0xbadc0deddeadc0deULL);
	CHECK_STR(run(&c), "ioctl(-1, FIFREEZE) = " EBADF_S);
	c = CALL(SYS_ioctl, -9, -1, FITRIM, 0x7f3c28c25fe8);
	c.cap[2] = &kr;
	CHECK_STR(run(&c), "ioctl(-1, FITRIM, {start=0xdeadbeefcafef00d, "
		  "len=18072662651678146782, minlen=13464652301225279710}) = "
		  EBADF_S);
	c = CALL(SYS_ioctl, -9, -1, FS_IOC_FSSETXATTR, 0x7f3c28a35fe4);
	c.cap[2] = &kx;
	CHECK_STR(run(&c), "ioctl(-1, FS_IOC_FSSETXATTR, {fsx_xflags="
		  "0x7ffe0004 /* FS_XFLAG_??? */, fsx_extsize=3735928559, "
		  "fsx_projid=0xcafef00d, fsx_cowextsize=3133063390}) = "
		  EBADF_S);
	/* one byte short of the struct: the pointer */
	c.cap[2] = &kx_short;
	CHECK_STR(run(&c), "ioctl(-1, FS_IOC_FSSETXATTR, 0x7f3c28a35fe4) = "
		  EBADF_S);
	c = CALL(SYS_ioctl, 0, 3, FS_IOC_FSGETXATTR, 0x7f3c28a35fe4);
	c.cap_out[2] = &kx;
	CHECK_STR(run(&c), "ioctl(3, FS_IOC_FSGETXATTR, {fsx_xflags="
		  "0x7ffe0004 /* FS_XFLAG_??? */, fsx_extsize=3735928559, "
		  "fsx_nextents=5, fsx_projid=0xcafef00d, "
		  "fsx_cowextsize=3133063390}) = 0");
	/* FS_IOC_FIEMAP: the request, then (a success) what was mapped */
	c = CALL(SYS_ioctl, 0, 3, FS_IOC_FIEMAP, 0x1000);
	c.cap[2] = &kfm;
	c.cap_out[2] = &kfm_out;
	CHECK_STR(run(&c), "ioctl(3, FS_IOC_FIEMAP, {fm_start=0, fm_length="
		  "18446744073709551615, fm_flags=FIEMAP_FLAG_SYNC, "
		  "fm_extent_count=4} => {fm_flags=FIEMAP_FLAG_SYNC, "
		  "fm_mapped_extents=1, ...}) = 0");
	/* -v: the extents, as many as were copied */
	fo.verbose = 1;
	CHECK_STR(run(&c), "ioctl(3, FS_IOC_FIEMAP, {fm_start=0, fm_length="
		  "18446744073709551615, fm_flags=FIEMAP_FLAG_SYNC, "
		  "fm_extent_count=4} => {fm_flags=FIEMAP_FLAG_SYNC, "
		  "fm_mapped_extents=1, fm_extents=0x1020}) = 0");
	{
		uint8_t full[32 + 56] = { 0 };

		memcpy(full, fm_out, 32);
		full[32] = 0x10;	/* fe_logical */
		full[48] = 0x20;	/* fe_length */
		full[72] = 0x01;	/* fe_flags: FIEMAP_EXTENT_LAST */
		kfm_out = CAP(full, sizeof(full));
		CHECK_STR(run(&c), "ioctl(3, FS_IOC_FIEMAP, {fm_start=0, "
			  "fm_length=18446744073709551615, fm_flags="
			  "FIEMAP_FLAG_SYNC, fm_extent_count=4} => {fm_flags="
			  "FIEMAP_FLAG_SYNC, fm_mapped_extents=1, fm_extents=[{"
			  "fe_logical=16, fe_physical=0, fe_length=32, fe_flags="
			  "FIEMAP_EXTENT_LAST}]}) = 0");
		kfm_out = CAP(fm_out, 32);
	}
	fo.verbose = 0;
	c.ret = -9;
	CHECK_STR(run(&c), "ioctl(3, FS_IOC_FIEMAP, {fm_start=0, fm_length="
		  "18446744073709551615, fm_flags=FIEMAP_FLAG_SYNC, "
		  "fm_extent_count=4}) = " EBADF_S);
	/* unknown requests of a known family: the number */
	c = CALL(SYS_ioctl, -9, -1, 0x66ff, 0);
	CHECK_STR(run(&c), "ioctl(-1, _IOC(_IOC_NONE, 0x66, 0xff, 0), 0) = "
		  EBADF_S);
}

static void test_misc(void)
{
	int32_t six = 6;
	struct {
		int32_t count, size;
		char buf[8];
	} pool = { 3, 8, "12345678" };
	uint32_t uid = 0;
	struct cap k6 = CAP(&six, 4), kp = CAP(&pool, 16), ku = CAP(&uid, 4);
	struct cap kp_short = CAP(&pool, 12);
	struct sc_call c;

	c = CALL(SYS_ioctl, -9, -1, RNDADDTOENTCNT, 0x1000);
	c.cap[2] = &k6;
	CHECK_STR(run(&c), "ioctl(-1, RNDADDTOENTCNT, [6]) = " EBADF_S);
	c = CALL(SYS_ioctl, -9, -1, RNDADDENTROPY, 0x1000);
	c.cap[2] = &kp;
	CHECK_STR(run(&c), "ioctl(-1, RNDADDENTROPY, {entropy_count=3, "
		  "buf_size=8, buf=\"12345678\"}) = " EBADF_S);
	c.cap[2] = &kp_short;
	CHECK_STR(run(&c), "ioctl(-1, RNDADDENTROPY, {entropy_count=3, "
		  "buf_size=8, buf=0x1008}) = " EBADF_S);
	c = CALL(SYS_ioctl, -9, -1, RNDZAPENTCNT, 0);
	CHECK_STR(run(&c), "ioctl(-1, FASTRPC_IOCTL_INIT_ATTACH or "
		  "RNDZAPENTCNT) = " EBADF_S);
	c = CALL(SYS_ioctl, -9, -1, WDIOC_GETSTATUS, 0x7ffdbe7d38cc);
	c.cap_out[2] = &k6;
	CHECK_STR(run(&c), "ioctl(-1, WDIOC_GETSTATUS, 0x7ffdbe7d38cc) = "
		  EBADF_S);
	c = CALL(SYS_ioctl, -9, -1, WDIOC_KEEPALIVE, 0);
	CHECK_STR(run(&c), "ioctl(-1, WDIOC_KEEPALIVE) = " EBADF_S);
	c = CALL(SYS_ioctl, -9, -1, 0xbadc0ded40044900ULL,
		 0xdeadbeefbadc0dedULL);
	CHECK_STR(run(&c), "ioctl(-1, INOTIFY_IOC_SETNEXTWD, -1159983635) = "
		  EBADF_S);
	c = CALL(SYS_ioctl, 268435456, 5, NS_GET_NSTYPE);
	CHECK_STR(run(&c), "ioctl(5, NS_GET_NSTYPE) = 268435456 "
		  "(CLONE_NEWUSER)");
	c = CALL(SYS_ioctl, 0, 5, NS_GET_OWNER_UID, 0x1000);
	c.cap_out[2] = &ku;
	CHECK_STR(run(&c), "ioctl(5, NS_GET_OWNER_UID, [0]) = 0");
}

static void test_counter(void)
{
	uint8_t w[6] = { 5, 2, 23, 42, 6, 69 }, bad[6] = { 6, 3, 142, 160, 7,
							  173 };
	struct cap kw = CAP(w, 6), kb = CAP(bad, 6), k5 = CAP(w, 5);
	struct sc_call c;

	c = CALL(SYS_ioctl, -9, -1, COUNTER_ADD_WATCH_IOCTL, 0x1000);
	c.cap[2] = &kw;
	CHECK_STR(run(&c), "ioctl(-1, COUNTER_ADD_WATCH_IOCTL, {component={"
		  "type=COUNTER_COMPONENT_EXTENSION, scope=COUNTER_SCOPE_COUNT, "
		  "parent=23, id=42}, event=COUNTER_EVENT_CAPTURE, channel=69})"
		  " = " EBADF_S);
	c.cap[2] = &kb;
	CHECK_STR(run(&c), "ioctl(-1, COUNTER_ADD_WATCH_IOCTL, {component={"
		  "type=0x6 /* COUNTER_COMPONENT_??? */, scope=0x3 /* "
		  "COUNTER_SCOPE_??? */, parent=142, id=160}, event=0x7 /* "
		  "COUNTER_EVENT_??? */, channel=173}) = " EBADF_S);
	c.cap[2] = &k5;
	CHECK_STR(run(&c), "ioctl(-1, COUNTER_ADD_WATCH_IOCTL, 0x1000) = "
		  EBADF_S);
	c = CALL(SYS_ioctl, -9, -1, COUNTER_DISABLE_EVENTS_IOCTL,
		 0xdeadbeefbadc0dedULL);
	CHECK_STR(run(&c), "ioctl(-1, COUNTER_DISABLE_EVENTS_IOCTL) = "
		  EBADF_S);
}

/* userfaultfd: the struct's input at entry, what the call filled at exit */
static void test_uffd(void)
{
	uint64_t in[5] = { 0x7fcfabb0e000ULL, 0x7fcfabb10000ULL, 0x1000, 1, 0 };
	uint64_t res[5] = { 0x7fcfabb0e000ULL, 0x7fcfabb10000ULL, 0x1000, 1,
			    0x1000 };
	uint64_t reg[4] = { 0x7fcfabb0e000ULL, 0x1000, 1, 0x13c };
	struct cap ki = CAP(in, 40), ko = CAP(res, 40), kr = CAP(reg, 32);
	struct cap kshort = CAP(in, 39);
	struct sc_call c;

	c = CALL(SYS_ioctl, 0, 3, UFFDIO_COPY, 0x1000);
	c.cap[2] = &ki;
	c.cap_out[2] = &ko;
	CHECK_STR(run_entry(&c), "ioctl(3, UFFDIO_COPY, {dst=0x7fcfabb0e000, "
		  "src=0x7fcfabb10000, len=0x1000, mode="
		  "UFFDIO_COPY_MODE_DONTWAKE");
	CHECK_STR(run(&c), "ioctl(3, UFFDIO_COPY, {dst=0x7fcfabb0e000, "
		  "src=0x7fcfabb10000, len=0x1000, mode="
		  "UFFDIO_COPY_MODE_DONTWAKE, copy=0x1000}) = 0");
	c.ret = -22;
	CHECK_STR(run(&c), "ioctl(3, UFFDIO_COPY, {dst=0x7fcfabb0e000, "
		  "src=0x7fcfabb10000, len=0x1000, mode="
		  "UFFDIO_COPY_MODE_DONTWAKE}) = -1 EINVAL (Invalid argument)");
	c.cap[2] = &kshort;
	CHECK_STR(run(&c), "ioctl(3, UFFDIO_COPY, 0x1000) = -1 EINVAL "
		  "(Invalid argument)");
	c = CALL(SYS_ioctl, 0, 3, UFFDIO_REGISTER, 0x1000);
	c.cap[2] = &kr;
	c.cap_out[2] = &kr;
	CHECK_STR(run(&c), "ioctl(3, UFFDIO_REGISTER, {range={start="
		  "0x7fcfabb0e000, len=0x1000}, mode="
		  "UFFDIO_REGISTER_MODE_MISSING, ioctls=1<<_UFFDIO_WAKE|"
		  "1<<_UFFDIO_COPY|1<<_UFFDIO_ZEROPAGE|0x120}) = 0");
}

/* real-time clocks: RTC_PARAM_GET's value at exit, bits by number */
static void test_rtc(void)
{
	uint64_t set[3] = { RTC_PARAM_FEATURES, 0xdeadfacebeeffeedULL, 0 };
	uint64_t unk[3] = { RTC_PARAM_FEATURES, 0xbeef00, 0 };
	uint64_t got[3] = { RTC_PARAM_CORRECTION, (uint64_t)-5, 0x100000000ULL };
	int32_t tm[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
	struct cap ks = CAP(set, 24), ku = CAP(unk, 24), kg = CAP(got, 24);
	struct cap kt = CAP(tm, 36);
	struct sc_call c;

	c = CALL(SYS_ioctl, -9, -1, RTC_PARAM_SET, 0x1000);
	c.cap[2] = &ks;
	CHECK_STR(run(&c), "ioctl(-1, RTC_PARAM_SET, {param=RTC_PARAM_FEATURES, "
		  "uvalue=1<<RTC_FEATURE_ALARM|1<<RTC_FEATURE_NEED_WEEK_DAY|"
		  "1<<RTC_FEATURE_ALARM_RES_2S|1<<RTC_FEATURE_CORRECTION|"
		  "1<<RTC_FEATURE_BACKUP_SWITCH_MODE|"
		  "1<<RTC_FEATURE_ALARM_WAKEUP_ONLY|0xdeadfacebeeffe00, "
		  "index=0}) = " EBADF_S);
	c.cap[2] = &ku;
	CHECK_STR(run(&c), "ioctl(-1, RTC_PARAM_SET, {param=RTC_PARAM_FEATURES, "
		  "uvalue=0xbeef00 /* 1<<RTC_FEATURE_??? */, index=0}) = "
		  EBADF_S);
	c = CALL(SYS_ioctl, -9, -1, RTC_PARAM_GET, 0x1000);
	c.cap[2] = &kg;
	CHECK_STR(run(&c), "ioctl(-1, RTC_PARAM_GET, {param="
		  "RTC_PARAM_CORRECTION, index=0, __pad=0x1} => 0x1000) = "
		  EBADF_S);
	c.ret = 0;
	c.cap_out[2] = &kg;
	CHECK_STR(run(&c), "ioctl(-1, RTC_PARAM_GET, {param="
		  "RTC_PARAM_CORRECTION, index=0, __pad=0x1} => {svalue=-5, "
		  "__pad=0x1}) = 0");
	c = CALL(SYS_ioctl, 0, 3, RTC_RD_TIME, 0x1000);
	c.cap_out[2] = &kt;
	CHECK_STR(run(&c), "ioctl(3, RTC_RD_TIME, {tm_sec=1, tm_min=2, "
		  "tm_hour=3, tm_mday=4, tm_mon=5, tm_year=6, ...}) = 0");
	c = CALL(SYS_ioctl, -9, -1, RTC_UIE_OFF, 0);
	CHECK_STR(run(&c), "ioctl(-1, PHN_NOT_OH or RTC_UIE_OFF) = " EBADF_S);
}

static void test_termios2(void)
{
	uint8_t t[44];
	struct cap k = CAP(t, 44), k_short = CAP(t, 36);
	struct sc_call c;

	memset(t, 0, sizeof(t));
	t[0] = 0x80;				/* IGNCR */
	t[4] = 0x01;				/* OPOST */
	t[8] = 0xbd;				/* B9600|CS8|CREAD */
	t[36] = 0x80, t[37] = 0x25;		/* c_ispeed 9600 */
	t[40] = 0x80, t[41] = 0x25;
	c = CALL(SYS_ioctl, 0, 3, 0x402c542b, 0x1000);
	c.cap[2] = &k;
	fo.verbose = 1;
	CHECK_STR(run(&c), "ioctl(3, TCSETS2, {c_iflag=IGNCR, c_oflag=NL0|CR0|"
		  "TAB0|BS0|VT0|FF0|OPOST, c_cflag=B9600|CS8|CREAD, c_lflag=, "
		  "c_line=N_TTY, c_cc=[[VINTR]=0, [VQUIT]=0, [VERASE]=0, "
		  "[VKILL]=0, [VEOF]=0, [VTIME]=0, [VMIN]=0, [VSWTC]=0, "
		  "[VSTART]=0, [VSTOP]=0, [VSUSP]=0, [VEOL]=0, [VREPRINT]=0, "
		  "[VDISCARD]=0, [VWERASE]=0, [VLNEXT]=0, [VEOL2]=0, [17]=0, "
		  "[18]=0], c_ispeed=9600, c_ospeed=9600}) = 0");
	fo.verbose = 0;
	CHECK_STR(run(&c), "ioctl(3, TCSETS2, {c_iflag=IGNCR, c_oflag=NL0|CR0|"
		  "TAB0|BS0|VT0|FF0|OPOST, c_cflag=B9600|CS8|CREAD, c_lflag=, "
		  "...}) = 0");
	/* a termios, not a termios2: the pointer */
	c.cap[2] = &k_short;
	CHECK_STR(run(&c), "ioctl(3, TCSETS2, 0x1000) = 0");
	c = CALL(SYS_ioctl, -14, 3, 0x402c542b, 0);
	CHECK_STR(run(&c), "ioctl(3, TCSETS2, NULL) = -1 EFAULT (Bad "
		  "address)");
}

/* type 'H': lengths in the name (hiddev's HIDIOCGNAME where strace 6.1
   says HIDIOCSFEATURE), one number's two names, and the numbers strace's
   table has without a Debian header */
static void test_names(void)
{
	static const struct { uint32_t req; const char *want; } t[] = {
		{ _IOC(_IOC_READ, 'H', 0x12, 8), "HIDIOCGPHYS(8)" },
		{ _IOC(_IOC_READ, 'H', 0x06, 256), "HIDIOCGNAME(256)" },
		{ _IOC(_IOC_READ | _IOC_WRITE, 'H', 0x06, 5), "HIDIOCSFEATURE(5)" },
		{ _IOC(_IOC_READ | _IOC_WRITE, 'H', 0x0c, 64), "HIDIOCGOUTPUT(64)" },
		{ _IOR('H', 0x01, int), "HIDIOCGRDESCSIZE or HIDIOCGVERSION" },
		{ _IOC(_IOC_READ, 'H', 0x30, 4), "_IOC(_IOC_READ, 0x48, 0x30, 0x4)" },
		{ _IOR('m', 1, unsigned long), "MMTIMER_GETRES" },
		{ 'Z' << 8 | 'A', "ZFS_IOC_SEND_SPACE" },
		{ _IOR(0x12, 125, char[256]), "BLKZNAME" },
		{ ('K' << 8) + 1, "KSTAT_IOC_CHAIN_ID" },
	};
	char want[200];

	for (size_t j = 0; j < sizeof(t) / sizeof(t[0]); j++) {
		struct sc_call c = CALL(SYS_ioctl, -9, -1, t[j].req, 0x7ffd0000);

		snprintf(want, sizeof(want), "ioctl(-1, %s, 0x7ffd0000) = "
			 EBADF_S, t[j].want);
		CHECK_STR(run(&c), want);
	}
}

int main(void)
{
	test_names();
	test_fs();
	test_misc();
	test_counter();
	test_uffd();
	test_rtc();
	test_termios2();
	CHECK_DONE();
}
