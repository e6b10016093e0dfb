# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by tests/live/const_print_*.sh, after tests/lib.sh and
# tests/live/common.sh: the strace oracle (tests/parity.sh) with -X STYLE
# given to both tracers, on every family program of tests/progs (the
# programs of the parity_* tests), each named NAME-XSTYLE in
# tests/oracle/known-differences-X.  That file lists, as often as they
# occur, every line that differs: the default run's known differences
# (tests/oracle/known-differences) as -X prints them, and the decoders
# whose constants do not yet go through the -X helpers (decoders/xlat.c).
#   oracle_xstyle STYLE; finish
oracle_xstyle() {	# raw|verbose
	_ox_n=0
	for _ox_p in "$PROGS"/fam_*; do
		[ -x "$_ox_p" ] || continue
		_ox_n=$((_ox_n + 1))
		_ox_name="$(basename "$_ox_p")-X$1"
		echo "== $_ox_name"
		sh "$TOP/tests/parity.sh" -c -w "$WORK/$_ox_name" -n "$_ox_name" \
			-k "$TOP/tests/oracle/known-differences-X" -O "-X $1" \
			-- "$_ox_p" ||
			soft_fail "$_ox_name: etrace -X $1's trace is not strace's (differences above)"
	done
	[ $_ox_n -gt 0 ] || soft_fail "no program $PROGS/fam_*"
}
