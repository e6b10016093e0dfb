/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Sinks stage: JSON text.  Every string etrace writes into JSON goes
 * through here, so every line parses: quotes, control bytes and invalid
 * UTF-8 included.
 */
#ifndef ETRACE_JSON_H
#define ETRACE_JSON_H

#include <stddef.h>
#include <stdint.h>

#include "fmt.h"

/*
 * A JSON string of bytes s[len].  Valid UTF-8 goes through; each byte of
 * an invalid sequence becomes U+FFFD.  Returns 1 when bytes were replaced
 * (the writer then adds the exact bytes in hex), 0 otherwise.
 */
int json_str(struct fmt_buf *b, const uint8_t *s, size_t len);
/* "text", for NUL-terminated text etrace made itself */
void json_cstr(struct fmt_buf *b, const char *s);
/* "key": (with the comma when not first) */
void json_key(struct fmt_buf *b, int *first, const char *key);
/* lower-case hex of the bytes, as a JSON string */
void json_hex(struct fmt_buf *b, const uint8_t *s, size_t len);

#endif
