// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: errno values to names and messages.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

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

/* ENOENT (any case, strace's), or -1 */
int errno_by_name(const char *s)
{
	for (int e = 1; e < 4096; e++) {
		const char *n = errno_name(e);

		if (n && !strcasecmp(n, s))	/* strace's: any case */
			return e;
	}
	return -1;
}

/* SIGUSR1, USR1 (any case), or 1..64 */
int signal_by_name(const char *s)
{
	char tmp[16], *end;
	long n;

	if (*s >= '0' && *s <= '9') {
		errno = 0;
		n = strtol(s, &end, 10);
		return !errno && !*end && n >= 1 && n <= 64 ? (int)n : -1;
	}
	for (int sig = 1; sig <= 64; sig++) {
		const char *name = signal_name(sig, tmp);

		if (name && (!strcasecmp(name, s) ||
			     (!strncmp(name, "SIG", 3) && !strcasecmp(name + 3, s))))
			return sig;
	}
	return -1;
}
