// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: btrfs ioctls (type 0x94) as strace 6.1's btrfs.c and
 * fs_0x94_ioctl.c print them at entry: names and aliases, a value
 * argument, structs by request (flags, object ids, UINT64_MAX, devids),
 * -X styles, -v's extra fields, a qgroup_inherit and send's clone_sources
 * behind a pointer (c.inner[0]); a struct copied short, or an inner
 * memory not copied, prints as the pointer.
 */
#include <linux/btrfs.h>
#include <linux/fs.h>
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

#define PTR	0x7f0000001000ull
#define EBADF_S	" = -1 EBADF (Bad file descriptor)"

static void put64(uint8_t *p, uint64_t v)
{
	memcpy(p, &v, 8);
}

static void put32(uint8_t *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

static uint8_t arg[4608], in[4096];

/* the argument copied whole (n bytes) */
static struct sc_call call(uint32_t req, struct cap *k, size_t n)
{
	struct sc_call c = CALL(SYS_ioctl, -9, -1, req, PTR);

	*k = CAP(arg, n);
	c.cap[2] = k;
	return c;
}

static void simple(void)
{
	struct cap k;
	struct sc_call c = CALL(SYS_ioctl, -9, -1, BTRFS_IOC_SYNC);

	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_SYNC)" EBADF_S);
	c = CALL(SYS_ioctl, -9, -1, BTRFS_IOC_FS_INFO, 0);
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_FS_INFO, NULL)" EBADF_S);
	/* one strace does not decode: the number */
	c = CALL(SYS_ioctl, -9, -1, BTRFS_IOC_GET_SUBVOL_INFO, 0);
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_GET_SUBVOL_INFO, 0)" EBADF_S);
	c = CALL(SYS_ioctl, -9, -1, FICLONE, 4);
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_CLONE or FICLONE, 4)" EBADF_S);
	c = CALL(SYS_ioctl, -9, -1, BTRFS_IOC_BALANCE_CTL, 2);
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "ioctl(-1, 0x40049421 /* "
		  "BTRFS_IOC_BALANCE_CTL */, 0x2 /* BTRFS_BALANCE_CTL_CANCEL */)"
		  EBADF_S);
	memset(arg, 0, sizeof(arg));
	put64(arg, 0xf);
	c = call(BTRFS_IOC_SUBVOL_SETFLAGS, &k, 8);
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_SUBVOL_SETFLAGS, "
		  "BTRFS_SUBVOL_CREATE_ASYNC|BTRFS_SUBVOL_RDONLY|"
		  "BTRFS_SUBVOL_QGROUP_INHERIT|0x8)" EBADF_S);
	/* short: the pointer */
	k.len = 7;
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_SUBVOL_SETFLAGS, "
		  "0x7f0000001000)" EBADF_S);
	/* vol_args: its name up to the NUL; one byte short, the pointer */
	put64(arg, 3);
	strcpy((char *)arg + 8, "/dev/sda1");
	c = call(BTRFS_IOC_ADD_DEV, &k, 4096);
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_ADD_DEV, {fd=3, "
		  "name=\"/dev/sda1\"})" EBADF_S);
	k.len = 4095;
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_ADD_DEV, 0x7f0000001000)"
		  EBADF_S);
}

static void search(void)
{
	struct cap k;
	struct sc_call c;

	memset(arg, 0, sizeof(arg));
	put64(arg, 5);
	put64(arg + 8, 256);
	put64(arg + 16, (uint64_t)-256);
	put64(arg + 32, UINT64_MAX - 1);
	put32(arg + 56, 1);
	put32(arg + 60, 0xffffffff);
	put32(arg + 64, 10);
	c = call(BTRFS_IOC_TREE_SEARCH, &k, 4096);
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_TREE_SEARCH, {key={tree_id="
		  "BTRFS_FS_TREE_OBJECTID, min_offset=0, max_offset="
		  "18446744073709551614, min_transid=0, max_transid=0, "
		  "min_type=BTRFS_INODE_ITEM_KEY, max_type=UINT32_MAX, "
		  "nr_items=10}})" EBADF_S);
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "ioctl(-1, 0xd0009411 /* "
		  "BTRFS_IOC_TREE_SEARCH */, {key={tree_id=5 /* "
		  "BTRFS_FS_TREE_OBJECTID */, min_offset=0, max_offset="
		  "18446744073709551614, min_transid=0, max_transid=0, "
		  "min_type=1 /* BTRFS_INODE_ITEM_KEY */, max_type=4294967295 "
		  "/* UINT32_MAX */, nr_items=10}})" EBADF_S);
	fo.verbose = 1;
	put64(arg + 8, 7);
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_TREE_SEARCH, {key={tree_id="
		  "BTRFS_FS_TREE_OBJECTID, min_objectid=BTRFS_CSUM_TREE_OBJECTID, "
		  "max_objectid=BTRFS_LAST_FREE_OBJECTID, min_offset=0, max_offset="
		  "18446744073709551614, min_transid=0, max_transid=0, "
		  "min_type=BTRFS_INODE_ITEM_KEY, max_type=UINT32_MAX, "
		  "nr_items=10}})" EBADF_S);
	fo.verbose = 0;
	k.len = 67;
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_TREE_SEARCH, 0x7f0000001000)"
		  EBADF_S);
}

