// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: -y.  What each fd argument (and each fd a
 * call returns) referred to at the time of the call, read from the
 * task's file table: a file's path (its dentries and mounts walked up),
 * a pipe's or socket's inode, a socket's protocol and addresses
 * (cap_sock.bpf.h), an anonymous inode's name, a pidfd's pid.  strace
 * reads /proc afterwards, which is wrong once the fd was closed, reused
 * or the file renamed; this is what the call saw.
 *
 * Since 6.2 (bpf_rdonly_cast) the kernel's fields are loads; before,
 * each is a helper call, a few fields at once where they are near
 * (cap_fds.bpf.h).  With loads, a pipe or socket is known by its file
 * system before the kept paths are looked up.
 *
 * The walk is the costly part (a read or two per path component), so a
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
#include "cap_fds.bpf.h"
#include "cap_sock.bpf.h"

/* what g_fd reads of a struct file and then of its inode */
struct fd_file {
	u64 file, dentry, mnt, inode, priv;
	u64 ino, magic;
	u32 mode;
};

/* the file's path, inode and private data: loads, or one read */
static __always_inline int file_read(struct fd_file *ff, u8 *sp, int loads)
{
	struct span s;
	u32 a, z;

	if (loads) {
		struct file___fd *fp = CAST(struct file___fd, ff->file);

		ff->dentry = (u64)fp->f_path.dentry;
		ff->mnt = (u64)fp->f_path.mnt;
		ff->inode = (u64)fp->f_inode;
		ff->priv = (u64)fp->private_data;
		return !ff->dentry || !ff->mnt || !ff->inode;
	}
	a = FOFF(struct file___fd, f_path);
	z = FEND(struct file___fd, f_path);
	if (FOFF(struct file___fd, f_inode) < a)
		a = FOFF(struct file___fd, f_inode);
	if (FOFF(struct file___fd, private_data) < a)
		a = FOFF(struct file___fd, private_data);
	if (FEND(struct file___fd, f_inode) > z)
		z = FEND(struct file___fd, f_inode);
	if (FEND(struct file___fd, private_data) > z)
		z = FEND(struct file___fd, private_data);
	if (span_fill(&s, sp, ff->file, a, z))
		return 1;
	ff->dentry = SPAN_GET(&s, struct file___fd, f_path.dentry);
	ff->mnt = SPAN_GET(&s, struct file___fd, f_path.mnt);
	ff->inode = SPAN_GET(&s, struct file___fd, f_inode);
	ff->priv = SPAN_GET(&s, struct file___fd, private_data);
	return !ff->dentry || !ff->mnt || !ff->inode;
}

/* the inode's mode and number, its file system's magic */
static __always_inline int inode_read(struct fd_file *ff, u8 *sp, int loads)
{
	struct span s;
	u32 a, z;

	if (loads) {
		struct inode___fd *ip = CAST(struct inode___fd, ff->inode);

		ff->mode = ip->i_mode;
		ff->ino = ip->i_ino;
		ff->magic = ip->i_sb->s_magic;
		return 0;
	}
	a = FOFF(struct inode___fd, i_mode);
	z = FEND(struct inode___fd, i_mode);
	if (FOFF(struct inode___fd, i_ino) < a)
		a = FOFF(struct inode___fd, i_ino);
	if (FOFF(struct inode___fd, i_sb) < a)
		a = FOFF(struct inode___fd, i_sb);
	if (FEND(struct inode___fd, i_ino) > z)
		z = FEND(struct inode___fd, i_ino);
	if (FEND(struct inode___fd, i_sb) > z)
		z = FEND(struct inode___fd, i_sb);
	if (span_fill(&s, sp, ff->inode, a, z))
		return 1;
	ff->mode = (u32)SPAN_GET(&s, struct inode___fd, i_mode);
	ff->ino = SPAN_GET(&s, struct inode___fd, i_ino);
	ff->magic = BPF_CORE_READ((struct super_block___fd *)
				  SPAN_GET(&s, struct inode___fd, i_sb), s_magic);
	return 0;
}

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
	u32 loads;		/* fd_loads */
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
					  struct dentry___fd *d, u32 loads)
{
	u64 po = bpf_core_field_offset(struct dentry___fd, d_parent);

	if (loads) {
		struct dentry___fd *dd = CAST(struct dentry___fd, d);

		u->parent = (u64)dd->d_parent;
		u->name.len = dd->d_name.len;
		u->name.name = dd->d_name.name;
		return 0;
	}
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
		struct mount___fd *up;

