# SPDX-License-Identifier: GPL-2.0-or-later
# Time prefixes and output filters:
#  - -t: every line starts with HH:MM:SS; -tt: HH:MM:SS.uuuuuu, never
#    going back, the first within a second of `date` around the run;
#  - -ttt: epoch.uuuuuu, the first within 2 s of `date +%s`;
#  - -r: "    S.uuuuuu " since the previous line: 0.000000 first, and on
#    sleep 0.3 the line after clock_nanosleep says 0.29 <= S < 1;
#  - -T: every finished call (" = RET", not " = ?") ends with <S.uuuuuu>,
#    the command's own execve included (strace -T times it too);
#  - -z / -Z on build/tests/progs/files: the same calls (name and
#    number) as strace -z / strace -Z;
#  - -e status=unfinished on /bin/true: exactly strace's two lines,
#    exit_group(0) = ? and +++ exited with 0 +++;
#  - --duration 50 on sh -c 'sleep 0.1; true': the long wait4 and
#    clock_nanosleep, and no other call (with -T: each >= 0.050 s);
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
"$ETRACE" -q -r -o r.out -- sleep 0.3 || soft_fail "-r: etrace failed"
grep -vE '^ +[0-9]+\.[0-9]{6} ' r.out > odd
[ -s odd ] && { head -3 odd >&2; soft_fail "-r: lines without a relative time"; }
head -n 1 r.out | grep -qE '^ +0\.000000 execve\(' ||
	soft_fail "-r: the first line is not '0.000000 execve('"
awk '/ clock_nanosleep\(/ { n = NR + 1 } NR == n { print $1; exit }' r.out > r.after
r=$(cat r.after)
echo "-r: $r after clock_nanosleep(0.3 s)"
awk -v r="$r" 'BEGIN { exit !(r != "" && r >= 0.29 && r < 1) }' ||
	soft_fail "-r: the line after a 0.3 s clock_nanosleep says '$r'"

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

# --duration 50
"$ETRACE" -q -f --duration 50 -o d.out -- sh -c 'sleep 0.1; true' ||
	soft_fail "--duration: etrace failed"
calls_of d.out | sed -E 's/\(.*//' | sort > d.names
printf '%s\n' clock_nanosleep wait4 > d.want
soft_same d.want d.names "--duration 50: the calls printed (want only the long ones)"
"$ETRACE" -q -f -T --duration 50 -o dT.out -- sh -c 'sleep 0.1; true' ||
	soft_fail "--duration -T: etrace failed"
calls_of dT.out | awk '{
	if (!match($0, / <[0-9]+\.[0-9]+>$/)) { print "no time: " $0; bad = 1; next }
	t = substr($0, RSTART + 2, RLENGTH - 3)
	if (t < 0.05) { print "short: " $0; bad = 1 } }
	END { exit bad }' || soft_fail "--duration 50 -T: calls shorter than 50 ms or untimed"

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
