// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Decoders stage: struct perf_event_attr as strace 6.1 prints it (its
 * perf.c): the fields the struct's size says it has (a size of 0 is the
 * first version's 64 bytes; more than etrace knows is cut to what it
 * knows, with "..." after), up to wakeup_events without -v, the bit
 * flags that are set (all of them with -v), config in words by type.
 */
#include <errno.h>
#include <linux/hw_breakpoint.h>
#include <linux/perf_event.h>

#include "fmt_priv.h"

/* bytes of the struct etrace knows (PERF_ATTR_SIZE_VER7: sig_data) */
#define PA_KNOWN	128
/* where wakeup_events starts: what strace reads without -v */
#define PA_ABBREV	48

/* the bit flags at byte 40, from bit 0 (precise_ip, two bits, apart) */
static const char *const pa_bits[] = {
	"disabled", "inherit", "pinned", "exclusive", "exclude_user",
	"exclude_kernel", "exclude_hv", "exclude_idle", "mmap", "comm",
	"freq", "inherit_stat", "enable_on_exec", "task", "watermark",
	NULL, NULL, "mmap_data", "sample_id_all", "exclude_host",
	"exclude_guest", "exclude_callchain_kernel", "exclude_callchain_user",
	"mmap2", "comm_exec", "use_clockid", "context_switch",
	"write_backward", "namespaces", "ksymbol", "bpf_event", "aux_output",
	"cgroup", "text_poke", "build_id", "inherit_thread", "remove_on_exec",
	"sigtrap",
};

static void pa_field(struct fmt_buf *b, const char *name)
{
	fb_puts(b, ", ");
	fb_puts(b, name);
	fb_putc(b, '=');
}

/* "V<<SHIFT|" of a config's part */
static void pa_shifted(struct fmt_buf *b, uint64_t v, unsigned int shift)
{
	fb_hex(b, v);
	fb_puts(b, "<<");
	fb_udec(b, shift);
	fb_putc(b, '|');
}

static void pa_config(struct fmt_buf *b, uint32_t type, uint64_t config)
{
	pa_field(b, "config");
	switch (type) {
	case PERF_TYPE_HARDWARE:
		if (config >> 32)
			pa_shifted(b, config >> 32, 32);
		fmt_enum_dflt(b, &xlat_perf_hw_id, config & 0xffffffff,
			      "PERF_COUNT_HW_???");
		return;
	case PERF_TYPE_SOFTWARE:
		fmt_enum_dflt(b, &xlat_perf_sw_ids, config,
			      "PERF_COUNT_SW_???");
		return;
	case PERF_TYPE_TRACEPOINT:
		fb_udec(b, config);
		return;
	case PERF_TYPE_HW_CACHE:
		if (config >> 32)
			pa_shifted(b, config >> 32, 32);
		if ((config & 0xffffffff) >> 24)
			pa_shifted(b, (config & 0xffffffff) >> 24, 24);
		fmt_enum_dflt(b, &xlat_perf_hw_cache_op_result_id,
			      (config >> 16) & 0xff,
			      "PERF_COUNT_HW_CACHE_RESULT_???");
		fb_puts(b, "<<16|");
		fmt_enum_dflt(b, &xlat_perf_hw_cache_op_id,
			      (config >> 8) & 0xff, "PERF_COUNT_HW_CACHE_OP_???");
		fb_puts(b, "<<8|");
		fmt_enum_dflt(b, &xlat_perf_hw_cache_id, config & 0xff,
			      "PERF_COUNT_HW_CACHE_???");
		return;
	default:
		fb_hex(b, config);
	}
}

/* the bit flags: set ones, or all with -v; precise_ip always */
static void pa_flags(struct fmt_buf *b, const struct sc_call *c, uint64_t f)
{
	static const char *const skid[] = {
		"arbitrary skid", "constant skid",
		"requested to have 0 skid", "must have 0 skid",
	};

	for (unsigned int j = 0; j < sizeof(pa_bits) / sizeof(pa_bits[0]);
	     j++) {
		if (j == 15) {
			pa_field(b, "precise_ip");
			fb_udec(b, (f >> 15) & 3);
			fb_puts(b, " /* ");
			fb_puts(b, skid[(f >> 15) & 3]);
			fb_puts(b, " */");
			j++;
			continue;
		}
		if (abbrev(c) && !(f >> j & 1))
			continue;
		pa_field(b, pa_bits[j]);
		fb_udec(b, f >> j & 1);
	}
	if (f >> 38) {
		pa_field(b, "__reserved_1");
		fb_hex(b, f >> 38);
		fb_puts(b, " /* Bits 63..38 */");
	}
}

