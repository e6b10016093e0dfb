// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: memory calls (mmap's protection and flags) and the
 * generic flag and value sets of decoders/xlat/.
 */
#include <linux/mempolicy.h>
#include <sys/swap.h>

#include "fmt_priv.h"

FMT_KIND(prot)
{
	if (!c->args[i])
		fmt_const(b, "PROT_NONE", 0, XF_HEX);
	else
		fmt_xlat_flags(b, &xlat_mmap_prot, c->args[i]);
}

/* MAP_TYPE first, then the flags, then the huge page size */
static void map_words(struct fmt_buf *b, uint64_t v)
{
	uint64_t type = v & 0xf, huge = (v >> 26) & 0x3f;
	uint64_t rest = v & ~(uint64_t)0xf & ((1u << 26) - 1);
	const char *name = type ? xlat_name(&xlat_mmap_type, type) : "MAP_FILE";

	if (!name && !rest && !huge) {
		fmt_xlat_enum(b, &xlat_mmap_type, type);
		return;
	}
	if (name) {
		fb_puts(b, name);
	} else {
		/* strace notes an unknown type even inside -Xverbose's comment */
		fb_hex(b, type);
		fb_puts(b, " /* MAP_??? */");
	}
	if (rest)
		fmt_xlat_flags_tail(b, &xlat_mmap_flags, rest);
	if (huge) {
		fb_putc(b, '|');
		fb_udec(b, huge);
		fb_puts(b, "<<MAP_HUGE_SHIFT");
	}
}

FMT_KIND(mapflags)
{
	fmt_words(b, c->args[i], XF_HEX, map_words);
}

FMT_KIND(flags)
{
	const struct xlat *x = c->d->arg[i].set;

	/* strace's own word for access(2)'s unknown bits */
	if (x == &xlat_access_modes)
		fmt_flags_dflt(b, x, c->args[i] & 0xffffffffu, "?_OK");
	else
		fmt_xlat_flags(b, x, c->args[i]);
}

FMT_KIND(enum)
{
	const struct xlat *x = c->d->arg[i].set;
	uint64_t v = c->args[i];

	/*
	 * int arguments arrive zero-extended: RUSAGE_CHILDREN (-1) is
	 * 0xffffffff in the register
	 */
	if (!xlat_name(x, v) && v <= 0xffffffffu &&
	    xlat_name(x, (uint64_t)(int64_t)(int32_t)v))
		v = (uint64_t)(int64_t)(int32_t)v;
	fmt_xlat_enum(b, x, v);
}

/*
 * A value strace prints as a plain number when it has no name (its
 * printxval_d with no default): add_key's keyring 0 prints as 0, with no
 * KEY_SPEC_??? comment (0 is no keyring, a valid argument).  The names
 * are negative ints: looked up sign-extended.
 */
FMT_KIND(enumd)
{
	uint64_t v = (uint64_t)(int64_t)(int32_t)c->args[i];

	/* the name by -X's style: -4 /+ KEY_SPEC_USER_KEYRING +/ verbose */
	fmt_const(b, xlat_name(c->d->arg[i].set, v), v, XF_DEC);
}

/* swapon: SWAP_FLAG_* then the priority bits in decimal, "5" alone */
FMT_KIND(swapflags)
{
	uint32_t v = (uint32_t)c->args[i];
	uint32_t prio = v & SWAP_FLAG_PRIO_MASK;

	v &= ~(uint32_t)SWAP_FLAG_PRIO_MASK;
	if (v) {
		fmt_flags_dflt(b, &xlat_swapon_flags, v, "SWAP_FLAG_???");
		fb_putc(b, '|');
	}
	fb_udec(b, prio);
}

/* System V IPC keys: IPC_PRIVATE or the key in hex */
FMT_KIND(shmkey)
{
	uint32_t key = (uint32_t)c->args[i];

	fmt_const(b, key ? NULL : "IPC_PRIVATE", key, XF_HEX);
}

/* shmget's huge page size: log2 of it in these bits */
#define SHM_HUGE_SHIFT_ 26
#define SHM_HUGE_MASK_ 0x3fu

