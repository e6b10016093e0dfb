# SPDX-License-Identifier: GPL-2.0-or-later
# -e verbose=none against strace 6.1 (the oracle, tests/parity.sh) on the
# family programs whose calls cover each way strace treats a call it does
# not dereference: a struct or an array prints as its pointer, a string
# and the data a call moves print whole, an empty array prints [] (it
# reads nothing), select's note keeps its sets and shows "left" as a
# pointer, recvmmsg's and poll's notes go, a netlink message prints as
# bytes.  Then -e verbose=!SET: only the calls of SET are left out.
# What differs would be in tests/oracle/known-differences-nv, under each
# program's name with "-nv".  Not run here: fam_signals (etrace prints
# rt_sigreturn's mask where strace prints its address: the record has no
# stack pointer) and the _edge programs with known decoder differences.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root
for f in files memory sockets sockets_mmsg sockets_netlink poll poll_edge \
	 time procs ipc fds iouring; do
	echo "== fam_$f -e verbose=none"
	sh "$TOP/tests/parity.sh" -c -k "$TOP/tests/oracle/known-differences-nv" \
		-w "$WORK/$f" -n "fam_$f-nv" -O "-e verbose=none" \
		-- "$PROGS/fam_$f" ||
		soft_fail "fam_$f -e verbose=none: etrace's trace is not strace's"
done
# a set: only newfstatat and rt_sigaction print pointers
echo "== fam_files -e verbose=!newfstatat,rt_sigaction"
sh "$TOP/tests/parity.sh" -c -k "$TOP/tests/oracle/known-differences-nv" \
	-w "$WORK/set" -n "fam_files-nvset" \
	-O "-e verbose=!newfstatat,rt_sigaction" -- "$PROGS/fam_files" ||
	soft_fail "fam_files -e verbose=!SET: etrace's trace is not strace's"
grep -q 'newfstatat(.*, 0x[0-9a-f]*, ' "$WORK/set/e.out" ||
	soft_fail "-e verbose=!newfstatat: no newfstatat printed its struct as a pointer"
grep -q 'statx(.*, {stx_mask=' "$WORK/set/e.out" ||
	soft_fail "-e verbose=!newfstatat,...: statx's struct is not printed"
finish
