// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee for tests/live/parity_keyctl.sh: keyctl's commands with the
 * argument kinds each has (key serials named and not, strings, bytes of
 * a length, an iovec array, the DH, KDF and pkey structs, what the call
 * writes), NULL, BAD, strings and structs that end where the memory
 * does, an unknown command; add_key and request_key.  Only calls whose
 * results do not change between two runs: failures, and the user
 * keyring's description and contents (looking it up creates it).
 * Exits 0.
 */
#include <stdint.h>
#include <string.h>
#include <sys/uio.h>
#include <linux/keyctl.h>

#include "fam.h"

#define KC(cmd, a, b, c, d)	sc(SYS_keyctl, cmd, (long)(a), (long)(b), \
				   (long)(c), (long)(d), 0)
#define NOKEY	0x1eefdead	/* no such key */

/* what the structs are at the end of the edge page */
static void structs(char *edge)
{
	static const char hash[] = "hmac(sha256)", info[] = "\1\2 other";
	int32_t *dh = (int32_t *)(edge + 4096 - 12);
	uint32_t *pk = (uint32_t *)(edge + 4096 - 40);
	uint64_t *kdf = (uint64_t *)(edge + 2048);
	char *tail = edge + 4096 - 3;
	char out[16];

	dh[0] = KEY_SPEC_GROUP_KEYRING;
	dh[1] = 1234567890;
	dh[2] = NOKEY;
	memset(kdf, 0, 56);
	kdf[0] = (uintptr_t)hash;
	kdf[1] = (uintptr_t)info;
	kdf[2] = sizeof(info) - 1;
	KC(KEYCTL_DH_COMPUTE, dh, out, sizeof(out), kdf);
	kdf[1] = 0;
	kdf[2] = 0;
	((uint32_t *)kdf)[9] = 0xdeadbeef;
	KC(KEYCTL_DH_COMPUTE, dh, out, sizeof(out), kdf);
	kdf[0] = (uintptr_t)tail;
	KC(KEYCTL_DH_COMPUTE, dh, out, sizeof(out), kdf);
	KC(KEYCTL_DH_COMPUTE, dh + 1, out, sizeof(out), edge + 4096 - 55);
	memset(pk, 0, 40);
	pk[0] = NOKEY;
	pk[1] = 5;
	pk[2] = 7;
	for (long cmd = KEYCTL_PKEY_ENCRYPT; cmd <= KEYCTL_PKEY_VERIFY; cmd++) {
		KC(cmd, pk, "enc=raw", "\1\2\3\4\5", out);
		KC(cmd, pk + 1, "enc=raw", "\1\2\3\4\5", out);
	}
	pk[5] = 1;
	/* (over the struct's last bytes: an unterminated string) */
	memcpy(tail, "abc", 3);
	KC(KEYCTL_PKEY_SIGN, pk, BAD, tail, BAD);
	KC(KEYCTL_PKEY_QUERY, NOKEY, 0, "enc=raw", out);
	KC(KEYCTL_JOIN_SESSION_KEYRING, tail, 0, 0, 0);
	KC(KEYCTL_SEARCH, NOKEY, "user", tail, KEY_SPEC_SESSION_KEYRING);
}

