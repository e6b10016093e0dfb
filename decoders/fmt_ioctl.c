// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: ioctl(2): request names (or strace's _IOC() form) and
 * the argument by request: terminal attributes, window sizes, integers
 * here; the device and file system families' structs in fmt_ioctl_dev.c.
 * A request a family does not decode prints its argument in hex, as
 * strace does; one that takes none prints nothing.
 */
#include <sys/ioctl.h>
#include <termios.h>
#include <linux/counter.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <linux/inotify.h>
#include <linux/nsfs.h>
#include <linux/random.h>
#include <linux/rtc.h>
#include <linux/userfaultfd.h>
#include <linux/watchdog.h>

/* struct termios2's requests: glibc's termios.h hides the struct the
   kernel's macros take the size of */
#define REQ_TCGETS2	0x802c542a
#define REQ_TCSETS2	0x402c542b
#define REQ_TCSETSW2	0x402c542c
#define REQ_TCSETSF2	0x402c542d

/* the input speed field of c_cflag (kernel termbits; glibc hides it) */
#ifndef IBSHIFT
#define IBSHIFT 16
#endif

#include "fmt_ioctl.h"

static void fmt_ioc(struct fmt_buf *b, uint32_t req)
{
	static const char *const dir[] = {
		"_IOC_NONE", "_IOC_WRITE", "_IOC_READ", "_IOC_READ|_IOC_WRITE"
	};

	fb_puts(b, "_IOC(");
	fb_puts(b, dir[req >> 30]);
	fb_puts(b, ", ");
	fb_hex(b, (req >> 8) & 0xff);
	fb_puts(b, ", ");
	fb_hex(b, req & 0xff);
	fb_puts(b, ", ");
	fb_hex(b, (req >> 16) & 0x3fff);
	fb_putc(b, ')');
}

/* the families decoded by type byte (struct ioctl_family) */
static const struct ioctl_family *const ioctl_families[] = {
	&ioctl_evdev, &ioctl_hdio, &ioctl_gpio, &ioctl_ptp, &ioctl_scsi,
	&ioctl_loop, &ioctl_seccomp, &ioctl_mtd, &ioctl_lirc, &ioctl_ubi,
	&ioctl_ubi_vol, &ioctl_perf, &ioctl_kd, &ioctl_nbd, &ioctl_v4l2,
	&ioctl_block, &ioctl_sock, &ioctl_hid, &ioctl_tee,
	&ioctl_dm, &ioctl_kvm, &ioctl_btrfs,
};

static const struct ioctl_family *ioctl_family(uint32_t req)
{
	for (size_t j = 0; j < sizeof(ioctl_families) /
			       sizeof(ioctl_families[0]); j++)
		if (ioctl_families[j]->type == _IOC_TYPE(req))
			return ioctl_families[j];
	return NULL;
}

/*
 * The request in words: a family's number built from parts, then the
 * names the number has ("A or B"), or strace's _IOC() form
 */
static void ioctl_words(struct fmt_buf *b, uint32_t req, int in_comment)
{
	const struct ioctl_family *f = ioctl_family(req);
	int parts = f && f->number ? f->number(b, req, in_comment) : 0;
	const char *name = xlat_name(&xlat_ioctl_req, req);
	const char *alias = xlat_name(&xlat_ioctl_alias, req);

	if (!name) {
		if (!parts)
			fmt_ioc(b, req);
		return;
	}
	if (parts)
		fb_puts(b, " or ");
	if (alias) {
		fb_puts(b, alias);
		fb_puts(b, " or ");
	}
	fb_puts(b, name);
}

/*
 * The request in the -X style: the number, the words, or both (the
 * words in a comment, where a family's parts have no comment of their
 * own: strace's EVIOCGABS(0x3f) there, EVIOCGABS(0x3f /+ ABS_??? +/)
 * alone)
 */
static void fmt_ioctl_req(struct fmt_buf *b, uint32_t req)
{
	int style = b->xstyle;

	if (style != XSTYLE_ABBREV)
		fmt_num(b, req, XF_HEX);
	if (style == XSTYLE_RAW)
		return;
	if (style == XSTYLE_VERBOSE)
		fb_puts(b, " /* ");
	b->xstyle = XSTYLE_ABBREV;
	ioctl_words(b, req, style == XSTYLE_VERBOSE);
	b->xstyle = style;
	if (style == XSTYLE_VERBOSE)
		fb_puts(b, " */");
}

