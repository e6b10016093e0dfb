# SPDX-License-Identifier: GPL-2.0-or-later
# etrace record --flight-recorder WINDOW --trigger WHAT (recfile/flight.c):
#  1. failafter: 1,000,000 getppid calls (200,000 with sanitizers), one
#     failing openat("/nonexistent"), exit 1; rings that hold every call
#     (-m), so nothing can be lost.  --flight-recorder 1s --trigger
#     openat:errno=ENOENT writes one dump, FILE.1 (0600), and says so;
#     etrace exits 1 as the command did.  Its report is, whole: the
#     calls of the window (the first maybe the end of one begun before
#     it), every one "getppid() = PPID", then that openat's line last.
#     With 1,000,000 calls the window is cut by its memory bound (64
#     MiB; with sanitizers 8 MiB, so that the window does not hold the
#     whole run): etrace's peak memory (tests/progs/maxrss) stays within a
#     plain recording's of the same run plus 64 MiB and 8 MiB (the dump's
#     compressor and buffers).
#  2. -Z --context 5: the trace ends with the five getppid calls before
#     that openat, the openat, the exit.
#  3. Three failing openats, a 10 s window: one dump, the two others
#     counted on stderr, no FILE.2.
#  4. signal=SIGUSR2 (a shell that sends it to itself): the report ends
#     with its "--- SIGUSR2 {" line; exit!=0 (sh -c 'exit 3'): with
#     "+++ exited with 3 +++"; openat:path=/etc/host* (cat /etc/hostname):
#     with that openat, the loader's openats before it not matching.
#  5. SIGUSR1 to etrace while the command waits on a FIFO: a dump with
#     what it did before (its write), then it goes on; nothing fired:
#     said, and no FILE.1 left.
#  6. Refused, one line and exit 1: the options outside etrace record, in
#     a report, --trigger or --after alone, a bad window, a bad trigger, a
#     bad --after, a directory that does not exist (said at the start).
#  7. --after 1s: failafter's failing openat, then 500 getppid calls, a
#     sleep of 2 s, a getpid: the dump's report is the window, the
#     openat, the 500 calls and the sleep begun (its end not in the
#     dump: "<detached ...>"), not the getpid; said "and 1.000 s after".
#     The trace ending first (no sleep, --after 10s): the dump ends with
#     the exit, said "when the trace ended".
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root
cd "$WORK"

N=1000000 M=256M W=1s
# sanitized, 200,000 calls take less than a second: a window of 8 MiB
[ -n "${ETRACE_SANITIZED:-}" ] && N=200000 M=64M W=1s,8M

# 1. the program
"$PROGS/maxrss" base.rss "$ETRACE" record -q -m $M -o full.etr -- \
	"$PROGS/failafter" $N 2> base.err
"$PROGS/maxrss" fr.rss "$ETRACE" record -q -m $M --flight-recorder $W \
	--trigger openat:errno=ENOENT -o fr -- "$PROGS/failafter" $N 2> fr.err
rc=$?
[ $rc = 1 ] || soft_fail "1: etrace exited $rc, want the command's 1"
grep -q '^etrace: flight recorder: errno=ENOENT: openat, pid [0-9]*: wrote fr.1 ([0-9]* records, the last [0-9.]* s)$' fr.err ||
	soft_fail "1: the dump is not said: $(cat fr.err)"
grep -q 'lost' fr.err && soft_fail "1: records lost: $(cat fr.err)"
[ -f fr.1 ] && [ ! -e fr.2 ] || soft_fail "1: want fr.1 and no fr.2: $(ls)"
[ "$(stat -c %a fr.1)" = 600 ] || soft_fail "1: fr.1 is not 0600"
"$ETRACE" report -i fr.1 -o rep > rep.out 2> rep.err ||
	soft_fail "1: the report failed: $(cat rep.err)"
[ -s rep.err ] && soft_fail "1: the report said: $(cat rep.err)"
ppid=$(grep -m1 '^getppid() ' rep | awk '{print $NF}')
n=$(wc -l < rep)
{
	if head -1 rep | grep -q '^<\.\.\. getppid resumed>'; then
		printf '<... getppid resumed>)                  = %s\n' "$ppid"
		n=$((n - 1))
	fi
	i=1
	while [ $i -lt $n ]; do
		printf 'getppid()                               = %s\n' "$ppid"
		i=$((i + 1))
	done
	printf 'openat(AT_FDCWD, "/nonexistent", O_RDONLY) = -1 ENOENT (No such file or directory)\n'
} > rep.want
soft_same rep.want rep "1: the dump's report"
[ "$n" -gt 1000 ] || soft_fail "1: only $n lines in the window"
base=$(cat base.rss) fr=$(cat fr.rss)
echo "1: $n lines in the window; peak memory $fr KiB, a plain recording's $base KiB"
[ "$fr" -le $((base + 65536 + 8192)) ] ||
	soft_fail "1: peak memory $fr KiB, a plain recording's $base KiB + 64 MiB + 8 MiB"

