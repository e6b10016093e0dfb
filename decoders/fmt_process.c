// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: processes: clone, wait, resource limits, personality,
 * I/O priorities, uname, sysinfo, times (scheduling, capabilities, kcmp
 * and reboot in fmt_sched.c).
 */
#include <errno.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "fmt_priv.h"

FMT_KIND(waitopts)
{
	fmt_flags_dflt(b, &xlat_wait_options, (uint32_t)c->args[i], "W???");
}

FMT_KIND(tgid)
{
	fmt_pid(b, c->o, (int32_t)c->args[i]);
}

/*
 * waitid's id names a process only for P_PID (not a group): -Y's name;
 * with P_PIDFD it is an fd: -y's note
 */
FMT_KIND(waitid_id)
{
	uint32_t idtype = i > 0 ? (uint32_t)c->args[i - 1] : 0;

	if (i > 0 && idtype == P_PID) {
		fmt_pid(b, c->o, (int32_t)c->args[i]);
		return;
	}
	fb_dec(b, (int32_t)c->args[i]);
	if (i > 0 && idtype == 3 /* P_PIDFD */)
		fmt_fd_note(b, c, i);
}

FMT_KIND(idtype)
{
	fmt_enum_dflt(b, &xlat_idtype, (uint32_t)c->args[i], "P_???");
}

FMT_KIND(which)
{
	fmt_xlat_enum(b, &xlat_priority_which, (uint32_t)c->args[i]);
}

/* [{WIFEXITED(s) && WEXITSTATUS(s) == 0}] */
FMT_KIND(wstatus)
{
	const struct cap *k;
	uint32_t s, event;

	/* nothing changed state (WNOHANG): the pointer, as strace */
	if (c->ret == 0) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	k = arg_or_ptr(b, c, i);
	if (!k)
		return;
	s = ld32(k->p);
	event = s >> 16;
	fb_puts(b, "[{");
	if (WIFSTOPPED(s)) {
		/* strace keeps the names in these words under -X */
		fb_puts(b, "WIFSTOPPED(s) && WSTOPSIG(s) == ");
		fmt_signal_name(b, WSTOPSIG(s));
	} else if (WIFSIGNALED(s)) {
		fb_puts(b, "WIFSIGNALED(s) && WTERMSIG(s) == ");
		fmt_signal_name(b, WTERMSIG(s));
		if (WCOREDUMP(s))
			fb_puts(b, " && WCOREDUMP(s)");
	} else if (WIFEXITED(s)) {
		fb_puts(b, "WIFEXITED(s) && WEXITSTATUS(s) == ");
		fb_udec(b, WEXITSTATUS(s));
	} else if (WIFCONTINUED(s)) {
		fb_puts(b, "WIFCONTINUED(s)");
	} else {
		fb_hex(b, s);
		fb_puts(b, "}]");
		return;
	}
	fb_putc(b, '}');
	if (event) {
		static const char *const ev[] = {
			NULL, "PTRACE_EVENT_FORK", "PTRACE_EVENT_VFORK",
			"PTRACE_EVENT_CLONE", "PTRACE_EVENT_EXEC",
			"PTRACE_EVENT_VFORK_DONE", "PTRACE_EVENT_EXIT",
			"PTRACE_EVENT_SECCOMP",
		};

		fb_putc(b, '|');
		if (event < sizeof(ev) / sizeof(ev[0]) && ev[event])
			fb_puts(b, ev[event]);
		else
			fb_hex(b, event);
		fb_puts(b, "<<16");
	} else if (s & ~0xffffu) {
		fb_putc(b, '|');
		fb_hex(b, s & ~0xffffu);
	}
	fb_putc(b, ']');
}