FMT_KIND(ioctl)
{
	fmt_ioctl_req(b, (uint32_t)c->args[i]);
}

/* a char[size] field: up to its NUL, "..." when none (strace's cstring,
   which takes a NUL in its last byte as the end too) */
int ioctl_pint(struct fmt_buf *b, const struct cap *k)
{
	if (!k || k->len < 4)
		return 0;
	fb_putc(b, '[');
	fb_dec(b, (int32_t)ld32(k->p));
	fb_putc(b, ']');
	return 1;
}

void ioctl_cstr(struct fmt_buf *b, const struct sc_call *c, const char *name,
		const uint8_t *p, size_t size)
{
	fb_puts(b, name);
	fb_putc(b, '=');
	fmt_cstr_array(b, c, p, size);
}

/*
 * len bytes of which k holds the first (NULL: none): strace's printstr_ex
 * in hex, -s of them and "..." when there are more; 0 when fewer were
 * copied than strace reads (-s + 1, its quoting looks one ahead): print
 * the pointer
 */
int ioctl_hexstr(struct fmt_buf *b, const struct sc_call *c,
		 const struct cap *k, uint64_t len)
{
	uint64_t max = (uint64_t)str_max(c);
	uint64_t want = max + 1 < len ? max + 1 : len;

	if (want && (!k || k->len < want))
		return 0;
	fmt_qstr(b, c, want ? k->p : (const uint8_t *)"", len > max ? max : len,
		 -1, len > max, QS_HEX);
	return 1;
}

/* strace prints flag sets of termios without a name for zero: "" */
static void fmt_tflags(struct fmt_buf *b, const struct xlat *x, uint64_t v)
{
	if (v)
		fmt_flags_dflt(b, x, v, NULL);
}

static void fmt_tenum(struct fmt_buf *b, const struct xlat *x, uint64_t v,
		      const char *dflt)
{
	fmt_enum_dflt(b, x, v, dflt);
}

/* ncc: c_cc's length (termio's 8, termios' 19); speeds: termios2's
   c_ispeed and c_ospeed follow c_cc */
static void fmt_termios(struct fmt_buf *b, const struct sc_call *c,
			const uint8_t *p, int ncc, int speeds)
{
	static const struct { uint32_t mask; const char *dflt;
			      const char *pfx; int max; } dly[] = {
		{ NLDLY, "NL?", "NL", 1 }, { CRDLY, "CR?", "CR", 3 },
		{ TABDLY, "TAB?", "TAB", 3 }, { BSDLY, "BS?", "BS", 1 },
		{ VTDLY, "VT?", "VT", 1 }, { FFDLY, "FF?", "FF", 1 },
	};
	uint32_t iflag = ld32(p), oflag = ld32(p + 4), cflag = ld32(p + 8);
	uint32_t lflag = ld32(p + 12);

	fb_puts(b, "{c_iflag=");
	fmt_tflags(b, &xlat_term_iflags, iflag);
	fb_puts(b, ", c_oflag=");
	for (size_t j = 0; j < sizeof(dly) / sizeof(dly[0]); j++) {
		uint32_t v = oflag & dly[j].mask;
		uint32_t shift = (uint32_t)__builtin_ctz(dly[j].mask);

		char name[8];
		struct fmt_buf nb;

		/* NL0..NL1, CR0..CR3, ...; strace says XTABS for TAB3 */
		fb_init(&nb, name, sizeof(name) - 1);
		if (dly[j].mask == TABDLY && v == TAB3) {
			fb_puts(&nb, "XTABS");
		} else {
			fb_puts(&nb, dly[j].pfx);
			fb_udec(&nb, v >> shift);
		}
		*nb.p = '\0';
		fmt_const(b, name, v, XF_HEX);
		fb_putc(b, '|');
		oflag &= ~dly[j].mask;
	}
	fmt_tflags(b, &xlat_term_oflags, oflag);
	fb_puts(b, ", c_cflag=");
	fmt_tenum(b, &xlat_term_baud, cflag & CBAUD, "B???");
	fb_putc(b, '|');
	if (cflag & CIBAUD) {
		fmt_tenum(b, &xlat_term_baud, (cflag & CIBAUD) >> IBSHIFT,
			  "B???");
		fb_puts(b, "<<IBSHIFT|");
	}
	fmt_tenum(b, &xlat_term_csize, cflag & CSIZE, "CS?");
	fb_putc(b, '|');
	fmt_tflags(b, &xlat_term_cflags, cflag & ~(CBAUD | CIBAUD | CSIZE));
	fb_puts(b, ", c_lflag=");
	fmt_tflags(b, &xlat_term_lflags, lflag);
	if (!verbose(c)) {
		fb_puts(b, ", ...}");
		return;
	}
	fb_puts(b, ", c_line=");
	fmt_enum_dflt(b, &xlat_term_line, p[16], "N_???");
	fb_puts(b, ", c_cc=[");
	for (int j = 0; j < ncc; j++) {
		const char *name = xlat_name(&xlat_term_cc, (uint64_t)j);

		if (j)
			fb_puts(b, ", ");
		fb_putc(b, '[');
		if (name)
			fb_puts(b, name);
		else
			fb_udec(b, (uint64_t)j);
		fb_puts(b, "]=");
		fb_hex(b, p[17 + j]);
	}
	fb_putc(b, ']');
	if (speeds) {
		fb_puts(b, ", c_ispeed=");
		fb_udec(b, ld32(p + 36));
		fb_puts(b, ", c_ospeed=");
		fb_udec(b, ld32(p + 40));
	}
	fb_putc(b, '}');
}

