/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Decoders stage: a syscall's arguments and return value to text, driven by
 * its syscalls.tbl line.  Pure functions: no I/O, no globals, never fail.
 */
#ifndef ETRACE_DECODE_H
#define ETRACE_DECODE_H

#include <stdint.h>

#include "fmt.h"
#include "sysent.h"

/* all zero but strsize is strace's default output */
struct fmt_opts {
	int strsize;		/* -s: bytes of data strings shown */
	int verbose;		/* -v: every struct field, arrays unabridged */
	int xflag;		/* -x: 1 = non-printable strings in hex,
				   2 (-xx) = every string in hex, -1
				   (non-ascii-chars) = escapes in hex */
	unsigned int fds;	/* -y: DECODE_FD_* shown after fd numbers */
	/*
	 * -Y: the name of the task pid (or tid) at the time of the call,
	 * or NULL when it is not known; pid_name NULL: names not shown
	 */
	const char *(*pid_name)(const void *ctx, int64_t pid);
	const void *pid_ctx;
	/*
	 * The name of etrace's network interface of that index, into name
	 * (IF_NAMESIZE bytes): 1, or 0 when there is none.  Asked only for
	 * an index the traced program used in etrace's network namespace
	 * (a netlink socket's, NLPROTO_OWN_NS); NULL: indexes are numbers
	 */
	int (*if_name)(const void *ctx, uint32_t index, char *name);
	const void *if_ctx;
};

/* --decode-fds: what is shown of an fd (strace's words) */
#define DECODE_FD_PATH		0x1	/* -y: <path>, <pipe:[ino]>, ... */
#define DECODE_FD_SOCKET	0x2	/* <TCP:[addr:port->addr:port]> */
#define DECODE_FD_DEV		0x4	/* </dev/null<char 1:3>> */
#define DECODE_FD_PIDFD		0x8	/* <pid:1234> */
#define DECODE_FD_ALL		0xf	/* -yy */

/*
 * Memory an argument pointed to, copied at the time of the syscall (never
 * read later: that can be wrong).  Decoders print a pointer when an
 * argument has none.
 */
/* pieces of a joined copy, at most: a msghdr's 4, mmsghdr[4]'s 5 each */
#define CAP_PIECES	24

struct cap {
	const uint8_t *p;
	uint32_t len;		/* bytes in p */
	uint32_t count;		/* arrays (argv): elements in p */
	uint32_t total;		/* arrays: elements the array had */
	uint8_t flags;
	/*
	 * a copy joined from pieces (msghdr: the header, the name, the
	 * iovecs and their data, the control data): how many, the bytes of
	 * each (a piece may hold fewer than its fields say: the record was
	 * full), and bit i of holes set when piece i could not be read at
	 * all (it adds no bytes)
	 */
	uint8_t npieces;
	uint32_t holes;
	uint32_t piece[CAP_PIECES];
	/*
	 * sendto's, recvfrom's (kinds sockbuf, osockbuf) and a msghdr's
	 * iovecs on a netlink socket: its protocol + 1 (0: not a netlink
	 * socket).  The buffers are then copied up to NL_COPY_MAX bytes
	 * (an iovec's each up to NL_COPY_MAX - 1) whatever -s says: strace
	 * decodes the messages whole; | NLPROTO_OWN_NS when the socket was
	 * in etrace's network namespace (its interface indexes are named)
	 */
	uint8_t nlproto;
};
#define NLPROTO_OWN_NS	0x80
#define NLPROTO_MASK	0x7f
#define CAP_TRUNC	0x01	/* the memory went on past what was copied */
#define CAP_FAULT	0x02	/* it could not be read (bad address): print
				   the pointer, as strace does */
#define CAP_LATER	0x04	/* with CAP_FAULT, at entry: not in memory
				   yet, read again when the call ends */
#define CAP_UNTERM	0x08	/* a pointer array (argv) ran into memory
				   that could not be read before its NULL */
#define CAP_IOV		0x10	/* a dump (-e read=): an iovec's buffers */
/* a netlink socket's buffer: bytes copied (struct cap's nlproto) */
#define NL_COPY_MAX	4096
/*
 * argv's copy: count elements, each a u64 pointer, a status byte
 * (ARGV_OK, ARGV_FAULT: no bytes, print the pointer;
 * ARGV_CUT: the string may go on), the string and a NUL.
 */
#define ARGV_OK		0
#define ARGV_FAULT	1
#define ARGV_CUT	2

