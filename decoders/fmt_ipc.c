// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: System V IPC.  msgctl, shmctl and semctl's buffer is
 * what the command says: the struct IPC_SET reads (its settable fields,
 * at entry), the one *_STAT fills or the limits *_INFO fill (at exit,
 * when the call succeeded), or an address.  msgsnd and msgrcv's message:
 * its type and text; semop's operations; POSIX queues' struct mq_attr.
 * Layouts are the kernel's 64-bit ones (msqid64_ds, what x86_64 always
 * uses: no IPC_64 needed).
 */
#include <linux/ipc.h>
#include <linux/msg.h>
#include <linux/sem.h>
#include <linux/shm.h>

#include "fmt_priv.h"

#ifndef MSG_STAT_ANY
#define MSG_STAT_ANY 13
#endif
#ifndef SEM_STAT_ANY
#define SEM_STAT_ANY 20
#endif
#ifndef SHM_STAT_ANY
#define SHM_STAT_ANY 15
#endif

enum ipc_fam { FAM_MSG, FAM_SEM, FAM_SHM };

/* what the buffer holds for a command */
enum ipc_buf {
	BUF_ADDR,	/* nothing decoded: the address */
	BUF_SET,	/* IPC_SET's struct, at entry */
	BUF_STAT,	/* the *id64_ds a *_STAT filled */
	BUF_INFO,	/* IPC_INFO's limits (msginfo, seminfo, shminfo64) */
	BUF_SHM_INFO,	/* SHM_INFO's struct shm_info */
};

/* field f of struct s at p, read at its width */
#define OFF(s, f) offsetof(struct s, f)
#define L16(s, f) ld16(p + OFF(s, f))
#define L32(s, f) ld32(p + OFF(s, f))
#define L64(s, f) ld64(p + OFF(s, f))

static enum ipc_fam ipc_family(const struct sc_call *c, int i)
{
	const struct xlat *x = i > 0 ? c->d->arg[i - 1].set : NULL;

	if (x == &xlat_semctl_cmd)
		return FAM_SEM;
	if (x == &xlat_shmctl_cmd)
		return FAM_SHM;
	return FAM_MSG;
}

static enum ipc_buf ipc_buf_of(enum ipc_fam fam, uint32_t cmd)
{
	uint32_t op = cmd & ~(uint32_t)IPC_64;

	if (op == IPC_SET)
		return BUF_SET;
	if (op == IPC_STAT)
		return BUF_STAT;
	if (op == IPC_INFO)
		return BUF_INFO;
	switch (fam) {
	case FAM_MSG:
		if (op == MSG_STAT || op == MSG_STAT_ANY)
			return BUF_STAT;
		return op == MSG_INFO ? BUF_INFO : BUF_ADDR;
	case FAM_SEM:
		if (op == SEM_STAT || op == SEM_STAT_ANY)
			return BUF_STAT;
		return op == SEM_INFO ? BUF_INFO : BUF_ADDR;
	default:
		if (op == SHM_STAT || op == SHM_STAT_ANY)
			return BUF_STAT;
		return op == SHM_INFO ? BUF_SHM_INFO : BUF_ADDR;
	}
}

/* strace's PRINT_FIELD_ID: a uid or gid, -1 as -1 */
static void ipc_id(struct fmt_buf *b, int *n, const char *name, uint32_t v)
{
	fb_field(b, n, name);
	if (v == UINT32_MAX)
		fb_puts(b, "-1");
	else
		fb_udec(b, v);
}

static void ipc_perm(struct fmt_buf *b, const uint8_t *p, int set)
{
	int n = 0;

	fb_puts(b, "{");
	ipc_id(b, &n, "uid", L32(ipc64_perm, uid));
	ipc_id(b, &n, "gid", L32(ipc64_perm, gid));
	fb_field(b, &n, "mode");
	fb_printf(b, "%#03o", L32(ipc64_perm, mode));
	if (!set) {
		fb_field(b, &n, "key");
		fb_udec(b, L32(ipc64_perm, key));
		ipc_id(b, &n, "cuid", L32(ipc64_perm, cuid));
		ipc_id(b, &n, "cgid", L32(ipc64_perm, cgid));
	}
	fb_putc(b, '}');
}

