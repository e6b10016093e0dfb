# SPDX-License-Identifier: GPL-2.0-or-later
# The strace oracle (tests/parity.sh) on real commands: each under strace
# -f and etrace -f must print the same trace, line for line within each
# task, signal and exit lines included, and exit the same; what differs
# today is listed in tests/oracle/known-differences (programs cmd_*).
# The commands are chosen to make the same calls in every run: no shell
# that forks (where its SIGCHLD handler runs depends on when the child
# exits: strace slows the child, etrace does not), no pipeline whose two
# children race to exit first.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

check() {	# name cmd args...
	_n=$1
	shift
	echo "== $_n: $*"
	sh "$TOP/tests/parity.sh" -w "$WORK/$_n" -n "$_n" -- "$@" ||
		soft_fail "$_n: etrace's trace of '$*' is not strace's"
}
check cmd_ls ls -la /usr/include/linux
check cmd_cat cat /etc/passwd
check cmd_sh sh -c 'echo a > f; exec cat f missing'
check cmd_find find /usr/include/net -name '*.h'
check cmd_python3 /usr/bin/python3 -c pass
finish
