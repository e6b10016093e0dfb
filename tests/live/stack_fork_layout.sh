# SPDX-License-Identifier: GPL-2.0-or-later
# A fork child unwinds with its parent's code layout: bash runs /bin/true
# 30 times; each execve, made in a fork child of bash before the exec,
# gets a stack unwound through bash's functions (shell_execve), and etrace
# builds one unwinder for bash and all its children, not one per child:
#   etrace -k -e trace=execve -f -- bash -c 'for i in $(seq 30); do /bin/true; done'
# prints 30 execve("/bin/true", ...) lines, each followed by a frame of
# bash's shell_execve, and says on stderr
#   etrace: N user stacks unwound, F frames, L process layouts, D read by libdw
# with N >= 30 and L <= 2 (bash's layout; the command's own exec is the
# only other one there can be).
#
# A new layout is read by libdw only for what the caches do not name
# (symbols.c's known_frame): progs/execchain, which execs itself N times
# (each program a new layout, ASLR), every call under -k (its stacks
# unwound in the kernel): for N = 2 and N = 10 the same number of layouts
# read by libdw (the first program's, none per exec), more layouts made,
# and no stack from a copy; absolute addresses masked, each of the 10
# programs that exec (from its execve, whose stack is the program before
# it, to the next) is the first's, whose frames libdw named; the whole
# trace is --stack=dwarf's.
. "$TOP/tests/lib.sh"
need_root
command -v bash >/dev/null || fail "no bash"

"$ETRACE" -k -e trace=execve -f -o out -- bash -c 'for i in $(seq 30); do /bin/true; done' 2> err
rc=$?
cat err
[ $rc = 0 ] || fail "etrace exited $rc"
n=$(strip_pid out | grep -c '^execve("/bin/true", \["/bin/true"\]')
[ "$n" = 30 ] || fail "$n execve(\"/bin/true\") lines, not 30"
# the first frame line after each /bin/true execve line that names bash
k=$(strip_pid out | awk '/^execve\("\/bin\/true"/ { on = 1; next }
	on && /^ > .*\/bash\(shell_execve\+0x[0-9a-f]+\)/ { n++; on = 0 }
	!/^ > / { on = 0 }
	END { print n + 0 }')
[ "$k" = 30 ] || fail "$k of the 30 execve stacks go through bash's shell_execve"
line=$(grep -E '^etrace: [0-9]+ user stacks unwound, [0-9]+ frames, [0-9]+ process layouts?, [0-9]+ read by libdw$' err) ||
	fail "no 'user stacks unwound' line"
set -- $(echo "$line" | sed -E 's/[^0-9]+/ /g')
[ "$1" -ge 30 ] || fail "$1 stacks unwound, fewer than the 30 execs"
[ "$3" -le 2 ] || fail "$3 process layouts for bash and its fork children (at most 2)"
# every frame printed is one etrace proved (tests/lib.sh)
frames_proved out

# run to run: addresses (ASLR), the return values (getppid's: etrace)
mask() {	# trace
	sed -E 's/0x[0-9a-f]{8,}/0xA/g; s/= [0-9]+$/= N/' "$1"
}
chain() {	# name n etrace-args...
	_n=$1 _k=$2
	shift 2
	"$ETRACE" -k "$@" -o "$_n.t" -- "$PROGS/execchain" "$_k" 2> "$_n.err" ||
		{ cat "$_n.err" >&2; fail "execchain $_k: etrace -k $* failed"; }
	cat "$_n.err"
	sed -n -E 's/^etrace: [0-9]+ user stacks unwound, [0-9]+ frames, ([0-9]+) process layouts?, ([0-9]+) read by libdw$/\1 \2/p' \
		"$_n.err" > "$_n.lay"
	[ -s "$_n.lay" ] || fail "execchain $_k: no 'read by libdw' line"
	mask "$_n.t" > "$_n.m"
}
chain c2 2
chain c10 10
grep -qE '^etrace: --stack=bpf: [1-9][0-9]* of them unwound in the kernel, 0 from a stack copy$' \
	c10.err || fail "execchain 10: a stack from a copy"
read -r l2 d2 < c2.lay
read -r l10 d10 < c10.lay
[ "$l10" -gt "$l2" ] || fail "execchain: $l10 layouts for 11 programs, $l2 for 3"
[ "$d10" = "$d2" ] || fail "execchain: $d10 layouts read by libdw for 11 programs, $d2 for 3"
[ "$(grep -c '^getppid()' c10.t)" = 11 ] || fail "execchain 10: not 11 getppid calls"
awk '/^execve\(/ { n++; skip = 1; next }
     skip && /^ > / { next }
     { skip = 0; print > ("prog." n) }' c10.m
for i in 2 3 4 5 6 7 8 9 10; do
	same prog.1 "prog.$i" "execchain 10: program $i's trace against the first's"
done
chain d10 10 --stack=dwarf
same d10.m c10.m "execchain 10: -k's trace against --stack=dwarf's (addresses masked)"
frames_proved c10.t
exit 0
