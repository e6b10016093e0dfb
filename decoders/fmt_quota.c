// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: quotactl(2) and quotactl_fd(2).  The command is
 * QCMD(cmd, type); what follows it depends on cmd, as strace prints it:
 * no id or address for Q_SYNC and the *OFF commands, the format id and a
 * path for Q_QUOTAON, the struct a Q_SET* command reads (at entry) or a
 * Q_GET* command fills (at exit: its address after a failure), and an
 * unknown command's id and address as numbers.
 *
 * The address's copy (kind quotaarg) is up to a path's size of bytes
 * before the first page that faults, at entry and at exit: each struct
 * is read from it field by field, only when all of its bytes are there.
 */
#include <limits.h>
#include <stddef.h>
#include <linux/dqblk_xfs.h>
#include <linux/quota.h>

#include "fmt_priv.h"

#define QCMD_CMD(q)	((uint32_t)(q) >> 8)
#define QCMD_TYPE(q)	((uint32_t)(q) & 0xff)

/*
 * struct if_dqblk as strace reads it: eight u64 and dqb_valid, packed
 * (68 bytes; the kernel's has 4 bytes of padding after it)
 */
#define DQBLK_SIZE	68
#define NEXTDQBLK_SIZE	sizeof(struct if_nextdqblk)

/* where the command and the id are: quotactl's 0 and 2, quotactl_fd's 1, 2 */
static int qcmd_arg(const struct sc_call *c)
{
	return c->d->nargs > 0 && c->d->arg[0].kind == K_qcmd ? 0 : 1;
}

static void qcmd_words(struct fmt_buf *b, uint64_t v)
{
	fb_puts(b, "QCMD(");
	fmt_enum_dflt(b, &xlat_quotacmds, QCMD_CMD(v), "Q_???");
	fb_puts(b, ", ");
	fmt_enum_dflt(b, &xlat_quotatypes, QCMD_TYPE(v), "???QUOTA");
	fb_putc(b, ')');
}

/* QCMD(Q_GETQUOTA, USRQUOTA); -Xraw the number in decimal */
FMT_KIND(qcmd)
{
	fmt_words(b, (uint32_t)c->args[i], XF_UDEC, qcmd_words);
}

static void u64_field(struct fmt_buf *b, int *n, const char *name,
		      const uint8_t *p)
{
	fb_field(b, n, name);
	fb_udec(b, ld64(p));
}

static void more(struct fmt_buf *b)
{
	fb_puts(b, ", ...");
}

/* struct if_dqblk and if_nextdqblk (next: dqb_id after dqb_valid) */
static void dqblk(struct fmt_buf *b, const struct sc_call *c,
		  const uint8_t *p, int next)
{
	static const char *const f[] = {
		"dqb_bhardlimit", "dqb_bsoftlimit", "dqb_curspace",
		"dqb_ihardlimit", "dqb_isoftlimit", "dqb_curinodes",
		"dqb_btime", "dqb_itime",
	};
	int n = 0, all = verbose(c);

	fb_putc(b, '{');
	for (int j = 0; j < (all ? 8 : 6); j++)
		u64_field(b, &n, f[j], p + 8 * j);
	if (all) {
		fb_field(b, &n, "dqb_valid");
		fmt_flags_dflt(b, &xlat_if_dqblk_valid, ld32(p + 64),
			       "QIF_???");
	}
	if (next) {
		fb_field(b, &n, "dqb_id");
		fb_udec(b, ld32(p + 68));
	}
	if (!all)
		more(b);
	fb_putc(b, '}');
}

static void dqinfo(struct fmt_buf *b, const uint8_t *p)
{
	int n = 0;

	fb_putc(b, '{');
	u64_field(b, &n, "dqi_bgrace",
		  p + offsetof(struct if_dqinfo, dqi_bgrace));
	u64_field(b, &n, "dqi_igrace",
		  p + offsetof(struct if_dqinfo, dqi_igrace));
	fb_field(b, &n, "dqi_flags");
	fmt_flags_dflt(b, &xlat_if_dqinfo_flags,
		       ld32(p + offsetof(struct if_dqinfo, dqi_flags)),
		       "DQF_???");
	fb_field(b, &n, "dqi_valid");
	fmt_flags_dflt(b, &xlat_if_dqinfo_valid,
		       ld32(p + offsetof(struct if_dqinfo, dqi_valid)),
		       "IIF_???");
	fb_putc(b, '}');
}

