// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_ubi.sh (and the -X runs): the UBI
 * requests (types 'o' and 'O') on a file that is no UBI device (ENOTTY)
 * and a bad fd (EBADF): every request with NULL, an unmapped address
 * (BAD), its struct one byte short of the memory's end and ending there;
 * the structs filled in: volume types and flags known and not, names of
 * each length (negative, none, cut, whole, with a NUL inside and at the
 * end), renames of 0, 1, 3 and 33 entries; DVB and OMAP numbers of the
 * types, unknown ones.  Exits 0.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <mtd/ubi-user.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "fam.h"

static const unsigned int req[] = {
	UBI_IOCMKVOL, UBI_IOCRMVOL, UBI_IOCRSVOL, UBI_IOCRNVOL, UBI_IOCRPEB,
	UBI_IOCSPEB, UBI_IOCATT, UBI_IOCDET, UBI_IOCVOLUP, UBI_IOCEBER,
	UBI_IOCEBCH, UBI_IOCEBMAP, UBI_IOCEBUNMAP, UBI_IOCEBISMAP,
	UBI_IOCSETVOLPROP, UBI_IOCVOLCRBLK, UBI_IOCVOLRMBLK,
	_IO('o', 0x35), _IOR('o', 0x0b, int), _IOW('o', 0x7f, int),
	_IOW('O', 0x1f, int), _IO('O', 0x09),
};

/* each request's struct ending where the memory does, and cut by one */
static void edges(int fd, char *pg)
{
	static const struct { unsigned int req, size; } sz[] = {
		{ UBI_IOCMKVOL, sizeof(struct ubi_mkvol_req) },
		{ UBI_IOCRSVOL, sizeof(struct ubi_rsvol_req) },
		{ UBI_IOCRNVOL, sizeof(struct ubi_rnvol_req) },
		{ UBI_IOCATT, sizeof(struct ubi_attach_req) },
		{ UBI_IOCEBCH, sizeof(struct ubi_leb_change_req) },
		{ UBI_IOCEBMAP, sizeof(struct ubi_map_req) },
		{ UBI_IOCSETVOLPROP, sizeof(struct ubi_set_vol_prop_req) },
		{ UBI_IOCVOLUP, 8 }, { UBI_IOCRMVOL, 4 },
		{ UBI_IOCEBISMAP, 4 },
	};

	memset(pg, 0, 4096);
	for (size_t i = 0; i < sizeof(sz) / sizeof(sz[0]); i++) {
		if (sz[i].size > 4096)
			continue;
		ioctl(fd, sz[i].req, pg + 4096 - sz[i].size);
		ioctl(fd, sz[i].req, pg + 4096 - sz[i].size + 1);
	}
}

static void mkvols(int fd)
{
	static const short lens[] = { -1, 0, 1, 5, UBI_MAX_VOLUME_NAME,
				      UBI_MAX_VOLUME_NAME + 1, 32767 };
	struct ubi_mkvol_req mk;

	memset(&mk, 0, sizeof(mk));
	mk.vol_id = UBI_VOL_NUM_AUTO;
	mk.alignment = 4096;
	mk.bytes = 0x123456789aLL;
	mk.vol_type = UBI_DYNAMIC_VOLUME;
	mk.flags = UBI_VOL_SKIP_CRC_CHECK_FLG;
	memset(mk.name, 'v', sizeof(mk.name));
	for (size_t i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		mk.name_len = lens[i];
		ioctl(fd, UBI_IOCMKVOL, &mk);
	}
	mk.name[UBI_MAX_VOLUME_NAME] = '\0';
	mk.name_len = UBI_MAX_VOLUME_NAME;
	ioctl(fd, UBI_IOCMKVOL, &mk);
	strcpy(mk.name, "rootfs");
	mk.name_len = 10;
	mk.vol_type = -1;
	mk.flags = 0xfe;
	ioctl(fd, UBI_IOCMKVOL, &mk);
	mk.vol_type = 9;
	mk.flags = 0;
	ioctl(-1, UBI_IOCMKVOL, &mk);
}

static void rnvols(int fd)
{
	static const int counts[] = { 0, 1, 3, -1, UBI_MAX_RNVOL + 1 };
	struct ubi_rnvol_req *rn = malloc(sizeof(*rn));

	if (!rn)
		exit(1);
	memset(rn, 0, sizeof(*rn));
	for (int j = 0; j < UBI_MAX_RNVOL; j++) {
		rn->ents[j].vol_id = j - 1;
		rn->ents[j].name_len = (short)(j * 5);
		memset(rn->ents[j].name, 'a' + j % 26,
		       sizeof(rn->ents[j].name));
	}
	rn->ents[2].name[3] = '\0';
	rn->ents[1].name_len = -4;
	for (size_t i = 0; i < sizeof(counts) / sizeof(counts[0]); i++) {
		rn->count = counts[i];
		ioctl(fd, UBI_IOCRNVOL, rn);
	}
	free(rn);
}

int main(void)
{
	struct ubi_attach_req at = { 0, 3, 2048, -20, 0, { 0 } };
	struct ubi_leb_change_req leb = { 17, 131072, 1 /* UBI_LONGTERM */, { 0 } };
	struct ubi_map_req map = { -1, -3, { 0 } };
	struct ubi_set_vol_prop_req prop = { UBI_VOL_PROP_DIRECT_WRITE,
		{ 0 }, 0xfedcba9876543210ULL };
	struct ubi_rsvol_req rs = { -5, 12 };
	long long up = -1234567890123LL;
	int v = -42;
	char *pg;
	int fd;

	pg = fam_edge_page();
	if (!pg)
		return 1;
	fd = open("/dev/null", O_RDONLY);
	fam_ioctls(fd, req, sizeof(req) / sizeof(req[0]), pg);
	edges(fd, pg);
	mkvols(fd);
	rnvols(fd);
	ioctl(fd, UBI_IOCATT, &at);
	at.ubi_num = UBI_DEV_NUM_AUTO;
	ioctl(-1, UBI_IOCATT, &at);
	ioctl(fd, UBI_IOCEBCH, &leb);
	leb.dtype = 4;
	ioctl(fd, UBI_IOCEBCH, &leb);
	ioctl(fd, UBI_IOCEBMAP, &map);
	ioctl(fd, UBI_IOCSETVOLPROP, &prop);
	prop.property = 2;
	ioctl(fd, UBI_IOCSETVOLPROP, &prop);
	ioctl(fd, UBI_IOCRSVOL, &rs);
	ioctl(fd, UBI_IOCVOLUP, &up);
	ioctl(fd, UBI_IOCDET, &v);
	ioctl(fd, UBI_IOCSPEB, &v);
	ioctl(fd, UBI_IOCVOLCRBLK, 0x1234UL);
	ioctl(fd, UBI_IOCVOLRMBLK, 0UL);
	close(fd);
	return 0;
}
