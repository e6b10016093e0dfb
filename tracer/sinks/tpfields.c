// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Events stage: typed fields of tracepoint records.  Bounds are checked
 * against the record: a format that claims more than the record holds
 * gives TPV_BAD, printed as such, never bytes from beyond it.
 */
#include <string.h>

#include <traceevent/event-parse.h>

#include "decode.h"
#include "tpfields.h"

static uint64_t rd(const uint8_t *p, uint32_t n, int sign)
{
	uint8_t b1;
	uint16_t b2;
	uint32_t b4;
	uint64_t b8 = 0;

	switch (n) {
	case 1:
		memcpy(&b1, p, 1);
		return sign ? (uint64_t)(int64_t)(int8_t)b1 : b1;
	case 2:
		memcpy(&b2, p, 2);
		return sign ? (uint64_t)(int64_t)(int16_t)b2 : b2;
	case 4:
		memcpy(&b4, p, 4);
		return sign ? (uint64_t)(int64_t)(int32_t)b4 : b4;
	case 8:
		memcpy(&b8, p, 8);
		return b8;
	}
	return 0;
}

static int is_char(const char *type)
{
	return strstr(type, "char") != NULL;
}

void tp_value(const struct tep_format_field *f, const uint8_t *raw,
	      uint32_t size, struct tp_value *v)
{
	uint32_t off = (uint32_t)f->offset, len = (uint32_t)f->size;

	memset(v, 0, sizeof(*v));
	v->kind = TPV_BAD;
	if (f->offset < 0 || f->size < 0 || off > size || len > size - off)
		return;
	if (f->flags & TEP_FIELD_IS_DYNAMIC) {
		/* __data_loc: u32 with offset (low half) and length */
		uint32_t loc, at, n;

		if (len < 4)
			return;
		loc = (uint32_t)rd(raw + off, 4, 0);
		at = loc & 0xffff;
		n = loc >> 16;

		if (f->flags & TEP_FIELD_IS_RELATIVE)
			at += off + 4;
		if (at > size || n > size - at)
			return;
		off = at;
		len = n;
	} else if (!(f->flags & TEP_FIELD_IS_ARRAY)) {
		int sign = (f->flags & TEP_FIELD_IS_SIGNED) != 0;

		if (len != 1 && len != 2 && len != 4 && len != 8)
			return;
		v->u = rd(raw + off, len, sign);
		v->s = (int64_t)v->u;
		if (f->flags & TEP_FIELD_IS_POINTER)
			v->kind = TPV_HEX;
		else if (sign)
			v->kind = TPV_SIGNED;
		else if ((f->flags & TEP_FIELD_IS_LONG) && len == 8)
			v->kind = TPV_HEX;	/* unsigned long: addresses */
		else
			v->kind = TPV_UNSIGNED;
		return;
	}
	v->p = raw + off;
	if (is_char(f->type)) {
		const uint8_t *z = memchr(v->p, '\0', len);

		v->kind = TPV_STRING;
		v->len = z ? (uint32_t)(z - v->p) : len;
		return;
	}
	v->kind = TPV_ARRAY;
	v->elem = f->elementsize > 0 && f->elementsize <= 8 &&
		  !(f->elementsize & (f->elementsize - 1)) ?
		  (uint32_t)f->elementsize : 1;
	v->len = len / v->elem;
	v->elem_signed = (f->flags & TEP_FIELD_IS_SIGNED) != 0;
}

uint64_t tp_elem(const struct tp_value *v, uint32_t i)
{
	return i < v->len ? rd(v->p + (size_t)i * v->elem, v->elem,
			       v->elem_signed) : 0;
}

const struct tep_format_field *tp_fields(const struct tep_event *ev)
{
	return ev->format.fields;
}

void tp_format(struct fmt_buf *b, const struct tep_event *ev,
	       const uint8_t *raw, uint32_t size)
{
	int n = 0;

	for (const struct tep_format_field *f = tp_fields(ev); f; f = f->next) {
		struct tp_value v;

		tp_value(f, raw, size, &v);
		if (n++)
			fb_puts(b, ", ");
		fb_puts(b, f->name);
		fb_putc(b, '=');
		switch (v.kind) {
		case TPV_SIGNED:
			fb_dec(b, v.s);
			break;
		case TPV_UNSIGNED:
			fb_udec(b, v.u);
			break;
		case TPV_HEX:
			fb_hex(b, v.u);
			break;
		case TPV_STRING:
			fmt_quoted(b, v.p, v.len, -1, 0);
			break;
		case TPV_ARRAY:
			fb_putc(b, '[');
			for (uint32_t i = 0; i < v.len; i++) {
				if (i)
					fb_puts(b, ", ");
				if (i == 32) {
					fb_puts(b, "...");
					break;
				}
				if (v.elem_signed)
					fb_dec(b, (int64_t)tp_elem(&v, i));
				else
					fb_hex(b, tp_elem(&v, i));
			}
			fb_putc(b, ']');
			break;
		default:
			fb_puts(b, "?");
		}
	}
}
