# SPDX-License-Identifier: GPL-2.0-or-later
# Parity with strace on real commands, compared line by line by
# tests/parity.sh (each in its own work directory under $WORK).
# Measured (5 runs each, Debian 12, strace 6.1):
#   ls -la /usr/include/linux     1949/1949 exact, 1949 name+ret
#   cat /etc/passwd                116/116 exact (115 when libc's
#                                  "/usr/lib/locale/locale-archive" page
#                                  was not touched yet: a pointer)
#   sh -c 'echo a | cat'           193/195 exact, 194/195 name+ret
#   find /usr/include/net -name '*.h'  170/170 exact (167 with untouched
#                                  pages, and statfs free counts masked)
#   python3 -c pass               ~9080/9139 exact (99.3%), 9135+ name+ret
#                                  (here python3 is a pyenv shell shim)
# Known differences:
#   - rt_sigreturn({mask=[...]}) (strace reads the signal frame; etrace has
#     no copy of it) in sh and python3
#   - where a SIGCHLD handler runs (and so what rt_sigreturn returns, and
#     wait4 WNOHANG calls) depends on timing: strace slows the tracee
#   - a path in a page of .rodata the program has not touched yet prints
#     as a pointer (the BPF copy cannot fault it in)
# Thresholds are a little under the measures.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

n=0
check() {	# min-exact max-name+ret-differences cmd args...
	_m=$1 _d=$2
	shift 2
	n=$((n + 1))
	echo "== $*"
	sh "$TOP/tests/parity.sh" -v -w "$WORK/p$n" -m "$_m" -d "$_d" -- "$@" ||
		soft_fail "parity with strace of '$*' (exact >= $_m%, at most $_d name+ret differences)"
}
check 98 0 ls -la /usr/include/linux
check 97 0 cat /etc/passwd
check 95 3 sh -c 'echo a | cat'
check 97 0 find /usr/include/net -name '*.h'
if command -v python3 > /dev/null; then
	check 97 45 python3 -c pass
fi
finish
