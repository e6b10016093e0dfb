// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: quotactl and quotactl_fd as strace 6.1 prints them (its
 * quota.c): QCMD(cmd, type) in each -X style, the arguments each command
 * has (none after Q_SYNC's device, no id for Q_GETFMT), Q_QUOTAON's
 * format and path, the structs a Q_SET* reads and a Q_GET* fills (at
 * exit, its address after a failure), -v's fields, and a copy too short
 * for its struct printed as the address.
 */
#include <string.h>
#include <sys/syscall.h>
#include <linux/dqblk_xfs.h>
#include <linux/quota.h>

#include "check_decode.h"

#define QC(c, t)	(((uint64_t)(c) << 8) | (t))
#define SPECIAL		0x5000
#define ADDR		0x6000

static const char dev[] = "/dev/sda1";

static void check_cmds(void)
{
	struct cap sp = CAP(dev, sizeof(dev) - 1);
	struct sc_call c;

	c = CALL(SYS_quotactl, -22, 0xbadc0ded, SPECIAL, 0xca7faced, ADDR);
	c.cap[1] = &sp;
	CHECK_STR(run(&c), "quotactl(QCMD(0xbadc0d /* Q_??? */, 0xed /* "
		  "???QUOTA */), \"/dev/sda1\", 3397364973, 0x6000) = -1 "
		  "EINVAL (Invalid argument)");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "quotactl(3134983661, "
		  "\"/dev/sda1\", 3397364973, 0x6000) = -1 EINVAL (Invalid "
		  "argument)");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "quotactl(3134983661 /* "
		  "QCMD(0xbadc0d /* Q_??? */, 0xed /* ???QUOTA */) */, "
		  "\"/dev/sda1\", 3397364973, 0x6000) = -1 EINVAL (Invalid "
		  "argument)");
	c = CALL(SYS_quotactl, 0, QC(Q_SYNC, 0xff), 0, -1, ADDR);
	CHECK_STR(run(&c), "quotactl(QCMD(Q_SYNC, 0xff /* ???QUOTA */), "
		  "NULL) = 0");
	c = CALL(SYS_quotactl, 0, QC(Q_XQUOTASYNC, USRQUOTA), 0, -1, 0);
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "quotactl(5768960 /* "
		  "QCMD(Q_XQUOTASYNC, USRQUOTA) */, NULL) = 0");
	c = CALL(SYS_quotactl, 0, QC(Q_GETQUOTA, GRPQUOTA), 0, -1, 0);
	CHECK_STR(run(&c), "quotactl(QCMD(Q_GETQUOTA, GRPQUOTA), NULL, -1, "
		  "NULL) = 0");
}

static void check_quotaon(void)
{
	static const char file[] = "/q/aquota.user";
	char unterminated[3] = { 1, 2, 3 };
	struct cap sp = CAP(dev, sizeof(dev) - 1), f = CAP(file, sizeof(file));
	struct cap u = CAP(unterminated, sizeof(unterminated));
	struct sc_call c;

	c = CALL(SYS_quotactl, 0, QC(Q_QUOTAON, USRQUOTA), SPECIAL,
		 QFMT_VFS_V1, ADDR);
	c.cap[1] = &sp;
	c.cap[3] = &f;
	CHECK_STR(run(&c), "quotactl(QCMD(Q_QUOTAON, USRQUOTA), \"/dev/sda1\","
		  " QFMT_VFS_V1, \"/q/aquota.user\") = 0");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "quotactl(2147484160 /* "
		  "QCMD(Q_QUOTAON, USRQUOTA) */, \"/dev/sda1\", 0x4 /* "
		  "QFMT_VFS_V1 */, \"/q/aquota.user\") = 0");
	/* ends at a page that faults before its NUL: the address */
	c.cap[3] = &u;
	c.args[2] = 0xca7faced;
	CHECK_STR(run(&c), "quotactl(QCMD(Q_QUOTAON, USRQUOTA), \"/dev/sda1\","
		  " 0xca7faced /* QFMT_VFS_??? */, 0x6000) = 0");
}

