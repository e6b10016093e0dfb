// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: keyctl(2)'s arguments, whose kinds its
 * command (args[0]) says: a string, bytes of a length another argument
 * or a struct gives, an iovec array, a struct (and, for
 * KEYCTL_DH_COMPUTE's KDF parameters, the string and bytes it points
 * to), or what the call writes.  CAP_OP_KEYCTL's items for argument
 * arg, for the decoder (decoders/fmt_keyctl.c) to find by position:
 *
 *   entry  the argument's string, bytes, struct or iovec array; for
 *          DH_COMPUTE's args[4] three: the struct keyctl_kdf_params,
 *          its hashname string, its otherinfo bytes (empty when
 *          otherinfolen is 0)
 *   exit   (a success) the bytes or struct the call wrote
 *
 * Strings are copied as the str kind's (max + 1 bytes with the NUL,
 * max the kind's: -s + 1), bytes as strace's printstrn reads them:
 * min(len, max), whole or faulted.  A key serial number (most
 * arguments) is not memory: nothing is copied.
 */
#include "cap.bpf.h"

/* linux/keyctl.h's commands */
#define KC_JOIN_SESSION_KEYRING	1
#define KC_UPDATE		2
#define KC_DESCRIBE		6
#define KC_SEARCH		10
#define KC_READ			11
#define KC_INSTANTIATE		12
#define KC_GET_SECURITY		17
#define KC_INSTANTIATE_IOV	20
#define KC_DH_COMPUTE		23
#define KC_PKEY_QUERY		24
#define KC_PKEY_ENCRYPT		25
#define KC_PKEY_DECRYPT		26
#define KC_PKEY_SIGN		27
#define KC_PKEY_VERIFY		28
#define KC_RESTRICT_KEYRING	29
#define KC_CAPABILITIES		31

/* sizes of the structs: keyctl_dh_params, keyctl_pkey_params,
   keyctl_kdf_params, keyctl_pkey_query */
#define KC_DH_SIZE	12
#define KC_PKEY_SIZE	40
#define KC_KDF_SIZE	56
#define KC_QUERY_SIZE	56

static __always_inline int pkey_op(u32 cmd)
{
	return cmd >= KC_PKEY_ENCRYPT && cmd <= KC_PKEY_VERIFY;
}

/* KEYCTL_DH_COMPUTE's struct keyctl_kdf_params and what it points to */
static __always_inline u32 kdf(u32 off, u32 arg, u64 ptr, u32 max, u32 ph)
{
	u64 k[3] = {};

	off = g_buf(off, arg, ptr, KC_KDF_SIZE, KC_KDF_SIZE | ph << 24);
	if (bpf_probe_read_user(k, sizeof(k), (const void *)ptr))
		return off;
	off = g_str(off, arg, k[0], max + 1, ph);
	return g_buf(off, arg, k[1], k[1] ? (u32)k[2] : 0, max | ph << 24);
}

/* the length field at `at` of args[1]'s struct keyctl_pkey_params */
static __always_inline u64 pkey_len(const struct call_args *ca, u32 at)
{
	u32 v = 0;

	if (bpf_probe_read_user(&v, sizeof(v), (const void *)(ca->args[1] + at)))
		return ~0ULL;
	return v;
}

static __always_inline u32 at_entry(u32 off, u32 arg, u32 cmd, u32 max,
				    const struct call_args *ca)
{
	u64 ptr = ca->args[arg & 7], len;
	u32 ph = CAP_AT_ENTRY;

	if (arg == 1 && cmd == KC_JOIN_SESSION_KEYRING)
		return g_str(off, arg, ptr, max + 1, ph);
	if (arg == 1 && (cmd == KC_DH_COMPUTE || pkey_op(cmd))) {
		len = cmd == KC_DH_COMPUTE ? KC_DH_SIZE : KC_PKEY_SIZE;
		return g_buf(off, arg, ptr, len, (u32)len | ph << 24);
	}
	if (arg == 2 && (cmd == KC_UPDATE || cmd == KC_INSTANTIATE))
		return g_buf(off, arg, ptr, ca->args[3], max | ph << 24);
	if (arg == 2 && cmd == KC_INSTANTIATE_IOV)
		return g_iov(off, arg, ptr, (u32)(ca->args[3] < CAP_ARRAY_MAX ?
			     ca->args[3] : CAP_ARRAY_MAX) | ph << 24, ~0ULL);
	if ((arg == 2 && (cmd == KC_SEARCH || cmd == KC_RESTRICT_KEYRING ||
			  pkey_op(cmd))) ||
	    (arg == 3 && (cmd == KC_SEARCH || cmd == KC_RESTRICT_KEYRING ||
			  cmd == KC_PKEY_QUERY)))
		return g_str(off, arg, ptr, max + 1, ph);
	/* in_len, in2_len: strace reads none when the struct faults */
	if (arg == 3 && pkey_op(cmd)) {
		len = pkey_len(ca, 4);
		return len == ~0ULL ? off :
		       g_buf(off, arg, ptr, len, max | ph << 24);
	}
	if (arg == 4 && cmd == KC_PKEY_VERIFY) {
		len = pkey_len(ca, 8);
		return len == ~0ULL ? off :
		       g_buf(off, arg, ptr, len, max | ph << 24);
	}
	if (arg == 4 && cmd == KC_DH_COMPUTE)
		return kdf(off, arg, ptr, max, ph);
	return off;
}

static __always_inline u32 at_exit(u32 off, u32 arg, u32 cmd, u32 max,
				   const struct call_args *ca)
{
	u64 ptr = ca->args[arg & 7], ret = ca->ret > 0 ? (u64)ca->ret : 0, len;
	u32 ph = CAP_AT_EXIT;

	if (arg == 1 && cmd == KC_CAPABILITIES) {
		len = ca->args[2] < ret ? ca->args[2] : ret;
		return g_buf(off, arg, ptr, len, max | ph << 24);
	}
	if (arg == 2 && (cmd == KC_DESCRIBE || cmd == KC_READ ||
			 cmd == KC_GET_SECURITY || cmd == KC_DH_COMPUTE)) {
		len = ca->args[3] < ret ? ca->args[3] : ret;
		return g_buf(off, arg, ptr, len, max | ph << 24);
	}
	if (arg == 4 && cmd == KC_PKEY_QUERY)
		return g_buf(off, arg, ptr, KC_QUERY_SIZE,
			     KC_QUERY_SIZE | ph << 24);
	/* out_len, as the struct said at entry (the kernel does not
	   write it) */
	if (arg == 4 && pkey_op(cmd) && cmd != KC_PKEY_VERIFY) {
		len = pkey_len(ca, 8);
		return len == ~0ULL ? off :
		       g_buf(off, arg, ptr, len, max | ph << 24);
	}
	return off;
}

__noinline u32 g_keyctl(u32 off, u32 arg, u32 phase, u32 max,
			const struct call_args *ca)
{
	u32 cmd;

	if (!ca)
		return off;
	cmd = (u32)ca->args[0];
	if (phase == CAP_AT_ENTRY)
		return at_entry(off, arg, cmd, max, ca);
	return at_exit(off, arg, cmd, max, ca);
}
