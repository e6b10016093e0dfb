// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders: execve's argv and envp as strace 6.1 prints them, from the
 * capture layer's copy (decode.h's layout), and where they could not be
 * read: the array's pointer, an element's pointer, "..." and the address
 * in a comment after the last element read, "unterminated" on the count.
 */
#include <string.h>
#include <sys/syscall.h>

#include "check_decode.h"

static uint8_t bytes[4096];

/*
 * The copy of an array of n strings; a NULL string is one that could not
 * be read (its pointer is 0xbad0 + j), CUT one that filled the buffer.
 */
#define CUT ((const char *)1)
static struct cap argv_of(const char *const *s, uint32_t n, uint32_t total)
{
	struct cap k = { .p = bytes, .len = 0, .count = n,
			  .total = total, .flags = 0 };
	size_t off = 0;

	for (uint32_t j = 0; j < n; j++) {
		uint64_t ptr = 0x1000 + 0x10 * j;
		const char *str = s[j] == CUT ? "0123" : s[j];
		size_t len = str ? strlen(str) : 0;

		if (!str)
			ptr = 0xbad0 + j;
		memcpy(bytes + off, &ptr, 8);
		bytes[off + 8] = !str ? ARGV_FAULT :
				 s[j] == CUT ? ARGV_CUT : ARGV_OK;
		memcpy(bytes + off + 9, str ? str : "", len + 1);
		off += 9 + len + 1;
	}
	k.len = (uint32_t)off;
	return k;
}

int main(void)
{
	static const char *const sh[] = { "sh", "-c", "exit 0", "1", "2" };
	static const char *const holes[] = { "a", NULL, "b" };
	static const char *const cut[] = { CUT };
	struct cap kp = CAP("/usr/bin/sh", 11);
	struct cap ka = argv_of(sh, 5, 40);
	struct cap ke = { .p = NULL, .len = 0, .count = 0,
			  .total = 37, .flags = 0 };
	struct sc_call c = CALL(SYS_execve, 0, 0x10, 0x20, 0x7ffc17e85ee0);

	c.cap[0] = &kp;
	c.cap[1] = &ka;
	c.cap[2] = &ke;
	/* -s 4 cuts strings and the list after 4 elements */
	fo.strsize = 4;
	CHECK_STR(run(&c), "execve(\"/usr/bin/sh\", [\"sh\", \"-c\", \"exit\"..., "
		  "\"1\", ...], 0x7ffc17e85ee0 /* 37 vars */) = 0");
	fo.strsize = 32;
	/* more elements than copied: marked, not hidden */
	CHECK_STR(run(&c), "execve(\"/usr/bin/sh\", [\"sh\", \"-c\", \"exit 0\", "
		  "\"1\", \"2\", ...], 0x7ffc17e85ee0 /* 37 vars */) = 0");
	ka.total = 5;
	CHECK_STR(run(&c), "execve(\"/usr/bin/sh\", [\"sh\", \"-c\", \"exit 0\", "
		  "\"1\", \"2\"], 0x7ffc17e85ee0 /* 37 vars */) = 0");
	/* a string that could not be read: its pointer */
	ka = argv_of(holes, 3, 3);
	CHECK_STR(run(&c), "execve(\"/usr/bin/sh\", [\"a\", 0xbad1, \"b\"], "
		  "0x7ffc17e85ee0 /* 37 vars */) = 0");
	/* a string that filled the copy goes on */
	ka = argv_of(cut, 1, 1);
	CHECK_STR(run(&c), "execve(\"/usr/bin/sh\", [\"0123\"...], "
		  "0x7ffc17e85ee0 /* 37 vars */) = 0");
	/* no NULL before memory that cannot be read (strace's printargv) */
	ka = argv_of(holes, 1, 1);
	ka.flags = CAP_UNTERM;
	ke.total = 2;
	ke.flags = CAP_UNTERM;
	CHECK_STR(run(&c), "execve(\"/usr/bin/sh\", [\"a\", ... /* 0x28 */], "
		  "0x7ffc17e85ee0 /* 2 vars, unterminated */) = 0");
	ke.total = 1;
	CHECK_STR(run(&c), "execve(\"/usr/bin/sh\", [\"a\", ... /* 0x28 */], "
		  "0x7ffc17e85ee0 /* 1 var, unterminated */) = 0");
	/* the arrays themselves unreadable: their pointers, never [] */
	ka.flags = ke.flags = CAP_FAULT;
	ka.count = ka.total = ke.total = 0;
	c.args[1] = c.args[2] = 0xbadc0de;
	CHECK_STR(run(&c), "execve(\"/usr/bin/sh\", 0xbadc0de, 0xbadc0de) = 0");
	/* nothing captured: the pointers, never a guess */
	c.cap[0] = c.cap[1] = c.cap[2] = NULL;
	CHECK_STR(run(&c), "execve(0x10, 0xbadc0de, 0xbadc0de) = 0");
	/* a copy shorter than its count says: what it holds */
	ka = argv_of(sh, 2, 2);
	ka.count = 4;
	c.cap[1] = &ka;
	c.args[1] = 0x20;
	CHECK_STR(run(&c), "execve(0x10, [\"sh\", \"-c\", ...], 0xbadc0de) = 0");
	/* -v: the environment's strings (copied as argv's), [] when empty */
	{
		static const char *const env[] = { "A=1", "B=two words" };
		struct cap kv = argv_of(env, 2, 2);
		struct cap k0 = { .p = NULL, .len = 0, .count = 0,
				  .total = 0, .flags = 0 };

		c = CALL(SYS_execve, -2, 0x10, 0x20, 0x7ffc17e85ee0);
		c.cap[2] = &kv;
		fo.verbose = 1;
		CHECK_STR(run(&c), "execve(0x10, 0x20, [\"A=1\", \"B=two "
			  "words\"]) = -1 ENOENT (No such file or directory)");
		c.cap[2] = &k0;
		CHECK_STR(run(&c), "execve(0x10, 0x20, []) = -1 ENOENT (No such "
			  "file or directory)");
		fo.verbose = 0;
		CHECK_STR(run(&c), "execve(0x10, 0x20, 0x7ffc17e85ee0 /* 0 vars "
			  "*/) = -1 ENOENT (No such file or directory)");
	}
	CHECK_DONE();
}