static void fmt_winsize(struct fmt_buf *b, const uint8_t *p)
{
	fb_puts(b, "{ws_row=");
	fb_udec(b, ld16(p));
	fb_puts(b, ", ws_col=");
	fb_udec(b, ld16(p + 2));
	fb_puts(b, ", ws_xpixel=");
	fb_udec(b, ld16(p + 4));
	fb_puts(b, ", ws_ypixel=");
	fb_udec(b, ld16(p + 6));
	fb_putc(b, '}');
}

static enum ioarg ioctl_arg(uint32_t req, int *at_exit)
{
	const struct ioctl_family *f = ioctl_family(req);

	if (f)
		return f->when(req, at_exit);
	*at_exit = 0;
	switch (req) {
	case TCGETS: case TIOCGLCKTRMIOS:
		*at_exit = 1;
		/* fall through */
	case TCSETS: case TCSETSW: case TCSETSF: case TIOCSLCKTRMIOS:
		return IOA_TERMIOS;
	case TCGETA:
		*at_exit = 1;
		/* fall through */
	case TCSETA: case TCSETAW: case TCSETAF:
		return IOA_TERMIO;
	case TIOCGWINSZ:
		*at_exit = 1;
		/* fall through */
	case TIOCSWINSZ:
		return IOA_WINSIZE;
	case TCXONC:
		return IOA_XONC;
	case TCFLSH:
		return IOA_FLSH;
	case TCSBRK: case TCSBRKP: case TIOCSCTTY:
		return IOA_INT;
	case TIOCMGET:
		*at_exit = 1;
		/* fall through */
	case TIOCMBIS: case TIOCMBIC: case TIOCMSET:
		return IOA_MODEM;
	case TIOCGPGRP: case TIOCGSID: case TIOCGETD: case TIOCGSOFTCAR:
	case TIOCGPTN: case FIONREAD: case TIOCOUTQ: case TIOCGEXCL:
	case TIOCGDEV:
		*at_exit = 1;
		/* fall through */
	case TIOCSPGRP: case TIOCSETD: case FIONBIO: case FIOASYNC:
	case TIOCPKT: case TIOCSSOFTCAR: case TIOCSPTLCK:
		return IOA_PINT;
	case TIOCSTI:
		return IOA_CHAR;
	case REQ_TCGETS2:
		*at_exit = 1;
		/* fall through */
	case REQ_TCSETS2: case REQ_TCSETSW2: case REQ_TCSETSF2:
		return IOA_TERMIOS2;
	case FS_IOC_GETFLAGS: case FS_IOC32_GETFLAGS:
		*at_exit = 1;
		/* fall through */
	case FS_IOC_SETFLAGS: case FS_IOC32_SETFLAGS:
		return IOA_FSFLAGS;
	case FITRIM:
		return IOA_FSTRIM;
	case FS_IOC_FSGETXATTR:
		*at_exit = 1;
		return IOA_FSXATTR_GET;
	case FS_IOC_FSSETXATTR:
		return IOA_FSXATTR;
	case FS_IOC_FIEMAP:
		return IOA_FIEMAP;
	case RNDADDENTROPY:
		return IOA_RANDPOOL;
	case NS_GET_OWNER_UID:
		*at_exit = 1;
		return IOA_UID;
	case RNDGETENTCNT: case WDIOC_GETSTATUS: case WDIOC_GETBOOTSTATUS:
	case WDIOC_GETTEMP: case WDIOC_GETTIMEOUT: case WDIOC_GETPRETIMEOUT:
	case WDIOC_GETTIMELEFT:
		*at_exit = 1;
		return IOA_PINT;
	case RNDADDTOENTCNT: case WDIOC_SETTIMEOUT: case WDIOC_SETPRETIMEOUT:
		return IOA_PINT;
	case INOTIFY_IOC_SETNEXTWD:
		return IOA_INT;
	case COUNTER_ADD_WATCH_IOCTL:
		return IOA_COUNTER_WATCH;
	case UFFDIO_WAKE: case UFFDIO_UNREGISTER:
		return IOA_UFFD_RANGE;
	case RTC_ALM_READ: case RTC_RD_TIME:
		*at_exit = 1;
		/* fall through */
	case RTC_ALM_SET: case RTC_SET_TIME:
		return IOA_RTC_TIME;
	case RTC_WKALM_RD:
		*at_exit = 1;
		/* fall through */
	case RTC_WKALM_SET:
		return IOA_RTC_WKALRM;
	case RTC_PLL_GET:
		*at_exit = 1;
		/* fall through */
	case RTC_PLL_SET:
		return IOA_RTC_PLL;
	case RTC_VL_READ:
		*at_exit = 1;
		return IOA_RTC_VL;
	case RTC_IRQP_READ: case RTC_EPOCH_READ:
		*at_exit = 1;
		return IOA_PULONG;
	case RTC_IRQP_SET: case RTC_EPOCH_SET:
		return IOA_ULONG;
	case RTC_PARAM_SET:
		return IOA_RTC_PARAM;
	case RTC_PARAM_GET:
		return IOA_RTC_PARAM_GET;
	case UFFDIO_API:
		return IOA_UFFD_API;
	case UFFDIO_REGISTER:
		return IOA_UFFD_REGISTER;
	case UFFDIO_COPY:
		return IOA_UFFD_COPY;
	case UFFDIO_ZEROPAGE:
		return IOA_UFFD_ZEROPAGE;
	case TIOCSBRK: case TIOCCBRK: case TIOCCONS: case TIOCNOTTY:
	case TIOCEXCL: case TIOCNXCL: case FIOCLEX: case FIONCLEX:
	case TIOCVHANGUP: case TIOCSSERIAL:
	case FIFREEZE: case FITHAW:
	case RNDZAPENTCNT: case RNDCLEARPOOL: case RNDRESEEDCRNG:
	case WDIOC_KEEPALIVE:
	case NS_GET_USERNS: case NS_GET_PARENT: case NS_GET_NSTYPE:
	case COUNTER_ENABLE_EVENTS_IOCTL: case COUNTER_DISABLE_EVENTS_IOCTL:
	case RTC_AIE_ON: case RTC_AIE_OFF: case RTC_UIE_ON: case RTC_UIE_OFF:
	case RTC_PIE_ON: case RTC_PIE_OFF: case RTC_WIE_ON: case RTC_WIE_OFF:
	case RTC_VL_CLR:
		return IOA_NONE;
	}
	return IOA_HEX;
}

