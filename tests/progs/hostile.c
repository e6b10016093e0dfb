// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Tracee: strings that are hard to quote.  For each name below, in order:
 *   openat(AT_FDCWD, "hostile-NAME", O_RDONLY)   = -1 ENOENT (none exist:
 *                                                   run it in an empty dir)
 *   write(fd of /dev/null, "NAME", strlen(NAME)) = strlen(NAME)
 * The names hold: a double quote, a backslash, a newline, a tab, byte
 * 0x01, byte 0x7f, valid UTF-8 (U+00E9), invalid UTF-8 (a lone 0xff, and
 * 0xc3 followed by 0x28, which cannot continue it), all of them at once.
 * With "list", prints the names instead, one a line as hex bytes.
 * Exits 0, or 1 if a call's result was not the expected one.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char *const names[] = {
	"q\"uote",
	"back\\slash",
	"new\nline",
	"t\tab",
	"c\001trl",
	"d\177el",
	"caf\303\251",
	"in\377valid",
	"bad\303\050seq",
	"all\"\\\n\t\001\177\303\251\377\303\050end",
};

int main(int argc, char **argv)
{
	char path[256];
	int bad = 0, null;

	if (argc > 1 && !strcmp(argv[1], "list")) {
		for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			for (const char *p = names[i]; *p; p++)
				printf("%02x", (unsigned char)*p);
			printf("\n");
		}
		return 0;
	}
	null = open("/dev/null", O_WRONLY);
	if (null < 0)
		return 1;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		size_t n = strlen(names[i]);

		snprintf(path, sizeof(path), "hostile-%s", names[i]);
		bad |= openat(AT_FDCWD, path, O_RDONLY) != -1 || errno != ENOENT;
		bad |= write(null, names[i], n) != (ssize_t)n;
	}
	close(null);
	return bad;
}
