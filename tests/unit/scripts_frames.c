// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unwind stage: script frames (scripts.h).  bash's provider turns the
 * record cap_shell.bpf.c wrote at a syscall's entry into frames,
 * innermost first: level 0's line is line_number while
 * line_number_for_err_trap agrees (else 0: the level without a line),
 * level i's is BASH_LINENO[i - 1]; a level whose line is not a number
 * ends the frames (none past it is sure); a string cut at its field ends
 * with "..."; levels deeper than were read end in a "more" frame.  And
 * how the shared writers name them: -k's "storm.sh:7 (in loop_body)"
 * (no ":LINE" when unknown), the folded format's "storm.sh:7(loop_body)",
 * its separators escaped.
 */
#include <stddef.h>

#include "capture_abi.h"
#include "check.h"
#include "scripts.h"
#include "stacks.h"
#include "text_line.h"

static void level(struct cap_shell *r, int i, const char *func,
		  const char *file, const char *line)
{
	snprintf(r->lv[i].func, sizeof(r->lv[i].func), "%s", func);
	snprintf(r->lv[i].file, sizeof(r->lv[i].file), "%s", file);
	snprintf(r->lv[i].line, sizeof(r->lv[i].line), "%s", line);
}

static const char *text(const struct frame *f)
{
	static char buf[512];
	struct fmt_buf b;

	fb_init(&b, buf, sizeof(buf) - 1);
	line_frame(&b, f);
	*b.p = '\0';
	return buf;
}

static const char *folded(const struct frame *f)
{
	static char buf[512];

	stacks_frame_name(f, buf, sizeof(buf));
	return buf;
}

int main(void)
{
	const struct script_provider *sp = script_provider(CAP_MAGIC_SHELL);
	struct frame f[SCRIPT_FRAMES];
	struct maps_table mt;
	struct unwinder u;
	struct cap_shell r;
	char longf[200];
	long nr = -1;
	int n;

	CHECK(!maps_init(&mt));
	CHECK(!unwind_init(&u, &mt, 0));
	CHECK(sp && !strcmp(sp->runtime, "bash"));
	CHECK(script_provider(CAP_MAGIC_BASH) == NULL);

	/* loop_body at line 7, called from main at line 12 */
	memset(&r, 0, sizeof(r));
	r.magic = CAP_MAGIC_SHELL;
	r.nr = 56;
	r.line = r.err_line = 7;
	r.nlevels = 2;
	level(&r, 0, "loop_body", "storm.sh", "");
	level(&r, 1, "main", "storm.sh", "12");
	n = sp->frames(&u, (const uint8_t *)&r, sizeof(r), &nr, f, SCRIPT_FRAMES);
	CHECK(n == 2 && nr == 56);
	CHECK(!strcmp(f[0].script, "shell") && !f[0].module && !f[0].cut);
	CHECK_STR(text(&f[0]), "storm.sh:7 (in loop_body)");
	CHECK_STR(text(&f[1]), "storm.sh:12 (in main)");
	CHECK_STR(folded(&f[0]), "storm.sh:7(loop_body)");
	CHECK_STR(folded(&f[1]), "storm.sh:12(main)");

	/* only the levels read are sent: enough; one byte short: nothing */
	CHECK(sp->frames(&u, (const uint8_t *)&r, offsetof(struct cap_shell, lv) +
			 2 * sizeof(r.lv[0]), &nr, f, SCRIPT_FRAMES) == 2);
	CHECK(sp->frames(&u, (const uint8_t *)&r, offsetof(struct cap_shell, lv) +
			 2 * sizeof(r.lv[0]) - 1, &nr, f, SCRIPT_FRAMES) == 0);

	/* bash has put line_number back (it waits): no line, the level is */
	r.err_line = 6;
	n = sp->frames(&u, (const uint8_t *)&r, sizeof(r), &nr, f, SCRIPT_FRAMES);
	CHECK(n == 2 && f[0].line == 0 && f[1].line == 12);
	CHECK_STR(text(&f[0]), "storm.sh (in loop_body)");
	CHECK_STR(folded(&f[0]), "storm.sh(loop_body)");
	r.err_line = 7;

	/* a caller's line that is not a number: that level and past, none */
	r.nlevels = 3;
	level(&r, 1, "outer", "lib.sh", "x3");
	level(&r, 2, "main", "storm.sh", "20");
	n = sp->frames(&u, (const uint8_t *)&r, sizeof(r), &nr, f, SCRIPT_FRAMES);
	CHECK(n == 1);

	/* the folded format's separators, and bytes, escaped */
	level(&r, 1, "a;b c", "my dir/x\n.sh", "3");
	n = sp->frames(&u, (const uint8_t *)&r, sizeof(r), &nr, f, SCRIPT_FRAMES);
	CHECK(n == 3);
	CHECK_STR(folded(&f[1]), "my_dir/x\\n.sh:3(a_b_c)");
	CHECK_STR(text(&f[1]), "my dir/x\\n.sh:3 (in a;b c)");

	/* a file name cut at its field: said, never shown as whole */
	memset(longf, 'a', sizeof(longf));
	longf[SHELL_FILE - 1] = '\0';
	level(&r, 2, "main", longf, "20");
	n = sp->frames(&u, (const uint8_t *)&r, sizeof(r), &nr, f, SCRIPT_FRAMES);
	CHECK(n == 3 && strlen(f[2].file) == SHELL_FILE - 1 + 3);
	CHECK(!strcmp(f[2].file + SHELL_FILE - 1, "..."));

	/* deeper than the program reads: a last frame says so */
	r.nlevels = SHELL_LEVELS;
	r.flags = SHELL_F_DEEPER;
	for (int i = 0; i < SHELL_LEVELS; i++)
		level(&r, i, "f", "deep.sh", "4");
	n = sp->frames(&u, (const uint8_t *)&r, sizeof(r), &nr, f, SCRIPT_FRAMES);
	CHECK(n == SHELL_LEVELS + 1);
	CHECK_STR(text(&f[SHELL_LEVELS]), "[more shell frames]");
	CHECK_STR(folded(&f[SHELL_LEVELS]), "[more shell frames]");

	/* a short record: nothing */
	CHECK(sp->frames(&u, (const uint8_t *)&r, sizeof(r) - 1, &nr, f,
			 SCRIPT_FRAMES) == 0);
	unwind_free(&u);
	maps_free(&mt);
	CHECK_DONE();
}
