// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: keyctl as strace 6.1 prints it (its keyctl.c, and lines of
 * its keyctl.c test): each command's own arguments (none for
 * KEYCTL_SESSION_TO_PARENT, four in hex for a command it does not
 * know), key serials named in each -X style, bytes of a length argument,
 * what DESCRIBE writes at exit (its last NUL left out; its address after
 * a failure), the KDF parameters' three pieces (the string, and the
 * bytes of a length that is not zero), a pkey operation's output at
 * exit by the params' out_len, the capability bytes, and a struct the
 * copy holds too little of printed as its address; each argument alone
 * (JSON's) by its command's kind.
 */
#include <stdint.h>
#include <sys/syscall.h>
#include <linux/keyctl.h>

#include "check_decode.h"

static void check_serials(void)
{
	struct sc_call c;

	c = CALL(SYS_keyctl, -22, 0xfacefeed, 1, 2, 3, 4);
	CHECK_STR(run(&c), "keyctl(0xfacefeed /* KEYCTL_??? */, 0x1, 0x2, "
		  "0x3, 0x4) = -1 EINVAL (Invalid argument)");
	c = CALL(SYS_keyctl, 7, KEYCTL_GET_KEYRING_ID, 0xffffffff, 0xbb40e64d);
	CHECK_STR(run(&c), "keyctl(KEYCTL_GET_KEYRING_ID, "
		  "KEY_SPEC_THREAD_KEYRING, -1153374643) = 7");
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "keyctl(0 /* "
		  "KEYCTL_GET_KEYRING_ID */, -1 /* KEY_SPEC_THREAD_KEYRING */, "
		  "-1153374643) = 7");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "keyctl(0, -1, -1153374643) = 7");
	c = CALL(SYS_keyctl, 0, KEYCTL_SESSION_TO_PARENT, 1, 2, 3, 4);
	CHECK_STR(run(&c), "keyctl(KEYCTL_SESSION_TO_PARENT) = 0");
	c = CALL(SYS_keyctl, -1, KEYCTL_REJECT, 0xdeadf00d, 5, 19, -4);
	CHECK_STR(run(&c), "keyctl(KEYCTL_REJECT, -559026163, 5, ENODEV, "
		  "KEY_SPEC_USER_KEYRING) = -1 EPERM (Operation not permitted)");
	c = CALL(SYS_keyctl, -22, KEYCTL_SET_REQKEY_KEYRING, 0xbadc0ded);
	CHECK_STR(run(&c), "keyctl(KEYCTL_SET_REQKEY_KEYRING, -1159983635 /* "
		  "KEY_REQKEY_DEFL_??? */) = -1 EINVAL (Invalid argument)");
}

static void check_bytes(void)
{
	static const char desc[] = "keyring;0;0;3f1f0000;_tid";
	struct cap k = CAP("data", 4), d = CAP(desc, 11);
	struct sc_call c;

	c = CALL(SYS_keyctl, -126, KEYCTL_UPDATE, 0x1eefdead, 0x5000, 4);
	c.cap[2] = &k;
	CHECK_STR(run(&c), "keyctl(KEYCTL_UPDATE, 519036589, \"data\", 4) = "
		  "-1 ENOKEY (Required key not available)");
	/* a copy shorter than the length (a fault): the address */
	c.args[3] = 9;
	CHECK_STR(run(&c), "keyctl(KEYCTL_UPDATE, 519036589, 0x5000, 9) = "
		  "-1 ENOKEY (Required key not available)");
	/* no bytes to read: "", whatever was copied */
	c.args[3] = 0;
	c.cap[2] = NULL;
	CHECK_STR(run(&c), "keyctl(KEYCTL_UPDATE, 519036589, \"\", 0) = "
		  "-1 ENOKEY (Required key not available)");
	fo.strsize = 10;
	c = CALL(SYS_keyctl, 26, KEYCTL_DESCRIBE, -1, 0x5000, 256);
	c.cap_out[2] = &d;
	CHECK_STR(run_entry(&c), "keyctl(KEYCTL_DESCRIBE, "
		  "KEY_SPEC_THREAD_KEYRING, ");
	CHECK_STR(run(&c), "keyctl(KEYCTL_DESCRIBE, KEY_SPEC_THREAD_KEYRING, "
		  "\"keyring;0;\"..., 256) = 26");
	d = CAP("\0\0\0", 4);
	c.args[3] = 4;
	CHECK_STR(run(&c), "keyctl(KEYCTL_DESCRIBE, KEY_SPEC_THREAD_KEYRING, "
		  "\"\\0\\0\\0\", 4) = 26");
	c.ret = -14;
	CHECK_STR(run(&c), "keyctl(KEYCTL_DESCRIBE, KEY_SPEC_THREAD_KEYRING, "
		  "0x5000, 4) = -1 EFAULT (Bad address)");
	fo.strsize = 32;
}

