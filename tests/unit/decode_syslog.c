// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: syslog as strace 6.1 prints it (its syslog.c, lines as its
 * syslog and syslog-success tests expect them): the action a number
 * named in a comment in every -X style, no arguments for the actions
 * that ignore them, the buffer read (ret bytes, -s applies) and the
 * length at exit for SYSLOG_ACTION_READ*, the console level named too.
 */
#include <sys/syscall.h>

#include "check_decode.h"

int main(void)
{
	static const char text[] = "<6>[    0.000000] Linux version 6.1.0 x";
	struct cap k = CAP(text, 40);
	struct sc_call c;

	c = CALL(SYS_syslog, 131072, 10, 0x1000, 64);
	CHECK_STR(run(&c), "syslog(10 /* SYSLOG_ACTION_SIZE_BUFFER */) = "
		  "131072");
	CHECK_STR(run_style(&c, XSTYLE_RAW), "syslog(10 /* "
		  "SYSLOG_ACTION_SIZE_BUFFER */) = 131072");
	c = CALL(SYS_syslog, -22, 0xfeedbeef, 0xfacefeeddeadbeefULL,
		 0xffffffff);
	CHECK_STR(run(&c), "syslog(-17973521 /* SYSLOG_ACTION_??? */, "
		  "0xfacefeeddeadbeef, -1) = -1 EINVAL (Invalid argument)");
	c = CALL(SYS_syslog, 40, 3, 0x1000, 64);
	c.cap_out[1] = &k;
	CHECK_STR(run_entry(&c), "syslog(3 /* SYSLOG_ACTION_READ_ALL */, ");
	CHECK_STR(run(&c), "syslog(3 /* SYSLOG_ACTION_READ_ALL */, "
		  "\"<6>[    0.000000] Linux version \"..., 64) = 40");
	c.ret = -1;
	CHECK_STR(run(&c), "syslog(3 /* SYSLOG_ACTION_READ_ALL */, 0x1000, 64)"
		  " = -1 EPERM (Operation not permitted)");
	c = CALL(SYS_syslog, 0, 8, 0xfacefeeddeadbeefULL, 8);
	CHECK_STR(run(&c), "syslog(8 /* SYSLOG_ACTION_CONSOLE_LEVEL */, "
		  "0xfacefeeddeadbeef, 8 /* LOGLEVEL_DEBUG+1 */) = 0");
	c.args[2] = 9;
	CHECK_STR(run_style(&c, XSTYLE_VERBOSE), "syslog(8 /* "
		  "SYSLOG_ACTION_CONSOLE_LEVEL */, 0xfacefeeddeadbeef, 9 /* "
		  "LOGLEVEL_??? */) = 0");
	CHECK_DONE();
}