FMT_KIND(rusage)
{
	static const char *const f[] = {
		"ru_maxrss", "ru_ixrss", "ru_idrss", "ru_isrss", "ru_minflt",
		"ru_majflt", "ru_nswap", "ru_inblock", "ru_oublock",
		"ru_msgsnd", "ru_msgrcv", "ru_nsignals", "ru_nvcsw",
		"ru_nivcsw",
	};
	const struct cap *k;

	/* wait4 fills it only when it reaped a child (strace: > 0) */
	if (!strcmp(c->d->name, "wait4") && c->exited && c->ret <= 0) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	k = arg_or_ptr(b, c, i);
	if (!k)
		return;
	fb_puts(b, "{ru_utime=");
	fmt_timeval_at(b, k->p);
	fb_puts(b, ", ru_stime=");
	fmt_timeval_at(b, k->p + 16);
	if (!verbose(c)) {
		fb_puts(b, ", ...}");
		return;
	}
	for (int j = 0; j < 14; j++) {
		fb_puts(b, ", ");
		fb_puts(b, f[j]);
		fb_putc(b, '=');
		fb_udec(b, ld64(k->p + 32 + 8 * j));
	}
	fb_putc(b, '}');
}

FMT_KIND(resource)
{
	fmt_enum_dflt(b, &xlat_rlimit_resource, (uint32_t)c->args[i],
		      "RLIMIT_???");
}

static void rlim_words(struct fmt_buf *b, uint64_t v)
{
	/* x86_64's getrlimit is the 64-bit one: strace says RLIM64 too */
	if (v == UINT64_MAX)
		fb_puts(b, "RLIM64_INFINITY");
	else if (v > 1024 && v % 1024 == 0) {
		fb_udec(b, v / 1024);
		fb_puts(b, "*1024");
	} else {
		fb_udec(b, v);
	}
}

static void fmt_rlim(struct fmt_buf *b, uint64_t v)
{
	fmt_words(b, v, XF_UDEC, rlim_words);
}

FMT_KIND(rlimit)
{
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_puts(b, "{rlim_cur=");
	fmt_rlim(b, ld64(k->p));
	fb_puts(b, ", rlim_max=");
	fmt_rlim(b, ld64(k->p + 8));
	fb_putc(b, '}');
}

FMT_KIND(utsname)
{
	static const char *const f[] = {
		"sysname", "nodename", "release", "version", "machine",
		"domainname",
	};
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_putc(b, '{');
	for (int j = 0; j < (verbose(c) ? 6 : 2); j++) {
		const uint8_t *s = k->p + 65 * j;
		const uint8_t *z = memchr(s, '\0', 65);

		if (j)
			fb_puts(b, ", ");
		fb_puts(b, f[j]);
		fb_putc(b, '=');
		fmt_qstr(b, c, s, z ? (size_t)(z - s) : 65, -1, !z, 0);
	}
	fb_puts(b, verbose(c) ? "}" : ", ...}");
}

FMT_KIND(sysinfo)
{
	static const char *const f[] = {
		"totalram", "freeram", "sharedram", "bufferram", "totalswap",
		"freeswap",
	};
	const struct cap *k = arg_or_ptr(b, c, i);
	const uint8_t *p;

	if (!k)
		return;
	p = k->p;
	fb_puts(b, "{uptime=");
	fb_dec(b, (int64_t)ld64(p));
	fb_puts(b, ", loads=[");
	for (int j = 0; j < 3; j++) {
		if (j)
			fb_puts(b, ", ");
		fb_udec(b, ld64(p + 8 + 8 * j));
	}
	fb_putc(b, ']');
	for (int j = 0; j < 6; j++) {
		fb_puts(b, ", ");
		fb_puts(b, f[j]);
		fb_putc(b, '=');
		fb_udec(b, ld64(p + 32 + 8 * j));
	}
	fb_puts(b, ", procs=");
	fb_udec(b, ld16(p + 80));
	fb_puts(b, ", totalhigh=");
	fb_udec(b, ld64(p + 88));
	fb_puts(b, ", freehigh=");
	fb_udec(b, ld64(p + 96));
	fb_puts(b, ", mem_unit=");
	fb_udec(b, ld32(p + 104));
	fb_putc(b, '}');
}

