// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * -X: the helpers every constant goes through print strace 6.1's text in
 * each style (the strings are strace -X's own, on the same values): a
 * flag set, a set with a zero name, unknown bits, an enum, a decimal
 * constant, words of a decoder's making (open flags, a mode).
 */
#include <fcntl.h>

#include "check.h"
#include "fmt_priv.h"

static char buf[256];

static struct fmt_buf start(int style)
{
	struct fmt_buf b;

	fb_init(&b, buf, sizeof(buf) - 1);
	b.xstyle = style;
	return b;
}

static const char *end(struct fmt_buf *b)
{
	*b->p = '\0';
	return buf;
}

static const char *flags(int style, const struct xlat *x, uint64_t v)
{
	struct fmt_buf b = start(style);

	fmt_xlat_flags(&b, x, v);
	return end(&b);
}

static const char *xenum(int style, const struct xlat *x, uint64_t v)
{
	struct fmt_buf b = start(style);

	fmt_xlat_enum(&b, x, v);
	return end(&b);
}

static const char *cnst(int style, const char *name, uint64_t v,
			enum xfmt f)
{
	struct fmt_buf b = start(style);

	fmt_const(&b, name, v, f);
	return end(&b);
}

static const char *mode(int style, uint64_t v)
{
	struct fmt_buf b = start(style);

	fmt_mode_val(&b, v);
	return end(&b);
}

static const char *oflags(int style, uint64_t v)
{
	struct fmt_buf b = start(style);

	fmt_open_flags(&b, v);
	return end(&b);
}

int main(void)
{
	/* mmap's prot: PROT_READ|PROT_WRITE; unknown bits */
	CHECK_STR(flags(XSTYLE_ABBREV, &xlat_mmap_prot, 3), "PROT_READ|PROT_WRITE");
	CHECK_STR(flags(XSTYLE_RAW, &xlat_mmap_prot, 3), "0x3");
	CHECK_STR(flags(XSTYLE_VERBOSE, &xlat_mmap_prot, 3),
		  "0x3 /* PROT_READ|PROT_WRITE */");
	CHECK_STR(flags(XSTYLE_VERBOSE, &xlat_mmap_prot, 0x40000001),
		  "0x40000001 /* PROT_READ|0x40000000 */");
	CHECK_STR(flags(XSTYLE_ABBREV, &xlat_mmap_prot, 0x40000000),
		  "0x40000000 /* PROT_??? */");
	CHECK_STR(flags(XSTYLE_RAW, &xlat_mmap_prot, 0x40000000), "0x40000000");
	CHECK_STR(flags(XSTYLE_VERBOSE, &xlat_mmap_prot, 0x40000000),
		  "0x40000000 /* PROT_??? */");
	/* zero: no name prints 0 in every style */
	CHECK_STR(flags(XSTYLE_VERBOSE, &xlat_getrandom_flags, 0), "0");
	CHECK_STR(flags(XSTYLE_RAW, &xlat_getrandom_flags, 1), "0x1");
	CHECK_STR(flags(XSTYLE_VERBOSE, &xlat_getrandom_flags, 1),
		  "0x1 /* GRND_NONBLOCK */");
	/* an enum in hex; unknown keeps its comment but in raw */
	CHECK_STR(xenum(XSTYLE_RAW, &xlat_rlimit_resource, 3), "0x3");
	CHECK_STR(xenum(XSTYLE_VERBOSE, &xlat_rlimit_resource, 3),
		  "0x3 /* RLIMIT_STACK */");
	CHECK_STR(xenum(XSTYLE_VERBOSE, &xlat_fcntl_cmd, 0), "0 /* F_DUPFD */");
	CHECK_STR(xenum(XSTYLE_RAW, &xlat_seek_whence, 9), "0x9");
	CHECK_STR(xenum(XSTYLE_ABBREV, &xlat_seek_whence, 9),
		  "0x9 /* SEEK_??? */");
	/* a decimal constant: AT_FDCWD */
	CHECK_STR(cnst(XSTYLE_ABBREV, "AT_FDCWD", (uint64_t)-100, XF_DEC),
		  "AT_FDCWD");
	CHECK_STR(cnst(XSTYLE_RAW, "AT_FDCWD", (uint64_t)-100, XF_DEC), "-100");
	CHECK_STR(cnst(XSTYLE_VERBOSE, "AT_FDCWD", (uint64_t)-100, XF_DEC),
		  "-100 /* AT_FDCWD */");
	/* words: open flags (a zero access mode), a mode in octal */
	CHECK_STR(oflags(XSTYLE_RAW, O_RDONLY | O_CLOEXEC), "0x80000");
	CHECK_STR(oflags(XSTYLE_VERBOSE, O_RDONLY | O_CLOEXEC),
		  "0x80000 /* O_RDONLY|O_CLOEXEC */");
	CHECK_STR(oflags(XSTYLE_RAW, O_RDONLY), "0");
	CHECK_STR(oflags(XSTYLE_VERBOSE, O_RDONLY), "0 /* O_RDONLY */");
	CHECK_STR(mode(XSTYLE_RAW, 0100644), "0100644");
	CHECK_STR(mode(XSTYLE_VERBOSE, 041777), "041777 /* S_IFDIR|S_ISVTX|0777 */");
	/* words that are the number alone get no comment */
	CHECK_STR(mode(XSTYLE_VERBOSE, 0644), "0644");
	CHECK_DONE();
}
