# SPDX-License-Identifier: GPL-2.0-or-later
"""Check an etrace --timeline file against etrace's text trace of the
same run (-f -Y -o TEXT: "PID<comm> " before each line).

  python3 timeline_check.py TIMELINE.json TEXT [--attached]

Exact: each thread's events, in the file's order, as (kind, name, args
text, return text, -k's frames) for calls, (exit, "exited with N") and (signal, name,
siginfo text), equal the text trace's lines of that thread (split calls
joined, "<detached ...>" calls as their entry half with return "?"), but
for an input the BPF program read again at the call's exit (its page was
not in memory at the entry): the text prints it when nothing came between
the call's two halves, else the pointer; the timeline always has what was
read.  There, a pointer of the text may stand for the timeline's value.
Then: every duration >= 0 and a thread's calls do not overlap; each
thread's track is named (thread_name metadata), at each call (but
execve, whose line begins under the old name), as the text names its
task (none when etrace never learnt its name: -a, -p); every successful clone/fork/vfork of the text
has a flow ("s" on the parent inside that call's slice, "f" on the child
before its first call) and every flow is a fork the text shows (with
--attached, a flow whose clone had not returned when etrace stopped may
have no line); every successful execve has an exec instant inside its
slice naming the new program; exits are instant events.
Prints what it checked; exits 1 with the first difference.
"""
import json
import re
import sys

FORKS = ("clone", "clone3", "fork", "vfork")


