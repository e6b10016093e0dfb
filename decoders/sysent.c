// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: lookups in the generated syscall table.
 */
#include <string.h>

#include "sysent.h"

long sc_by_name(const char *name)
{
	for (unsigned int i = 0; i < sc_table_size; i++)
		if (sc_table[i].name && !strcmp(sc_table[i].name, name))
			return (long)i;
	return -1;
}
