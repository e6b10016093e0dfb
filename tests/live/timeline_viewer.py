# SPDX-License-Identifier: GPL-2.0-or-later
"""Open an etrace --timeline file in speedscope, in headless Chromium.

  python3 timeline_viewer.py SPEEDSCOPE_DIR TIMELINE.json WORKDIR

Serves speedscope's release files and the timeline on 127.0.0.1 (a port
the kernel picks), loads index.html#profileURL=...&view=sandwich and
reads the page's DOM once Chromium's virtual time has run out (the
profile is fetched and imported by then: no wall-clock wait).  Checks:
  - the thread shown is named by the timeline's metadata, as speedscope
    writes it: "COMM (pid P), COMM (tid T)", and "(1/N)": one profile per
    thread that has calls (N the threads with complete events);
  - the sandwich table lists exactly the calls of that thread: one row
    per distinct (name, args) of its complete events, speedscope's
    'NAME {"args":...}' label.
Then a screenshot of the time-ordered view (a flame chart drawn with
WebGL: not in the DOM), 1200 pixels wide: along a row of its overview
(y 80), the columns coloured (a call drawn) are those where the thread
is in a call at the column's middle time, the chart spanning its first
call's start to its last call's end: 95% of the columns agree, and the
calls cover 100 columns or more.
Prints what it saw; exits 1 with the first difference.
"""
import functools
import html
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import zlib


def fail(msg):
    print("FAIL: " + msg, file=sys.stderr)
    sys.exit(1)


def chromium(work, url, *args, budget=20000):
    cmd = ["chromium", "--headless", "--no-sandbox", "--no-first-run",
           "--disable-background-networking", "--disable-component-update",
           "--disable-sync", "--enable-unsafe-swiftshader",
           "--user-data-dir=" + os.path.join(work, "prof"),
           "--virtual-time-budget=%d" % budget] + list(args) + [url]
    with open(os.path.join(work, "chromium.err"), "a") as err:
        try:
            r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=err,
                               timeout=90)
        except subprocess.TimeoutExpired:
            fail("chromium %s: still loading after 90 s" % " ".join(args))
    if r.returncode:
        fail("chromium %s exited %d" % (" ".join(args), r.returncode))
    return r.stdout.decode("utf-8", "replace")


def png_rows(path):
    """the rows of an 8-bit RGB or RGBA PNG, as lists of (r, g, b)"""
    data = open(path, "rb").read()
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n = int.from_bytes(data[pos:pos + 4], "big")
        kind, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = (int.from_bytes(body[0:4], "big"),
                                  int.from_bytes(body[4:8], "big"),
                                  body[8], body[9])
            if depth != 8 or ctype not in (2, 6) or body[12]:
                fail("%s: a PNG this reader does not read" % path)
            bpp = 3 if ctype == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw, stride, prev, rows = zlib.decompress(idat), w * bpp, None, []
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        prev = prev or bytearray(stride)
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else
                                      b if pb <= pc else c)) & 255
        rows.append([tuple(line[x * bpp:x * bpp + 3]) for x in range(w)])
        prev = line
    return rows


def drawn(path, calls):
    """(columns that agree, columns in a call, width): the coloured (not
    grey) pixels of row 80 against the calls' times"""
    row = png_rows(path)[80]
    lo = min(e["ts"] for e in calls)
    hi = max(e["ts"] + e["dur"] for e in calls)
    w, agree, busy = len(row), 0, 0
    for x, px in enumerate(row):
        t = lo + (x + 0.5) * (hi - lo) / w
        want = any(e["ts"] <= t <= e["ts"] + e["dur"] for e in calls)
        busy += want
        agree += want == (max(px) - min(px) > 25)
    return agree, busy, w


def dom_text(dom):
    dom = re.sub(r"<(style|script)\b.*?</\1>", "", dom, flags=re.S)
    return [html.unescape(x.strip()) for x in re.split(r"<[^>]*>", dom)
            if x.strip()]


