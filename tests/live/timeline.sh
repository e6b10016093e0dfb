# SPDX-License-Identifier: GPL-2.0-or-later
# --timeline FILE: the trace in the Trace Event format, beside the trace.
# tests/live/timeline_check.py compares the timeline with etrace's own
# text trace of the same run (-f -Y -o), event by event per thread: the
# calls (name, argument text, return text, -k frames), signals and exits;
# durations >= 0, a thread's calls never overlap, tracks named as the
# text names the task, a flow for each fork (parent's clone slice ->
# child), an exec instant inside each execve.
#   - procs (forks, exec, wait4, a pipe), signals (handlers, SIGUSR1/2),
#     threads (3 threads): -f -- CMD; the file is created 0600
#   - procs with -k: each call's stack as the text's frame lines
#   - procs with --no-bpf: the arguments as the text wrote them at entry
#   - procs with -a (every process while it runs)
#   - spinner 1 fork traced with -f -p, ended by SIGINT: etrace dies of
#     it (130), the file still ends with "]" and parses, the calls the
#     spinner was in when etrace stopped are slices marked "detached"
#   - sleep run by etrace, ended by SIGTERM: 143, "]" at the end, the
#     sleep a slice marked detached
#   - with -j: as many calls in the timeline as syscall objects in -j's
#   - refused: -c (no records), the -o file as the timeline
. "$TOP/tests/lib.sh"
. "$TOP/tests/live/common.sh"
need_root

CHECK="python3 $TOP/tests/live/timeline_check.py"

for p in procs signals threads; do
	rm -f t.json trace.txt
	"$ETRACE" -f -Y -o trace.txt --timeline t.json -- "$PROGS/$p" 2> err ||
		{ cat err >&2; fail "etrace --timeline -- $p exited $?"; }
	[ "$(stat -c %a t.json)" = 600 ] || fail "t.json is not 0600: $(stat -c %a t.json)"
	$CHECK t.json trace.txt || fail "$p: the timeline is not the trace"
done

rm -f t.json trace.txt
"$ETRACE" -k -f -Y -o trace.txt --timeline t.json -- "$PROGS/procs" 2> err ||
	{ cat err >&2; fail "etrace -k --timeline exited $?"; }
grep -q '"stack":\["' t.json || fail "-k: no stack in the timeline"
$CHECK t.json trace.txt || fail "-k: the timeline is not the trace"

# without BPF: the entry half as the text wrote it at the entry (the
# string execve was given is read from its file mapping, gone at the exit)
rm -f t.json trace.txt
"$ETRACE" --no-bpf -f -Y -o trace.txt --timeline t.json -- "$PROGS/procs" 2> err ||
	{ cat err >&2; fail "etrace --no-bpf --timeline exited $?"; }
grep -q 'execve("/bin/true"' trace.txt || fail "--no-bpf: no execve(\"/bin/true\" in the text"
$CHECK t.json trace.txt || fail "--no-bpf: the timeline is not the trace"

rm -f t.json trace.txt
"$ETRACE" -a -Y -o trace.txt --timeline t.json -- "$PROGS/procs" 2> err ||
	{ cat err >&2; fail "etrace -a --timeline exited $?"; }
$CHECK t.json trace.txt --attached || fail "-a: the timeline is not the trace"

# -p, ended by SIGINT
kill_at_exit sp ep
"$PROGS/spinner" 1 fork > sp.out &
sp=$!
wait_line sp.out ready || fail "spinner not ready"
rm -f t.json trace.txt
three_exited() {
	[ "$(grep -c ' +++ exited with 0 +++$' trace.txt 2>/dev/null)" -ge 3 ]
}
etrace_bg /dev/null err -f -Y -p "$sp" -o trace.txt --timeline t.json
wait_until 60 three_exited || { cat err >&2; fail "no 3 children exited in the trace"; }
kill -INT $ep
wait_gone $ep 60 || fail "etrace still running 60 s after SIGINT"
wait $ep
rc=$?
ep=""
[ $rc = 130 ] || { cat err >&2; fail "etrace -p --timeline exited $rc after SIGINT, want 130"; }
tail -c 3 t.json | od -c | head -1
[ "$(tail -c 2 t.json)" = "]" ] || fail "after SIGINT, t.json does not end with ]"
$CHECK t.json trace.txt --attached || fail "-p: the timeline is not the trace"
python3 - t.json "$sp" <<'EOF' || fail "-p: no call marked detached"
import json, sys
evs = json.load(open(sys.argv[1]))
det = [e for e in evs if e.get("cat") == "syscall" and
       e["args"]["status"] == "detached"]
print("%d calls detached: %s" % (len(det), sorted({e["name"] for e in det})))
assert det and all(e["ph"] == "X" and e["dur"] >= 0 and
                   e["args"]["return"] == "?" for e in det)
EOF

# -- CMD ended by SIGTERM while the command sleeps: 143, a whole array,
# the sleep a slice marked detached
kill_at_exit sp ep kid
rm -f t.json trace.txt
etrace_bg /dev/null err -o trace.txt --timeline t.json -- sleep 1000
kid_of() { kid=$(pgrep -P "$ep" | head -n 1); [ -n "$kid" ]; }
wait_until 30 kid_of || fail "no command under etrace"
wait_until 30 in_syscall "$kid" 230 || fail "sleep never in clock_nanosleep"
kill -TERM $ep
wait_gone $ep 60 || fail "etrace still running 60 s after SIGTERM"
wait $ep
rc=$?
ep=""
[ $rc = 143 ] || { cat err >&2; fail "etrace -- sleep exited $rc after SIGTERM, want 143"; }
[ "$(tail -c 2 t.json)" = "]" ] || fail "after SIGTERM, t.json does not end with ]"
python3 - t.json <<'EOF' || fail "SIGTERM: the sleep is not a detached slice"
import json, sys
evs = [e for e in json.load(open(sys.argv[1])) if e.get("cat") == "syscall"]
last = evs[-1]
print("last call: %s %s %s" % (last["name"], last["ph"], last["args"]["status"]))
assert last["name"] == "clock_nanosleep" and last["ph"] == "X" and \
    last["args"]["status"] == "detached" and last["dur"] >= 0
EOF

# with -j: the same calls
rm -f t.json trace.jsonl
"$ETRACE" -f -j -o trace.jsonl --timeline t.json -- "$PROGS/procs" 2> err ||
	{ cat err >&2; fail "etrace -j --timeline exited $?"; }
python3 - t.json trace.jsonl <<'EOF' || fail "-j: not the same calls"
import json, sys
tl = [(e["tid"], e["name"]) for e in json.load(open(sys.argv[1]))
      if e.get("cat") == "syscall"]
js = [(o["tid"], o["name"]) for o in map(json.loads, open(sys.argv[2]))
      if o["type"] == "syscall"]
print("%d calls in the timeline, %d in -j's" % (len(tl), len(js)))
assert sorted(tl) == sorted(js) and len(tl) > 50
EOF

# refused, one line, exit 1
for args in "-c --timeline t.json" "-o t.json --timeline t.json"; do
	"$ETRACE" $args -- true > out 2> err && fail "etrace $args: accepted"
	[ "$(wc -l < err)" = 1 ] || { cat err >&2; fail "etrace $args: not one line"; }
	grep -q -- '--timeline' err || { cat err >&2; fail "etrace $args: does not name --timeline"; }
done
echo ok
