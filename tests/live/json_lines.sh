# SPDX-License-Identifier: GPL-2.0-or-later
# --json (JSON Lines): every line of every run parses with a real JSON
# parser (python3's json.loads), is an object with a string "type" and a
# number "ts" (epoch seconds, within the run's wall-clock window) and an
# integer "mono_ns"; the fields of each type have their types:
#   syscall  pid tid nr retval duration_ns: integers; name comm: strings;
#            status: one of -e status='s words; ret (when the call
#            returned): a string; args (absent only in the lossy run,
#            where entries were lost): objects with "name" (string), "raw"
#            (integer), "text" (string; absent only for an output
#            argument of a call that did not return), "flags" (array of strings) if
#            any, "str" (string) with "truncated" (boolean), "hex" (hex
#            digits) if any; a failed call: status "failed", "errno" a
#            positive integer, "error" its name (E...), retval = -errno
#   event    "event" a string, "fields" an object (for
#            sched:sched_process_exec: filename string, pid/old_pid ints)
#   signal   signo, si_code: integers; "signal" SIG...; siginfo hex
#   exit     how "exited" with integer "code", or "killed" with integer
#            signo, "signal" and boolean "core_dumped"
#   lost     cpu (absent for losses counted at the end), records:
#            integers (records > 0)
#   summary  syscall: string; calls errors total_ns min_ns max_ns: ints
#   summary_end  lost: integer, exact: boolean
#   report   name, text: strings
# The runs: a sh running files (failed calls), procs (exit code 7),
# signals (SIGUSR1/SIGUSR2; sh gets SIGCHLDs), hostile (below) and a sh
# killed by SIGKILL, with -e sched:sched_process_exec mixed in; storm on
# -m 4K rings (lost records); -c --json and -C --json on procs (rows:
# calls and errors as strace -c -f); --spawns --json (the report).
# Each kind must be there at least once.
# Hostile strings (tests/progs/hostile.c): paths and write buffers with
# a double quote, a backslash, newline, tab, 0x01, 0x7f, valid UTF-8,
# invalid UTF-8 (0xff; 0xc3 0x28): each line still parses, "str" is the
# bytes decoded as UTF-8 with each invalid byte U+FFFD, "truncated" is
# false, and where the bytes are not valid UTF-8 a "hex" field gives
# them exactly (a "hex" field, when there, always does).
# CI needs python3 (json): without it the test is skipped.
. "$TOP/tests/lib.sh"
need_root
command -v python3 >/dev/null ||
	skip "needs python3 to parse JSON (install python3 on the CI machine)"

P=$PROGS
mkdir hd
t0=$(date +%s)
# 1. syscalls (failed ones too), events, signals, exits, hostile strings
"$ETRACE" -q --json -f -e sched:sched_process_exec -e trace=all \
	-o main.json -- sh -c "\"$P/files\" \"$WORK/fd\"; \"$P/procs\"; \"$P/signals\";
		cd \"$WORK/hd\" && \"$P/hostile\"; sh -c 'kill -9 \$\$'; true" \
	2> main.err || { cat main.err >&2; fail "etrace --json (main run) exited $?"; }
# 2. lost records
"$ETRACE" -q --json -m 4K -o lost.json -- "$P/storm" 300000 2> lost.err ||
	{ cat lost.err >&2; fail "etrace --json -m 4K exited $?"; }
grep -q 'records lost' lost.err || fail "-m 4K: nothing lost? ($(cat lost.err))"
# 3. summaries
"$ETRACE" -q -c --json -f -o sum.json -- "$P/procs" 2> sum.err ||
	{ cat sum.err >&2; fail "etrace -c --json exited $?"; }
"$ETRACE" -q -C --json -f -o sumC.json -- "$P/procs" 2> sumC.err ||
	{ cat sumC.err >&2; fail "etrace -C --json exited $?"; }
strace -c -f -o s.sum -- "$P/procs" || fail "strace -c procs failed"
# 4. the spawns report
"$ETRACE" -q --spawns --json -f -o rep.json -- sh -c 'for i in 1 2; do /bin/true; done' \
	2> rep.err || { cat rep.err >&2; fail "etrace --spawns --json exited $?"; }
t1=$(date +%s)
"$P/hostile" list > hostile.hex

cat > check.py <<'PY'
import json, re, sys

t0, t1 = float(sys.argv[1]), float(sys.argv[2])
bad = []
def err(f, n, msg):
    if len(bad) < 40:
        bad.append("%s:%d: %s" % (f, n, msg))
    else:
        bad.append("...")

def isint(v): return type(v) is int
def isnum(v): return type(v) in (int, float)
def isstr(v): return type(v) is str
def isbool(v): return type(v) is bool
HEX = re.compile(r'^([0-9a-f]{2})*$')