static void check_dqblk(void)
{
	uint64_t q[10];
	uint32_t fmt = QFMT_VFS_OLD;
	struct cap k = CAP(q, sizeof(q)), shortk = CAP(q, 67);
	struct cap fk = CAP(&fmt, 4);
	struct sc_call c;

	for (int j = 0; j < 8; j++)
		q[j] = 100 + j;
	q[8] = (uint64_t)7 << 32 | (QIF_BLIMITS | QIF_ITIME | 0x80);
	c = CALL(SYS_quotactl, 0, QC(Q_SETQUOTA, PRJQUOTA), 0, 3141592653U,
		 ADDR);
	c.cap[3] = &k;
	CHECK_STR(run(&c), "quotactl(QCMD(Q_SETQUOTA, PRJQUOTA), NULL, "
		  "3141592653, {dqb_bhardlimit=100, dqb_bsoftlimit=101, "
		  "dqb_curspace=102, dqb_ihardlimit=103, dqb_isoftlimit=104, "
		  "dqb_curinodes=105, ...}) = 0");
	fo.verbose = 1;
	CHECK_STR(run(&c), "quotactl(QCMD(Q_SETQUOTA, PRJQUOTA), NULL, "
		  "3141592653, {dqb_bhardlimit=100, dqb_bsoftlimit=101, "
		  "dqb_curspace=102, dqb_ihardlimit=103, dqb_isoftlimit=104, "
		  "dqb_curinodes=105, dqb_btime=106, dqb_itime=107, "
		  "dqb_valid=QIF_BLIMITS|QIF_ITIME|0x80}) = 0");
	fo.verbose = 0;
	/* strace reads 68 bytes: one fewer is the address */
	c.cap[3] = &shortk;
	CHECK_STR(run(&c), "quotactl(QCMD(Q_SETQUOTA, PRJQUOTA), NULL, "
		  "3141592653, 0x6000) = 0");

	/* Q_GETNEXTQUOTA's dqb_id: at exit, before "..." */
	c = CALL(SYS_quotactl, 0, QC(Q_GETNEXTQUOTA, USRQUOTA), 0, 0, ADDR);
	c.cap_out[3] = &k;
	CHECK_STR(run_entry(&c), "quotactl(QCMD(Q_GETNEXTQUOTA, USRQUOTA), "
		  "NULL, 0, ");
	CHECK_STR(run(&c), "quotactl(QCMD(Q_GETNEXTQUOTA, USRQUOTA), NULL, 0, "
		  "{dqb_bhardlimit=100, dqb_bsoftlimit=101, dqb_curspace=102, "
		  "dqb_ihardlimit=103, dqb_isoftlimit=104, dqb_curinodes=105, "
		  "dqb_id=7, ...}) = 0");
	c.ret = -3;
	CHECK_STR(run(&c), "quotactl(QCMD(Q_GETNEXTQUOTA, USRQUOTA), NULL, 0, "
		  "0x6000) = -1 ESRCH (No such process)");

	/* quotactl_fd: the fd first, no id for Q_GETFMT */
	c = CALL(SYS_quotactl_fd, 0, 3, QC(Q_GETFMT, USRQUOTA), -3, ADDR);
	c.cap_out[3] = &fk;
	CHECK_STR(run(&c), "quotactl_fd(3, QCMD(Q_GETFMT, USRQUOTA), "
		  "[QFMT_VFS_OLD]) = 0");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "quotactl_fd(3, 2147484672, "
		  "[0x1]) = 0");
}

