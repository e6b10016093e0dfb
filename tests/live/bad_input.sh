# SPDX-License-Identifier: GPL-2.0-or-later
# Bad input, beyond tests/live/errors.sh: each case exits 1 (etrace's
# status for a usage or setup error) with exactly one line on stderr,
# "etrace: ...", naming the problem, and nothing runs: the command would
# have created a marker file.
. "$TOP/tests/lib.sh"
need_root

n=0
check() {	# keyword etrace-args...
	kw=$1
	shift
	n=$((n + 1))
	rm -f marker
	${RUN:-} "$ETRACE" "$@" > out 2> err
	rc=$?
	echo "case $n: etrace $* -> exit $rc: $(head -n 1 err)"
	[ $rc = 1 ] || fail "case $n (etrace $*): exit $rc, want 1"
	[ "$(wc -l < err)" = 1 ] || { cat err >&2; fail "case $n (etrace $*): $(wc -l < err) lines on stderr, want 1"; }
	grep -q '^etrace: ' err || fail "case $n (etrace $*): the message does not start with 'etrace: '"
	grep -qF -- "$kw" err || fail "case $n (etrace $*): the message does not name '$kw'"
	[ -e marker ] && fail "case $n (etrace $*): the command ran"
	return 0
}

check "%nosuch"		-e trace=%nosuch -- touch marker
# -u USER that etrace cannot become (no CAP_SETUID): the child's own
# error, not the broken pipe etrace saw; with -e inject= the child died
# before it handed over its filter (etrace waited for it forever once)
RUN="timeout 60 setpriv --inh-caps=-setuid --bounding-set=-setuid"
check "cannot run '$(command -v touch)': Operation not permitted" \
	-q -u nobody -- touch marker
check "cannot run '$(command -v touch)': Operation not permitted" \
	-q -u nobody -e inject=getppid:error=EPERM -- touch marker
RUN=
check "regular expression" -e 'trace=/(' -- touch marker
check "empty"		-e trace= -- touch marker
check "bogus"		-e status=bogus -- touch marker
check "SIGNOPE"		-e signal=SIGNOPE -- touch marker
check "'-1'"		-s -1 -- touch marker
check "abc"		-s abc -- touch marker
check "colour"		-S colour -- touch marker
check "color"		--by color -- touch marker
check "--interval"	--interval 0 -- touch marker
check "--max-events"	--max-events 0 -- touch marker
check "--duration"	--duration x -- touch marker
check "--filter"	--filter x -- touch marker
check "no:such"		-e no:such -- touch marker
check "sched:"		-e sched: -- touch marker
check "Field not found"	-e sched:sched_process_exit --filter 'bogus == 1' -- touch marker
check "bogus"		--stack=bogus -- touch marker
check "--stack-size"	--stack-size 7 -- touch marker
check "-a and -p"	-a -p 1
check "-p"		-p
check "'0'"		-p 0
check "/nonexistent/x.svg" --flamegraph /nonexistent/x.svg -- touch marker
check "-x"		-xxx -- touch marker
check "-k"		-kkk -- touch marker
check "-t"		-tttt -- touch marker
check "--json"		-ff --json -o x -- touch marker
check "one pattern"	-l a b
check "Permission denied" -- /etc/passwd
check "directory"	-- /tmp
check "ring size"	-m 2G -- touch marker
check "nosuchuser"	-u nosuchuser -- touch marker
check "command"		-u nobody
# a thread, not a process: the spinner's worker
"$PROGS/spinner" 1 > sp.out &
sp=$!
trap 'kill $sp 2>/dev/null' EXIT
wait_until 60 grep -qx ready sp.out || fail "spinner not ready"
tid=$(ls /proc/$sp/task | grep -vx "$sp" | head -n 1)
check "thread of process $sp" -p "$tid"
echo "$n cases"
exit 0
