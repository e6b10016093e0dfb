# SPDX-License-Identifier: GPL-2.0-or-later
# -E VAR=VAL, -E VAR: the command's environment changed as strace -E
# changes it, in order (set in place or added at the end, removed
# everywhere): env's output and the execve line's "/* N vars */" equal
# strace's; -E without a command is refused with one line.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

# A sanitized etrace needs its ASAN/LSAN/UBSAN_OPTIONS (suppressions, log
# path) through env -i; -E removes them from the command's environment,
# in both runs, so env's output and "/* N vars */" are not changed.
san=
for v in ASAN_OPTIONS LSAN_OPTIONS UBSAN_OPTIONS; do
	eval "val=\${$v-}"
	[ -n "$val" ] && san="$san $v=$val"
done
for t in s e; do
	[ $t = s ] && tr=strace || tr="$ETRACE -q"
	env -i A=1 B=2 C=3 PATH=/usr/bin:/bin $san \
		$tr -E ASAN_OPTIONS -E LSAN_OPTIONS -E UBSAN_OPTIONS \
		-E B=two -E A -E D=4 -E C -E C=again -E E= -e trace=execve \
		-o $t.out env > $t.env || soft_fail "$t: -E run failed"
	sed -E 's/0x[0-9a-f]+ \/\*/ADDR \/*/' $t.out > $t.out.m
done
printf '%s\n' B=two PATH=/usr/bin:/bin D=4 C=again E= > want.env
soft_same want.env e.env "-E: the command's environment"
soft_same s.env e.env "-E: env's output (strace vs etrace)"
soft_same s.out.m e.out.m "-E: the execve line (strace vs etrace)"

"$ETRACE" -E A=1 -p 1 > none.out 2> none.err
rc=$?
[ $rc = 1 ] || soft_fail "-E with -p: exit $rc, want 1"
echo "etrace: -E A=1: there is no command to run with it" > none.want
soft_same none.want none.err "-E without a command: the message"
finish