# 2. the five calls before it, live
"$ETRACE" -q -Z --context 5 -- "$PROGS/failafter" 1000 2> ctx
tail -7 ctx | sed -E 's/= [0-9]+$/= P/' > ctx.tail
{
	for i in 1 2 3 4 5; do
		printf 'getppid()                               = P\n'
	done
	printf 'openat(AT_FDCWD, "/nonexistent", O_RDONLY) = -1 ENOENT (No such file or directory)\n'
	printf '+++ exited with 1 +++\n'
} > ctx.want
soft_same ctx.want ctx.tail "2: -Z --context 5"

# 3. rate-limited
"$ETRACE" record --flight-recorder 10s --trigger openat:errno=ENOENT \
	-o fr -- "$PROGS/failafter" 1000 3 2> fr.err
[ -f fr.1 ] && [ ! -e fr.2 ] || soft_fail "3: want fr.1 alone: $(ls)"
grep -qx 'etrace: flight recorder: 2 more triggers within a window of a dump: not written' fr.err ||
	soft_fail "3: the held triggers are not said: $(cat fr.err)"
"$ETRACE" report -i fr.1 2>&1 | grep -c '^openat(AT_FDCWD, "/nonexistent"' > n3
[ "$(cat n3)" = 1 ] || soft_fail "3: $(cat n3) failing openats in the dump, want 1"

# 4. a signal, an exit status
"$ETRACE" record --flight-recorder 10s --trigger signal=SIGUSR2 -o sg -- \
	sh -c 'kill -USR2 $$' 2> sg.err
"$ETRACE" report -i sg.1 -o sg.rep 2> /dev/null
tail -1 sg.rep | grep -q '^--- SIGUSR2 {si_signo=SIGUSR2, si_code=SI_USER' ||
	soft_fail "4: signal=: the report ends with $(tail -1 sg.rep)"
"$ETRACE" record --flight-recorder 10s --trigger 'exit!=0' -o ex -- \
	sh -c 'exit 3' 2> ex.err
[ $? = 3 ] || soft_fail "4: exit!=0: etrace did not exit 3"
"$ETRACE" report -i ex.1 -o ex.rep 2> /dev/null
[ "$(tail -1 ex.rep)" = "+++ exited with 3 +++" ] ||
	soft_fail "4: exit!=0: the report ends with $(tail -1 ex.rep)"
# the options as getopt_long takes them abbreviated: not in the dump's words
"$ETRACE" record --flight 10s --trig='exit!=0' -o ab -- sh -c 'exit 3' 2> ab.err
"$ETRACE" report -i ab.1 -o ab.rep 2> ab.rerr ||
	soft_fail "4: abbreviated options: the report failed: $(cat ab.rerr)"
[ "$(tail -1 ab.rep)" = "+++ exited with 3 +++" ] ||
	soft_fail "4: abbreviated options: the report ends with $(tail -1 ab.rep)"
"$ETRACE" record --flight-recorder 10s --trigger 'openat:path=/etc/host*' \
	-o pt -- cat /etc/hostname > /dev/null 2> pt.err
grep -q '^etrace: flight recorder: path=/etc/host\*: openat, pid [0-9]*: wrote pt.1 ' pt.err ||
	soft_fail "4: path=: the dump is not said: $(cat pt.err)"
"$ETRACE" report -i pt.1 -o pt.rep 2> /dev/null
[ "$(tail -1 pt.rep)" = 'openat(AT_FDCWD, "/etc/hostname", O_RDONLY) = 3' ] ||
	soft_fail "4: path=: the report ends with $(tail -1 pt.rep)"
grep -c '^openat(' pt.rep > pt.n
[ "$(cat pt.n)" -ge 2 ] || soft_fail "4: path=: the loader's openats are not in the window"

# 5. by hand, then nothing fired
mkfifo go
"$ETRACE" record --flight-recorder 10s --trigger 'exit!=0' -o hand -- \
	sh -c 'echo started > s; exec cat go' 2> hand.err &
epid=$!
# the write has ended (its record made) once the shell is cat
is_cat() { [ "$(cat /proc/$(children_of $epid)/comm 2> /dev/null)" = cat ]; }
wait_until 60 is_cat || fail "5: the command did not start"
kill -USR1 $epid
wait_until 60 grep -q 'SIGUSR1: wrote hand.1' hand.err ||
	fail "5: no dump said after SIGUSR1: $(cat hand.err)"
echo > go
wait $epid
rc=$?
[ $rc = 0 ] || soft_fail "5: etrace exited $rc after SIGUSR1, want 0"
"$ETRACE" report -i hand.1 2>&1 | grep -qF 'write(1, "started\n", 8)' ||
	soft_fail "5: the dump has not the command's write"
grep -qx 'etrace: flight recorder: no trigger fired: nothing written' hand.err &&
	soft_fail "5: says nothing was written"
