# SPDX-License-Identifier: GPL-2.0-or-later
# Sourced by tests/live/parity_*.sh, after tests/lib.sh and
# tests/live/common.sh: the strace oracle (tests/parity.sh) on each
# program of a decoder family, $PROGS/fam_NAME and $PROGS/fam_NAME_*
# (tests/progs/fam_NAME*.c), each under its own name in
# tests/oracle/known-differences.
#   oracle_family NAME; finish
# ORACLE_FLAGS: more flags for tests/parity.sh (-R: etrace's trace is the
# report of its recording)
oracle_family() {	# name
	_of_n=0
	for _of_p in "$PROGS/fam_$1" "$PROGS/fam_$1"_*; do
		[ -x "$_of_p" ] || continue
		_of_n=$((_of_n + 1))
		_of_name=$(basename "$_of_p")
		echo "== $_of_name"
		sh "$TOP/tests/parity.sh" -c ${ORACLE_FLAGS:-} \
			-w "$WORK/$_of_name" -n "$_of_name" \
			-- "$_of_p" ||
			soft_fail "$_of_name: etrace's trace is not strace's (differences above)"
	done
	[ $_of_n -gt 0 ] || soft_fail "no program $PROGS/fam_$1*"
}

# the family's main program fam_NAME again under each option given
# (-v, -y, -Xraw: one word each), each run its own work directory
#   oracle_options NAME OPTION...
oracle_options() {	# name option...
	_oo_name=$1
	shift
	for _oo_opt in "$@"; do
		echo "== fam_$_oo_name $_oo_opt"
		sh "$TOP/tests/parity.sh" -c ${ORACLE_FLAGS:-} \
			-w "$WORK/fam_$_oo_name$_oo_opt" -n "fam_$_oo_name" \
			-O "$_oo_opt" -- "$PROGS/fam_$_oo_name" ||
			soft_fail "fam_$_oo_name $_oo_opt: etrace's trace is not strace's"
	done
}
