/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Checkers for the fuzz targets of etrace's writers: what a target's
 * output must be, whatever the traced program put in it.  Each returns 1
 * when the text is what it must be, else 0 (with the reason on stderr).
 *
 *   text_ok     valid UTF-8, no control byte but the newline
 *   xml_ok      well-formed XML 1.0 (elements balanced, attributes
 *               quoted, only the five entities and character references,
 *               CDATA), and text_ok
 *   json_ok     one JSON value (RFC 8259), valid UTF-8, nothing after it
 *   escaped     the reference of strace's escaping (fmt_escaped)
 */
#ifndef ETRACE_FUZZ_VALID_H
#define ETRACE_FUZZ_VALID_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* (the text need not end in a NUL: at most 40 bytes of it, to its end) */
static inline int bad_at(const char *what, const char *s, size_t n,
			 size_t at)
{
	int k = at < n ? (int)(n - at < 40 ? n - at : 40) : 0;

	fprintf(stderr, "invalid output: %s at byte %zu: '%.*s'\n", what, at,
		k, s + at);
	return 0;
}

/* the length of the valid UTF-8 sequence at s (n bytes left), or 0 */
static inline size_t utf8_seq(const uint8_t *s, size_t n)
{
	size_t len;
	uint32_t cp;

	if (s[0] < 0x80)
		return 1;
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
	return len;
}

static inline int text_ok(const char *s, size_t n)
{
	const uint8_t *u = (const uint8_t *)s;

	for (size_t i = 0; i < n;) {
		size_t l = utf8_seq(u + i, n - i);

		if (!l)
			return bad_at("not UTF-8", s, n, i);
		if ((u[i] < 0x20 && u[i] != '\n') || u[i] == 0x7f)
			return bad_at("a control byte", s, n, i);
		i += l;
	}
	return 1;
}

/* --- XML ------------------------------------------------------------- */

static inline int xml_name_char(char c, int first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
	       c == ':' || (!first && ((c >= '0' && c <= '9') || c == '-' ||
				       c == '.'));
}

/* an entity or character reference at s[i] ('&'): its length, or 0 */
static inline size_t xml_ref(const char *s, size_t n, size_t i)
{
	static const char *const ents[] = { "&lt;", "&gt;", "&amp;", "&quot;",
					    "&apos;" };
	size_t j = i + 2;

	for (size_t k = 0; k < 5; k++)
		if (n - i >= strlen(ents[k]) &&
		    !memcmp(s + i, ents[k], strlen(ents[k])))
			return strlen(ents[k]);
	if (n - i < 4 || s[i + 1] != '#')
		return 0;
	while (j < n && s[j] >= '0' && s[j] <= '9')
		j++;
	return j > i + 2 && j < n && s[j] == ';' ? j + 1 - i : 0;
}

