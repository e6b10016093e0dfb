#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Build tool: decoders/xlat/SET.in (names) -> C (struct xlat xlat_SET).
#   xlatgen.sh decoders/xlat/mmap_prot.in > build/gen/xlat/mmap_prot.c
# A line is NAME (value from the headers named by #include lines) or
# NAME VALUE (for names the system headers lack). #include and #define
# lines are copied to the top of the output.  "#prefix P_" names the prefix
# of the "P_???" comment on unknown values when it is not the names' own
# (strace says MPOL_??? for mbind's MPOL_MF_* flags); "#prefix -" none:
# unknown values print as a plain number (strace's empty default).
set -eu
in=$1
set=$(basename "$in" .in)
awk -v set="$set" '
BEGIN { n = 0; ninc = 0; fixed = "" }
function lcp(a, b,   i) {
	for (i = 1; i <= length(a) && substr(a, i, 1) == substr(b, i, 1); i++) ;
	return substr(a, 1, i - 1)
}
/^#(include|define)/ { inc[ninc++] = $0; next }
/^#prefix[ \t]/ { fixed = $2; next }
/^[ \t]*(#|$)/ { next }
{
	# strace spells a few names as expressions: 1<<KG_SHIFT, KVAL(K_F1)
	if ($1 !~ /^[A-Za-z0-9_][A-Za-z0-9_<>()-]*$/ ||
	    $1 !~ /^[A-Za-z_]|^1<</) {
		printf "%s:%d: bad name %s\n", FILENAME, FNR, $1 > "/dev/stderr"
		exit 1
	}
	name[n] = $1
	val[n] = NF > 1 ? $2 : $1
	p = n ? lcp(p, $1) : $1
	n++
}
END {
	# "MADV_" for MADV_NORMAL, MADV_RANDOM: the prefix up to its last _
	if (n < 2) p = name[0]
	q = p; sub(/[^_]*$/, "", q); if (q != "") p = q
	if (fixed != "") p = fixed
	print "/* Generated from " FILENAME " by tools/xlatgen.sh: do not edit. */"
	for (i = 0; i < ninc; i++) print inc[i]
	print "#include \"xlat.h\"\n"
	print "static const struct xlat_entry e[] = {"
	for (i = 0; i < n; i++)
		printf "\t{ (uint64_t)(%s), \"%s\" },\n", val[i], name[i]
	print "};\n"
	if (p == "-") p = "NULL"; else p = "\"" p "\""
	printf "const struct xlat xlat_%s = { \"%s\", %s, e, %d };\n", set, set, p, n
}' "$in"
