// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: errno values to names and messages.
 */
#include <string.h>

#include "decode.h"
#include "xlat_sets.h"

const char *errno_name(int err)
{
	return err > 0 ? xlat_name(&xlat_errno, (uint64_t)err) : NULL;
}

const char *errno_text(int err)
{
	/* strace's words for the codes a signal makes the kernel restart */
	switch (err) {
	case 512: return "To be restarted if SA_RESTART is set";
	case 513: return "To be restarted";
	case 514: return "To be restarted if no handler";
	case 516: return "Interrupted by signal";
	}
	return strerror(err);
}

const char *signal_name(int sig, char tmp[16])
{
	const char *name;

	if (sig > 32 && sig <= 64) {
		/* strace: 32 is SIGRTMIN, then SIGRT_1 .. SIGRT_32 */
		struct fmt_buf b;

		fb_init(&b, tmp, 15);
		fb_puts(&b, "SIGRT_");
		fb_udec(&b, (uint64_t)(sig - 32));
		*b.p = '\0';
		return tmp;
	}
	name = sig > 0 ? xlat_name(&xlat_signals, (uint64_t)sig) : NULL;
	return name;
}

void fmt_signal(struct fmt_buf *b, int64_t sig)
{
	char tmp[16];
	const char *name = sig == (int)sig ? signal_name((int)sig, tmp) : NULL;

	if (name)
		fmt_const(b, name, (uint64_t)sig, XF_DEC);
	else
		fb_dec(b, sig);
}

void fmt_signal_name(struct fmt_buf *b, int64_t sig)
{
	int style = b->xstyle;

	b->xstyle = XSTYLE_ABBREV;
	fmt_signal(b, sig);
	b->xstyle = style;
}
