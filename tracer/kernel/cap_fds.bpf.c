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
 * path (fd_paths: a cache in an array, rewritten in place).  close
 * marks its file's path gone.  Whether the path was unlinked is read on
 * every call.
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

/*
 * A kept path.  file: what it is kept for (the struct file, or the
 * fs_struct | 1 for the working directory), 0 once that file is closed.
 */
struct fd_val {
	u64 file, dentry, mnt;	/* what the path was read from */
	u64 parent, name;	/* the dentry's then (see fd_id) */
	u64 gen;		/* fd_gen before it was read */
	u64 seq;		/* odd while rewritten (fd_keep) */
	u32 len;
	u32 mode, rdev;
	u32 root;		/* the dentry is its own parent */
	u8 path[FD_KEEP];
};

/*
 * The kept paths: one slot for each value of a hash of file (a cache:
 * another file of the same hash takes the slot).  An array's lookup is
 * a few instructions where a hash map's is a call that hashes the key,
 * and a slot is rewritten in place where a hash map's entry is deleted
 * and made again, each a locked update.
 */
#define FD_SLOTS 8192

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, FD_SLOTS);
	__type(key, u32);
	__type(value, struct fd_val);
} fd_paths SEC(".maps");

/*
 * The 8 bytes at addr as a number (a pointer the verifier knows as one
 * cannot be hashed): a load from a struct whose first field is a u64,
 * or a helper call
 */
static __always_inline u64 fd_word(u64 addr, int loads)
{
	u64 x = 0;

	if (loads) {
		x = CAST(struct qstr___fd, addr)->hash_len;
		/* (not one load with the stack's below: the verifier
		 * refuses an instruction used with two kinds of pointer) */
		asm volatile("" : "+r"(x));
		return x;
	}
	bpf_probe_read_kernel(&x, sizeof(x), (const void *)addr);
	return x;
}

/* file's slot (NULL when -y is off: the map has one) */
static __always_inline struct fd_val *fd_slot(u64 file)
{
	u32 i = (u32)((file * 0x9e3779b97f4a7c15ull) >> 51) & (FD_SLOTS - 1);

	return bpf_map_lookup_elem(&fd_paths, &i);
}

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

/*
 * The path of dentry d on mount mnt (a struct vfsmount), built backwards
 * in the scratch buffer's FD_TMP area: where it starts there (it ends
 * at FD_TMP_SIZE - 1), or -1 when it cannot be read exactly (deeper than
 * FD_DEPTH components, longer than the area, or not connected).
 */
