# SPDX-License-Identifier: GPL-2.0-or-later
# Memory that ends where a page that faults begins (tests/progs/page_end.c):
# the BPF copy keeps what lies before the page when it is more than -s
# shows, so the string prints as strace prints it ("..." after 32 bytes;
# a path PATH_MAX - 1 bytes and "..."), and a shorter unterminated one is
# the address, as strace's; sched_getaffinity's set is copied by the
# bytes the call wrote, not a fixed size that would fault; ppoll's array
# by the 32 bits of nfds the kernel reads; a pollfd array cut by the
# page ends in "... /* address */".  The whole trace is strace 6.1's.
. "$TOP/tests/lib.sh"
need_root
strace -o strace.out -e trace=chdir,delete_module,sched_getaffinity,poll,ppoll "$PROGS/page_end" ||
	fail "the program under strace"
"$ETRACE" -o etrace.out -e trace=chdir,delete_module,sched_getaffinity,poll,ppoll \
	"$PROGS/page_end" 2> etrace.err || fail "etrace: $(cat etrace.err)"
# the alignment of " = " and addresses (ASLR) are not the point here
norm() { sed -E 's/ +=/ =/; s/0x[0-9a-f]{6,}/0xADDR/g' "$1"; }
norm strace.out > want
norm etrace.out > got
[ "$(grep -c '^chdir(' want)" = 2 ] || fail "strace's trace: $(cat want)"
same want got "the trace"
