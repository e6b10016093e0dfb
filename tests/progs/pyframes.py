# SPDX-License-Identifier: GPL-2.0-or-later
# tests/live/python_frames.sh's program: calls whose Python frames etrace
# must name, and beside each, on the same line, the frames as Python
# itself reports them (sys._getframe's chain: code, f_lineno), written
# to DIR/expect.NAME in etrace's -k form.
# Usage: pyframes.py DIR [corrupt | attach]
import ctypes
import os
import subprocess
import sys
import threading

out = sys.argv[1]
# the two workers take turns, each blocked while the other makes its call
turn_alpha = threading.Semaphore(1)
turn_beta = threading.Semaphore(0)


def frames():
    """the caller's stack, innermost first, as etrace -k prints it"""
    f = sys._getframe(1)
    text = ""
    while f:
        text += " > %s:%d (in %s)\n" % (f.f_code.co_filename, f.f_lineno,
                                        f.f_code.co_qualname)
        f = f.f_back
    return text


def note(name, text):
    with open(os.path.join(out, "expect." + name), "w") as f:
        f.write(text)


def load_config():
    f = open(os.path.join(out, "config")); where = frames()
    f.close()
    note("config", where)


def worker_alpha():
    path = os.path.join(out, "alpha")
    for i in range(50):
        turn_alpha.acquire()
        os.stat(path); where = frames()
        turn_beta.release()
    note("alpha", where)


def worker_beta():
    path = os.path.join(out, "beta")
    for i in range(50):
        turn_beta.acquire()
        os.stat(path); where = frames()
        turn_alpha.release()
    note("beta", where)


def spawn_all():
    for i in range(20):
        subprocess.run(["/bin/true"]); where = frames()
    note("spawn", where)


def corrupt():
    """
    This frame's link to its caller made garbage for one call (then put
    back): etrace must name this frame and none past it.
    """
    junk = (ctypes.c_uint64 * 16)(*([0x4141414141414141] * 16))
    fr = ctypes.c_uint64.from_address(id(sys._getframe()) + 24).value
    prev = ctypes.c_uint64.from_address(fr + 48)
    saved = prev.value
    prev.value = ctypes.addressof(junk)
    os.stat(os.path.join(out, "corrupt")); line = sys._getframe().f_lineno
    prev.value = saved
    note("corrupt", " > %s:%d (in corrupt)\n" % (__file__, line))


def attached():
    """once the test has attached etrace (it opens the fifo DIR/go)"""
    with open(os.path.join(out, "go")) as go:
        go.read()
    f = open(os.path.join(out, "config")); where = frames()
    f.close()
    note("attach", where)


def main():
    if sys.argv[2:] == ["corrupt"]:
        corrupt()
        return
    if sys.argv[2:] == ["attach"]:
        attached()
        return
    load_config()
    ta = threading.Thread(target=worker_alpha)
    tb = threading.Thread(target=worker_beta)
    ta.start(); tb.start()
    ta.join(); tb.join()
    spawn_all()


main()
