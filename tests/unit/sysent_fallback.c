// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Events: a syscall missing from syscalls.tbl gets its arguments from its
 * tracefs format (types pick the kinds), or prints as strace's
 * syscall_0x1d6 with six hex arguments.
 */
#include <traceevent/event-parse.h>

#include "check.h"
#include "sysent_fallback.h"

static const char format[] =
"name: sys_enter_openat\n"
"ID: 782\n"
"format:\n"
"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
"\n"
"\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n"
"\tfield:int dfd;\toffset:16;\tsize:8;\tsigned:0;\n"
"\tfield:const char * filename;\toffset:24;\tsize:8;\tsigned:0;\n"
"\tfield:int flags;\toffset:32;\tsize:8;\tsigned:0;\n"
"\tfield:umode_t mode;\toffset:40;\tsize:8;\tsigned:0;\n"
"\n"
"print fmt: \"dfd: 0x%08lx, filename: 0x%08lx, flags: 0x%08lx, mode: 0x%08lx\", "
"((unsigned long)(REC->dfd)), ((unsigned long)(REC->filename)), "
"((unsigned long)(REC->flags)), ((unsigned long)(REC->mode))\n";

int main(void)
{
	struct tep_handle *tep = tep_alloc();
	struct tep_event *ev = NULL;
	struct sc_desc d = { 0 };
	const struct sc_desc *u;

	CHECK(tep_parse_format(tep, &ev, format, sizeof(format) - 1,
			       "syscalls") == 0);
	CHECK(ev && sc_desc_from_format(ev, &d) == 0);
	CHECK(d.nargs == 4);
	CHECK(d.arg[0].kind == K_int && d.arg[1].kind == K_ptr);
	CHECK(d.arg[2].kind == K_int && d.arg[3].kind == K_perm);
	/* numbers the table lacks: strace's name and six hex arguments */
	u = sc_desc_of(470);
	CHECK_STR(u->name, "syscall_0x1d6");
	CHECK(u->nargs == 6 && u->arg[0].kind == K_hex);
	CHECK(sc_desc_of(470) == u);	/* built once */
	CHECK(sc_desc_of(100000)->nargs == 6);
	CHECK_STR(sc_desc_of(0)->name, "read");
	tep_free(tep);
	CHECK_DONE();
}
