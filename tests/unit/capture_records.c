// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture records, as the BPF program lays them out, to each argument's
 * struct cap: an entry copy that faulted is marked to be read again; the
 * exit record's entry-phase item (that second read) replaces it in
 * cap[], while what the call wrote goes to cap_out[].
 */
#include "check.h"
#include "capture.h"

static uint8_t rec[512];

static size_t item(size_t off, int arg, int phase, int flags, const char *data)
{
	struct cap_item it = { 0 };
	size_t n = data ? strlen(data) : 0;

	it.arg = (uint8_t)arg;
	it.phase = (uint8_t)phase;
	it.flags = (uint8_t)flags;
	it.len = (uint32_t)n;
	memcpy(rec + off, &it, sizeof(it));
	memcpy(rec + off + sizeof(it), data ? data : "", n);
	return off + sizeof(it) + ((n + 7) & ~(size_t)7);
}

/* a CAP_IOC_STR item after off, its total the element's index */
static size_t item_total(size_t off, uint32_t total, const char *data)
{
	struct cap_item it;
	size_t end = item(off, CAP_IOC_STR, CAP_AT_ENTRY, 0, data);

	memcpy(&it, rec + off, sizeof(it));
	it.total = total;
	memcpy(rec + off, &it, sizeof(it));
	return end;
}

static size_t record(int phase, size_t end, int nitems)
{
	struct cap_rec r = { 0 };

	r.magic = CAP_MAGIC;
	r.nr = 1;
	r.phase = (uint8_t)phase;
	r.nitems = (uint8_t)nitems;
	r.size = (uint32_t)end;
	memcpy(rec, &r, sizeof(r));
	return end;
}

int main(void)
{
	static uint8_t join[256];
	struct cap caps[2][6];
	const struct cap *in[6] = { 0 }, *out[6] = { 0 };
	struct cap_parsed cp;
	size_t n;

	/* entry: arg 1 faulted, to be read again; arg 0 copied */
	n = item(sizeof(struct cap_rec), 0, CAP_AT_ENTRY, 0, "path");
	n = item(n, 1, CAP_AT_ENTRY, CAP_F_FAULT | CAP_F_RETRY, NULL);
	CHECK(capture_parse(rec, record(CAP_AT_ENTRY, n, 2), &cp) == 0);
	capture_caps(&cp, caps[0], in, out, join, sizeof(join));
	CHECK(in[0] && in[0]->len == 4 && !(in[0]->flags & (CAP_FAULT | CAP_LATER)));
	CHECK(in[1] && (in[1]->flags & CAP_FAULT) && (in[1]->flags & CAP_LATER));
	CHECK(!out[0] && !out[1]);

	/* exit: arg 1 read again (entry data), arg 2 written by the call */
	n = item(sizeof(struct cap_rec), 1, CAP_AT_ENTRY, 0, "data");
	n = item(n, 2, CAP_AT_EXIT, 0, "out");
	CHECK(capture_parse(rec, record(CAP_AT_EXIT, n, 2), &cp) == 0);
	capture_caps(&cp, caps[1], in, out, join, sizeof(join));
	CHECK(in[0] == &caps[0][0]);
	CHECK(in[1] && in[1]->len == 4 && !memcmp(in[1]->p, "data", 4) &&
	      !(in[1]->flags & (CAP_FAULT | CAP_LATER)));
	CHECK(!out[1]);
	CHECK(out[2] && out[2]->len == 3 && !in[2]);

	/* read again, and still not readable: the pointer prints */
	n = item(sizeof(struct cap_rec), 1, CAP_AT_ENTRY, CAP_F_FAULT, NULL);
	CHECK(capture_parse(rec, record(CAP_AT_EXIT, n, 1), &cp) == 0);
	capture_caps(&cp, caps[1], in, out, join, sizeof(join));
	CHECK(in[1] && (in[1]->flags & CAP_FAULT));

	/*
	 * an argument in pieces (msghdr): one that could not be read is a
	 * hole (no bytes, its bit set); one read in part leaves it all out
	 */
	memset(in, 0, sizeof(in));
	n = item(sizeof(struct cap_rec), 1, CAP_AT_ENTRY, 0, "hdr");
	n = item(n, 1, CAP_AT_ENTRY, CAP_F_FAULT, NULL);
	n = item(n, 1, CAP_AT_ENTRY, 0, "iov");
	n = item(n, 1, CAP_AT_ENTRY, CAP_F_FAULT, NULL);
	CHECK(capture_parse(rec, record(CAP_AT_ENTRY, n, 4), &cp) == 0);
	capture_caps(&cp, caps[0], in, out, join, sizeof(join));
	CHECK(in[1] && in[1]->len == 6 && !memcmp(in[1]->p, "hdriov", 6) &&
	      in[1]->holes == 0xa && !(in[1]->flags & CAP_FAULT));
	CHECK(in[1]->npieces == 4 && in[1]->piece[0] == 3 &&
	      in[1]->piece[1] == 0 && in[1]->piece[2] == 3 &&
	      in[1]->piece[3] == 0);
	memset(in, 0, sizeof(in));
	n = item(sizeof(struct cap_rec), 1, CAP_AT_ENTRY, 0, "hdr");
	n = item(n, 1, CAP_AT_ENTRY, CAP_F_FAULT, "io");
	CHECK(capture_parse(rec, record(CAP_AT_ENTRY, n, 2), &cp) == 0);
	capture_caps(&cp, caps[0], in, out, join, sizeof(join));
	CHECK(!in[1]);

	/* in an entry record an item's phase says nothing more */
	n = item(sizeof(struct cap_rec), 3, CAP_AT_EXIT, 0, "x");
	CHECK(capture_parse(rec, record(CAP_AT_ENTRY, n, 1), &cp) == 0);
	capture_caps(&cp, caps[0], in, out, join, sizeof(join));
	CHECK(in[3] && !out[3]);
	/*
	 * ioctl's inner strings (V4L2's controls 0, 2, 3; 3's not read):
	 * a piece each, by the element's index; holes for 1 and 3
	 */
	{
		static uint8_t strs[64];
		const struct cap *ks = NULL;
		struct cap k;

		n = item(sizeof(struct cap_rec), CAP_IOC_STR, CAP_AT_ENTRY, 0,
			 "ab");
		n = item_total(n, 2, "xyz");
		n = item_total(n, 3, NULL);
		CHECK(capture_parse(rec, record(CAP_AT_ENTRY, n, 3), &cp) == 0);
		cp.item[2].flags = CAP_F_FAULT;
		capture_inner_strs(&cp, &k, &ks, strs, sizeof(strs));
		CHECK(ks == &k && k.npieces == 4 && k.len == 5);
		CHECK(k.piece[0] == 2 && k.piece[1] == 0 && k.piece[2] == 3 &&
		      k.piece[3] == 0);
		CHECK(k.holes == (1u << 1 | 1u << 3));
		CHECK(!memcmp(k.p, "abxyz", 5));
		/* none: nothing */
		ks = NULL;
		n = item(sizeof(struct cap_rec), 2, CAP_AT_ENTRY, 0, "out");
		CHECK(capture_parse(rec, record(CAP_AT_ENTRY, n, 1), &cp) == 0);
		capture_inner_strs(&cp, &k, &ks, strs, sizeof(strs));
		CHECK(!ks);
	}
	CHECK_DONE();
}