def main():
    ss, tl_path, work = sys.argv[1], sys.argv[2], sys.argv[3]
    www = os.path.join(work, "www")
    shutil.rmtree(www, ignore_errors=True)
    shutil.copytree(ss, www)
    # speedscope measures a list's height in a requestAnimationFrame
    # callback and draws no row until then; headless Chromium's virtual
    # time runs out without a frame now and then under load (CI's
    # sanitizer run: the sandwich table empty in 3 loads in a row, the
    # same page full when loaded again later).  Frames are asked for
    # on virtual time here (a timer), as the budget counts them.
    index = os.path.join(www, "index.html")
    page = open(index).read()
    if "<head>" not in page:
        fail("speedscope's index.html has no <head>")
    open(index, "w").write(page.replace("<head>", "<head><script>"
        "window.requestAnimationFrame = function (f) {"
        " return setTimeout(function () { f(performance.now()); }, 16); };"
        "window.cancelAnimationFrame = function (id) { clearTimeout(id); };"
        "</script>", 1))
    shutil.copy(tl_path, os.path.join(www, "t.json"))
    evs = json.load(open(tl_path))
    calls = [e for e in evs if e.get("ph") == "X"]

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    handler = functools.partial(Quiet, directory=www)
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    base = "http://127.0.0.1:%d/index.html" % srv.server_address[1]

    # (under load, CI's sanitizer run, the page was once dumped with the
    # profile imported but the table not yet drawn: no row at all.  Then
    # it is loaded again with more virtual time; rows that are there and
    # wrong are never retried)
    for budget in (20000, 60000, 120000):
        text = dom_text(chromium(work, base + "#profileURL=t.json&view=sandwich",
                                 "--window-size=1400,6000", "--dump-dom",
                                 budget=budget))
        if any(re.match(r"^[a-z0-9_]+ \{\"args\":", x) for x in text):
            break
        print("speedscope: no sandwich row with %d ms of virtual time:"
              " loaded again" % budget)
    label = [x for x in text if re.match(r"^.* \(pid \d+\), .* \(tid \d+\)$", x)]
    count = [x for x in text if re.match(r"^\(1/\d+\)$", x)]
    if not label or not count:
        fail("no thread label or profile count in the page: %r" % text[:40])
    m = re.match(r"^(.*) \(pid (\d+)\), (.*) \(tid (\d+)\)$", label[0])
    pname, pid, tname, tid = m.group(1), int(m.group(2)), m.group(3), int(m.group(4))
    names = {}
    for e in evs:
        if e.get("ph") == "M":
            names[(e["name"], e["pid"] if e["name"] == "process_name"
                   else e["tid"])] = e["args"]["name"]
    if names.get(("process_name", pid)) != pname or \
       names.get(("thread_name", tid)) != tname:
        fail("label %r: not the metadata's names" % label[0])
    threads = {(e["pid"], e["tid"]) for e in calls}
    if count[0] != "(1/%d)" % len(threads):
        fail("speedscope shows %s profiles, the timeline has %d threads"
             " with calls" % (count[0], len(threads)))
    want = {"%s %s" % (e["name"], json.dumps(e["args"], separators=(",", ":"),
                                             ensure_ascii=False))
            for e in calls if e["tid"] == tid}
    rows = {x for x in text if re.match(r"^[a-z0-9_]+ \{\"args\":", x)}
    if rows != want:
        fail("sandwich rows of tid %d: %d rows, %d calls; missing %r, extra %r"
             % (tid, len(rows), len(want), sorted(want - rows)[:3],
                sorted(rows - want)[:3]))
    print("speedscope: thread %r of %s, %d sandwich rows: the thread's"
          " calls" % (label[0], count[0], len(rows)))

    png = os.path.join(work, "t.png")
    chromium(work, base + "#profileURL=t.json", "--window-size=1200,800",
             "--screenshot=" + png)
    agree, busy, w = drawn(png, [e for e in calls if e["tid"] == tid])
    print("screenshot: %d of %d columns as the calls' times (%d in a call)"
          % (agree, w, busy))
    if agree < 0.95 * w or busy < 100:
        fail("the flame chart does not draw the calls where they are:"
             " %d of %d columns agree, %d in a call" % (agree, w, busy))
    srv.shutdown()


main()
