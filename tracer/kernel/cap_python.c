// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, user space: -k's Python frames (cap_python.bpf.c's
 * half).  python_enter hangs on the syscall entries whose samples carry
 * a stack, as shell_enter does.  An interpreter is an ELF file that
 * exports _PyRuntime, whatever its name: a statically linked python
 * (Debian's /usr/bin/python3.11) goes to py_exes by its file, so that
 * the program finds it in any process that runs it; a libpython goes to
 * py_procs for each process seen mapping it, with its load bias there.
 * Its version is its own Py_Version; a version without a row here gets
 * no frames, and a line on stderr says so once.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "cap_priv.h"
#include "python.h"

/* files looked at, by device and inode: python (row) or not (-1) */
#define PY_FILES 128

struct py_file {
	uint64_t dev, ino;
	int row;			/* -1: not an interpreter we read */
	int exe;			/* an executable (py_exes), not a
					   library (py_libs) */
	struct py_bin bin;
	uint64_t seg_off, seg_vaddr;	/* its executable segment */
};

struct cap_py {
	struct py_file f[PY_FILES];
	int n, next;
};

static const char *const py_names[] = {
	"_PyRuntime", "PyCode_Type", "PyUnicode_Type", "PyBytes_Type",
	"Py_Version",
};
#define PY_NSYMS (int)(sizeof(py_names) / sizeof(py_names[0]))

/* the .dynsym values of py_names, into v (0 when absent) */
static void py_dynsyms(Elf *e, uint64_t *v)
{
	unsigned long long vals[PY_NSYMS], *out[PY_NSYMS];

	for (int k = 0; k < PY_NSYMS; k++)
		out[k] = &vals[k];
	cap_dynsyms(e, py_names, out, PY_NSYMS);
	for (int k = 0; k < PY_NSYMS; k++)
		v[k] = vals[k];
}

/* the 8 bytes at link-time address addr, read from the file */
static int py_read_at(Elf *e, int fd, uint64_t addr, uint64_t *out)
{
	GElf_Phdr ph;
	size_t nph;

	if (elf_getphdrnum(e, &nph))
		return -1;
	for (size_t i = 0; i < nph; i++)
		if (gelf_getphdr(e, (int)i, &ph) && ph.p_type == PT_LOAD &&
		    addr >= ph.p_vaddr && addr + 8 <= ph.p_vaddr + ph.p_filesz)
			return pread(fd, out, 8, (off_t)(addr - ph.p_vaddr +
				     ph.p_offset)) == 8 ? 0 : -1;
	return -1;
}

/*
 * The frame's fields the program reads at once lie in its window, the
 * pointers aligned there (a row that does not is not used).
 */
static int py_row_fits(const struct py_offsets *o)
{
	unsigned int p[3] = { o->fr_code, o->fr_previous, o->fr_instr };

	for (int i = 0; i < 3; i++)
		if (p[i] < o->fr_win || p[i] + 8 > o->fr_win + PY_FR_WIN ||
		    (p[i] - o->fr_win) % 8)
			return 0;
	return o->fr_entry >= o->fr_win && o->fr_entry < o->fr_win + PY_FR_WIN;
}

/* say once per file why an interpreter gets no frames */
static void py_say(const char *path, const char *why)
{
	fprintf(stderr, "etrace: %s: %s: no Python frames for it\n", path,
		why);
}

/*
 * What pf's file is: a python with a row (pf->row), or not (-1).  An
 * ELF without _PyRuntime is quietly not one.
 */
static void py_examine(struct py_file *pf, const char *path)
{
	uint64_t v[PY_NSYMS], version = 0, text = UINT64_MAX;
	int fd, interp = 0;
	GElf_Phdr ph;
	size_t nph;
	Elf *e;

	pf->row = -1;
	elf_version(EV_CURRENT);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (!e)
		goto out_fd;
	py_dynsyms(e, v);
	if (!v[0])
		goto out_elf;
	for (size_t i = 0; !elf_getphdrnum(e, &nph) && i < nph; i++) {
		if (!gelf_getphdr(e, (int)i, &ph))
			continue;
		interp |= ph.p_type == PT_INTERP;
		if (ph.p_type == PT_LOAD && (ph.p_flags & PF_X) &&
		    ph.p_vaddr < text) {
			text = ph.p_vaddr;
			pf->seg_off = ph.p_offset;
		}
	}
	if (!v[1] || !v[2] || !v[3] || !v[4] || text == UINT64_MAX ||
	    py_read_at(e, fd, v[4], &version)) {
		py_say(path, "not a Python etrace can read (symbols missing)");
		goto out_elf;
	}
	for (int i = 0; i < python_nrows; i++)
		if (python_rows[i].version == (version >> 16 & 0xffff) &&
		    py_row_fits(&python_rows[i]))
			pf->row = i;
	if (pf->row < 0) {
		char why[64];

		snprintf(why, sizeof(why),
			 "Python %d.%d is not known to etrace",
			 (int)(version >> 24 & 0xff),
			 (int)(version >> 16 & 0xff));
		py_say(path, why);
		goto out_elf;
	}
	pf->exe = interp;
	pf->seg_vaddr = text;
	pf->bin.off = python_rows[pf->row];
	pf->bin.row = (unsigned int)pf->row;
	pf->bin.text = text;
	pf->bin.seg_off = pf->seg_off;
	pf->bin.runtime = v[0];
	pf->bin.code_type = v[1];
	pf->bin.unicode_type = v[2];
	pf->bin.bytes_type = v[3];
out_elf:
	elf_end(e);
out_fd:
	close(fd);
}

/*
 * A map the programs read changed: a process's "no Python" verdict the
 * programs keep per CPU (py_miss, cap_python.bpf.c) is made again
 * (after the update: a program that sees the new count sees the entry)
 */
static void py_known(struct capture *c)
{
	__atomic_fetch_add(&c->skel->bss->py_gen, 1, __ATOMIC_SEQ_CST);
}

/* the file dev:ino (path), examined once */
static struct py_file *py_file(struct capture *c, const char *path,
			       uint64_t dev, uint64_t ino)
{
	struct cap_py *cp = c->py;
	struct py_file *pf;

	for (int i = 0; i < cp->n; i++)
		if (cp->f[i].dev == dev && cp->f[i].ino == ino)
			return &cp->f[i];
	/* full: the oldest goes (it is examined again if it comes back) */
	pf = &cp->f[cp->n < PY_FILES ? cp->n++ : cp->next];
	if (cp->n == PY_FILES)
		cp->next = (cp->next + 1) % PY_FILES;
	memset(pf, 0, sizeof(*pf));
	pf->dev = dev;
	pf->ino = ino;
	py_examine(pf, path);
	if (pf->row >= 0) {
		struct py_exe_key k = {
			.dev = (uint64_t)major(dev) << 20 | minor(dev),
			.ino = ino,
		};

		struct bpf_map *m = pf->exe ? c->skel->maps.py_exes :
					      c->skel->maps.py_libs;

		bpf_map_update_elem(bpf_map__fd(m), &k, &pf->bin, BPF_ANY);
		py_known(c);
	}
	return pf;
}

void capture_python_map(struct capture *c, pid_t pid, const char *path,
			uint64_t dev, uint64_t ino, uint64_t addr,
			uint64_t pgoff)
{
	struct py_file *pf;
	struct py_bin b;
	uint32_t tgid = (uint32_t)pid;

	if (!c->py || !path || path[0] != '/')
		return;
	pf = py_file(c, path, dev, ino);
	/* a library's executable segment: its bias in this process */
	if (pf->row < 0 || pf->exe || pgoff != (pf->seg_off & ~4095ull))
		return;
	b = pf->bin;
	b.bias = addr - (pf->seg_vaddr & ~4095ull);
	bpf_map_update_elem(bpf_map__fd(c->skel->maps.py_procs), &tgid, &b,
			    BPF_ANY);
	py_known(c);
}

/* path, if it is a file: examined (and known to the programs) */
static void py_file_at(struct capture *c, const char *path)
{
	struct stat st;

	if (!stat(path, &st) && S_ISREG(st.st_mode))
		py_file(c, path, st.st_dev, st.st_ino);
}

/*
 * A libpython the program at path needs (DT_NEEDED), where ld.so would
 * look first: its run path ($ORIGIN: the program's directory), then
 * LD_LIBRARY_PATH and the system's directories.  Only to know the file
 * before the program maps it: one not found here is examined when its
 * mapping's record comes.
 */
static void py_needed(struct capture *c, const char *path)
{
	char run[1024] = "", need[8][64], dir[4096], file[4096 + 64 + 1];
	const char *sys = "/lib/x86_64-linux-gnu:/usr/lib/x86_64-linux-gnu:"
			  "/lib64:/usr/lib64:/lib:/usr/lib:/usr/local/lib";
	const char *ld = getenv("LD_LIBRARY_PATH"), *slash;
	const char *paths[3];
	Elf_Scn *scn = NULL;
	int fd, n = 0;
	Elf *e;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return;
	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_READ, NULL);
	while (e && (scn = elf_nextscn(e, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;
		GElf_Dyn dyn;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_DYNAMIC ||
		    !(d = elf_getdata(scn, NULL)) || !sh.sh_entsize)
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize &&
		     gelf_getdyn(d, (int)i, &dyn); i++) {
			const char *s = elf_strptr(e, sh.sh_link,
						   dyn.d_un.d_val);
			int rp = dyn.d_tag == DT_RUNPATH ||
				 dyn.d_tag == DT_RPATH;

			if (!s)
				continue;
			if (rp && !run[0])
				snprintf(run, sizeof(run), "%s", s);
			else if (dyn.d_tag == DT_NEEDED && n < 8 &&
				 !strncmp(s, "libpython", 9))
				snprintf(need[n++], sizeof(need[0]), "%s", s);
		}
	}
	if (e)
		elf_end(e);
	close(fd);
	slash = strrchr(path, '/');
	paths[0] = run;
	paths[1] = ld ? ld : "";
	paths[2] = sys;
	for (int k = 0; k < n; k++)
		for (int p = 0; p < 3; p++)
			for (const char *s = paths[p]; *s; s += *s == ':') {
				size_t l = strcspn(s, ":");

				snprintf(dir, sizeof(dir), "%.*s", (int)l, s);
				s += l;
				/* $ORIGIN: the program's own directory */
				if (!strncmp(dir, "$ORIGIN", 7) && slash)
					snprintf(dir, sizeof(dir), "%.*s%.*s",
						 (int)(slash - path), path,
						 (int)(l > 7 ? l - 7 : 0),
						 s - l + 7);
				if (snprintf(file, sizeof(file), "%s/%s", dir,
					     need[k]) < (int)sizeof(file))
					py_file_at(c, file);
			}
}