static void field_u(struct fmt_buf *b, int *n, const char *name, uint64_t v)
{
	fb_field(b, n, name);
	fb_udec(b, v);
}

static void field_d(struct fmt_buf *b, int *n, const char *name, int64_t v)
{
	fb_field(b, n, name);
	fb_dec(b, v);
}

static void msqid_ds(struct fmt_buf *b, const uint8_t *p, int set)
{
	int n = 1;

	fb_puts(b, "{msg_perm=");
	ipc_perm(b, p, set);
	if (!set) {
		field_u(b, &n, "msg_stime", L64(msqid64_ds, msg_stime));
		field_u(b, &n, "msg_rtime", L64(msqid64_ds, msg_rtime));
		field_u(b, &n, "msg_ctime", L64(msqid64_ds, msg_ctime));
		field_u(b, &n, "msg_qnum", L64(msqid64_ds, msg_qnum));
	}
	field_u(b, &n, "msg_qbytes", L64(msqid64_ds, msg_qbytes));
	if (!set) {
		field_d(b, &n, "msg_lspid",
			(int32_t)L32(msqid64_ds, msg_lspid));
		field_d(b, &n, "msg_lrpid",
			(int32_t)L32(msqid64_ds, msg_lrpid));
	}
	fb_putc(b, '}');
}

static void shmid_ds(struct fmt_buf *b, const struct sc_call *c,
		     const uint8_t *p, int set)
{
	int n = 1;

	fb_puts(b, "{shm_perm=");
	ipc_perm(b, p, set);
	if (!set) {
		field_u(b, &n, "shm_segsz", L64(shmid64_ds, shm_segsz));
		fb_field(b, &n, "shm_cpid");
		fmt_pid(b, c->o, (int32_t)L32(shmid64_ds, shm_cpid));
		fb_field(b, &n, "shm_lpid");
		fmt_pid(b, c->o, (int32_t)L32(shmid64_ds, shm_lpid));
		field_u(b, &n, "shm_nattch",
			L64(shmid64_ds, shm_nattch));
		field_u(b, &n, "shm_atime", L64(shmid64_ds, shm_atime));
		field_u(b, &n, "shm_dtime", L64(shmid64_ds, shm_dtime));
		field_u(b, &n, "shm_ctime", L64(shmid64_ds, shm_ctime));
	}
	fb_putc(b, '}');
}

static void semid_ds(struct fmt_buf *b, const uint8_t *p, int set)
{
	int n = 1;

	fb_puts(b, "{sem_perm=");
	ipc_perm(b, p, set);
	if (!set) {
		field_u(b, &n, "sem_otime", L64(semid64_ds, sem_otime));
		field_u(b, &n, "sem_ctime", L64(semid64_ds, sem_ctime));
		field_u(b, &n, "sem_nsems", L64(semid64_ds, sem_nsems));
	}
	fb_putc(b, '}');
}

/* limits: msginfo and seminfo are ints (msgseg a ushort), shminfo64
   unsigned longs */
static void ipc_info(struct fmt_buf *b, enum ipc_fam fam, const uint8_t *p)
{
	static const char *const msg[] = { "msgpool", "msgmap", "msgmax",
		"msgmnb", "msgmni", "msgssz", "msgtql" };
	static const char *const sem[] = { "semmap", "semmni", "semmns",
		"semmnu", "semmsl", "semopm", "semume", "semusz", "semvmx",
		"semaem" };
	static const char *const shm[] = { "shmmax", "shmmin", "shmmni",
		"shmseg", "shmall" };
	int n = 0;
	size_t j;

	fb_putc(b, '{');
	if (fam == FAM_MSG) {
		for (j = 0; j < sizeof(msg) / sizeof(msg[0]); j++)
			field_d(b, &n, msg[j], (int32_t)ld32(p + 4 * j));
		field_u(b, &n, "msgseg", L16(msginfo, msgseg));
	} else if (fam == FAM_SEM) {
		for (j = 0; j < sizeof(sem) / sizeof(sem[0]); j++)
			field_d(b, &n, sem[j], (int32_t)ld32(p + 4 * j));
	} else {
		for (j = 0; j < sizeof(shm) / sizeof(shm[0]); j++)
			field_u(b, &n, shm[j], ld64(p + 8 * j));
	}
	fb_putc(b, '}');
}

