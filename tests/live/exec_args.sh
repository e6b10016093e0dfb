# SPDX-License-Identifier: GPL-2.0-or-later
# execve from fork children whose path and argv are string literals the
# child has not touched (tests/progs/forkexec.c): the entry copy faults.
# A successful exec's path comes from the kernel (bprm->filename) and its
# argv and envp count from the new stack; a failed one's are read again
# at the exit.  etrace's execve lines equal strace's but for the envp
# pointer:
#   execve("/bin/echo", ["echo", "from", "a literal"], 0xPTR /* N vars */) = 0
#   execve("/nonexistent/forkexec", ["nothing-here", "-x"], 0xPTR ...) = -1 ENOENT ...
# A #! script's new stack holds the interpreter's argv, not the call's:
# there etrace prints argv's strings as their pointers (never the
# interpreter's argv), and the path and the envp count still exactly.
# With -v the environment's strings, as strace -v prints them, in every
# case (read at entry, from the new stack, again at the exit), and all
# 40 elements of an argv and an environment longer than -s.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

printf '#!/bin/sh\nexit 0\n' > script.sh
chmod +x script.sh
trace_both -e trace=execve -- "$PROGS/forkexec" 3 "$WORK/script.sh" > /dev/null
[ "$s_rc" = 0 ] && [ "$e_rc" = 0 ] || fail "strace $s_rc, etrace $e_rc"
norm() {
	strip_pid "$1" | grep '^execve(' |
		sed -E 's/, 0x[0-9a-f]+ (\/\* [0-9]+ vars \*\/)/, 0xPTR \1/'
}
norm "$WORK/s.out" | grep -v 'script' > want
norm "$WORK/e.out" | grep -v 'script' > got
cat got
[ "$(grep -c '"/bin/echo"' want)" = 3 ] || fail "strace's trace has not the 3 echo execs"
same want got "the execve lines (script aside)"
# the script: path exact, argv's two strings pointers, envp count as strace's
norm "$WORK/s.out" | grep 'script' |
	sed -E 's/\["script", "arg1"\]/[0xARG, 0xARG]/' > want.script
norm "$WORK/e.out" | grep 'script' |
	sed -E 's/(execve\("[^"]*", )\[0x[0-9a-f]+, 0x[0-9a-f]+\],/\1[0xARG, 0xARG],/' > got.script
cat got.script
same want.script got.script "the script's execve line"

# -v: the environment (env -i's, the same for both) as strace prints it
for t in s e; do
	if [ $t = s ]; then tr=strace; else tr=$ETRACE; fi
	"$tr" -f -v -e trace=execve -o "$WORK/$t.v.out" -- env -i A=1 \
		'B=two words' "$PROGS/forkexec" 3 "$WORK/script.sh" \
		> /dev/null 2> "$WORK/$t.v.err" || fail "$tr -v failed"
done
normv() {
	strip_pid "$1" | grep '^execve(' | grep -v '^execve("/usr/bin/env"' |
		sed -E 's/(execve\("[^"]*script[^"]*", )\[[^]]*\],/\1[ARGV],/'
}
normv "$WORK/s.v.out" > want.v
normv "$WORK/e.v.out" > got.v
cat got.v
[ "$(grep -c '\["A=1", "B=two words"\]) = ' want.v)" = 6 ] ||
	fail "strace -v's trace has not the 6 execs with the environment"
same want.v got.v "the execve lines with -v"

# -v: every element of an argv and an environment longer than -s (40
# each: strace -v prints them all; without -v, 32 and "...")
for t in s e; do
	if [ $t = s ]; then tr=strace; else tr=$ETRACE; fi
	for v in -v ''; do
		"$tr" -f $v -e trace=execve -o "$WORK/$t.long$v.out" -- env -i \
			$(seq -f 'V%g=x' 40) /bin/true $(seq 40) ||
			fail "$tr $v on 40 arguments failed"
	done
done
for v in -v ''; do
	norm "$WORK/s.long$v.out" | grep '^execve("/bin/true"' > want.long
	norm "$WORK/e.long$v.out" | grep '^execve("/bin/true"' > got.long
	[ -s want.long ] || fail "strace $v: no execve of /bin/true"
	same want.long got.long "the execve of 40 arguments ${v:-without -v}"
done
exit 0
