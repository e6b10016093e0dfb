// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: keyctl(2).  What each argument is depends on the
 * command: one row of key_cmds per command names its arguments' kinds
 * (a key serial, a string, bytes whose length is the next argument, a
 * struct, what the call writes).  An argument the call writes is
 * printed at exit, and every one after it, as strace does.  The copies
 * come from CAP_OP_KEYCTL (tracer/kernel/cap_keyctl.bpf.c), by the
 * same positions.
 */
#include <linux/keyctl.h>

#include "fmt_priv.h"

enum key_kind {
	KA_NONE,
	KA_SER,		/* key_serial_t: KEY_SPEC_* or the number */
	KA_INT,		/* int */
	KA_U32,		/* unsigned int: a timeout */
	KA_ULEN,	/* a length, unsigned long */
	KA_X64,		/* a number in hex */
	KA_STR,		/* a string */
	KA_BYTES,	/* bytes, the next argument their length */
	KA_IOV,		/* struct iovec[next argument] */
	KA_UID,		/* uid_t, gid_t */
	KA_PERM,	/* key_perm_t */
	KA_ERR,		/* an errno, positive */
	KA_REQKEY,	/* KEY_REQKEY_DEFL_*, decimal */
	KA_MOVE,	/* KEYCTL_MOVE_* */
	KA_DH,		/* struct keyctl_dh_params */
	KA_PKEY,	/* struct keyctl_pkey_params */
	KA_KDF,		/* struct keyctl_kdf_params, its string and bytes */
	KA_OBUF,	/* bytes written, min(ret, next argument) (exit) */
	KA_QUERY,	/* struct keyctl_pkey_query written (exit) */
	KA_OP1,		/* bytes, params' in_len */
	KA_OP2,		/* bytes, params' in2_len (VERIFY) or out_len (exit) */
	KA_CAPS,	/* the capability bytes written (exit) */
};

#define KEY_CMDS	(KEYCTL_CAPABILITIES + 1)
/* strace's size of each struct */
#define DH_SIZE		12
#define PKEY_SIZE	40
#define KDF_SIZE	56
#define QUERY_SIZE	56

/* the kinds of arguments 1-4 by command; a command not here: 4 in hex */
static const uint8_t key_cmds[KEY_CMDS][4] = {
	[KEYCTL_GET_KEYRING_ID] = { KA_SER, KA_INT },
	[KEYCTL_JOIN_SESSION_KEYRING] = { KA_STR },
	[KEYCTL_UPDATE] = { KA_SER, KA_BYTES, KA_ULEN },
	[KEYCTL_REVOKE] = { KA_SER },
	[KEYCTL_CHOWN] = { KA_SER, KA_UID, KA_UID },
	[KEYCTL_SETPERM] = { KA_SER, KA_PERM },
	[KEYCTL_DESCRIBE] = { KA_SER, KA_OBUF, KA_ULEN },
	[KEYCTL_CLEAR] = { KA_SER },
	[KEYCTL_LINK] = { KA_SER, KA_SER },
	[KEYCTL_UNLINK] = { KA_SER, KA_SER },
	[KEYCTL_SEARCH] = { KA_SER, KA_STR, KA_STR, KA_SER },
	[KEYCTL_READ] = { KA_SER, KA_OBUF, KA_ULEN },
	[KEYCTL_INSTANTIATE] = { KA_SER, KA_BYTES, KA_ULEN, KA_SER },
	[KEYCTL_NEGATE] = { KA_SER, KA_U32, KA_SER },
	[KEYCTL_SET_REQKEY_KEYRING] = { KA_REQKEY },
	[KEYCTL_SET_TIMEOUT] = { KA_SER, KA_U32 },
	[KEYCTL_ASSUME_AUTHORITY] = { KA_SER },
	[KEYCTL_GET_SECURITY] = { KA_SER, KA_OBUF, KA_ULEN },
	[KEYCTL_SESSION_TO_PARENT] = { KA_NONE },
	[KEYCTL_REJECT] = { KA_SER, KA_U32, KA_ERR, KA_SER },
	[KEYCTL_INSTANTIATE_IOV] = { KA_SER, KA_IOV, KA_ULEN, KA_SER },
	[KEYCTL_INVALIDATE] = { KA_SER },
	[KEYCTL_GET_PERSISTENT] = { KA_UID, KA_SER },
	[KEYCTL_DH_COMPUTE] = { KA_DH, KA_OBUF, KA_ULEN, KA_KDF },
	[KEYCTL_PKEY_QUERY] = { KA_SER, KA_X64, KA_STR, KA_QUERY },
	[KEYCTL_PKEY_ENCRYPT] = { KA_PKEY, KA_STR, KA_OP1, KA_OP2 },
	[KEYCTL_PKEY_DECRYPT] = { KA_PKEY, KA_STR, KA_OP1, KA_OP2 },
	[KEYCTL_PKEY_SIGN] = { KA_PKEY, KA_STR, KA_OP1, KA_OP2 },
	[KEYCTL_PKEY_VERIFY] = { KA_PKEY, KA_STR, KA_OP1, KA_OP2 },
	[KEYCTL_RESTRICT_KEYRING] = { KA_SER, KA_STR, KA_STR },
	[KEYCTL_MOVE] = { KA_SER, KA_SER, KA_SER, KA_MOVE },
	[KEYCTL_CAPABILITIES] = { KA_CAPS, KA_ULEN },
};

