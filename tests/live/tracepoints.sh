# SPDX-License-Identifier: GPL-2.0-or-later
# Tracepoints as events (-e SYS:EVENT):
#  - etrace -q -e sched:sched_process_exec -a -- sh -c 'for ...; /bin/true'
#    prints the three execs of /bin/true by that sh's children, each as
#      [pid N] sched:sched_process_exec(filename="/bin/true", pid=N, old_pid=N)
#    with N its own pid (three different pids), and sh's own exec;
#    (-a sees the whole system: the sh writes its pid to a file, and its
#    children are found from the SIGCHLD lines it gets)
#  - --filter 'filename ~ "*true"' keeps the three and drops sh's exec;
#  - a bad filter ('bogus == 1') exits 1 with one stderr line naming the
#    event and the kernel's reason ("Field not found");
#  - -e no:such exits 1 with one stderr line;
#  - -l 'sched:sched_process_e*' lists exactly sched_process_exec and
#    sched_process_exit; -l -v net:net_dev_xmit shows its fields;
#  - -e trace=openat,sched:sched_process_exec prints calls and events;
#  - -c -e sched:sched_process_fork counts 3 forks of sh -c 'true x3'.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

LOOP='echo $$ > '"$WORK"'/sh.pid; for i in 1 2 3; do /bin/true; done'

# The exec lines of /bin/true by children of the sh (pid in sh.pid) in
# FILE, checked: pid=N and old_pid=N equal the prefix; 3 distinct pids.
check_execs() {	# file what
	sh_pid=$(cat "$WORK/sh.pid") || fail "$2: the sh did not write its pid"
	# children of the sh: the si_pid of the SIGCHLDs it got
	sed -nE "s/^\[pid +$sh_pid\] --- SIGCHLD \{.*si_pid=([0-9]+),.*/\1/p" \
		"$1" | sort -u > "$WORK/kids"
	[ "$(wc -l < "$WORK/kids")" = 3 ] ||
		{ cat "$1" >&2; fail "$2: want 3 SIGCHLDs for sh $sh_pid"; }
	: > "$WORK/kid.execs"
	while read -r k; do
		grep -E "^\[pid +$k\] sched:sched_process_exec\(" "$1" \
			>> "$WORK/kid.execs"
	done < "$WORK/kids"
	while read -r k; do
		printf '[pid %5d] sched:sched_process_exec(filename="/bin/true", pid=%d, old_pid=%d)\n' \
			"$k" "$k" "$k"
	done < "$WORK/kids" > "$WORK/kid.want"
	same "$WORK/kid.want" "$WORK/kid.execs" "$2: the execs of /bin/true"
}

# 1. every exec, system-wide (the trace on stderr: "[pid N] " prefixes)
rm -f sh.pid
"$ETRACE" -q -e sched:sched_process_exec -a -- sh -c "$LOOP" \
	2> all.out || { cat all.out >&2; fail "etrace -a exited $?"; }
check_execs all.out "-a"
sh_pid=$(cat sh.pid)
grep -qE "^\[pid +$sh_pid\] sched:sched_process_exec\(filename=\"(/usr)?/bin/sh\", pid=$sh_pid, old_pid=$sh_pid\)$" all.out ||
	fail "-a: no exec line of the sh itself (pid $sh_pid)"
# nothing but exec events, signals and exits
grep -vE '^\[pid +[0-9]+\] (sched:sched_process_exec\(filename=".*", pid=[0-9]+, old_pid=[0-9]+\)$|--- SIG|\+\+\+ )' \
	all.out > odd
[ -s odd ] && { head odd >&2; fail "-a: lines that are neither events, signals nor exits"; }

# 2. the same with a kernel filter: sh's exec is dropped
rm -f sh.pid
"$ETRACE" -q -e sched:sched_process_exec --filter 'filename ~ "*true"' \
	-a -- sh -c "$LOOP" 2> filt.out ||
	{ cat filt.out >&2; fail "etrace --filter exited $?"; }