#define DQ(f)	(p + offsetof(struct fs_disk_quota, f))

/* struct fs_disk_quota (Q_XGETQUOTA, Q_XSETQLIM) */
static void disk_quota(struct fmt_buf *b, const struct sc_call *c,
		       const uint8_t *p)
{
	int n = 0;

	fb_putc(b, '{');
	fb_field(b, &n, "d_version");
	fb_dec(b, (int8_t)*DQ(d_version));
	fb_field(b, &n, "d_flags");
	fmt_flags_dflt(b, &xlat_xfs_dqblk_flags, *DQ(d_flags), "FS_???_QUOTA");
	fb_field(b, &n, "d_fieldmask");
	fb_hex(b, ld16(DQ(d_fieldmask)));
	fb_field(b, &n, "d_id");
	fb_udec(b, ld32(DQ(d_id)));
	u64_field(b, &n, "d_blk_hardlimit", DQ(d_blk_hardlimit));
	u64_field(b, &n, "d_blk_softlimit", DQ(d_blk_softlimit));
	u64_field(b, &n, "d_ino_hardlimit", DQ(d_ino_hardlimit));
	u64_field(b, &n, "d_ino_softlimit", DQ(d_ino_softlimit));
	u64_field(b, &n, "d_bcount", DQ(d_bcount));
	u64_field(b, &n, "d_icount", DQ(d_icount));
	if (!verbose(c)) {
		more(b);
		fb_putc(b, '}');
		return;
	}
	fb_field(b, &n, "d_itimer");
	fb_dec(b, (int32_t)ld32(DQ(d_itimer)));
	fb_field(b, &n, "d_btimer");
	fb_dec(b, (int32_t)ld32(DQ(d_btimer)));
	fb_field(b, &n, "d_iwarns");
	fb_udec(b, ld16(DQ(d_iwarns)));
	fb_field(b, &n, "d_bwarns");
	fb_udec(b, ld16(DQ(d_bwarns)));
	u64_field(b, &n, "d_rtb_hardlimit", DQ(d_rtb_hardlimit));
	u64_field(b, &n, "d_rtb_softlimit", DQ(d_rtb_softlimit));
	u64_field(b, &n, "d_rtbcount", DQ(d_rtbcount));
	fb_field(b, &n, "d_rtbtimer");
	fb_dec(b, (int32_t)ld32(DQ(d_rtbtimer)));
	fb_field(b, &n, "d_rtbwarns");
	fb_udec(b, ld16(DQ(d_rtbwarns)));
	fb_putc(b, '}');
}

#undef DQ

/* struct fs_qfilestat or fs_qfilestatv: ino, nblks, nextents (at off2) */
static void qfilestat(struct fmt_buf *b, int *n, const char *name,
		      const uint8_t *p, size_t off2)
{
	int m = 0;

	fb_field(b, n, name);
	fb_putc(b, '{');
	u64_field(b, &m, "qfs_ino", p);
	u64_field(b, &m, "qfs_nblks", p + 8);
	fb_field(b, &m, "qfs_nextents");
	fb_udec(b, ld32(p + off2));
	fb_putc(b, '}');
}

/* the limits both quota stat structs end with, at their offsets */
static void stat_limits(struct fmt_buf *b, int *n, const uint8_t *bt,
			const uint8_t *it, const uint8_t *rt,
			const uint8_t *bw, const uint8_t *iw)
{
	fb_field(b, n, "qs_btimelimit");
	fb_dec(b, (int32_t)ld32(bt));
	fb_field(b, n, "qs_itimelimit");
	fb_dec(b, (int32_t)ld32(it));
	fb_field(b, n, "qs_rtbtimelimit");
	fb_dec(b, (int32_t)ld32(rt));
	fb_field(b, n, "qs_bwarnlimit");
	fb_udec(b, ld16(bw));
	fb_field(b, n, "qs_iwarnlimit");
	fb_udec(b, ld16(iw));
}

#define QS(f)	(p + offsetof(struct fs_quota_stat, f))
#define QSV(f)	(p + offsetof(struct fs_quota_statv, f))

