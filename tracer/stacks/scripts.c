// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unwind stage: script frames, one provider per runtime (scripts.h).
 * bash: its records are cap_shell.bpf.c's, FUNCNAME, BASH_SOURCE and
 * BASH_LINENO as bash held them at the syscall's entry.  python: its
 * own file (python.c).
 */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "capture_abi.h"
#include "python.h"
#include "scripts.h"

/* a decimal line of bash's ("12"), or -1: not one */
static int shell_line(const char *s, size_t size)
{
	long v = 0;
	size_t i;

	for (i = 0; i < size && s[i]; i++) {
		if (s[i] < '0' || s[i] > '9' || v > 100000000)
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return i && i < size ? (int)v : -1;
}

/*
 * A string the program may have cut at its field's size: interned as is
 * when whole, else with "..." after it, as strace marks a cut string.
 */
static const char *shell_str(struct unwinder *u, const char *s, size_t size)
{
	char buf[SHELL_FILE + 4];
	size_t n = strnlen(s, size);

	if (n == size)
		return NULL;
	snprintf(buf, sizeof(buf), "%.*s%s", (int)n, s,
		 n == size - 1 ? "..." : "");
	return unwind_intern(u, buf);
}

static int bash_frames(struct unwinder *u, const uint8_t *raw, size_t len,
		       long *nr, struct frame *out, int max)
{
	size_t head = offsetof(struct cap_shell, lv);
	struct cap_shell r;
	int n = 0;

	/* the head, then the levels it says it has */
	if (len < head)
		return 0;
	memcpy(&r, raw, head);
	if (r.nlevels > SHELL_LEVELS ||
	    len < head + r.nlevels * sizeof(r.lv[0]))
		return 0;
	memcpy(r.lv, raw + head, r.nlevels * sizeof(r.lv[0]));
	*nr = r.nr;
	for (unsigned int i = 0; i < r.nlevels && i < SHELL_LEVELS && n < max; i++) {
		const struct cap_shell_level *lv = &r.lv[i];
		struct frame *f = &out[n];
		int line = i ? shell_line(lv->line, sizeof(lv->line)) :
			   r.line == r.err_line ? r.line : 0;

		memset(f, 0, sizeof(*f));
		f->script = "shell";
		f->sym = shell_str(u, lv->func, sizeof(lv->func));
		f->file = shell_str(u, lv->file, sizeof(lv->file));
		/* a level not whole ends the frames: none after is sure */
		if ((i && line <= 0) || line < 0 || !f->sym || !f->file)
			return n;
		/* level 0 with bash's two lines apart: its line unknown, 0 */
		f->line = line;
		n++;
	}
	if ((r.flags & SHELL_F_DEEPER) && n == SHELL_LEVELS && n < max) {
		memset(&out[n], 0, sizeof(out[n]));
		out[n++].script = "shell";
	}
	return n;
}

static const struct script_provider providers[] = {
	{ "bash", CAP_MAGIC_SHELL, bash_frames, NULL },
	{ "python", CAP_MAGIC_PYTHON, python_frames, python_splice },
};

const struct script_provider *script_provider(uint32_t magic)
{
	for (size_t i = 0; i < sizeof(providers) / sizeof(providers[0]); i++)
		if (providers[i].magic == magic)
			return &providers[i];
	return NULL;
}