/*
 * shmget/semget/msgget flags: IPC_CREAT|IPC_EXCL|0640, 000 alone; bits
 * with no name plain (no comment, as strace); shmget's page size as
 * 21<<SHM_HUGE_SHIFT
 */
FMT_KIND(ipcflags)
{
	const struct xlat *x = c->d->arg[i].set;
	uint32_t v = (uint32_t)c->args[i], huge = 0;

	if (x == &xlat_shmget_flags) {
		huge = (v >> SHM_HUGE_SHIFT_) & SHM_HUGE_MASK_;
		v &= ~(SHM_HUGE_MASK_ << SHM_HUGE_SHIFT_);
	}
	if (v & ~0777u) {
		fmt_flags_dflt(b, x, v & ~0777u, NULL);
		fb_putc(b, '|');
	}
	if (huge) {
		fb_udec(b, huge);
		fb_puts(b, "<<");
		fmt_const(b, "SHM_HUGE_SHIFT", SHM_HUGE_SHIFT_, XF_DEC);
		fb_putc(b, '|');
	}
	fb_printf(b, "%#03o", v & 0777u);
}

/* mincore's vector: [1, 0, 1], a byte per page, strsize of them shown */
FMT_KIND(mincorevec)
{
	const struct cap *k = arg_or_ptr(b, c, i);
	uint64_t pages = (c->args[1] + 4095) / 4096, need = pages, j;

	if (!k)
		return;
	if (abbrev(c) && need > (uint64_t)str_max(c))
		need = (uint64_t)str_max(c);
	if (k->len < need) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	fb_putc(b, '[');
	for (j = 0; j < need; j++) {
		if (j)
			fb_puts(b, ", ");
		fb_putc(b, k->p[j] & 1 ? '1' : '0');
	}
	if (need < pages)
		fb_puts(b, need ? ", ..." : "...");
	fb_putc(b, ']');
}

/*
 * A memory policy's mode (set_mempolicy, mbind): MPOL_BIND|MPOL_F_*
 * when the mode is known, the number first with -Xverbose (the words in
 * a comment) or alone with -Xraw; an unknown mode with flags is flags,
 * the rest in hex.
 */
FMT_KIND(mpolmode)
{
	const uint64_t mask = MPOL_F_STATIC_NODES | MPOL_F_RELATIVE_NODES |
			      MPOL_F_NUMA_BALANCING;
	uint64_t v = c->args[i];
	const char *name = xlat_name(&xlat_mpol_mode, v & ~mask);
	int style = b->xstyle;

	if (!(v & mask)) {
		fmt_xlat_enum(b, &xlat_mpol_mode, v);
		return;
	}
	if (!name) {
		fmt_flags_dflt(b, &xlat_mpol_mode_flags, v, "MPOL_???");
		return;
	}
	if (style != XSTYLE_ABBREV)
		fb_hex(b, v);
	if (style == XSTYLE_RAW)
		return;
	if (style == XSTYLE_VERBOSE)
		fb_puts(b, " /* ");
	fb_puts(b, name);
	fb_putc(b, '|');
	fmt_xlat_bits(b, &xlat_mpol_mode_flags, v & mask);
	if (style == XSTYLE_VERBOSE)
		fb_puts(b, " */");
}

/*
 * The elements of an array of n, elem bytes each, the copy k holds (at
 * least one): each by one(), -s of them; where the copy ends early,
 * "..." and, when it ended at a page that faulted (fault), the address
 * of the first it lacks.  strace reads an element before it checks -s:
 * one it could not read is named even past -s.
 */
static void array_elems(struct fmt_buf *b, const struct sc_call *c,
			uint64_t addr, const struct cap *k, uint64_t n,
			unsigned int elem, int fault,
			void (*one)(struct fmt_buf *, const uint8_t *))
{
	uint64_t have = k->len / elem, j;

	fb_putc(b, '[');
	for (j = 0; j < n; j++) {
		if (j)
			fb_puts(b, ", ");
		if (j == have) {
			fb_puts(b, "...");
			if (fault) {
				fb_puts(b, " /* ");
				fb_hex(b, addr + elem * have);
				fb_puts(b, " */");
			}
			break;
		}
		if (abbrev(c) && j >= (uint64_t)str_max(c)) {
			fb_puts(b, "...");
			break;
		}
		one(b, k->p + elem * j);
	}
	fb_putc(b, ']');
}