FMT_KIND(tms)
{
	static const char *const f[] = {
		"tms_utime", "tms_stime", "tms_cutime", "tms_cstime",
	};
	const struct cap *k = arg_or_ptr(b, c, i);

	if (!k)
		return;
	fb_putc(b, '{');
	for (int j = 0; j < 4; j++) {
		if (j)
			fb_puts(b, ", ");
		fb_puts(b, f[j]);
		fb_putc(b, '=');
		fmt_clock_t(b, ld64(k->p + 8 * j));
	}
	fb_putc(b, '}');
}

/* --- clone -------------------------------------------------------- */

static void fmt_clone_flags(struct fmt_buf *b, uint64_t v)
{
	uint64_t flags = v & ~(uint64_t)0xff;
	uint32_t sig = v & 0xff;

	if (flags) {
		fmt_flags_dflt(b, &xlat_clone_flags, flags, "CLONE_???");
		if (sig) {
			fb_putc(b, '|');
			fmt_signal(b, sig);
		}
	} else {
		fmt_signal(b, sig);
	}
}

/* the flags kind outside clone (no call formatter): flags and signal */
FMT_KIND(cloneflags)
{
	fmt_clone_flags(b, c->args[i]);
}

/*
 * x86_64 clone(flags, stack, parent_tid, child_tid, tls), printed as
 * strace does: named, stack first, the tid pointers and tls at exit.
 */
int fmt_clone_call(struct fmt_buf *b, const struct sc_call *c, int from,
		   int exiting)
{
	uint64_t flags = c->args[0] & ~(uint64_t)0xff;

	if (!exiting) {
		if (from > 0)
			return 1;
		fb_puts(b, "child_stack=");
		fmt_ptr(b, c->args[1]);
		fb_puts(b, ", flags=");
		fmt_clone_flags(b, c->args[0]);
		return 1;
	}
	if (from != 1)
		return c->d->nargs;
	if (flags & (CLONE_PARENT_SETTID | CLONE_PIDFD)) {
		const struct cap *k = c->cap_out[2];

		/* the tid (or pidfd) the kernel stored, when copied */
		fb_puts(b, ", parent_tid=");
		if (c->args[2] && k && !(k->flags & CAP_FAULT) && k->len >= 4 &&
		    !sc_failed(c)) {
			int32_t v = (int32_t)ld32(k->p);

			fb_putc(b, '[');
			if (flags & CLONE_PARENT_SETTID) {
				fmt_pid(b, c->o, v);
			} else {
				/* -y: described when stored (cap_fds.bpf.c) */
				fb_dec(b, v);
				if (c->fd[FD_SLOT_PAIR0] &&
				    c->fd[FD_SLOT_PAIR0]->fd == v)
					fmt_fd_note(b, c, FD_SLOT_PAIR0);
			}
			fb_putc(b, ']');
		} else if (c->args[2] && !(flags & CLONE_PIDFD) &&
			   c->exited && c->ret > 0 && !c->injected) {
			/*
			 * the kernel stores the very number it returns (not
			 * when -e inject= made the return: it stored nothing)
			 */
			fb_putc(b, '[');
			fmt_pid(b, c->o, c->ret);
			fb_putc(b, ']');
		} else {
			fmt_ptr(b, c->args[2]);
		}
	}
	if (flags & CLONE_SETTLS) {
		fb_puts(b, ", tls=");
		fmt_ptr(b, c->args[4]);
	}
	if (flags & (CLONE_CHILD_SETTID | CLONE_CHILD_CLEARTID)) {
		fb_puts(b, ", child_tidptr=");
		fmt_ptr(b, c->args[3]);
	}
	return c->d->nargs;
}

/* --- personality -------------------------------------------------- */

