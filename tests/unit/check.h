/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit test helpers: each tests/unit/X.c is one program; exit 0 = pass. */
#ifndef ETRACE_CHECK_H
#define ETRACE_CHECK_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_failures;

#define CHECK(cond) do { \
	if (!(cond)) { \
		fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, \
			__LINE__, #cond); \
		check_failures++; \
	} \
} while (0)

#define CHECK_STR(got, want) do { \
	const char *g_ = (got), *w_ = (want); \
	if (strcmp(g_, w_)) { \
		fprintf(stderr, "%s:%d: got  '%s'\n%*s want '%s'\n", \
			__FILE__, __LINE__, g_, (int)strlen(__FILE__) + 6, \
			"", w_); \
		check_failures++; \
	} \
} while (0)

#define CHECK_DONE() do { \
	if (check_failures) \
		fprintf(stderr, "%d check(s) failed\n", check_failures); \
	return check_failures ? 1 : 0; \
} while (0)

#endif
