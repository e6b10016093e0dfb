# SPDX-License-Identifier: GPL-2.0-or-later
# tests/oracle/prune.sh's work: read the oracle's reports (the logs named
# on the command line), then print the known-differences file (-v known)
# without the entries reported "no longer seen", with the count of those
# "listed xN, seen xM" lowered to M (when M < N).

# a report: "HEADER: no longer seen (remove it):" or
# "HEADER: listed xN, seen xM:", then "  strace: ..." and "  etrace: ..."
function entry_key(h, s, e) {
	return h SUBSEP s SUBSEP e
}
/: no longer seen \(remove it\):$/ {
	h = $0
	sub(/: no longer seen \(remove it\):$/, "", h)
	want = 0
	next
}
/: listed x[0-9]+, seen x[0-9]+:$/ {
	h = $0
	sub(/: listed x[0-9]+, seen x[0-9]+:$/, "", h)
	want = $0
	sub(/^.*, seen x/, "", want)
	sub(/:$/, "", want)
	want += 0
	next
}
h != "" && /^  strace: / { s = substr($0, 11); next }
h != "" && /^  etrace: / {
	newcount[entry_key(h, s, substr($0, 11))] = want
	h = ""
	next
}

function flush(   key, n, w, hdr, t) {
	if (hdr_line == "")
		return
	key = entry_key(hdr_line, s_line, e_line)
	if (key in newcount) {
		n = newcount[key]
		if (n == 0) {
			hdr_line = ""
			return
		}
		hdr = hdr_line
		t = hdr
		sub(/:.*/, "", t)
		if (t ~ / x[0-9]+$/)
			sub(/ x[0-9]+:/, n == 1 ? ":" : " x" n ":", hdr)
		else if (n > 1)
			sub(/:/, " x" n ":", hdr)
		hdr_line = hdr
	}
	printf("%s%s\n%s\n%s\n", pending_blank, hdr_line, s_raw, e_raw)
	pending_blank = ""
	hdr_line = ""
}

END {
	while ((getline line < known) > 0) {
		if (line ~ /^[ \t]+strace: /) {
			s_raw = line
			s_line = line
			sub(/^[ \t]+strace: /, "", s_line)
			continue
		}
		if (line ~ /^[ \t]+etrace: /) {
			e_raw = line
			e_line = line
			sub(/^[ \t]+etrace: /, "", e_line)
			flush()
			continue
		}
		if (line ~ /^#/ || line ~ /^[ \t]*$/) {
			if (line ~ /^[ \t]*$/) {
				pending_blank = "\n"
				continue
			}
			printf("%s%s\n", pending_blank, line)
			pending_blank = ""
			continue
		}
		hdr_line = line
	}
	close(known)
}
