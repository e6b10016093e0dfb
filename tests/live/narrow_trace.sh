# SPDX-License-Identifier: GPL-2.0-or-later
# A call traced alone (-e trace=NAME) is decoded as in the whole trace:
# the verifier is told which argument copies the traced calls use
# (ro_ops, cap_args_ro) and drops the others, so a copy wrongly dropped
# would print a pointer where the whole trace prints the struct.  For
# each program, each call it makes is traced alone and its lines compared
# with the whole trace's, every number masked (fds, addresses, times and
# pids differ from run to run; what is decoded does not).  (Not
# fam_seccomp: a call its filter fails never enters, and the per-syscall
# tracepoints of a narrow trace then show none of it.)  The padding
# before " = " goes too: it follows the masked numbers' widths (an IPC
# id of 0 in one run, 32769 in the next).
. "$TOP/tests/lib.sh"
need_root

mask() { sed -E 's/[0-9a-f]*[0-9][0-9a-fx]*/N/g; s/\) +=/) =/' "$@"; }

n=0
for p in fam_sockets_opts fam_sockets_addr fam_sockets fam_sockets_mmsg \
	 fam_files fam_keyctl fam_aio fam_bpf fam_iouring \
	 fam_poll fam_memory fam_ipc; do
	[ -x "$PROGS/$p" ] || fail "no $PROGS/$p"
	"$ETRACE" -qq -o "$p.all" -- "$PROGS/$p" > /dev/null 2>&1
	for name in $(grep -oE '^[a-z_0-9]+\(' "$p.all" | tr -d '(' | sort -u); do
		case $name in
		execve|exit|exit_group) continue ;;
		esac
		"$ETRACE" -qq -e trace="$name" -o "$p.$name" -- "$PROGS/$p" \
			> /dev/null 2>&1
		grep "^$name(" "$p.all" | mask > "$p.$name.want"
		grep "^$name(" "$p.$name" | mask > "$p.$name.got"
		same "$p.$name.want" "$p.$name.got" \
			"$p: -e trace=$name against the whole trace"
		n=$((n + 1))
	done
done
# (327 calls of a program between them, at 7190d28)
[ $n -ge 300 ] || fail "only $n calls compared"
exit 0
