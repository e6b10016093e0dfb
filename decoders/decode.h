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
				   2 (-xx) = every string in hex */
};

/*
 * Memory an argument pointed to, copied at the time of the syscall (never
 * read later: that can be wrong).  Decoders print a pointer when an
 * argument has none.
 */
struct cap {
	const uint8_t *p;
	uint32_t len;		/* bytes in p */
	uint32_t count;		/* arrays (argv): elements in p */
	uint32_t total;		/* arrays: elements the array had */
	uint8_t flags;
};
#define CAP_TRUNC	0x01	/* the memory went on past what was copied */
#define CAP_FAULT	0x02	/* it could not be read (bad address): print
				   the pointer, as strace does */
#define CAP_LATER	0x04	/* with CAP_FAULT, at entry: not in memory
				   yet, read again when the call ends */
#define CAP_UNTERM	0x08	/* a pointer array (argv) ran into memory
				   that could not be read before its NULL */
/*
 * argv's copy: count elements, each a u64 pointer, a status byte
 * (ARGV_OK, ARGV_FAULT: no bytes, print the pointer;
 * ARGV_CUT: the string may go on), the string and a NUL.
 */
#define ARGV_OK		0
#define ARGV_FAULT	1
#define ARGV_CUT	2

/* one syscall as the decoders see it */
struct sc_call {
	const struct sc_desc *d;	/* never NULL: tracers build one */
	uint64_t args[SC_MAX_ARGS];
	int64_t ret;
	const struct fmt_opts *o;
	/* memory copied at entry, and (for what the call writes) at exit */
	const struct cap *cap[SC_MAX_ARGS];	/* NULL: nothing captured */
	const struct cap *cap_out[SC_MAX_ARGS];
	int exited;			/* ret is valid */
};

/*
 * Print arguments from index `from`, separated by ", ".  Entering, stop
 * before the first argument the syscall writes (strace prints those at
 * exit, after a separator printed now); return the index to resume from at
 * exit.  Exiting, print the rest and return d->nargs.
 */
int fmt_args(struct fmt_buf *b, const struct sc_call *c, int from,
	     int exiting);
/* "= 3", "= -1 ENOENT (No such file or directory)", "= ?" (no " = ") */
void fmt_retval(struct fmt_buf *b, const struct sc_call *c);
/* one argument by kind */
void fmt_arg(struct fmt_buf *b, const struct sc_call *c, int i);

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

/* "ENOENT", or NULL */
const char *errno_name(int err);
/* strerror's text, or strace's for kernel-internal codes */
const char *errno_text(int err);
/* SIGSEGV, SIGRTMIN, SIGRT_3, or the number */
void fmt_signal(struct fmt_buf *b, int64_t sig);
/* SIGSEGV or NULL, into a caller buffer for SIGRT_n */
const char *signal_name(int sig, char tmp[16]);

#endif