/* 2: a family's struct the call completes (its out at exit), else 0 */
static int fmt_ioctl_arg(struct fmt_buf *b, const struct sc_call *c,
			 enum ioarg how, int at_exit)
{
	uint64_t arg = c->args[2];
	const struct cap *k = at_exit ? arg_out(c, 2, 0) : arg_in(c, 2, 0);

	switch (how) {
	case IOA_HEX:
		fb_hex(b, arg);
		return 0;
	case IOA_INT:
		fb_dec(b, (int32_t)arg);
		return 0;
	case IOA_ULONG:
		fb_udec(b, arg);
		return 0;
	case IOA_XONC:
		fmt_enum_dflt(b, &xlat_tcxonc, arg, "TC???");
		return 0;
	case IOA_FLSH:
		fmt_enum_dflt(b, &xlat_tcflsh, arg, "TC???");
		return 0;
	case IOA_FAMILY: {
		/* a value, or a copy's struct: the family says; else the
		   pointer */
		int r = ioctl_family((uint32_t)c->args[1])->arg(b, c,
				(uint32_t)c->args[1], arg ? k : NULL);

		if (!r)
			fmt_ptr(b, arg);
		return r == 2 ? 2 : 0;
	}
	default:
		break;
	}
	if (!arg || !k) {
		fmt_ptr(b, arg);
		return 0;
	}
	switch (how) {
	case IOA_PINT:
		if (!ioctl_pint(b, k))
			break;
		return 0;
	case IOA_MODEM:
		if (k->len < 4)
			break;
		fb_putc(b, '[');
		fmt_flags_dflt(b, &xlat_modem_flags, ld32(k->p), "TIOCM_???");
		fb_putc(b, ']');
		return 0;
	case IOA_TERMIOS:
		if (k->len < 36)
			break;
		fmt_termios(b, c, k->p, 19, 0);
		return 0;
	case IOA_TERMIO: {
		/* struct termio: 16-bit flags, c_line, c_cc[8] */
		uint8_t t[36] = { 0 };

		if (k->len < 18)
			break;
		for (int j = 0; j < 4; j++) {
			uint32_t v = ld16(k->p + 2 * j);

			memcpy(t + 4 * j, &v, 4);
		}
		memcpy(t + 16, k->p + 8, 9);
		fmt_termios(b, c, t, 8, 0);
		return 0;
	}
	case IOA_WINSIZE:
		if (k->len < 8)
			break;
		fmt_winsize(b, k->p);
		return 0;
	case IOA_CHAR:
		fmt_qstr(b, c, k->p, k->len ? 1 : 0, -1, 0, 0);
		return 0;
	case IOA_TERMIOS2:
		if (k->len < 44)
			break;
		fmt_termios(b, c, k->p, 19, 1);
		return 0;
	default:
		if (ioctl_struct_arg(b, c, how, k))
			return 0;
	}
	fmt_ptr(b, arg);
	return 0;
}