/*
 * -y: what an fd referred to at the time of the call, read in the kernel
 * (the tracer fills it from its records).  Absent: nothing is shown.
 */
enum fd_kind {
	FD_PATH = 1,		/* a file: name is its path */
	FD_PIPE,		/* pipe:[ino] */
	FD_SOCKET,		/* socket:[ino], and the fields below */
	FD_ANON,		/* anon_inode:NAME */
	FD_PIDFD,		/* a pidfd of pid (-1: the process is gone) */
};

struct fd_desc {
	int kind;		/* enum fd_kind */
	int deleted;		/* the path was unlinked */
	uint32_t mode;		/* the inode's type and permissions */
	uint32_t rdev;		/* devices: the kernel's major << 20 | minor */
	uint64_t ino;
	int pid;		/* pidfds */
	/* sockets: as the kernel's sock_diag reports them */
	int family, type, protocol, state;
	uint16_t sport, dport;	/* inet: ports */
	uint8_t src[16], dst[16];	/* inet: addresses */
	uint64_t peer;		/* unix: the peer's inode, 0 none */
	uint32_t portid;	/* netlink: the port id, 0 not bound */
	char proto[33];		/* the protocol's name: TCP, UNIX-STREAM */
	const uint8_t *name;	/* path, anonymous inode name, unix address */
	uint32_t namelen;
	int fd;			/* select's (FD_SLOT_SET0 + i): which fd */
};

/* where a call's fds are in sc_call.fd[] */
#define FD_SLOT_RET	6	/* the fd it returned */
#define FD_SLOT_PAIR0	7	/* the two it wrote (pipe, socketpair) */
#define FD_SLOT_SET0	9	/* poll's: element i's fd, the first ones */
#define FD_SET_MAX	16
#define FD_SLOTS	(FD_SLOT_SET0 + FD_SET_MAX)

/* one syscall as the decoders see it */
struct sc_call {
	const struct sc_desc *d;	/* never NULL: tracers build one */
	uint64_t args[SC_MAX_ARGS];
	int64_t ret;
	const struct fmt_opts *o;
	/* memory copied at entry, and (for what the call writes) at exit */
	const struct cap *cap[SC_MAX_ARGS];	/* NULL: nothing captured */
	const struct cap *cap_out[SC_MAX_ARGS];
	/* -y: argument i's fd, the returned and written ones (FD_SLOT_*) */
	const struct fd_desc *fd[FD_SLOTS];
	/* -e read=/write=: the bytes it moved on an fd of the sets */
	const struct cap *dump;
	/* ioctl: what a pointer in the argument's struct points to, copied
	   at entry [0] and at exit [1] (the console's fonts and maps) */
	const struct cap *inner[2];
	/* and the strings its elements point to, a piece each (V4L2's
	   extended controls: piece j control j's, a hole when none) */
	const struct cap *inner_str[2];
	int exited;			/* ret is valid */
	int raw;			/* -e raw=: arguments and return as
					   numbers, undecoded (strace's %#lx) */
	int injected;			/* -e inject=: etrace made ret, an
					   INJECTED_* */
	int nonverbose;			/* -e verbose=: a call left out, its
					   structs and arrays shown as
					   pointers (strings and data not) */
};

/* sc_call.injected: an error= (ret is -errno), a retval= (ret is the
   value, in the error range too: strace prints it so) */
enum { INJECTED_ERROR = 1, INJECTED_VALUE = 2 };

/*
 * Print arguments from index `from`, separated by ", ".  Entering, stop
 * before the first argument the syscall writes (strace prints those at
 * exit, after a separator printed now); return the index to resume from at
 * exit.  Exiting, print the rest and return d->nargs.
 */
int fmt_args(struct fmt_buf *b, const struct sc_call *c, int from,
	     int exiting);
/*
 * "3", "-1 ENOENT (No such file or directory)", "?" (no "= "), then
 * " (INJECTED)" for a call etrace skipped and answered (-e inject=)
 */
void fmt_retval(struct fmt_buf *b, const struct sc_call *c);
/* one argument by kind */
void fmt_arg(struct fmt_buf *b, const struct sc_call *c, int i);
/*
 * -y: what c->fd[slot] was, as strace prints it after the number:
 * "</etc/hostname>", "<TCP:[127.0.0.1:40000->127.0.0.1:8080]>"; nothing
 * when -y is off or it is not known.
 */
void fmt_fd_note(struct fmt_buf *b, const struct sc_call *c, int slot);

