// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: -y.  What each fd argument (and each fd a
 * call returns) referred to at the time of the call, read from the
 * task's file table: a file's path (its dentries and mounts walked up),
 * a pipe's or socket's inode, a socket's protocol and addresses, an
 * anonymous inode's name, a pidfd's pid.  strace reads /proc afterwards,
 * which is wrong once the fd was closed, reused or the file renamed;
 * this is what the call saw.
 *
 * The walk is the costly part (a few reads per path component), so a
 * path is kept per struct file (fork's copies of a file table and dup's
 * fds share theirs) with the dentry and mount it was read from, and the
 * rename generation: a later call on a fd of that file whose dentry and
 * mount are the same, with no rename or mount change anywhere since
 * (fd_gen, counted for those syscalls whoever makes them: by the ring
 * programs, or by fd_rename on their own tracepoints), gets the kept
 * path.  close drops its entry.  Whether the
 * path was unlinked is read on every call.
 *
 * What cannot be read exactly (a path deeper than FD_DEPTH components or
 * longer than PATH_MAX, a dentry not connected to its mount, a pseudo
 * file system whose names are made up by the kernel and not known here)
 * gives no item: nothing is printed rather than a guess.
 */
#include "cap.bpf.h"

#define FD_TMP		(2 * CAP_REC_MAX)	/* scratch offset: the walk */
#define FD_TMP_SIZE	4096			/* the path, built backwards */
#define FD_VAL		(FD_TMP + FD_TMP_SIZE + 256)	/* a cache value */
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

struct task_struct___fd {
	struct files_struct___fd *files;
	struct fs_struct___fd *fs;
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

/* renames and mount changes anywhere: kept paths are read again */
volatile unsigned long long fd_gen;

struct fd_key {
	u64 files;		/* struct file, or fs_struct for the cwd */
	s64 fd;			/* 0, or AT_FDCWD */
};

struct fd_val {
	u64 file, dentry, mnt;	/* what the path was read from */
	u64 gen;		/* fd_gen before it was read */
	u32 len;
	u32 mode, rdev;
	u32 root;		/* the dentry is its own parent */
	u8 path[FD_KEEP];
};

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 8192);
	__type(key, struct fd_key);
	__type(value, struct fd_val);
} fd_paths SEC(".maps");

SEC("tracepoint")
int fd_rename(void *ctx)
{
	__sync_fetch_and_add(&fd_gen, 1);
	return 1;
}

struct walk {
	u8 *tmp;
	u64 dentry;		/* struct dentry___fd * */
	u64 mnt;		/* struct mount___fd * */
	u64 root;		/* mnt's root dentry */
	u32 pos;		/* tmp[pos, FD_TMP_SIZE - 1) is the path so far */
	u32 done;
};

/* d_parent and d_name as the dentry holds them, when they are adjacent */
struct dentry_up {
	u64 parent;
	struct qstr___fd name;
};

/*
 * A dentry's parent and name: one read where this kernel keeps d_name
 * right after d_parent (each read is a helper call: the walk's cost is
 * their number), else two.
 */
static __always_inline int dentry_up_read(struct dentry_up *u,
					  struct dentry___fd *d)
{
	u64 po = bpf_core_field_offset(struct dentry___fd, d_parent);

	if (bpf_core_field_offset(struct dentry___fd, d_name) == po + 8)
		return bpf_probe_read_kernel(u, sizeof(*u), (u8 *)d + po);
	u->parent = (u64)BPF_CORE_READ(d, d_parent);
	return BPF_CORE_READ_INTO(&u->name, d, d_name);
}

