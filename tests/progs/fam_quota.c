// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_quota.sh: quotactl and quotactl_fd with
 * each command strace decodes, on a device that has no quotas (they
 * fail: the Q_GET* structs print as their address), with NULL, BAD, the
 * structs a Q_SET* reads filled in, and each struct one byte short of
 * the memory's end (its address).  Exits 0.
 */
#include <fcntl.h>
#include <string.h>
#include <linux/dqblk_xfs.h>
#include <linux/quota.h>

#include "fam.h"

#define QC(c, t)	((long)(unsigned int)QCMD(c, t))

static const unsigned int cmds[] = {
	Q_SYNC, Q_QUOTAON, Q_QUOTAOFF, Q_GETFMT, Q_GETINFO, Q_SETINFO,
	Q_GETQUOTA, Q_SETQUOTA, Q_GETNEXTQUOTA, Q_XQUOTAON, Q_XQUOTAOFF,
	Q_XGETQUOTA, Q_XSETQLIM, Q_XGETQSTAT, Q_XQUOTARM, Q_XQUOTASYNC,
	Q_XGETQSTATV, Q_XGETNEXTQUOTA, 0x100, 0xbadc0d,
};

/* the bytes each command's struct takes (strace's if_dqblk is packed) */
static size_t cmd_size(unsigned int cmd)
{
	switch (cmd) {
	case Q_GETQUOTA:
	case Q_SETQUOTA:
		return 68;
	case Q_GETNEXTQUOTA:
		return sizeof(struct if_nextdqblk);
	case Q_XGETQUOTA:
	case Q_XSETQLIM:
	case Q_XGETNEXTQUOTA:
		return sizeof(struct fs_disk_quota);
	case Q_GETINFO:
	case Q_SETINFO:
		return sizeof(struct if_dqinfo);
	case Q_XGETQSTAT:
		return sizeof(struct fs_quota_stat);
	case Q_XGETQSTATV:
		return sizeof(struct fs_quota_statv);
	}
	return 4;
}

int main(void)
{
	char *edge = fam_edge_page();
	char dev[32], file[32];
	unsigned char mem[256];
	int fd = open("/dev/null", O_RDONLY);

	if (!edge || fd < 0)
		return 1;
	strcpy(dev, "/dev/no-such-quota-dev");
	strcpy(file, "/no/aquota.user");
	for (size_t i = 0; i < sizeof(mem); i++)
		mem[i] = (unsigned char)(0x80 + i * 7);
	memset(edge, 0xa5, 4096);
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++) {
		unsigned int c = cmds[i];
		size_t size = cmd_size(c);

		sc(SYS_quotactl, QC(c, USRQUOTA), (long)dev, -1, (long)NULLP,
		   0, 0);
		sc(SYS_quotactl, QC(c, GRPQUOTA), (long)NULLP, 1000,
		   (long)BAD, 0, 0);
		sc(SYS_quotactl, QC(c, PRJQUOTA), (long)dev, QFMT_VFS_V0,
		   c == Q_QUOTAON ? (long)file : (long)mem, 0, 0);
		sc(SYS_quotactl, QC(c, 0xed), (long)dev, 0xca7faced,
		   (long)(edge + 4096 - size + 1), 0, 0);
		sc(SYS_quotactl_fd, fd, QC(c, USRQUOTA), 42, (long)mem, 0, 0);
	}
	return 0;
}