/* the fields from wakeup_events on (-v), while size has them */
static void pa_rest(struct fmt_buf *b, const uint8_t *p, uint32_t size)
{
	uint32_t type = ld32(p);
	uint64_t st = ld64(p + 24), f = ld64(p + 40);
	int bp = type == PERF_TYPE_BREAKPOINT;

	pa_field(b, f >> 14 & 1 ? "wakeup_watermark" : "wakeup_events");
	fb_udec(b, ld32(p + 48));
	if (bp) {
		uint32_t t = ld32(p + 52);

		pa_field(b, "bp_type");
		fmt_enum_dflt(b, &xlat_hw_breakpoint_type, t,
			      t <= (HW_BREAKPOINT_X | HW_BREAKPOINT_RW) ?
			      "HW_BREAKPOINT_INVALID" : "HW_BREAKPOINT_???");
	}
	pa_field(b, bp ? "bp_addr" : "config1");
	fb_hex(b, ld64(p + 56));
	if (size <= 64)
		return;
	pa_field(b, bp ? "bp_len" : "config2");
	if (bp)
		fb_udec(b, ld64(p + 64));
	else
		fb_hex(b, ld64(p + 64));
	if (size <= 72)
		return;
	if (st & PERF_SAMPLE_BRANCH_STACK) {
		pa_field(b, "branch_sample_type");
		fmt_flags_dflt(b, &xlat_perf_branch_sample_type, ld64(p + 72),
			       "PERF_SAMPLE_BRANCH_???");
	}
	if (size <= 80)
		return;
	pa_field(b, "sample_regs_user");
	fb_hex(b, ld64(p + 80));
	if (size <= 88)
		return;
	if (st & PERF_SAMPLE_STACK_USER) {
		pa_field(b, "sample_stack_user");
		fb_hex(b, ld32(p + 88));
	}
	if (f >> 25 & 1) {
		if (size <= 92)
			return;
		pa_field(b, "clockid");
		fmt_enum_dflt(b, &xlat_clocks, ld32(p + 92), "CLOCK_???");
	}
	if (size <= 96)
		return;
	pa_field(b, "sample_regs_intr");
	fb_hex(b, ld64(p + 96));
	if (size <= 104)
		return;
	pa_field(b, "aux_watermark");
	fb_udec(b, ld32(p + 104));
	if (size <= 108)
		return;
	pa_field(b, "sample_max_stack");
	fb_udec(b, ld16(p + 108));
	if (size <= 110)
		return;
	if (ld16(p + 110)) {
		fb_puts(b, " /* bytes 110..111: ");
		fb_hex(b, ld16(p + 110));
		fb_puts(b, " */");
	}
	if (size <= 112)
		return;
	pa_field(b, "aux_sample_size");
	fb_udec(b, ld32(p + 112));
	if (size <= 116)
		return;
	if (ld32(p + 116)) {
		fb_puts(b, " /* bytes 116..119: ");
		fb_hex(b, ld32(p + 116));
		fb_puts(b, " */");
	}
	if (size <= 120)
		return;
	pa_field(b, "sig_data");
	fb_hex(b, ld64(p + 120));
}

/*
 * The struct at k (len bytes copied), with the size the kernel wrote
 * (now: E2BIG's, -1 unreadable, PA_SAME none); 0: too few bytes for what strace
 * reads (its size field, then the size it says), or a size below the
 * first version's: the pointer is printed instead
 */
int fmt_perf_attr(struct fmt_buf *b, const struct sc_call *c,
		  const uint8_t *k, uint32_t len, int64_t now)
{
	uint8_t p[PA_KNOWN] = { 0 };
	uint32_t asize, size, type;
	uint64_t f;

	if (len < 8)
		return 0;
	asize = ld32(k + 4);
	size = asize > PA_KNOWN ? PA_KNOWN : asize ? asize :
	       PERF_ATTR_SIZE_VER0;
	if (size < PERF_ATTR_SIZE_VER0)
		return 0;
	if (abbrev(c))
		size = PA_ABBREV;
	if (len < size)
		return 0;
	memcpy(p, k, size);
	type = ld32(p);
	f = ld64(p + 40);
	fb_puts(b, "{type=");
	fmt_enum_dflt(b, &xlat_perf_type_id, type, "PERF_TYPE_???");
	pa_field(b, "size");
	fmt_enum_dflt(b, &xlat_perf_attr_size, asize, "PERF_ATTR_SIZE_???");
	if (now != PA_SAME) {
		fb_puts(b, " => ");
		if (now < 0)
			fb_puts(b, "???");
		else
			fmt_enum_dflt(b, &xlat_perf_attr_size, (uint64_t)now,
				      "PERF_ATTR_SIZE_???");
	}
	pa_config(b, type, ld64(p + 8));
	pa_field(b, f >> 10 & 1 ? "sample_freq" : "sample_period");
	fb_udec(b, ld64(p + 16));
	pa_field(b, "sample_type");
	fmt_flags_dflt(b, &xlat_perf_event_sample_format, ld64(p + 24),
		       "PERF_SAMPLE_???");
	pa_field(b, "read_format");
	fmt_flags_dflt(b, &xlat_perf_event_read_format, ld64(p + 32),
		       "PERF_FORMAT_???");
	pa_flags(b, c, f);
	if (!abbrev(c))
		pa_rest(b, p, size);
	if (asize ? asize > size : size < PERF_ATTR_SIZE_VER0)
		fb_puts(b, ", ...");
	fb_putc(b, '}');
	return 1;
}

/*
 * perf_event_open's attributes, printed at exit as strace does: the
 * struct as given (the entry's copy), after E2BIG the size the kernel
 * wrote back ("???" when that could not be read)
 */
FMT_KIND(perfattr)
{
	const struct cap *k = c->cap[i], *kx = c->cap_out[i];
	int64_t now = PA_SAME;

	if (!c->args[i] || !k || (k->flags & CAP_FAULT)) {
		fmt_ptr(b, c->args[i]);
		return;
	}
	if (c->exited && c->ret == -E2BIG)
		now = kx && kx->len >= 8 ? (int64_t)ld32(kx->p + 4) : -1;
	if (!fmt_perf_attr(b, c, k->p, k->len, now))
		fmt_ptr(b, c->args[i]);
}
