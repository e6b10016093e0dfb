# SPDX-License-Identifier: GPL-2.0-or-later
# tests/oracle/known-differences names only programs a test runs: each
# PROGRAM is a family program (tests/progs/PROGRAM.c, run by
# tests/live/parity_FAMILY.sh), one traced with -yy (PROGRAM-yy, run by
# tests/live/parity_fds.sh), one traced with -P (PROGRAM-P, run by
# tests/live/trace_path.sh) or a command of parity_commands.sh
# (check PROGRAM ...).  An entry of a program no test runs would never
# be found stale.  Needs no privileges.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"

K="$TOP/tests/oracle/known-differences"
grep -v '^#' "$K" | grep -v '^[ 	]' | grep -v '^$' | cut -d' ' -f1 |
	sort -u > programs
[ -s programs ] || echo "note: no known difference listed"
while read -r p; do
	case $p in
	fam_*-yy)
		# traced with -yy by parity_fds.sh
		b=${p%-yy}
		[ -f "$TOP/tests/progs/$b.c" ] ||
			soft_fail "$p: no tests/progs/$b.c"
		grep -q " $b\b" "$TOP/tests/live/parity_fds.sh" ||
			soft_fail "$p: tests/live/parity_fds.sh does not run $b"
		;;
	fam_*-P)
		# traced with -P by trace_path.sh
		b=${p%-P}
		[ -f "$TOP/tests/progs/$b.c" ] ||
			soft_fail "$p: no tests/progs/$b.c"
		grep -q "ok $p " "$TOP/tests/live/trace_path.sh" ||
			soft_fail "$p: tests/live/trace_path.sh does not run it"
		;;
	fam_*)
		f=${p#fam_}
		f=${f%%_*}
		[ -f "$TOP/tests/progs/$p.c" ] ||
			soft_fail "$p: no tests/progs/$p.c"
		[ -f "$TOP/tests/live/parity_$f.sh" ] ||
			soft_fail "$p: no tests/live/parity_$f.sh runs it"
		;;
	cmd_*)
		grep -q "^check $p " "$TOP/tests/live/parity_commands.sh" ||
			soft_fail "$p: not a command of tests/live/parity_commands.sh"
		;;
	*)
		soft_fail "$p: neither a family program (fam_*) nor a command (cmd_*)"
		;;
	esac
done < programs
echo "$(wc -l < programs) programs named"
finish