static const uint8_t *key_row(uint32_t cmd)
{
	static const uint8_t hex[4] = { KA_X64, KA_X64, KA_X64, KA_X64 };

	if (cmd < KEY_CMDS && (key_cmds[cmd][0] ||
			       cmd == KEYCTL_SESSION_TO_PARENT))
		return key_cmds[cmd];
	return hex;
}

/* a key serial number: KEY_SPEC_THREAD_KEYRING, else decimal */
static void key_serial(struct fmt_buf *b, int32_t id)
{
	uint64_t v = (uint64_t)(int64_t)id;

	fmt_const(b, xlat_name(&xlat_key_spec, v), v, XF_DEC);
}

/* strace's print_err, not negated: ENODEV, else the unsigned number */
static void key_errno(struct fmt_buf *b, uint32_t e)
{
	fmt_const(b, e < 4096 ? errno_name((int)e) : NULL, e, XF_UDEC);
}

/*
 * len bytes at addr of which k holds min(len, -s + 1) (strace's
 * printstrn); omit0: a last NUL shown is left out (QUOTE_OMIT_TRAILING_0,
 * strace then prints no "...")
 */
static void key_bytes(struct fmt_buf *b, const struct sc_call *c,
		      const uint8_t *p, uint32_t have, uint64_t addr,
		      uint64_t len, int omit0)
{
	uint64_t max = (uint64_t)str_max(c);
	uint64_t want = len < max + 1 ? len : max + 1;
	size_t n;

	if (!addr || (!p && want) || have < want) {
		fmt_ptr(b, addr);
		return;
	}
	n = (size_t)(want < max ? want : max);
	if (omit0 && n && !p[n - 1]) {
		fmt_qstr(b, c, p, n - 1, -1, 0, 0);
		return;
	}
	fmt_qstr(b, c, p, n, -1, len > max, 0);
}

/* argument j's bytes, from its copy at entry (out: at exit) */
static void key_arg_bytes(struct fmt_buf *b, const struct sc_call *c, int j,
			  int out, uint64_t len, int omit0)
{
	const struct cap *k = out ? arg_out(c, j, 0) : arg_in(c, j, 0);

	if (out && sc_failed(c)) {
		fmt_ptr(b, c->args[j]);
		return;
	}
	key_bytes(b, c, k ? k->p : NULL, k ? k->len : 0, c->args[j], len,
		  omit0);
}

/* __spare=[0, 0x1, ...] of n u32 at p, when not all zero */
static void key_spare(struct fmt_buf *b, const struct sc_call *c,
		      const uint8_t *p, int n)
{
	int any = 0;

	for (int j = 0; j < n; j++)
		any |= ld32(p + 4 * j) != 0;
	if (!any)
		return;
	fb_puts(b, ", __spare=[");
	for (int j = 0; j < n; j++) {
		uint32_t v = ld32(p + 4 * j);

		if (j)
			fb_puts(b, ", ");
		if (abbrev(c) && j >= str_max(c)) {
			fb_puts(b, "...");
			break;
		}
		if (v)
			fb_hex(b, v);
		else
			fb_putc(b, '0');
	}
	fb_putc(b, ']');
}

static void key_dh(struct fmt_buf *b, const struct sc_call *c)
{
	const struct cap *k = c->args[1] ? arg_in(c, 1, DH_SIZE) : NULL;

	if (!k) {
		fmt_ptr(b, c->args[1]);
		return;
	}
	fb_puts(b, "{private=");
	key_serial(b, (int32_t)ld32(k->p));
	fb_puts(b, ", prime=");
	key_serial(b, (int32_t)ld32(k->p + 4));
	fb_puts(b, ", base=");
	key_serial(b, (int32_t)ld32(k->p + 8));
	fb_putc(b, '}');
}

