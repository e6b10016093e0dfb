// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Options stage: --comm, --uid and --cgroup, checked and resolved before
 * anything is traced (targets.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#include "decode.h"
#include "optvals.h"
#include "rules.h"
#include "targets.h"

#define CGROUP2_MAGIC 0x63677270	/* linux/magic.h's CGROUP2_SUPER_MAGIC */

static int say(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/*
 * A glob of '*' and '?' (what the kernel side walks); '[' and '\' are
 * refused rather than taken as themselves, so no pattern means less
 * than it says.  A task's name holds at most 15 bytes: a glob needing
 * more can match nothing, and is refused too.
 */
int targets_comm(struct target_sel *ts, const char *arg, char *err,
		 size_t errlen)
{
	struct cap_target *k = &ts->k;
	size_t len = strlen(arg), need = 0;
	int literal = 1;

	if (k->ncomm >= CAP_TARGET_MAX)
		return say(err, errlen, "--comm given more than %d times",
			   CAP_TARGET_MAX);
	if (!len)
		return say(err, errlen, "--comm '': an empty name matches no"
			   " task");
	for (size_t i = 0; i < len; i++) {
		if (arg[i] == '[' || arg[i] == '\\')
			return say(err, errlen, "--comm '%s': only '*' and '?'"
				   " are wildcards ('%c' is not taken)", arg,
				   arg[i]);
		if (arg[i] == '*' || arg[i] == '?')
			literal = 0;
		need += arg[i] != '*';
	}
	if (need > 15 || len >= CAP_GLOB_MAX)
		return say(err, errlen, "--comm '%s': a task's name has at most"
			   " 15 bytes: it would match no task", arg);
	memcpy(k->comm[k->ncomm], arg, len);
	if (literal)
		k->literal |= 1u << k->ncomm;
	k->ncomm++;
	return 0;
}

int targets_uid(struct target_sel *ts, const char *arg, char *err,
		size_t errlen)
{
	struct cap_target *k = &ts->k;
	struct passwd *pw;
	long v;

	if (k->nuid >= CAP_TARGET_MAX)
		return say(err, errlen, "--uid given more than %d times",
			   CAP_TARGET_MAX);
	ts->user[k->nuid] = NULL;
	if (!optval_long(arg, 0, 4294967294L, &v)) {
		k->uid[k->nuid] = (unsigned int)v;
	} else {
		errno = 0;
		pw = *arg ? getpwnam(arg) : NULL;
		if (!pw)
			return say(err, errlen, "--uid '%s': no such user", arg);
		k->uid[k->nuid] = (unsigned int)pw->pw_uid;
		ts->user[k->nuid] = arg;
	}
	k->nuid++;
	return 0;
}

/*
 * --errno LIST: names (ENOENT, as strace prints them) or numbers, comma
 * separated; each adds to the set (4095 is the kernel's last error).
 */
int targets_errno(struct target_sel *ts, const char *arg, char *err,
		  size_t errlen)
{
	const char *p = arg;

	do {
		size_t n = strcspn(p, ",");
		char word[32];
		long e = 0;

		if (!n || n >= sizeof(word))
			return say(err, errlen, "--errno '%s': want a list of"
				   " names or numbers (ENOENT,EACCES)", arg);
		memcpy(word, p, n);
		word[n] = '\0';
		if (optval_long(word, 1, 4095, &e))
			for (e = 1; e <= 4095; e++)
				if (errno_name((int)e) &&
				    !strcmp(errno_name((int)e), word))
					break;
		if (e > 4095)
			return say(err, errlen, "--errno '%s': no such errno"
				   " '%s'", arg, word);
		ts->k.errs[e / 64] |= 1ull << (e % 64);
		ts->nerrs++;
		p += n;
	} while (*p++ == ',');
	return 0;
}

void targets_imply_status(struct target_sel *ts, unsigned int *status)
{
	if (ts->nerrs && *status == STATUS_ALL)
		*status = STATUS_FAILED;
	if (*status != STATUS_FAILED || ts->nerrs)
		return;
	for (int e = 1; e <= 4095; e++)
		ts->k.errs[e / 64] |= 1ull << (e % 64);
}

/* /proc/mounts' octal escapes (\040 for a space) undone in place */
static void unescape(char *s)
{
	char *o = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*o++ = (char)((s[1] - '0') << 6 | (s[2] - '0') << 3 |
				      (s[3] - '0'));
			s += 3;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
}

/* the first cgroup2 mount of the table into dir; 0 or -1 */
static int v2_mount(const char *mounts, char *dir, size_t len)
{
	char line[4096], mnt[4096], type[64];
	FILE *f = fopen(mounts, "re");
	int r = -1;

	if (!f)
		return -1;
	while (r && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%*s %4095s %63s", mnt, type) != 2 ||
		    strcmp(type, "cgroup2"))
			continue;
		unescape(mnt);
		if (strlen(mnt) < len) {
			snprintf(dir, len, "%s", mnt);
			r = 0;
		}
	}
	fclose(f);
	return r;
}

/* the cgroup's id: its kernfs node's, as bpf_get_current_cgroup_id says */
static int cgroup_id(const char *path, uint64_t *id)
{
	struct {
		struct file_handle fh;
		uint64_t id;
	} h;
	int mnt;

	h.fh.handle_bytes = sizeof(h.id);
	if (name_to_handle_at(AT_FDCWD, path, &h.fh, &mnt, 0) ||
	    h.fh.handle_bytes != sizeof(h.id))
		return -1;
	memcpy(id, h.fh.f_handle, sizeof(*id));
	return 0;
}

/*
 * PATH is a directory of the v2 hierarchy, given whole
 * (/sys/fs/cgroup/unified/system.slice) or from its root as
 * /proc/PID/cgroup names it (/system.slice, system.slice).  Its level is
 * its depth below the root: the task's ancestor there is compared.
 */
int targets_cgroup(struct target_sel *ts, const char *arg, const char *mounts,
		   char *err, size_t errlen)
{
	struct cap_target *k = &ts->k;
	char root[PATH_MAX], full[2 * PATH_MAX + 2], *real;
	size_t rl;
	struct statfs sf;
	unsigned int level = 0;
	uint64_t id;

	if (k->ncg >= CAP_TARGET_MAX)
		return say(err, errlen, "--cgroup given more than %d times",
			   CAP_TARGET_MAX);
	if (v2_mount(mounts, root, sizeof(root)))
		return say(err, errlen, "--cgroup '%s': no cgroup v2 hierarchy"
			   " is mounted (%s)", arg, mounts);
	rl = strlen(root);
	if (!strncmp(arg, root, rl) && (arg[rl] == '/' || !arg[rl]))
		snprintf(full, sizeof(full), "%s", arg);
	else
		snprintf(full, sizeof(full), "%s%s%s", root,
			 arg[0] == '/' ? "" : "/", arg);
	real = realpath(full, NULL);
	if (!real || strncmp(real, root, rl) || (real[rl] && real[rl] != '/') ||
	    statfs(real, &sf) || sf.f_type != CGROUP2_MAGIC ||
	    cgroup_id(real, &id)) {
		free(real);
		return say(err, errlen, "--cgroup '%s': no such cgroup (v2,"
			   " under %s)", arg, root);
	}
	for (const char *p = real + rl; *p; p++)
		level += *p == '/' && p[1] && p[1] != '/';
	k->cg_id[k->ncg] = id;
	k->cg_level[k->ncg] = level;
	/* what the header says: the path from the root */
	memmove(real, real + rl, strlen(real + rl) + 1);
	if (!real[0])
		strcpy(real, "/");
	ts->cgroup[k->ncg++] = real;
	return 0;
}

int targets_any(const struct target_sel *ts)
{
	return ts->k.ncomm || ts->k.nuid || ts->k.ncg;
}

int targets_add(struct target_sel *ts, int kind, const char *arg, char *err,
		size_t errlen)
{
	switch (kind) {
	case TARGET_COMM:
		return targets_comm(ts, arg, err, errlen);
	case TARGET_UID:
		return targets_uid(ts, arg, err, errlen);
	case TARGET_CGROUP:
		return targets_cgroup(ts, arg, "/proc/mounts", err, errlen);
	default:
		return targets_errno(ts, arg, err, errlen);
	}
}

const char *targets_refuse(const struct target_sel *ts,
			   const struct targets_with *w)
{
	const char *who = w->tree ? "--tree is" :
			  "--comm, --uid and --cgroup are";
	static char why[256];
	int tree = w->tree, npids = w->npids;
	int stack = w->stack && !w->stack_ring;
	int ntps = w->ntps, lines = w->lines, no_bpf = w->no_bpf;

	if (ts->nerrs && !lines)
		return "--errno selects lines: -c's counts are of every call";
	if (ts->nerrs && w->status != STATUS_FAILED)
		return "--errno shows calls that failed: not with -z or another"
		       " -e status=";
	if (tree && !npids)
		return "--tree: there is no -p PID whose tree it is";
	if (!targets_any(ts) && !tree)
		return NULL;
	if (targets_any(ts) && npids && !tree)
		return "--comm, --uid and --cgroup select among all tasks:"
		       " with -p only as -p PID --tree (the tree's that match)";
	if (no_bpf)
		snprintf(why, sizeof(why), "%s decided by the BPF programs:"
			 " not with --no-bpf", who);
	else if (stack)
		snprintf(why, sizeof(why), "%s decided by the BPF programs on"
			 " the calls they write: with stacks only as the kernel"
			 " unwinds them (not with --stack=dwarf, --stack=fp,"
			 " --kstack, --spawns or -c)", who);
	else if (ntps && lines)
		snprintf(why, sizeof(why), "%s decided by the BPF programs on"
			 " the calls they write: not with -e SYS:EVENT lines"
			 " (with -c they are counted)", who);
	else
		return NULL;
	return why;
}

static void add(char *buf, size_t len, size_t *at, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (*at >= len)
		return;
	va_start(ap, fmt);
	n = vsnprintf(buf + *at, len - *at, fmt, ap);
	va_end(ap);
	if (n > 0)
		*at += (size_t)n;
}

void targets_describe(const struct target_sel *ts, char *buf, size_t len)
{
	const struct cap_target *k = &ts->k;
	size_t at = 0;

	buf[0] = '\0';
	for (unsigned int i = 0; i < k->ncomm; i++)
		add(buf, len, &at, "%s'%.*s'", i ? " or " : "comm ",
		    CAP_GLOB_MAX, k->comm[i]);
	for (unsigned int i = 0; i < k->nuid; i++)
		add(buf, len, &at, "%s%u%s%s%s", i ? " or " :
		    at ? ", uid " : "uid ", k->uid[i], ts->user[i] ? " (" : "",
		    ts->user[i] ? ts->user[i] : "", ts->user[i] ? ")" : "");
	for (unsigned int i = 0; i < k->ncg; i++)
		add(buf, len, &at, "%s%s", i ? " or " :
		    at ? ", cgroup " : "cgroup ", ts->cgroup[i]);
}

void targets_free(struct target_sel *ts)
{
	for (unsigned int i = 0; i < ts->k.ncg && i < CAP_TARGET_MAX; i++)
		free(ts->cgroup[i]);
	memset(ts, 0, sizeof(*ts));
}
