# SPDX-License-Identifier: GPL-2.0-or-later
# Time prefixes and output filters:
#  - -t: every line starts with HH:MM:SS; -tt: HH:MM:SS.uuuuuu, never
#    going back, the first within a second of `date` around the run;
#  - -ttt: epoch.uuuuuu, the first within 2 s of `date +%s`;
#  - -r: "    S.uuuuuu " since the previous line: 0.000000 first, and on
#    sleep 0.3 the line after clock_nanosleep says 0.3 <= S <= the run's
#    wall time, measured around it;
#  - -T: every finished call (" = RET", not " = ?") ends with <S.uuuuuu>,
#    the command's own execve included (strace -T times it too);
#  - -z / -Z on build/tests/progs/files: the same calls (name and
#    number) as strace -z / strace -Z;
#  - -e status=unfinished on /bin/true: exactly strace's two lines,
#    exit_group(0) = ? and +++ exited with 0 +++;
#  - --duration 50 on sh -c 'sleep 0.03; sleep 0.07', with and without -T: the
#    lines of a full -T trace of the same run (a third etrace attached
#    with -p beside them) whose calls took 0.050 s or more, and its
#    signal and exit lines;
#  - --max-events 5 on /bin/true: exactly 5 call lines, the first five
#    calls of its full trace; etrace still exits 0.
# Every check runs; the log lists each that failed.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

calls_of() { strip_pid "$1" | grep -E '^[a-z_0-9]+\('; }

# -t
"$ETRACE" -q -t -o t.out -- /bin/true || soft_fail "-t: etrace failed"
grep -vE '^[0-2][0-9]:[0-5][0-9]:[0-6][0-9] ' t.out > odd
[ -s odd ] && { head -3 odd >&2; soft_fail "-t: lines without HH:MM:SS"; }

# -tt
before=$(date +%s)
"$ETRACE" -q -tt -o tt.out -- /bin/true || soft_fail "-tt: etrace failed"
after=$(date +%s)
grep -vE '^[0-2][0-9]:[0-5][0-9]:[0-6][0-9]\.[0-9]{6} ' tt.out > odd
[ -s odd ] && { head -3 odd >&2; soft_fail "-tt: lines without HH:MM:SS.uuuuuu"; }
awk '{ split($1, a, ":"); t = a[1] * 3600 + a[2] * 60 + a[3]
       if (NR > 1 && t < prev) { print "line " NR " goes back: " $0; bad = 1 }
       prev = t }
     END { exit bad }' tt.out || soft_fail "-tt: times go back"
b=$(date -d "@$before" +%H:%M:%S) a=$(date -d "@$after" +%H:%M:%S)
first=$(head -n 1 tt.out | cut -c1-8)
if [ "$b" \< "$a" ] || [ "$b" = "$a" ]; then	# not across midnight
	{ [ "$first" \< "$b" ] || [ "$a" \< "$first" ]; } &&
		soft_fail "-tt: first line at $first, the run was between $b and $a"
fi

# -ttt
before=$(date +%s)
"$ETRACE" -q -ttt -o ttt.out -- /bin/true || soft_fail "-ttt: etrace failed"
grep -vE '^[0-9]{10}\.[0-9]{6} ' ttt.out > odd
[ -s odd ] && { head -3 odd >&2; soft_fail "-ttt: lines without epoch.uuuuuu"; }
e=$(head -n 1 ttt.out | cut -d. -f1)
[ -n "$e" ] && [ "$e" -ge $((before - 2)) ] && [ "$e" -le $(( $(date +%s) + 2 )) ] ||
	soft_fail "-ttt: first line at $e, not within 2 s of date +%s ($before)"

# -r
t0=$(date +%s%N)
"$ETRACE" -q -r -o r.out -- sleep 0.3 || soft_fail "-r: etrace failed"
t1=$(date +%s%N)
grep -vE '^ +[0-9]+\.[0-9]{6} ' r.out > odd
[ -s odd ] && { head -3 odd >&2; soft_fail "-r: lines without a relative time"; }
head -n 1 r.out | grep -qE '^ +0\.000000 execve\(' ||
	soft_fail "-r: the first line is not '0.000000 execve('"
awk '/ clock_nanosleep\(/ { n = NR + 1 } NR == n { print $1; exit }' r.out > r.after
r=$(cat r.after)
echo "-r: $r after clock_nanosleep(0.3 s)"
awk -v r="$r" -v w=$(( (t1 - t0) / 1000 )) 'BEGIN { exit !(r != "" && r >= 0.3 && r * 1e6 <= w) }' ||
	soft_fail "-r: the line after a 0.3 s clock_nanosleep says '$r' (the run took $(( (t1 - t0) / 1000 )) us)"