"$ETRACE" record --flight-recorder 1M --trigger 'exit!=0' -o none -- \
	true 2> none.err
grep -qx 'etrace: flight recorder: no trigger fired: nothing written' none.err ||
	soft_fail "5: nothing fired, not said: $(cat none.err)"
[ -e none.1 ] && soft_fail "5: an empty none.1 is left"

# 6. refused
refused() {	# what expected-line command...
	_what=$1 _want=$2
	shift 2
	"$@" > r.out 2> r.err
	_rc=$?
	[ $_rc = 1 ] || soft_fail "6: $_what: exit $_rc, want 1"
	[ "$(cat r.err)" = "$_want" ] ||
		soft_fail "6: $_what: said '$(cat r.err)', want '$_want'"
}
refused "live trace" "etrace: --flight-recorder, --trigger and --after are etrace record's" \
	"$ETRACE" --flight-recorder 1s -- true
refused "live --after" "etrace: --flight-recorder, --trigger and --after are etrace record's" \
	"$ETRACE" --after 1s -- true
"$ETRACE" record -q -o ok.etr -- true 2> /dev/null
refused "report" "etrace: --flight-recorder, --trigger and --after are etrace record's" \
	"$ETRACE" report -i ok.etr --trigger 'exit!=0'
refused "trigger alone" "etrace: record: --trigger needs --flight-recorder WINDOW" \
	"$ETRACE" record --trigger 'exit!=0' -o x -- true
refused "after alone" "etrace: record: --after needs --flight-recorder WINDOW" \
	"$ETRACE" record --after 1s -o x -- true
refused "bad after" "etrace: invalid --after '0s' (want a time, as 2s or 500ms)" \
	"$ETRACE" record --flight-recorder 1s --after 0s -o x -- true
refused "bad window" "etrace: invalid --flight-recorder '5' (want a time (2s, 500ms), a size (64M, from 1M to 4G), or both (2s,64M))" \
	"$ETRACE" record --flight-recorder 5 -o x -- true
refused "bad trigger" "etrace: invalid --trigger 'errno=ENOPE' (errno=: want errno names or numbers, as errno=ENOENT,EACCES)" \
	"$ETRACE" record --flight-recorder 1s --trigger errno=ENOPE -o x -- true
refused "no directory" "etrace: cannot write /nonexistent-dir/x.1: No such file or directory" \
	"$ETRACE" record --flight-recorder 1s -o /nonexistent-dir/x -- true
ls x* 2> /dev/null && soft_fail "6: a refused record left files"

# 7. --after
"$ETRACE" record -q -m $M --flight-recorder 10s --trigger openat:errno=ENOENT \
	--after 1s -o af -- "$PROGS/failafter" 1000 1 500 2> af.err
grep -q '^etrace: flight recorder: errno=ENOENT: openat, pid [0-9]*: wrote af.1 ([0-9]* records, the last [0-9.]* s and 1.000 s after)$' af.err ||
	soft_fail "7: the dump is not said: $(cat af.err)"
"$ETRACE" report -i af.1 -o af.rep 2> af.rerr ||
	soft_fail "7: the report failed: $(cat af.rerr)"
ppid=$(grep -m1 '^getppid() ' af.rep | awk '{print $NF}')
sed -n '/^openat(AT_FDCWD, "\/nonexistent"/,$p' af.rep > af.tail
{
	printf 'openat(AT_FDCWD, "/nonexistent", O_RDONLY) = -1 ENOENT (No such file or directory)\n'
	i=0
	while [ $i -lt 500 ]; do
		printf 'getppid()                               = %s\n' "$ppid"
		i=$((i + 1))
	done
	printf 'clock_nanosleep(CLOCK_REALTIME, 0, {tv_sec=2, tv_nsec=0},  <detached ...>\n'
} > af.want
soft_same af.want af.tail "7: the dump from the trigger on"
[ "$(grep -c '^getppid() ' af.rep)" = 1500 ] ||
	soft_fail "7: $(grep -c '^getppid() ' af.rep) getppid calls in the dump, want 1500"
"$ETRACE" record -q --flight-recorder 1s --trigger openat:errno=ENOENT \
	--after 10s -o ae -- "$PROGS/failafter" 1000 1 2> ae.err
grep -q '^etrace: flight recorder: errno=ENOENT: openat, pid [0-9]*: wrote ae.1 ([0-9]* records, the last [0-9.]* s and [0-9.]* s after, when the trace ended)$' ae.err ||
	soft_fail "7: the trace's end is not said: $(cat ae.err)"
"$ETRACE" report -i ae.1 -o ae.rep 2> /dev/null
tail -3 ae.rep > ae.tail
printf '%s\n' 'openat(AT_FDCWD, "/nonexistent", O_RDONLY) = -1 ENOENT (No such file or directory)' \
	'exit_group(1)                           = ?' '+++ exited with 1 +++' > ae.want
soft_same ae.want ae.tail "7: the dump of a trace that ended first"
finish