static void one_long(struct fmt_buf *b, const uint8_t *p)
{
	fb_printf(b, "%016llx", (unsigned long long)ld64(p));
}

/*
 * A node mask of argument PARAM nodes (set_mempolicy, mbind,
 * get_mempolicy, migrate_pages): (maxnode - 1) bits in longs, each as
 * 16 hex digits, as strace's print_nodemask shows them.  The copy is up
 * to NODEMASK_COPY bytes, those before a page that faults.
 */
#define NODEMASK_COPY 512	/* kinds.def's nodemask copy */

FMT_KIND(nodemask)
{
	const struct cap *k = arg_mem(c, i, 0);
	uint64_t addr = c->args[i], maxnode = c->args[c->d->arg[i].param];
	/* (maxnode + 62) / 64 longs, as the kernel reads them */
	uint64_t n = maxnode / 64 + (maxnode % 64 > 1);

	if ((maxnode && !n) || !addr || (n && (!k || k->len < 8))) {
		fmt_ptr(b, addr);
		return;
	}
	if (!n) {
		fb_puts(b, "[]");
		return;
	}
	array_elems(b, c, addr, k, n, 8, k->len < NODEMASK_COPY, one_long);
}

/*
 * An array of argument PARAM elements of elem bytes (move_pages): the
 * pointer when not even the first could be read; a copy that ends at a
 * page boundary ran into a page that faults (one cut by its size,
 * CAP_ARRAY_MAX elements, ends with "..." alone).
 */
void fmt_mem_array(struct fmt_buf *b, const struct sc_call *c, int i,
		   unsigned int elem,
		   void (*one)(struct fmt_buf *, const uint8_t *))
{
	const struct cap *k = arg_mem(c, i, 0);
	uint64_t addr = c->args[i], n = c->args[c->d->arg[i].param];

	if (addr && !n) {
		fb_puts(b, "[]");
		return;
	}
	if (!k || k->len < elem) {
		fmt_ptr(b, addr);
		return;
	}
	array_elems(b, c, addr, k, n, elem, !((addr + k->len) & 4095), one);
}

static void one_ptr(struct fmt_buf *b, const uint8_t *p)
{
	fmt_ptr(b, ld64(p));
}

static void one_int(struct fmt_buf *b, const uint8_t *p)
{
	fb_dec(b, (int32_t)ld32(p));
}

/* a page's status: its node, or -EFAULT */
static void one_status(struct fmt_buf *b, const uint8_t *p)
{
	fmt_neg_errno(b, (int32_t)ld32(p));
}

FMT_KIND(ptrarray)
{
	fmt_mem_array(b, c, i, 8, one_ptr);
}

FMT_KIND(intarray)
{
	fmt_mem_array(b, c, i, 4, one_int);
}

FMT_KIND(pagestatus)
{
	fmt_mem_array(b, c, i, 4, one_status);
}

/*
 * memfd_create's flags: the huge page size in bits 26-31 as
 * N<<MFD_HUGE_SHIFT after the other flags, all in a comment after the
 * number with -Xverbose, the number alone with -Xraw (strace's words)
 */
FMT_KIND(memfdflags)
{
	const uint32_t mask = 0x3fu << 26;
	uint32_t v = (uint32_t)c->args[i], huge = v & mask, rest = v & ~mask;
	int style = b->xstyle;

	if (!v || style != XSTYLE_ABBREV)
		fb_hex(b, v);
	if (!v || style == XSTYLE_RAW)
		return;
	if (style == XSTYLE_VERBOSE)
		fb_puts(b, " /* ");
	b->xstyle = XSTYLE_ABBREV;
	if (rest || !huge)
		fmt_flags_dflt(b, &xlat_memfd_flags, rest, "MFD_???");
	if (huge) {
		if (rest)
			fb_putc(b, '|');
		fb_printf(b, "%u<<MFD_HUGE_SHIFT", huge >> 26);
	}
	b->xstyle = style;
	if (style == XSTYLE_VERBOSE)
		fb_puts(b, " */");
}