kinds = {}
objs = {}
for f in sys.argv[3:]:
    objs[f] = []
    with open(f, 'rb') as fh:
        lines = fh.read().split(b'\n')
    if lines and lines[-1] == b'':
        lines.pop()
    else:
        err(f, len(lines), "the last line does not end with a newline")
    if not lines:
        err(f, 0, "empty output")
    for n, raw in enumerate(lines, 1):
        try:
            o = json.loads(raw.decode('utf-8'))
        except Exception as e:
            err(f, n, "does not parse (%s): %r" % (e, raw[:200]))
            continue
        if type(o) is not dict:
            err(f, n, "not an object"); continue
        objs[f].append(o)
        t = o.get('type')
        if not isstr(t):
            err(f, n, "no string \"type\""); continue
        if not isnum(o.get('ts')) or isbool(o.get('ts')):
            err(f, n, "no number \"ts\"")
        elif not (t0 - 2 <= o['ts'] <= t1 + 2):
            err(f, n, "%s: ts %.3f not within the run (%d..%d)" % (t, o['ts'], t0, t1))
        if not isint(o.get('mono_ns')):
            err(f, n, "%s: mono_ns not an integer" % t)
        kinds[t] = kinds.get(t, 0) + 1
        def need(k, pred, what):
            if k not in o or not pred(o[k]):
                err(f, n, "%s: \"%s\" is not %s: %r" % (t, k, what, o.get(k)))
        if t == 'syscall':
            for k in ('pid', 'tid', 'nr'):
                need(k, isint, 'an integer')
            for k in ('name', 'comm', 'status'):
                need(k, isstr, 'a string')
            need('status', lambda v: v in ('successful', 'failed', 'unfinished', 'unavailable', 'detached'), 'a status of -e status=')
            if o.get('status') in ('successful', 'failed'):
                need('ret', isstr, 'a string')
                need('retval', isint, 'an integer')
            if 'retval' in o: need('retval', isint, 'an integer')
            if 'duration_ns' in o: need('duration_ns', lambda v: isint(v) and v >= 0, 'an integer >= 0')
            # no "args" when the entry record was lost (they are unknown)
            if 'args' in o or f != 'lost.json':
                need('args', lambda v: type(v) is list, 'an array')
            for a in o.get('args') or []:
                if type(a) is not dict:
                    err(f, n, "an arg is not an object"); continue
                if not isstr(a.get('name')): err(f, n, "arg without a string name")
                if not isint(a.get('raw')): err(f, n, "arg %s: raw not an integer" % a.get('name'))
                # an output argument of a call that did not return has no text
                if not isstr(a.get('text')) and ('text' in a or o.get('status') in ('successful', 'failed')):
                    err(f, n, "arg %s: text not a string" % a.get('name'))
                if 'flags' in a and not (type(a['flags']) is list and all(isstr(x) for x in a['flags'])):
                    err(f, n, "arg %s: flags not an array of strings" % a.get('name'))
                if 'str' in a:
                    if not isstr(a['str']): err(f, n, "arg %s: str not a string" % a.get('name'))
                    if not isbool(a.get('truncated')): err(f, n, "arg %s: str without a boolean truncated" % a.get('name'))
                if 'hex' in a and not (isstr(a['hex']) and HEX.match(a['hex'])):
                    err(f, n, "arg %s: hex is not hex digits" % a.get('name'))
            if o.get('status') == 'failed':
                kinds['failed'] = kinds.get('failed', 0) + 1
                need('errno', lambda v: isint(v) and v > 0, 'a positive integer')
                need('error', lambda v: isstr(v) and v.startswith('E'), 'an errno name')
                if isint(o.get('errno')) and o.get('retval') != -o['errno']:
                    err(f, n, "failed: retval %r is not -errno %r" % (o.get('retval'), o['errno']))
        elif t == 'event':
            need('event', isstr, 'a string')
            need('fields', lambda v: type(v) is dict, 'an object')
            for k in ('pid', 'tid'): need(k, isint, 'an integer')
            if o.get('event') == 'sched:sched_process_exec':
                fl = o.get('fields') or {}
                if not isstr(fl.get('filename')) or not isint(fl.get('pid')) or not isint(fl.get('old_pid')):
                    err(f, n, "sched_process_exec fields: %r" % fl)
        elif t == 'signal':
            for k in ('pid', 'tid', 'signo', 'si_code'): need(k, isint, 'an integer')
            need('signal', lambda v: isstr(v) and v.startswith('SIG'), 'a signal name')
            if 'siginfo' in o: need('siginfo', lambda v: isstr(v) and HEX.match(v), 'hex')
            kinds['signal ' + str(o.get('signal'))] = 1
        elif t == 'exit':
            for k in ('pid', 'tid'): need(k, isint, 'an integer')
            need('how', lambda v: v in ('exited', 'killed'), '"exited" or "killed"')
            if o.get('how') == 'exited':
                need('code', isint, 'an integer')
            elif o.get('how') == 'killed':
                need('signo', isint, 'an integer')
                need('signal', lambda v: isstr(v) and v.startswith('SIG'), 'a signal name')
                need('core_dumped', isbool, 'a boolean')
            kinds['exit ' + str(o.get('how'))] = 1
            if o.get('code') == 7: kinds['exit code 7'] = 1
        elif t == 'lost':
            # no cpu: losses counted at the end that no ring had said
            if 'cpu' in o:
                need('cpu', isint, 'an integer')
            need('records', lambda v: isint(v) and v > 0, 'a positive integer')
        elif t == 'summary':
            need('syscall', isstr, 'a string')
            for k in ('calls', 'errors', 'total_ns', 'min_ns', 'max_ns'):
                need(k, isint, 'an integer')
        elif t == 'summary_end':
            need('lost', isint, 'an integer')
            need('exact', isbool, 'a boolean')
        elif t == 'report':
            need('name', isstr, 'a string')
            need('text', isstr, 'a string')
        else:
            err(f, n, "unknown type %r" % t)

