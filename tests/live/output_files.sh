# SPDX-License-Identifier: GPL-2.0-or-later
# etrace's own output files (-o, -ff's FILE.TID, --flamegraph,
# --stack=folded -o, --timeline, --stack=perf -o):
#  - new ones are created 0600 whatever the umask (a trace holds what
#    the program read);
#  - an existing file is left as it was when the command is not found,
#    and emptied (not appended to) when the trace runs;
#  - an output that cannot be opened is said before anything runs: the
#    command never starts.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

umask 022
"$ETRACE" -q -o t1 -- true 2> e1 || { cat e1 >&2; fail "-o t1 failed"; }
"$ETRACE" -q -ff -o t2 -- sh -c 'true & wait' 2> e2 ||
	{ cat e2 >&2; fail "-ff -o t2 failed"; }
"$ETRACE" -q --flamegraph t3.svg -- true 2> e3 ||
	{ cat e3 >&2; fail "--flamegraph failed"; }
"$ETRACE" -q --stack=folded -o t4 -- true 2> e4 ||
	{ cat e4 >&2; fail "--stack=folded -o failed"; }
n=0
for f in t1 t2.* t3.svg t4; do
	[ -s "$f" ] || fail "$f is empty"
	[ "$(stat -c %a "$f")" = 600 ] ||
		fail "$f was created with mode $(stat -c %a "$f"), want 600"
	n=$((n + 1))
done
[ $n = 5 ] || fail "$n files, want t1, two t2.TID, t3.svg, t4"

# the command not found: every kind of output left as it was
for f in t1 t3.svg t4 t5.json t6; do
	printf 'earlier\n' > "$f"
done
"$ETRACE" -o t1 -- ./no-such-command 2> e5
rc=$?
[ $rc = 1 ] || fail "-o, command not found: exit $rc"
echo "etrace: cannot run './no-such-command': command not found" > w5
same w5 e5 "stderr of a command not found"
"$ETRACE" --flamegraph t3.svg -- no-such-command 2> /dev/null
"$ETRACE" --stack=folded -o t4 -- no-such-command 2> /dev/null
"$ETRACE" --timeline t5.json -o /dev/null -- no-such-command 2> /dev/null
"$ETRACE" --stack=perf -o t6 -- no-such-command 2> /dev/null
for f in t1 t3.svg t4 t5.json t6; do
	[ "$(cat "$f")" = earlier ] ||
		fail "$f changed though the command was not found: $(head -c 80 "$f")"
done
# ... and emptied once the trace runs
"$ETRACE" -q -o t1 -e trace=none -- true 2> e6 || { cat e6 >&2; fail "-o t1 failed"; }
echo '+++ exited with 0 +++' > w6
same w6 t1 "an existing -o file after a trace of nothing"
"$ETRACE" -q --stack=folded -o t4 -- true 2> e7 || { cat e7 >&2; fail "folded failed"; }
grep -q earlier t4 && fail "the folded file kept its earlier content"

# outputs that cannot be opened: said first, nothing runs
for args in "-o nodir/x" "-ff -o nodir/x" "--flamegraph nodir/x" \
	    "--stack=folded -o nodir/x" "--timeline nodir/x" \
	    "--stack=perf -o nodir/x"; do
	# shellcheck disable=SC2086
	"$ETRACE" $args -- touch ran 2> e8
	rc=$?
	[ $rc = 1 ] || fail "etrace $args: exit $rc, want 1"
	echo "etrace: cannot write nodir/x: No such file or directory" > w8
	same w8 e8 "stderr of etrace $args"
	[ ! -e ran ] || fail "etrace $args ran the command"
done
exit 0
