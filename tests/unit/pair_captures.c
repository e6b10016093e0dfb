// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Pairing and the text sink: the BPF program's copies of argument memory
 * joined to their call.  A copy is used only by the sample right after it
 * of the same syscall and phase (else records were lost between, and it
 * is dropped: the pointer prints).  An entry half whose input is to be
 * read again at exit is held: written whole with the data when nothing
 * came between, else as it was, with the pointer.
 */
#include <sys/syscall.h>

#include "check_pair.h"

#define AT_FDCWD_ARG ((uint64_t)-100)
#define PATH "/etc/hostname"

int main(void)
{
	struct ptest t;
	pid_t a = PT_TID0, b = PT_TID0 + 1;

	/* copied at entry */
	pt_start(&t, NULL);
	pt_task(&t, a, a, "main");
	pt_rec(&t, CAP_AT_ENTRY, SYS_openat);
	pt_item(&t, 1, CAP_AT_ENTRY, 0, PATH, sizeof(PATH) - 1);
	pt_capture(&t, a, t.rec, t.rec_len);
	pt_enter(&t, a, SYS_openat, AT_FDCWD_ARG, 0x1000, 0);
	pt_exit(&t, a, SYS_openat, 3);
	/*
	 * a copy followed by another call's sample is not that call's,
	 * though its argument 1 is a path too
	 */
	pt_capture(&t, a, t.rec, t.rec_len);
	pt_enter(&t, a, SYS_newfstatat, AT_FDCWD_ARG, 0x1000, 0x2000);
	pt_exit(&t, a, SYS_newfstatat, -2);
	CHECK_STR(pt_text(&t),
		  "openat(AT_FDCWD, \"/etc/hostname\", O_RDONLY) = 3\n"
		  "newfstatat(AT_FDCWD, 0x1000, 0x2000, 0) = -1 ENOENT (No such file or directory)\n");
	pt_end(&t);

	/* the page was not in memory at entry: read again at exit */
	pt_start(&t, "-f", NULL);
	pt_task(&t, a, a, "main");
	pt_task(&t, b, b, "other");
	for (int between = 0; between < 2; between++) {
		pt_rec(&t, CAP_AT_ENTRY, SYS_openat);
		pt_item(&t, 1, CAP_AT_ENTRY, CAP_F_FAULT | CAP_F_RETRY, "", 0);
		pt_capture(&t, a, t.rec, t.rec_len);
		pt_enter(&t, a, SYS_openat, AT_FDCWD_ARG, 0x1000, 0);
		if (between) {
			pt_enter(&t, b, SYS_getppid, 0, 0, 0);
			pt_exit(&t, b, SYS_getppid, 1);
		}
		pt_rec(&t, CAP_AT_EXIT, SYS_openat);
		pt_item(&t, 1, CAP_AT_ENTRY, 0, PATH, sizeof(PATH) - 1);
		pt_capture(&t, a, t.rec, t.rec_len);
		pt_exit(&t, a, SYS_openat, 3);
	}
	CHECK_STR(pt_text(&t),
		  "4200001 openat(AT_FDCWD, \"/etc/hostname\", O_RDONLY) = 3\n"
		  "4200001 openat(AT_FDCWD, 0x1000, O_RDONLY <unfinished ...>\n"
		  "4200002 getppid()                       = 1\n"
		  "4200001 <... openat resumed>)           = 3\n");
	pt_end(&t);
	CHECK_DONE();
}
