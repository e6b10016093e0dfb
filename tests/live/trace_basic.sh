# SPDX-License-Identifier: GPL-2.0-or-later
# etrace -- CMD: etrace exits with CMD's status (3); the trace's first line
# is the command's execve with its real argv (strings cut as strace cuts
# them) and "/* N vars */" with N the size of the environment, equal to
# strace's line but for the envp pointer; the last two lines are exactly
#   exit_group(3)                           = ?
#   +++ exited with 3 +++
# (" = " at column 40, as strace), and so are strace's.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

P="$PROGS/exitcode"
"$ETRACE" -q -- "$P" 3 2> e.err
rc=$?
[ $rc = 3 ] || fail "etrace exited $rc, want 3 (the command's status)"
strace -- "$P" 3 2> s.err
[ $? = 3 ] || fail "strace did not exit 3"

# the last two lines, exactly
printf '%s\n' 'exit_group(3)                           = ?' \
	'+++ exited with 3 +++' > want.tail
tail -n 2 s.err > s.tail
same want.tail s.tail "strace's last lines (the test's expectation)"
tail -n 2 e.err > e.tail
same want.tail e.tail "the last two lines"

# the first line: strace's, with the envp pointer made 0xPTR
# strace cuts argv strings to 32 characters followed by ... (not the path)
q() {
	if [ ${#1} -gt 32 ]; then
		printf '"%.32s"...' "$1"
	else
		printf '"%s"' "$1"
	fi
}
nvars=$(env -0 | tr -cd '\000' | wc -c)
printf 'execve("%s", [%s, %s], 0xPTR /* %d vars */) = 0\n' "$P" \
	"$(q "$P")" "$(q 3)" "$nvars" > want.first
head -n 1 s.err | sed -E 's/\], 0x[0-9a-f]+ \/\*/], 0xPTR \/*/' > s.first
same want.first s.first "strace's execve line (the test's expectation)"
head -n 1 e.err | sed -E 's/\], 0x[0-9a-f]+ \/\*/], 0xPTR \/*/' > e.first
same want.first e.first "the execve line"

# nothing but syscall lines in between, and as many as strace's
grep -vE '^[a-z_0-9]+\(.*\) += ' e.err | grep -v '^+++ exited with 3 +++$' \
	> e.odd
[ -s e.odd ] && { cat e.odd >&2; fail "lines that are not calls"; }
sc_counts s.err > s.counts
sc_counts e.err > e.counts
same s.counts e.counts "syscall counts"
exit 0
