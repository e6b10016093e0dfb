# SPDX-License-Identifier: GPL-2.0-or-later
# -e trace=EXPR selects the same syscalls as strace's: for each of
#   getpid,getuid   %file   !%memory   /^get   none   %process,read
# on procs (a parent and three children, one of which execs /bin/true),
# the syscalls etrace prints (names and counts) equal strace's with the
# same expression, and the "+++ exited with N +++" lines are all there.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

i=0
for expr in getpid,getuid %file '!%memory' /^get none %process,read; do
	i=$((i + 1))
	trace_both -e "$expr" -- "$PROGS/procs"
	[ "$s_rc" = 0 ] || { cat s.err >&2; fail "strace -e trace=$expr: exit $s_rc"; }
	[ "$e_rc" = 0 ] || { cat e.err >&2; fail "etrace -e trace=$expr: exit $e_rc"; }
	for f in s e; do
		cp $f.out $f.out.$i
		sc_counts $f.out > $f.counts.$i
		grep -E '^[0-9]+ +\+\+\+ ' $f.out | sed -E 's/^[0-9]+ +//' |
			sort > $f.exits.$i
	done
	case $expr in
	none) [ -s s.counts.$i ] && fail "strace printed calls for trace=none" ;;
	*) [ -s s.counts.$i ] || fail "strace printed no calls for $expr" ;;
	esac
	[ "$(wc -l < s.exits.$i)" = 4 ] || fail "strace: not 4 exit lines"
	echo "trace=$expr: $(awk '{printf "%s ", $1}' s.counts.$i)"
	soft_same s.counts.$i e.counts.$i "syscalls selected by -e trace=$expr"
	soft_same s.exits.$i e.exits.$i "exit lines with -e trace=$expr"
done
finish