static void shm_info(struct fmt_buf *b, const uint8_t *p)
{
	int n = 0;

	fb_putc(b, '{');
	field_d(b, &n, "used_ids", (int32_t)L32(shm_info, used_ids));
	field_u(b, &n, "shm_tot", L64(shm_info, shm_tot));
	field_u(b, &n, "shm_rss", L64(shm_info, shm_rss));
	field_u(b, &n, "shm_swp", L64(shm_info, shm_swp));
	field_u(b, &n, "swap_attempts", L64(shm_info, swap_attempts));
	field_u(b, &n, "swap_successes",
		L64(shm_info, swap_successes));
	fb_putc(b, '}');
}

/* bytes the struct of a command takes: fewer copied prints the address */
static size_t ipc_size(enum ipc_fam fam, enum ipc_buf what)
{
	static const size_t ds[] = { sizeof(struct msqid64_ds),
		sizeof(struct semid64_ds), sizeof(struct shmid64_ds) };
	static const size_t info[] = { sizeof(struct msginfo),
		sizeof(struct seminfo), sizeof(struct shminfo64) };

	switch (what) {
	case BUF_SET: case BUF_STAT:
		return ds[fam];
	case BUF_INFO:
		return info[fam];
	case BUF_SHM_INFO:
		return sizeof(struct shm_info);
	default:
		return 0;
	}
}

FMT_KIND(ipcbuf)
{
	enum ipc_fam fam = ipc_family(c, i);
	enum ipc_buf what = ipc_buf_of(fam, (uint32_t)c->args[i - 1]);
	size_t size = ipc_size(fam, what);
	const struct cap *k = NULL;

	if (c->args[i] && size)
		k = what == BUF_SET ? arg_in(c, i, size) : arg_out(c, i, size);
	if (!k) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	switch (what) {
	case BUF_SET: case BUF_STAT:
		if (fam == FAM_MSG)
			msqid_ds(b, k->p, what == BUF_SET);
		else if (fam == FAM_SHM)
			shmid_ds(b, c, k->p, what == BUF_SET);
		else
			semid_ds(b, k->p, what == BUF_SET);
		break;
	case BUF_INFO:
		ipc_info(b, fam, k->p);
		break;
	default:
		shm_info(b, k->p);
	}
}

/*
 * msgctl(id, cmd, buf), shmctl(id, cmd, buf), semctl(id, num, cmd, arg):
 * what a *_STAT or *_INFO fills is printed at exit, after "msgctl(1,
 * IPC_STAT, " at entry; the buffer is the last argument.
 */
int fmt_ipcctl_call(struct fmt_buf *b, const struct sc_call *c, int from,
		    int exiting)
{
	int last = c->d->nargs - 1;
	enum ipc_buf what;

	if (exiting) {
		if (from == last)
			fmt_k_ipcbuf(b, c, last);
		return c->d->nargs;
	}
	if (from > 0 || last < 1)
		return c->d->nargs;
	for (int j = 0; j < last; j++) {
		fmt_arg(b, c, j);
		fb_puts(b, ", ");
	}
	what = ipc_buf_of(ipc_family(c, last), (uint32_t)c->args[last - 1]);
	if (c->args[last] && (what == BUF_STAT || what == BUF_INFO ||
			      what == BUF_SHM_INFO))
		return last;
	fmt_k_ipcbuf(b, c, last);
	return c->d->nargs;
}

