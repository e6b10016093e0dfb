# SPDX-License-Identifier: GPL-2.0-or-later
# -e read=SET, -e write=SET on sendmmsg and recvmmsg: strace's dump of
# each message the call moved (" = 2 buffers in vector 0", then its
# buffers up to its msg_len), compared with strace 6.1's on the same
# program (tests/progs/mmsg_dumps.c), whole traces, byte for byte but
# for the vector argument (strace decodes the mmsghdr array, etrace
# prints its address: tests/oracle/known-differences) and the padding
# before " = " that follows from it:
#  - three messages sent (an empty buffer ending one message's dump) and
#    received (a message spanning both buffers, one cut to its msg_len);
#    a recvmmsg that fails (no dump); a sendmmsg on a fd outside the sets;
#  - past the bound: 70 messages, the first 64 as strace's, then
#    " * dump cut: the messages after these 64 were not copied";
#  - -j: each buffer of a dump says its message ("msg"), the 70-message
#    call has "dump_cut".
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

sets="-e write=70,71,73 -e read=70,71"
# shellcheck disable=SC2086
strace -o "$WORK/s.out" -e trace=sendmmsg,recvmmsg $sets \
	"$PROGS/mmsg_dumps" > /dev/null 2>&1 < /dev/null ||
	soft_fail "strace's run of mmsg_dumps failed"
# shellcheck disable=SC2086
"$ETRACE" -q -o "$WORK/e.out" -e trace=sendmmsg,recvmmsg $sets \
	"$PROGS/mmsg_dumps" > /dev/null 2>"$WORK/e.err" < /dev/null ||
	soft_fail "etrace failed: $(cat "$WORK/e.err")"
grep -q '^ = 3 buffers in vector 2$' "$WORK/s.out" ||
	soft_fail "strace dumped no third message: the oracle run is broken"
norm() {
	sed -E 's/^((send|recv)mmsg)\(([0-9]+), (\[.*\]|0x[0-9a-f]+), /\1(\3, VEC, /
		s/\) +=/) =/' "$1"
}
# strace's dump of the 70 messages, cut where etrace's copy ends
norm "$WORK/s.out" | awk '
/^ = 1 buffers in vector 64$/ {
	skip = 1
	print " * dump cut: the messages after these 64 were not copied"
	next }
skip && /^ [=*|] / { next }
{ skip = 0; print }' > "$WORK/want"
norm "$WORK/e.out" > "$WORK/got"
soft_same "$WORK/want" "$WORK/got" "sendmmsg/recvmmsg dumps"

# shellcheck disable=SC2086
"$ETRACE" -q -j -o "$WORK/e.json" -e trace=sendmmsg,recvmmsg $sets \
	"$PROGS/mmsg_dumps" > /dev/null 2>&1 < /dev/null
python3 - "$WORK/e.json" <<'EOF' || soft_fail "-j: dump fields"
import json, sys
calls = [o for o in map(json.loads, open(sys.argv[1]))
         if o.get("type") == "syscall" and "dump" in o]
assert [(o["name"], o["args"][0]["raw"]) for o in calls] == [
    ("sendmmsg", 70), ("recvmmsg", 71), ("sendmmsg", 73)], calls
got = [(d["msg"], d["len"], bytes.fromhex(d["hex"]), d["cut"])
       for d in calls[0]["dump"]]
b = bytes((i * 37 + 5) & 255 for i in range(100))
assert got == [(0, 2, b"ab", False), (0, 24, b"cdefghijklmnopqrstuvwxyz", False),
               (2, 10, b[:10], False), (2, 60, b[10:70], False),
               (2, 30, b[70:], False)], got
got = [(d["msg"], d["len"]) for d in calls[1]["dump"]]
assert got == [(0, 4), (0, 22), (1, 4), (2, 4), (2, 96)], got
assert "dump_cut" not in calls[0] and "dump_cut" not in calls[1]
assert len(calls[2]["dump"]) == 64 and calls[2]["dump_cut"] is True
assert [d["msg"] for d in calls[2]["dump"]] == list(range(64))
EOF
finish
