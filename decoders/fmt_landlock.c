// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: landlock's structs as strace 6.1 prints them: a
 * ruleset's handled_access_fs (", ..." when the size says more follows,
 * the address when it is too small for it), a path-beneath rule's
 * allowed_access and parent_fd (any other rule type's attr is an
 * address).
 */
#include <linux/landlock.h>

#include "fmt_priv.h"

/* struct landlock_ruleset_attr of size argument PARAM */
FMT_KIND(llrulesetattr)
{
	int p = c->d->arg[i].param;
	uint64_t size = p < SC_MAX_ARGS ? c->args[p] : 0;
	const struct cap *k = NULL;

	if (size >= 8 && c->args[i])
		k = arg_in(c, i, 8);
	if (!k) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fb_puts(b, "{handled_access_fs=");
	fmt_flags_dflt(b, &xlat_landlock_ruleset_access_fs, ld64(k->p),
		       "LANDLOCK_ACCESS_FS_???");
	if (size > 8)
		fb_puts(b, ", ...");
	fb_putc(b, '}');
}

/* the rule argument PARAM's type says: a path-beneath rule's attr */
FMT_KIND(llruleattr)
{
	int p = c->d->arg[i].param;
	const struct cap *k = NULL;

	if (p < SC_MAX_ARGS && (uint32_t)c->args[p] == LANDLOCK_RULE_PATH_BENEATH &&
	    c->args[i])
		k = arg_in(c, i, 12);
	if (!k) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fb_puts(b, "{allowed_access=");
	fmt_flags_dflt(b, &xlat_landlock_ruleset_access_fs, ld64(k->p),
		       "LANDLOCK_ACCESS_FS_???");
	fb_puts(b, ", parent_fd=");
	fb_dec(b, (int32_t)ld32(k->p + 8));
	fmt_fd_note(b, c, FD_SLOT_SET0);
	fb_putc(b, '}');
}

/*
 * landlock_create_ruleset's return: a new fd (-y says what it is), but
 * the ABI version when LANDLOCK_CREATE_RULESET_VERSION asked for it
 */
void fmt_llruleset_ret(struct fmt_buf *b, const struct sc_call *c)
{
	fb_dec(b, c->ret);
	if (!((uint32_t)c->args[2] & LANDLOCK_CREATE_RULESET_VERSION))
		fmt_fd_note(b, c, FD_SLOT_RET);
}
