# SPDX-License-Identifier: GPL-2.0-or-later
# -k names code a JIT described in /tmp/perf-PID.map: the jit program
# calls getppid 5 times from anonymous executable memory it lists there
# as jitted_getppid; each call's innermost frame is
#   > /tmp/perf-PID.map(jitted_getppid+0x7) [0xADDR]
# (0x7: the address after the syscall instruction).  With --json the same
# frame is the first of each call's "stack" array.
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

"$ETRACE" -q -k -e trace=getppid -o out -- "$PROGS/jit" 5 || fail "etrace failed"
cat out
map=$(sed -nE 's/^ > (\/tmp\/perf-[0-9]+\.map)\(.*/\1/p' out | sort -u)
[ -n "$map" ] && rm -f $map
n=$(grep -c '^getppid()' out)
[ "$n" = 5 ] || fail "$n getppid calls, want 5"
k=$(awk '/^getppid\(\)/ { getline; print }' out |
    grep -cE '^ > /tmp/perf-[0-9]+\.map\(jitted_getppid\+0x7\) \[0x[0-9a-f]+\]$')
[ "$k" = 5 ] || fail "$k of 5 calls name jitted_getppid from the perf map"

"$ETRACE" -q -j -k -e trace=getppid -o out.json -- "$PROGS/jit" 5 ||
	fail "etrace -j failed"
map=$(grep -o '/tmp/perf-[0-9]*\.map' out.json | sort -u)
[ -n "$map" ] && rm -f $map
python3 - out.json <<'PY' || fail "the JSON stacks are not the JIT's frames"
import json, sys
calls = [json.loads(l) for l in open(sys.argv[1])]
calls = [c for c in calls if c.get("name") == "getppid"]
assert len(calls) == 5, len(calls)
for c in calls:
    f = c["stack"][0]
    assert f["sym"] == "jitted_getppid" and f["off"] == 7, f
    assert f["module"].startswith("/tmp/perf-"), f
PY
# every frame printed is one etrace proved (tests/lib.sh)
frames_proved out out.json
exit 0
