// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: arguments and return values, one formatter per kind of
 * decoders/kinds.def (the formatters live in fmt_<family>.c).  A kind
 * without a formatter prints its base form (number or address): less
 * detail, never a guess.
 */
#include <fcntl.h>
#include <sys/prctl.h>

#include "fmt_priv.h"

static void fmt_base(struct fmt_buf *b, int base, uint64_t v)
{
	switch (base) {
	case B_INT:
		fb_dec(b, (int32_t)v);
		break;
	case B_UINT:
		fb_udec(b, (uint32_t)v);
		break;
	case B_XINT:
		fb_hex(b, (uint32_t)v);
		break;
	case B_LONG:
		fb_dec(b, (int64_t)v);
		break;
	case B_ULONG:
		fb_udec(b, v);
		break;
	case B_OCT:
		fb_oct(b, v);
		break;
	case B_PTR:
		fmt_ptr(b, v);
		break;
	default:
		fb_hex(b, v);
	}
}

void fmt_ptr(struct fmt_buf *b, uint64_t v)
{
	if (v)
		fb_hex(b, v);
	else
		fb_puts(b, "NULL");
}

const struct cap *arg_in(const struct sc_call *c, int i, size_t size)
{
	const struct cap *k = c->cap[i];

	if (!k || (k->flags & CAP_FAULT) || k->len < size || (k->len && !k->p))
		return NULL;
	return k;
}

const struct cap *arg_out(const struct sc_call *c, int i, size_t size)
{
	const struct cap *k = c->cap_out[i];

	/* strace prints what a call wrote only when it succeeded */
	if (!c->exited || sc_failed(c))
		return NULL;
	if (!k || (k->flags & CAP_FAULT) || k->len < size || (k->len && !k->p))
		return NULL;
	return k;
}

int cap_piece(const struct cap *k, int n, const uint8_t **p, uint32_t *len)
{
	int count = k && k->npieces ? k->npieces : 1;
	uint32_t at = 0, size;

	if (!k || n < 0 || n >= count || n >= CAP_PIECES)
		return 0;
	for (int j = 0; j < n; j++)
		at += k->piece[j];
	size = k->npieces ? k->piece[n] : k->len;
	if (at + size > k->len || (k->holes >> n & 1) || (size && !k->p))
		return 0;
	*p = k->p + at;
	*len = size;
	return 1;
}

const struct cap *arg_mem(const struct sc_call *c, int i, size_t size)
{
	if (kind_info[c->d->arg[i].kind].dir == D_OUT)
		return arg_out(c, i, size);
	return arg_in(c, i, size);
}

const struct cap *arg_or_ptr(struct fmt_buf *b, const struct sc_call *c,
			      int i)
{
	const struct cap *k = NULL;

	if (c->args[i])
		k = arg_mem(c, i, kind_info[c->d->arg[i].kind].size);
	if (!k)
		fmt_ptr(b, c->args[i]);
	return k;
}

/*
 * The dispatch, from kinds.def: one formatter per kind, shared by a kind
 * and its output twin (timespec, otimespec) since they differ only in when
 * the memory was read, which arg_mem() knows.  NULL: the base form.
 */
#define fmt_k_none NULL
static fmt_kind_fn *const kind_fmt[K__COUNT] = {
#define KIND(name, base, dir, fmt, size, copy, what) [K_##name] = fmt_k_##fmt,
#include "kinds.def"
#undef KIND
};
#undef fmt_k_none

/*
 * The one rule for every argument: the kernel reads it as its C type (the
 * kind's base), so only that type's bits are the argument.  The rest of
 * the register is whatever the caller left there: mkdir("x", 0) made with
 * 0xffffffffffff0000 in the register is mkdir("x", 000), as strace and
 * the kernel see it.  Every formatter, and every rule that looks at
 * another argument, works on these values.
 */
