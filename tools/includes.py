#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""The include graph of tracer/ and decoders/: no cycles (make check).

Two checks, each cycle printed, exit status 1 if any:
 - headers: no header includes itself through others (a.h -> b.h -> a.h);
 - modules: a module is a .c file and its header (pairing/pair.c and
   pair.h); it uses another when one of its files includes the other's
   header.  No module uses itself through others (pair -> origins ->
   pair): a circle a newcomer cannot read in order.  A header without a
   .c of its own (sink.h, capture_abi.h, cap_priv.h) has no functions to
   call: it is no module, and what it includes counts for whoever includes
   it.
Headers are found as the compiler finds them: beside the including file,
then in decoders/ and each directory of tracer/ (the Makefile's -I);
generated ones (build/gen) and system ones are outside the graph.

  tools/includes.py [--counts]

--counts: also print, for each header, how many files include it.
"""
import glob
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INC = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def sources():
    files = glob.glob("tracer/**/*.[ch]", root_dir=TOP, recursive=True)
    files += glob.glob("decoders/*.[ch]", root_dir=TOP)
    return sorted(f for f in files if not f.endswith(".bpf.c"))


def search_dirs(files):
    dirs = ["decoders"] + sorted({os.path.dirname(f) for f in files
                                  if f.startswith("tracer/")})
    return dirs


def resolve(name, src, dirs):
    for d in [os.path.dirname(src)] + dirs:
        p = os.path.normpath(os.path.join(d, name))
        if os.path.isfile(os.path.join(TOP, p)):
            return p
    return None


def module(path):
    return os.path.splitext(path)[0]


def cycles(graph):
    """Strongly connected components of more than one node (Tarjan)."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    sys.setrecursionlimit(10000)
    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def path_in(comp, graph):
    """One cycle through the component's first module, for the message."""
    start = comp[0]
    prev, todo = {start: None}, [start]
    while todo:
        v = todo.pop(0)
        for w in sorted(graph.get(v, ())):
            if w == start:
                seq = [v]
                while prev[seq[-1]] is not None:
                    seq.append(prev[seq[-1]])
                return list(reversed(seq)) + [start]
            if w in comp and w not in prev:
                prev[w] = v
                todo.append(w)
    return comp


def main():
    files = sources()
    dirs = search_dirs(files)
    incs, counts = {}, {}
    for f in files:
        with open(os.path.join(TOP, f), errors="replace") as fh:
            text = fh.read()
        incs[f] = set()
        for name in INC.findall(text):
            h = resolve(name, f, dirs)
            if h and h.endswith(".h"):
                incs[f].add(h)
                counts.setdefault(h, set()).add(f)
    if "--counts" in sys.argv[1:]:
        for h in sorted(counts, key=lambda h: (-len(counts[h]), h)):
            print("%3d %s" % (len(counts[h]), h))
    has_c = {module(f) for f in files if f.endswith(".c")}

    def reach(f, seen):
        """the modules f uses, through headers that are no module"""
        out = set()
        for h in incs.get(f, ()):
            if module(h) in has_c:
                out.add(module(h))
            elif h not in seen:
                seen.add(h)
                out |= reach(h, seen)
        return out

    headers = {f: {h for h in incs[f]} for f in files if f.endswith(".h")}
    graph = {}
    for f in files:
        if module(f) in has_c:
            graph.setdefault(module(f), set()).update(
                m for m in reach(f, set()) if m != module(f))
    bad = 0
    for comp in cycles(headers):
        print("include cycle: " + " -> ".join(path_in(comp, headers)))
        bad = 1
    for comp in cycles(graph):
        print("module cycle: " + " -> ".join(path_in(comp, graph)))
        bad = 1
    return bad


if __name__ == "__main__":
    sys.exit(main())