/* one step up: a component prepended, or a mount crossed */
static long walk_one(u32 i, struct walk *w)
{
	struct dentry___fd *d = (struct dentry___fd *)w->dentry;
	struct mount___fd *m = (struct mount___fd *)w->mnt;
	struct dentry_up u;
	u32 len;

	if (w->dentry == w->root) {
		struct mount___fd *up = BPF_CORE_READ(m, mnt_parent);

		if (up == m) {
			w->done = 1;	/* the top of the mount tree */
			return 1;
		}
		w->dentry = (u64)BPF_CORE_READ(m, mnt_mountpoint);
		w->mnt = (u64)up;
		w->root = (u64)BPF_CORE_READ(up, mnt.mnt_root);
		return 0;
	}
	if (dentry_up_read(&u, d))
		return 1;
	/* a root that is not its mount's: not connected, no true path */
	if (u.parent == w->dentry || !u.parent)
		return 1;
	len = u.name.len;
	if (!len || len > 255 || w->pos < len + 1)
		return 1;
	w->pos -= len;
	if (bpf_probe_read_kernel(w->tmp + bounded(w->pos, FD_TMP_SIZE - 1),
				  bounded(len, 255), u.name.name))
		return 1;
	w->pos--;
	w->tmp[bounded(w->pos, FD_TMP_SIZE - 1)] = '/';
	w->dentry = u.parent;
	return 0;
}

/* the item's struct cap_fd at off, zeroed; NULL when there is no room */
static __always_inline struct cap_fd *fd_item(u8 *b, u32 off, u32 namelen)
{
	struct cap_fd *f;

	if (room(off, sizeof(*f) + namelen) < sizeof(*f) + namelen)
		return 0;
	f = (struct cap_fd *)data_at(b, off);
	__builtin_memset(f, 0, sizeof(*f));
	return f;
}

static __always_inline u32 fd_item_end(u8 *b, u32 off, u32 slot, u32 phase,
					struct cap_fd *f)
{
	return item_end(b, off, slot, phase, sizeof(*f) + f->namelen, 0, 0, 0);
}

/* v, kept for key, is still the path of dentry d on mount mnt */
static __always_inline int fd_kept(struct fd_val *v, u64 file, u64 d, u64 mnt,
				   u64 gen)
{
	return v && v->file == file && v->dentry == d && v->mnt == mnt &&
	       v->gen == gen;
}

/*
 * A path (dentry d on mount m) into item slot at off: kept (v, what
 * key's lookup found), or walked.  key: where it is kept; file: the
 * struct file (0 for the cwd).
 */
static __always_inline u32 fd_path(u8 *b, u32 off, u32 slot, u32 phase,
				   struct fd_key *key, struct fd_val *v,
				   u64 file, u64 d, u64 mnt)
{
	struct dentry___fd *de = (struct dentry___fd *)d;
	u64 gen = fd_gen;
	struct walk w;
	struct cap_fd *f;
	u32 len, deleted;
	u8 *name;

	if (fd_kept(v, file, d, mnt, gen)) {
		len = v->len;
		f = fd_item(b, off, len);
		if (!f || len > FD_KEEP)
			return off;
		f->mode = v->mode;
		f->rdev = v->rdev;
		deleted = !v->root && !BPF_CORE_READ(de, d_hash.pprev);
		name = (u8 *)(f + 1);
		if (len && bpf_probe_read_kernel(name, bounded(len, 511), v->path))
			return off;
		goto done;
	}
	w.tmp = b + FD_TMP;
	w.dentry = d;
	w.mnt = mnt - bpf_core_field_offset(struct mount___fd, mnt);
	w.root = (u64)BPF_CORE_READ((struct vfsmount___fd *)mnt, mnt_root);
	w.pos = FD_TMP_SIZE - 1;
	w.done = 0;
	bpf_loop(FD_DEPTH, walk_one, &w, 0);
	if (!w.done)
		return off;
	if (w.pos == FD_TMP_SIZE - 1)
		w.tmp[--w.pos] = '/';	/* the root itself */
	len = FD_TMP_SIZE - 1 - w.pos;
	f = fd_item(b, off, len);
	if (!f)
		return off;
	name = (u8 *)(f + 1);
	if (bpf_probe_read_kernel(name, bounded(len, FD_TMP_SIZE - 1),
				  w.tmp + bounded(w.pos, FD_TMP_SIZE - 1)))
		return off;
	f->mode = BPF_CORE_READ(de, d_inode, i_mode);
	f->rdev = BPF_CORE_READ(de, d_inode, i_rdev);
	deleted = de != BPF_CORE_READ(de, d_parent) &&
		  !BPF_CORE_READ(de, d_hash.pprev);
	if (len <= FD_KEEP) {
		struct fd_val *nv = (struct fd_val *)(b + FD_VAL);

		nv->file = file;
		nv->dentry = d;
		nv->mnt = mnt;
		nv->gen = gen;
		nv->len = len;
		nv->mode = f->mode;
		nv->rdev = f->rdev;
		nv->root = de == BPF_CORE_READ(de, d_parent);
		if (len && bpf_probe_read_kernel(nv->path, bounded(len, 511),
						 name))
			return off;
		bpf_map_update_elem(&fd_paths, key, nv, BPF_ANY);
	}
done:
	f->kind = CAP_FD_PATH;
	f->namelen = (u16)len;
	if (deleted)
		f->flags |= CAP_FDF_DELETED;
	return fd_item_end(b, off, slot, phase, f);
}

