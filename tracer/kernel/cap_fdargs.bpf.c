// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: -y's fds of a call.  Which of its
 * arguments, returns and structs are fds (syscalls.tbl's bits, a
 * request that takes one), each described by g_fd (cap_fds.bpf.c); and
 * what a socket fd is that a call's buffers are decoded by, read whatever
 * -y says (netlink, its network namespace).
 */
#include "cap_fds.bpf.h"

/*
 * The fds of a call (see g_fds in cap.bpf.h): at entry its fd arguments
 * (AT_FDCWD: the working directory) and those of a poll's array or a
 * select's sets (cap_fdsets.bpf.c), at exit, when it succeeded, the fd
 * it returned or the two it wrote to an int[2].
 */
__noinline u32 g_fds(u32 off, u32 phase, u32 bits, const struct call_args *ca)
{
	u32 args = bits & 0xff, ret = bits >> 8 & 0xff;
	u32 pair = bits >> 16 & 0xff, outs = bits >> 24 & 1, fds;
	int two[2];

	if (!ca || !ro_fds)
		return off;
	fds = ro_fds;
	if (phase == CAP_AT_ENTRY) {
		for (int i = 0; i < 6; i++)
			if (args >> i & 1)
				off = g_fd(off, (CAP_FD_ARG0 + i) | phase << 8 |
					   (!i && (ret & CAP_FDR_CLOSE) ?
					    FD_CLOSING : 0),
					   (s32)ca->args[i], fds);
		/* waitid(P_PIDFD, fd, ...) */
		if ((ret & CAP_FDR_PIDFD) && (u32)ca->args[0] == 3)
			off = g_fd(off, (CAP_FD_ARG0 + 1) | phase << 8,
				   (s32)ca->args[1], fds);
		if (ret & (CAP_FDR_POLL | CAP_FDR_SELECT))
			off = g_fdsets(off, ret, ca, fds);
		/* LANDLOCK_RULE_PATH_BENEATH's attr holds an fd */
		if ((ret & CAP_FDR_LANDLOCK) && (u32)ca->args[1] == 1 &&
		    !bpf_probe_read_user(two, sizeof(two[0]),
					 (const void *)(ca->args[2] + 8)))
			off = g_fd(off, CAP_FD_SET0 | phase << 8, two[0], fds);
		if (ret & CAP_FDR_IOURING)
			off = g_iouring_fds(off, ca, fds);
		if (bits >> 25)
			off = g_fds_other(off, bits >> 25, ca, fds);
		return off;
	}
	if (!outs)
		return off;
	/* fcntl: F_DUPFD (0) and F_DUPFD_CLOEXEC (1030) return fds */
	if ((ret & CAP_FDR_DUPFD) && (u32)ca->args[1] != 0 &&
	    (u32)ca->args[1] != 1030)
		ret = 0;
	if ((ret & CAP_FDR_NEW) && ca->ret >= 0)
		off = g_fd(off, CAP_FD_RET | phase << 8, ca->ret, fds);
	/* clone's parent_tid: with CLONE_PIDFD, the pidfd stored there */
	if (pair & CAP_PAIR_ONE) {
		u32 before = off;
		u8 *b = buf();

		if (b && (ca->args[0] & 0x1000 /* CLONE_PIDFD */) &&
		    !bpf_probe_read_user(two, sizeof(two[0]),
					 (const void *)ca->args[(pair - 1) & 7]))
			off = g_fd(off, CAP_FD_PAIR0 | phase << 8, two[0], fds);
		/* which fd: the number read here (the decoder checks it) */
		if (off != before)
			((struct cap_item *)(b + bounded(before, CAP_REC_MAX - 1)))->total = two[0];
	} else if (pair && !bpf_probe_read_user(two, sizeof(two),
					 (const void *)ca->args[(pair - 1) & 7])) {
		off = g_fd(off, CAP_FD_PAIR0 | phase << 8, two[0], fds);
		off = g_fd(off, (CAP_FD_PAIR0 + 1) | phase << 8, two[1], fds);
	}
	return off;
}

/* -y: the s32 fd at ptr in an ioctl's struct, described at entry */
static __always_inline u32 g_ioc_fd_at(u32 off, u64 ptr, u32 fds)
{
	s32 fd;

	if (bpf_probe_read_user(&fd, sizeof(fd), (const void *)ptr))
		return off;
	return g_fd_held(off, CAP_FD_SET0 | CAP_AT_ENTRY << 8, fd, fds);
}

/*
 * -y: ioctl's argument when its request takes an fd as the value itself
 * (NBD_SET_SOCK, PERF_EVENT_IOC_SET_OUTPUT, PERF_EVENT_IOC_SET_BPF),
 * described at entry as argument 2's; an fd inside its struct (seccomp's,
 * btrfs') as a held one
 */