/* args[1]'s struct keyctl_pkey_params, or NULL */
static const struct cap *key_params(const struct sc_call *c)
{
	return c->args[1] ? arg_in(c, 1, PKEY_SIZE) : NULL;
}

static void key_pkey(struct fmt_buf *b, const struct sc_call *c,
		     uint32_t cmd)
{
	const struct cap *k = key_params(c);

	if (!k) {
		fmt_ptr(b, c->args[1]);
		return;
	}
	fb_puts(b, "{key_id=");
	key_serial(b, (int32_t)ld32(k->p));
	fb_puts(b, ", in_len=");
	fb_udec(b, ld32(k->p + 4));
	fb_puts(b, cmd == KEYCTL_PKEY_VERIFY ? ", in2_len=" : ", out_len=");
	fb_udec(b, ld32(k->p + 8));
	key_spare(b, c, k->p + 12, 7);
	fb_putc(b, '}');
}

/* the struct, its hashname's string, its otherinfo's bytes: 3 pieces */
static void key_kdf(struct fmt_buf *b, const struct sc_call *c)
{
	const struct cap *k = c->args[4] ? arg_in(c, 4, KDF_SIZE) : NULL;
	const uint8_t *s, *name = NULL, *info = NULL;
	uint32_t len, nlen = 0, ilen = 0;
	uint64_t hash, other;

	if (!k || !cap_piece(k, 0, &s, &len) || len < KDF_SIZE) {
		fmt_ptr(b, c->args[4]);
		return;
	}
	hash = ld64(s);
	other = ld64(s + 8);
	cap_piece(k, 1, &name, &nlen);
	cap_piece(k, 2, &info, &ilen);
	fb_puts(b, "{hashname=");
	if (hash && name)
		fmt_qstr(b, c, name, nlen, str_max(c), 0, 0);
	else
		fmt_ptr(b, hash);
	fb_puts(b, ", otherinfo=");
	/* the kernel does not read otherinfo when its length is 0 */
	if (ld32(s + 16))
		key_bytes(b, c, info, ilen, other, ld32(s + 16), 0);
	else
		fmt_ptr(b, other);
	fb_puts(b, ", otherinfolen=");
	fb_udec(b, ld32(s + 16));
	key_spare(b, c, s + 20, 8);
	fb_putc(b, '}');
}

static void key_query(struct fmt_buf *b, const struct sc_call *c)
{
	static const char *const sizes[] = {
		"max_data_size", "max_sig_size", "max_enc_size", "max_dec_size",
	};
	const struct cap *k = c->args[4] ? arg_out(c, 4, QUERY_SIZE) : NULL;

	if (!k) {
		fmt_ptr(b, c->args[4]);
		return;
	}
	fb_puts(b, "{supported_ops=");
	fmt_flags_dflt(b, &xlat_keyctl_pkey_ops, ld32(k->p),
		       "KEYCTL_SUPPORTS_???");
	fb_puts(b, ", key_size=");
	fb_udec(b, ld32(k->p + 4));
	for (int j = 0; j < 4; j++) {
		fb_puts(b, ", ");
		fb_puts(b, sizes[j]);
		fb_putc(b, '=');
		fb_udec(b, ld16(k->p + 8 + 2 * j));
	}
	key_spare(b, c, k->p + 16, 10);
	fb_putc(b, '}');
}

/* KEYCTL_CAPABILITIES' bytes: the first two flags, the rest in hex */
static void key_caps(struct fmt_buf *b, const struct sc_call *c)
{
	uint64_t n = (uint64_t)c->ret < c->args[2] ? (uint64_t)c->ret :
		     c->args[2];
	const struct cap *k = arg_out(c, 1, 0);

	if (sc_failed(c) || !k || (n && k->len < (n < 64 ? n : 64))) {
		fmt_ptr(b, c->args[1]);
		return;
	}
	fb_putc(b, '[');
	for (uint64_t j = 0; j < n; j++) {
		if (j)
			fb_puts(b, ", ");
		if ((abbrev(c) && j >= (uint64_t)str_max(c)) || j >= k->len) {
			fb_puts(b, "...");
			break;
		}
		if (j == 0)
			fmt_flags_dflt(b, &xlat_keyctl_caps0, k->p[j],
				       "KEYCTL_CAPS0_???");
		else if (j == 1)
			fmt_flags_dflt(b, &xlat_keyctl_caps1, k->p[j],
				       "KEYCTL_CAPS1_???");
		else
			fb_hex(b, k->p[j]);
	}
	fb_putc(b, ']');
}

