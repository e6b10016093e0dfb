// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, user space: argument copies (cap_args.bpf.c's half).
 *
 * The spec map says, per syscall, what the programs copy; it comes from
 * the copy column of decoders/kinds.def: for each argument kind that
 * points at memory, how the program copies it.  A syscall line in
 * syscalls.tbl therefore says what to capture too.  The copies come back
 * as records, joined to their call by the pairing stage (capture_caps).
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>

#include "cap_priv.h"

/* the copy column of decoders/kinds.def (its comment says the words) */
#define E CAP_AT_ENTRY
#define X CAP_AT_EXIT
#define R CAP_AT_RETRY
#define F CAP_AT_FAILED
#define ARG(n) (CAP_LEN_ARG0 + (n))
#define DEREF(n) (CAP_LEN_DEREF0 + (n))
#define ARG32(n) (CAP_LEN_ARG32_0 + (n))
#define LEN_CONST CAP_LEN_CONST
#define LEN_RET CAP_LEN_RET
#define LEN_NFDS CAP_LEN_NFDS
#define LEN_PAGES1 (CAP_LEN_PAGES0 + 1)
#define LEN_IOCSIZE1 CAP_LEN_IOCSIZE1
#define LEN_PARAM 0xff		/* the length argument is the kind's param */
#define LEN_PDEREF 0xfe		/* the length is *(u32 *)param (in/out) */
#define ARRAY CAP_ARRAY_MAX
#define PATHMAX (CAP_PATH_MAX + 1)
#define STRSIZE 0		/* max: -s plus room to see it was cut */
#define OPTSIZE 1		/* max: -s, at least SC_OPT_COPY */
#define STRSIZE1 2		/* max: -s + 1, what strace's printstr reads */
#define MFDNAME 3		/* max: as STRSIZE's, 251 at most (memfd_create's
				   name: strace reads MFD_NAME_MAX_LEN + 1) */
#define KSIZE UINT32_MAX	/* max: the kind's size */

struct recipe {
	uint8_t op, when, len_from, elem;
	uint32_t max;
	uint32_t size;
};