/* struct fs_quota_stat (Q_XGETQSTAT): its version, the rest with -v */
static void quota_stat(struct fmt_buf *b, const struct sc_call *c,
		       const uint8_t *p)
{
	size_t ext = offsetof(struct fs_qfilestat, qfs_nextents);
	int n = 0;

	fb_putc(b, '{');
	fb_field(b, &n, "qs_version");
	fb_dec(b, (int8_t)*QS(qs_version));
	if (!verbose(c)) {
		more(b);
		fb_putc(b, '}');
		return;
	}
	fb_field(b, &n, "qs_flags");
	fmt_flags_dflt(b, &xlat_xfs_quota_flags, ld16(QS(qs_flags)),
		       "FS_QUOTA_???");
	qfilestat(b, &n, "qs_uquota", QS(qs_uquota), ext);
	qfilestat(b, &n, "qs_gquota", QS(qs_gquota), ext);
	fb_field(b, &n, "qs_incoredqs");
	fb_udec(b, ld32(QS(qs_incoredqs)));
	stat_limits(b, &n, QS(qs_btimelimit), QS(qs_itimelimit),
		    QS(qs_rtbtimelimit), QS(qs_bwarnlimit), QS(qs_iwarnlimit));
	fb_putc(b, '}');
}

/* struct fs_quota_statv (Q_XGETQSTATV) */
static void quota_statv(struct fmt_buf *b, const struct sc_call *c,
			const uint8_t *p)
{
	size_t ext = offsetof(struct fs_qfilestatv, qfs_nextents);
	int n = 0;

	fb_putc(b, '{');
	fb_field(b, &n, "qs_version");
	fb_dec(b, (int8_t)*QSV(qs_version));
	if (!verbose(c)) {
		more(b);
		fb_putc(b, '}');
		return;
	}
	fb_field(b, &n, "qs_flags");
	fmt_flags_dflt(b, &xlat_xfs_quota_flags, ld16(QSV(qs_flags)),
		       "FS_QUOTA_???");
	fb_field(b, &n, "qs_incoredqs");
	fb_udec(b, ld32(QSV(qs_incoredqs)));
	qfilestat(b, &n, "qs_uquota", QSV(qs_uquota), ext);
	qfilestat(b, &n, "qs_gquota", QSV(qs_gquota), ext);
	qfilestat(b, &n, "qs_pquota", QSV(qs_pquota), ext);
	stat_limits(b, &n, QSV(qs_btimelimit), QSV(qs_itimelimit),
		    QSV(qs_rtbtimelimit), QSV(qs_bwarnlimit),
		    QSV(qs_iwarnlimit));
	fb_putc(b, '}');
}

#undef QS
#undef QSV

/* Q_QUOTAON's quota file: a path in the copy, else its address */
static void quota_path(struct fmt_buf *b, const struct sc_call *c, int i)
{
	const struct cap *k = c->args[i] ? arg_in(c, i, 1) : NULL;
	const uint8_t *z = k ? memchr(k->p, '\0', k->len) : NULL;

	/*
	 * No NUL in what could be read before a fault: strace cannot read
	 * the string either and prints the address; no NUL in a whole
	 * PATH_MAX bytes: the first PATH_MAX - 1 of them and "..."
	 */
	if (!k || (!z && k->len < PATH_MAX)) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fmt_qstr(b, c, k->p, k->len, PATH_MAX - 1, 0, QS_NUL_END);
}

/* [NAME] of a u32 the call reads or writes (set: flags, else an enum) */
static void quota_u32(struct fmt_buf *b, const struct cap *k,
		      const struct xlat *set, const char *dflt, int flags)
{
	fb_putc(b, '[');
	if (flags)
		fmt_flags_dflt(b, set, ld32(k->p), dflt);
	else
		fmt_enum_dflt(b, set, ld32(k->p), dflt);
	fb_putc(b, ']');
}

/* bytes of the struct command cmd reads or writes at addr, 0: none */
static size_t quota_size(uint32_t cmd)
{
	switch (cmd) {
	case Q_GETQUOTA:
	case Q_SETQUOTA:
		return DQBLK_SIZE;
	case Q_GETNEXTQUOTA:
		return NEXTDQBLK_SIZE;
	case Q_XGETQUOTA:
	case Q_XGETNEXTQUOTA:
	case Q_XSETQLIM:
		return sizeof(struct fs_disk_quota);
	case Q_GETFMT:
	case Q_XQUOTAON:
	case Q_XQUOTAOFF:
	case Q_XQUOTARM:
		return 4;
	case Q_GETINFO:
	case Q_SETINFO:
		return sizeof(struct if_dqinfo);
	case Q_XGETQSTAT:
		return sizeof(struct fs_quota_stat);
	case Q_XGETQSTATV:
		return sizeof(struct fs_quota_statv);
	}
	return 0;
}