void capture_python_fork(struct capture *c, pid_t ppid, pid_t pid)
{
	uint32_t parent = (uint32_t)ppid, child = (uint32_t)pid;
	struct py_bin b;

	if (!c->py || bpf_map_lookup_elem(bpf_map__fd(c->skel->maps.py_procs),
					  &parent, &b))
		return;
	/* the same library at the same place, in a new address space */
	b.mm = 0;
	bpf_map_update_elem(bpf_map__fd(c->skel->maps.py_procs), &child, &b,
			    BPF_ANY);
	py_known(c);
}

void capture_python_exit(struct capture *c, pid_t pid)
{
	uint32_t tgid = (uint32_t)pid;

	if (c->py)
		bpf_map_delete_elem(bpf_map__fd(c->skel->maps.py_procs), &tgid);
}

void capture_python_exe(struct capture *c, const char *path)
{
	if (!c->py || !path)
		return;
	py_file_at(c, path);
	py_needed(c, path);
}

int cap_python_attach(struct capture *c, const struct evlist *l,
		      struct tracefs *t)
{
	int r;

	if (!(c->py = calloc(1, sizeof(struct cap_py))))
		return -ENOMEM;
	r = cap_attach_stack_entries(c, c->skel->progs.python_enter, l, t);
	return r ? r : cap_attach_tp(c, c->skel->progs.python_mmap, t,
				     "syscalls", "sys_exit_mmap", 0, 0);
}

void cap_python_close(struct capture *c)
{
	free(c->py);
	c->py = NULL;
}
