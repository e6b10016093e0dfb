#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The frames etrace printed are frames it could prove (tests/lib.sh's
frames_proved): every frame of a stack lies in a file mapping (a module
that is a file, the kernel, the vDSO, or a JIT's perf map) and is not on
a data symbol of its module.  Reads etrace's outputs: -k's text lines
" > MODULE(SYM+0xOFF) [0xADDR]", --spawns' "      > NAME (MODULE)",
-c -k's "            > MODULE(SYM+0xOFF)", and JSON Lines' "stack" arrays.  A cut
line (" > [stack cut: ...]") is a proved end.  A script's frame (a bash
script's " > FILE:LINE (in FUNC)", -c -k's "FILE:LINE(FUNC)", JSON's
kind "shell") is not code: it is read from the interpreter, not unwound.
--anon: frames in an anonymous mapping ("//anon") are expected (a JIT
without a map).
Prints each bad frame and exits 1 when there is one.

  frames_proved.py [--anon] FILE...
"""
import json
import re
import subprocess
import sys

K_LINE = re.compile(r'^(?:\[pid +\d+\] |\d+ +)? > (.*)\((.*)\) \[0x[0-9a-f]+\]( .*)?$')
CUT = re.compile(r'^(?:\[pid +\d+\] |\d+ +)? +> \[stack cut: [^]]+\]$')
SPAWN = re.compile(r'^      > (.*) \((.*)\)$')
TOP = re.compile(r'^ {12}> (.*)$')
SHELL = re.compile(r'^(?:\[pid +\d+\] |\d+ +)? > '
                   r'(?:.+ \(in .+\)|\[more \w+ frames\])$')
PERFMAP = re.compile(r'^/tmp/perf-\d+\.map$')

_types = {}


def data_symbols(module):
    """the names of module's data symbols (and not also a function's)"""
    if module not in _types:
        data, code = set(), set()
        try:
            out = subprocess.run(['readelf', '-Ws', '--dyn-syms', module],
                                 capture_output=True, text=True).stdout
        except OSError:
            out = ''
        for line in out.splitlines():
            f = line.split()
            if len(f) < 8 or not f[0].endswith(':'):
                continue
            name = f[7].split('@')[0]
            if f[3] in ('OBJECT', 'TLS', 'COMMON'):
                data.add(name)
            elif f[3] in ('FUNC', 'IFUNC', 'NOTYPE'):
                code.add(name)
        _types[module] = data - code
    return _types[module]


def module_bad(module, anon):
    if not module or module == '[unknown]':
        return 'outside every known mapping'
    if module in ('[kernel]', '[vdso]') or PERFMAP.match(module):
        return None
    if module.startswith('//anon'):
        return None if anon else 'in anonymous memory'
    if not module.startswith('/'):
        return 'not a file mapping'
    return None


def check_frame(module, sym, anon):
    why = module_bad(module, anon)
    if why:
        return why
    if sym and module.startswith('/') and not PERFMAP.match(module) and \
            sym in data_symbols(module):
        return 'a data symbol'
    return None


def main():
    args = sys.argv[1:]
    anon = bool(args) and args[0] == '--anon'
    if anon:
        args = args[1:]
    bad = 0
    for path in args:
        for n, line in enumerate(open(path, errors='replace'), 1):
            line = line.rstrip('\n')
            why = None
            if CUT.match(line) or SHELL.match(line):
                continue
            m = K_LINE.match(line)
            if m:
                inner = m.group(2)
                sym = None if inner.startswith('+') else \
                    re.sub(r'(\+0x[0-9a-f]+| inlined)$', '', inner)
                why = check_frame(m.group(1), sym, anon)
            elif SPAWN.match(line):
                m = SPAWN.match(line)
                name = m.group(1)
                sym = None if re.search(r'\+0x[0-9a-f]+$', name) else name
                why = check_frame(m.group(2), sym, anon)
            elif TOP.match(line):
                name = TOP.match(line).group(1)
                m = re.match(r'^(.*)\((.*)\)$', name)
                if name.startswith('[unknown]'):
                    why = 'outside every known mapping'
                elif name.startswith('[more ') or \
                        (m and not re.search(r'(\+0x[0-9a-f]+|_inlined)$',
                                             m.group(2))):
                    pass    # a script's frame: FILE:LINE(FUNC)
                elif m:
                    inner = m.group(2)
                    sym = None if inner.startswith('+') else \
                        re.sub(r'(\+0x[0-9a-f]+|_inlined)$', '', inner)
                    why = check_frame(m.group(1), sym, anon)
            elif line.startswith('{') and '"stack"' in line:
                try:
                    rec = json.loads(line)
                except ValueError:
                    continue
                for f in rec.get('stack', []):
                    if 'kind' in f:
                        continue    # a script's frame
                    why = check_frame(f.get('module'), f.get('sym'), anon)
                    if why:
                        break
            elif re.match(r'^(?:\[pid +\d+\] |\d+ +)? > ', line):
                why = 'not a frame line'
            if why:
                print('%s:%d: frame %s: %s' % (path, n, why, line))
                bad += 1
    sys.exit(1 if bad else 0)


main()
