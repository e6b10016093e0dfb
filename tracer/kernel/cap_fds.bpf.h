/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Capture stage, kernel side: -y's shared part (cap_fdargs.bpf.c finds
 * a call's fds, cap_fds.bpf.c describes each, cap_sock.bpf.h a socket):
 * the kernel's structs as far as they are read, where in the scratch
 * buffer each step works, and the two ways a field is read (a load, or
 * a helper call).
 */
#ifndef CAP_FDS_BPF_H
#define CAP_FDS_BPF_H

#include "cap.bpf.h"

#define FD_TMP		(2 * CAP_REC_MAX)	/* scratch offset: the walk */
#define FD_TMP_SIZE	4096			/* the path, built backwards */
#define FD_VAL		(FD_TMP + FD_TMP_SIZE + 256)	/* a cache value */
#define FD_SPANS	(FD_VAL + 512)		/* span reads, 3 of them */
#define FD_DEPTH	64			/* components walked, at most */
#define FD_KEEP		256			/* paths kept up to this long */
#define AT_FDCWD	-100
#define FD_CLOSING	0x10000		/* g_fd: the call closes the fd */

#define PIPEFS_MAGIC		0x50495045
#define SOCKFS_MAGIC		0x534F434B
#define ANON_INODE_FS_MAGIC	0x09041934
#define PID_FS_MAGIC		0x50494446

#define AF_UNIX		1
#define AF_INET		2
#define AF_INET6	10
#define AF_NETLINK	16

/* only the fields read; CO-RE finds them in the running kernel */
struct qstr___fd {
	union {
		struct {
			u32 hash;
			u32 len;
		};
		u64 hash_len;
	};
	const unsigned char *name;
} __attribute__((preserve_access_index));

struct dentry_operations___fd {
	void *d_dname;
} __attribute__((preserve_access_index));

struct hlist_bl_node___fd {
	void *next, **pprev;
} __attribute__((preserve_access_index));

struct super_block___fd {
	unsigned long s_magic;
} __attribute__((preserve_access_index));

struct inode___fd {
	unsigned short i_mode;
	struct super_block___fd *i_sb;
	unsigned int i_rdev;
	unsigned long i_ino;
	void *i_private;
} __attribute__((preserve_access_index));

struct dentry___fd {
	struct dentry___fd *d_parent;
	struct qstr___fd d_name;
	struct hlist_bl_node___fd d_hash;
	struct inode___fd *d_inode;
	struct super_block___fd *d_sb;
	const struct dentry_operations___fd *d_op;
} __attribute__((preserve_access_index));

struct vfsmount___fd {
	struct dentry___fd *mnt_root;
} __attribute__((preserve_access_index));

struct mount___fd {
	struct mount___fd *mnt_parent;
	struct dentry___fd *mnt_mountpoint;
	struct vfsmount___fd mnt;
} __attribute__((preserve_access_index));

struct path___fd {
	struct vfsmount___fd *mnt;
	struct dentry___fd *dentry;
} __attribute__((preserve_access_index));

struct file___fd {
	struct path___fd f_path;
	struct inode___fd *f_inode;
	void *private_data;
} __attribute__((preserve_access_index));

struct fdtable___fd {
	unsigned int max_fds;
	struct file___fd **fd;
} __attribute__((preserve_access_index));

struct files_struct___fd {
	struct fdtable___fd *fdt;
} __attribute__((preserve_access_index));

struct fs_struct___fd {
	struct path___fd pwd;
} __attribute__((preserve_access_index));

struct nsproxy___fd;

struct task_struct___fd {
	struct files_struct___fd *files;
	struct fs_struct___fd *fs;
	struct nsproxy___fd *nsproxy;
} __attribute__((preserve_access_index));

struct in6_addr___fd {
	u8 s6_addr[16];
} __attribute__((preserve_access_index));

struct proto___fd {
	char name[32];
} __attribute__((preserve_access_index));

struct ns_common___fd {
	unsigned int inum;
} __attribute__((preserve_access_index));

struct net___fd {
	struct ns_common___fd ns;
} __attribute__((preserve_access_index));

struct nsproxy___fd {
	struct net___fd *net_ns;
} __attribute__((preserve_access_index));

/* the kernel's possible_net_t */
struct possible_net___fd {
	struct net___fd *net;
} __attribute__((preserve_access_index));

