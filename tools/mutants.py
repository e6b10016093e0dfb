#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""make mutants: does the test suite catch small faults in the sources?

Each mutant of tools/mutants.txt is applied alone to a scratch copy of
the tree (build/mutants/tree), which is built and tested:

  1. the tests the mutant names first (tests/run.sh patterns), then,
     when they all pass, the whole suite (make check's tests);
  2. a test that fails is run again: it catches the mutant only when it
     fails twice and passed on the unchanged tree (a baseline run of the
     whole suite at the start tells which tests fail without any fault:
     those catch nothing).

A mutant whose text is not found exactly once, or that does not build,
is an error, never a catch: mutants find their place by text, so that
they survive code moving around them, and say so when it changed.

  tools/mutants.py [--only NAME,...] [--list] [--check] [--no-full]
                   [--no-baseline]

--check: only say whether each mutant's text is found exactly once;
--no-full: only the tests each mutant names (survivors are then only
"not caught by those"); --no-baseline: skip the baseline run (then no
test is known to fail without a fault).  Prints each mutant's outcome,
then caught/total, the survivors (with the test the data says would
catch them) and the errors.  Exit status 0 when every mutant applied
was caught.
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import time

TOP = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(TOP, "tools", "mutants.txt")
WORK = os.path.join(TOP, "build", "mutants")
TREE = os.path.join(WORK, "tree")
LOGS = os.path.join(WORK, "logs")
DEFAULT_IN = ["tracer/*.c", "tracer/*/*.c", "decoders/*.c"]


class Mutant:
    def __init__(self, name, what, line):
        self.name, self.what, self.line = name, what, line
        self.where = list(DEFAULT_IN)
        self.tests = []
        self.hint = ""
        self.old, self.new = [], []
        self.file = None
        self.outcome = None     # caught, survived, error
        self.detail = ""


def parse(path):
    mutants, m = [], None
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            if line.startswith("== "):
                name, _, what = line[3:].partition(" ")
                m = Mutant(name, what.strip(), n)
                mutants.append(m)
            elif m is None or not line or line.startswith("#"):
                continue
            elif line.startswith("in:"):
                m.where = line[3:].split()
            elif line.startswith("tests:"):
                m.tests = line[6:].split()
            elif line.startswith("catch:"):
                m.hint = line[6:].strip()
            elif line == "-" or line.startswith("- "):
                m.old.append(line[2:])
            elif line == "+" or line.startswith("+ "):
                m.new.append(line[2:])
            else:
                sys.exit(f"{path}:{n}: not a mutant line: {line}")
    names = [m.name for m in mutants]
    for m in mutants:
        if names.count(m.name) > 1:
            sys.exit(f"{path}:{m.line}: mutant {m.name} named twice")
        if not m.old:
            sys.exit(f"{path}:{m.line}: mutant {m.name} has no '- ' text")
    return mutants


def copy_tree():
    """The working tree as git sees it (tracked and new files), in TREE."""
    files = subprocess.run(["git", "-C", TOP, "ls-files", "-co", "--exclude-standard", "-z"],
                           check=True, capture_output=True).stdout.split(b"\0")
    if os.path.isdir(TREE):
        shutil.rmtree(TREE)
    for rel in files:
        if not rel:
            continue
        rel = rel.decode()
        src, dst = os.path.join(TOP, rel), os.path.join(TREE, rel)
        if not os.path.isfile(src):
            continue    # (deleted in the working tree)
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        shutil.copy2(src, dst)


def locate(m):
    """The one file of m.where that holds m.old once; else an error."""
    text = "\n".join(m.old)
    hits = []
    for pat in m.where:
        for path in sorted(glob.glob(os.path.join(TREE, pat))):
            with open(path, errors="surrogateescape") as f:
                k = f.read().count(text)
            if k:
                hits.append((os.path.relpath(path, TREE), k))
    total = sum(k for _, k in hits)
    if total != 1:
        m.outcome = "error"
        m.detail = (f"its text is found {total} times"
                    + (f" ({', '.join(f'{p} x{k}' for p, k in hits)})" if hits else "")
                    + f" in {' '.join(m.where)}: the code changed, update "
                    f"tools/mutants.txt:{m.line}")
        return False
    m.file = hits[0][0]
    return True


def sh(cmd, log, timeout=3600):
    with open(log, "a") as f:
        f.write(f"$ {cmd}\n")
        f.flush()
        r = subprocess.run(cmd, shell=True, cwd=TREE, stdout=f, stderr=subprocess.STDOUT,
                           timeout=timeout)
    return r.returncode


def run_tests(patterns, log):
    """tests/run.sh for each pattern: the names of the tests that failed."""
    failed = []
    for pat in patterns:
        out = subprocess.run(["sh", "tests/run.sh", "build/tests", pat], cwd=TREE,
                             capture_output=True, text=True, timeout=7200)
        with open(log, "a") as f:
            f.write(f"$ sh tests/run.sh build/tests {pat}\n{out.stdout}{out.stderr}")
        failed += [l.split()[1] for l in out.stdout.splitlines() if l.startswith("FAIL ")]
    return failed


def build(log):
    """etrace and what its tests run (make check's prerequisites: the
    Makefile's list, which has programs no tests/progs/*.c names, such as
    fakepython312)"""
    return sh("make -j2 check-build", log)


def catches(m, failed, flaky, log):
    """the failing tests that fail again and passed on the unchanged tree"""
    real = []
    for t in failed:
        if t in flaky:
            continue
        again = run_tests([t], log)
        if t in again:
            real.append(t)
    return real


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default="")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--no-full", action="store_true")
    ap.add_argument("--no-baseline", action="store_true")
    a = ap.parse_args()

    mutants = parse(DATA)
    if a.only:
        want = a.only.split(",")
        unknown = [w for w in want if w not in {m.name for m in mutants}]
        if unknown:
            sys.exit(f"mutants: no mutant named {', '.join(unknown)}")
        mutants = [m for m in mutants if m.name in want]
    if a.list:
        for m in mutants:
            print(f"{m.name:28} {m.what}")
        return 0

    os.makedirs(LOGS, exist_ok=True)
    print(f"mutants: copying the tree to {TREE}")
    copy_tree()
    for m in mutants:
        locate(m)
    if a.check:
        bad = [m for m in mutants if m.outcome == "error"]
        for m in mutants:
            print(f"{'ERROR' if m.outcome else 'ok':6} {m.name:28} {m.file or m.detail}")
        print(f"mutants: {len(mutants) - len(bad)} of {len(mutants)} found exactly once")
        return 1 if bad else 0
    log = os.path.join(LOGS, "baseline.log")
    open(log, "w").close()
    print("mutants: building the unchanged tree")
    if build(log):
        sys.exit(f"mutants: the unchanged tree does not build (see {log})")
    flaky = set()
    if not a.no_baseline:
        print("mutants: the whole suite on the unchanged tree (baseline)")
        flaky = set(run_tests([""], log))
        if flaky:
            print(f"mutants: failing without any fault (they catch nothing): {' '.join(sorted(flaky))}")

    for i, m in enumerate(mutants, 1):
        head = f"[{i}/{len(mutants)}] {m.name}"
        if m.outcome == "error":
            print(f"ERROR    {head}: {m.detail}")
            continue
        path = os.path.join(TREE, m.file)
        with open(path, errors="surrogateescape") as f:
            orig = f.read()
        log = os.path.join(LOGS, m.name + ".log")
        open(log, "w").close()
        start = time.time()
        try:
            with open(path, "w", errors="surrogateescape") as f:
                f.write(orig.replace("\n".join(m.old), "\n".join(m.new), 1))
            if build(log):
                m.outcome, m.detail = "error", f"does not build (log {log})"
            else:
                real = catches(m, run_tests(m.tests, log), flaky, log) if m.tests else []
                if not real and not a.no_full:
                    real = catches(m, run_tests([""], log), flaky, log)
                if real:
                    m.outcome, m.detail = "caught", "by " + " ".join(real)
                else:
                    m.outcome = "survived"
                    m.detail = ("the tests named" if a.no_full else "the whole suite") + " passed"
        finally:
            with open(path, "w", errors="surrogateescape") as f:
                f.write(orig)
        secs = int(time.time() - start)
        print(f"{m.outcome.upper():8} {head} ({m.file}, {secs}s): {m.detail}", flush=True)

    # the tree as it was, built, for the next run
    build(os.path.join(LOGS, "restore.log"))
    caught = [m for m in mutants if m.outcome == "caught"]
    survived = [m for m in mutants if m.outcome == "survived"]
    errors = [m for m in mutants if m.outcome == "error"]
    applied = len(caught) + len(survived)
    print(f"\nmutants: {len(caught)}/{applied} caught, {len(survived)} survived, "
          f"{len(errors)} errors (of {len(mutants)})")
    for m in survived:
        print(f"  survived {m.name}: {m.what}" + (f"\n           would be caught by: {m.hint}" if m.hint else ""))
    for m in errors:
        print(f"  error    {m.name}: {m.detail}")
    return 0 if applied and not survived and not errors else 1


if __name__ == "__main__":
    sys.exit(main())
