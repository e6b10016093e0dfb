// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, user space: -y (cap_fds.bpf.c's half).  Which arguments
 * are fds comes from syscalls.tbl with the rest of each call's spec
 * (cap_args.c); here, the watch that makes kept paths be read again:
 * fd_rename on the entry and exit of every call that renames a file or
 * moves a mount, made by any process (a path kept for one task can be
 * changed by another).  These calls are rare, but a program on their
 * own tracepoints turns the kernel's per-syscall tracepoints on, which
 * every call then pays: in ring mode on the raw tracepoints the ring
 * programs watch them instead (cap_fds_watch).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "cap_priv.h"

static const char *const path_changers[] = {
	"rename", "renameat", "renameat2", "mount", "umount", "move_mount",
	"pivot_root", "fsmount", "mount_setattr", "open_tree",
};

/*
 * Ring mode on the raw tracepoints: the ring programs watch, from these
 * bits; fd_rename is not attached (cap_fds_attach)
 */
void cap_fds_watch(unsigned long long bits[16])
{
	for (size_t i = 0; i < sizeof(path_changers) / sizeof(path_changers[0]); i++) {
		long nr = sc_by_name(path_changers[i]);

		if (nr >= 0 && nr < CAP_NR_MAX)
			bits[nr / 64] |= 1ull << (nr % 64);
	}
}

int cap_fds_attach(struct capture *c, struct tracefs *t)
{
	struct bpf_program *p = c->skel->progs.fd_rename;
	char name[64];

	for (size_t i = 0; i < sizeof(path_changers) / sizeof(path_changers[0]); i++) {
		for (int exit = 0; exit < 2; exit++) {
			int r;

			snprintf(name, sizeof(name), "sys_%s_%s",
				 exit ? "exit" : "enter", path_changers[i]);
			r = cap_attach_tp(c, p, t, "syscalls", name, 0, 0);
			/* (a kernel without that call: nothing to watch) */
			if (r && r != -ENOENT)
				return r;
		}
	}
	return 0;
}

/* simple_dname's address in /proc/kallsyms, or 0 (then memfds show none) */
uint64_t cap_fds_simple_dname(void)
{
	static const char tail[] = " simple_dname\n";
	FILE *f = fopen("/proc/kallsyms", "re");
	char line[256], name[128], type;
	uint64_t addr, found = 0;

	if (!f)
		return 0;
	/* (scanning every line of ~200,000 cost ~30 ms of start-up) */
	while (!found && fgets(line, sizeof(line), f)) {
		size_t n = strlen(line);

		if (n < sizeof(tail) - 1 ||
		    memcmp(line + n - (sizeof(tail) - 1), tail, sizeof(tail) - 1))
			continue;
		if (sscanf(line, "%" SCNx64 " %c %127s", &addr, &type, name) == 3 &&
		    (type == 'T' || type == 't') && !strcmp(name, "simple_dname"))
			found = addr;
	}
	fclose(f);
	return found;
}

/*
 * A netlink socket in this namespace is marked (g_sock_nl): the decoders
 * name its interface indexes by etrace's own interfaces
 */
unsigned int cap_netns_self(void)
{
	struct stat st;

	if (stat("/proc/self/ns/net", &st) || st.st_ino > UINT32_MAX)
		return 0;
	return (unsigned int)st.st_ino;
}