def fail(msg):
    print("FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def text_events(path):
    """{tid: [(kind, name, args, ret)]}, {tid: [comm per event]}"""
    seqs, comms, pending, last = {}, {}, {}, None
    line_re = re.compile(r"^(\d+)(?:<(.*?)>)? +(.*)$")
    call_re = re.compile(r"^([a-z0-9_]+)\((.*)\) += (.*)$")
    for raw in open(path, encoding="utf-8", errors="replace"):
        raw = raw.rstrip("\n")
        if raw.startswith(" > ") and last is not None:
            # -k: a frame of the call (or event) on the line above
            k, n, a, r, st = seqs[last][-1]
            seqs[last][-1] = (k, n, a, r, (st or ()) + (raw[3:],))
            continue
        m = line_re.match(raw)
        if not m:
            continue
        tid, comm, rest = int(m.group(1)), m.group(2), m.group(3)
        if rest.endswith(" <unfinished ...>"):
            pending[tid] = rest[: -len(" <unfinished ...>")]
            continue
        r = re.match(r"^<\.\.\. ([a-z0-9_]+) resumed>(.*)$", rest)
        if r:
            if tid in pending:
                rest = pending.pop(tid) + r.group(2)
            else:
                rest = None
                c = re.match(r"^\) += (.*)$", r.group(2))
                if not c:
                    fail("text: cannot read %r" % raw)
                ev = ("call", r.group(1), None, c.group(1))
        if rest is None:
            pass
        elif rest.endswith(" <detached ...>"):
            rest = rest[: -len(" <detached ...>")]
            n = rest.index("(")
            ev = ("call", rest[:n], rest[n + 1:], "?")
        elif rest.startswith("+++ "):
            ev = ("exit", rest[4:-4], None, None)
        elif rest.startswith("--- "):
            s = re.match(r"^--- (\S+) (.*) ---$", rest)
            ev = ("signal", s.group(1), s.group(2), None)
        else:
            c = call_re.match(rest)
            if not c:
                fail("text: cannot read %r" % raw)
            ev = ("call", c.group(1), c.group(2), c.group(3))
        seqs.setdefault(tid, []).append(ev + (None,))
        comms.setdefault(tid, []).append(comm)
        last = tid
    return seqs, comms


def reread(tl, tx):
    """tl's call is tx's but for inputs tx printed as pointers"""
    if tl[:2] != tx[:2] or tl[3:] != tx[3:] or not tl[2] or not tx[2]:
        return False
    pat = "".join(".+?" if re.match(r"0x[0-9a-f]+$", p) else re.escape(p)
                  for p in re.split(r"(0x[0-9a-f]+)", tx[2]))
    return re.fullmatch(pat, tl[2]) is not None


def main():
    tl_path, text_path = sys.argv[1], sys.argv[2]
    attached = "--attached" in sys.argv[3:]
    raw = open(tl_path, encoding="utf-8").read()
    if not raw.rstrip().endswith("]"):
        fail("%s does not end with ']'" % tl_path)
    evs = json.loads(raw)
    if not isinstance(evs, list) or not evs:
        fail("not a non-empty JSON array")
    seqs, comms = text_events(text_path)

    got, names, slices, exits = {}, {}, {}, 0
    cur = {}          # tid -> its thread_name now, in file order
    flows = {}        # id -> {"s": ev, "f": ev}
    execs = []
    first_call = {}   # tid -> ts of its first slice
    for e in evs:
        ph, tid = e.get("ph"), e.get("tid")
        if ph == "M":
            if e["name"] == "thread_name":
                cur[tid] = e["args"]["name"]
            elif e["name"] != "process_name":
                fail("unknown metadata %r" % e)
            elif e["pid"] != tid:
                fail("process_name on a thread that is not the leader: %r" % e)
            continue
        if ph in ("s", "f"):
            if e.get("cat") != "fork" or e.get("name") != "fork":
                fail("flow event not cat/name fork: %r" % e)
            flows.setdefault(e["id"], {})[ph] = e
            continue
        cat = e.get("cat")
        if cat == "exec":
            execs.append(e)
            continue
        if cat == "syscall":
            a = e["args"]
            st = a.get("stack")
            ev = ("call", e["name"], a.get("args"), a["return"],
                  tuple(st) if st else None)
            if ph == "X":
                if e["dur"] < 0:
                    fail("negative duration: %r" % e)
                slices.setdefault(tid, []).append(e)
                first_call.setdefault(tid, e["ts"])
            elif ph != "i":
                fail("call neither X nor i: %r" % e)
            if a["return"].startswith("-1 ") and a.get("errno") != a["return"].split()[1]:
                fail("errno name missing or wrong: %r" % e)
        elif cat == "exit":
            if ph != "i" or e.get("s") != "t":
                fail("exit not a thread instant event: %r" % e)
            ev = ("exit", e["name"], None, None, None)
            exits += 1
        elif cat == "signal":
            ev = ("signal", e["name"], e["args"]["siginfo"], None, None)
        else:
            fail("unexpected event %r" % e)
        got.setdefault(tid, []).append(ev)
        names.setdefault(tid, []).append(cur.get(tid))

    if sorted(got) != sorted(seqs):
        fail("threads differ: timeline %s, text %s" % (sorted(got), sorted(seqs)))
    nreread = 0
    for tid in seqs:
        for i, (a, b) in enumerate(zip(got[tid], seqs[tid])):
            if a != b and reread(a, b):
                got[tid][i] = b
                nreread += 1
        if got[tid] != seqs[tid]:
            for i, (a, b) in enumerate(zip(got[tid], seqs[tid])):
                if a != b:
                    fail("thread %d event %d: timeline %r, text %r" % (tid, i, a, b))
            fail("thread %d: %d events in the timeline, %d in the text" %
                 (tid, len(got[tid]), len(seqs[tid])))
        for i, ev in enumerate(seqs[tid]):
            # (a task whose name etrace never learnt has none in both)
            if ev[0] == "call" and ev[1] != "execve" and \
               names[tid][i] != comms[tid][i]:
                fail("thread %d event %d %r: track named %r, text %r" %
                     (tid, i, ev, names[tid][i], comms[tid][i]))
    ncalls = sum(len(s) for s in slices.values())
    for tid, ss in slices.items():
        for a, b in zip(ss, ss[1:]):
            if a["ts"] + a["dur"] > b["ts"] + 1e-6:
                fail("thread %d: %r overlaps %r" % (tid, a, b))

    # fork flows vs the text's successful forks
    want = set()
    for tid, seq in seqs.items():
        for ev in seq:
            if ev[0] == "call" and ev[1] in FORKS and ev[2] is not None and re.match(r"^\d+", ev[3]) \
               and int(re.match(r"^\d+", ev[3]).group(0)) > 0:
                want.add((tid, int(re.match(r"^\d+", ev[3]).group(0))))
    have = set()
    for fid, f in flows.items():
        if set(f) != {"s", "f"}:
            fail("flow %r: not one s and one f: %r" % (fid, f))
        s, e = f["s"], f["f"]
        have.add((s["tid"], e["tid"]))
        inside = [x for x in slices.get(s["tid"], [])
                  if x["name"] in FORKS and x["ts"] <= s["ts"] <= x["ts"] + x["dur"]]
        if (s["tid"], e["tid"]) in want and not inside:
            fail("flow %r: its start is in no fork slice of the parent" % fid)
        if e["tid"] in first_call and first_call[e["tid"]] < e["ts"]:
            fail("flow %r ends after the child's first call" % fid)
    if not want <= have or (not attached and want != have):
        fail("forks in the text %s, flows %s" % (sorted(want), sorted(have)))

    # execs: an instant in each successful execve's slice
    nexec = 0
    for tid, ss in slices.items():
        for x in ss:
            if x["name"] != "execve" or x["args"]["return"] != "0":
                continue
            inn = [e for e in execs if e["tid"] == tid and
                   x["ts"] <= e["ts"] <= x["ts"] + x["dur"]]
            if len(inn) != 1:
                fail("execve %r: %d exec events inside it" % (x, len(inn)))
            prog = re.match(r'^"(?:[^"]*/)?([^/"]*)"(\.\.\.)?', x["args"]["args"])
            if not prog.group(2) and inn[0]["args"]["comm"] != prog.group(1)[:15]:
                fail("exec event %r: comm is not %r" % (inn[0], prog.group(1)))
            nexec += 1
    print("timeline: %d events, %d threads, %d calls as slices, %d flows, "
          "%d execs, %d exits: as the text trace (%d inputs read again"
          " at the exit where the text has the pointer)" %
          (len(evs), len(got), ncalls, len(have), nexec, exits, nreread))


main()