for k in ('syscall', 'failed', 'event', 'signal', 'signal SIGCHLD',
          'signal SIGUSR1', 'exit exited', 'exit killed', 'exit code 7',
          'lost', 'summary', 'summary_end', 'report'):
    if k not in kinds:
        bad.append("no object of kind: " + k)

# the hostile strings
names = [bytes.fromhex(l.strip()) for l in open('hostile.hex') if l.strip()]
def valid(b):
    try: b.decode('utf-8'); return True
    except UnicodeDecodeError: return False
opens, writes = [], []
for o in objs.get('main.json', []):
    if o.get('type') != 'syscall' or o.get('comm') != 'hostile':
        continue
    a = o.get('args') or []
    if o.get('name') == 'openat' and len(a) > 1 and isstr(a[1].get('str')) and a[1]['str'].startswith('hostile-'):
        opens.append(a[1])
    if o.get('name') == 'write' and len(a) > 1 and a[0].get('raw') == 3:
        writes.append(a[1])
for what, got, prefix in (('openat path', opens, b'hostile-'), ('write buffer', writes, b'')):
    if len(got) != len(names):
        bad.append("%s: %d of them, want %d" % (what, len(got), len(names)))
        continue
    for b, a in zip(names, got):
        b = prefix + b
        want = b.decode('utf-8', 'replace')
        if a.get('str') != want:
            bad.append("%s %r: str %r, want %r" % (what, b, a.get('str'), want))
        if a.get('truncated') is not False:
            bad.append("%s %r: truncated %r, want false" % (what, b, a.get('truncated')))
        if not valid(b) and 'hex' not in a:
            bad.append("%s %r: invalid UTF-8 but no \"hex\" field" % (what, b))
        if 'hex' in a and a['hex'] != b.hex():
            bad.append("%s %r: hex %r, want %r" % (what, b, a['hex'], b.hex()))

# -c --json rows: strace's calls and errors
srows = {}
for l in open('s.sum'):
    w = l.split()
    if not w or l.startswith('%') or l.startswith('-') or w[-1] == 'total':
        continue
    srows[w[-1]] = (int(w[3]), int(w[4]) if len(w) == 6 else 0)
for f in ('sum.json', 'sumC.json'):
    erows = {o['syscall']: (o.get('calls'), o.get('errors'))
             for o in objs.get(f, []) if o.get('type') == 'summary' and 'syscall' in o}
    if erows != srows:
        bad.append("%s: summary rows differ from strace -c: %s" % (f, sorted(set(erows.items()) ^ set(srows.items()))))
    ends = [o for o in objs.get(f, []) if o.get('type') == 'summary_end']
    if len(ends) != 1:
        bad.append("%s: %d summary_end objects, want 1" % (f, len(ends)))
    elif ends[0].get('exact') is not True or ends[0].get('lost') != 0:
        bad.append("%s: summary_end %r, want exact, nothing lost" % (f, ends[0]))
if not any(o.get('type') == 'syscall' for o in objs.get('sumC.json', [])):
    bad.append("sumC.json (-C): no syscall objects")
if any(o.get('type') == 'syscall' for o in objs.get('sum.json', [])):
    bad.append("sum.json (-c): syscall objects")
reps = [o for o in objs.get('rep.json', []) if o.get('type') == 'report']
if len(reps) != 1 or reps[0].get('name') != 'spawns' or 'true x2' not in (reps[0].get('text') or ''):
    bad.append("rep.json: want one report named spawns saying 'true x2': %r" % reps)

print("kinds:", ", ".join("%s %d" % kv for kv in sorted(kinds.items())))
for b in bad:
    print("FAIL:", b)
sys.exit(1 if bad else 0)
PY
python3 check.py "$t0" "$t1" main.json lost.json sum.json sumC.json rep.json ||
	fail "JSON lines: see above"
# every frame printed is one etrace proved (tests/lib.sh)
frames_proved rep.json
exit 0