static void check_xfs(void)
{
	struct fs_disk_quota dq;
	struct fs_quota_statv sv;
	uint32_t flags = 0xdeadbeef;
	struct cap k = CAP(&dq, sizeof(dq)), v = CAP(&sv, sizeof(sv));
	struct cap fk = CAP(&flags, 4);
	struct sc_call c;

	c = CALL(SYS_quotactl, 0, QC(Q_XQUOTAON, USRQUOTA), 0, -1, ADDR);
	c.cap[3] = &fk;
	CHECK_STR(run(&c), "quotactl(QCMD(Q_XQUOTAON, USRQUOTA), NULL, "
		  "[FS_QUOTA_UDQ_ACCT|FS_QUOTA_UDQ_ENFD|FS_QUOTA_GDQ_ACCT|"
		  "FS_QUOTA_GDQ_ENFD|FS_QUOTA_PDQ_ENFD|0xdeadbec0]) = 0");
	c.args[0] = QC(Q_XQUOTARM, GRPQUOTA);
	CHECK_STR(run(&c), "quotactl(QCMD(Q_XQUOTARM, GRPQUOTA), NULL, "
		  "[FS_USER_QUOTA|FS_PROJ_QUOTA|FS_GROUP_QUOTA|0xdeadbee8]) "
		  "= 0");

	memset(&dq, 0, sizeof(dq));
	dq.d_version = -1;
	dq.d_flags = FS_USER_QUOTA;
	dq.d_fieldmask = 0xbeef;
	dq.d_id = 42;
	dq.d_icount = 9;
	dq.d_itimer = -2;
	dq.d_rtbwarns = 5;
	c = CALL(SYS_quotactl, 0, QC(Q_XGETQUOTA, USRQUOTA), 0, 42, ADDR);
	c.cap_out[3] = &k;
	CHECK_STR(run(&c), "quotactl(QCMD(Q_XGETQUOTA, USRQUOTA), NULL, 42, "
		  "{d_version=-1, d_flags=FS_USER_QUOTA, d_fieldmask=0xbeef, "
		  "d_id=42, d_blk_hardlimit=0, d_blk_softlimit=0, "
		  "d_ino_hardlimit=0, d_ino_softlimit=0, d_bcount=0, "
		  "d_icount=9, ...}) = 0");
	fo.verbose = 1;
	CHECK_STR(run(&c), "quotactl(QCMD(Q_XGETQUOTA, USRQUOTA), NULL, 42, "
		  "{d_version=-1, d_flags=FS_USER_QUOTA, d_fieldmask=0xbeef, "
		  "d_id=42, d_blk_hardlimit=0, d_blk_softlimit=0, "
		  "d_ino_hardlimit=0, d_ino_softlimit=0, d_bcount=0, "
		  "d_icount=9, d_itimer=-2, d_btimer=0, d_iwarns=0, "
		  "d_bwarns=0, d_rtb_hardlimit=0, d_rtb_softlimit=0, "
		  "d_rtbcount=0, d_rtbtimer=0, d_rtbwarns=5}) = 0");

	memset(&sv, 0, sizeof(sv));
	sv.qs_version = 1;
	sv.qs_flags = FS_QUOTA_UDQ_ACCT;
	sv.qs_incoredqs = 3;
	sv.qs_gquota.qfs_ino = 131;
	sv.qs_gquota.qfs_nextents = 2;
	sv.qs_iwarnlimit = 6;
	c = CALL(SYS_quotactl, 0, QC(Q_XGETQSTATV, GRPQUOTA), 0, -1, ADDR);
	c.cap_out[3] = &v;
	CHECK_STR(run(&c), "quotactl(QCMD(Q_XGETQSTATV, GRPQUOTA), NULL, "
		  "{qs_version=1, qs_flags=FS_QUOTA_UDQ_ACCT, qs_incoredqs=3, "
		  "qs_uquota={qfs_ino=0, qfs_nblks=0, qfs_nextents=0}, "
		  "qs_gquota={qfs_ino=131, qfs_nblks=0, qfs_nextents=2}, "
		  "qs_pquota={qfs_ino=0, qfs_nblks=0, qfs_nextents=0}, "
		  "qs_btimelimit=0, qs_itimelimit=0, qs_rtbtimelimit=0, "
		  "qs_bwarnlimit=0, qs_iwarnlimit=6}) = 0");
	fo.verbose = 0;
	CHECK_STR(run(&c), "quotactl(QCMD(Q_XGETQSTATV, GRPQUOTA), NULL, "
		  "{qs_version=1, ...}) = 0");
}

int main(void)
{
	check_cmds();
	check_quotaon();
	check_dqblk();
	check_xfs();
	CHECK_DONE();
}
