# SPDX-License-Identifier: GPL-2.0-or-later
# --stack=perf: the stacks in `perf script`'s text format, read back.
# sh -c 'chain; echo done' (tests/stack/*.c, -O2 without frame pointers:
# DWARF unwinding) traced with -f -e trace=getppid,write and the
# sched:sched_process_exec event, once with -k (strace's frame lines) and
# once with --stack=perf -o FILE.  A reader (below) parses the blocks
# with the patterns of the programs that read this format: the header by
# FlameGraph's stackcollapse-perf.pl and speedscope's
# "^(\S.+?)\s+(\d+)\/*(\d+)*\s+" and "\s+(\d+\.\d+):\s+", each frame by
# "^\s*(\w+)\s*(.+) \((\S*)\)"; every line of the file must be a
# header, a frame or the blank line that ends a block, and no header may
# end in "EVENT:" (those readers would then keep one event type).  The
# stacks it rebuilds, in order (the event name, and each frame's module,
# symbol+offset or none, and address), equal those -k printed: a symbol
# as -k's FUNC+0xOFF, perf's "[unknown]" where -k prints "(+0xOFF)",
# the address the offset in the module either way.  The comm and
# pid/tid of each header are the task's (the pids of the -k run's lines
# differ: compared in order of first appearance).  Then -A appends the
# same blocks, and without -o the blocks go to stderr.
. "$TOP/tests/lib.sh"
need_root
command -v python3 >/dev/null || fail "needs python3"

cc -O2 -fomit-frame-pointer -o chain "$TOP"/tests/stack/*.c || fail "cc failed"
ev="-f -e trace=getppid,write -e sched:sched_process_exec"
run="$WORK/chain; echo done"
"$ETRACE" -q -k $ev -o k.txt -- sh -c "$run" > k.stdout ||
	fail "etrace -k: exit $?"
"$ETRACE" -q --stack=perf $ev -o p.txt -- sh -c "$run" > p.stdout ||
	fail "etrace --stack=perf: exit $?"

cat > reader.py <<'PY'
import re, sys

HEAD = re.compile(r'^(\S.+?)\s+(\d+)\/*(\d+)*\s+')
TIME = re.compile(r'\s+(\d+\.\d+):\s+')
FRAME = re.compile(r'^\s*(\w+)\s*(.+) \((\S*)\)')
EVTYPE = re.compile(r'(\S+):\s*$')

def perf_blocks(path):
    """(comm, pid, tid, event, [(module, sym, addr)]) per block"""
    out, cur = [], None
    for n, line in enumerate(open(path), 1):
        line = line.rstrip('\n')
        if line == '':
            if cur is None:
                sys.exit('%s:%d: a blank line outside a block' % (path, n))
            out.append(cur)
            cur = None
        elif cur is None:
            h, t = HEAD.match(line), TIME.search(line)
            if not h or not t or not h.group(3) or EVTYPE.search(line):
                sys.exit('%s:%d: not a header: %r' % (path, n, line))
            rest = line[t.end():]
            event = rest.split(': ', 1)[0]
            cur = (h.group(1), int(h.group(2)), int(h.group(3)), event, [])
        else:
            f = FRAME.match(line)
            if not f or not line.startswith('\t'):
                sys.exit('%s:%d: not a frame: %r' % (path, n, line))
            cur[4].append((f.group(3), f.group(2), int(f.group(1), 16)))
    if cur is not None:
        sys.exit('%s: the last block does not end with a blank line' % path)
    return out

KLINE = re.compile(r'^(\d+) +(.*)$')
KFRAME = re.compile(r'^ > (.*)\((.*)\) \[0x([0-9a-f]+)\]$')

def k_blocks(path):
    """the same from -k's text: calls and events with their frames"""
    out = []
    for line in open(path):
        line = line.rstrip('\n')
        f = KFRAME.match(line)
        if f:
            mod, sym, addr = f.group(1), f.group(2), int(f.group(3), 16)
            out[-1][4].append((mod, '[unknown]' if sym.startswith('+')
                               else sym, addr))
            continue
        m = KLINE.match(line)
        if not m:
            sys.exit('%s: unexpected line %r' % (path, line))
        text = m.group(2)
        if text.startswith('+++') or text.startswith('---'):
            continue
        name = re.match(r'[a-z_0-9:]+', text).group(0)
        event = name if ':' in name else 'syscalls:sys_enter_' + name
        out.append((None, int(m.group(1)), int(m.group(1)), event, []))
    return out

def norm(blocks):
    """pids by order of first appearance"""
    ids = {}
    return [(ids.setdefault(b[1], len(ids)), ids.setdefault(b[2], len(ids)),
             b[3], b[4]) for b in blocks]

p, k = perf_blocks(sys.argv[1]), k_blocks(sys.argv[2])
if len(p) != len(k) or len(p) < 5:
    sys.exit('%d blocks in perf format, %d calls and events with -k'
             % (len(p), len(k)))
for i, (a, b) in enumerate(zip(norm(p), norm(k))):
    if a != b:
        sys.exit('block %d differs:\n perf: %r\n   -k: %r' % (i, a, b))
comms = sorted({b[0] for b in p})
if comms != ['chain', 'sh']:
    sys.exit('comms %r, want chain and sh' % comms)
if not any(f[1] == 'f3+0xf' or f[1].startswith('f3+')
           for b in p for f in b[4]):
    sys.exit('no frame of f3 in the blocks')
print('%d blocks, %d frames' % (len(p), sum(len(b[4]) for b in p)))
PY
python3 reader.py p.txt k.txt > reader.out || { cat reader.out >&2; fail "the perf-format blocks do not read back as -k's stacks"; }
cat reader.out

# -A: the same blocks again after the first run's
cp p.txt a.txt
"$ETRACE" -q --stack=perf -A $ev -o a.txt -- sh -c "$run" > /dev/null ||
	fail "etrace --stack=perf -A: exit $?"
python3 - p.txt a.txt <<'PY' || fail "-A did not append the blocks"
import sys
p, a = open(sys.argv[1]).read(), open(sys.argv[2]).read()
sys.exit(0 if a.startswith(p) and a.count('\n\n') == 2 * p.count('\n\n') else 1)
PY
# no -o: stderr, as the trace (stdout is the command's)
"$ETRACE" -q --stack=perf -e trace=getppid -- "$WORK/chain" > e.out 2> e.err ||
	fail "etrace --stack=perf to stderr: exit $?"
[ -s e.out ] && fail "--stack=perf wrote to stdout: $(head -3 e.out)"
grep -qE '^chain [0-9]+/[0-9]+ [0-9]+\.[0-9]{6}: syscalls:sys_enter_getppid: getppid\(\) = [0-9]+$' e.err ||
	fail "--stack=perf on stderr: no getppid header in $(head -3 e.err)"
echo ok