__noinline u32 g_ioc_fd(u32 off, const struct call_args *ca)
{
	if (!ca || !ro_fds)
		return off;
	switch ((u32)ca->args[1]) {
	case 0xab00: case 0x2405: case 0x40042408:
		return g_fd(off, (CAP_FD_ARG0 + 2) | CAP_AT_ENTRY << 8,
			    (s32)ca->args[2], ro_fds);
	case 0x40182103: {	/* SECCOMP_IOCTL_NOTIF_ADDFD: its srcfd */
		s32 fd;

		if (bpf_probe_read_user(&fd, sizeof(fd),
					(const void *)(ca->args[2] + 12)))
			return off;
		return g_fd_held(off, CAP_FD_SET0 | CAP_AT_ENTRY << 8, fd,
				 ro_fds);
	}
	/* btrfs' struct btrfs_ioctl_vol_args and _v2 (their fd), FICLONERANGE
	   (src_fd), BTRFS_IOC_SEND (send_fd): the fd at byte 0 */
	case 0x50009401: case 0x50009403: case 0x50009404: case 0x50009405:
	case 0x5000940a: case 0x5000940b: case 0x5000940e: case 0x5000940f:
	case 0x90009427: case 0x50009417: case 0x50009418:
	case 0x4020940d: case 0x40489426:
		return g_ioc_fd_at(off, ca->args[2], ro_fds);
	case 0xc0189436:	/* FIDEDUPERANGE: its first info's dest_fd */
		return g_ioc_fd_at(off, ca->args[2] + 24, ro_fds);
	}
	return off;
}

/*
 * -y: the fd a struct sockaddr of len bytes at ptr holds: AF_XDP's
 * shared umem's, with XDP_SHARED_UMEM (at entry)
 */
__noinline u32 g_sockaddr_fd(u32 off, u64 ptr, u64 len)
{
	struct { u16 family, flags; u32 ifindex, queue; s32 fd; } x;

	if (!ro_fds || len < sizeof(x) ||
	    bpf_probe_read_user(&x, sizeof(x), (const void *)ptr) ||
	    x.family != 44 || !(x.flags & 1))
		return off;
	return g_fd_held(off, CAP_FD_SET0 | CAP_AT_ENTRY << 8, x.fd, ro_fds);
}

__noinline u32 g_max_fds(void)
{
	struct task_struct___fd *t = (struct task_struct___fd *)bpf_get_current_task();

	return BPF_CORE_READ(t, files, fdt, max_fds);
}

/* the struct sock of the task's fd, or NULL when fd is no socket */
static __always_inline struct sock___fd *fd_sock(s64 fd)
{
	struct task_struct___fd *t = (struct task_struct___fd *)bpf_get_current_task();
	struct fdtable___fd *fdt = BPF_CORE_READ(t, files, fdt);
	struct file___fd *file = 0, **arr = BPF_CORE_READ(fdt, fd);
	struct socket___fd *so;

	if (fd < 0 || fd >= BPF_CORE_READ(fdt, max_fds) ||
	    bpf_probe_read_kernel(&file, sizeof(file), arr + fd) || !file ||
	    BPF_CORE_READ(file, f_path.dentry, d_sb, s_magic) != SOCKFS_MAGIC)
		return 0;
	so = BPF_CORE_READ(file, private_data);
	return BPF_CORE_READ(so, sk);
}

/*
 * Whether fd is a netlink socket (see cap.bpf.h), read whatever -y says:
 * strace decodes a netlink socket's buffers as its messages.  Its
 * protocol + 1, | CAP_NL_OWN_NS when the socket is in etrace's network
 * namespace (read now: the program may be gone when its line is made)
 */
__noinline u32 g_sock_nl(s64 fd)
{
	struct sock___fd *sk = fd_sock(fd);
	struct cap_config *c = cfg();
	u32 nl;

	if (!sk || BPF_CORE_READ(sk, __sk_common.skc_family) != AF_NETLINK)
		return 0;
	nl = (u32)BPF_CORE_READ(sk, sk_protocol) + 1;
	/* its interface indexes are etrace's (the decoders name them) */
	if (c && c->netns &&
	    BPF_CORE_READ(sk, __sk_common.skc_net.net, ns.inum) == c->netns)
		nl |= CAP_NL_OWN_NS;
	return nl;
}

/*
 * CAP_OP_SOCKADDR: CAP_NL_OWN_NS when an address given to or read from
 * the socket fd names interfaces of etrace's network namespace: the
 * socket's namespace, or the task's when fd is no socket (the kernel
 * then reads no index: its number would mean that namespace's)
 */
__noinline u32 g_addr_ns(s64 fd)
{
	struct task_struct___fd *t = (struct task_struct___fd *)bpf_get_current_task();
	struct cap_config *c = cfg();
	struct sock___fd *sk;
	u32 ns;

	if (!c || !c->netns)
		return 0;
	sk = fd_sock(fd);
	if (sk)
		ns = BPF_CORE_READ(sk, __sk_common.skc_net.net, ns.inum);
	else
		ns = BPF_CORE_READ(t, nsproxy, net_ns, ns.inum);
	return ns == c->netns ? CAP_NL_OWN_NS : 0;
}