check_execs filt.out "--filter"
grep 'sched:sched_process_exec(' filt.out | grep -v 'true", pid=' > odd
[ -s odd ] && { head odd >&2; fail "--filter 'filename ~ \"*true\"' let other execs through"; }

# 3. a bad filter: exit 1, one line naming the event and the reason
"$ETRACE" -q -e sched:sched_process_exec --filter 'bogus == 1' -- true \
	> bad.out 2> bad.err
rc=$?
cat bad.err
[ $rc = 1 ] || fail "bad filter: exit $rc, want 1"
[ "$(wc -l < bad.err)" = 1 ] || fail "bad filter: want exactly one stderr line"
grep -q 'sched:sched_process_exec' bad.err || fail "bad filter: the event is not named"
grep -q 'Field not found' bad.err || fail "bad filter: the kernel's reason is not given"

# 4. no such event
"$ETRACE" -q -e no:such -- true > none.out 2> none.err
rc=$?
cat none.err
[ $rc = 1 ] || fail "-e no:such: exit $rc, want 1"
[ "$(wc -l < none.err)" = 1 ] || fail "-e no:such: want exactly one stderr line"
grep -q 'no:such' none.err || fail "-e no:such: the event is not named"

# 5. listing
"$ETRACE" -l 'sched:sched_process_e*' > list.out 2> list.err ||
	fail "etrace -l exited $?"
printf '%s\n' sched:sched_process_exec sched:sched_process_exit > list.want
same list.want list.out "etrace -l 'sched:sched_process_e*'"
"$ETRACE" -l -v net:net_dev_xmit > listv.out 2> listv.err ||
	fail "etrace -l -v exited $?"
cat listv.out
head -n 1 listv.out | grep -qx 'net:net_dev_xmit' || fail "-l -v: the event is not the first line"
for f in skbaddr len rc name; do
	grep -qE "^[[:space:]]+.*[[:space:]*]$f\$" listv.out ||
		fail "-l -v net:net_dev_xmit: no field $f"
done

# 6. syscalls and events mixed
"$ETRACE" -q -f -e trace=openat,sched:sched_process_exec -o mix.out -- \
	sh -c '/bin/true; cat /etc/hostname' > /dev/null 2> mix.err ||
	fail "mixed -e trace= exited $?"
strip_pid mix.out > mix.txt
grep -qE '^sched:sched_process_exec\(filename="(/usr)?/bin/cat", pid=[0-9]+, old_pid=[0-9]+\)$' mix.txt ||
	fail "mixed: no exec event of cat"
grep -qE '^sched:sched_process_exec\(filename="/bin/true", pid=[0-9]+, old_pid=[0-9]+\)$' mix.txt ||
	fail "mixed: no exec event of /bin/true"
grep -qE '^openat\(AT_FDCWD, "/etc/hostname", O_RDONLY\) += 3$' mix.txt ||
	fail "mixed: no openat of /etc/hostname"
grep -vE '^(openat\(|sched:sched_process_exec\(|--- SIG|\+\+\+ )' mix.txt > odd
[ -s odd ] && { head odd >&2; fail "mixed: other calls or events printed"; }
# the event of cat comes before cat's openat of /etc/hostname
awk '/sched_process_exec\(filename="(\/usr)?\/bin\/cat"/ { e = NR }
     /openat\(AT_FDCWD, "\/etc\/hostname"/ { o = NR }
     END { exit !(e && o && e < o) }' mix.out ||
	fail "mixed: cat's exec event is not before its openat"

# 7. counting an event
"$ETRACE" -q -c -e sched:sched_process_fork -f -- \
	sh -c '/bin/true; /bin/true; /bin/true' > cnt.out 2> cnt.err ||
	fail "-c -e sched:sched_process_fork exited $?"
cat cnt.err
grep -qE '^ +[0-9.]+ +[0-9.]+ +[0-9]+ +3 +sched:sched_process_fork$' cnt.err ||
	fail "-c: no row with 3 calls of sched:sched_process_fork"
exit 0