static void inherit(void)
{
	struct cap k, ki = CAP(in, 72 + 16);
	struct sc_call c;

	memset(arg, 0, sizeof(arg));
	memset(in, 0, sizeof(in));
	put64(arg, 2);
	put64(arg + 16, BTRFS_SUBVOL_QGROUP_INHERIT);
	put64(arg + 24, 88);
	put64(arg + 32, PTR + 0x800);
	strcpy((char *)arg + 56, "sv");
	put64(in, 1);
	put64(in + 8, 2);
	put64(in + 32, 0x41);
	put64(in + 40, 7);
	put64(in + 72, 257);
	put64(in + 80, 258);
	c = call(BTRFS_IOC_SNAP_CREATE_V2, &k, 4096);
	c.inner[0] = &ki;
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_SNAP_CREATE_V2, {fd=2, "
		  "flags=BTRFS_SUBVOL_QGROUP_INHERIT, size=88, qgroup_inherit="
		  "{flags=BTRFS_QGROUP_INHERIT_SET_LIMITS, num_qgroups=2, "
		  "num_ref_copies=0, num_excl_copies=0, lim={flags="
		  "BTRFS_QGROUP_LIMIT_MAX_RFER|0x40, max_rfer=7, max_excl=0, "
		  "rsv_rfer=0, rsv_excl=0}, ...}, name=\"sv\"})" EBADF_S);
	fo.verbose = 1;
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_SNAP_CREATE_V2, {fd=2, "
		  "flags=BTRFS_SUBVOL_QGROUP_INHERIT, size=88, qgroup_inherit="
		  "{flags=BTRFS_QGROUP_INHERIT_SET_LIMITS, num_qgroups=2, "
		  "num_ref_copies=0, num_excl_copies=0, lim={flags="
		  "BTRFS_QGROUP_LIMIT_MAX_RFER|0x40, max_rfer=7, max_excl=0, "
		  "rsv_rfer=0, rsv_excl=0}, qgroups=[257, 258]}, name=\"sv\"})"
		  EBADF_S);
	/* the second qgroup not copied: its address ends the array */
	ki.len = 80;
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_SNAP_CREATE_V2, {fd=2, "
		  "flags=BTRFS_SUBVOL_QGROUP_INHERIT, size=88, qgroup_inherit="
		  "{flags=BTRFS_QGROUP_INHERIT_SET_LIMITS, num_qgroups=2, "
		  "num_ref_copies=0, num_excl_copies=0, lim={flags="
		  "BTRFS_QGROUP_LIMIT_MAX_RFER|0x40, max_rfer=7, max_excl=0, "
		  "rsv_rfer=0, rsv_excl=0}, qgroups=[257, ... /* 0x7f0000001850 "
		  "*/]}, name=\"sv\"})" EBADF_S);
	fo.verbose = 0;
	/* its head not copied: the pointer */
	ki.len = 71;
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_SNAP_CREATE_V2, {fd=2, "
		  "flags=BTRFS_SUBVOL_QGROUP_INHERIT, size=88, qgroup_inherit="
		  "0x7f0000001800, name=\"sv\"})" EBADF_S);
}

