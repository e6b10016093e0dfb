// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Fuzz: JSON strings (tracer/json.h).  json_str of the input bytes must
 * be one valid JSON string (RFC 8259: quotes, escapes, no raw control
 * characters) made of valid UTF-8 (no overlong forms, surrogates or code
 * points past U+10FFFF); decoded, it must give back the input exactly
 * when json_str says nothing was replaced, and otherwise the input with
 * U+FFFD for the bytes of invalid sequences.  Into a small buffer it
 * must stop at the end and say it was cut.  json_hex likewise.
 */
#include "fuzz.h"
#include "json.h"

static char out[1 << 20];
static uint8_t dec[1 << 20];

/* a valid UTF-8 sequence at s (of n bytes left): its length, or 0 */
static size_t utf8_ok(const uint8_t *s, size_t n, uint32_t *cpo)
{
	size_t len;
	uint32_t cp;

	if (s[0] < 0x80) {
		*cpo = s[0];
		return 1;
	}
	if ((s[0] & 0xe0) == 0xc0)
		len = 2, cp = s[0] & 0x1f;
	else if ((s[0] & 0xf0) == 0xe0)
		len = 3, cp = s[0] & 0x0f;
	else if ((s[0] & 0xf8) == 0xf0)
		len = 4, cp = s[0] & 0x07;
	else
		return 0;
	if (len > n)
		return 0;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((len == 2 && cp < 0x80) || (len == 3 && cp < 0x800) ||
	    (len == 4 && cp < 0x10000) || cp > 0x10ffff ||
	    (cp >= 0xd800 && cp <= 0xdfff))
		return 0;
	*cpo = cp;
	return len;
}

static uint8_t want[1 << 20];

/* the input with U+FFFD for each byte that starts no valid sequence */
static size_t expected(const uint8_t *in, size_t n)
{
	size_t d = 0;
	uint32_t cp;

	for (size_t i = 0; i < n;) {
		size_t l = utf8_ok(in + i, n - i, &cp);

		if (!l) {
			memcpy(want + d, "\xef\xbf\xbd", 3);
			d += 3;
			i++;
			continue;
		}
		memcpy(want + d, in + i, l);
		d += l;
		i += l;
	}
	return d;
}

static int hexval(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* check s[n] is one JSON string; decode its value into dec; its length */
static size_t check_json(const char *s, size_t n, size_t *nrepl)
{
	const uint8_t *u = (const uint8_t *)s;
	size_t i = 1, d = 0;
	uint32_t cp;

	*nrepl = 0;
	FUZZ_ASSERT(n >= 2 && s[0] == '"' && s[n - 1] == '"');
	while (i < n - 1) {
		size_t l;

		FUZZ_ASSERT(u[i] >= 0x20);	/* no raw control bytes */
		FUZZ_ASSERT(u[i] != '"');	/* the end comes only last */
		if (u[i] == '\\') {
			FUZZ_ASSERT(i + 1 < n - 1);
			switch (s[i + 1]) {
			case '"': dec[d++] = '"'; i += 2; continue;
			case '\\': dec[d++] = '\\'; i += 2; continue;
			case '/': dec[d++] = '/'; i += 2; continue;
			case 'b': dec[d++] = '\b'; i += 2; continue;
			case 'f': dec[d++] = '\f'; i += 2; continue;
			case 'n': dec[d++] = '\n'; i += 2; continue;
			case 'r': dec[d++] = '\r'; i += 2; continue;
			case 't': dec[d++] = '\t'; i += 2; continue;
			case 'u':
				FUZZ_ASSERT(i + 5 < n - 1 + 1);
				cp = 0;
				for (int k = 2; k < 6; k++) {
					int h = hexval(s[i + k]);

					FUZZ_ASSERT(h >= 0);
					cp = cp << 4 | (uint32_t)h;
				}
				/* etrace escapes only control bytes (C0, DEL
				   and the C1 controls U+0080..U+009F, which
				   some terminals obey) and U+FFFD */
				FUZZ_ASSERT(cp < 0x20 || cp == 0x7f ||
					    (cp >= 0x80 && cp <= 0x9f) ||
					    cp == 0xfffd);
				if (cp >= 0x80 && cp <= 0x9f) {
					dec[d++] = 0xc2;
					dec[d++] = (uint8_t)cp;
				} else if (cp == 0xfffd) {
					dec[d++] = 0xef;
					dec[d++] = 0xbf;
					dec[d++] = 0xbd;
					(*nrepl)++;
				} else {
					dec[d++] = (uint8_t)cp;
				}
				i += 6;
				continue;
			default:
				FUZZ_ASSERT(!"bad escape");
			}
		}
		l = utf8_ok(u + i, n - 1 - i, &cp);
		FUZZ_ASSERT(l > 0);		/* valid UTF-8, and whole */
		memcpy(dec + d, u + i, l);
		d += l;
		i += l;
	}
	return d;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fmt_buf b;
	uint8_t *in;
	size_t n, nrepl, small;
	int r;

	if (size > (sizeof(out) - 2) / 6)
		return 0;
	in = fz_dup(data, size);
	fb_init(&b, out, sizeof(out));
	r = json_str(&b, in, size);
	FUZZ_ASSERT(!b.cut && (r == 0 || r == 1));
	n = check_json(out, (size_t)(b.p - out), &nrepl);
	if (!r) {
		/* nothing replaced: the value is the input, byte for byte */
		FUZZ_ASSERT(nrepl == 0 || memmem(in, size, "\xef\xbf\xbd", 3));
		FUZZ_ASSERT(n == size && !memcmp(dec, in, size));
	} else {
		FUZZ_ASSERT(nrepl > 0);
	}
	FUZZ_ASSERT(n == expected(in, size) && !memcmp(dec, want, n));

	/* cut short: never past the end, and said so */
	small = size ? data[0] % 16 : 0;
	fb_init(&b, out, small);
	json_str(&b, in, size);
	FUZZ_ASSERT(b.p <= out + small);
	FUZZ_ASSERT(b.cut || (size_t)(b.p - out) <= small);

	fb_init(&b, out, sizeof(out));
	json_hex(&b, in, size);
	FUZZ_ASSERT((size_t)(b.p - out) == 2 * size + 2);
	free(in);
	return 0;
}
