# SPDX-License-Identifier: GPL-2.0-or-later
# -e quiet=SET, --quiet=SET: strace 6.1's sets, whole outputs compared
# with strace's on the same commands:
#  - sh -c 'exit 3' and sh -c 'kill -9 $$', -e trace=exit_group, with
#    quiet=exit, --quiet=exits, quiet='!attach' (exit lines gone, the
#    killed line stays), quiet=none and quiet=attach (exit lines shown);
#  - -p PID: the attach notes on stderr with quiet=none, none
#    with quiet=attach (strace and etrace each name themselves: only the
#    presence is compared);
#  - -q with -e quiet=: refused with strace's message; a bad name: one
#    line naming it.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

for q in quiet=exit quiet=exits '--quiet=exit' 'quiet=!attach' quiet=none \
	 quiet=attach; do
	case $q in --*) a=$q ;; *) a="-e $q" ;; esac
	for cmd in 'exit 3' 'kill -9 $$'; do
		strace $a -e trace=exit_group -o s.out sh -c "$cmd"
		"$ETRACE" $a -e trace=exit_group -o e.out sh -c "$cmd" 2> e.err
		case $q in
		*none|*=attach) grep -q '^+++ \(exited\|killed\)' e.out ||
			soft_fail "$q ($cmd): no exit line" ;;
		*) grep -q '^+++ exited' e.out &&
			soft_fail "$q ($cmd): an exit line" ;;
		esac
		soft_same s.out e.out "$a on sh -c '$cmd' (strace vs etrace)"
	done
done

# -p: attach and detach notes
ptraced() { grep -q '^TracerPid:[[:space:]]*[1-9]' "/proc/$1/status"; }
attached() {	# s|e quiet-set
	rm -f go
	mkfifo go
	sh -c 'exec 3<>go; read a <&3' &
	rp=$!
	wait_until 60 in_syscall $rp 0 || fail "the shell is not in read"
	if [ $1 = s ]; then
		strace -e quiet=$2 -p $rp -e trace=read -o /dev/null 2> $1.$2.err &
		tp=$!
		wait_until 60 ptraced $rp || fail "strace -p did not attach"
	else
		etrace_bg /dev/null $1.$2.err -e quiet=$2 -p $rp -e trace=read
		tp=$ep
	fi
	echo a > go
	wait $rp
	wait $tp
	grep -c 'Process [0-9]* attached' $1.$2.err > $1.$2.n
}
for set in none attach; do
	attached s $set
	attached e $set
	soft_same s.$set.n e.$set.n "-p, quiet=$set: attach notes (strace vs etrace, counted)"
done
[ "$(cat e.none.n)" -ge 1 ] || soft_fail "quiet=none: no attach note"

"$ETRACE" -q -e quiet=exit -- true > qq.out 2> qq.err
rc=$?
[ $rc = 1 ] || soft_fail "-q -e quiet=: exit $rc, want 1"
echo "etrace: -q and -e quiet/--quiet cannot be provided simultaneously" > qq.want
soft_same qq.want qq.err "-q with -e quiet=: the message"
"$ETRACE" -e quiet=exit,sometimes -- true > bad.out 2> bad.err
rc=$?
[ $rc = 1 ] || soft_fail "quiet=sometimes: exit $rc, want 1"
echo "etrace: invalid quiet 'sometimes'" > bad.want
soft_same bad.want bad.err "quiet=sometimes: the message"
finish
