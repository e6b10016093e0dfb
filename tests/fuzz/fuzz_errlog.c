// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: the tracefs error_log parser (tfs_filter_msg), which turns the
 * kernel's words about a refused --filter into etrace's one line.
 *
 * Input: u8 mode.  Mode bit 0 clear: the rest is the log text, any
 * bytes; the message must stay within its buffer, NUL-terminated, and be
 * left alone when the log holds no filter error.  Bit 0 set: a log laid
 * out as the kernel writes it (kernel/trace/trace.c, seen on 6.18):
 *
 *   [ 1998.610208] event filter parse error: error: Field not found
 *     Command: bogus == 1
 *                    ^
 *
 * from u8 caret position, then NUL-separated: the error text, the
 * command (any bytes, newlines too), text before the entry; bit 1 drops
 * the caret line (and every '^' of the command).  The message must be
 * exactly "bad filter for S:N: ERROR: 'FILTER' (at column POS+1)", or
 * without the column when there is no caret.
 */
#include "fuzz.h"
#include "tracefs.h"

static char log[1 << 16], msg[1 << 16], want[1 << 16];

/* the next NUL-separated piece of the input, without the bytes in drop */
static size_t piece(struct fz *f, char *out, size_t max, const char *drop)
{
	size_t n = 0;

	while (f->left) {
		char c = (char)fz_u8(f);

		if (!c)
			break;
		if (n + 1 < max && !strchr(drop, c))
			out[n++] = c;
	}
	out[n] = '\0';
	return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char before[] = "the kernel refused it";
	struct fz f;
	uint8_t mode;
	char small[24];

	if (size > 8192)
		return 0;
	fz_init(&f, data, size);
	mode = fz_u8(&f);
	if (!(mode & 1)) {
		size_t got;
		const uint8_t *p = fz_take(&f, f.left, &got);
		char *copy = malloc(got + 1);

		if (!copy)
			abort();
		memcpy(copy, p, got);
		copy[got] = '\0';
		memcpy(log, copy, got + 1);
		strcpy(msg, before);
		tfs_filter_msg(copy, "sched", "sched_switch", "x == 1", msg,
			       sizeof(msg));
		FUZZ_ASSERT(memchr(msg, '\0', sizeof(msg)));
		if (!strstr(log, "error: error: "))
			FUZZ_ASSERT(!strcmp(msg, before));
		else if (strcmp(msg, before))
			FUZZ_ASSERT(!strncmp(msg, "bad filter for sched:sched_switch: ", 35));
		/* and into a small buffer: cut, never past it */
		memcpy(copy, log, got + 1);
		memset(small, 'z', sizeof(small));
		small[0] = '\0';
		tfs_filter_msg(copy, "sched", "sched_switch", "x == 1", small,
			       sizeof(small) - 4);
		FUZZ_ASSERT(memchr(small, '\0', sizeof(small) - 4));
		FUZZ_ASSERT(!memcmp(small + sizeof(small) - 4, "zzzz", 4));
		free(copy);
		return 0;
	}
	{
		char err[512], cmd[1024], pre[512], *copy;
		unsigned int pos = fz_u8(&f);
		int caret = !(mode & 2);
		size_t n;

		piece(&f, err, sizeof(err), "\n");
		piece(&f, cmd, sizeof(cmd), caret ? "" : "^");
		piece(&f, pre, sizeof(pre), "");
		/* one entry: what comes before it is another's, whole lines */
		n = (size_t)snprintf(log, sizeof(log), "%s%s[ 1998.610208] event"
				     " filter parse error: error: %s\n"
				     "  Command: %s\n", pre, pre[0] ? "\n" : "",
				     err, cmd);
		if (caret)
			n += (size_t)snprintf(log + n, sizeof(log) - n, "%*s^\n",
					      (int)(11 + pos), "");
		/* the text before may hold an entry of its own: not this test */
		if (strstr(pre, "error: error: ") || strstr(pre, "Command: "))
			return 0;
		copy = (char *)fz_dup(log, n + 1);
		msg[0] = '\0';
		tfs_filter_msg(copy, "sched", "sched_switch", cmd, msg,
			       sizeof(msg));
		if (caret)
			snprintf(want, sizeof(want), "bad filter for sched:"
				 "sched_switch: %s: '%s' (at column %u)", err,
				 cmd, pos + 1);
		else
			snprintf(want, sizeof(want), "bad filter for sched:"
				 "sched_switch: %s: '%s'", err, cmd);
		if (strcmp(msg, want)) {
			fprintf(stderr, "log:\n%s\nwant: %s\ngot:  %s\n", log,
				want, msg);
			FUZZ_ASSERT(!"the message is not the log's");
		}
		free(copy);
	}
	return 0;
}
