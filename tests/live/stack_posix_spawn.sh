# SPDX-License-Identifier: GPL-2.0-or-later
# posix_spawn's stacks: spawnloop calls posix_spawn of /bin/true 200
# times from spawn_loop, called by main.  glibc's clone3 wrapper, which
# makes the child, has no unwind info at its syscall; the leaf rule
# (return address at the stack pointer, just after a call in the file)
# unwinds it:
#  - etrace --spawns -f: exactly one group, "true x200 <- spawnloop",
#    whose stack has spawn_loop then main of the program;
#  - etrace -k -e trace=clone3 -f: each of the 200 clone3 calls has a
#    stack that reaches spawn_loop then main, none is cut; the same in
#    JSON (-j), with no stack_cut;
#  - no frame of these stacks is unproved (frames_proved).
. "$TOP/tests/lib.sh"
need_root
P=$PROGS/spawnloop

"$ETRACE" -q --spawns -f -o spawns.out -- "$P" 200 2> spawns.err ||
	{ cat spawns.err >&2; fail "etrace --spawns failed"; }
cat spawns.out
frames_proved spawns.out
grep -q '^etrace: 200 processes started in [0-9.]* s, in 1 group ' spawns.out ||
	fail "--spawns: not 200 processes in 1 group"
[ "$(grep -c ' x[0-9]* <- ' spawns.out)" = 1 ] || fail "--spawns: not one group"
grep -qx 'true x200 <- spawnloop' spawns.out || fail "--spawns: no group true x200"
grep -A1 -xF "      > spawn_loop ($P)" spawns.out | tail -n 1 > got
echo "      > main ($P)" > want
same want got "--spawns: the frame after spawn_loop"

"$ETRACE" -q -f -k -e trace=clone3 -o k.out -- "$P" 200 2> k.err ||
	{ cat k.err >&2; fail "etrace -k failed"; }
frames_proved k.out
# each clone3 (whole, or resumed: its stack follows the line that ends
# it), then whether its frames have spawn_loop, then main, next
awk -v p="$P" '
	function end() { if (in_call) print ok; in_call = 0 }
	/^[0-9]+ +clone3\(.*\) += / || /^[0-9]+ +<\.\.\. clone3 resumed>/ {
		end(); in_call = 1; ok = "cut-or-short"; prev = ""; next }
	/^ > / {
		if (prev == " > " p "(spawn_loop" && index($0, " > " p "(main+0x") == 1)
			ok = "spawn_loop-main"
		prev = (index($0, " > " p "(spawn_loop+0x") == 1) ? " > " p "(spawn_loop" : $0
		if ($0 ~ /^ > \[stack cut/) ok = "cut"
		next }
	{ end() }
	END { end() }' k.out | sort | uniq -c | sed 's/^ *//' > got
echo "200 spawn_loop-main" > want
same want got "-k: clone3 stacks that reach spawn_loop, then main"

"$ETRACE" -q -f -j -k -e trace=clone3 -o k.json -- "$P" 200 2> j.err ||
	{ cat j.err >&2; fail "etrace -j -k failed"; }
python3 - k.json "$P" <<'PY' || fail "-j -k: the clone3 stacks"
import json, sys
calls = [json.loads(l) for l in open(sys.argv[1])]
calls = [c for c in calls if c.get("name") == "clone3" and "stack" in c]
assert len(calls) == 200, len(calls)
for c in calls:
    assert "stack_cut" not in c, c
    syms = [(f.get("module"), f.get("sym")) for f in c["stack"]]
    i = syms.index((sys.argv[2], "spawn_loop"))
    assert syms[i + 1] == (sys.argv[2], "main"), syms
PY
frames_proved k.json
exit 0
