// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: syscalls.tbl lines (decoders/tbl.h).  Input: one line (the bytes
 * up to the first NUL, in an allocation of exactly their size plus the
 * NUL).  An accepted line must be one the table generator can use: a
 * valid name, known kinds and return, parameters that name an argument
 * of the line, set names for flags/enum; a refused one has a message.
 */
#include "fuzz.h"
#include "tbl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nul = memchr(data, '\0', size);
	size_t n = nul ? (size_t)(nul - data) : size;
	char *line = malloc(n + 1), err[96], tiny[4];
	struct tbl_line t;
	int r;

	if (!line)
		abort();
	memcpy(line, data, n);
	line[n] = '\0';
	err[0] = '\0';
	r = tbl_parse_line(line, &t, err, sizeof(err));
	FUZZ_ASSERT(r >= -1 && r <= 1);
	if (r < 0)
		FUZZ_ASSERT(err[0] != '\0' && strlen(err) < sizeof(err));
	if (r == 1) {
		FUZZ_ASSERT(t.nr >= 0 && t.nr <= 4095);
		FUZZ_ASSERT(t.name[0] && strlen(t.name) < TBL_NAME_MAX);
		FUZZ_ASSERT(t.ret >= 0 && t.ret < R__COUNT);
		FUZZ_ASSERT(t.nargs >= 0 && t.nargs <= SC_MAX_ARGS);
		FUZZ_ASSERT((t.classes >> CLS__COUNT) == 0);
		for (int i = 0; i < t.nargs; i++) {
			const struct tbl_arg *a = &t.arg[i];

			FUZZ_ASSERT(a->kind >= 0 && a->kind < K__COUNT);
			FUZZ_ASSERT(a->param == P_NONE || a->param == P_RET ||
				    a->param < t.nargs);
			FUZZ_ASSERT(strlen(a->set) < TBL_NAME_MAX);
			if (a->kind == K_flags || a->kind == K_enum)
				FUZZ_ASSERT(a->set[0]);
		}
	}
	/* a message never overflows a small buffer either */
	(void)tbl_parse_line(line, &t, tiny, sizeof(tiny));
	free(line);
	return 0;
}
