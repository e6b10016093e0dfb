// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Options stage: -V, --version (version.h).  The first line is etrace's
 * own, alone (tests/package.sh compares it with the package's); then
 * the libraries as loaded (their own version call where they have one,
 * else the name of the file the loader mapped, else what etrace was
 * built against), then what this kernel allows, asked without side
 * effects (probe.h).  What a user without privileges cannot ask is said
 * to be not probed, never guessed.
 */
#include <errno.h>
#include <limits.h>
#include <link.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <bpf/libbpf.h>
#include <elfutils/libdwfl.h>

#include "capture.h"
#include "probe.h"
#include "python.h"
#include "tracefs.h"
#include "version.h"

#ifndef ETRACE_TEP_VERSION
#define ETRACE_TEP_VERSION "unknown"
#endif

struct lib_find {
	const char *stem;	/* "libbpf.so." */
	char path[PATH_MAX];
};

static int lib_match(struct dl_phdr_info *info, size_t size, void *data)
{
	struct lib_find *lf = data;
	const char *base = strrchr(info->dlpi_name, '/');

	base = base ? base + 1 : info->dlpi_name;
	if (strncmp(base, lf->stem, strlen(lf->stem)))
		return 0;
	snprintf(lf->path, sizeof(lf->path), "%s", info->dlpi_name);
	return 1;
}

/*
 * The version in the name of the file the loader mapped for stem's
 * soname (libtraceevent.so.1 is a link to libtraceevent.so.1.7.1):
 * 0, or -1 when it is not named so
 */
static int loaded_version(const char *stem, char *out, size_t len)
{
	struct lib_find lf = { stem, "" };
	char real[PATH_MAX];
	const char *base;

	if (!dl_iterate_phdr(lib_match, &lf) || !realpath(lf.path, real))
		return -1;
	base = strrchr(real, '/');
	base = base ? base + 1 : real;
	if (strncmp(base, stem, strlen(stem)) || !base[strlen(stem)] ||
	    !strchr(base + strlen(stem), '.'))
		return -1;
	snprintf(out, len, "%s", base + strlen(stem));
	return 0;
}

static void libraries(FILE *f)
{
	char v[64];

	if (loaded_version("libbpf.so.", v, sizeof(v)))
		snprintf(v, sizeof(v), "%u.%u", libbpf_major_version(),
			 libbpf_minor_version());
	fprintf(f, "libbpf %s\n", v);
	fprintf(f, "libdw %s (elfutils)\n", dwfl_version(NULL));
	/* libtraceevent has no version call */
	if (loaded_version("libtraceevent.so.", v, sizeof(v)))
		fprintf(f, "libtraceevent %s (built against; the loaded"
			" one does not say)\n", ETRACE_TEP_VERSION);
	else
		fprintf(f, "libtraceevent %s\n", v);
}

static const char *yes_no(int r)
{
	return r > 0 ? "available" : r == 0 ? "no" : "";
}

static void say(FILE *f, const char *what, int r, const char *why)
{
	fprintf(f, "%s: %s%s%s%s\n", what, yes_no(r), r >= 0 ? " (" : "", why,
		r >= 0 ? ")" : "");
}

/* --spawns' script lines: Debian's bash, uprobes and BPF programs */
static void bash_lines(FILE *f, int bash, const char *path, int up, int bpf)
{
	const char *w = "bash line numbers (--spawns)";

	if (bash)
		fprintf(f, "%s: no (/bin/bash does not export line_number:"
			" not Debian's bash?): stacks only\n", w);
	else if (up > 0 && bpf > 0)
		fprintf(f, "%s: available (%s exports line_number)\n", w, path);
	else if (up < 0 || bpf < 0)
		fprintf(f, "%s: not probed: %s exports line_number; the"
			" uprobes need root, or CAP_PERFMON and CAP_BPF\n", w,
			path);
	else
		fprintf(f, "%s: no (%s exports line_number, but %s): stacks"
			" only\n", w, path, up > 0 ? "no BPF" : "no uprobes");
}

/* -k's Python frames: the versions of the table, read by BPF programs */
static void python_frames_say(FILE *f, int bpf)
{
	const char *w = "Python frames (-k)";

	if (bpf == 0) {
		fprintf(f, "%s: no (they are read by the BPF programs): C"
			" frames only\n", w);
		return;
	}
	fprintf(f, "%s: %s for Python", w, bpf > 0 ? "available" :
		"not probed (BPF needs root, or CAP_PERFMON and CAP_BPF),");
	for (int i = 0; i < python_nrows; i++)
		fprintf(f, "%s %u.%u", i ? "," : "",
			python_rows[i].version >> 8, python_rows[i].version & 0xff);
	fprintf(f, " (--no-python-frames: C frames only)\n");
}

static void kernel(FILE *f)
{
	struct utsname u;
	char why[256], where[256], bash[PATH_MAX];
	uint64_t off = 0;
	int r, bpf, up, nobash;

	if (!uname(&u))
		fprintf(f, "kernel: %s %s %s\n", u.sysname, u.release,
			u.machine);
	r = tfs_where(where, sizeof(where));
	if (!r)
		fprintf(f, "tracefs: mounted at %s\n", where);
	else if (r == -EINVAL)
		fprintf(f, "tracefs: none at %s (ETRACE_TRACEFS): etrace"
			" refuses to trace\n", where);
	else if (r == -EACCES)
		fprintf(f, "tracefs: mounted at %s, not readable by this user"
			" (it needs root, or read access to it)\n", where);
	else
		fprintf(f, "tracefs: not mounted at %s (etrace mounts it in a"
			" private mount namespace of its own)\n", where);
	bpf = probe_bpf(why, sizeof(why));
	say(f, "BPF argument capture", bpf, why);
	if (bpf == 0)
		fprintf(f, "  so: no copies of argument memory (as --no-bpf):"
			" pointers, strings only from read-only files\n");
	nobash = capture_bash_find(bash, sizeof(bash), &off);
	/* the uprobe --spawns would open, or one at etrace's own entry */
	if (nobash && (!realpath("/proc/self/exe", bash) ||
		       probe_entry_offset(bash, &off)))
		up = -ENOENT;
	else
		up = probe_uprobe(bash, off, why, sizeof(why));
	if (up == -ENOENT && nobash)
		snprintf(why, sizeof(why), "not probed: no file to probe");
	say(f, "uprobes", up, why);
	bash_lines(f, nobash, bash, up, bpf);
	python_frames_say(f, bpf);
}

void version_print(FILE *f)
{
	fprintf(f, "etrace %s\n", ETRACE_VERSION);
	libraries(f);
	kernel(f);
}