static __always_inline int fd_walk(u8 *b, u64 d, u64 mnt, u32 loads)
{
	struct walk w;

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
		return -1;
	if (w.pos == FD_TMP_SIZE - 1)
		w.tmp[--w.pos] = '/';	/* the root itself */
	return (int)w.pos;
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

/*
 * What a path is kept for and read from: the file (fd_val's file), its
 * dentry and mount, and the dentry's parent and name's hash and length.
 * A file gone without close (exit, dup2, exec) leaves its slot marked
 * its own; another file can be made at its address, its dentry at that
 * dentry's (freed when unlinked or evicted): the parent and name then
 * differ, unless it is the same name in the same directory.
 */
struct fd_id {
	u64 file, dentry, mnt;
	u64 parent, name;
};

/* the dentry's parent and name of id (dentry and mount set) */
static __always_inline int fd_id_read(struct fd_id *id, u32 loads)
{
	struct dentry_up u;

	if (dentry_up_read(&u, (struct dentry___fd *)id->dentry, loads))
		return 1;
	id->parent = u.parent;
	id->name = u.name.hash_len;
	return 0;
}

/* v is still the path kept for id */
static __always_inline int fd_kept(struct fd_val *v, const struct fd_id *id,
				   u64 gen)
{
	return v && v->file == id->file && v->dentry == id->dentry &&
	       v->mnt == id->mnt && v->parent == id->parent &&
	       v->name == id->name && v->gen == gen;
}

/*
 * The order of a kept value's reads around its path's copy (a writer
 * rewrites it in place, fd_keep): x86 keeps loads in order, the compiler
 * is told not to move them; elsewhere a full barrier
 */
#ifdef __TARGET_ARCH_x86
#define fd_read_order() asm volatile("" ::: "memory")
#else
#define fd_read_order() __sync_synchronize()
#endif

/* len bytes from s to d, 8 a load (the few past len: padding on both) */
static __always_inline void fd_copy(u8 *d, const u8 *s, u32 len)
{
	for (u32 i = 0; i < FD_KEEP / 8 && i * 8 < len; i++)
		((u64 *)d)[i] = ((const u64 *)s)[i];
}

/*
 * Keep nv (built in scratch) in slot v, in place: seq is odd while it is
 * rewritten, and a reader that saw it odd or changed walks instead.  A
 * writer that finds it odd keeps nothing (another is rewriting it).
 */
static __always_inline void fd_keep(struct fd_val *v, struct fd_val *nv)
{
	u64 seq;

	if (!v)
		return;
	seq = v->seq;
	if ((seq & 1) || __sync_val_compare_and_swap(&v->seq, seq, seq + 1) != seq)
		return;
	v->file = nv->file;
	v->dentry = nv->dentry;
	v->mnt = nv->mnt;
	v->parent = nv->parent;
	v->name = nv->name;
	v->gen = nv->gen;
	v->len = nv->len;
	v->mode = nv->mode;
	v->rdev = nv->rdev;
	v->root = nv->root;
	fd_copy(v->path, nv->path, nv->len);
	__sync_fetch_and_add(&v->seq, 1);
}

/*
 * A path (id's dentry on its mount) into item slot at off: kept in v
 * (id's file's slot), or walked (and kept there).
 */
static __always_inline u32 fd_path(u8 *b, u32 off, u32 slot, u32 phase,
				   struct fd_val *v, const struct fd_id *id,
				   u32 loads)
{
	u64 d = id->dentry;
	struct dentry___fd *de = (struct dentry___fd *)d;
	struct dentry___fd *dd = loads ? CAST(struct dentry___fd, d) : 0;
	u64 gen = fd_gen, seq;
	int pos;
	struct cap_fd *f;
	u32 len, deleted, root;
	u8 *name;

	/* (seq read before all else: even, and the same after the copy) */
	seq = v ? v->seq : 1;
	fd_read_order();
	if (!(seq & 1) && fd_kept(v, id, gen)) {
		len = v->len;
		f = fd_item(b, off, len);
		if (!f || len > FD_KEEP)
			return off;
		f->mode = v->mode;
		f->rdev = v->rdev;
		root = v->root;
		/* (8 bytes a load: cheaper than a helper call) */
		name = (u8 *)(f + 1);
		fd_copy(name, v->path, len);
		fd_read_order();
		/* (rewritten meanwhile: walked) */
		if (v->seq == seq)
			goto kept;
	}
	pos = fd_walk(b, d, id->mnt, loads);
	if (pos < 0)
		return off;
	len = FD_TMP_SIZE - 1 - pos;
	f = fd_item(b, off, len);
	if (!f)
		return off;
	name = (u8 *)(f + 1);
	if (bpf_probe_read_kernel(name, bounded(len, FD_TMP_SIZE - 1),
				  b + FD_TMP + bounded(pos, FD_TMP_SIZE - 1)))
		return off;
	if (dd) {
		f->mode = dd->d_inode->i_mode;
		f->rdev = dd->d_inode->i_rdev;
		root = dd == dd->d_parent;
	} else {
		f->mode = BPF_CORE_READ(de, d_inode, i_mode);
		f->rdev = BPF_CORE_READ(de, d_inode, i_rdev);
		root = de == BPF_CORE_READ(de, d_parent);
	}
	if (len <= FD_KEEP) {
		struct fd_val *nv = (struct fd_val *)(b + FD_VAL);

		nv->file = id->file;
		nv->dentry = d;
		nv->mnt = id->mnt;
		nv->parent = id->parent;
		nv->name = id->name;
		nv->gen = gen;
		nv->len = len;
		nv->mode = f->mode;
		nv->rdev = f->rdev;
		nv->root = root;
		fd_copy(nv->path, name, len);
		fd_keep(v, nv);
	}
kept:
	/* (unlinked: no longer hashed) */
	deleted = !root && !(dd ? (u64)dd->d_hash.pprev :
			     (u64)BPF_CORE_READ(de, d_hash.pprev));
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
	struct file___fd **arr;
	u64 file, fs;
	struct dentry___fd *d;
	struct fd_file ff;
	struct fd_id id;
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
		fs = fd_word((u64)t + bpf_core_field_offset(struct task_struct___fd, fs),
			     loads);
		id.file = fs | 1;
		id.dentry = (u64)d;
		id.mnt = mnt;
		if (fd_id_read(&id, loads))
			return off;
		return fd_path(b, off, slot, phase, fd_slot(id.file), &id, loads);
	}
	fdt = t->files->fdt;
	arr = fdt->fd;
	if (fd < 0 || fd >= fdt->max_fds)
		return off;
	file = fd_word((u64)arr + fd * sizeof(file), loads);
	if (!file)
		return off;
	ff.file = file;
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
	id.file = file;
	id.dentry = ff.dentry;
	id.mnt = ff.mnt;
	if (fd_id_read(&id, loads))
		return off;
	v = fd_slot(file);
	if (fd_kept(v, &id, fd_gen))
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
	off = fd_path(b, off, slot, phase, v, &id, loads);
	/*
	 * A file closed: its memory may be another file's next, with the
	 * same dentry address another name's.  (The path stays: a reader
	 * that found the slot its own before copies it whole.)
	 */
	if ((slot_phase & FD_CLOSING) && v && v->file == file)
		v->file = 0;
	return off;
}
