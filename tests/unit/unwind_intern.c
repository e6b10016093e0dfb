// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unwind stage: interned names never alias.  The table is bounded; once
 * full, a new name is not kept (NULL: the frame prints where it is) and
 * the names kept are still each their own copy.  Before, a full table
 * gave every new name the same "?", and the symbol cache, keyed on the
 * module's pointer, then gave one module's symbols to another.
 */
#include "check.h"
#include "unwind.h"

int main(void)
{
	struct maps_table mt;
	struct unwinder u;
	const char *a, *b, *first = NULL, *last = NULL;
	char name[32];
	int kept = 0;

	CHECK(!maps_init(&mt));
	CHECK(!unwind_init(&u, &mt, 0));
	a = unwind_intern(&u, "/usr/lib/libc.so.6");
	CHECK(a && !strcmp(a, "/usr/lib/libc.so.6"));
	CHECK(unwind_intern(&u, "/usr/lib/libc.so.6") == a);
	CHECK(unwind_intern(&u, NULL) == NULL);
	/* fill it: every name kept is its own, until none is */
	for (int i = 0; i < 100000; i++) {
		const char *s;

		snprintf(name, sizeof(name), "sym%d", i);
		s = unwind_intern(&u, name);
		if (!s)
			break;
		CHECK(!strcmp(s, name));
		if (!first)
			first = s;
		last = s;
		kept++;
	}
	CHECK(kept > 1000 && kept < 100000);
	/* full: new names are not kept, and none is given another's copy */
	b = unwind_intern(&u, "/opt/other.so");
	CHECK(b == NULL);
	CHECK(unwind_intern(&u, "/opt/third.so") == NULL);
	/* the names kept are still found, each its own */
	CHECK(unwind_intern(&u, "/usr/lib/libc.so.6") == a);
	CHECK(unwind_intern(&u, "sym0") == first);
	snprintf(name, sizeof(name), "sym%d", kept - 1);
	CHECK(unwind_intern(&u, name) == last);
	CHECK(first != last && first != a);
	unwind_free(&u);
	maps_free(&mt);
	CHECK_DONE();
}
