# SPDX-License-Identifier: GPL-2.0-or-later
# -y's measure: of the fd annotations strace printed ("3</etc/hostname>",
# "AT_FDCWD</run>"), how many etrace printed the same, in the same call.
# Reads strace's trace then etrace's (files s, e), each line normalised by
# norm.awk's norm() with no trace context (so, cruder than the oracle's
# compare: pids and long numbers are masked wholesale here), and reduces
# each call line to its name and its annotations in order; strace's are
# matched with etrace's as a multiset (the two traces' tasks interleave
# differently).  A call whose annotations are not all the same counts all
# of them as differing; differences elsewhere in the line do not count
# (the oracle reports those).
#   awk -f norm.awk -f fdnotes.awk s.out e.out
# A call cut in two ("<unfinished ...>", "<... NAME resumed>") is joined
# first.  Prints "fdnotes: A of N annotations agree" (and the lines that
# differ with -v show=1).

function plain(l) {
	sub(/^\[pid +[0-9]+\] /, "", l)
	sub(/^[0-9]+ +/, "", l)
	l = norm(l)
	gsub(/0x[0-9a-f]+/, "0xADDR", l)
	gsub(/[0-9][0-9][0-9][0-9]+/, "N", l)
	return l
}

# l's annotations: a digit or AT_FDCWD, then "<...>" (nested: a device's
# "</dev/null<char 1:3>>"; a socket's "->" is no end); NOTES is set to
# their count
function notes(l,   out, i, d, c) {
	out = ""
	NOTES = 0
	while (match(l, /([0-9]|AT_FDCWD)</)) {
		l = substr(l, RSTART + RLENGTH - 1)
		d = 0
		for (i = 1; i <= length(l); i++) {
			c = substr(l, i, 1)
			if (c == "<")
				d++
			else if (c == ">" && substr(l, i - 1, 1) != "-" && --d == 0)
				break
		}
		out = out " " substr(l, 1, i)
		NOTES++
		l = substr(l, i + 1)
	}
	return out
}

function key(l,   k) {
	k = notes(l)
	if (!NOTES)
		return ""
	sub(/\(.*/, "", l)
	return l ":" k
}

# a call strace (or etrace) cut in two, "PID name(args <unfinished ...>"
# then "PID <... name resumed>rest", as one line: its annotations in both
# halves, under its name (else the halves count as other calls)
function joined(l,   p) {
	p = ""
	if (match(l, /^(\[pid +[0-9]+\] |[0-9]+ +)/)) {
		p = substr(l, 1, RLENGTH)
		gsub(/[^0-9]/, "", p)
	}
	if (l ~ / <unfinished \.\.\.>$/) {
		sub(/ <unfinished \.\.\.>$/, "", l)
		pend[file, p] = l
		return ""
	}
	if (match(l, /<\.\.\. [a-z0-9_]+ resumed>/) && ((file, p) in pend)) {
		l = pend[file, p] substr(l, RSTART + RLENGTH)
		delete pend[file, p]
	}
	return l
}

FNR == 1 { file++ }
{ $0 = joined($0) }
$0 == "" { next }
file == 1 {
	k = key(plain($0))
	if (k != "") {
		s[++ns] = k
		sn[ns] = NOTES
	}
	next
}
file == 2 {
	k = key(plain($0))
	if (k != "")
		e[k]++
}
END {
	for (i = 1; i <= ns; i++) {
		total += sn[i]
		if (e[s[i]] > 0) {
			e[s[i]]--
			agree += sn[i]
		} else if (show)
			print "  differs: " s[i]
	}
	printf "fdnotes: %d of %d annotations agree\n", agree, total
}
