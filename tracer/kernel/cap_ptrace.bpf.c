// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Capture stage, kernel side: ptrace's memory by request (CAP_OP_PTRACE),
 * items of argument 3 (data) unless said:
 *   PTRACE_PEEKSIGINFO   at entry addr's struct ptrace_peeksiginfo_args
 *                        (16 bytes, an item of argument 2); at exit the
 *                        siginfo_t[ret] it wrote (at most CAP_PT_SI_MAX)
 *   PTRACE_GETREGSET     the struct iovec at entry (its length as given)
 *                        and at exit (as the kernel left it: also after a
 *                        failure), then at exit the registers it points
 *                        to (a second piece)
 *   PTRACE_SETREGSET     the struct iovec and its registers at entry; the
 *                        iovec again at exit (its length rewritten)
 *   PTRACE_[GS]ETREGS, PTRACE_[GS]ETFPREGS   the struct at entry (SET),
 *                        or at exit after a success (GET)
 *   any other            up to max bytes at entry and exit, as CAP_OP_UPTO;
 *                        PTRACE_SETSIGINFO's then with -y its si_fd (the
 *                        copy's, when whole) in slot CAP_FD_SET0
 * The registers are NT_PRSTATUS's struct user_regs_struct or NT_FPREGSET's
 * struct user_fpregs_struct, as much as the iovec's length says (when it is
 * a whole number of 8-byte slots), read from the iovec's copy.
 */
#include "cap.bpf.h"

#define PT_GETREGS	12
#define PT_SETREGS	13
#define PT_GETFPREGS	14
#define PT_SETFPREGS	15
#define PT_SETSIGINFO	0x4203
#define PT_GETREGSET	0x4204
#define PT_SETREGSET	0x4205
#define PT_PEEKSIGINFO	0x4209
#define PT_REGS_SIZE	216	/* struct user_regs_struct */
#define PT_FPREGS_SIZE	512	/* struct user_fpregs_struct */

/* the registers of note type nt etrace decodes: their struct's size */
static __always_inline u32 regset_size(u64 nt)
{
	return nt == 1 ? PT_REGS_SIZE : nt == 2 ? PT_FPREGS_SIZE : 0;
}

/* the iovec at data, then (size: the struct's, 0 none) what its copy
   points to */
__noinline u32 g_pt_regset(u32 off, u64 data, u32 size_ph)
{
	u32 ph = size_ph >> 24, size = size_ph & 0xffff, start = off;
	struct cap_item *it;
	u64 iov[2] = {};
	u8 *b = buf();

	if (!b || !data)
		return off;
	off = g_buf(off, 3, data, 16, 16 | ph << 24);
	if (off == start || !size)
		return off;
	it = (struct cap_item *)(b + bounded(start, CAP_REC_MAX - 1));
	if (it->len != 16 || (it->flags & CAP_F_FAULT))
		return off;
	__builtin_memcpy(iov, data_at(b, start), sizeof(iov));
	if (!iov[1] || (iov[1] & 7))
		return off;
	return g_buf(off, 3, iov[0], iov[1] < size ? iov[1] : size,
		     size | ph << 24);
}

/* -y: the si_fd of the siginfo copied at start (a whole one) */
static __always_inline u32 si_fd(u32 off, u32 start)
{
	struct cap_item *it;
	u8 *b = buf();
	s32 fd = -1;

	if (!b)
		return off;
	it = (struct cap_item *)(b + bounded(start, CAP_REC_MAX - 1));
	if (it->len < 128 || (it->flags & CAP_F_FAULT))
		return off;
	__builtin_memcpy(&fd, data_at(b, start) + 24, sizeof(fd));
	if (fd < 0)
		return off;
	return g_fd_held(off, CAP_FD_SET0 | CAP_AT_ENTRY << 8, fd, ro_fds);
}

__noinline u32 g_ptrace(u32 off, u32 ph, u32 max,
			const struct call_args *ca)
{
	int entry = ph == CAP_AT_ENTRY;
	u32 start;
	u64 req, data;
	s64 ret;

	if (!ca)
		return off;
	req = ca->args[0];
	data = ca->args[3];
	ret = ca->ret;
	switch (req) {
	case PT_PEEKSIGINFO:
		if (entry)
			return g_buf(off, 2, ca->args[2], 16, 16 | ph << 24);
		if (ret <= 0 || !data)
			return off;
		return g_buf(off, 3, data, 128 * (u64)(ret < CAP_PT_SI_MAX ? ret :
						      CAP_PT_SI_MAX),
			     128 * CAP_PT_SI_MAX | ph << 24);
	case PT_GETREGSET:
		return g_pt_regset(off, data, ph << 24 |
				   (entry || ret ? 0 : regset_size(ca->args[2])));
	case PT_SETREGSET:
		return g_pt_regset(off, data, ph << 24 |
				   (entry ? regset_size(ca->args[2]) : 0));
	case PT_SETREGS: case PT_SETFPREGS:
		if (!entry || !data)
			return off;
		return g_buf(off, 3, data, req == PT_SETREGS ? PT_REGS_SIZE :
			     PT_FPREGS_SIZE, PT_FPREGS_SIZE | ph << 24);
	case PT_GETREGS: case PT_GETFPREGS:
		if (entry || ret || !data)
			return off;
		return g_buf(off, 3, data, req == PT_GETREGS ? PT_REGS_SIZE :
			     PT_FPREGS_SIZE, PT_FPREGS_SIZE | ph << 24);
	}
	if (!entry && ret < 0)
		return off;
	start = off;
	off = g_buf(off, 3, data, max, max | CAP_UPTO_BIT | ph << 24);
	if (req != PT_SETSIGINFO || !entry || !ro_fds || off == start)
		return off;
	return si_fd(off, start);
}