/* a socket's protocol and addresses, as sock_diag would report them */
static __always_inline void fd_socket(struct cap_fd *f, struct file___fd *file,
				      u8 *name)
{
	struct socket___fd *so = BPF_CORE_READ(file, private_data);
	struct sock___fd *sk = BPF_CORE_READ(so, sk);
	struct proto___fd *prot;

	if (!sk)
		return;
	f->family = BPF_CORE_READ(sk, __sk_common.skc_family);
	f->type = BPF_CORE_READ(sk, sk_type);
	f->protocol = BPF_CORE_READ(sk, sk_protocol);
	f->state = BPF_CORE_READ(sk, __sk_common.skc_state);
	prot = BPF_CORE_READ(sk, __sk_common.skc_prot);
	bpf_probe_read_kernel_str(f->proto, sizeof(f->proto), prot->name);
	if (f->family == AF_INET || f->family == AF_INET6) {
		f->sport = BPF_CORE_READ(sk, __sk_common.skc_num);
		f->dport = __builtin_bswap16(BPF_CORE_READ(sk, __sk_common.skc_dport));
		if (f->family == AF_INET) {
			u32 s = BPF_CORE_READ(sk, __sk_common.skc_rcv_saddr);
			u32 d = BPF_CORE_READ(sk, __sk_common.skc_daddr);

			__builtin_memcpy(f->src, &s, 4);
			__builtin_memcpy(f->dst, &d, 4);
		} else {
			BPF_CORE_READ_INTO(&f->src, sk, __sk_common.skc_v6_rcv_saddr);
			BPF_CORE_READ_INTO(&f->dst, sk, __sk_common.skc_v6_daddr);
		}
	} else if (f->family == AF_UNIX) {
		struct unix_sock___fd *u = (struct unix_sock___fd *)sk;
		struct unix_address___fd *a = BPF_CORE_READ(u, addr);
		struct sock___fd *peer = BPF_CORE_READ(u, peer);
		int len;

		if (peer) {
			struct socket___fd *ps = BPF_CORE_READ(peer, sk_socket);

			if (ps)
				f->peer = BPF_CORE_READ((struct socket_alloc___fd *)ps,
							vfs_inode.i_ino);
		}
		len = a ? BPF_CORE_READ(a, len) - 2 : 0;
		if (len > 0 && len <= 108 &&
		    !bpf_probe_read_kernel(name, bounded(len, 127),
					   &a->name[0].sun_path))
			f->namelen = (u16)len;
	} else if (f->family == AF_NETLINK) {
		f->portid = BPF_CORE_READ((struct netlink_sock___fd *)sk, portid);
	}
}

/*
 * What fd is (see the top), as item slot at off.  slot_phase: the slot,
 * the phase << 8, FD_CLOSING when the call closes fd (its kept path
 * goes once read).
 */