int main(void)
{
	struct iovec iov[3] = {
		{ (void *)"payload", 7 },
		{ (void *)"a long payload past -s", 22 }, { BAD, 4 },
	};
	char buf[64], *edge = fam_edge_page();
	unsigned char caps[4];

	KC(0xfacefeed, 1, 2, 3, 4);
	KC(KEYCTL_GET_KEYRING_ID, NOKEY, 0, 0, 0);
	KC(KEYCTL_GET_KEYRING_ID, 0xdeadbeefdec0ded1, -1, 0, 0);
	KC(KEYCTL_JOIN_SESSION_KEYRING, BAD, 0, 0, 0);
	KC(KEYCTL_UPDATE, NOKEY, "data", 4, 0);
	KC(KEYCTL_UPDATE, KEY_SPEC_REQUESTOR_KEYRING, NULLP, 0, 0);
	KC(KEYCTL_UPDATE, NOKEY, BAD, 9, 0);
	KC(KEYCTL_REVOKE, KEY_SPEC_USER_KEYRING - 100, 0, 0, 0);
	KC(KEYCTL_CHOWN, NOKEY, -1, 4000000000U, 0);
	KC(KEYCTL_SETPERM, NOKEY, 0x3f3f0000 | 0xc0, 0, 0);
	KC(KEYCTL_SETPERM, NOKEY, 0, 0, 0);
	KC(KEYCTL_DESCRIBE, KEY_SPEC_USER_KEYRING, buf, 4, 0);
	KC(KEYCTL_DESCRIBE, KEY_SPEC_USER_KEYRING, buf, sizeof(buf), 0);
	KC(KEYCTL_GET_SECURITY, KEY_SPEC_USER_KEYRING, buf, sizeof(buf), 0);
	KC(KEYCTL_DESCRIBE, NOKEY, BAD, sizeof(buf), 0);
	KC(KEYCTL_READ, KEY_SPEC_USER_KEYRING, buf, sizeof(buf), 0);
	KC(KEYCTL_READ, NOKEY, NULLP, -1, 0);
	KC(KEYCTL_GET_SECURITY, NOKEY, buf, sizeof(buf), 0);
	KC(KEYCTL_LINK, NOKEY, KEY_SPEC_GROUP_KEYRING, 0, 0);
	KC(KEYCTL_UNLINK, NOKEY, KEY_SPEC_GROUP_KEYRING, 0, 0);
	KC(KEYCTL_SEARCH, NOKEY, "user", "a description past -s", NOKEY);
	KC(KEYCTL_SEARCH, NOKEY, NULLP, BAD, 0);
	KC(KEYCTL_INSTANTIATE, NOKEY, "data", 4, KEY_SPEC_SESSION_KEYRING);
	KC(KEYCTL_INSTANTIATE_IOV, NOKEY, iov, 3, NOKEY);
	KC(KEYCTL_INSTANTIATE_IOV, NOKEY, BAD, 3, NOKEY);
	KC(KEYCTL_NEGATE, NOKEY, 3141592653U, NOKEY, 0);
	KC(KEYCTL_SET_REQKEY_KEYRING, 0xdeadbeef, 0, 0, 0);
	KC(KEYCTL_SET_TIMEOUT, NOKEY, 60, 0, 0);
	KC(KEYCTL_ASSUME_AUTHORITY, NOKEY, 0, 0, 0);
	KC(KEYCTL_REJECT, NOKEY, 5, 19, NOKEY);
	KC(KEYCTL_REJECT, NOKEY, 5, 4000000000U, NOKEY);
	KC(KEYCTL_INVALIDATE, NOKEY, 0, 0, 0);
	KC(KEYCTL_GET_PERSISTENT, 4000000000U, NOKEY, 0, 0);
	KC(KEYCTL_DH_COMPUTE, NULLP, NULLP, 8, NULLP);
	KC(KEYCTL_RESTRICT_KEYRING, NOKEY, "asymmetric", "builtin", 0);
	KC(KEYCTL_MOVE, NOKEY, KEY_SPEC_THREAD_KEYRING, NOKEY, 3);
	KC(KEYCTL_CAPABILITIES, caps, sizeof(caps), 0, 0);
	KC(KEYCTL_CAPABILITIES, BAD, sizeof(caps), 0, 0);
	KC(KEYCTL_SESSION_TO_PARENT, 0, 0, 0, 0);
	/* the family's other calls: their keyring named the same way */
	sc(SYS_add_key, (long)"user", (long)BAD, (long)"data", 4,
	   KEY_SPEC_USER_KEYRING, 0);
	sc(SYS_add_key, (long)NULLP, (long)NULLP, (long)NULLP, 0, NOKEY, 0);
	sc(SYS_request_key, (long)"user", (long)"no such key", (long)NULLP,
	   KEY_SPEC_THREAD_KEYRING, 0, 0);
	if (edge)
		structs(edge);
	return 0;
}
