// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * Unwind stage: call instructions before return addresses.
 *
 * A return address is the address just after a call, so the bytes
 * before it end with one of: e8 rel32 (5 bytes), or ff /2 (an indirect
 * call: opcode ff, ModRM reg field 2, then the SIB byte and the
 * displacement that ModRM asks for: 2 to 7 bytes; a REX or notrack
 * prefix comes before the ff and changes nothing after it).  A word of
 * the stack that is no return address passes this only by chance.
 */
#include <string.h>

#include "callsite.h"

/* the length of ff /2 from its ModRM (and SIB) byte */
static size_t ff_len(uint8_t modrm, uint8_t sib, int has_sib_byte)
{
	unsigned int mod = modrm >> 6, rm = modrm & 7;
	size_t len = 2;

	if (mod == 3)
		return len;
	if (rm == 4) {
		if (!has_sib_byte)
			return 0;
		len++;
		if (mod == 0 && (sib & 7) == 5)
			len += 4;	/* no base: disp32 */
	} else if (mod == 0 && rm == 5) {
		len += 4;		/* rip-relative */
	}
	if (mod == 1)
		len += 1;
	else if (mod == 2)
		len += 4;
	return len;
}

int callsite_is_call(const uint8_t *before, size_t len)
{
	const uint8_t *end = before + len;

	if (len >= 5 && end[-5] == 0xe8)
		return 1;
	for (size_t l = 2; l <= CALLSITE_MAX && l <= len; l++) {
		const uint8_t *p = end - l;

		if (p[0] != 0xff || ((p[1] >> 3) & 7) != 2)
			continue;
		if (ff_len(p[1], l > 2 ? p[2] : 0, l > 2) == l)
			return 1;
	}
	return 0;
}

int callsite_in_elf(Elf *elf, uint64_t vaddr)
{
	size_t nph = 0, size = 0;
	const char *raw = elf ? elf_rawfile(elf, &size) : NULL;

	if (!raw || elf_getphdrnum(elf, &nph))
		return 0;
	for (size_t i = 0; i < nph; i++) {
		GElf_Phdr ph;
		uint64_t off, n;

		if (!gelf_getphdr(elf, (int)i, &ph) || ph.p_type != PT_LOAD ||
		    !(ph.p_flags & PF_X))
			continue;
		/* the return address may end the segment, never precede it */
		if (vaddr <= ph.p_vaddr || vaddr > ph.p_vaddr + ph.p_filesz)
			continue;
		off = ph.p_offset + (vaddr - ph.p_vaddr);
		n = vaddr - ph.p_vaddr;
		if (n > CALLSITE_MAX)
			n = CALLSITE_MAX;
		if (off > size || off < n)
			return 0;
		return callsite_is_call((const uint8_t *)raw + off - n, n);
	}
	return 0;
}
