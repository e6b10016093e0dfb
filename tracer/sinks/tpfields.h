/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Events stage: the fields of any tracepoint's record, read through its
 * tracefs format (libtraceevent), as typed values the sinks print.
 */
#ifndef ETRACE_TPFIELDS_H
#define ETRACE_TPFIELDS_H

#include <stdint.h>

#include "fmt.h"

struct tep_event;
struct tep_format_field;

enum tp_kind { TPV_SIGNED, TPV_UNSIGNED, TPV_HEX, TPV_STRING, TPV_ARRAY,
	       TPV_BAD };

struct tp_value {
	enum tp_kind kind;
	int64_t s;
	uint64_t u;
	const uint8_t *p;		/* strings, arrays: the bytes */
	uint32_t len;			/* their length (strings: to the NUL) */
	uint32_t elem;			/* arrays: element size */
	int elem_signed;
};

/* the value of field f in raw[size]; TPV_BAD when it lies outside */
void tp_value(const struct tep_format_field *f, const uint8_t *raw,
	      uint32_t size, struct tp_value *v);
/* an array's element i */
uint64_t tp_elem(const struct tp_value *v, uint32_t i);
/* the first field after the common ones */
const struct tep_format_field *tp_fields(const struct tep_event *ev);
/* "name=value, name=value": strace-like, strings quoted */
void tp_format(struct fmt_buf *b, const struct tep_event *ev,
	       const uint8_t *raw, uint32_t size);

#endif
