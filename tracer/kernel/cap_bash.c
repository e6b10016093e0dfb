// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, user space: bash's uprobes for --spawns (cap_bash.bpf.c's
 * half).  Debian's bash exports the functions and globals the probes
 * need in its .dynsym: their link-time addresses go to the programs, the
 * functions' file offsets to the uprobes.  perf's uprobe PMU: no name in
 * tracefs, nothing to clean up: they go with their fds, however etrace
 * ends.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cap_priv.h"

/*
 * --spawns: bash's functions and globals the uprobes use, from its
 * .dynsym (Debian's bash exports them).  0: found, with file offsets of
 * the functions in off[]; -1: not a bash we can read.
 */
static int bash_symbols(const char *path, struct bash_syms *bs, uint64_t off[3])
{
	static const char *const names[] = {
		"make_child", "bind_function_def", "source_file", "line_number",
		"this_shell_function", "dollar_vars", "sourcelevel",
	};
	unsigned long long *out[] = {
		&bs->make_child, &bs->bind_function_def, &bs->source_file,
		&bs->line_number, &bs->this_shell_function, &bs->dollar_vars,
		&bs->sourcelevel,
	};
	Elf *e = NULL;
	Elf_Scn *scn = NULL;
	int fd, found = 0;
	size_t nph;

	memset(bs, 0, sizeof(*bs));
	elf_version(EV_CURRENT);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -1;
	e = elf_begin(fd, ELF_C_READ, NULL);
	while (e && (scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNSYM ||
		    !(d = elf_getdata(scn, NULL)) || !sh.sh_entsize)
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym sym;
			const char *n;

			if (!gelf_getsym(d, (int)i, &sym) ||
			    !(n = elf_strptr(e, sh.sh_link, sym.st_name)))
				continue;
			for (int k = 0; k < 7; k++) {
				if (!strcmp(n, names[k]) && !*out[k]) {
					*out[k] = sym.st_value;
					found++;
				}
			}
		}
	}
	/* functions: from link-time address to file offset, by segment */
	for (int k = 0; k < 3 && e && !elf_getphdrnum(e, &nph); k++) {
		off[k] = 0;
		for (size_t i = 0; i < nph; i++) {
			GElf_Phdr ph;

			if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_LOAD &&
			    *out[k] >= ph.p_vaddr && *out[k] < ph.p_vaddr + ph.p_filesz)
				off[k] = *out[k] - ph.p_vaddr + ph.p_offset;
		}
	}
	if (e)
		elf_end(e);
	close(fd);
	return found == 7 && off[0] && off[1] && off[2] ? 0 : -1;
}

int cap_bash_find(struct capture *c, struct bash_syms *bs)
{
	if (!realpath("/bin/bash", c->bash_path) ||
	    bash_symbols(c->bash_path, bs, c->bash_off))
		return -1;
	c->bash_ok = 1;
	return 0;
}

int capture_bash_find(char *path, size_t len, uint64_t *make_child)
{
	struct bash_syms bs;
	uint64_t off[3];
	char real[PATH_MAX];

	if (!realpath("/bin/bash", real) || bash_symbols(real, &bs, off))
		return -1;
	snprintf(path, len, "%s", real);
	*make_child = off[0];
	return 0;
}

/* make_child, bind_function_def, source_file */
int cap_bash_attach(struct capture *c)
{
	struct bpf_program *progs[] = { c->skel->progs.bash_make_child,
		c->skel->progs.bash_bind_func, c->skel->progs.bash_source };
	int r = 0;

	for (int i = 0; i < 3 && !r; i++) {
		struct bpf_link *lk = bpf_program__attach_uprobe(progs[i],
			false, -1, c->bash_path, (size_t)c->bash_off[i]);

		r = lk ? cap_keep_link(c, lk) : -errno;
	}
	return r;
}
