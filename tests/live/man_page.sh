# SPDX-License-Identifier: GPL-2.0-or-later
# The manual page, etrace.1: groff renders it without a single warning
# (-ww: all of them), man-db too (as lintian runs it), and every option
# that `etrace --help` lists has an entry under OPTIONS, so whoever adds
# a flag documents it.  Needs no privileges.
#
# An option's key is its flag with the placeholders dropped: "-u USER"
# and ".BI \-u " user" are both "-u"; "-e trace=LIST" and "-e trace=list"
# are "-e trace="; "--stack=fp" stays whole.  --help writes placeholders
# in capitals, the page in italics: the tags of the page are rendered by
# groff itself (-Tascii, where italics are "_\b" overstrikes), italics
# dropped, so the keys come from what a reader sees.
. "$TOP/tests/lib.sh"

page="$TOP/etrace.1"
command -v groff >/dev/null || fail "groff is not installed (make deps)"

groff -man -ww -z "$page" 2> groff.err
rc=$?
cat groff.err
[ $rc = 0 ] && [ ! -s groff.err ] ||
	fail "groff -man -ww -z etrace.1: exit $rc, $(wc -l < groff.err) warning line(s)"
if command -v man >/dev/null; then
	LC_ALL=C.UTF-8 MANROFFSEQ='' MANWIDTH=80 \
		man --warnings -E UTF-8 -l -Tutf8 -Z "$page" > /dev/null 2> man.err
	rc=$?
	cat man.err
	[ $rc = 0 ] && [ ! -s man.err ] ||
		fail "man --warnings -l etrace.1: exit $rc, $(wc -l < man.err) warning line(s)"
fi

# key of one "flag [arg]" piece, placeholders already removed: the flag,
# and for -e the qualifier ("-e trace=", "-e :" for SYSTEM:EVENT)
keys() {
	awk '{
		n = split($0, piece, /, +/)
		for (i = 1; i <= n; i++) {
			sub(/^ +/, "", piece[i])
			split(piece[i], w, / +/)
			k = w[1]
			# an optional argument: "--syscall-times[=PRECISION]"
			sub(/\[=.*$/, "", k)
			if (k == "-e" && w[2] != "")
				k = k " " w[2]
			if (k ~ /^-/)
				print k
		}
	}' | sort -u
}

# --help: each field (columns are two or more spaces apart) that starts
# with a dash is a flag column; placeholders are in capitals
"$ETRACE" --help > help.txt || fail "etrace --help exits $?"
awk '{
	n = split($0, f, /   */)
	for (i = 1; i <= n; i++)
		if (f[i] ~ /^-/) {
			m = split(f[i], piece, /, +/)
			out = ""
			for (j = 1; j <= m; j++) {
				p = piece[j]
				# "-u USER" -> "-u"; "-e trace=LIST" -> "-e trace="
				if (p ~ /^-e /) {
					sub(/^-e +/, "", p)
					gsub(/[A-Z][A-Z_]*/, "", p)
					p = "-e " p
				} else {
					sub(/ .*/, "", p)
					sub(/=[A-Z][A-Z_]*$/, "=", p)
				}
				out = out (j > 1 ? ", " : "") p
			}
			print out
		}
}' help.txt | keys > help.keys
[ "$(wc -l < help.keys)" -ge 40 ] ||
	{ cat help.keys; fail "only $(wc -l < help.keys) options read from --help: the parser no longer fits its format"; }

# the page: the tag line after each .TP under .SH OPTIONS, rendered
awk '/^\.SH / { on = ($2 == "OPTIONS") }
     on && prev == ".TP" { print ".PP"; print "\\&@@"; print }
     { prev = $0 }' "$page" > tags.man
{ printf '.TH X 1\n.SH T\n'; cat tags.man; } |
	groff -man -Tascii -P-c -rLL=500n 2> tags.err > tags.out
[ -s tags.err ] && { cat tags.err; fail "groff on the option tags"; }
LC_ALL=C sed -n 's/_\x08.//g; s/.\x08//g; s/^ *@@ //p' tags.out > tags.txt
keys < tags.txt > man.keys
[ "$(wc -l < man.keys)" -ge 40 ] ||
	{ cat tags.txt; fail "only $(wc -l < man.keys) option tags read from etrace.1"; }

echo "options in --help: $(tr '\n' ' ' < help.keys)"
missing=$(comm -23 help.keys man.keys)
[ -z "$missing" ] ||
	fail "etrace --help lists options that etrace.1 does not document under OPTIONS: $(echo $missing)"
echo "every one has an entry in etrace.1"