/* mtext's room in a msgbuf copy: 8 bytes of mtype, then -s of text at most
   (kinds.def's msgbuf rows copy 8 + 4096) */
#define MSG_TEXT_MAX 4096

/* struct msgbuf: {mtype=1, mtext="..."}, msgsz (the next argument) bytes
   of text at most, -s of them shown; the text's address when fewer were
   copied */
FMT_KIND(msgbuf)
{
	const struct cap *k = arg_or_ptr(b, c, i);
	uint64_t count = i + 1 < c->d->nargs ? c->args[i + 1] : 0;
	uint64_t shown = count;

	if (!k)
		return;
	if (str_max(c) >= 0 && shown > (uint64_t)str_max(c))
		shown = (uint64_t)str_max(c);
	fb_puts(b, "{mtype=");
	fb_dec(b, (int64_t)ld64(k->p));
	fb_puts(b, ", mtext=");
	if (shown <= MSG_TEXT_MAX && k->len - 8 >= shown)
		fmt_qstr(b, c, k->p + 8, (size_t)shown, -1, count > shown, 0);
	else
		fmt_ptr(b, c->args[i] + 8);
	fb_putc(b, '}');
}

/*
 * semop's struct sembuf[nsops]: [{sem_num=0, sem_op=-1, sem_flg=SEM_UNDO}]
 * (-s elements at most unless -v).  A copy that stopped at a page that
 * faults ends in "... (address)" as a comment: the first element not read, as
 * strace; one cut short otherwise ends in "...".
 */
FMT_KIND(sembufs)
{
	const struct cap *k = c->args[i] ? arg_in(c, i, 0) : NULL;
	uint64_t n = i + 1 < c->d->nargs ? (uint32_t)c->args[i + 1] : 0;
	uint64_t have = k ? k->len / 6 : 0, j;

	if (c->args[i] && !n) {
		fb_puts(b, "[]");
		return;
	}
	if (!have) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fb_putc(b, '[');
	for (j = 0; j < have && j < n; j++) {
		const uint8_t *e = k->p + 6 * j;

		if (j)
			fb_puts(b, ", ");
		if (abbrev(c) && j >= (uint64_t)str_max(c)) {
			fb_puts(b, "...");
			break;
		}
		fb_puts(b, "{sem_num=");
		fb_udec(b, ld16(e));
		fb_puts(b, ", sem_op=");
		fb_dec(b, (int16_t)ld16(e + 2));
		fb_puts(b, ", sem_flg=");
		fmt_xlat_flags(b, &xlat_semop_flags, ld16(e + 4));
		fb_putc(b, '}');
	}
	if (j == have && have < n) {
		uint64_t next = c->args[i] + 6 * have;

		fb_puts(b, ", ...");
		/* a copy ends at a page boundary only when that page
		   faulted */
		if (!((c->args[i] + k->len) & 4095)) {
			fb_puts(b, " /* ");
			fb_hex(b, next);
			fb_puts(b, " */");
		}
	}
	fb_putc(b, ']');
}

/* struct mq_attr: mq_open's mq_flags in hex (the call ignores them),
   mq_getsetattr's by name */
FMT_KIND(mqattr)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_puts(b, "{mq_flags=");
	if (c->d->arg[0].kind == K_fd)
		fmt_flags_dflt(b, &xlat_mq_attr_flags, ld64(k->p), "O_???");
	else
		fb_hex(b, ld64(k->p));
	fb_puts(b, ", mq_maxmsg=");
	fb_dec(b, (int64_t)ld64(k->p + 8));
	fb_puts(b, ", mq_msgsize=");
	fb_dec(b, (int64_t)ld64(k->p + 16));
	fb_puts(b, ", mq_curmsgs=");
	fb_dec(b, (int64_t)ld64(k->p + 24));
	fb_putc(b, '}');
}
