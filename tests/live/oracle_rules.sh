# SPDX-License-Identifier: GPL-2.0-or-later
# The oracle's normalisation rules (tests/oracle/norm.awk) on their cases
# (tests/oracle/norm-cases: each rule masks what differs between two runs
# and leaves alone what looks like it), under every awk installed: awk,
# mawk, gawk, busybox awk.  Needs no privileges.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"

O="$TOP/tests/oracle"
n=0
for a in awk mawk gawk busybox; do
	command -v $a > /dev/null || continue
	[ $a = busybox ] && { busybox awk 'BEGIN {}' 2>/dev/null || continue; a="busybox awk"; }
	n=$((n + 1))
	echo "== $a"
	$a -f "$O/norm.awk" -f "$O/norm-test.awk" "$O/norm-cases" ||
		soft_fail "normalisation rules under $a"
done
[ $n -gt 0 ] || fail "no awk"
finish
