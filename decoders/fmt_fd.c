// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: -y, what an fd referred to at the time of the call, as
 * strace 6.1 prints it after the number: "3</etc/hostname>", with -yy
 * "3</dev/null<char 1:3>>", "3<TCP:[127.0.0.1:40000->127.0.0.1:8080]>",
 * "3<UNIX-STREAM:[123->124]>", "3<pid:77>".  strace reads /proc's
 * link text and asks sock_diag; the tracer hands us what the kernel
 * held at the call (struct fd_desc), and the text is made the same way:
 * a socket sock_diag would not list prints as strace's fallback
 * "PROTO:[inode]".
 */
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include "fmt_priv.h"

#define TCP_CLOSE_STATE	7

/* the text /proc/PID/fd/N's link holds (without " (deleted)") */
static void fd_link_text(struct fmt_buf *b, const struct sc_call *c,
			 const struct fd_desc *f)
{
	switch (f->kind) {
	case FD_PATH:
		fmt_fdtext(b, c, f->name, f->namelen);
		return;
	case FD_PIPE:
		fb_puts(b, "pipe:[");
		break;
	case FD_SOCKET:
		fb_puts(b, "socket:[");
		break;
	case FD_ANON:
		fb_puts(b, "anon_inode:");
		fmt_fdtext(b, c, f->name, f->namelen);
		return;
	case FD_PIDFD:
		fb_puts(b, "anon_inode:[pidfd]");
		return;
	}
	fb_udec(b, f->ino);
	fb_putc(b, ']');
}

static int proto_is(const struct fd_desc *f, const char *const *names)
{
	for (; *names; names++)
		if (!strcmp(f->proto, *names))
			return 1;
	return 0;
}

static void inet_end(struct fmt_buf *b, const struct fd_desc *f,
		     const uint8_t *addr, uint16_t port)
{
	char text[INET6_ADDRSTRLEN];
	int v6 = f->family == AF_INET6;

	if (!v6) {
		/* (inet_ntop's text, without the printf it costs per call) */
		for (int i = 0; i < 4; i++) {
			if (i)
				fb_putc(b, '.');
			fb_udec(b, addr[i]);
		}
	} else {
		if (!inet_ntop(AF_INET6, addr, text, sizeof(text)))
			text[0] = '\0';
		fb_putc(b, '[');
		fb_puts(b, text);
		fb_putc(b, ']');
	}
	fb_putc(b, ':');
	fb_udec(b, port);
}

/*
 * -yy's socket text, as strace builds it from sock_diag: 1 if printed.
 * The protocols it cannot ask about print as the link text.
 */
static int fd_socket(struct fmt_buf *b, const struct sc_call *c,
		     const struct fd_desc *f)
{
	static const char *const unix_protos[] = { "UNIX", "UNIX-STREAM", NULL };
	static const char *const tcp[] = { "TCP", "TCPv6", NULL };
	static const char *const udp[] = { "UDP", "UDPv6", "UDPLITE",
					   "UDPLITEv6", NULL };
	static const char *const unlisted[] = { "PING", "PINGv6", NULL };
	static const char *const raw[] = { "RAW", "RAWv6", NULL };
	static const uint8_t zero[16];
	int listed = 0;

	if (f->kind != FD_SOCKET || !f->proto[0])
		return 0;
	if (proto_is(f, unix_protos)) {
		fb_putc(b, '<');
		fb_puts(b, f->proto);
		fb_puts(b, ":[");
		fb_udec(b, f->ino);
		if (f->peer) {
			fb_puts(b, "->");
			fb_udec(b, f->peer);
		}
		if (f->namelen) {
			fb_putc(b, ',');
			if (f->name[0] == '\0') {
				fb_putc(b, '@');
				fmt_qstr(b, c, f->name + 1, f->namelen - 1, -1, 0,
					 QS_NUL_END);
			} else {
				fmt_qstr(b, c, f->name, f->namelen, -1, 0,
					 QS_NUL_END);
			}
		}
		fb_puts(b, "]>");
		return 1;
	}
	if (!strcmp(f->proto, "NETLINK")) {
		const char *name = xlat_name(&xlat_netlink_proto,
					     (uint64_t)f->protocol);

		fb_puts(b, "<NETLINK:[");
		if (!f->portid) {
			fb_udec(b, f->ino);
		} else if (name) {
			fb_puts(b, name + strlen("NETLINK_"));
			fb_putc(b, ':');
			fb_udec(b, f->portid);
		} else {
			fb_udec(b, (uint64_t)f->protocol);
		}
		fb_puts(b, "]>");
		return 1;
	}
	/*
	 * What sock_diag lists: TCP sockets but closed ones not bound to a
	 * port (since 6.10 it lists bound, inactive ones too), UDP sockets
	 * bound to a port
	 */
	if (proto_is(f, tcp))
		listed = f->state != TCP_CLOSE_STATE || f->sport != 0;
	else if (proto_is(f, udp))
		listed = f->sport != 0;
	/* strace asks for IPPROTO_RAW's raw sockets: others are not found */
	else if (!proto_is(f, unlisted) &&
		 !(proto_is(f, raw) && f->protocol != IPPROTO_RAW))
		return 0;
	fb_putc(b, '<');
	fb_puts(b, f->proto);
	fb_puts(b, ":[");
	if (!listed) {
		fb_udec(b, f->ino);
	} else {
		inet_end(b, f, f->src, f->sport);
		if (f->dport || memcmp(f->dst, zero,
				       f->family == AF_INET6 ? 16 : 4)) {
			fb_puts(b, "->");
			inet_end(b, f, f->dst, f->dport);
		}
	}
	fb_puts(b, "]>");
	return 1;
}