/*
 * A quoted C string as strace prints it: escapes for quotes, backslashes
 * and non-printable bytes; at most max bytes shown (max < 0: all), then
 * "..." after the quote when cut, or when `more` says the source went on.
 */
void fmt_quoted(struct fmt_buf *b, const uint8_t *s, size_t len, long max,
		int more);
/*
 * Bytes a traced program chose (a path, a comm, a symbol), as text in
 * any of etrace's outputs: escaped as fmt_quoted escapes them, without
 * the quotes.  Only printable ASCII comes out.
 */
void fmt_escaped(struct fmt_buf *b, const uint8_t *s, size_t len);

/*
 * A signal's siginfo_t (128 bytes as the kernel delivers it) the way
 * strace prints it on "--- SIGCHLD {si_signo=SIGCHLD, ...} ---" lines and
 * in waitid: "{si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=123, ...}".
 * Fewer than 128 bytes prints as much as the fields present allow.
 */
void fmt_siginfo(struct fmt_buf *b, const uint8_t *p, size_t len);
/* the same, with si_pid named as -Y names pids (o may be NULL) */
void fmt_siginfo_o(struct fmt_buf *b, const uint8_t *p, size_t len,
		   const struct fmt_opts *o);
/*
 * A process or thread id as strace -Y prints it: "123<make>", the name
 * escaped as strace escapes it (< and > too); just "123" when o shows no
 * names, pid <= 0, or the name is not known.
 */
void fmt_pid(struct fmt_buf *b, const struct fmt_opts *o, int64_t pid);
/* a task's name as -Y prints it, between < and > (xflag: -x, -xx) */
void fmt_comm(struct fmt_buf *b, const char *comm, int xflag);

/*
 * -e read=/write=: a dump's copy (count segments, each a u32 total, a
 * u32 copied and that many bytes: capture_abi.h), read segment by
 * segment with dump_next: 1 and the next one's bytes, or 0 at the end
 * (or at a segment that does not add up).
 */
struct dump_view {
	const uint8_t *p;
	uint32_t len, at, count, nseg;
};
#define DUMP_SEG_MAX 64		/* more is not a copy the program makes */
/* the elements of an array argument the program copies, at most */
#define ARRAY_COPIED 64
/* io_submit: elements of an iocb's struct iovec[] copied, at most */
#define AIO_IOV_COPIED 32
int dump_next(struct dump_view *v, const uint8_t **p, uint32_t *copied,
	      uint32_t *total);
/*
 * sendmmsg's and recvmmsg's dumps: count messages, each a header (its
 * msg_iovlen; how many segments follow; whether buffers after them were
 * left out) and its segments.  The next message's segments as a view
 * of their own for dump_next; 0 when there is no more (or it does not
 * add up).
 */
int dump_msg_next(struct dump_view *v, struct dump_view *msg,
		  uint32_t *iovlen, int *cut);
/*
 * strace's dump of one buffer of `total` bytes of which the first
 * `copied` are at p: " | 00000  68 65 ...  he... |" lines, then, when
 * copied < total, " * dump cut: COPIED of TOTAL bytes copied".
 */
void fmt_dump_bytes(struct fmt_buf *b, const uint8_t *p, size_t copied,
		    uint64_t total);
/* the whole dump of call NAME (its iovec's buffers numbered, as strace) */
void fmt_dump(struct fmt_buf *b, const struct cap *k, const char *name);
/*
 * 1 when the dump is of one buffer (not an iovec's) none of whose bytes
 * could be read: its memory faulted, the call shows it as a pointer, and
 * there is no dump, as strace prints none
 */
int dump_unreadable(const struct cap *k);

/* "ENOENT", or NULL */
const char *errno_name(int err);
/* strerror's text, or strace's for kernel-internal codes */
const char *errno_text(int err);
/* SIGSEGV, SIGRTMIN, SIGRT_3, or the number */
void fmt_signal(struct fmt_buf *b, int64_t sig);
/* its name whatever -X says: "--- SIGCHLD {", "+++ killed by SIGKILL" */
void fmt_signal_name(struct fmt_buf *b, int64_t sig);
/* SIGSEGV or NULL, into a caller buffer for SIGRT_n */
const char *signal_name(int sig, char tmp[16]);
/* the number of an errno name (any case), or -1 */
int errno_by_name(const char *s);
/* of SIGUSR1, USR1 (any case) or 1..64, or -1 */
int signal_by_name(const char *s);

#endif