static void send_dedupe(void)
{
	struct cap k, ki = CAP(in, 16);
	struct sc_call c;

	memset(arg, 0, sizeof(arg));
	put64(arg, 4);
	put64(arg + 8, 2);
	put64(arg + 16, PTR + 0x800);
	put64(arg + 24, 257);
	put64(arg + 32, 1);
	put64(in, 256);
	put64(in + 8, 5);
	c = call(BTRFS_IOC_SEND, &k, 72);
	c.inner[0] = &ki;
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_SEND, {send_fd=4, "
		  "clone_sources_count=2, clone_sources=0x7f0000001800, "
		  "parent_root=257, flags=BTRFS_SEND_FLAG_NO_FILE_DATA})"
		  EBADF_S);
	fo.verbose = 1;
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_SEND, {send_fd=4, "
		  "clone_sources_count=2, clone_sources=["
		  "BTRFS_FIRST_FREE_OBJECTID, BTRFS_FS_TREE_OBJECTID], "
		  "parent_root=257, flags=BTRFS_SEND_FLAG_NO_FILE_DATA})"
		  EBADF_S);
	c.inner[0] = NULL;
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_SEND, {send_fd=4, "
		  "clone_sources_count=2, clone_sources=0x7f0000001800, "
		  "parent_root=257, flags=BTRFS_SEND_FLAG_NO_FILE_DATA})"
		  EBADF_S);
	fo.verbose = 0;

	/* dedupe: two infos and "..." unless -v; one not copied */
	memset(arg, 0, sizeof(arg));
	put64(arg, 1024);
	put64(arg + 8, 10240);
	arg[16] = 3;
	for (int j = 0; j < 3; j++) {
		put64(arg + 24 + 32 * j, 2);
		put64(arg + 32 + 32 * j, 100 * (uint64_t)j);
	}
	c = call(FIDEDUPERANGE, &k, 24 + 3 * 32);
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_FILE_EXTENT_SAME or "
		  "FIDEDUPERANGE, {src_offset=1024, src_length=10240, "
		  "dest_count=3, info=[{dest_fd=2, dest_offset=0}, {dest_fd=2, "
		  "dest_offset=100}, ...]})" EBADF_S);
	/* -s 1: one */
	fo.strsize = 1;
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_FILE_EXTENT_SAME or "
		  "FIDEDUPERANGE, {src_offset=1024, src_length=10240, "
		  "dest_count=3, info=[{dest_fd=2, dest_offset=0}, ...]})"
		  EBADF_S);
	fo.strsize = 32;
	fo.verbose = 1;
	k.len = 24 + 2 * 32;
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_FILE_EXTENT_SAME or "
		  "FIDEDUPERANGE, {src_offset=1024, src_length=10240, "
		  "dest_count=3, info=[{dest_fd=2, dest_offset=0}, {dest_fd=2, "
		  "dest_offset=100}, ... /* 0x7f0000001058 */]})" EBADF_S);
	fo.verbose = 0;
}

static void misc(void)
{
	struct cap k;
	struct sc_call c;

	memset(arg, 0, sizeof(arg));
	put64(arg, 0x801);
	put64(arg + 8, UINT64_MAX);
	put64(arg + 24, 3);
	c = call(BTRFS_IOC_SCRUB, &k, 1024);
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_SCRUB, {devid=makedev(0x8, "
		  "0x1), start=UINT64_MAX, end=0, flags=BTRFS_SCRUB_READONLY|"
		  "0x2})" EBADF_S);
	CHECK_STR(run_style(&c, XSTYLE_RAW), "ioctl(-1, 0xc400941b, "
		  "{devid=0x801, start=18446744073709551615, end=0, flags=0x3})"
		  EBADF_S);
	memset(arg, 0, sizeof(arg));
	put64(arg, 0x1);
	put64(arg + 40, 0xdeae);
	put64(arg + 48, PTR);
	c = call(BTRFS_IOC_LOGICAL_INO, &k, 56);
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_LOGICAL_INO, {logical=1, "
		  "size=0, flags=0xdeae /* BTRFS_LOGICAL_INO_ARGS_??? */, "
		  "inodes=0x7f0000001000})" EBADF_S);
	put64(arg + 24, 0xc);
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_LOGICAL_INO, {logical=1, "
		  "size=0, reserved=[0, 0xc, 0], flags=0xdeae /* "
		  "BTRFS_LOGICAL_INO_ARGS_??? */, inodes=0x7f0000001000})"
		  EBADF_S);
	memset(arg, 0, sizeof(arg));
	put64(arg + 32, 1463193386);
	put32(arg + 40, 12345);
	c = call(BTRFS_IOC_SET_RECEIVED_SUBVOL, &k, 200);
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_SET_RECEIVED_SUBVOL, {uuid="
		  "00000000-0000-0000-0000-000000000000, stransid=0, stime="
		  "{sec=1463193386, nsec=12345} /* "
		  "2016-05-14T02:36:26.000012345+0000 */, flags=0})" EBADF_S);
	/* raw: the date still (strace's comment), none for a zero time */
	CHECK_STR(run_style(&c, XSTYLE_RAW), "ioctl(-1, 0xc0c89425, {uuid="
		  "00000000-0000-0000-0000-000000000000, stransid=0, stime="
		  "{sec=1463193386, nsec=12345} /* "
		  "2016-05-14T02:36:26.000012345+0000 */, flags=0})" EBADF_S);
	put64(arg + 32, 0);
	put32(arg + 40, 0);
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_SET_RECEIVED_SUBVOL, {uuid="
		  "00000000-0000-0000-0000-000000000000, stransid=0, stime="
		  "{sec=0, nsec=0}, flags=0})" EBADF_S);
	memset(arg, 0, sizeof(arg));
	put64(arg, 1);
	c = call(BTRFS_IOC_DEV_REPLACE, &k, 8);
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_DEV_REPLACE, {cmd="
		  "BTRFS_IOCTL_DEV_REPLACE_CMD_STATUS})" EBADF_S);
	/* a start needs its names: 8 bytes are short */
	put64(arg, 0);
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_DEV_REPLACE, 0x7f0000001000)"
		  EBADF_S);
}

