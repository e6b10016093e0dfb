// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Syscall pairing stage: interface names for the decoders (ifnames.h).
 * Asked only for a call that carries an interface index.
 */
#include <net/if.h>
#include <stddef.h>

#include "ifnames.h"

int ifnames_name(const void *ctx, uint32_t index, char *name)
{
	(void)ctx;
	return index && if_indextoname(index, name) != NULL;
}