/* the pkey operations' data: the lengths are the params' */
static void key_op(struct fmt_buf *b, const struct sc_call *c, uint32_t cmd,
		   int j)
{
	const struct cap *k = key_params(c);
	int out = j == 4 && cmd != KEYCTL_PKEY_VERIFY;

	if (!k) {
		fmt_ptr(b, c->args[j]);
		return;
	}
	key_arg_bytes(b, c, j, out, ld32(k->p + (j == 3 ? 4 : 8)), 0);
}

/* argument j (1-4) of command cmd, of kind kind */
static void key_arg(struct fmt_buf *b, const struct sc_call *c, uint32_t cmd,
		    int j, int kind)
{
	uint64_t v = c->args[j];

	switch (kind) {
	case KA_SER: key_serial(b, (int32_t)v); break;
	case KA_INT: fb_dec(b, (int32_t)v); break;
	case KA_U32: fb_udec(b, (uint32_t)v); break;
	case KA_ULEN: fb_udec(b, v); break;
	case KA_X64: fb_hex(b, v); break;
	case KA_STR: fmt_k_str(b, c, j); break;
	case KA_BYTES: key_arg_bytes(b, c, j, 0, c->args[j + 1], 0); break;
	case KA_IOV: fmt_k_iovec(b, c, j); break;
	case KA_UID: fmt_id(b, (uint32_t)v); break;
	case KA_PERM: fmt_flags_dflt(b, &xlat_key_perms, (uint32_t)v, "KEY_???");
		break;
	case KA_ERR: key_errno(b, (uint32_t)v); break;
	case KA_REQKEY:
		fmt_xlat_enum_dec(b, &xlat_key_reqkeys, (int32_t)v);
		break;
	case KA_MOVE:
		fmt_flags_dflt(b, &xlat_keyctl_move_flags, (uint32_t)v,
			       "KEYCTL_MOVE_???");
		break;
	case KA_DH: key_dh(b, c); break;
	case KA_PKEY: key_pkey(b, c, cmd); break;
	case KA_KDF: key_kdf(b, c); break;
	case KA_OBUF:
		key_arg_bytes(b, c, j, 1, (uint64_t)c->ret < c->args[j + 1] ?
			      (uint64_t)c->ret : c->args[j + 1],
			      cmd != KEYCTL_READ && cmd != KEYCTL_DH_COMPUTE);
		break;
	case KA_QUERY: key_query(b, c); break;
	case KA_OP1: case KA_OP2: key_op(b, c, cmd, j); break;
	case KA_CAPS: key_caps(b, c); break;
	}
}

/* argument i alone (JSON's typed arguments): by its command's kind */
FMT_KIND(keyctlarg)
{
	uint32_t cmd = (uint32_t)c->args[0];
	int kind = i >= 1 && i <= 4 ? key_row(cmd)[i - 1] : KA_NONE;

	if (kind == KA_NONE)
		fb_hex(b, c->args[i]);
	else
		key_arg(b, c, cmd, i, kind);
}

/*
 * -e verbose=: of a call left out, strace shows argument i (1-4) when it
 * is a string or bytes (and the KDF parameters, which it reads whatever
 * verbose= says), not a struct or an array
 */
int fmt_keyctl_shown(const struct sc_call *c, int i)
{
	int kind = i >= 1 && i <= 4 ? key_row((uint32_t)c->args[0])[i - 1] :
		   KA_NONE;

	return kind == KA_STR || kind == KA_BYTES || kind == KA_OBUF ||
	       kind == KA_KDF;
}

/* the first argument printed at exit: what the call writes (5: none) */
static int key_split(const struct sc_call *c, uint32_t cmd,
		     const uint8_t *row)
{
	for (int j = 1; j <= 4; j++) {
		int kind = row[j - 1];

		if (kind == KA_OBUF || kind == KA_QUERY || kind == KA_CAPS ||
		    (kind == KA_OP2 && cmd != KEYCTL_PKEY_VERIFY &&
		     key_params(c)))
			return j;
	}
	return 5;
}

int fmt_keyctl_call(struct fmt_buf *b, const struct sc_call *c, int from,
		    int exiting)
{
	uint32_t cmd = (uint32_t)c->args[0];
	const uint8_t *row = key_row(cmd);
	int split = key_split(c, cmd, row);

	if (!from)
		fmt_enum_dflt(b, &xlat_keyctl_cmd, cmd, "KEYCTL_???");
	for (int j = from ? from : 1; j <= 4 && row[j - 1]; j++) {
		if (!exiting && j == split) {
			fb_puts(b, ", ");
			return j;
		}
		if (j != from)
			fb_puts(b, ", ");
		key_arg(b, c, cmd, j, row[j - 1]);
	}
	return c->d->nargs;
}
