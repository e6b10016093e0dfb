# SPDX-License-Identifier: GPL-2.0-or-later
# -A: -o FILE is appended to, as strace -A appends: two traced runs into
# one file hold the first run's trace then the second's, the lines before
# them kept; -ff -A appends to each FILE.PID the same way; without -A the
# file is truncated.  Whole files compared with strace's.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

for t in s e; do
	[ $t = s ] && tr=strace || tr="$ETRACE -q"
	echo "a line before" > $t.out
	$tr -A -e trace=openat -o $t.out cat /etc/hostname > /dev/null ||
		soft_fail "$t: -A run 1 failed"
	$tr -A -e trace=openat,close -o $t.out cat /etc/hostname > /dev/null ||
		soft_fail "$t: -A run 2 failed"
	$tr -e trace=openat -o $t.trunc cat /etc/hostname > /dev/null
	echo "a line before" > $t.trunc.2
	cp $t.trunc.2 $t.trunc
	$tr -e trace=openat -o $t.trunc cat /etc/hostname > /dev/null
done
[ "$(head -n 1 e.out)" = "a line before" ] ||
	soft_fail "-A: the file's first line was not kept"
[ "$(grep -c '^close(' e.out)" -ge 1 ] || soft_fail "-A: the second run is not in the file"
soft_same s.out e.out "-A: two runs appended (strace vs etrace)"
grep -q "a line before" e.trunc && soft_fail "without -A: the file was not truncated"
soft_same s.trunc e.trunc "without -A (strace vs etrace)"

# -ff -A: each FILE.PID appended to (-p: the pid, so the file name, is
# known before; the shell waits on a fifo until etrace traces it)
mkfifo go
sh -c 'exec 3<>go; read a <&3; exit 7' &
rp=$!
wait_until 60 in_syscall $rp 0 || fail "-ff -A: the shell is not in read"
echo kept > e.ff.$rp
etrace_bg /dev/null ff.err -ff -A -p $rp -e trace=exit_group -o e.ff
echo a > go
wait $ep || soft_fail "-ff -A -p: etrace exit $?"
wait $rp
[ "$(head -n 1 e.ff.$rp)" = kept ] || soft_fail "-ff -A: e.ff.$rp was not appended to"
grep -q '^exit_group(7) *= ?$' e.ff.$rp || soft_fail "-ff -A: no exit_group(7) line in e.ff.$rp"
finish
