// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Rules stage: the words of -e status= (rules.h says the rest).
 */
#include "rules.h"

const char *const status_names[ST__COUNT] = {
	[ST_SUCCESSFUL] = "successful",
	[ST_FAILED] = "failed",
	[ST_UNFINISHED] = "unfinished",
	[ST_UNAVAILABLE] = "unavailable",
	[ST_DETACHED] = "detached",
};