/*
 * ioctl(fd, request, arg) as strace prints it: what the call fills is
 * printed at exit, after "ioctl(1, TCGETS" at entry.
 */
int fmt_ioctl_call(struct fmt_buf *b, const struct sc_call *c, int from,
		   int exiting)
{
	uint32_t req = (uint32_t)c->args[1];
	int at_exit;
	enum ioarg how = ioctl_arg(req, &at_exit);

	if (exiting) {
		if (from == 2 && at_exit && c->d->nargs > 2) {
			fb_puts(b, ", ");
			fmt_ioctl_arg(b, c, how, 1);
		} else if (from == 2 && how == IOA_FAMILY) {
			/* the entry's struct was one the call completes */
			ioctl_family(req)->out(b, c, req);
		} else if (from == 2 && ioctl_split_size(how)) {
			ioctl_split_out(b, c, how);
		}
		return c->d->nargs;
	}
	if (from > 0)
		return c->d->nargs;
	fb_dec(b, (int32_t)c->args[0]);
	fmt_fd_note(b, c, 0);
	fb_puts(b, ", ");
	fmt_ioctl_req(b, req);
	if (at_exit)
		return 2;
	if (how != IOA_NONE && c->d->nargs > 2) {
		fb_puts(b, ", ");
		if (fmt_ioctl_arg(b, c, how, 0) == 2)
			return 2;
	}
	/* a struct the call completes, printed open: its rest at exit */
	if (ioctl_split_size(how) && c->d->nargs > 2 && c->args[2] &&
	    arg_in(c, 2, ioctl_split_size(how)))
		return 2;
	return c->d->nargs;
}

FMT_KIND(ioctlarg)
{
	int at_exit;
	enum ioarg how = ioctl_arg((uint32_t)c->args[1], &at_exit);
	size_t split = ioctl_split_size(how);

	if (fmt_ioctl_arg(b, c, how, at_exit) == 2)
		ioctl_family((uint32_t)c->args[1])->out(b, c,
						       (uint32_t)c->args[1]);
	/* a struct the call completes: here whole (JSON's one argument) */
	if (split && c->args[i] && arg_in(c, i, split))
		ioctl_split_out(b, c, how);
}

/* what a request returns: NS_GET_NSTYPE a namespace type; a family's
   words after the value */
void fmt_ioctl_ret(struct fmt_buf *b, const struct sc_call *c)
{
	uint32_t req = (uint32_t)c->args[1];
	const struct ioctl_family *f = ioctl_family(req);
	const char *name = NULL;

	if (req == NS_GET_NSTYPE)
		name = xlat_name(&xlat_setns_types, (uint64_t)c->ret);
	/* strace's auxstr: the name in every -X style */
	fb_dec(b, c->ret);
	fmt_ret_note(b, name);
	if (f && f->ret && c->d->nargs > 2)
		f->ret(b, c, req);
}