static void fmt_persona(struct fmt_buf *b, uint64_t v)
{
	uint32_t p = (uint32_t)v, flags = p & ~0xffu;
	const char *type = xlat_name(&xlat_personality_type, p & 0xff);

	/* each part in the -X style; unnamed flag bits get no comment */
	if (type)
		fmt_const(b, type, p & 0xff, XF_HEX);
	else
		fmt_unknown(b, p & 0xff, "PER_???");
	if (flags) {
		fb_putc(b, '|');
		fmt_flags_dflt(b, &xlat_personality_flags, flags, NULL);
	}
}

FMT_KIND(personality)
{
	/* 0xffffffff asks for the current persona: strace shows it raw */
	if ((uint32_t)c->args[i] == 0xffffffff)
		fb_hex(b, (uint32_t)c->args[i]);
	else
		fmt_persona(b, c->args[i]);
}

void fmt_personality_ret(struct fmt_buf *b, const struct sc_call *c)
{
	fb_hex(b, (uint64_t)c->ret);
	fb_puts(b, " (");
	fmt_persona(b, (uint64_t)c->ret);
	fb_putc(b, ')');
}

/* membarrier as strace prints it: cpu_id only for MEMBARRIER_CMD_FLAG_CPU */
int fmt_membarrier_call(struct fmt_buf *b, const struct sc_call *c, int from,
			int exiting)
{
	if (exiting || from > 0)
		return 3;
	fmt_arg(b, c, 0);
	fb_puts(b, ", ");
	fmt_arg(b, c, 1);
	if (c->args[1] & 1 /* MEMBARRIER_CMD_FLAG_CPU */) {
		fb_puts(b, ", ");
		fb_dec(b, (int32_t)c->args[2]);
	}
	return 3;
}

void fmt_membarrier_ret(struct fmt_buf *b, const struct sc_call *c)
{
	/* MEMBARRIER_CMD_QUERY answers with the supported commands */
	if (c->args[0] != 0 || !c->ret) {
		fb_dec(b, c->ret);
		return;
	}
	fb_hex(b, (uint64_t)c->ret);
	fb_puts(b, " (");
	fmt_xlat_flags(b, &xlat_membarrier_cmd, (uint64_t)c->ret);
	fb_putc(b, ')');
}

void fmt_policy_ret(struct fmt_buf *b, const struct sc_call *c)
{
	const char *name = xlat_name(&xlat_sched_policy, (uint64_t)c->ret);

	fb_dec(b, c->ret);
	if (name) {
		fb_puts(b, " (");
		fb_puts(b, name);
		fb_putc(b, ')');
	}
}

/* --- I/O priorities ------------------------------------------------ */

/* IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 4): the class (13 bits up), the data */
static void ioprio_value(struct fmt_buf *b, uint32_t v)
{
	fb_puts(b, "IOPRIO_PRIO_VALUE(");
	fmt_xlat_enum(b, &xlat_ioprio_class, v >> 13);
	fb_puts(b, ", ");
	fb_dec(b, v & 0x1fff);
	fb_putc(b, ')');
}

/*
 * ioprio_set's priority, an int: the value alone (abbreviated), the
 * number with the value in a comment (-Xverbose), the number (-Xraw)
 */
FMT_KIND(ioprio)
{
	uint32_t v = (uint32_t)c->args[i];

	if (b->xstyle != XSTYLE_ABBREV)
		fb_dec(b, (int32_t)v);
	if (b->xstyle == XSTYLE_RAW)
		return;
	if (b->xstyle == XSTYLE_VERBOSE)
		fb_puts(b, " /* ");
	ioprio_value(b, v);
	if (b->xstyle == XSTYLE_VERBOSE)
		fb_puts(b, " */");
}

/* ioprio_get's: = 16388 (IOPRIO_PRIO_VALUE(IOPRIO_CLASS_BE, 4)) */
void fmt_ioprio_ret(struct fmt_buf *b, const struct sc_call *c)
{
	fb_dec(b, c->ret);
	if (b->xstyle == XSTYLE_RAW)
		return;
	fb_puts(b, " (");
	ioprio_value(b, (uint32_t)c->ret);
	fb_putc(b, ')');
}