/* the commands whose struct the call fills: printed at exit */
static int quota_out(uint32_t cmd)
{
	switch (cmd) {
	case Q_GETQUOTA:
	case Q_GETNEXTQUOTA:
	case Q_XGETQUOTA:
	case Q_XGETNEXTQUOTA:
	case Q_GETFMT:
	case Q_GETINFO:
	case Q_XGETQSTAT:
	case Q_XGETQSTATV:
		return 1;
	}
	return 0;
}

/* the address argument by command (the id is printed by the call) */
FMT_KIND(quotaarg)
{
	uint32_t cmd = QCMD_CMD(c->args[qcmd_arg(c)]);
	size_t size = quota_size(cmd);
	const struct cap *k = NULL;

	if (cmd == Q_QUOTAON) {
		quota_path(b, c, i);
		return;
	}
	if (c->args[i] && size)
		k = quota_out(cmd) ? arg_out(c, i, size) : arg_in(c, i, size);
	if (!k) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	switch (cmd) {
	case Q_GETQUOTA:
	case Q_SETQUOTA:
	case Q_GETNEXTQUOTA:
		dqblk(b, c, k->p, cmd == Q_GETNEXTQUOTA);
		break;
	case Q_XGETQUOTA:
	case Q_XGETNEXTQUOTA:
	case Q_XSETQLIM:
		disk_quota(b, c, k->p);
		break;
	case Q_GETFMT:
		quota_u32(b, k, &xlat_quota_formats, "QFMT_VFS_???", 0);
		break;
	case Q_GETINFO:
	case Q_SETINFO:
		dqinfo(b, k->p);
		break;
	case Q_XGETQSTAT:
		quota_stat(b, c, k->p);
		break;
	case Q_XGETQSTATV:
		quota_statv(b, c, k->p);
		break;
	case Q_XQUOTAON:
	case Q_XQUOTAOFF:
		quota_u32(b, k, &xlat_xfs_quota_flags, "FS_QUOTA_???", 1);
		break;
	case Q_XQUOTARM:
		quota_u32(b, k, &xlat_xfs_dqblk_flags, "FS_???_QUOTA", 1);
		break;
	}
}

/* what follows the command and the device: 0 none, 1 the address, 2 both */
static int quota_shape(uint32_t cmd)
{
	switch (cmd) {
	case Q_QUOTAOFF:
	case Q_SYNC:
	case Q_XQUOTASYNC:
		return 0;
	case Q_GETFMT:
	case Q_GETINFO:
	case Q_SETINFO:
	case Q_XGETQSTAT:
	case Q_XGETQSTATV:
	case Q_XQUOTAON:
	case Q_XQUOTAOFF:
	case Q_XQUOTARM:
		return 1;
	}
	return 2;
}

/*
 * quotactl(QCMD, special, id, addr), quotactl_fd(fd, QCMD, id, addr):
 * the id is a format for Q_QUOTAON, a uid otherwise (-1 as -1); what a
 * Q_GET* command fills is printed at exit, after the ", " of entry.
 */
int fmt_quotactl_call(struct fmt_buf *b, const struct sc_call *c, int from,
		      int exiting)
{
	uint32_t cmd = QCMD_CMD(c->args[qcmd_arg(c)]);
	int shape = quota_shape(cmd);

	if (exiting) {
		if (from == 3)
			fmt_k_quotaarg(b, c, 3);
		return 4;
	}
	if (from > 0)
		return 4;
	fmt_arg(b, c, 0);
	fb_puts(b, ", ");
	fmt_arg(b, c, 1);
	if (!shape)
		return 4;
	fb_puts(b, ", ");
	if (shape == 2) {
		if (cmd == Q_QUOTAON)
			fmt_enum_dflt(b, &xlat_quota_formats,
				      (uint32_t)c->args[2], "QFMT_VFS_???");
		else
			fmt_arg(b, c, 2);
		fb_puts(b, ", ");
	}
	if (quota_out(cmd))
		return 3;
	fmt_k_quotaarg(b, c, 3);
	return 4;
}