static inline int xml_ok(const char *s, size_t n)
{
	char stack[64][32];
	int depth = 0, root_seen = 0;
	size_t i = 0;

	if (!text_ok(s, n))
		return 0;
	if (n >= 5 && !memcmp(s, "<?xml", 5)) {
		const char *e = memmem(s, n, "?>", 2);

		if (!e)
			return bad_at("unterminated <?xml", s, n, 0);
		i = (size_t)(e - s) + 2;
	}
	while (i < n) {
		if (s[i] == '&') {
			size_t l = xml_ref(s, n, i);

			if (!l)
				return bad_at("a bare &", s, n, i);
			i += l;
			continue;
		}
		if (s[i] == '>')
			return bad_at("a bare >", s, n, i);
		if (s[i] != '<') {
			if (!depth && s[i] != '\n' && s[i] != ' ')
				return bad_at("text outside the root", s, n, i);
			i++;
			continue;
		}
		if (n - i >= 9 && !memcmp(s + i, "<![CDATA[", 9)) {
			const char *e = memmem(s + i, n - i, "]]>", 3);

			if (!e || !depth)
				return bad_at("CDATA", s, n, i);
			i = (size_t)(e - s) + 3;
			continue;
		}
		if (s[i + 1] == '/') {
			size_t j = i + 2, k = 0;

			while (j < n && xml_name_char(s[j], j == i + 2))
				j++;
			if (!depth || j - i - 2 >= 32 || j >= n || s[j] != '>')
				return bad_at("a closing tag", s, n, i);
			depth--;
			for (k = 0; k < j - i - 2; k++)
				if (stack[depth][k] != s[i + 2 + k])
					break;
			if (k != j - i - 2 || stack[depth][k])
				return bad_at("a closing tag that opens nothing", s, n, i);
			i = j + 1;
			continue;
		}
		{
			/* <name attr="value" ...> or .../> */
			size_t j = i + 1, nl;

			while (j < n && xml_name_char(s[j], j == i + 1))
				j++;
			nl = j - i - 1;
			if (!nl || nl >= 32)
				return bad_at("a tag name", s, n, i);
			if (!depth && root_seen)
				return bad_at("a second root", s, n, i);
			for (;;) {
				size_t a;

				while (j < n && s[j] == ' ')
					j++;
				if (j < n && (s[j] == '>' || s[j] == '/'))
					break;
				a = j;
				while (j < n && xml_name_char(s[j], j == a))
					j++;
				if (j == a || j + 1 >= n || s[j] != '=' || s[j + 1] != '"')
					return bad_at("an attribute", s, n, j);
				for (j += 2; j < n && s[j] != '"'; j++) {
					if (s[j] == '<')
						return bad_at("< in an attribute", s, n, j);
					if (s[j] == '&') {
						size_t l = xml_ref(s, n, j);

						if (!l)
							return bad_at("a bare & in an attribute", s, n, j);
						j += l - 1;
					}
				}
				if (j >= n)
					return bad_at("an unterminated attribute", s, n, a);
				j++;
			}
			if (s[j] == '/') {
				if (j + 1 >= n || s[j + 1] != '>')
					return bad_at("/ without >", s, n, j);
				root_seen = 1;
				i = j + 2;
				continue;
			}
			if (depth == 64)
				return bad_at("too deep", s, n, i);
			memcpy(stack[depth], s + i + 1, nl);
			stack[depth][nl] = '\0';
			depth++;
			root_seen = 1;
			i = j + 1;
		}
	}
	if (depth || !root_seen)
		return bad_at("unclosed elements, or no root", s, n, n ? n - 1 : 0);
	return 1;
}

/* --- JSON ------------------------------------------------------------ */

struct jp {
	const char *s;
	size_t n, i;
	int depth;
};

static inline void jp_ws(struct jp *p)
{
	while (p->i < p->n && strchr(" \t\r\n", p->s[p->i]) && p->s[p->i])
		p->i++;
}

static inline int jp_value(struct jp *p);

static inline int jp_string(struct jp *p)
{
	const uint8_t *u = (const uint8_t *)p->s;

	if (p->i >= p->n || p->s[p->i] != '"')
		return bad_at("a string", p->s, p->n, p->i);
	for (p->i++; p->i < p->n;) {
		uint8_t c = u[p->i];
		size_t l;

		if (c == '"') {
			p->i++;
			return 1;
		}
		if (c < 0x20)
			return bad_at("a control byte in a string", p->s, p->n, p->i);
		if (c == '\\') {
			if (p->i + 1 >= p->n)
				return bad_at("an escape", p->s, p->n, p->i);
			if (strchr("\"\\/bfnrt", p->s[p->i + 1]) && p->s[p->i + 1]) {
				p->i += 2;
				continue;
			}
			if (p->s[p->i + 1] != 'u' || p->i + 6 > p->n)
				return bad_at("an escape", p->s, p->n, p->i);
			for (int k = 2; k < 6; k++)
				if (!strchr("0123456789abcdefABCDEF", p->s[p->i + k]) ||
				    !p->s[p->i + k])
					return bad_at("a \\u escape", p->s, p->n, p->i);
			p->i += 6;
			continue;
		}
		l = utf8_seq(u + p->i, p->n - p->i);
		if (!l)
			return bad_at("not UTF-8 in a string", p->s, p->n, p->i);
		p->i += l;
	}
	return bad_at("an unterminated string", p->s, p->n, p->i);
}

