// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * syscalls.tbl: the line parser accepts the documented format and names
 * the problem in every bad line; the generated table covers this
 * kernel's syscalls, including those newer than libaudit.
 */
#include <sys/syscall.h>

#include "check.h"
#include "sysent.h"
#include "tbl.h"

static char err[256];

static int p(const char *line, struct tbl_line *t)
{
	err[0] = '\0';
	return tbl_parse_line(line, t, err, sizeof(err));
}

int main(void)
{
	struct tbl_line t;
	unsigned int n = 0;

	CHECK(p("257  openat  %desc,%file  fd  dirfd path oflags perm\n", &t) == 1);
	CHECK(t.nr == 257 && !strcmp(t.name, "openat") && t.nargs == 4);
	CHECK(t.ret == R_fd && t.arg[1].kind == K_path);
	CHECK(t.classes == (1u << CLS_BIT_desc | 1u << CLS_BIT_file));
	CHECK(p("0 read %desc int fd obuf:ret size", &t) == 1);
	CHECK(t.arg[1].kind == K_obuf && t.arg[1].param == P_RET);
	CHECK(p("1 write - int fd ibuf:2 size", &t) == 1);
	CHECK(t.arg[1].param == 2 && t.classes == 0);
	CHECK(p("28 madvise %memory int ptr size enum:madvise_advice", &t) == 1);
	CHECK(!strcmp(t.arg[2].set, "madvise_advice"));
	CHECK(p("# comment", &t) == 0);
	CHECK(p("   \n", &t) == 0);
	CHECK(p("9 x - int # trailing comment", &t) == 1 && t.nargs == 0);

	CHECK(p("x read %desc int", &t) == -1);
	CHECK(strstr(err, "number") != NULL);
	CHECK(p("0 re-ad %desc int", &t) == -1);
	CHECK(strstr(err, "name") != NULL);
	CHECK(p("0 read %bogus int", &t) == -1);
	CHECK(strstr(err, "%bogus") != NULL);
	CHECK(p("0 read file int", &t) == -1);
	CHECK(p("0 read %desc nope", &t) == -1);
	CHECK(strstr(err, "nope") != NULL);
	CHECK(p("0 read %desc int fd zork size", &t) == -1);
	CHECK(strstr(err, "zork") != NULL);
	CHECK(p("0 read %desc int fd obuf:9 size", &t) == -1);
	CHECK(p("0 read %desc int fd obuf:2", &t) == -1);
	CHECK(strstr(err, "refers to argument 2") != NULL);
	CHECK(p("0 read %desc int flags", &t) == -1);
	CHECK(strstr(err, "set name") != NULL);
	CHECK(p("0 r %desc int int int int int int int int", &t) == -1);
	CHECK(p("0 read", &t) == -1);
	{
		char longline[600];

		memset(longline, 'a', sizeof(longline) - 1);
		longline[sizeof(longline) - 1] = '\0';
		memcpy(longline, "0 ", 2);
		CHECK(p(longline, &t) == -1);
	}

	/* the generated table */
	for (unsigned int i = 0; i < sc_table_size; i++) {
		if (!sc_table[i].name)
			continue;
		n++;
		CHECK(sc_table[i].nargs <= SC_MAX_ARGS);
	}
	CHECK(n >= 370);
	CHECK_STR(sc_table[SYS_openat].name, "openat");
	CHECK(sc_lookup(462) && !strcmp(sc_lookup(462)->name, "mseal"));
	CHECK(sc_lookup(457) && !strcmp(sc_lookup(457)->name, "statmount"));
	CHECK(sc_lookup(458) && !strcmp(sc_lookup(458)->name, "listmount"));
	CHECK(sc_lookup(451) && !strcmp(sc_lookup(451)->name, "cachestat"));
	CHECK(sc_lookup(455) && !strcmp(sc_lookup(455)->name, "futex_wait"));
	CHECK(sc_by_name("execve") == SYS_execve);
	CHECK(sc_lookup(SYS_exit_group)->ret == R_none);
	CHECK(sc_lookup(SYS_mmap)->ret == R_hex);
	CHECK(sc_lookup(SYS_openat)->classes >> CLS_BIT_file & 1);
	CHECK(sc_lookup(SYS_socket)->classes >> CLS_BIT_network & 1);
	CHECK(sc_lookup(SYS_kill)->classes >> CLS_BIT_signal & 1);
	CHECK(!sc_lookup(-1) && !sc_lookup(100000));
	CHECK_DONE();
}