__noinline u32 g_fd(u32 off, u32 slot_phase, s64 fd, u32 fds)
{
	struct task_struct___fd *t = (struct task_struct___fd *)bpf_get_current_task();
	u32 slot = slot_phase & 0xff, phase = slot_phase >> 8 & 0xff;
	struct files_struct___fd *files;
	struct fdtable___fd *fdt;
	struct file___fd *file = 0, **arr;
	struct dentry___fd *d;
	struct path___fd fp;
	struct fd_key key;
	struct fd_val *v;
	struct cap_fd *f;
	u8 *b = buf(), *name;
	u64 magic, dname;

	if (!b)
		return off;
	if (fd == AT_FDCWD) {
		struct fs_struct___fd *fs = BPF_CORE_READ(t, fs);

		if (BPF_CORE_READ_INTO(&fp, fs, pwd))
			return off;
		key.files = (u64)fs;
		key.fd = fd;
		return fd_path(b, off, slot, phase, &key,
			       bpf_map_lookup_elem(&fd_paths, &key), 0,
			       (u64)fp.dentry, (u64)fp.mnt);
	}
	files = BPF_CORE_READ(t, files);
	fdt = BPF_CORE_READ(files, fdt);
	arr = BPF_CORE_READ(fdt, fd);
	if (fd < 0 || fd >= BPF_CORE_READ(fdt, max_fds) ||
	    bpf_probe_read_kernel(&file, sizeof(file), arr + fd) || !file ||
	    BPF_CORE_READ_INTO(&fp, file, f_path))
		return off;
	/*
	 * Kept per struct file: what fork copies and dup shares is found
	 * again; only paths are kept, so one still the same is one.
	 */
	key.files = (u64)file;
	key.fd = 0;
	d = fp.dentry;
	v = bpf_map_lookup_elem(&fd_paths, &key);
	if (fd_kept(v, (u64)file, (u64)d, (u64)fp.mnt, fd_gen))
		goto path;
	magic = BPF_CORE_READ(d, d_sb, s_magic);
	if (magic == PIPEFS_MAGIC || magic == SOCKFS_MAGIC ||
	    magic == ANON_INODE_FS_MAGIC || magic == PID_FS_MAGIC) {
		u32 namelen = magic == ANON_INODE_FS_MAGIC ? 64 :
			      magic == SOCKFS_MAGIC ? 128 : 0;

		f = fd_item(b, off, namelen);
		if (!f)
			return off;
		f->ino = BPF_CORE_READ(file, f_inode, i_ino);
		f->mode = BPF_CORE_READ(file, f_inode, i_mode);
		if (magic == PIPEFS_MAGIC) {
			f->kind = CAP_FD_PIPE;
		} else if (magic == SOCKFS_MAGIC) {
			f->kind = CAP_FD_SOCKET;
			if (fds & CAP_FDS_SOCKET)
				fd_socket(f, file, (u8 *)(f + 1));
		} else if (magic == ANON_INODE_FS_MAGIC) {
			long n = bpf_probe_read_kernel_str(f + 1, 64,
							   BPF_CORE_READ(d, d_name.name));

			/* a name that does not fit is not shown cut */
			if (n <= 1 || n >= 64)
				return off;
			f->kind = CAP_FD_ANON;
			f->namelen = (u16)(n - 1);
		} else {
			struct pid___fd *p = BPF_CORE_READ(file, f_inode, i_private);

			f->kind = CAP_FD_PIDFD;
			f->pid = BPF_CORE_READ(p, tasks[0].first) ?
				 BPF_CORE_READ(p, numbers[0].nr) : -1;
		}
		return fd_item_end(b, off, slot, phase, f);
	}
	/*
	 * A file system that makes its names up: simple_dname's we know
	 * ("/" and the name, always " (deleted)": memfd, shared memory),
	 * another's not.
	 */
	dname = (u64)BPF_CORE_READ(d, d_op, d_dname);
	if (dname) {
		struct cap_config *c = cfg();
		long n;

		if (!c || !c->simple_dname || dname != c->simple_dname)
			return off;
		f = fd_item(b, off, 256);
		if (!f)
			return off;
		name = (u8 *)(f + 1);
		name[0] = '/';
		n = bpf_probe_read_kernel_str(name + 1, 255,
					      BPF_CORE_READ(d, d_name.name));
		if (n <= 1 || n >= 255)
			return off;
		f->kind = CAP_FD_PATH;
		f->flags = CAP_FDF_DELETED;
		f->namelen = (u16)n;
		return fd_item_end(b, off, slot, phase, f);
	}
path:
	off = fd_path(b, off, slot, phase, &key, v, (u64)file, (u64)d,
		      (u64)fp.mnt);
	/* (a file closed: its memory may be another file's next) */
	if (slot_phase & FD_CLOSING)
		bpf_map_delete_elem(&fd_paths, &key);
	return off;
}

