// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Sinks stage, JSON Lines: a call's arguments as typed values
 * (json_args.h): the raw number, strace's text, flag names, strings with
 * their exact bytes, what an fd referred to (-y), the names of pids (-Y).
 */
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include "json.h"
#include "json_args.h"

static int is_flags(int kind)
{
	return kind == K_flags || kind == K_lflags || kind == K_oflags ||
	       kind == K_atflags ||
	       kind == K_prot || kind == K_mapflags || kind == K_cloneflags ||
	       kind == K_waitopts || kind == K_socktype;
}

/* "A|B|0x40" -> ["A","B"]: the names; the raw value has the rest */
static void flag_names(struct fmt_buf *b, const char *text)
{
	int n = 0;

	fb_putc(b, '[');
	while (*text) {
		size_t len = strcspn(text, "|");

		if ((text[0] >= 'A' && text[0] <= 'Z') || text[0] == '_') {
			if (n++)
				fb_putc(b, ',');
			json_str(b, (const uint8_t *)text, len);
		}
		text += len;
		if (*text == '|')
			text++;
	}
	fb_putc(b, ']');
}

static int is_string_kind(int kind)
{
	return kind == K_path || kind == K_str || kind == K_ostr ||
	       kind == K_ibuf || kind == K_obuf || kind == K_sockbuf;
}

/*
 * -y: what an fd referred to, as typed fields: {"kind":"path",
 * "path":"/etc/hostname","deleted":false}, {"kind":"socket","inode":N,
 * "protocol":"TCP","src":"127.0.0.1","sport":40000,...}
 */
void json_fd(struct fmt_buf *b, const struct fd_desc *f)
{
	static const char *const kinds[] = {
		[FD_PATH] = "path", [FD_PIPE] = "pipe", [FD_SOCKET] = "socket",
		[FD_ANON] = "anon_inode", [FD_PIDFD] = "pidfd",
	};
	char ip[INET6_ADDRSTRLEN];
	int first = 1, inet = f->family == AF_INET || f->family == AF_INET6;

	fb_putc(b, '{');
	json_key(b, &first, "kind");
	json_cstr(b, kinds[f->kind]);
	switch (f->kind) {
	case FD_PATH:
		json_key(b, &first, "path");
		if (json_str(b, f->name, f->namelen)) {
			json_key(b, &first, "hex");
			json_hex(b, f->name, f->namelen);
		}
		json_key(b, &first, "deleted");
		fb_puts(b, f->deleted ? "true" : "false");
		if (S_ISCHR(f->mode) || S_ISBLK(f->mode)) {
			json_key(b, &first, "dev_type");
			json_cstr(b, S_ISCHR(f->mode) ? "char" : "block");
			json_key(b, &first, "major");
			fb_udec(b, f->rdev >> 20);
			json_key(b, &first, "minor");
			fb_udec(b, f->rdev & 0xfffff);
		}
		break;
	case FD_ANON:
		json_key(b, &first, "name");
		json_str(b, f->name, f->namelen);
		break;
	case FD_PIDFD:
		json_key(b, &first, "pid");
		fb_dec(b, f->pid);
		break;
	case FD_PIPE:
	case FD_SOCKET:
		json_key(b, &first, "inode");
		fb_udec(b, f->ino);
		break;
	}
	if (f->kind != FD_SOCKET || !f->proto[0])
		goto out;
	json_key(b, &first, "protocol");
	json_cstr(b, f->proto);
	json_key(b, &first, "family");
	fb_dec(b, f->family);
	json_key(b, &first, "type");
	fb_dec(b, f->type);
	json_key(b, &first, "state");
	fb_dec(b, f->state);
	if (inet) {
		int af = f->family == AF_INET ? AF_INET : AF_INET6;

		json_key(b, &first, "src");
		json_cstr(b, inet_ntop(af, f->src, ip, sizeof(ip)) ? ip : "");
		json_key(b, &first, "sport");
		fb_udec(b, f->sport);
		json_key(b, &first, "dst");
		json_cstr(b, inet_ntop(af, f->dst, ip, sizeof(ip)) ? ip : "");
		json_key(b, &first, "dport");
		fb_udec(b, f->dport);
	} else if (f->family == AF_UNIX) {
		json_key(b, &first, "peer");
		fb_udec(b, f->peer);
		if (f->namelen) {
			uint32_t n = f->namelen;

			/* a path's address ends at its NUL; an abstract one
			   (a NUL first) is all bytes */
			if (f->name[0] && memchr(f->name, 0, n))
				n = (uint32_t)((const uint8_t *)memchr(f->name, 0, n) -
					       f->name);
			json_key(b, &first, "address");
			if (json_str(b, f->name, n)) {
				json_key(b, &first, "address_hex");
				json_hex(b, f->name, n);
			}
		}
	} else if (f->family == AF_NETLINK) {
		json_key(b, &first, "portid");
		fb_udec(b, f->portid);
		json_key(b, &first, "netlink_protocol");
		fb_dec(b, f->protocol);
	}
out:
	fb_putc(b, '}');
}