static uint64_t arg_typed(int kind, uint64_t v)
{
	switch (kind < K__COUNT ? kind_info[kind].base : B_HEX) {
	case B_INT:
	case B_UINT:
	case B_XINT:
		return (uint32_t)v;
	case B_OCT:
		return (uint16_t)v;
	}
	return v;
}

/*
 * -e verbose=: of a call left out, strace shows the memory only of a
 * string or of the data the call moves (it reads those whatever verbose=
 * says), and an array of no elements ([]); a struct or an array it does
 * not read, and prints the pointer.  etrace's decoders print the pointer
 * of what was not copied: the call they see has no copy of those.
 */
static int shown_nonverbose(const struct sc_call *c, int i)
{
	const struct sc_arg *a = &c->d->arg[i];

	if (a->kind < K__COUNT && kind_info[a->kind].copies == 2)
		return 1;	/* a string (path, name, ...) */
	switch (a->kind) {
	case K_ibuf: case K_obuf: case K_orecvbuf:
	case K_sockbuf: case K_osockbuf:
	/* the mask's address is not in the record: the mask itself */
	case K_sigframe:
		return 1;
	case K_prctlarg:	/* the task's name, a string */
		return c->args[0] == PR_SET_NAME || c->args[0] == PR_GET_NAME;
	case K_keyctlarg:
		return fmt_keyctl_shown(c, i);
	case K_ogroups: case K_oepollevents:
		return c->exited && c->ret == 0;
	case K_groups: case K_iovec: case K_oiovec: case K_sembufs:
		return a->param < SC_MAX_ARGS && !c->args[a->param];
	}
	return a->kind >= K__COUNT || !kind_info[a->kind].copies;
}

/*
 * The call as formatters see it: typed values, and with -e verbose=
 * (gate) no copies of what strace does not show.  That is c itself when
 * typing changes no value (no copy: this runs for every line), else t.
 */
static const struct sc_call *call_typed(struct sc_call *t,
					const struct sc_call *c, int gate)
{
	uint64_t v[SC_MAX_ARGS];
	int n = c->d->nargs < SC_MAX_ARGS ? c->d->nargs : SC_MAX_ARGS;
	int same = 1;

	for (int i = 0; i < n; i++) {
		v[i] = arg_typed(c->d->arg[i].kind, c->args[i]);
		same &= v[i] == c->args[i];
	}
	if (same && (!c->nonverbose || !gate))
		return c;
	*t = *c;
	for (int i = 0; i < n; i++)
		t->args[i] = v[i];
	if (!c->nonverbose || !gate)
		return t;
	for (int i = 0; i < n; i++)
		if (!shown_nonverbose(t, i))
			t->cap[i] = t->cap_out[i] = NULL;
	t->inner[0] = t->inner[1] = NULL;
	t->inner_str[0] = t->inner_str[1] = NULL;
	return t;
}

/* argument i of a call whose values are typed already */
static void arg_print(struct fmt_buf *b, const struct sc_call *c, int i)
{
	const struct sc_arg *a = &c->d->arg[i];
	fmt_kind_fn *f = a->kind < K__COUNT ? kind_fmt[a->kind] : NULL;

	if (f)
		f(b, c, i);
	else
		fmt_base(b, kind_info[a->kind].base, c->args[i]);
}

void fmt_arg(struct fmt_buf *b, const struct sc_call *c, int i)
{
	struct sc_call t;

	if (c->raw) {
		fb_hex(b, c->args[i]);
		return;
	}
	arg_print(b, call_typed(&t, c, 1), i);
}

/* the kernel's O_TMPFILE bit alone (glibc's __O_TMPFILE adds O_DIRECTORY) */
#define O_TMPFILE_BIT 020000000

/*
 * Arguments strace leaves out because the call ignores them: open's mode
 * unless the flags create a file, mremap's new address unless
 * MREMAP_FIXED, mknod's device unless it makes one, mq_open's mode and
 * attributes unless it creates the queue.
 */
