# SPDX-License-Identifier: GPL-2.0-or-later
# memory (mmap munmap mprotect mremap madvise mincore brk msync mlock
# munlock, a failing munmap and mprotect) under strace -f and etrace -f:
# the same syscalls the same number of times, and the same return values
# for every call whose result is not an address (addresses move with
# ASLR from run to run), and the same whole lines, addresses masked, for
# the calls whose arguments are numbers and flags only.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

trace_both -- "$PROGS/memory"
[ "$s_rc" = 0 ] || { cat s.err >&2; fail "memory under strace exited $s_rc"; }
[ "$e_rc" = 0 ] || { cat e.err >&2; fail "etrace exited $e_rc (memory exits 0)"; }
same_counts
same_rets "munmap mprotect madvise mincore msync mlock munlock"
grep -qF '1 munmap = -1 EINVAL (Invalid argument)' e.rets ||
	fail "no failing munmap (EINVAL) in etrace's trace"
grep -qF '1 mprotect = -1 ENOMEM (Cannot allocate memory)' e.rets ||
	fail "no failing mprotect (ENOMEM) in etrace's trace"
# mremap and mmap returned addresses: hex, not errors
rets e.out mmap mremap brk > e.addr
[ -s e.addr ] || fail "no mmap/mremap/brk in etrace's trace"
grep -vE ' = 0x[0-9a-f]+$' e.addr && fail "an mmap/mremap/brk result is not an address"
# whole lines, addresses masked: all these have numbers and flags only
MASK_ADDRS=1 same_lines \
	'^(mmap|munmap|mprotect|madvise|mlock|munlock|msync|brk|exit_group)\(' \
	"numeric-only calls"
MASK_ADDRS=1 same_lines '^mremap\(' "mremap lines"
exit 0