		if (w->loads) {
			struct mount___fd *mm = CAST(struct mount___fd, m);

			up = mm->mnt_parent;
			if (up == mm) {
				w->done = 1;
				return 1;
			}
			w->dentry = (u64)mm->mnt_mountpoint;
			w->mnt = (u64)up;
			w->root = (u64)up->mnt.mnt_root;
			return 0;
		}
		up = BPF_CORE_READ(m, mnt_parent);
		if (up == m) {
			w->done = 1;	/* the top of the mount tree */
			return 1;
		}
		w->dentry = (u64)BPF_CORE_READ(m, mnt_mountpoint);
		w->mnt = (u64)up;
		w->root = (u64)BPF_CORE_READ(up, mnt.mnt_root);
		return 0;
	}
	if (dentry_up_read(&u, d, w->loads))
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
				   u64 file, u64 d, u64 mnt, u32 loads)
{
	struct dentry___fd *de = (struct dentry___fd *)d;
	struct dentry___fd *dd = loads ? CAST(struct dentry___fd, d) : 0;
	u64 gen = fd_gen;
	struct walk w;
	struct cap_fd *f;
	u32 len, deleted, root;
	u8 *name;

	if (fd_kept(v, file, d, mnt, gen)) {
		len = v->len;
		f = fd_item(b, off, len);
		if (!f || len > FD_KEEP)
			return off;
		f->mode = v->mode;
		f->rdev = v->rdev;
		/* (unlinked: no longer hashed) */
		deleted = !v->root && !(dd ? (u64)dd->d_hash.pprev :
					    (u64)BPF_CORE_READ(de, d_hash.pprev));
		name = (u8 *)(f + 1);
		if (len && bpf_probe_read_kernel(name, bounded(len, 511), v->path))
			return off;
		goto done;
	}
	w.tmp = b + FD_TMP;
	w.dentry = d;
	w.mnt = mnt - bpf_core_field_offset(struct mount___fd, mnt);
	w.root = loads ? (u64)CAST(struct vfsmount___fd, mnt)->mnt_root :
		 (u64)BPF_CORE_READ((struct vfsmount___fd *)mnt, mnt_root);
	w.pos = FD_TMP_SIZE - 1;
	w.done = 0;
	w.loads = loads;
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
	if (dd) {
		f->mode = dd->d_inode->i_mode;
		f->rdev = dd->d_inode->i_rdev;
		root = dd == dd->d_parent;
		deleted = !root && !dd->d_hash.pprev;
	} else {
		f->mode = BPF_CORE_READ(de, d_inode, i_mode);
		f->rdev = BPF_CORE_READ(de, d_inode, i_rdev);
		root = de == BPF_CORE_READ(de, d_parent);
		deleted = !root && !BPF_CORE_READ(de, d_hash.pprev);
	}
	if (len <= FD_KEEP) {
		struct fd_val *nv = (struct fd_val *)(b + FD_VAL);

		nv->file = file;
		nv->dentry = d;
		nv->mnt = mnt;
		nv->gen = gen;
		nv->len = len;
		nv->mode = f->mode;
		nv->rdev = f->rdev;
		nv->root = root;
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

/* the file systems whose files have no path: what their fds are */
static __always_inline int fd_pseudo(u64 magic)
{
	return magic == PIPEFS_MAGIC || magic == SOCKFS_MAGIC ||
	       magic == ANON_INODE_FS_MAGIC || magic == PID_FS_MAGIC;
}

/* a pipe, socket, anonymous inode or pidfd as item slot at off */
static __noinline u32 fd_special(u8 *b, u32 off, u32 slot_phase,
				 struct fd_file *ff, u32 fds)
{
	u32 slot = slot_phase & 0xff, phase = slot_phase >> 8 & 0xff;
	u64 magic = ff->magic;
	u32 namelen = magic == ANON_INODE_FS_MAGIC ? 64 :
		      magic == SOCKFS_MAGIC ? 128 : 0;
	struct cap_fd *f = fd_item(b, off, namelen);

	if (!f)
		return off;
	f->ino = ff->ino;
	f->mode = ff->mode;
	if (magic == PIPEFS_MAGIC) {
		f->kind = CAP_FD_PIPE;
	} else if (magic == SOCKFS_MAGIC) {
		f->kind = CAP_FD_SOCKET;
		if (fds & CAP_FDS_SOCKET)
			fd_socket(f, ff->priv, fds, b + FD_SPANS);
	} else if (magic == ANON_INODE_FS_MAGIC) {
		struct dentry___fd *d = (struct dentry___fd *)ff->dentry;
		long n = bpf_probe_read_kernel_str(f + 1, 64,
						   BPF_CORE_READ(d, d_name.name));

		/* a name that does not fit is not shown cut */
		if (n <= 1 || n >= 64)
			return off;
		f->kind = CAP_FD_ANON;
		f->namelen = (u16)(n - 1);
	} else {
		struct inode___fd *ip = (struct inode___fd *)ff->inode;
		struct pid___fd *p = BPF_CORE_READ(ip, i_private);

		f->kind = CAP_FD_PIDFD;
		f->pid = BPF_CORE_READ(p, tasks[0].first) ?
			 BPF_CORE_READ(p, numbers[0].nr) : -1;
	}
	return fd_item_end(b, off, slot, phase, f);
}

/*
 * What fd is (see the top), as item slot at off.  slot_phase: the slot,
 * the phase << 8, FD_CLOSING when the call closes fd (its kept path
 * goes once read).
 */
__noinline u32 g_fd(u32 off, u32 slot_phase, s64 fd, u32 fds)
{
	/* (its fields are loads: the verifier knows their types) */
	struct task_struct___fd *t =
		(struct task_struct___fd *)bpf_get_current_task_btf();
	u32 slot = slot_phase & 0xff, phase = slot_phase >> 8 & 0xff;
	int loads = fd_loads(fds);
	struct fdtable___fd *fdt;
	struct file___fd *file = 0, **arr;
	struct dentry___fd *d;
	struct fd_file ff;
	struct fd_key key;
	struct fd_val *v;
	struct cap_fd *f;
	u8 *b = buf(), *name;
	u64 dname;

	if (!b)
		return off;
	if (fd == AT_FDCWD) {
		struct fs_struct___fd *cwd = t->fs;
		u64 mnt = (u64)cwd->pwd.mnt;

		d = cwd->pwd.dentry;
		if (!d || !mnt)
			return off;
		key.files = (u64)cwd;
		key.fd = fd;
		return fd_path(b, off, slot, phase, &key,
			       bpf_map_lookup_elem(&fd_paths, &key), 0,
			       (u64)d, mnt, loads);
	}
	fdt = t->files->fdt;
	arr = fdt->fd;
	if (fd < 0 || fd >= fdt->max_fds ||
	    bpf_probe_read_kernel(&file, sizeof(file), arr + fd) || !file)
		return off;
	ff.file = (u64)file;
	if (file_read(&ff, b + FD_SPANS, loads))
		return off;
	/* loads are cheap: a pipe's or socket's fd is not looked up */
	if (loads) {
		if (inode_read(&ff, b + FD_SPANS, loads))
			return off;
		if (fd_pseudo(ff.magic))
			return fd_special(b, off, slot_phase, &ff, fds);
	}
	/*
	 * Kept per struct file: what fork copies and dup shares is found
	 * again; only paths are kept, so one still the same is one.
	 */
	d = (struct dentry___fd *)ff.dentry;
	key.files = (u64)file;
	key.fd = 0;
	v = bpf_map_lookup_elem(&fd_paths, &key);
	if (fd_kept(v, (u64)file, (u64)d, ff.mnt, fd_gen))
		goto path;
	if (!loads) {
		if (inode_read(&ff, b + FD_SPANS, loads))
			return off;
		if (fd_pseudo(ff.magic))
			return fd_special(b, off, slot_phase, &ff, fds);
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
	off = fd_path(b, off, slot, phase, &key, v, (u64)file, (u64)d, ff.mnt,
		      loads);
	/* (a file closed: its memory may be another file's next) */
	if (slot_phase & FD_CLOSING)
		bpf_map_delete_elem(&fd_paths, &key);
	return off;
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
	case 0x40182103: {	/* SECCOMP_IOCTL_NOTIF_ADDFD: its srcfd */
		s32 fd;

		if (bpf_probe_read_user(&fd, sizeof(fd),
					(const void *)(ca->args[2] + 12)))
			return off;
		return g_fd_held(off, CAP_FD_SET0 | CAP_AT_ENTRY << 8, fd,
				 c->fds);
	}
	}
	return off;
}

/*
 * -y: the fd a struct sockaddr of len bytes at ptr holds: AF_XDP's
 * shared umem's, with XDP_SHARED_UMEM (at entry)
 */
__noinline u32 g_sockaddr_fd(u32 off, u64 ptr, u64 len)
{
	struct cap_config *c = cfg();
	struct { u16 family, flags; u32 ifindex, queue; s32 fd; } x;

	if (!c || !c->fds || len < sizeof(x) ||
	    bpf_probe_read_user(&x, sizeof(x), (const void *)ptr) ||
	    x.family != 44 || !(x.flags & 1))
		return off;
	return g_fd_held(off, CAP_FD_SET0 | CAP_AT_ENTRY << 8, x.fd, c->fds);
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