static int arg_shown(const struct sc_call *c, int i)
{
	const struct sc_arg *a = &c->d->arg[i];
	int prev = i > 0 ? c->d->arg[i - 1].kind : -1;

	switch (a->kind) {
	case K_perm:
		if (prev == K_oflags)
			return (c->args[i - 1] & (O_CREAT | O_TMPFILE_BIT)) != 0;
		return 1;
	case K_mqattr:
		if (i >= 2 && c->d->arg[i - 2].kind == K_oflags)
			return (c->args[i - 2] & O_CREAT) != 0;
		return 1;
	case K_skip:
		return 0;
	case K_fixedaddr:
		return i > 0 && (c->args[i - 1] & 2 /* MREMAP_FIXED */);
	case K_dev:
		if (prev == K_mode) {
			uint32_t fmt = c->args[i - 1] & 0170000;

			return fmt == 0020000 || fmt == 0060000;
		}
		return 1;
	}
	return 1;
}

/* calls that print their own argument list (fmt_priv.h) */
static fmt_call_fn *call_fmt(const struct sc_desc *d)
{
	for (int i = 0; i < d->nargs; i++) {
		switch (d->arg[i].kind) {
		case K_cloneflags:
			return i == 0 ? fmt_clone_call : NULL;
		case K_cloneargs:
			return i == 0 ? fmt_clone3_call : NULL;
		case K_futexop:
			return fmt_futex_call;
		case K_prctlop:
			return fmt_prctl_call;
		case K_ptracereq:
			return fmt_ptrace_call;
		case K_archcode:
			return fmt_arch_prctl_call;
		case K_fcntlcmd:
			return fmt_fcntl_call;
		case K_kcmptype:
			return fmt_kcmp_call;
		case K_rebootmagic:
			return fmt_reboot_call;
		case K_mbcpu:
			return fmt_membarrier_call;
		case K_ioctl:
			return fmt_ioctl_call;
		case K_ipcbuf:
			return fmt_ipcctl_call;
		case K_seccomparg:
			return fmt_seccomp_call;
		case K_quotaarg:
			return fmt_quotactl_call;
		case K_syslogtype:
			return fmt_syslog_call;
		case K_keyctlarg:
			return fmt_keyctl_call;
		case K_iouringarg:
			return fmt_io_uring_register_call;
		case K_iouringparams:
			return fmt_io_uring_setup_call;
		case K_bpfattr:
			return fmt_bpf_call;
		}
	}
	return NULL;
}

int fmt_args(struct fmt_buf *b, const struct sc_call *raw, int from,
	     int exiting)
{
	fmt_call_fn *call = call_fmt(raw->d);
	struct sc_call t;
	const struct sc_call *c;
	int i, n = 0;

	if (raw->raw) {
		/* -e raw=: every argument at entry, in hex, as strace */
		for (i = from; i < raw->d->nargs; i++) {
			/* the words strace's table does not count */
			if (raw->d->arg[i].kind == K_skip)
				continue;
			if (i)
				fb_puts(b, ", ");
			fb_hex(b, raw->args[i]);
		}
		return raw->d->nargs;
	}
	c = call_typed(&t, raw, 1);
	if (call)
		return call(b, c, from, exiting);
	for (i = from; i < c->d->nargs; i++) {
		if (!exiting && kind_info[c->d->arg[i].kind].dir == D_OUT) {
			/* strace ends the entry half with the separator */
			if (i)
				fb_puts(b, ", ");
			return i;
		}
		if (!arg_shown(c, i))
			continue;
		/* at exit, the separator was printed at entry */
		if (i > from || (n && i == from))
			fb_puts(b, ", ");
		n++;
		arg_print(b, c, i);
	}
	return i;
}

