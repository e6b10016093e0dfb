// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: tracefs formats and etrace's use of them.
 *
 * The format text is built from the input in the kernel's syntax (the
 * fields' types, names, array lengths, offsets, sizes and signedness
 * come from the input), parsed by libtraceevent (tep_parse_format, as
 * tfs_event does), and then etrace reads a record made of the rest of
 * the input through it: tp_value of every field (bytes it returns must
 * lie inside the record), tp_elem, tp_format into a small and a large
 * buffer, and sc_desc_from_format as for a syscall the table lacks.
 *
 * Why not raw text: libtraceevent 1.7.1 itself crashes (NULL strcmp) and
 * leaks on malformed format lines, e.g. "\tfield:u64 b[" or "\tfield:int "
 * cut short; the kernel writes the formats, so that is not etrace's
 * input.  Here the syntax is always the kernel's; the values are not.
 *
 * FUZZ_PRINT=1 in the environment prints each record (to check seeds).
 *
 * Input: u8 number of fields (up to 15), then per field 8 bytes: type
 * index, array length (0: none, 255: "[]"), u16 offset, u16 size, signed
 * flag, name index; then the record bytes.
 */
#include <traceevent/event-parse.h>

#include "fuzz.h"
#include "sysent_fallback.h"
#include "tpfields.h"

static const char *const types[] = {
	"int", "unsigned int", "long", "unsigned long", "u8", "u16", "u32",
	"u64", "s8", "s16", "s32", "s64", "char", "unsigned char", "pid_t",
	"size_t", "umode_t", "bool", "void *", "const char *",
	"const char *const *", "__data_loc char[]", "__rel_loc char[]",
	"__data_loc u8[]", "__rel_loc u32[]", "__data_loc int[]",
	"struct sockaddr *", "loff_t", "gfp_t", "dev_t", "signed char",
	"__data_loc unsigned long[]",
};
static const char *const names[] = {
	"__syscall_nr", "fd", "filename", "buf", "count", "args", "comm",
	"prev_comm", "ret", "id", "name", "flags", "mode", "data", "x", "len",
};

static char small[64], large[1 << 16];

static size_t build(struct fz *f, char *text, size_t room)
{
	size_t n = 0;
	int nf = fz_u8(f) % 16;

	n += (size_t)snprintf(text + n, room - n,
		"name: fz\nID: 1\nformat:\n"
		"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
		"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
		"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
		"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n");
	for (int i = 0; i < nf && n < room; i++) {
		const char *type = types[fz_u8(f) % (sizeof(types) / sizeof(types[0]))];
		uint8_t alen = fz_u8(f);
		uint16_t off = fz_u16(f), size = fz_u16(f);
		uint8_t sgn = fz_u8(f) & 1;
		const char *name = names[fz_u8(f) % (sizeof(names) / sizeof(names[0]))];
		char arr[8] = "";

		if (alen == 255)
			snprintf(arr, sizeof(arr), "[]");
		else if (alen && !strchr(type, '['))
			snprintf(arr, sizeof(arr), "[%u]", alen);
		n += (size_t)snprintf(text + n, room - n,
			"\tfield:%s %s%s;\toffset:%u;\tsize:%u;\tsigned:%u;\n",
			type, name, arr, off, size, sgn);
	}
	if (n < room)
		n += (size_t)snprintf(text + n, room - n,
				      "\nprint fmt: \"fd=%%d\", REC->fd\n");
	return n < room ? n : room - 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char text[8192];
	struct tep_handle *tep;
	struct tep_event *ev = NULL;
	struct fz f;
	size_t flen, rlen;
	const uint8_t *rest;
	char *fmt;
	uint8_t *raw;

	fz_init(&f, data, size);
	flen = build(&f, text, sizeof(text));
	rest = fz_take(&f, f.left, &rlen);

	tep_set_loglevel(TEP_LOG_NONE);
	tep = tep_alloc();
	if (!tep)
		abort();
	tep_set_long_size(tep, 8);
	tep_set_page_size(tep, 4096);
	/* tfs_event hands over a file's bytes, not NUL-terminated */
	fmt = (char *)fz_dup(text, flen);
	raw = fz_dup(rest, rlen);
	if (tep_parse_format(tep, &ev, fmt, flen, "fuzz") == 0 && ev) {
		struct fmt_buf b;
		struct sc_desc d = { 0 };

		for (const struct tep_format_field *fl = tp_fields(ev); fl;
		     fl = fl->next) {
			struct tp_value v;

			tp_value(fl, raw, (uint32_t)rlen, &v);
			if (v.kind == TPV_STRING || v.kind == TPV_ARRAY) {
				size_t bytes = v.kind == TPV_STRING ? v.len :
					       (size_t)v.len * v.elem;

				FUZZ_ASSERT(v.p >= raw && v.p <= raw + rlen);
				FUZZ_ASSERT(bytes <= (size_t)(raw + rlen - v.p));
				for (uint32_t i = 0; i < v.len && i < 64; i++)
					(void)tp_elem(&v, i);
			}
			(void)tp_elem(&v, v.len);
		}
		fb_init(&b, small, sizeof(small));
		tp_format(&b, ev, raw, (uint32_t)rlen);
		FUZZ_ASSERT(b.p <= b.end);
		fb_init(&b, large, sizeof(large));
		tp_format(&b, ev, raw, (uint32_t)rlen);
		FUZZ_ASSERT(b.p <= b.end);
		if (getenv("FUZZ_PRINT"))
			fprintf(stderr, "%.*s\n", (int)(b.p - large), large);
		(void)sc_desc_from_format(ev, &d);
		FUZZ_ASSERT(d.nargs <= SC_MAX_ARGS);
		for (int i = 0; i < d.nargs; i++)
			FUZZ_ASSERT(d.arg[i].kind < K__COUNT);
	}
	tep_free(tep);
	free(fmt);
	free(raw);
	return 0;
}
