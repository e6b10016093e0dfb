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
/* arg_in or arg_out by the argument kind's direction */
const struct cap *arg_mem(const struct sc_call *c, int i, size_t size);

/* NULL or 0x7ffc... */
void fmt_ptr(struct fmt_buf *b, uint64_t v);
/* strace's field separators */
static inline void fb_field(struct fmt_buf *b, int *n, const char *name)
{
	if ((*n)++)
		fb_puts(b, ", ");
	fb_puts(b, name);
	fb_putc(b, '=');
}

/* quoted data with the -x/-xx modes and strace's QUOTE_FORCE_HEX */
#define QS_HEX		0x1	/* every byte as \xNN (getrandom) */
#define QS_NUL_END	0x2	/* stop at a NUL (C string in a buffer) */
void fmt_qstr(struct fmt_buf *b, const struct sc_call *c, const uint8_t *s,
	      size_t len, long max, int more, int style);

/* per-kind formatters, by family (see fmt_args.c for the dispatch) */
#define FMT_KIND(k) void fmt_k_##k(struct fmt_buf *b, \
				   const struct sc_call *c, int i)
/* fmt_file.c */
FMT_KIND(dirfd); FMT_KIND(uid); FMT_KIND(perm); FMT_KIND(mode);
FMT_KIND(dev); FMT_KIND(oflags); FMT_KIND(atflags); FMT_KIND(whence);
FMT_KIND(path); FMT_KIND(str); FMT_KIND(ostr); FMT_KIND(fcntlcmd);
FMT_KIND(stat); FMT_KIND(statx); FMT_KIND(statfs); FMT_KIND(dirents);
void fmt_mode_val(struct fmt_buf *b, uint64_t v);
void fmt_dev_val(struct fmt_buf *b, uint64_t v);
void fmt_open_flags(struct fmt_buf *b, uint64_t v);
FMT_KIND(openhow); FMT_KIND(ploff); FMT_KIND(oloff);
int fmt_fcntl_call(struct fmt_buf *b, const struct sc_call *c, int from,
		   int exiting);
void fmt_fcntl_ret(struct fmt_buf *b, const struct sc_call *c);
/* fmt_mem.c */
FMT_KIND(prot); FMT_KIND(mapflags); FMT_KIND(flags); FMT_KIND(enum);
FMT_KIND(shmkey); FMT_KIND(ipcflags); FMT_KIND(mincorevec);
/* fmt_io.c */
FMT_KIND(ibuf); FMT_KIND(obuf); FMT_KIND(iovec); FMT_KIND(argv);
FMT_KIND(envp); FMT_KIND(ints); FMT_KIND(groups); FMT_KIND(ogroups);
FMT_KIND(pipefds); FMT_KIND(oint); FMT_KIND(ouid3); FMT_KIND(ou64);
void fmt_iov_array(struct fmt_buf *b, const struct sc_call *c,
		   const uint8_t *p, size_t len, uint32_t count,
		   uint64_t total, uint64_t addr, uint64_t limit);
/* fmt_ioctl.c */
FMT_KIND(ioctl); FMT_KIND(ioctlarg);
int fmt_ioctl_call(struct fmt_buf *b, const struct sc_call *c, int from,
		   int exiting);
/* fmt_futex.c */
int fmt_futex_call(struct fmt_buf *b, const struct sc_call *c, int from,
		   int exiting);
/* fmt_process.c */
FMT_KIND(waitopts); FMT_KIND(idtype); FMT_KIND(which); FMT_KIND(wstatus);
FMT_KIND(rusage); FMT_KIND(resource); FMT_KIND(rlimit); FMT_KIND(utsname);
FMT_KIND(sysinfo); FMT_KIND(tms); FMT_KIND(cloneflags);
FMT_KIND(cloneargs); FMT_KIND(personality); FMT_KIND(schedparam);
FMT_KIND(cpuset); FMT_KIND(capheader); FMT_KIND(capdata);
int fmt_clone_call(struct fmt_buf *b, const struct sc_call *c, int from,
		   int exiting);
int fmt_clone3_call(struct fmt_buf *b, const struct sc_call *c, int from,
		    int exiting);
int fmt_prctl_call(struct fmt_buf *b, const struct sc_call *c, int from,
		   int exiting);
void fmt_prctl_ret(struct fmt_buf *b, const struct sc_call *c);
void fmt_personality_ret(struct fmt_buf *b, const struct sc_call *c);
void fmt_membarrier_ret(struct fmt_buf *b, const struct sc_call *c);
void fmt_policy_ret(struct fmt_buf *b, const struct sc_call *c);
/* fmt_signal.c */
FMT_KIND(sig); FMT_KIND(sigprocmaskhow); FMT_KIND(sigset);
FMT_KIND(sigaction); FMT_KIND(stackt); FMT_KIND(siginfo);
void fmt_sigset_bytes(struct fmt_buf *b, const uint8_t *p, size_t len);
void fmt_sig_ret(struct fmt_buf *b, const struct sc_call *c);
/* fmt_time.c */
FMT_KIND(clockid); FMT_KIND(timespec); FMT_KIND(rem); FMT_KIND(timeval);
FMT_KIND(itimerspec); FMT_KIND(itimerval);
void fmt_timespec_at(struct fmt_buf *b, const uint8_t *p);
void fmt_clockid_val(struct fmt_buf *b, int32_t id);
FMT_KIND(utimens); FMT_KIND(utimes); FMT_KIND(utimbuf); FMT_KIND(sigevent);
FMT_KIND(timex);
int fmt_utc(struct fmt_buf *b, int64_t sec, int64_t frac, int frac_digits);
void fmt_time_ret(struct fmt_buf *b, const struct sc_call *c);
void fmt_adjtimex_ret(struct fmt_buf *b, const struct sc_call *c);
/* fmt_socket.c */
FMT_KIND(sockfamily); FMT_KIND(socktype); FMT_KIND(sockproto);
FMT_KIND(socklevel); FMT_KIND(sockopt); FMT_KIND(sockaddr);
FMT_KIND(osockaddr); FMT_KIND(socklen); FMT_KIND(msghdr);
FMT_KIND(sockoptval);
void fmt_sockaddr_bytes(struct fmt_buf *b, const uint8_t *p, size_t len);
void fmt_sockopt_value(struct fmt_buf *b, const struct sc_call *c,
		       uint32_t level, uint32_t name, const struct cap *k,
		       size_t len);
/* fmt_poll.c */
FMT_KIND(pollfd); FMT_KIND(fdset); FMT_KIND(epollevent);
FMT_KIND(oepollevents);
void fmt_poll_ret(struct fmt_buf *b, const struct sc_call *c);
void fmt_select_ret(struct fmt_buf *b, const struct sc_call *c);

#endif
