// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: -y's fds that belong to the process an
 * argument names, not necessarily the caller: kcmp's idx1 and idx2 (fds
 * of pid1 and pid2 for KCMP_FILE, idx1 of pid1 for KCMP_EPOLL_TFD) and
 * pidfd_getfd's targetfd (an fd of the pidfd's process).  Such an fd is
 * described (by g_fd, which reads the caller's table) only when that
 * process is certainly the caller's: the pid is the caller's own thread
 * id or its thread group's id (in the caller's pid namespace), or the
 * pidfd is one of the caller's thread group leader; and that task shares
 * the caller's fd table.  Else nothing: the decoder prints the number.
 */
#include "cap.bpf.h"

#define PID_FS_MAGIC_	0x50494446

struct upid___o {
	int nr;
	void *ns;
} __attribute__((preserve_access_index));

struct pid___o {
	unsigned int level;
	struct upid___o numbers[1];
} __attribute__((preserve_access_index));

struct task_struct___o {
	struct pid___o *thread_pid;
	struct task_struct___o *group_leader;
	void *files;
} __attribute__((preserve_access_index));

struct super_block___o {
	unsigned long s_magic;
} __attribute__((preserve_access_index));

struct inode___o {
	struct super_block___o *i_sb;
	void *i_private;
} __attribute__((preserve_access_index));

struct file___o {
	struct inode___o *f_inode;
} __attribute__((preserve_access_index));

struct fdtable___o {
	unsigned int max_fds;
	struct file___o **fd;
} __attribute__((preserve_access_index));

struct files_struct___o {
	struct fdtable___o *fdt;
} __attribute__((preserve_access_index));

/* pid's number at level (the caller's namespace's), -1 when none */
static __always_inline int pid_nr_at(struct pid___o *p, u32 level)
{
	u64 at;
	int nr = -1;

	if (!p || BPF_CORE_READ(p, level) < level)
		return -1;
	at = (u64)p + bpf_core_field_offset(struct pid___o, numbers) +
	     (u64)(level & 31) * bpf_core_type_size(struct upid___o) +
	     bpf_core_field_offset(struct upid___o, nr);
	if (bpf_probe_read_kernel(&nr, sizeof(nr), (const void *)at))
		return -1;
	return nr;
}

/* is pid (the caller's namespace) a task sharing the caller's fds? */
static __always_inline int pid_is_mine(s32 pid)
{
	struct task_struct___o *t =
		(struct task_struct___o *)bpf_get_current_task();
	struct task_struct___o *lead = BPF_CORE_READ(t, group_leader);
	struct pid___o *own = BPF_CORE_READ(t, thread_pid);
	u32 level = BPF_CORE_READ(own, level);

	if (pid <= 0)
		return 0;
	if (pid_nr_at(own, level) == pid)
		return 1;
	return pid_nr_at(BPF_CORE_READ(lead, thread_pid), level) == pid &&
	       BPF_CORE_READ(lead, files) == BPF_CORE_READ(t, files);
}

/* is fd a pidfd of the caller's thread group (sharing its fds)? */
static __always_inline int pidfd_is_mine(s32 fd)
{
	struct task_struct___o *t =
		(struct task_struct___o *)bpf_get_current_task();
	struct task_struct___o *lead = BPF_CORE_READ(t, group_leader);
	struct files_struct___o *files = BPF_CORE_READ(t, files);
	struct fdtable___o *fdt = BPF_CORE_READ(files, fdt);
	struct file___o *f = NULL, **arr = BPF_CORE_READ(fdt, fd);
	struct inode___o *ip;

	if (fd < 0 || (u32)fd >= BPF_CORE_READ(fdt, max_fds) ||
	    bpf_probe_read_kernel(&f, sizeof(f), arr + fd) || !f)
		return 0;
	ip = BPF_CORE_READ(f, f_inode);
	if (BPF_CORE_READ(ip, i_sb, s_magic) != PID_FS_MAGIC_)
		return 0;
	return BPF_CORE_READ(ip, i_private) ==
	       (void *)BPF_CORE_READ(lead, thread_pid) &&
	       (void *)BPF_CORE_READ(lead, files) == (void *)files;
}

__noinline u32 g_fds_other(u32 off, u32 which, const struct call_args *ca,
			   u32 fds)
{
	u32 ph = CAP_AT_ENTRY << 8;

	if (!ca)
		return off;
	if (which & CAP_FDO_KCMP) {
		/* KCMP_FILE (0): two fds; KCMP_EPOLL_TFD (7): idx1 */
		u32 type = (u32)ca->args[2];

		if (type != 0 && type != 7)
			return off;
		if (pid_is_mine((s32)ca->args[0]))
			off = g_fd(off, (CAP_FD_ARG0 + 3) | ph,
				   (s32)ca->args[3], fds);
		if (type == 0 && pid_is_mine((s32)ca->args[1]))
			off = g_fd(off, (CAP_FD_ARG0 + 4) | ph,
				   (s32)ca->args[4], fds);
		return off;
	}
	if ((which & CAP_FDO_GETFD) && pidfd_is_mine((s32)ca->args[0]))
		off = g_fd(off, (CAP_FD_ARG0 + 1) | ph, (s32)ca->args[1], fds);
	return off;
}
