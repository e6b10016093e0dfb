# SPDX-License-Identifier: GPL-2.0-or-later
# -ff -o out: one file per process, out.PID, no pid prefixes in them.
#   etrace -ff -o out -- sh -c '/bin/true; /bin/true; exit 0'
# gives exactly out.SH, out.KID1, out.KID2 (SH = the shell, the command
# etrace started), as strace -ff does; every line of every file is a call,
# a <... resumed> rest or a +++ line (no prefix); each child's file has
# its execve = 0, exit_group(0) = ? and ends with "+++ exited with 0 +++";
# the shell's file ends the same way and its clone (vfork: dash) calls return the two
# children's pids; and the per-file syscall counts equal strace -ff's.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

mkdir s e
strace -ff -o s/out -- sh -c '/bin/true; /bin/true; exit 0' 2> s.err ||
	fail "strace -ff failed"
"$ETRACE" -q -ff -o e/out -- sh -c '/bin/true; /bin/true; exit 0' 2> e.err
rc=$?
cat e.err >&2
[ $rc = 0 ] || fail "etrace -ff exited $rc, want 0"
[ -s e.err ] && fail "messages on stderr"
[ -e e/out ] && fail "-ff wrote a plain 'out' file too"

ls e > files
[ "$(wc -l < files)" = 3 ] || { cat files >&2; fail "want 3 files out.PID"; }
for f in $(cat files); do
	case $f in
	out.[0-9]*) ;;
	*) fail "unexpected file $f" ;;
	esac
	grep -vE '^([a-z_0-9]+\(|<\.\.\. [a-z_0-9]+ resumed>|\+\+\+ |--- SIG)' e/$f > odd
	[ -s odd ] && { head -3 odd >&2; fail "$f: lines that are not calls (pid prefixes?)"; }
	tail -n 1 e/$f | grep -qx '+++ exited with 0 +++' ||
		fail "$f does not end with '+++ exited with 0 +++'"
	grep -qE '^exit_group\(0\) += \?$' e/$f || fail "$f: no 'exit_group(0) = ?'"
done
# the shell is the file whose clone/vfork calls made the other two
for f in $(cat files); do
	if grep -qE '^(clone|clone3|fork|vfork)\(' e/$f; then
		echo "${f#out.}" > shell
		grep -E '^(clone|clone3|fork|vfork)\(' e/$f | awk '{print $NF}' | sort > clone.rets
	fi
done
[ "$(wc -l < shell 2>/dev/null)" = 1 ] || fail "not exactly one file with clone/vfork calls"
sed 's/^out\.//' files | grep -vx "$(cat shell)" | sort > kids
same kids clone.rets "the shell's clone results vs the children's files"
for k in $(cat kids); do
	grep -qE '^execve\(.*\) += 0$' e/out.$k || fail "out.$k: no execve = 0"
done

# per-file syscall counts, strace -ff vs etrace -ff
for t in s e; do
	for f in $t/out.*; do
		sc_counts $f | tr '\n' ' '
		echo
	done | sort > $t.perfile
done
same s.perfile e.perfile "per-file syscall counts"
exit 0