/*
 * Whether fd is a netlink socket (see cap.bpf.h), read whatever -y says:
 * strace decodes a netlink socket's buffers as its messages.  Its
 * protocol + 1, | CAP_NL_OWN_NS when the socket is in etrace's network
 * namespace (read now: the program may be gone when its line is made)
 */
__noinline u32 g_sock_nl(s64 fd)
{
	struct task_struct___fd *t = (struct task_struct___fd *)bpf_get_current_task();
	struct fdtable___fd *fdt = BPF_CORE_READ(t, files, fdt);
	struct file___fd *file = 0, **arr = BPF_CORE_READ(fdt, fd);
	struct cap_config *c = cfg();
	struct socket___fd *so;
	struct sock___fd *sk;
	u32 nl;

	if (fd < 0 || fd >= BPF_CORE_READ(fdt, max_fds) ||
	    bpf_probe_read_kernel(&file, sizeof(file), arr + fd) || !file ||
	    BPF_CORE_READ(file, f_path.dentry, d_sb, s_magic) != SOCKFS_MAGIC)
		return 0;
	so = BPF_CORE_READ(file, private_data);
	sk = BPF_CORE_READ(so, sk);
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
 * The fds of a call (see g_fds in cap.bpf.h): at entry its fd arguments
 * (AT_FDCWD: the working directory) and those of a poll's array or a
 * select's sets (cap_fdsets.bpf.c), at exit, when it succeeded, the fd
 * it returned or the two it wrote to an int[2].
 */
__noinline u32 g_fds(u32 off, u32 phase, u32 bits, const struct call_args *ca)
{
	struct cap_config *c = cfg();
	u32 args = bits & 0xff, ret = bits >> 8 & 0xff;
	u32 pair = bits >> 16 & 0xff, outs = bits >> 24, fds;
	int two[2];

	if (!ca || !c || !c->fds)
		return off;
	fds = c->fds;
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
	if (pair && !bpf_probe_read_user(two, sizeof(two),
					 (const void *)ca->args[(pair - 1) & 7])) {
		off = g_fd(off, CAP_FD_PAIR0 | phase << 8, two[0], fds);
		off = g_fd(off, (CAP_FD_PAIR0 + 1) | phase << 8, two[1], fds);
	}
	return off;
}

/*
 * -y: ioctl's argument when its request takes an fd as the value itself
 * (NBD_SET_SOCK, PERF_EVENT_IOC_SET_OUTPUT, PERF_EVENT_IOC_SET_BPF),
 * described at entry as argument 2's
 */
__noinline u32 g_ioc_fd(u32 off, const struct call_args *ca)
{
	struct cap_config *c = cfg();

	if (!ca || !c || !c->fds)
		return off;
	switch ((u32)ca->args[1]) {
	case 0xab00: case 0x2405: case 0x40042408:
		return g_fd(off, (CAP_FD_ARG0 + 2) | CAP_AT_ENTRY << 8,
			    (s32)ca->args[2], c->fds);
	}
	return off;
}
