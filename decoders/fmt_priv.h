/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Decoders stage, internal: what the per-family formatters (fmt_*.c) share.
 * Not for the tracer: it uses decode.h.
 *
 * Captured memory is raw x86_64 user memory; structs are read field by
 * field at fixed offsets (never cast: the copy may be unaligned), and
 * never past cap->len.
 */
#ifndef ETRACE_FMT_PRIV_H
#define ETRACE_FMT_PRIV_H

#include <string.h>

#include "decode.h"
#include "xlat_sets.h"

/* one argument by kind: c->args[i], its capture, its neighbours */
typedef void fmt_kind_fn(struct fmt_buf *b, const struct sc_call *c, int i);

/*
 * A whole argument list, for calls strace prints in its own order or with
 * arguments that depend on others (clone, futex, prctl).  Same contract
 * as fmt_args: returns where to resume at exit.
 */
typedef int fmt_call_fn(struct fmt_buf *b, const struct sc_call *c,
			int from, int exiting);

/* what a successful return adds after the number: " (flags O_RDWR)" */
typedef void fmt_ret_fn(struct fmt_buf *b, const struct sc_call *c);

static inline uint16_t ld16(const uint8_t *p)
{
	uint16_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static inline uint32_t ld32(const uint8_t *p)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static inline uint64_t ld64(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static inline int sc_failed(const struct sc_call *c)
{
	return c->ret < 0 && c->ret >= -4095;
}

static inline long str_max(const struct sc_call *c)
{
	return c->o ? c->o->strsize : 32;
}

static inline int verbose(const struct sc_call *c)
{
	return c->o && c->o->verbose;
}

/* arrays print at most strsize elements unless -v (strace's abbrev) */
static inline int abbrev(const struct sc_call *c)
{
	return !c->o || !c->o->verbose;
}

/*
 * The memory an argument pointed to, when at least `size` bytes of it
 * were read: at entry for what the call reads, at exit (and only when
 * the call succeeded) for what it writes.  NULL: print the pointer.
 */
const struct cap *arg_in(const struct sc_call *c, int i, size_t size);
const struct cap *arg_out(const struct sc_call *c, int i, size_t size);
/*
 * Piece n of a copy joined from pieces (decode.h's struct cap; a copy
 * with none is one piece): 1 and its bytes, or 0 when the copy has no
 * such piece or it could not be read (a hole).
 */
int cap_piece(const struct cap *k, int n, const uint8_t **p, uint32_t *len);
/* arg_in or arg_out by the argument kind's direction */
const struct cap *arg_mem(const struct sc_call *c, int i, size_t size);

/*
 * fmt_mem.c: an array of argument PARAM elements of elem bytes, each
 * printed by one(), -s of them, cut where the memory was (its comment)
 */
void fmt_mem_array(struct fmt_buf *b, const struct sc_call *c, int i,
		   unsigned int elem,
		   void (*one)(struct fmt_buf *, const uint8_t *));
/* a value that may be a negated errno: -EFAULT (-Xverbose: -14 and the
   name in a comment, -Xraw: -14), else the number (strace's print_err) */
void fmt_neg_errno(struct fmt_buf *b, int64_t v);
/* " (TEXT)" after a return value, strace's auxstr; nothing for NULL */
void fmt_ret_note(struct fmt_buf *b, const char *text);
/* NULL or 0x7ffc... */
void fmt_ptr(struct fmt_buf *b, uint64_t v);
/* a uid_t or gid_t: all ones prints as -1 (fmt_file.c) */
void fmt_id(struct fmt_buf *b, uint32_t v);
/* strace's field separators */
static inline void fb_field(struct fmt_buf *b, int *n, const char *name)
{
	if ((*n)++)
		fb_puts(b, ", ");
	fb_puts(b, name);
	fb_putc(b, '=');
}

/* strace's print_array of n elements of es bytes at addr from p's have
   copied bytes (ends: the memory ends there); 0: print the pointer */
int fmt_array(struct fmt_buf *b, const struct sc_call *c,
	      const uint8_t *p, uint64_t addr, uint32_t n, uint32_t es,
	      size_t have, int ends, int cut,
	      void (*elem)(struct fmt_buf *b, const uint8_t *e));
/* the same, elem given each element's index and ctx */
int fmt_array_ctx(struct fmt_buf *b, const struct sc_call *c,
		  const uint8_t *p, uint64_t addr, uint32_t n, uint32_t es,
		  size_t have, int ends, int cut,
		  void (*elem)(struct fmt_buf *b, const uint8_t *e,
			       uint32_t j, const void *ctx),
		  const void *ctx);

/* quoted data with the -x/-xx modes and strace's QUOTE_FORCE_HEX */
#define QS_HEX		0x1	/* every byte as \xNN (getrandom) */
#define QS_NUL_END	0x2	/* stop at a NUL (C string in a buffer) */
void fmt_qstr(struct fmt_buf *b, const struct sc_call *c, const uint8_t *s,
	      size_t len, long max, int more, int style);
/*
 * a char[size] that should end in a NUL (strace's QUOTE_0_TERMINATED |
 * QUOTE_EXPECT_TRAILING_0): up to the NUL, else its first size - 1 bytes
 * and "..." when the last is not a NUL
 */
void fmt_cstr_array(struct fmt_buf *b, const struct sc_call *c,
		    const uint8_t *p, size_t size);
/*
 * struct iovec[count] and each element's data (fmt_str.c); nlproto: a
 * netlink socket's (struct cap), the data its messages; IOV_BASES: the
 * call moved nothing (a read that failed), each base prints as its
 * pointer.  ended: the array ran into memory that could not be read
 * after count elements.
 */
void fmt_iov_array(struct fmt_buf *b, const struct sc_call *c,
		   const uint8_t *p, size_t len, uint32_t count,
		   uint64_t total, uint64_t addr, uint64_t limit, int nlproto,
		   int ended);
#define IOV_BASES	(-1)
/*
 * len bytes at addr sent to or received from a netlink socket, of
 * which the first `have` were copied (all of them, or as many as the
 * copy takes): its messages (fmt_netlink.c).  nlproto as struct cap's.
 */
void fmt_netlink(struct fmt_buf *b, const struct sc_call *c,
		 const uint8_t *p, uint64_t have, uint64_t addr, uint64_t len,
		 int nlproto);
/* an fd read from memory, with -y's note when described (fmt_fd.c) */
void fmt_fd_value(struct fmt_buf *b, const struct sc_call *c, int32_t fd);
/*
 * An interface index as strace's print_ifindex: if_nametoindex("lo") when
 * own_ns (the index is of etrace's network namespace) and the tracer
 * names it, else the number (fmt_sockaddr.c)
 */
void fmt_ifindex(struct fmt_buf *b, const struct sc_call *c, int own_ns,
		 uint32_t index);
/* a hardware address: ff:ff:.. (-X raw: its bytes; verbose: both) */
void fmt_hwaddr(struct fmt_buf *b, const uint8_t *p, size_t n);
/* text inside -y's angle brackets: no quotes, '<' and '>' escaped too */
void fmt_fdtext(struct fmt_buf *b, const struct sc_call *c, const uint8_t *s,
		size_t len);

/*
 * strace's umove_or_printaddr: the memory argument i points to, at least
 * its kind's size (kinds.def), read at entry or exit by the kind's
 * direction; or, when there is none (NULL pointer, nothing copied, too
 * short, a failed call's output), the pointer printed and NULL returned.
 */
const struct cap *arg_or_ptr(struct fmt_buf *b, const struct sc_call *c,
			      int i);

/* per-kind formatters, declared from kinds.def (fmt_args.c dispatches) */
#define FMT_KIND(k) void fmt_k_##k(struct fmt_buf *b, \
				   const struct sc_call *c, int i)
#define KIND(name, base, dir, fmt, size, copy, what) FMT_KIND(fmt);
#include "kinds.def"
#undef KIND

/* struct perf_event_attr from len bytes at p, now the size the kernel
   wrote (PA_SAME: none, -1: unreadable); 0: print the pointer
   (fmt_perf.c) */
#define PA_SAME	INT64_MIN
int fmt_perf_attr(struct fmt_buf *b, const struct sc_call *c,
		  const uint8_t *p, uint32_t len, int64_t now);

/* what the families share besides the kinds: fmt_file.c */
/* KERNEL_VERSION(6, 1, 0): a version's words, for fmt_words (fmt_bpf.c) */
void fmt_kernel_version(struct fmt_buf *b, uint64_t v);
/* bpf(2)'s attr: the bytes past a command's struct of sz (fmt_bpf.c);
   BPF_OBJ_GET_INFO_BY_FD's, size bytes at p (fmt_bpf_info.c) */
void fmt_bpf_extra(struct fmt_buf *b, const struct sc_call *c,
		   const uint8_t *p, uint32_t size, uint32_t sz);
/* sep and an object's name, char[16] at off of len bytes at p */
void fmt_bpf_name(struct fmt_buf *b, const struct sc_call *c,
		  const uint8_t *p, uint32_t len, uint32_t off, const char *name);
/* an n-byte field at off of the attr's len bytes at p, 0 past them */
uint64_t fmt_bpf_ld(const uint8_t *p, uint32_t len, uint32_t off, int n);
/* an array the attr points to, piece of k's copy; its elements */
typedef void (*fmt_bpf_elem_fn)(struct fmt_buf *b, const uint8_t *e,
				uint32_t j, const void *ctx);
void fmt_bpf_array(struct fmt_buf *b, const struct sc_call *c,
		   const struct cap *k, int piece, uint64_t addr, uint32_t n,
		   uint32_t es, fmt_bpf_elem_fn elem, const void *ctx);
void fmt_bpf_u32_elem(struct fmt_buf *b, const uint8_t *e, uint32_t j,
		      const void *ctx);
void fmt_bpf_x64_elem(struct fmt_buf *b, const uint8_t *e, uint32_t j,
		      const void *ctx);
/* strace's PRINT_FIELD_X: 0, else 0x... */
void fmt_bpf_hex(struct fmt_buf *b, uint64_t v);
/* a struct bpf_insn, an element of BPF_PROG_LOAD's insns (fmt_bpf_filter.c) */
void fmt_ebpf_insn(struct fmt_buf *b, const uint8_t *e, uint32_t j,
		   const void *ctx);
/* the commands printed in two halves, each half (fmt_bpf_cmds.c) */
int fmt_bpf_split(uint32_t cmd);
void fmt_bpf_entry_half(struct fmt_buf *b, const struct sc_call *c,
			uint32_t cmd, const uint8_t *p, uint32_t size);
void fmt_bpf_exit_half(struct fmt_buf *b, const struct sc_call *c,
		       uint32_t cmd, const uint8_t *p, uint32_t size);
/* BPF_OBJ_PIN, _OBJ_GET, _RAW_TRACEPOINT_OPEN, _BTF_LOAD: 0 others */
int fmt_bpf_strcmd(struct fmt_buf *b, const struct sc_call *c, uint32_t cmd,
		   const struct cap *k, const uint8_t *p, uint32_t len);
/* BPF_LINK_CREATE's attr, size bytes at p, whole (fmt_bpf_cmds.c) */
void fmt_bpf_link_create(struct fmt_buf *b, const struct sc_call *c,
			 const struct cap *k, const uint8_t *p, uint32_t size);
/* BPF_PROG_QUERY's and BPF_TASK_FD_QUERY's halves (fmt_bpf_query.c) */
void fmt_bpf_query_entry(struct fmt_buf *b, const struct sc_call *c,
			 uint32_t cmd, const uint8_t *p, uint32_t size);
void fmt_bpf_query_exit(struct fmt_buf *b, const struct sc_call *c,
			uint32_t cmd, const uint8_t *p, const struct cap *x,
			uint32_t size);
void fmt_bpf_info(struct fmt_buf *b, const struct sc_call *c,
		  const uint8_t *p, uint32_t size);
void fmt_bpf_info_exit(struct fmt_buf *b, const struct sc_call *c,
		       const uint8_t *p, uint32_t size);
void fmt_mode_val(struct fmt_buf *b, uint64_t v);
void fmt_dev_val(struct fmt_buf *b, uint64_t v);
void fmt_open_flags(struct fmt_buf *b, uint64_t v);
int fmt_kcmp_call(struct fmt_buf *b, const struct sc_call *c, int from,
		  int exiting);
int fmt_reboot_call(struct fmt_buf *b, const struct sc_call *c, int from,
		    int exiting);
int fmt_membarrier_call(struct fmt_buf *b, const struct sc_call *c, int from,
			int exiting);
int fmt_fcntl_call(struct fmt_buf *b, const struct sc_call *c, int from,
		   int exiting);
void fmt_fcntl_ret(struct fmt_buf *b, const struct sc_call *c);
/* fmt_ioctl.c */
int fmt_ioctl_call(struct fmt_buf *b, const struct sc_call *c, int from,
		   int exiting);
void fmt_ioctl_ret(struct fmt_buf *b, const struct sc_call *c);
/* fmt_ipc.c */
int fmt_ipcctl_call(struct fmt_buf *b, const struct sc_call *c, int from,
		    int exiting);
/* fmt_seccomp.c */
int fmt_seccomp_call(struct fmt_buf *b, const struct sc_call *c, int from,
		     int exiting);
/* fmt_clone3.c */
int fmt_clone3_call(struct fmt_buf *b, const struct sc_call *c, int from,
		    int exiting);
/* fmt_syslog.c */
int fmt_syslog_call(struct fmt_buf *b, const struct sc_call *c, int from,
		    int exiting);
/* fmt_landlock.c */
void fmt_llruleset_ret(struct fmt_buf *b, const struct sc_call *c);
/* bpf's: an fd for the commands that return one (fmt_bpf.c) */
void fmt_bpf_ret(struct fmt_buf *b, const struct sc_call *c);
/* fmt_io_uring.c */
int fmt_io_uring_register_call(struct fmt_buf *b, const struct sc_call *c,
			       int from, int exiting);
int fmt_io_uring_setup_call(struct fmt_buf *b, const struct sc_call *c,
			    int from, int exiting);
/* fmt_quota.c */
int fmt_quotactl_call(struct fmt_buf *b, const struct sc_call *c, int from,
		      int exiting);
/* fmt_keyctl.c */
/* bpf(2): BPF_OBJ_GET_INFO_BY_FD's attr split at its exit (fmt_bpf.c) */
int fmt_bpf_call(struct fmt_buf *b, const struct sc_call *c, int from,
		 int exiting);
int fmt_keyctl_call(struct fmt_buf *b, const struct sc_call *c, int from,
		    int exiting);
/* -e verbose=: argument i's memory shown of a call left out */
int fmt_keyctl_shown(const struct sc_call *c, int i);
/* fmt_signal.c */
void fmt_siginfo_call(struct fmt_buf *b, const uint8_t *p, size_t len,
		      const struct sc_call *c);
/* fmt_ptrace_regs.c */
void fmt_pt_regs(struct fmt_buf *b, const struct sc_call *c, uint64_t nt,
		 uint64_t addr, const uint8_t *p, uint32_t have, uint64_t size);
void fmt_pt_getregset(struct fmt_buf *b, const struct sc_call *c);
void fmt_pt_setregset(struct fmt_buf *b, const struct sc_call *c,
		      int exiting);
void fmt_pt_peekargs(struct fmt_buf *b, const struct sc_call *c);
void fmt_pt_siginfos(struct fmt_buf *b, const struct sc_call *c);
/* fmt_ptrace.c */
int fmt_ptrace_call(struct fmt_buf *b, const struct sc_call *c, int from,
		    int exiting);
int fmt_arch_prctl_call(struct fmt_buf *b, const struct sc_call *c, int from,
			int exiting);
void fmt_arch_prctl_ret(struct fmt_buf *b, const struct sc_call *c);
/* fmt_futex.c */
int fmt_futex_call(struct fmt_buf *b, const struct sc_call *c, int from,
		   int exiting);
/* fmt_process.c */
int fmt_clone_call(struct fmt_buf *b, const struct sc_call *c, int from,
		   int exiting);
int fmt_prctl_call(struct fmt_buf *b, const struct sc_call *c, int from,
		   int exiting);
void fmt_prctl_ret(struct fmt_buf *b, const struct sc_call *c);
void fmt_personality_ret(struct fmt_buf *b, const struct sc_call *c);
void fmt_membarrier_ret(struct fmt_buf *b, const struct sc_call *c);
void fmt_policy_ret(struct fmt_buf *b, const struct sc_call *c);
void fmt_ioprio_ret(struct fmt_buf *b, const struct sc_call *c);
/* fmt_signal.c */
void fmt_sigset_bytes(struct fmt_buf *b, const uint8_t *p, size_t len);
void fmt_sig_ret(struct fmt_buf *b, const struct sc_call *c);
/* fmt_ldt.c */
void fmt_ldt_ret(struct fmt_buf *b, const struct sc_call *c);
void fmt_tls_ret(struct fmt_buf *b, const struct sc_call *c);
void fmt_clock_t(struct fmt_buf *b, uint64_t ticks);
/* a syscall number of an audit arch: __NR_NAME for x86_64's, else the
   number (siginfo's si_syscall, ptrace's syscall info) */
void fmt_audit_nr(struct fmt_buf *b, uint64_t nr, uint32_t arch);
/* fmt_time.c */
void fmt_timespec_at(struct fmt_buf *b, const uint8_t *p);
void fmt_timeval_at(struct fmt_buf *b, const uint8_t *p);
void fmt_clockid_val(struct fmt_buf *b, int32_t id);
int fmt_utc(struct fmt_buf *b, int64_t sec, int64_t frac, int frac_digits);
void fmt_time_ret(struct fmt_buf *b, const struct sc_call *c);
void fmt_adjtimex_ret(struct fmt_buf *b, const struct sc_call *c);
/*
 * fmt_sockaddr.c: len bytes of a struct sockaddr; own_ns: its interface
 * indexes are of etrace's network namespace (struct cap's NLPROTO_OWN_NS)
 */
void fmt_sockaddr_bytes(struct fmt_buf *b, const struct sc_call *c,
			const uint8_t *p, size_t len, int own_ns);
/*
 * fmt_bpf_filter.c: a classic BPF program of n instructions at addr,
 * `have` bytes of them copied (cut: the copy may have stopped before the
 * memory did); a struct sock_fprog and its program (k's two pieces).
 * seccomp: a seccomp filter's, else a socket filter's.
 */
void fmt_bpf_insns(struct fmt_buf *b, const struct sc_call *c, int seccomp,
		   uint64_t addr, uint64_t n, const uint8_t *p, size_t have,
		   int cut);
void fmt_fprog(struct fmt_buf *b, const struct sc_call *c, int seccomp,
	       const struct cap *k);
/* one instruction (struct sock_filter at p): BPF_STMT(BPF_RET|BPF_K, 0) */
void fmt_bpf_insn(struct fmt_buf *b, int seccomp, const uint8_t *p);
/* an Ethernet protocol in network order: htons(ETH_P_ALL) (fmt_socket.c) */
void fmt_eth_proto(struct fmt_buf *b, uint16_t net);
/* an IPv4 address field: NAME=inet_addr("10.0.0.1"), -X's forms */
void fmt_in_addr(struct fmt_buf *b, const struct sc_call *c,
		 const uint8_t *p, const char *name);
/* an IPv6 address field: inet_pton(AF_INET6, "::1", &NAME), -X's forms */
void fmt_in6_addr(struct fmt_buf *b, const struct sc_call *c,
		  const uint8_t *p, const char *name);
/* fmt_cmsg.c: len bytes of control messages copied from addr */
void fmt_cmsgs(struct fmt_buf *b, const struct sc_call *c, const uint8_t *p,
	       size_t len, uint64_t addr, int whole, int own_ns);
/* fmt_poll.c */
void fmt_poll_ret(struct fmt_buf *b, const struct sc_call *c);
int fmt_left_arg(const struct sc_call *c);
void fmt_left(struct fmt_buf *b, const struct sc_call *c, int n);
/* fmt_socket.c */
void fmt_mmsg_ret(struct fmt_buf *b, const struct sc_call *c);
void fmt_select_ret(struct fmt_buf *b, const struct sc_call *c);

#endif
