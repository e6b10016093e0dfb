// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: syslog(2) as strace 6.1 prints it.  The action is a
 * number with its name in a comment whatever -X says (2, then
 * SYSLOG_ACTION_READ in a comment), and the arguments are those the
 * action uses: none for the actions
 * that ignore them, the buffer (at exit: the ret bytes read) and its
 * length for the SYSLOG_ACTION_READ*, the level (named the same way) for
 * SYSLOG_ACTION_CONSOLE_LEVEL, an address and a number for the others.
 */
#include "fmt_priv.h"

enum {
	SL_CLOSE, SL_OPEN, SL_READ, SL_READ_ALL, SL_READ_CLEAR, SL_CLEAR,
	SL_CONSOLE_OFF, SL_CONSOLE_ON, SL_CONSOLE_LEVEL, SL_SIZE_UNREAD,
	SL_SIZE_BUFFER,
};

/* kern_levels.h's, and 8: what the kernel takes as "every message" */
static const char *const levels[] = {
	"LOGLEVEL_EMERG", "LOGLEVEL_ALERT", "LOGLEVEL_CRIT", "LOGLEVEL_ERR",
	"LOGLEVEL_WARNING", "LOGLEVEL_NOTICE", "LOGLEVEL_INFO",
	"LOGLEVEL_DEBUG", "LOGLEVEL_DEBUG+1",
};

/* N / * NAME * /: strace names these so in every -X style */
static void num_named(struct fmt_buf *b, int32_t v, const char *name,
		      const char *dflt)
{
	fb_dec(b, v);
	fb_puts(b, " /* ");
	fb_puts(b, name ? name : dflt);
	fb_puts(b, " */");
}

FMT_KIND(syslogtype)
{
	int32_t type = (int32_t)c->args[i];

	num_named(b, type, type >= 0 ? xlat_name(&xlat_syslog_action,
						  (uint64_t)type) : NULL,
		  "SYSLOG_ACTION_???");
}

int fmt_syslog_call(struct fmt_buf *b, const struct sc_call *c, int from,
		    int exiting)
{
	int32_t type = (int32_t)c->args[0], len = (int32_t)c->args[2];
	int read = type == SL_READ || type == SL_READ_ALL ||
		   type == SL_READ_CLEAR;

	if (exiting && from == 1 && read) {
		/* the buffer and its length at exit, as strace */
		if (sc_failed(c))
			fmt_ptr(b, c->args[1]);
		else
			fmt_arg(b, c, 1);
		fb_puts(b, ", ");
		fb_dec(b, len);
		return c->d->nargs;
	}
	if (from > 0)
		return c->d->nargs;
	fmt_k_syslogtype(b, c, 0);
	if (read) {
		fb_puts(b, ", ");
		if (!exiting)
			return 1;
		return fmt_syslog_call(b, c, 1, 1);
	}
	if (type >= SL_CLOSE && type <= SL_SIZE_BUFFER &&
	    type != SL_CONSOLE_LEVEL)
		return c->d->nargs;
	fb_puts(b, ", ");
	fmt_ptr(b, c->args[1]);
	fb_puts(b, ", ");
	if (type == SL_CONSOLE_LEVEL)
		num_named(b, len, len >= 0 && len <= SL_CONSOLE_LEVEL ?
			  levels[len] : NULL, "LOGLEVEL_???");
	else
		fb_dec(b, len);
	return c->d->nargs;
}
