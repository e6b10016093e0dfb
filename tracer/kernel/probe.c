// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Kernel stage: --version's questions to the kernel (probe.h).  They are
 * asked the way tracing would use the answer: a BPF program of the type
 * capture loads, the ring buffer map ring mode makes, a uprobe through
 * the same PMU --spawns opens.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <bpf/libbpf.h>
#include <linux/capability.h>
#include <linux/perf_event.h>
#include <sys/syscall.h>

#include "probe.h"

/* 1 yes, 0 no, -errno: not asked (say why; need: the privilege) */
static int answer(int r, const char *yes, const char *no, const char *need,
		  char *why, size_t len)
{
	if (r > 0)
		snprintf(why, len, "%s", yes);
	else if (r == 0)
		snprintf(why, len, "%s", no);
	else if (r == -EPERM || r == -EACCES)
		snprintf(why, len, "not probed: this user may not (it needs"
			 " %s)", need);
	else
		snprintf(why, len, "not probed: %s", strerror(-r));
	return r;
}

static int silent(enum libbpf_print_level l, const char *fmt, va_list ap)
{
	return 0;
}

#ifndef CAP_BPF
#define CAP_BPF 39
#endif
#define BPF_NEED "root, or CAP_BPF and CAP_PERFMON"
#define PERF_NEED "root, or CAP_PERFMON"

/* in the effective set (a kernel before CAP_BPF says no: EINVAL) */
static int has_cap(int cap)
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct d[2];

	if (syscall(SYS_capget, &h, d))
		return 0;
	return !!(d[cap / 32].effective & (1u << (cap % 32)));
}

int probe_bpf(char *why, size_t len)
{
	libbpf_print_fn_t old;
	int r;

	/* libbpf's probes answer "no" for "not allowed": asked first */
	if (!has_cap(CAP_BPF) && !has_cap(CAP_SYS_ADMIN))
		return answer(-EPERM, "", "", BPF_NEED, why, len);
	old = libbpf_set_print(silent);
	/* without BTF capture cannot follow forks nor read exit codes */
	if (access("/sys/kernel/btf/vmlinux", R_OK))
		r = answer(0, "", "no kernel BTF (/sys/kernel/btf/vmlinux)",
			   BPF_NEED, why, len);
	else if ((r = libbpf_probe_bpf_prog_type(BPF_PROG_TYPE_TRACEPOINT,
						 NULL)) <= 0)
		answer(r, "", "no BPF tracepoint programs", BPF_NEED, why,
		       len);
	else
		answer(r = libbpf_probe_bpf_map_type(BPF_MAP_TYPE_RINGBUF, NULL),
		       "tracepoint programs, ring buffers, kernel BTF",
		       "no BPF ring buffers (kernel before 5.8)", BPF_NEED,
		       why, len);
	libbpf_set_print(old);
	return r;
}

static int uprobe_pmu_type(void)
{
	FILE *f = fopen("/sys/bus/event_source/devices/uprobe/type", "r");
	int type = -1;

	if (!f)
		return -1;
	if (fscanf(f, "%d", &type) != 1)
		type = -1;
	fclose(f);
	return type;
}

int probe_uprobe(const char *path, uint64_t off, char *why, size_t len)
{
	struct perf_event_attr a;
	int type = uprobe_pmu_type(), fd;

	if (type < 0)
		return answer(0, "", "no uprobe PMU (kernel without"
			      " CONFIG_UPROBE_EVENTS)", PERF_NEED, why, len);
	memset(&a, 0, sizeof(a));
	a.size = sizeof(a);
	a.type = (uint32_t)type;
	a.config1 = (uint64_t)(uintptr_t)path;	/* uprobe_path */
	a.config2 = off;			/* probe_offset */
	a.disabled = 1;
	/* on etrace alone: no other process gets a breakpoint */
	fd = (int)syscall(SYS_perf_event_open, &a, getpid(), -1, -1,
			  PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return answer(-errno, "", "", PERF_NEED, why, len);
	close(fd);
	return answer(1, "perf's uprobe PMU", "", PERF_NEED, why, len);
}

int probe_entry_offset(const char *path, uint64_t *off)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), r = -ENOENT;
	Elf *e;
	GElf_Ehdr eh;
	size_t nph;

	if (fd < 0)
		return -errno;
	elf_version(EV_CURRENT);
	e = elf_begin(fd, ELF_C_READ, NULL);
	if (e && gelf_getehdr(e, &eh) && !elf_getphdrnum(e, &nph)) {
		for (size_t i = 0; i < nph; i++) {
			GElf_Phdr ph;

			if (gelf_getphdr(e, (int)i, &ph) &&
			    ph.p_type == PT_LOAD && eh.e_entry >= ph.p_vaddr &&
			    eh.e_entry < ph.p_vaddr + ph.p_filesz) {
				*off = eh.e_entry - ph.p_vaddr + ph.p_offset;
				r = 0;
			}
		}
	}
	if (e)
		elf_end(e);
	close(fd);
	return r;
}