struct sock_common___fd {
	u32 skc_daddr;
	u32 skc_rcv_saddr;
	u16 skc_dport;
	u16 skc_num;
	unsigned short skc_family;
	unsigned char skc_state;
	struct in6_addr___fd skc_v6_daddr;
	struct in6_addr___fd skc_v6_rcv_saddr;
	struct proto___fd *skc_prot;
	struct possible_net___fd skc_net;
} __attribute__((preserve_access_index));

struct socket___fd;

struct sock___fd {
	struct sock_common___fd __sk_common;
	u16 sk_type;
	u16 sk_protocol;
	struct socket___fd *sk_socket;
} __attribute__((preserve_access_index));

struct socket___fd {
	struct sock___fd *sk;
} __attribute__((preserve_access_index));

struct socket_alloc___fd {
	struct socket___fd socket;
	struct inode___fd vfs_inode;
} __attribute__((preserve_access_index));

struct sockaddr_un___fd {
	unsigned short sun_family;
	char sun_path[108];
} __attribute__((preserve_access_index));

struct unix_address___fd {
	int len;
	struct sockaddr_un___fd name[];
} __attribute__((preserve_access_index));

struct unix_sock___fd {
	struct unix_address___fd *addr;
	struct sock___fd *peer;
} __attribute__((preserve_access_index));

struct netlink_sock___fd {
	u32 portid;
} __attribute__((preserve_access_index));

struct hlist_head___fd {
	void *first;
} __attribute__((preserve_access_index));

struct upid___fd {
	int nr;
} __attribute__((preserve_access_index));

struct pid___fd {
	struct hlist_head___fd tasks[4];
	struct upid___fd numbers[1];
} __attribute__((preserve_access_index));

/*
 * Reading a struct's fields with one helper call (each read is a helper
 * call: -y's cost is their number).  span_fill reads the bytes from the
 * first field wanted to the end of the last into scratch; span_get takes
 * a field from there, or reads it alone when the running kernel put
 * the fields further apart than FD_SPAN_MAX.  The offsets are CO-RE's:
 * the verifier sees them as constants, and keeps one branch.
 */
#define FD_SPAN_MAX	128

struct span {
	u64 obj;		/* the struct's address */
	u8 *p;			/* bytes [from, from + len) of it */
	u32 from, len;
};

#define FOFF(type, field)	((u32)bpf_core_field_offset(type, field))
#define FEND(type, field)	(FOFF(type, field) + \
				 (u32)bpf_core_field_size(type, field))
#define SPAN_GET(s, type, field) \
	span_get(s, FOFF(type, field), (u32)bpf_core_field_size(type, field))

static __always_inline int span_fill(struct span *s, u8 *p, u64 obj,
				     u32 from, u32 to)
{
	s->obj = obj;
	s->p = p;
	s->from = from & ~7u;
	s->len = to > s->from && to - s->from <= FD_SPAN_MAX ? to - s->from : 0;
	return s->len ? bpf_probe_read_kernel(p, s->len, (void *)(obj + s->from))
		      : 0;
}

/* the field of size bytes at off (1, 2, 4 or 8), 0 when unreadable */
static __always_inline u64 span_get(const struct span *s, u32 off, u32 size)
{
	const u8 *q;
	u64 v = 0;

	if (off < s->from || off + size > s->from + s->len) {
		if (bpf_probe_read_kernel(&v, size & 15, (void *)(s->obj + off)))
			return 0;
		/* (little-endian: the bytes read are the low ones) */
		return v;
	}
	q = s->p + (off - s->from);
	switch (size) {
	case 1: return *(const u8 *)q;
	case 2: return *(const u16 *)q;
	case 4: return *(const u32 *)q;
	case 8: return *(const u64 *)q;
	}
	return 0;
}

/*
 * Since 6.2 a struct's address can be made a typed pointer the verifier
 * knows (bpf_rdonly_cast): its fields are then plain loads, as cheap as
 * a program's own, where each read is a helper call otherwise.
 * (__weak: without it libbpf leaves it 0, and the loads' branches out.)
 */
extern void *bpf_rdonly_cast(const void *obj, __u32 btf_id) __ksym __weak;

#define CAST(type, p) \
	((type *)bpf_rdonly_cast((void *)(p), bpf_core_type_id_kernel(type)))

static __always_inline int fd_loads(u32 fds)
{
	return bpf_rdonly_cast && !(fds & CAP_FDS_HELPERS);
}

#endif