#define NOCOPY		CAP_OP_NONE, 0, 0, 0, 0
#define STRUCT(w)	CAP_OP_BUF, w, LEN_CONST, 1, KSIZE
#define COPY(op, w, len, elem, max) CAP_OP_##op, w, LEN_##len, elem, max
static const struct recipe recipes[K__COUNT] = {
#define KIND(name, base, dir, fmt, size, copy, what) \
	[K_##name] = { copy, size },
#include "kinds.def"
#undef KIND
};
#undef NOCOPY
#undef STRUCT
#undef COPY

/* a netlink buffer's copy is as long as the decoders expect */
_Static_assert(CAP_NL_COPY == NL_COPY_MAX, "netlink buffer copy");

/* argv's element layout is the decoders' (decode.h) */
_Static_assert(CAP_ARGV_OK == ARGV_OK && CAP_ARGV_FAULT == ARGV_FAULT &&
	       CAP_ARGV_CUT == ARGV_CUT, "argv element status");
/* an iocb's iovec copy is as long as the decoders expect */
_Static_assert(CAP_AIO_IOV == AIO_IOV_COPIED, "iocb iovec copy");

/*
 * -y: which arguments are fds (described at entry), whether the call
 * returns one or writes two (at exit); close's kept path goes.  fcntl
 * returns one for F_DUPFD only: the decoder looks at the command.
 */
static void spec_fds(const struct sc_desc *d, struct cap_spec *s)
{
	for (int i = 0; i < d->nargs; i++) {
		int k = d->arg[i].kind;

		if (k == K_fd || k == K_dirfd || k == K_fscaux)
			s->fd_args |= (uint8_t)(1u << i);
		else if (k == K_pipefds)
			s->fd_pair = (uint8_t)(i + 1);
		else if (k == K_ptidptr)
			s->fd_pair = (uint8_t)(CAP_PAIR_ONE | (i + 1));
		else if (k == K_pollfd && !i)
			s->fd_ret |= CAP_FDR_POLL;
		else if (k == K_fdset && i == 1)
			s->fd_ret |= CAP_FDR_SELECT;
		else if (k == K_llruleattr)
			s->fd_ret |= CAP_FDR_LANDLOCK;
		else if (k == K_iouringarg || k == K_iouringparams)
			s->fd_ret |= CAP_FDR_IOURING;
	}
	if (d->ret == R_fd || d->ret == R_llruleset || d->ret == R_bpf)
		s->fd_ret |= CAP_FDR_NEW;
	if (d->ret == R_fcntl)
		s->fd_ret |= CAP_FDR_NEW | CAP_FDR_DUPFD;
	if (!strcmp(d->name, "close"))
		s->fd_ret |= CAP_FDR_CLOSE;
	if (d->nargs > 1 && d->arg[0].kind == K_idtype)
		s->fd_ret |= CAP_FDR_PIDFD;
	if (!strcmp(d->name, "kcmp"))
		s->fd_other = CAP_FDO_KCMP;
	if (!strcmp(d->name, "pidfd_getfd"))
		s->fd_other = CAP_FDO_GETFD;
	if (s->fd_other)
		s->when |= CAP_AT_ENTRY;
	if (s->fd_args ||
	    (s->fd_ret & (CAP_FDR_CLOSE | CAP_FDR_PIDFD | CAP_FDR_POLL |
			  CAP_FDR_SELECT | CAP_FDR_LANDLOCK |
			  CAP_FDR_IOURING)))
		s->when |= CAP_AT_ENTRY;
	if ((s->fd_ret & CAP_FDR_NEW) || s->fd_pair)
		s->when |= CAP_AT_EXIT;
}

/*
 * -e read=/write=: the calls strace dumps (its dumpio), and how; write
 * ones at entry (what the call was given), read ones at exit
 */
static void spec_dump(const struct sc_desc *d, struct cap_spec *s)
{
	static const struct { const char *name; uint8_t how; } calls[] = {
		{ "write", CAP_DUMP_WBUF }, { "pwrite64", CAP_DUMP_WBUF },
		{ "sendto", CAP_DUMP_WBUF }, { "mq_timedsend", CAP_DUMP_WBUF },
		{ "writev", CAP_DUMP_WIOV }, { "pwritev", CAP_DUMP_WIOV },
		{ "pwritev2", CAP_DUMP_WIOV }, { "vmsplice", CAP_DUMP_WIOV },
		{ "sendmsg", CAP_DUMP_WMSG }, { "sendmmsg", CAP_DUMP_WMMSG },
		{ "read", CAP_DUMP_RBUF }, { "pread64", CAP_DUMP_RBUF },
		{ "recvfrom", CAP_DUMP_RBUF }, { "mq_timedreceive", CAP_DUMP_RBUF },
		{ "readv", CAP_DUMP_RIOV }, { "preadv", CAP_DUMP_RIOV },
		{ "preadv2", CAP_DUMP_RIOV }, { "recvmsg", CAP_DUMP_RMSG },
		{ "recvmmsg", CAP_DUMP_RMMSG },
	};

	for (size_t i = 0; i < sizeof(calls) / sizeof(calls[0]); i++) {
		uint8_t h = calls[i].how;

		if (strcmp(d->name, calls[i].name))
			continue;
		s->dump = h;
		/* (sendmmsg's messages: at exit, with each one's msg_len) */
		s->when |= h == CAP_DUMP_WBUF || h == CAP_DUMP_WIOV ||
			   h == CAP_DUMP_WMSG ? CAP_AT_ENTRY : CAP_AT_EXIT;
	}
}

/* the kernel reads argument n as a 32-bit int: only those bits count */
static int arg_is_32(const struct sc_desc *d, int n)
{
	int base = n < d->nargs ? kind_info[d->arg[n].kind].base : B_HEX;

	return base == B_INT || base == B_UINT || base == B_XINT;
}

/*
 * the spec of one syscall, from its table line; fds: -y; dump: -e read=;
 * envs: -v (an environment's strings, as argv's, not only its count)
 */
static void spec_of(const struct sc_desc *d, unsigned int strsize, int fds,
		    int dump, int envs, struct cap_spec *s)
{
	memset(s, 0, sizeof(*s));
	if (fds)
		spec_fds(d, s);
	if (dump)
		spec_dump(d, s);
	for (int i = 0; i < d->nargs; i++) {
		const struct sc_arg *a = &d->arg[i];
		const struct recipe *r = &recipes[a->kind];
		struct cap_arg_spec *as = &s->arg[i];

		if (r->op == CAP_OP_NONE)
			continue;
		as->op = r->op == CAP_OP_COUNT && envs ? CAP_OP_ARGV : r->op;
		as->when = r->when;
		as->elem = r->elem;
		as->max = r->max;
		as->len_from = r->len_from;
		if (r->len_from == LEN_PARAM || r->len_from == LEN_PDEREF) {
			if (a->param == P_RET)
				as->len_from = CAP_LEN_RET;
			else if (a->param < SC_MAX_ARGS &&
				 r->len_from == LEN_PDEREF)
				as->len_from = (uint8_t)DEREF(a->param);
			else if (a->param < SC_MAX_ARGS)
				as->len_from = (uint8_t)(arg_is_32(d, a->param)
					? ARG32(a->param) : ARG(a->param));
			else
				as->len_from = CAP_LEN_CONST;
		}
		if (r->max == KSIZE)
			as->max = r->size;
		if (r->max == STRSIZE)
			as->max = r->op == CAP_OP_STR || r->op == CAP_OP_PRCTL5 ?
				  strsize + 2 : strsize;
		/* -v: every element of an argv or environment (strace's),
		   as many as an array's copy holds */
		if (as->op == CAP_OP_ARGV && envs)
			as->max = CAP_ARRAY_MAX;
		if (r->max == STRSIZE1)
			as->max = strsize + 1;
		if (r->max == MFDNAME)
			as->max = strsize + 2 < 251 ? strsize + 2 : 251;
		if (r->max == OPTSIZE)
			as->max = strsize > SC_OPT_COPY ? strsize : SC_OPT_COPY;
		s->when |= as->when;
		s->args_when |= as->when;
	}
}

/*
 * The ops (1 << CAP_OP_*) the specs of the calls that can make records
 * use: the selected, the ring's always written and the stacks' origins
 * (events.c, cap_ring.c); before the load, as ro_ops.  (A call outside
 * them would copy nothing, and print pointers, never a wrong value.)
 */
static uint32_t ops_used(const struct capture *c, const struct cap_want *w)
{
	static const int always[] = { SYS_exit, SYS_exit_group, SYS_execve,
		SYS_execveat, SYS_clone, SYS_clone3, SYS_fork, SYS_vfork };
	uint32_t ops = 0;

	_Static_assert(CAP_OP_N <= 32, "ro_ops has 32 bits");
	for (unsigned int nr = 0; nr < sc_table_size && nr < CAP_NR_MAX; nr++) {
		int want = !w->sel || sel_has(w->sel, nr) ||
			   (w->rec_sel && sel_has(w->rec_sel, nr));
		struct cap_spec s;

		for (size_t i = 0; i < sizeof(always) / sizeof(always[0]); i++)
			want |= (int)nr == always[i];
		if (!want || !sc_table[nr].name)
			continue;
		spec_of(&sc_table[nr], 32, c->fds, c->dump, c->envs, &s);
		for (int a = 0; a < 6; a++)
			if (s.arg[a].when)
				ops |= 1u << (s.arg[a].op & 31);
	}
	return ops;
}

void cap_args_ro(struct capture *c, const struct cap_want *w,
		 const struct cap_config *cfg)
{
	c->skel->rodata->ro_fds = (uint32_t)c->fds;
	c->skel->rodata->ro_dump = c->dump ? 1u : 0;
	c->skel->rodata->ro_ops = ops_used(c, w);
	c->skel->rodata->ro_ring_sum = cfg->ring_sum;
	c->skel->rodata->ro_failed = cfg->failed;
	c->skel->rodata->ro_detach = cfg->detach_exec;
	c->skel->rodata->ro_fd_watch = c->fds_watch ? 1u : 0;
}

int cap_args_spec(struct capture *c, unsigned int strsize)
{
	int fd = bpf_map__fd(c->skel->maps.spec);

	for (unsigned int nr = 0; nr < sc_table_size && nr < CAP_NR_MAX; nr++) {
		struct cap_spec s;

		if (!sc_table[nr].name)
			continue;
		spec_of(&sc_table[nr], strsize, c->fds, c->dump, c->envs, &s);
		if (s.when && bpf_map_update_elem(fd, &nr, &s, BPF_ANY))
			return -errno;
	}
	return 0;
}

/*
 * per-syscall tracepoints: the entries of syscalls with memory to copy,
 * every exit (a call another thread's execve ends is said there)
 */
int cap_args_attach(struct capture *c, const struct evlist *l,
		    struct tracefs *t)
{
	for (int i = 0; i < l->n; i++) {
		const struct evsel *e = &l->ev[i];
		struct bpf_program *p;
		int r;

		if (e->role != EV_SC_ENTER && e->role != EV_SC_EXIT)
			continue;
		if (l->per_syscall && e->role == EV_SC_ENTER) {
			struct cap_spec s;

			if (!sc_lookup(e->sc_nr))
				continue;
			spec_of(sc_lookup(e->sc_nr), 32, c->fds, c->dump, c->envs,
				&s);
			if (!(s.when & (CAP_AT_ENTRY | CAP_AT_EXIT)))
				continue;
		}
		p = e->role == EV_SC_ENTER ? c->skel->progs.cap_enter :
					     c->skel->progs.cap_exit;
		r = cap_attach_tp(c, p, t, e->sys, e->name, 0, 0);
		if (r)
			return r;
	}
	return 0;
}

void capture_caps(const struct cap_parsed *cp, struct cap caps[6],
		  const struct cap *in[6], const struct cap *out[6],
		  uint8_t *buf, size_t buflen)
{
	size_t used = 0;

	for (int a = 0; a < SC_MAX_ARGS; a++) {
		int first = -1, n = 0, bad = 0, part = 0;
		const struct cap **ptrs;
		size_t total = 0;

		for (int i = 0; i < cp->nitems; i++) {
			if (cp->item[i].arg != a)
				continue;
			if (first < 0)
				first = i;
			n++;
			total += cp->item[i].len;
			bad |= cp->item[i].flags & CAP_F_FAULT;
			if ((cp->item[i].flags & CAP_F_FAULT) && cp->item[i].len)
				part = 1;
		}
		if (first < 0)
			continue;
		/* an argument's items are all of one phase: one kind each */
		ptrs = cp->item[first].phase == CAP_AT_ENTRY ? in : out;
		/*
		 * several pieces (msghdr): each whole or not read at all (a
		 * hole the decoder shows as its pointer), never one in part
		 */
		if (n > 1 && (part || n > CAP_PIECES || used + total > buflen))
			continue;
		/* caps[a] may be what ptrs[a] shows: clear only to refill */
		memset(&caps[a], 0, sizeof(caps[a]));
		if (n == 1) {
			caps[a].p = cp->item[first].p;
			caps[a].len = cp->item[first].len;
			caps[a].count = cp->item[first].count;
			caps[a].total = cp->item[first].total;
			caps[a].nlproto = (uint8_t)cp->item[first].nlproto;
			caps[a].flags = (uint8_t)((cp->item[first].flags & CAP_F_TRUNC ?
						   CAP_TRUNC : 0) |
						  (bad ? CAP_FAULT : 0) |
						  (cp->item[first].flags & CAP_F_RETRY ?
						   CAP_LATER : 0) |
						  (cp->item[first].flags & CAP_F_UNTERM ?
						   CAP_UNTERM : 0));
			ptrs[a] = &caps[a];
			continue;
		}
		caps[a].p = buf + used;
		for (int i = first, piece = 0; i < cp->nitems; i++) {
			if (cp->item[i].arg != a)
				continue;
			if (cp->item[i].flags & CAP_F_FAULT)
				caps[a].holes |= 1u << piece;
			caps[a].piece[piece++] = cp->item[i].len;
			caps[a].npieces = (uint8_t)piece;
			memcpy(buf + used, cp->item[i].p, cp->item[i].len);
			used += cp->item[i].len;
			if (cp->item[i].flags & CAP_F_TRUNC)
				caps[a].flags |= CAP_TRUNC;
			caps[a].count = cp->item[i].count ? cp->item[i].count :
				       caps[a].count;
			caps[a].total = cp->item[i].total ? cp->item[i].total :
				       caps[a].total;
			caps[a].nlproto |= (uint8_t)cp->item[i].nlproto;
		}
		caps[a].len = (uint32_t)total;
		ptrs[a] = &caps[a];
	}
}