void fmt_neg_errno(struct fmt_buf *b, int64_t v)
{
	const char *name = v < 0 && v >= -4095 ? errno_name((int)-v) : NULL;

	if (!name || b->xstyle != XSTYLE_ABBREV)
		fb_dec(b, v);
	if (!name || b->xstyle == XSTYLE_RAW)
		return;
	fb_puts(b, b->xstyle == XSTYLE_VERBOSE ? " /* -" : "-");
	fb_puts(b, name);
	if (b->xstyle == XSTYLE_VERBOSE)
		fb_puts(b, " */");
}

void fmt_ret_note(struct fmt_buf *b, const char *text)
{
	if (!text)
		return;
	fb_puts(b, " (");
	fb_puts(b, text);
	fb_putc(b, ')');
}

/* return kinds that decode the value (rets.def) */
static fmt_ret_fn *const ret_fmt[R__COUNT] = {
	[R_fcntl] = fmt_fcntl_ret,
	[R_ioctl] = fmt_ioctl_ret,
	[R_prctl] = fmt_prctl_ret,
	[R_archprctl] = fmt_arch_prctl_ret,
	[R_llruleset] = fmt_llruleset_ret,
	[R_persona] = fmt_personality_ret,
	[R_poll] = fmt_poll_ret,
	[R_select] = fmt_select_ret,
	[R_membarrier] = fmt_membarrier_ret,
	[R_policy] = fmt_policy_ret,
	[R_ioprio] = fmt_ioprio_ret,
	[R_sig] = fmt_sig_ret,
	[R_time] = fmt_time_ret,
	[R_adjtimex] = fmt_adjtimex_ret,
	[R_mmsg] = fmt_mmsg_ret,
	[R_ldt] = fmt_ldt_ret,
	[R_tls] = fmt_tls_ret,
	[R_bpf] = fmt_bpf_ret,
};

static void ret_value(struct fmt_buf *b, const struct sc_call *raw)
{
	int64_t r = raw->ret;
	fmt_ret_fn *extra;
	struct sc_call t;
	/* select's note: the sets strace reads whatever verbose= says */
	const struct sc_call *c = call_typed(&t, raw, raw->d->ret != R_select);

	/* (a call that never returns, made to by -e inject=: its value) */
	if (c->d->ret == R_none && !raw->injected) {
		fb_putc(b, '?');
		return;
	}
	if (r < 0 && r >= -4095 && raw->injected != INJECTED_VALUE) {
		int err = (int)-r;
		const char *name = errno_name(err);

		/* the kernel restarts these: the call did not end yet */
		fb_puts(b, err >= 512 && err <= 516 && err != 515 ? "? " : "-1 ");
		if (name) {
			fb_puts(b, name);
		} else {
			fb_puts(b, "E??? ");
			fb_dec(b, err);
		}
		fb_puts(b, " (");
		fb_puts(b, errno_text(err));
		fb_putc(b, ')');
		return;
	}
	if (raw->raw) {
		fb_hex(b, (uint64_t)r);
		return;
	}
	extra = c->d->ret < R__COUNT ? ret_fmt[c->d->ret] : NULL;
	if (extra) {
		/* these print the whole value themselves */
		extra(b, c);
		return;
	}
	switch (c->d->ret) {
	case R_hex:
		fb_hex(b, (uint64_t)r);
		break;
	case R_oct:
		fb_oct(b, (uint64_t)r);
		break;
	case R_uid:
		fb_udec(b, (uint64_t)r);
		break;
	case R_fd:
		fb_dec(b, r);
		fmt_fd_note(b, c, FD_SLOT_RET);
		break;
	case R_tgid:
		fmt_pid(b, c->o, r);
		break;
	default:
		fb_dec(b, r);
	}
}

void fmt_retval(struct fmt_buf *b, const struct sc_call *c)
{
	ret_value(b, c);
	/* -e inject=: strace's note, after the value and its errno text */
	if (c->injected)
		fb_puts(b, " (INJECTED)");
}
