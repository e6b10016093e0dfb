// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, user space: --stack=bpf (cap_unwind.bpf.c's half).
 * ustack_enter hangs on the syscall entries whose samples carry a stack,
 * as shell_enter does.  Each executable file mapped by a traced process
 * (its MMAP2 record, with the inode the kernel names it by) is compiled
 * once into rows (cfi.c) and loaded into the program's maps; until it
 * is, the program hands libdw a stack copy.  etrace's own libc and
 * dynamic loader, which most programs map too, are compiled before the
 * trace starts, so that a program's first calls need no copy.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <link.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "cap_priv.h"
#include "cfi.h"
#include "tfile.h"

#define UNW_SEEN	4096		/* files tried: unw_files' size */

struct unw_state {
	unsigned int used;		/* rows loaded */
	unsigned int idx_used;		/* buckets loaded */
	unsigned int nseen;
	struct unw_file_key seen[UNW_SEEN];
	uint64_t files, rows, failed;	/* for -v and the report */
};

int cap_unwind_supported(void)
{
	static const enum bpf_func_id need[] = {
		BPF_FUNC_find_vma, BPF_FUNC_loop, BPF_FUNC_task_pt_regs,
	};

	for (size_t i = 0; i < sizeof(need) / sizeof(need[0]); i++)
		if (libbpf_probe_bpf_helper(BPF_PROG_TYPE_TRACEPOINT, need[i],
					    NULL) != 1)
			return 0;
	return 1;
}

int cap_unwind_attach(struct capture *c, const struct evlist *l,
		      struct tracefs *t)
{
	return cap_attach_stack_entries(c, c->skel->progs.ustack_enter, l, t);
}

/* n values into array map fd from index first, in one call */
static int unwind_fill(int fd, uint32_t first, const void *vals, size_t n)
{
	uint32_t *keys = malloc(n * sizeof(*keys)), cnt = (uint32_t)n;
	int r = 0;

	if (!keys)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		keys[i] = first + (uint32_t)i;
	if (bpf_map_update_batch(fd, keys, vals, &cnt, NULL) || cnt != n)
		r = errno ? -errno : -EIO;
	free(keys);
	return r;
}

/* the rows and the index in the arrays, then the file: seen whole */
static int unwind_load(struct capture *c, const struct unw_file_key *k,
		       const struct cfi_file *cf)
{
	struct unw_state *s = c->unw;
	struct unw_file f = {
		.first = s->used, .count = (unsigned int)cf->n,
		.idx_first = s->idx_used, .idx_count = (unsigned int)cf->nidx,
		.delta = cf->delta, .vaddr_lo = cf->vaddr_lo,
		.vaddr_hi = cf->vaddr_hi,
	};
	int r;

	if (cf->n > UNW_ROWS_MAX - s->used ||
	    cf->nidx > UNW_IDX_MAX - s->idx_used)
		return -ENOSPC;
	r = unwind_fill(bpf_map__fd(c->skel->maps.unw_rows), s->used,
			cf->rows, cf->n) ?:
	    unwind_fill(bpf_map__fd(c->skel->maps.unw_idx), s->idx_used,
			cf->idx, cf->nidx);
	if (!r && bpf_map_update_elem(bpf_map__fd(c->skel->maps.unw_files),
				      k, &f, BPF_ANY))
		r = -errno;
	if (r)
		return r;
	s->used += (unsigned int)cf->n;
	s->idx_used += (unsigned int)cf->nidx;
	s->files++;
	s->rows += cf->n;
	return 0;
}

/* the file at path, if it is still the inode k names */
static int unwind_compile(struct capture *c, const char *path,
			  const struct unw_file_key *k, dev_t dev)
{
	struct cfi_file cf;
	struct stat st;
	Elf *elf;
	int fd, r;

	/* (a regular file, not through a link, never a FIFO: tfile.c) */
	fd = tfile_open(path, &st);
	if (fd < 0)
		return fd;
	if (st.st_dev != dev || st.st_ino != k->ino) {
		close(fd);
		return -ESTALE;
	}
	/* read, not mapped: a traced program may shrink the file meanwhile
	   (a read past its end is a SIGBUS in a mapping, see elfguard.h) */
	elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf) {
		close(fd);
		return -EINVAL;
	}
	r = cfi_compile(elf, &cf);
	if (!r) {
		r = unwind_load(c, k, &cf);
		cfi_free(&cf);
	}
	elf_end(elf);
	close(fd);
	return r;
}

void cap_unwind_mapped(struct capture *c, const char *path, uint32_t maj,
		       uint32_t min, uint64_t ino)
{
	struct unw_state *s = c->unw;
	/* the kernel's own dev_t encoding (s_dev): major << 20 | minor */
	struct unw_file_key k = {
		.dev = (uint64_t)maj << 20 | min, .ino = ino,
	};

	if (!s || path[0] != '/')
		return;
	for (unsigned int i = 0; i < s->nseen; i++)
		if (s->seen[i].dev == k.dev && s->seen[i].ino == k.ino)
			return;
	/* (tried once, loaded or not: a file that fails fails again) */
	if (s->nseen == UNW_SEEN)
		return;
	s->seen[s->nseen++] = k;
	if (unwind_compile(c, path, &k, makedev(maj, min)))
		s->failed++;
}

void cap_unwind_file(struct capture *c, const char *path)
{
	char real[PATH_MAX];
	struct stat st;

	/* (the command may be "./prog": the rows are for its real file) */
	if (c->unw && path && realpath(path, real) && !stat(real, &st) &&
	    S_ISREG(st.st_mode))
		cap_unwind_mapped(c, real, major(st.st_dev), minor(st.st_dev),
				  st.st_ino);
}

void cap_unwind_proc(struct capture *c, pid_t pid)
{
	unsigned long long start, end, off, ino;
	unsigned int maj, min;
	char line[4352], perm[8], path[4097];
	FILE *f;

	snprintf(line, sizeof(line), "/proc/%d/maps", (int)pid);
	f = c->unw ? fopen(line, "re") : NULL;
	if (!f)
		return;
	/* (a path with a space or one cut by the buffer is not compiled:
	   unwind_compile opens only the inode the line names) */
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%llx-%llx %7s %llx %x:%x %llu %4096s", &start,
			   &end, perm, &off, &maj, &min, &ino, path) == 8 &&
		    perm[2] == 'x' && path[0] == '/')
			cap_unwind_mapped(c, path, maj, min, ino);
	fclose(f);
}

static int self_file(struct dl_phdr_info *info, size_t size, void *arg)
{
	if (info->dlpi_name[0])
		cap_unwind_file(arg, info->dlpi_name);
	return 0;
}

int cap_unwind_setup(struct capture *c, unsigned int stack_size,
		     int debuginfo)
{
	struct unw_conf uc = {
		.on = 1, .stack_size = stack_size, .none_ends = !debuginfo,
	};
	uint32_t zero = 0;

	c->unw = calloc(1, sizeof(*c->unw));
	if (!c->unw)
		return -ENOMEM;
	elf_version(EV_CURRENT);
	dl_iterate_phdr(self_file, c);
	if (bpf_map_update_elem(bpf_map__fd(c->skel->maps.unw_conf), &zero,
				&uc, BPF_ANY))
		return -errno;
	return 0;
}

void cap_unwind_free(struct capture *c)
{
	free(c->unw);
	c->unw = NULL;
}
