# SPDX-License-Identifier: GPL-2.0-or-later
# -Y, --decode-pids=comm: tasks' names after their pids, whole traces
# compared with strace -Y's of the same programs (tests/parity.sh -O -Y;
# the name after the line's pid compared as it is):
#  - fam_files, fam_time, fam_threads (threads, clone3's parent_tid=[N]);
#  - pidnames: getpid/getppid (the tracer: its own name)/gettid, kill and
#    tgkill of a live child, waitid(WNOWAIT)'s si_pid and kill of the
#    zombie, wait4 reaping it (strace names nothing there: listed in
#    tests/oracle/known-flags), kill after (ESRCH: no name); the same run with
#    --decode-pids=comm;
#  - "[pid N<comm>] " on stderr, as strace's (numbers masked; only
#    exit_group: strace prefixes other lines only once it has seen the
#    child, a moment that differs);
#  - pidnames -e trace=kill: the zombie still named by kill (the waitid
#    that did not reap it is not shown, yet read), as strace;
#  - --decode-pids=pidns refused with one line.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

for p in fam_files fam_time fam_threads; do
	echo "== $p"
	sh "$TOP/tests/parity.sh" -c -O -Y -w "$WORK/$p" -n "$p-Y" \
		-- "$PROGS/$p" || soft_fail "-Y on $p: not strace's trace"
done
for o in -Y --decode-pids=comm; do
	echo "== pidnames $o"
	sh "$TOP/tests/parity.sh" -c -O "$o" -w "$WORK/pidnames$o" \
		-n pidnames-Y -k "$TOP/tests/oracle/known-flags" \
		-- "$PROGS/pidnames" ||
		soft_fail "$o on pidnames: not strace's trace"
done
grep -qE '^[0-9]+<pidnames> kill\([0-9]+<pidnames>, 0\) += 0$' \
	"$WORK/pidnames-Y/e.out" || soft_fail "-Y: no kill(N<pidnames>, 0) line"

# stderr: "[pid N<comm>] "
for t in s e; do
	[ $t = s ] && tr=strace || tr="$ETRACE -q"
	$tr -f -Y -e trace=exit_group "$PROGS/pidnames" 2> $t.err
	grep -v '^strace: ' $t.err | sed -E 's/[0-9]+/N/g' > $t.err.m
	$tr -f -Y -e trace=kill -o $t.kill "$PROGS/pidnames"
	sed -E 's/[0-9]+/N/g' $t.kill > $t.kill.m
done
soft_same s.kill.m e.kill.m "-Y -e trace=kill (strace vs etrace, numbers masked)"
[ "$(grep -c 'kill(N<pidnames>' e.kill.m)" = 2 ] ||
	soft_fail "-Y -e trace=kill: not 2 kill lines with a name (the live child's and the zombie's)"
grep -qE '^\[pid +N<pidnames>\] exit_group\(N\)' s.err.m ||
	soft_fail "strace -Y printed no [pid N<pidnames>] line"
soft_same s.err.m e.err.m "-Y on stderr (strace vs etrace, numbers masked)"

"$ETRACE" --decode-pids=comm,pidns -- true > ns.out 2> ns.err
rc=$?
[ $rc = 1 ] || soft_fail "--decode-pids=pidns: exit $rc, want 1"
echo "etrace: --decode-pids=pidns is not offered: etrace cannot translate 'pidns' exactly" > ns.want
soft_same ns.want ns.err "--decode-pids=pidns: the message"
finish
