# SPDX-License-Identifier: GPL-2.0-or-later
# Shell frames: a bash script's stack (file, line, function of each
# level) above bash's own frames, in every stack output.  storm.sh:
# main calls outer (line 11), outer calls inner (line 9), inner runs
# /bin/true (line 4: a fork, then the child's execve), truncates
# marker.txt (line 5: an openat in bash itself, no fork) and runs a bash
# that ends once its parent waits for it in wait4 (line 6).
#  - etrace -f -k -e trace=clone,execve,openat,wait4 -- bash storm.sh:
#    the clone, the child's execve("/bin/true") and the openat of
#    marker.txt each have, first, exactly the frames
#      > storm.sh:4 (in inner)   (:5 for the openat)
#      > storm.sh:9 (in outer)
#      > storm.sh:11 (in main)
#    then a frame of code (libc's); a wait4 that blocks (there is one:
#    line 6's) has " > storm.sh (in inner)": bash has gone back to the
#    enclosing command's line by then, so the line is not printed, not
#    guessed (a WNOHANG one from the SIGCHLD handler may come while bash
#    is still on line 4, and has it);
#    /bin/true's own calls (not bash) have no shell frame;
#  - --stack=folded: the clone's line ends
#    ";storm.sh:11(main);storm.sh:9(outer);storm.sh:4(inner);clone 1";
#  - --flamegraph: the SVG has a frame titled "storm.sh:4(inner)";
#  - --json: the clone's stack starts with the three frames
#    {"kind":"shell","file":"storm.sh","line":4,"function":"inner"}, ...
#    and then a frame with a "pc";
#  - -c -k: the clone's stack lists "> storm.sh:4(inner)" first;
#  - a dash script (sh): no shell frame anywhere.
. "$TOP/tests/lib.sh"
need_root
command -v bash >/dev/null || fail "no bash"

cat > storm.sh <<'EOF'
#!/bin/bash
# the lines matter: tests/live/stack_shell.sh checks them
inner() {
	/bin/true
	: > marker.txt
	bash -c 'until read -r n _ < /proc/$PPID/syscall && [ "$n" = 61 ]; do :; done'
}
outer() {
	inner
}
outer
EOF
[ "$(grep -n '^	/bin/true' storm.sh | cut -d: -f1)" = 4 ] || fail "the test's script: /bin/true not at line 4"

# the " > " lines after the first line of FILE matching RE (its stack),
# or, when that call is <unfinished ...>, after its pid's resumed line
# (another task's line came between: the stack follows the call's end)
frames_after() {	# file regex
	RE="$2" awk 'found && !/^ > / { exit }
		found { print; next }
		pid != "" { if ($1 == pid && $2 == "<...") found = 1; next }
		$0 ~ ENVIRON["RE"] {
			if (/<unfinished \.\.\.>$/) pid = $1; else found = 1
		}' "$1"
}
shell3() {	# line
	printf ' > storm.sh:%s (in inner)\n > storm.sh:9 (in outer)\n > storm.sh:11 (in main)\n' "$1"
}

"$ETRACE" -q -f -k -e trace=clone,execve,openat,wait4 -o out -- bash storm.sh 2> err ||
	fail "etrace -k -- bash storm.sh failed: $(cat err)"
cat out
for what in 'clone\(' 'execve\("/bin/true"' 'openat\(.*"marker.txt"'; do
	line=4
	[ "$what" = 'openat\(.*"marker.txt"' ] && line=5
	frames_after out "$what" > got
	head -n 3 got > got3
	shell3 $line > want
	same want got3 "the shell frames of $what"
	sed -n 4p got | grep -qE '^ > /.*libc\.so\.6\(' ||
		fail "$what: no libc frame after the shell frames: $(sed -n 4p got)"
done
# every blocking wait4 (flags 0) starts with inner's level, without a line
RE='^[0-9]+ +(<\.\.\. wait4 resumed>|wait4\(-1, \[).*\], 0, NULL\)' awk '
	$0 ~ ENVIRON["RE"] { n++; getline; print; next }' out > waits
cat waits
[ -s waits ] || fail "no blocking wait4 of bash"
grep -vxF ' > storm.sh (in inner)' waits &&
	fail "a blocking wait4's first frame is not ' > storm.sh (in inner)'"
# /bin/true's own calls (ld.so's openat), after its exec: not bash's
pid=$(sed -nE 's/^([0-9]+) +execve\("\/bin\/true".*/\1/p' out)
[ -n "$pid" ] || fail "no execve of /bin/true"
P="$pid" awk '/^[0-9]+ / {
		cur = $0 ~ ("^" ENVIRON["P"] " +openat[(]"); n += cur; next }
	cur && / \(in / { print }
	END { if (!n) print "no openat of /bin/true" }' out > bad
[ -s bad ] && fail "/bin/true's calls: $(cat bad)"
frames_proved out

"$ETRACE" -q -f --stack=folded -e trace=clone -o folded -- bash storm.sh 2> err ||
	fail "etrace --stack=folded failed: $(cat err)"
cat folded
grep -qE '^bash;.*;_Fork;storm\.sh:11\(main\);storm\.sh:9\(outer\);storm\.sh:4\(inner\);clone 1$' folded ||
	fail "folded: no line ending ';storm.sh:11(main);storm.sh:9(outer);storm.sh:4(inner);clone 1'"

"$ETRACE" -q -f --flamegraph fg.svg -e trace=clone -o /dev/null -- bash storm.sh 2> err ||
	fail "etrace --flamegraph failed: $(cat err)"
grep -qF '<title>storm.sh:4(inner) (1,' fg.svg || fail "fg.svg: no frame 'storm.sh:4(inner)'"
grep -qF '<title>storm.sh:11(main) (' fg.svg || fail "fg.svg: no frame 'storm.sh:11(main)'"

"$ETRACE" -q -f -k --json -e trace=clone -o j.json -- bash storm.sh 2> err ||
	fail "etrace --json failed: $(cat err)"
grep -F '"clone"' j.json | grep -qF '"stack":[{"kind":"shell","file":"storm.sh","line":4,"function":"inner"},{"kind":"shell","file":"storm.sh","line":9,"function":"outer"},{"kind":"shell","file":"storm.sh","line":11,"function":"main"},{"pc":' ||
	fail "json: the clone's stack does not start with the three shell frames: $(grep -F '"clone"' j.json)"
frames_proved j.json

"$ETRACE" -q -f -c -k -e trace=clone -o top -- bash storm.sh 2> err ||
	fail "etrace -c -k failed: $(cat err)"
cat top
grep -A1 -E '^ +1 +bash +clone$' top | grep -qxE ' +> storm\.sh:4\(inner\)' ||
	fail "-c -k: the clone's stack does not start with '> storm.sh:4(inner)'"
frames_proved top

# not bash: no shell frame
printf 'f() {\n\t/bin/true\n}\nf\n' > dash.sh
"$ETRACE" -q -f -k -e trace=execve -o dout -- sh dash.sh 2> err ||
	fail "etrace -k -- sh dash.sh failed: $(cat err)"
frames_after dout '^[0-9]+ +execve\("/bin/true"' > got
grep -q '^ > /' got || fail "sh: no stack on the execve of /bin/true"
grep -E ' \(in |\((main|f)\)' dout && fail "sh (dash) has shell frames"
frames_proved dout
exit 0
