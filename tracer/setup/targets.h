/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Options stage: who is traced by what they are, not by pid: --comm
 * (globs of task names), --uid (real uids, by name or number), --cgroup
 * (a v2 cgroup and what is below it).  Resolved here, before anything is
 * traced: a user that does not exist, a cgroup that is not there, a glob
 * that can match no task name is refused with one line.  The kernel side
 * (cap_target.bpf.c) asks on every call, so the selection holds for
 * tasks started, renamed or moved later.
 */
#ifndef ETRACE_TARGETS_H
#define ETRACE_TARGETS_H

#include <stddef.h>

#include "capture_abi.h"

struct target_sel {
	struct cap_target k;		/* what the kernel is given */
	const char *user[CAP_TARGET_MAX];	/* --uid's name, or NULL */
	char *cgroup[CAP_TARGET_MAX];	/* the cgroup, from the v2 root */
	int nerrs;			/* --errno: errnos in k.errs */
};

/* what an option adds (repeatable) */
enum target_kind { TARGET_COMM, TARGET_UID, TARGET_CGROUP, TARGET_ERRNO };

/* the option of that kind: 0, or -1 with the line in err */
int targets_add(struct target_sel *ts, int kind, const char *arg, char *err,
		size_t errlen);
int targets_comm(struct target_sel *ts, const char *arg, char *err,
		 size_t errlen);
int targets_uid(struct target_sel *ts, const char *arg, char *err,
		size_t errlen);
/* mounts: the mount table to find the v2 hierarchy in (/proc/mounts) */
int targets_cgroup(struct target_sel *ts, const char *arg,
		   const char *mounts, char *err, size_t errlen);

/* --errno LIST: the calls failing with these (k.errs) */
int targets_errno(struct target_sel *ts, const char *arg, char *err,
		  size_t errlen);
/*
 * --errno alone shows only the calls that failed so (status); -Z alone,
 * failed with any errno (k.errs all set, for the kernel's filter).
 */
void targets_imply_status(struct target_sel *ts, unsigned int *status);

/* --comm, --uid or --cgroup given (not --errno: it selects calls) */
int targets_any(const struct target_sel *ts);
/* the other options that count */
struct targets_with {
	int tree, npids, stack, ntps, lines, no_bpf;
	/* stacks the ring programs can write (-k, the kernel's unwinder
	   where it can: trace.c's targets_check says where it cannot) */
	int stack_ring;
	unsigned int status;		/* STATUS_* shown */
	int cmd;			/* a command to run (-- CMD) */
};

/*
 * Why a selection, or --tree, cannot go with these options (it is made
 * by the BPF programs on the calls they write or count: not on perf's
 * samples), or --errno (it selects lines), or NULL.
 */
const char *targets_refuse(const struct target_sel *ts,
			   const struct targets_with *w);
/* "comm 'cat*' or 'sh', uid 0 (root)": the selection, said once */
void targets_describe(const struct target_sel *ts, char *buf, size_t len);
void targets_free(struct target_sel *ts);

#endif
