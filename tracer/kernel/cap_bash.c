// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, user space: bash's uprobes for --spawns (cap_bash.bpf.c's
 * half), and where -k's shell frames are in bash (cap_shell.bpf.c's).
 * Debian's bash exports the functions and globals the probes need in its
 * .dynsym: their link-time addresses go to the programs, the functions'
 * file offsets to the uprobes.  perf's uprobe PMU: no name in
 * tracefs, nothing to clean up: they go with their fds, however etrace
 * ends.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cap_priv.h"

void cap_dynsyms(Elf *e, const char *const *names, unsigned long long **out,
		 int n)
{
	Elf_Scn *scn = NULL;

	for (int k = 0; k < n; k++)
		*out[k] = 0;
	while ((scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNSYM ||
		    !(d = elf_getdata(scn, NULL)) || !sh.sh_entsize)
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Sym sym;
			const char *nm;

			if (!gelf_getsym(d, (int)i, &sym) ||
			    !(nm = elf_strptr(e, sh.sh_link, sym.st_name)))
				continue;
			for (int k = 0; k < n; k++)
				if (!strcmp(nm, names[k]) && !*out[k])
					*out[k] = sym.st_value;
		}
	}
}

/* the PT_LOAD segment holding link-time address addr, or -1 */
static int bash_segment(Elf *e, uint64_t addr, GElf_Phdr *ph)
{
	size_t nph;

	if (elf_getphdrnum(e, &nph))
		return -1;
	for (size_t i = 0; i < nph; i++)
		if (gelf_getphdr(e, (int)i, ph) && ph->p_type == PT_LOAD &&
		    addr >= ph->p_vaddr && addr < ph->p_vaddr + ph->p_filesz)
			return 0;
	return -1;
}

/* /bin/bash's ELF, read; NULL when it cannot be */
static Elf *bash_open(const char *path, int *fd)
{
	Elf *e;

	elf_version(EV_CURRENT);
	*fd = open(path, O_RDONLY | O_CLOEXEC);
	if (*fd < 0)
		return NULL;
	e = elf_begin(*fd, ELF_C_READ, NULL);
	if (!e)
		close(*fd);
	return e;
}

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
	int fd, found = 0;
	GElf_Phdr ph;
	Elf *e;

	memset(bs, 0, sizeof(*bs));
	e = bash_open(path, &fd);
	if (!e)
		return -1;
	cap_dynsyms(e, names, out, 7);
	for (int k = 0; k < 7; k++)
		found += *out[k] != 0;
	/* functions: from link-time address to file offset, by segment */
	for (int k = 0; k < 3; k++)
		off[k] = bash_segment(e, *out[k], &ph) ? 0 :
			 *out[k] - ph.p_vaddr + ph.p_offset;
	elf_end(e);
	close(fd);
	return found == 7 && off[0] && off[1] && off[2] ? 0 : -1;
}

/* bash's hash_string (FNV-1, 32 bits): its variables' table's hash */
uint32_t cap_shell_hash(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s; s++) {
		h *= 16777619u;
		h ^= (uint32_t)(unsigned char)*s;
	}
	return h;
}

/*
 * -k's shell frames: what cap_shell.bpf.c reads of /bin/bash, from its
 * .dynsym; the first 8 code bytes of executing_line_number (a function
 * no uprobe changes) prove a process runs this bash where the program
 * thinks it is loaded.  0, or -1: no shell frames.
 */
int cap_shell_find(struct shell_syms *ss)
{
	static const char *const names[] = {
		"line_number", "global_variables", "executing_line_number",
		"line_number_for_err_trap",
	};
	unsigned long long *out[] = {
		&ss->line_number, &ss->global_variables, &ss->check_addr,
		&ss->err_line,
	};
	char path[PATH_MAX];
	uint64_t text = UINT64_MAX;
	int fd, r = -1;
	GElf_Phdr ph;
	size_t nph;
	Elf *e;

	memset(ss, 0, sizeof(*ss));
	if (!realpath("/bin/bash", path) || !(e = bash_open(path, &fd)))
		return -1;
	cap_dynsyms(e, names, out, 4);
	/* the kernel's mm->start_code: the lowest executable segment */
	for (size_t i = 0; !elf_getphdrnum(e, &nph) && i < nph; i++)
		if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_LOAD &&
		    (ph.p_flags & PF_X) && ph.p_vaddr < text)
			text = ph.p_vaddr;
	if (ss->line_number && ss->global_variables && ss->check_addr &&
	    ss->err_line &&
	    text != UINT64_MAX && !bash_segment(e, ss->check_addr, &ph) &&
	    pread(fd, &ss->check, sizeof(ss->check), (off_t)(ss->check_addr -
		  ph.p_vaddr + ph.p_offset)) == (ssize_t)sizeof(ss->check))
		r = 0;
	elf_end(e);
	close(fd);
	if (r)
		return -1;
	ss->text = text;
	ss->hash[0] = cap_shell_hash("FUNCNAME");
	ss->hash[1] = cap_shell_hash("BASH_SOURCE");
	ss->hash[2] = cap_shell_hash("BASH_LINENO");
	ss->on = 1;
	return 0;
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
