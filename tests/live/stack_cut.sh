# SPDX-License-Identifier: GPL-2.0-or-later
# Stacks cut where no frame can be proved: nocfi calls three functions
# in anonymous memory (no unwind info, no perf map) from main:
#  - getppid's pushed nothing: the leaf rule proves its caller, and the
#    stack goes on to main, uncut;
#  - getpid's has 0x1234 at the stack pointer (in no mapping), getuid's
#    an address in the program's code that follows no call: each stack
#    is the anonymous frame, then exactly
#      > [stack cut: no unwind info at //anon+0xOFF]
#    with OFF the frame's own;
#  - JSON: the same stacks, and stack_cut {reason "no_unwind_info",
#    module "//anon", reloff} on the two cut ones only;
#  - --stack=folded and -c -k: the cut stacks end (outermost) with
#    [stack_cut];
#  - every frame printed is proved (frames_proved --anon).
. "$TOP/tests/lib.sh"
need_root
P=$PROGS/nocfi

"$ETRACE" -q -k -e trace=getppid,getpid,getuid -o k.out -- "$P" 2> k.err ||
	{ cat k.err >&2; fail "etrace -k failed"; }
cat k.out
frames_proved --anon k.out
# each call's frames, one line per call: NAME frame|frame|...
awk '/^[a-z]+\(\)/ { if (c) print c; c = $1; next }
     /^ > / { c = c "|" substr($0, 4); next }
     END { if (c) print c }' k.out | sed -E 's/\(\)$//; s/^([a-z]+)\(\)/\1/' > calls
grep -E '^getppid\|//anon\(\+0x[0-9a-f]+\) \[0x[0-9a-f]+\]\|'"$(printf '%s' "$P" | sed 's/[][\\.*^$()+?{}|]/\\&/g')"'\(main\+0x[0-9a-f]+\) ' calls > /dev/null ||
	fail "getppid: the leaf rule did not prove main"
grep -q '^getppid.*stack cut' calls && fail "getppid: its stack is cut"
for c in getpid getuid; do
	grep -E "^$c\\|" calls | sed -E 's/\+0x[0-9a-f]+/+0xOFF/g; s/\[0x[0-9a-f]+\]/[0xADDR]/' > got.$c
	echo "$c|//anon(+0xOFF) [0xADDR]|[stack cut: no unwind info at //anon+0xOFF]" > want.$c
	same want.$c got.$c "$c: the frame, then the cut"
	# the cut says where: the frame's own offset
	off=$(grep -E "^$c\\|" calls | sed -nE 's/^[a-z]+\|\/\/anon\(\+(0x[0-9a-f]+)\).*/\1/p')
	grep -qF "|[stack cut: no unwind info at //anon+$off]" calls ||
		fail "$c: the cut is not at the frame's offset $off"
done

"$ETRACE" -q -j -k -e trace=getppid,getpid,getuid -o k.json -- "$P" 2> j.err ||
	{ cat j.err >&2; fail "etrace -j -k failed"; }
frames_proved --anon k.json
python3 - k.json <<'PY' || fail "-j -k: the stacks and their stack_cut"
import json, sys
calls = {c["name"]: c for c in map(json.loads, open(sys.argv[1]))
         if c.get("type") == "syscall"}
assert sorted(calls) == ["getpid", "getppid", "getuid"], sorted(calls)
assert "stack_cut" not in calls["getppid"], calls["getppid"]
assert calls["getppid"]["stack"][1]["sym"] == "main", calls["getppid"]
for n in ("getpid", "getuid"):
    c = calls[n]
    assert len(c["stack"]) == 1 and c["stack"][0]["module"] == "//anon", c
    assert c["stack_cut"] == {"reason": "no_unwind_info", "module": "//anon",
                              "reloff": c["stack"][0]["reloff"]}, c
PY

"$ETRACE" -q --stack=folded -e trace=getpid,getuid -o f.out -- "$P" 2> f.err ||
	{ cat f.err >&2; fail "etrace --stack=folded failed"; }
cat f.out
n=$(grep -cE '^nocfi;\[stack_cut\];anon\+0x[0-9a-f]+;get(pid|uid) 1$' f.out)
[ "$n" = 2 ] || fail "--stack=folded: $n cut stacks, want 2"

"$ETRACE" -q -c -k -e trace=getpid -o c.out -- "$P" 2> c.err ||
	{ cat c.err >&2; fail "etrace -c -k failed"; }
frames_proved --anon c.out
awk '/^ +1  nocfi  getpid$/ { s = 1; next } s && /^ +> / { print $2 } s && !/^ +> / { s = 0 }' \
	c.out | sed -E 's/\+0x[0-9a-f]+/+0xOFF/' > got
printf '%s\n' '//anon(+0xOFF)' '[stack_cut]' > want
same want got "-c -k: the cut stack's sites"
exit 0