/* the read-only requests: what the call filled, at exit; after a
   failure or a short copy, the pointer */
static void filled(void)
{
	struct cap k;
	struct sc_call c = CALL(SYS_ioctl, 0, -1, BTRFS_IOC_START_SYNC, PTR);

	memset(arg, 0, sizeof(arg));
	put64(arg, 42);
	k = CAP(arg, 8);
	c.cap_out[2] = &k;
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_START_SYNC, [42]) = 0");
	c.ret = -9;
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_START_SYNC, 0x7f0000001000)"
		  EBADF_S);
	put64(arg, 0);
	put64(arg + 8, 3);
	put64(arg + 16, 0x10);
	put64(arg + 32, 1);
	put64(arg + 48, 0x3);
	c = CALL(SYS_ioctl, 0, -1, BTRFS_IOC_GET_SUPPORTED_FEATURES, PTR);
	k = CAP(arg, 72);
	c.cap_out[2] = &k;
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_GET_SUPPORTED_FEATURES, "
		  "[{compat_flags=0, compat_ro_flags=BTRFS_FEATURE_COMPAT_RO_"
		  "FREE_SPACE_TREE|BTRFS_FEATURE_COMPAT_RO_FREE_SPACE_TREE_VALID,"
		  " incompat_flags=BTRFS_FEATURE_INCOMPAT_COMPRESS_ZSTD} /* "
		  "supported */, {compat_flags=0, compat_ro_flags="
		  "BTRFS_FEATURE_COMPAT_RO_FREE_SPACE_TREE, incompat_flags=0}"
		  " /* safe to set */, {compat_flags=0x3 /* BTRFS_FEATURE_COMPAT"
		  "_??? */, compat_ro_flags=0, incompat_flags=0} /* safe to "
		  "clear */]) = 0");
	k.len = 71;
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_GET_SUPPORTED_FEATURES, "
		  "0x7f0000001000) = 0");
	memset(arg, 0, sizeof(arg));
	put64(arg, 257);
	put64(arg + 8, 0x3);
	put64(arg + 16, 4096);
	c = CALL(SYS_ioctl, 0, -1, BTRFS_IOC_QGROUP_LIMIT, PTR);
	k = CAP(arg, 48);
	c.cap_out[2] = &k;
	CHECK_STR(run(&c), "ioctl(-1, BTRFS_IOC_QGROUP_LIMIT, {qgroupid=257, "
		  "lim={flags=BTRFS_QGROUP_LIMIT_MAX_RFER|"
		  "BTRFS_QGROUP_LIMIT_MAX_EXCL, max_rfer=4096, max_excl=0, "
		  "rsv_rfer=0, rsv_excl=0}}) = 0");
	strcpy((char *)arg, "label");
	c = CALL(SYS_ioctl, 0, -1, FS_IOC_GETFSLABEL, PTR);
	k = CAP(arg, 256);
	c.cap_out[2] = &k;
	CHECK_STR(run(&c), "ioctl(-1, FS_IOC_GETFSLABEL, \"label\") = 0");
}

int main(void)
{
	simple();
	search();
	inherit();
	send_dedupe();
	misc();
	filled();
	CHECK_DONE();
}