static void check_structs(void)
{
	static const int32_t dh[3] = { -6, 1234567890, -1153374643 };
	static const uint8_t caps[2] = { 0xfb, 0x3 };
	uint8_t kdf[56 + 9 + 3] = { 0 }, pk[40] = { 0 };
	struct cap kd = CAP(dh, 12), kk = CAP(kdf, sizeof(kdf));
	struct cap kp = CAP(pk, 40), ko = CAP("\1\2", 2), kc = CAP(caps, 2);
	struct cap short_dh = CAP(dh, 11);
	struct sc_call c;

	kdf[0] = 0x10;		/* hashname 0x10 */
	kdf[8] = 0x20;		/* otherinfo 0x20, 3 bytes */
	kdf[16] = 3;
	memcpy(kdf + 56, "hmac(aes)", 9);
	memcpy(kdf + 65, "\1\2\3", 3);
	kk.npieces = 3;
	kk.piece[0] = 56;
	kk.piece[1] = 9;
	kk.piece[2] = 3;
	c = CALL(SYS_keyctl, -95, KEYCTL_DH_COMPUTE, 0x1000, 0x2000, 8,
		 0x3000);
	c.cap[1] = &kd;
	c.cap[4] = &kk;
	CHECK_STR(run(&c), "keyctl(KEYCTL_DH_COMPUTE, {private="
		  "KEY_SPEC_GROUP_KEYRING, prime=1234567890, base=-1153374643},"
		  " 0x2000, 8, {hashname=\"hmac(aes)\", otherinfo=\"\\1\\2\\3\","
		  " otherinfolen=3}) = -1 EOPNOTSUPP (Operation not supported)");
	c.cap[1] = &short_dh;
	kk.holes = 2;		/* the string could not be read */
	CHECK_STR(run(&c), "keyctl(KEYCTL_DH_COMPUTE, 0x1000, 0x2000, 8, "
		  "{hashname=0x10, otherinfo=\"\\1\\2\\3\", otherinfolen=3}) = "
		  "-1 EOPNOTSUPP (Operation not supported)");
	pk[4] = 5;		/* in_len */
	pk[8] = 2;		/* out_len */
	pk[20] = 1;		/* __spare[2] */
	c = CALL(SYS_keyctl, 2, KEYCTL_PKEY_SIGN, 0x1000, 0, 0x2000, 0x3000);
	c.cap[1] = &kp;
	c.cap_out[4] = &ko;
	CHECK_STR(run_entry(&c), "keyctl(KEYCTL_PKEY_SIGN, {key_id=0, "
		  "in_len=5, out_len=2, __spare=[0, 0, 0x1, 0, 0, 0, 0]}, NULL,"
		  " 0x2000, ");
	CHECK_STR(run(&c), "keyctl(KEYCTL_PKEY_SIGN, {key_id=0, in_len=5, "
		  "out_len=2, __spare=[0, 0, 0x1, 0, 0, 0, 0]}, NULL, 0x2000, "
		  "\"\\1\\2\") = 2");
	c = CALL(SYS_keyctl, 2, KEYCTL_CAPABILITIES, 0x1000, 4);
	c.cap_out[1] = &kc;
	CHECK_STR(run(&c), "keyctl(KEYCTL_CAPABILITIES, "
		  "[KEYCTL_CAPS0_CAPABILITIES|KEYCTL_CAPS0_PERSISTENT_KEYRINGS|"
		  "KEYCTL_CAPS0_PUBLIC_KEY|KEYCTL_CAPS0_BIG_KEY|"
		  "KEYCTL_CAPS0_INVALIDATE|KEYCTL_CAPS0_RESTRICT_KEYRING|"
		  "KEYCTL_CAPS0_MOVE, KEYCTL_CAPS1_NS_KEYRING_NAME|"
		  "KEYCTL_CAPS1_NS_KEY_TAG], 4) = 2");
}

/* one argument alone, as JSON's typed arguments print it */
static const char *arg_text(struct sc_call *c, int i)
{
	struct fmt_buf b;

	c->o = &fo;
	fb_init(&b, out, sizeof(out) - 1);
	fmt_arg(&b, c, i);
	*b.p = '\0';
	return out;
}

static void check_json_args(void)
{
	static const char desc[] = "keyring";
	struct cap d = CAP(desc, 7);
	struct sc_call c = CALL(SYS_keyctl, 7, KEYCTL_DESCRIBE, -1, 0x5000, 64,
				0xbad);

	c.cap_out[2] = &d;
	CHECK_STR(arg_text(&c, 1), "KEY_SPEC_THREAD_KEYRING");
	CHECK_STR(arg_text(&c, 2), "\"keyring\"");
	CHECK_STR(arg_text(&c, 3), "64");
	/* an argument the command has not: the register in hex */
	CHECK_STR(arg_text(&c, 4), "0xbad");
}

int main(void)
{
	check_serials();
	check_bytes();
	check_structs();
	check_json_args();
	CHECK_DONE();
}