void fmt_fd_note(struct fmt_buf *b, const struct sc_call *c, int slot)
{
	const struct fd_desc *f = slot >= 0 && slot < FD_SLOTS ? c->fd[slot] :
				  NULL;
	unsigned int fds = c->o ? c->o->fds : 0;

	if (!f || !fds)
		return;
	/* strace's order: socket, device, pidfd, then the link text */
	if ((fds & DECODE_FD_SOCKET) && fd_socket(b, c, f))
		return;
	if ((fds & DECODE_FD_DEV) && f->kind == FD_PATH && !f->deleted &&
	    f->namelen && f->name[0] == '/' &&
	    (S_ISCHR(f->mode) || S_ISBLK(f->mode))) {
		fb_putc(b, '<');
		fmt_fdtext(b, c, f->name, f->namelen);
		fb_puts(b, S_ISBLK(f->mode) ? "<block " : "<char ");
		fb_udec(b, f->rdev >> 20);
		fb_putc(b, ':');
		fb_udec(b, f->rdev & 0xfffff);
		fb_puts(b, ">>");
		return;
	}
	if ((fds & DECODE_FD_PIDFD) && f->kind == FD_PIDFD) {
		fb_putc(b, '<');
		if (f->pid > 0) {
			fb_puts(b, "pid:");
			fb_dec(b, f->pid);
		} else {
			fd_link_text(b, c, f);
		}
		fb_putc(b, '>');
		return;
	}
	if (!(fds & DECODE_FD_PATH))
		return;
	fb_putc(b, '<');
	fd_link_text(b, c, f);
	fb_putc(b, '>');
	if (f->deleted)
		fb_puts(b, "(deleted)");
}

FMT_KIND(fd)
{
	fb_dec(b, (int32_t)c->args[i]);
	/* -100 is AT_FDCWD for a dirfd only: here no fd (EBADF) */
	if ((int32_t)c->args[i] != AT_FDCWD)
		fmt_fd_note(b, c, i);
}

/* the process's working directory: /proc's link text, " (deleted)" in */
static void fd_cwd(struct fmt_buf *b, const struct sc_call *c, int i)
{
	const struct fd_desc *f = c->fd[i];

	if (!f || !c->o || !(c->o->fds & DECODE_FD_PATH) || f->kind != FD_PATH)
		return;
	fb_putc(b, '<');
	fmt_fdtext(b, c, f->name, f->namelen);
	if (f->deleted)
		fb_puts(b, " (deleted)");
	fb_putc(b, '>');
}

FMT_KIND(dirfd)
{
	/* fanotify_mark's dirfd -1: no directory, the path alone */
	if ((int32_t)c->args[i] == -1 &&
	    !strcmp(c->d->name, "fanotify_mark")) {
		fmt_const(b, "FAN_NOFD", UINT64_MAX, XF_DEC);
		return;
	}
	if ((int32_t)c->args[i] == AT_FDCWD) {
		fmt_const(b, "AT_FDCWD", (uint64_t)(int64_t)AT_FDCWD, XF_DEC);
		fd_cwd(b, c, i);
	} else {
		fb_dec(b, (int32_t)c->args[i]);
		fmt_fd_note(b, c, i);
	}
}

/*
 * An fd read from memory (io_uring's files, clone3's pidfd): its number
 * and, with -y, what the BPF program found it was (a CAP_FD_SET0 slot
 * that holds its description, by number)
 */
void fmt_fd_value(struct fmt_buf *b, const struct sc_call *c, int32_t fd)
{
	fb_dec(b, fd);
	for (int s = FD_SLOT_SET0; s < FD_SLOTS && fd >= 0; s++)
		if (c->fd[s] && c->fd[s]->fd == fd) {
			fmt_fd_note(b, c, s);
			return;
		}
}

/*
 * An fd of the process another argument names (pidfd_getfd's targetfd):
 * -y names it when the tracer knew that process was the caller's (its
 * slot), or, once the call succeeded, by the fd it returned: a copy of
 * the very same open file
 */
FMT_KIND(otherfd)
{
	fb_dec(b, (int32_t)c->args[i]);
	if (c->fd[i])
		fmt_fd_note(b, c, i);
	else if (c->exited && c->ret >= 0 && !c->injected)
		fmt_fd_note(b, c, FD_SLOT_RET);
}