# -T
"$ETRACE" -q -T -o T.out -- /bin/true || soft_fail "-T: etrace failed"
grep -E '^[a-z_0-9]+\(.*\) += [^?]' T.out | grep -vE ' <[0-9]+\.[0-9]{6}>$' > odd
[ -s odd ] && { head -3 odd >&2; soft_fail "-T: finished calls without <secs>"; }
grep -E ' = \?' T.out | grep -E '<[0-9.]+>' > odd
[ -s odd ] && { head -3 odd >&2; soft_fail "-T: a time on an unfinished call"; }
[ "$(grep -cE ' <[0-9]+\.[0-9]{6}>$' T.out)" -ge 20 ] ||
	soft_fail "-T: fewer than 20 timed calls"

# -z / -Z vs strace
for f in z Z; do
	rm -rf s.dir e.dir
	strace -$f -o s.$f -- "$PROGS/files" "$WORK/s.dir" ||
		soft_fail "files under strace -$f failed"
	"$ETRACE" -q -$f -o e.$f -- "$PROGS/files" "$WORK/e.dir" ||
		soft_fail "etrace -$f failed"
	sc_counts s.$f > s.$f.counts
	sc_counts e.$f > e.$f.counts
	[ -s s.$f.counts ] || soft_fail "strace -$f printed no call"
	soft_same s.$f.counts e.$f.counts "-$f: syscalls and their numbers (strace -$f vs etrace -$f)"
done
grep -E ' = -1 ' e.z > odd
[ -s odd ] && { head -3 odd >&2; soft_fail "-z: failed calls printed"; }
grep -E '^[a-z_0-9]+\(' e.Z | grep -vE ' = -1 E[A-Z0-9]+ \(' > odd
[ -s odd ] && { head -3 odd >&2; soft_fail "-Z: calls that did not fail printed"; }

# -e status=unfinished
strace -e status=unfinished -o s.unf -- /bin/true || soft_fail "strace -e status=unfinished failed"
"$ETRACE" -q -e status=unfinished -o e.unf -- /bin/true ||
	soft_fail "etrace -e status=unfinished failed"
printf '%s\n' 'exit_group(0)                           = ?' \
	'+++ exited with 0 +++' > unf.want
soft_same unf.want s.unf "strace -e status=unfinished (the test's expectation)"
soft_same unf.want e.unf "-e status=unfinished"

# --duration 50: three etraces on one run of sh -c 'sleep 0.03; sleep 0.07',
# held on a fifo until all three trace it: -T (all), --duration 50 -T,
# --duration 50
mkfifo go
sh -c 'read x < go; sleep 0.03; sleep 0.07' &
dp=$!
etrace_bg /dev/null dall.err -q -f -T -p $dp -o dall.out
eall=$ep
etrace_bg /dev/null dT.err -q -f -T --duration 50 -p $dp -o dT.out
eT=$ep
etrace_bg /dev/null d.err -q -f --duration 50 -p $dp -o d.out
echo > go
wait $eall $eT $ep $dp
ep=""
# the full trace's lines that --duration 50 keeps: calls timed 0.050 s
# or more, and signal and exit lines (a call seen from the middle, its
# time unknown, is not kept)
joined dall.out | awk -F '\t' '
	$2 ~ /^(---|\+\+\+) / { print; next }
	match($2, / <[0-9]+\.[0-9]+>$/) && substr($2, RSTART + 2, RLENGTH - 3) + 0 >= 0.05' |
	sed -E 's/ <[0-9]+\.[0-9]+>$//' > d.want
grep -qE '	clock_nanosleep\(' d.want && grep -qE '	wait4\(' d.want ||
	{ cat dall.out >&2; soft_fail "--duration: the full trace lacks the long clock_nanosleep or wait4"; }
# (each etrace times a call from its own records: they differ in the
# last digits, so -T's times are checked against 0.050 s only)
joined dT.out > dT.got
awk -F '\t' '$2 !~ /^(---|\+\+\+) / && !(match($2, / <[0-9]+\.[0-9]+>$/) &&
	substr($2, RSTART + 2, RLENGTH - 3) + 0 >= 0.05)' dT.got > dT.short
[ -s dT.short ] && { cat dT.short >&2; soft_fail "--duration 50 -T: calls shorter than 0.050 s or untimed"; }
sed -E 's/ <[0-9]+\.[0-9]+>$//' dT.got > dT.got.notime
joined d.out > d.got
soft_same d.want dT.got.notime "--duration 50 -T: the calls of 0.050 s or more of the full trace"
soft_same d.want d.got "--duration 50: the calls of 0.050 s or more of the full trace"

# --max-events 5
"$ETRACE" -q -o full.out -- /bin/true || soft_fail "etrace /bin/true failed"
"$ETRACE" -q --max-events 5 -o max.out -- /bin/true
rc=$?
[ $rc = 0 ] || soft_fail "--max-events 5: etrace exited $rc, want 0"
calls_of max.out > max.calls
[ "$(wc -l < max.calls)" = 5 ] || { cat max.out >&2; soft_fail "--max-events 5: $(wc -l < max.calls) call lines, want 5"; }
calls_of full.out | head -n 5 | sed -E 's/\(.*//' > full.names5
sed -E 's/\(.*//' max.calls > max.names
soft_same full.names5 max.names "--max-events 5: the first five calls"
finish
