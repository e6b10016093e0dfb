#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Sizes a reader can hold in mind (make check; issue 14's architecture):

 - no .c file of tracer/ (BPF programs included) over 700 lines;
 - no function of tracer/ or decoders/ over 150 lines, counted from its
   opening brace to its closing one (kernel style puts both alone at the
   start of a line, which is how they are found here).

Each file or function over its limit is printed; exit status 1 if any.

  tools/sizes.py
"""
import glob
import os
import sys

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FILE_MAX = 700
FUNC_MAX = 150


def functions(lines):
    """(name line, length) of each function body in lines"""
    start = None
    for n, line in enumerate(lines):
        if line == "{":
            start = n
        elif line == "}" and start is not None:
            head = start - 1
            # the signature's first line: at the start of a line, with "("
            while head > 0 and (lines[head][:1].isspace()
                                or "(" not in lines[head]):
                head -= 1
            yield lines[head].strip(), n - start + 1
            start = None


def main():
    bad = 0
    for f in sorted(glob.glob("tracer/**/*.c", root_dir=TOP, recursive=True)):
        with open(os.path.join(TOP, f)) as fh:
            n = sum(1 for _ in fh)
        if n > FILE_MAX:
            print(f"sizes: {f}: {n} lines (at most {FILE_MAX})")
            bad = 1
    files = glob.glob("tracer/**/*.c", root_dir=TOP, recursive=True)
    files += glob.glob("decoders/*.c", root_dir=TOP)
    for f in sorted(files):
        with open(os.path.join(TOP, f)) as fh:
            lines = fh.read().split("\n")
        for head, n in functions(lines):
            if n > FUNC_MAX:
                print(f"sizes: {f}: {head}: {n} lines (at most {FUNC_MAX})")
                bad = 1
    sys.exit(bad)


if __name__ == "__main__":
    main()