static inline int jp_number(struct jp *p)
{
	size_t i = p->i;

	if (i < p->n && p->s[i] == '-')
		i++;
	if (i >= p->n || p->s[i] < '0' || p->s[i] > '9')
		return bad_at("a number", p->s, p->n, p->i);
	if (p->s[i] == '0')
		i++;
	else
		while (i < p->n && p->s[i] >= '0' && p->s[i] <= '9')
			i++;
	if (i < p->n && p->s[i] == '.') {
		if (++i >= p->n || p->s[i] < '0' || p->s[i] > '9')
			return bad_at("a fraction", p->s, p->n, i);
		while (i < p->n && p->s[i] >= '0' && p->s[i] <= '9')
			i++;
	}
	if (i < p->n && (p->s[i] == 'e' || p->s[i] == 'E')) {
		if (++i < p->n && (p->s[i] == '+' || p->s[i] == '-'))
			i++;
		if (i >= p->n || p->s[i] < '0' || p->s[i] > '9')
			return bad_at("an exponent", p->s, p->n, i);
		while (i < p->n && p->s[i] >= '0' && p->s[i] <= '9')
			i++;
	}
	p->i = i;
	return 1;
}

static inline int jp_value(struct jp *p)
{
	jp_ws(p);
	if (p->i >= p->n)
		return bad_at("no value", p->s, p->n, p->i);
	if (++p->depth > 64)
		return bad_at("too deep", p->s, p->n, p->i);
	switch (p->s[p->i]) {
	case '{':
		p->i++;
		jp_ws(p);
		if (p->i < p->n && p->s[p->i] == '}') {
			p->i++;
			break;
		}
		for (;;) {
			jp_ws(p);
			if (!jp_string(p))
				return 0;
			jp_ws(p);
			if (p->i >= p->n || p->s[p->i] != ':')
				return bad_at("no : in an object", p->s, p->n, p->i);
			p->i++;
			if (!jp_value(p))
				return 0;
			jp_ws(p);
			if (p->i < p->n && p->s[p->i] == ',') {
				p->i++;
				continue;
			}
			if (p->i < p->n && p->s[p->i] == '}') {
				p->i++;
				break;
			}
			return bad_at("an object", p->s, p->n, p->i);
		}
		break;
	case '[':
		p->i++;
		jp_ws(p);
		if (p->i < p->n && p->s[p->i] == ']') {
			p->i++;
			break;
		}
		for (;;) {
			if (!jp_value(p))
				return 0;
			jp_ws(p);
			if (p->i < p->n && p->s[p->i] == ',') {
				p->i++;
				continue;
			}
			if (p->i < p->n && p->s[p->i] == ']') {
				p->i++;
				break;
			}
			return bad_at("an array", p->s, p->n, p->i);
		}
		break;
	case '"':
		if (!jp_string(p))
			return 0;
		break;
	case 't':
	case 'f':
	case 'n': {
		const char *w = p->s[p->i] == 't' ? "true" :
				p->s[p->i] == 'f' ? "false" : "null";

		if (p->n - p->i < strlen(w) || memcmp(p->s + p->i, w, strlen(w)))
			return bad_at("a word", p->s, p->n, p->i);
		p->i += strlen(w);
		break;
	}
	default:
		if (!jp_number(p))
			return 0;
	}
	p->depth--;
	return 1;
}

/* s[n] is one JSON value, and nothing else (blanks aside) */
static inline int json_ok(const char *s, size_t n)
{
	struct jp p = { s, n, 0, 0 };

	if (!jp_value(&p))
		return 0;
	jp_ws(&p);
	return p.i == n ? 1 : bad_at("text after the value", s, n, p.i);
}

/* --- strace's escaping, the reference ---------------------------------- */

/* s[n] escaped as strace does inside quotes, without them, into out */
static inline size_t escaped(const uint8_t *s, size_t n, char *out)
{
	size_t o = 0;

	for (size_t i = 0; i < n; i++) {
		uint8_t c = s[i];
		const char *e = c == '"' ? "\\\"" : c == '\\' ? "\\\\" :
				c == '\t' ? "\\t" : c == '\n' ? "\\n" :
				c == '\v' ? "\\v" : c == '\f' ? "\\f" :
				c == '\r' ? "\\r" : NULL;

		if (e) {
			memcpy(out + o, e, 2);
			o += 2;
		} else if (c >= 0x20 && c < 0x7f) {
			out[o++] = (char)c;
		} else if (i + 1 < n && s[i + 1] >= '0' && s[i + 1] <= '7') {
			o += (size_t)sprintf(out + o, "\\%03o", c);
		} else {
			o += (size_t)sprintf(out + o, "\\%o", c);
		}
	}
	out[o] = '\0';
	return o;
}

#endif