void json_pid_comm(struct fmt_buf *b, int *first, const char *key,
		   const struct sc_call *c, int64_t pid)
{
	const char *name;

	if (!c->o || !c->o->pid_name || pid <= 0 || pid > 0x7fffffff)
		return;
	name = c->o->pid_name(c->o->pid_ctx, pid);
	if (!name || !*name)
		return;
	json_key(b, first, key);
	json_str(b, (const uint8_t *)name, strlen(name));
}

void json_arg(struct fmt_buf *b, char *tmp, size_t tmplen,
	      const struct sc_call *c, int i, const char *name)
{
	const struct sc_arg *a = &c->d->arg[i];
	const struct cap *k = kind_info[a->kind].dir == D_OUT ? c->cap_out[i] :
							       c->cap[i];
	uint64_t v = c->args[i];
	struct fmt_buf t;
	int first = 1;

	fb_putc(b, '{');
	json_key(b, &first, "name");
	json_cstr(b, name);
	json_key(b, &first, "raw");
	switch (kind_info[a->kind].base) {
	case B_INT:
		fb_dec(b, (int32_t)v);
		break;
	case B_LONG:
		fb_dec(b, (int64_t)v);
		break;
	case B_UINT:
		fb_udec(b, (uint32_t)v);
		break;
	default:
		fb_udec(b, v);
	}
	/* an output argument of a call that did not return has no value */
	if (kind_info[a->kind].dir == D_OUT && !c->exited)
		goto out;
	/* "text" in the -X style of the line; "flags" always by name */
	fb_init(&t, tmp, tmplen);
	t.xstyle = b->xstyle;
	fmt_arg(&t, c, i);
	*t.p = '\0';
	json_key(b, &first, "text");
	json_str(b, (const uint8_t *)tmp, (size_t)(t.p - tmp));
	if (is_flags(a->kind)) {
		fb_init(&t, tmp, tmplen);
		fmt_arg(&t, c, i);
		*t.p = '\0';
		json_key(b, &first, "flags");
		flag_names(b, tmp);
	}
	if (c->fd[i]) {
		json_key(b, &first, "fd");
		json_fd(b, c->fd[i]);
	}
	if (a->kind == K_pipefds && c->fd[FD_SLOT_PAIR0] &&
	    c->fd[FD_SLOT_PAIR0 + 1]) {
		json_key(b, &first, "fds");
		fb_putc(b, '[');
		json_fd(b, c->fd[FD_SLOT_PAIR0]);
		fb_putc(b, ',');
		json_fd(b, c->fd[FD_SLOT_PAIR0 + 1]);
		fb_putc(b, ']');
	}
	if (a->kind == K_tgid)
		json_pid_comm(b, &first, "comm", c, (int32_t)v);
	/* (a netlink socket's messages: "text" has them decoded) */
	if (is_string_kind(a->kind) && k && !(k->flags & CAP_FAULT) &&
	    !(a->kind == K_sockbuf && k->nlproto)) {
		uint32_t len = k->len;
		int trunc = (k->flags & CAP_TRUNC) != 0;

		json_key(b, &first, "str");
		if (json_str(b, k->p, len)) {
			json_key(b, &first, "hex");
			json_hex(b, k->p, len);
		}
		json_key(b, &first, "truncated");
		fb_puts(b, trunc ? "true" : "false");
	}
out:
	fb_putc(b, '}');
}
