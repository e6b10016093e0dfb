#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Rewrite tests/strace-suite/xfail from a whole run's results.

  tests/strace-suite/xfail-update.py [RESULTS]

RESULTS is the run's results directory (default build/strace-suite/results;
its report is RESULTS.report).  Every test strace passes and etrace does not
gets a line, with the reason the run itself shows: "option: LINE" for a
command line etrace refused (LINE its error), "hangs: ..." for a timeout,
"skipped: ..." for a test that skipped under etrace only, otherwise the
first line strace printed that etrace did not ("SYSCALL: LINE", cut at 80
characters), but a "newer:" reason (judged by hand: strace 6.1's
expected lines predate this kernel) is kept while the test still fails.
Tests that pass leave the list; the header is kept.  Only a
whole run may rewrite the list: a run of a subset (-l, names) would drop
every test it did not run, so the report must name all of strace's tests.
"""
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
XFAIL = os.path.join(TOP, "tests", "strace-suite", "xfail")


def first_missing(log):
    """the first line of the diff in LOG that strace printed and etrace not"""
    try:
        with open(log, errors="replace") as f:
            lines = f.read().splitlines()
    except OSError:
        return None
    for line in lines:
        if line.startswith("-") and not line.startswith("---"):
            return line[1:]
    return None


def reason(res, name, word):
    base = os.path.join(res, name + ".etrace")
    if word == "NOOPT":
        with open(base + ".refused", errors="replace") as f:
            line = f.readline().strip()
        return "option: " + re.sub(r"^etrace: ", "", line)
    if word == "TIMEOUT":
        return "hangs: stopped after ten times strace's own time"
    log = base + ".log"
    if word == "SKIP":
        with open(log, errors="replace") as f:
            last = [l for l in f.read().splitlines() if l.strip()][-1:]
        return "skipped: " + (last[0].split(": ", 1)[-1] if last else "?")
    line = first_missing(log)
    if line is None:
        return "output: no line strace printed is missing (see the log)"
    m = re.match(r"^(?:\[pid +\d+\] |\d+ +)?([a-z_0-9]+)\(", line)
    what = m.group(1) if m else "output"
    # strace's messages name the tracer by the path the test ran
    line = line.replace(os.path.join(TOP, "tests", "strace-suite",
                                     "strace-as-etrace"), "$STRACE")
    text = line if len(line) <= 80 else line[:77] + "..."
    return f"{what}: {text}"


def main():
    res = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        TOP, "build", "strace-suite", "results")
    report = res.rstrip("/") + ".report"
    rows = []
    with open(report) as f:
        for line in f:
            m = re.match(r"^(\S+)\s+strace (\S+)\s+etrace (\S+)", line)
            if m:
                rows.append(m.groups())
    if len(rows) < 1000:
        sys.exit(f"xfail-update: {report} has {len(rows)} tests: "
                 "only a whole run may rewrite the list")
    with open(XFAIL) as f:
        lines = f.read().splitlines()
    header = [l for l in lines if l.startswith("#")]
    # "newer:" reasons are judged by hand (the whole diff read): kept
    # while the test still fails the same way (its output, not refused)
    newer = dict(l.split("\t", 1) for l in lines
                 if "\tnewer:" in l and not l.startswith("#"))
    out = []
    for name, s, e in rows:
        if s == "PASS" and e != "PASS":
            why = newer.get(name) if e == "FAIL" else None
            out.append(f"{name}\t{why or reason(res, name, e)}")
    with open(XFAIL + ".new", "w") as f:
        f.write("\n".join(header + sorted(out)) + "\n")
    os.replace(XFAIL + ".new", XFAIL)
    print(f"xfail-update: {len(out)} expected failures")


if __name__ == "__main__":
    main()
