#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""Regenerates the checked-in seed corpus (tests/fuzz/corpus/NAME/).

Not run by the build: the seeds are checked in.  Run it from the top of
the tree, as root (it reads formats under /sys/kernel/tracing), after a
change to a target's input layout:  python3 tests/fuzz/seeds.py

Seeds are small and meaningful: real tracefs formats with records laid
out as the kernel writes them, real perf records, real syscalls.tbl
lines, real command lines, captured structs of real calls.
"""
import hashlib
import os
import re
import struct
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CORPUS = os.path.join(TOP, "tests", "fuzz", "corpus")
TRACEFS = "/sys/kernel/tracing"


def put(target, data, name=None):
    d = os.path.join(CORPUS, target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    name = name or hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)


# --- tracefs formats, and a record of each --------------------------------

FIELD = re.compile(r"\tfield:(.*?) ([A-Za-z_0-9]+)(\[[^\]]*\])?;\toffset:(\d+);\tsize:(\d+);\tsigned:(\d+);")


def record_for(fmt, pid=4242):
    """A record as the kernel lays it out: fields at their offsets,
    dynamic strings after the fixed part, their __data_loc pointing at
    them."""
    fields = FIELD.findall(fmt)
    fixed = max([int(o) + int(s) for _, _, _, o, s, _ in fields] + [8])
    rec = bytearray(fixed)
    tail = bytearray()
    for typ, name, arr, off, size, sgn in fields:
        off, size = int(off), int(size)
        if name == "common_type":
            m = re.search(r"^ID: (\d+)", fmt, re.M)
            rec[off:off + 2] = struct.pack("<H", int(m.group(1)) if m else 1)
        elif name == "common_pid":
            rec[off:off + 4] = struct.pack("<i", pid)
        elif "__data_loc" in typ or "__rel_loc" in typ:
            s = (name + "-value").encode() + b"\0"
            at = fixed + len(tail)
            if "__rel_loc" in typ:
                at -= off + 4
            rec[off:off + 4] = struct.pack("<I", (len(s) << 16) | at)
            tail += s
        elif arr and "char" in typ:
            s = b"etrace"[:size - 1]
            rec[off:off + len(s)] = s
        elif size in (1, 2, 4, 8):
            v = -1 if sgn == "1" and "ret" in name else (off * 7 + 3) % 100
            rec[off:off + size] = v.to_bytes(size, "little", signed=True)
    rec += tail
    # perf pads the raw data (with its u32 size) to 8
    while (len(rec) + 4) % 8:
        rec += b"\0"
    return bytes(rec)


def formats():
    picks = [
        "syscalls/sys_enter_openat", "syscalls/sys_exit_openat",
        "syscalls/sys_enter_execve", "syscalls/sys_enter_mseal",
        "raw_syscalls/sys_enter", "raw_syscalls/sys_exit",
        "sched/sched_process_exec", "sched/sched_switch",
        "sched/sched_process_fork", "sched/sched_process_exit",
        "signal/signal_generate", "signal/signal_deliver",
        "net/net_dev_xmit", "net/netif_receive_skb",
        "block/block_rq_complete", "kmem/kmalloc",
        "irq/irq_handler_entry", "task/task_rename", "timer/hrtimer_start",
    ]
    out = {}
    for p in picks:
        try:
            with open(os.path.join(TRACEFS, "events", p, "format")) as f:
                out[p] = f.read()
        except OSError:
            pass
    return out


HANDMADE = [
    # __rel_loc (no event of this kernel has one): offset from the field's end
    "name: rel\nID: 9\nformat:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
    "\tfield:__rel_loc char[] name;\toffset:8;\tsize:4;\tsigned:0;\n"
    "\tfield:__rel_loc u8[] buf;\toffset:12;\tsize:4;\tsigned:0;\n"
    "\tfield:unsigned long ip;\toffset:16;\tsize:8;\tsigned:0;\n\n"
    "print fmt: \"%s\", __get_rel_str(name)\n",
    # arrays of several element sizes, pointers, signed chars
    "name: arrays\nID: 10\nformat:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n\n"
    "\tfield:s16 vals[4];\toffset:8;\tsize:8;\tsigned:1;\n"
    "\tfield:u64 big[2];\toffset:16;\tsize:16;\tsigned:0;\n"
    "\tfield:void * ptr;\toffset:32;\tsize:8;\tsigned:0;\n"
    "\tfield:signed char c;\toffset:40;\tsize:1;\tsigned:1;\n"
    "\tfield:__data_loc int[] ints;\toffset:44;\tsize:4;\tsigned:1;\n\n"
    "print fmt: \"%p\", REC->ptr\n",
]



# the type and name tables of fuzz_tpformat.c, in its order
TP_TYPES = [
    "int", "unsigned int", "long", "unsigned long", "u8", "u16", "u32",
    "u64", "s8", "s16", "s32", "s64", "char", "unsigned char", "pid_t",
    "size_t", "umode_t", "bool", "void *", "const char *",
    "const char *const *", "__data_loc char[]", "__rel_loc char[]",
    "__data_loc u8[]", "__rel_loc u32[]", "__data_loc int[]",
    "struct sockaddr *", "loff_t", "gfp_t", "dev_t", "signed char",
    "__data_loc unsigned long[]",
]
TP_NAMES = [
    "__syscall_nr", "fd", "filename", "buf", "count", "args", "comm",
    "prev_comm", "ret", "id", "name", "flags", "mode", "data", "x", "len",
]


def tp_encode(fmt):
    """fuzz_tpformat's input for a real format: its fields in the
    target's encoding, then a record laid out as the kernel does."""
    fields = [f for f in FIELD.findall(fmt) if not f[1].startswith("common_")]
    out = bytearray([len(fields) % 16])
    for typ, name, arr, off, size, sgn in fields[:15]:
        t = typ.strip()
        if t not in TP_TYPES:
            t = ("void *" if "*" in t else "unsigned long" if t.startswith("unsigned")
                 else "char" if "char" in t else "long")
        alen = 0
        if arr:
            inner = arr[1:-1]
            alen = 255 if not inner else int(inner) if inner.isdigit() else 4
        n = TP_NAMES.index(name) if name in TP_NAMES else len(name) % len(TP_NAMES)
        out += struct.pack("<BBHHBB", TP_TYPES.index(t), alen, int(off),
                           int(size), int(sgn), n)
    return bytes(out) + record_for(fmt)


def tpformat_seeds():
    for p, fmt in formats().items():
        put("tpformat", tp_encode(fmt))
    for fmt in HANDMADE:
        put("tpformat", tp_encode(fmt))


# --- perf records ----------------------------------------------------------

PERF_RECORD_LOST, PERF_RECORD_COMM, PERF_RECORD_EXIT = 2, 3, 4
PERF_RECORD_FORK, PERF_RECORD_SAMPLE = 7, 9
S_IP, S_TID, S_TIME, S_ADDR, S_READ, S_CALLCHAIN, S_ID, S_CPU = 1, 2, 4, 8, 16, 32, 64, 128
S_PERIOD, S_STREAM_ID, S_RAW = 256, 512, 1024
S_REGS_USER, S_STACK_USER, S_IDENTIFIER = 1 << 12, 1 << 13, 1 << 16
BASE = S_IDENTIFIER | S_TID | S_TIME


def hdr(typ, body, misc=0):
    return struct.pack("<IHH", typ, misc, 8 + len(body)) + body


def trailer(pid, tid, time, ident):
    return struct.pack("<IIQQ", pid, tid, time, ident)


def sys_enter_raw(nr, args):
    # raw_syscalls:sys_enter: common fields, long id, unsigned long args[6]
    raw = struct.pack("<HBBi", 443, 0, 0, 4242) + struct.pack("<q", nr)
    raw += struct.pack("<6Q", *args)
    return raw


def sample(ident, pid, tid, time, raw, extra=b""):
    body = struct.pack("<QIIQ", ident, pid, tid, time) + extra
    return hdr(PERF_RECORD_SAMPLE, body + raw_field(raw))


def raw_field(raw):
    # u32 size, then the bytes; the kernel pads the pair to 8 and counts
    # the padding in the size
    while (len(raw) + 4) % 8:
        raw += b"\0"
    return struct.pack("<I", len(raw)) + raw


def records():
    t = 1_000_000_000
    out = []
    out.append((BASE | S_RAW, sample(77, 4242, 4242, t, sys_enter_raw(257, [0xffffff9c, 0x7ffd1000, 0x80000, 0, 0, 0]))))
    exit_raw = struct.pack("<HBBi", 444, 0, 0, 4242) + struct.pack("<qq", 257, 3)
    out.append((BASE | S_RAW, sample(78, 4242, 4243, t + 500, exit_raw)))
    comm = struct.pack("<II", 4242, 4242) + b"ls\0\0\0\0\0\0"
    out.append((BASE, hdr(PERF_RECORD_COMM, comm + trailer(4242, 4242, t + 10, 77), misc=0x2000)))
    fork = struct.pack("<IIIIQ", 4300, 4242, 4300, 4242, t + 20)
    out.append((BASE, hdr(PERF_RECORD_FORK, fork + trailer(4242, 4242, t + 20, 77))))
    out.append((BASE, hdr(PERF_RECORD_EXIT, fork + trailer(4300, 4300, t + 30, 77))))
    out.append((BASE, hdr(PERF_RECORD_LOST, struct.pack("<QQ", 77, 1234) + trailer(0, 0, t + 40, 77))))
    # a sample with callchain, registers and a user stack (--stack)
    body = struct.pack("<QQIIQ", 79, 0x401000, 4242, 4242, t + 50)   # IDENTIFIER IP TID TIME
    body += struct.pack("<II", 1, 0)                                  # CPU
    body += struct.pack("<Q", 3) + struct.pack("<3Q", 0xfffffffffffffe00, 0x401000, 0x402000)
    body += raw_field(sys_enter_raw(0, [3, 0x1000, 832, 0, 0, 0]))
    body += struct.pack("<Q", 2) + struct.pack("<3Q", 0x7ffd0000, 0x7ffd0100, 0x401000)  # REGS_USER abi + 3 regs
    body += struct.pack("<Q", 16) + bytes(range(16)) + struct.pack("<Q", 16)       # STACK_USER
    st = BASE | S_IP | S_CPU | S_CALLCHAIN | S_RAW | S_REGS_USER | S_STACK_USER
    out.append((st, hdr(PERF_RECORD_SAMPLE, body), 3))
    return out


def record_seeds():
    for item in records():
        st, rec = item[0], item[1]
        nregs = item[2] if len(item) > 2 else 0
        put("record", struct.pack("<QB", st, 1 | nregs << 1) + rec)
        # cut short by one u64: refused
        put("record", struct.pack("<QB", st, 1 | nregs << 1) + rec[:-8])


def ring_seeds():
    recs = [r[1] for r in records()[:6]]
    # one ring, records in order
    data = b"".join(recs)
    size_code = 3  # 64 << 3 = 512 bytes
    put("ring", bytes([0 | 4]) + struct.pack("<BQH", size_code, 0, len(data)) + data.ljust(512, b"\0"))
    # two rings, the second one's records wrapping around its end
    size = 256
    tail = size - 40
    ring = bytearray(size)
    stream = b"".join(recs[:3])
    for i, c in enumerate(stream):
        ring[(tail + i) % size] = c
    one = struct.pack("<BQH", 3, 0, len(recs[3]) + len(recs[4])) + (recs[3] + recs[4]).ljust(512, b"\0")
    two = struct.pack("<BQH", 2, 1 << 32 | tail, len(stream)) + bytes(ring)
    put("ring", bytes([1]) + one + two)
    put("ring", bytes([1 | 4 | 8]) + one + two)


# --- syscalls.tbl lines ----------------------------------------------------

def tbl_seeds():
    picks = ["read", "write", "open", "mmap", "rt_sigaction", "ioctl",
             "writev", "select", "connect", "sendmsg", "setsockopt",
             "getsockopt", "execve", "wait4", "fcntl", "prctl", "futex",
             "sched_setaffinity", "getdents64", "epoll_ctl", "waitid",
             "openat", "newfstatat", "accept4", "statx", "clone3",
             "openat2", "madvise", "exit_group", "getpid"]
    with open(os.path.join(TOP, "syscalls.tbl")) as f:
        lines = f.read().splitlines()
    for line in lines:
        w = line.split()
        if len(w) > 1 and w[1] in picks:
            put("tbl", line + "\n")
    put("tbl", lines[0] + "\n")
    put("tbl", "\n")
    put("tbl", "9 x - int # trailing comment\n")


# --- command lines -----------------------------------------------------------

OPTIONS = [
    ["-f", "-o", "x", "--", "ls", "-l"],
    ["-ff", "-o", "out", "true"],
    ["-q", "-e", "trace=%file,!close", "true"],
    ["-e", "trace=!%process,read", "true"],
    ["-e", "trace=/^open", "true"],
    ["-e", "trace=?nosuch,%%stat,getpid", "true"],
    ["-e", "t=all", "-e", "trace=none", "true"],
    ["-c", "-S", "calls", "--by", "comm,pid", "true"],
    ["-C", "--hist", "--interval", "0.5", "-S", "avg-time", "true"],
    ["-e", "sched:sched_process_*", "--filter", "pid > 1", "-a"],
    ["-e", "trace=openat,sched:*", "--filter=common_pid != 0", "-e", "net:net_dev_xmit", "true"],
    ["-e", "status=failed,unfinished", "-e", "signal=!SIGCHLD,TERM,9", "true"],
    ["-e", "status=!successful", "-e", "signals=none", "true"],
    ["-p", "12,34", "-p", "56"],
    ["-m", "16K", "-s", "4096", "-x", "true"],
    ["-ttt", "-T", "-z", "-r", "true"],
    ["-Z", "--duration", "1.5", "--max-events", "100", "true"],
    ["--json", "-f", "--no-bpf", "true"],
    ["-l", "-v", "sched:*"],
    ["-qqq", "-a", "-j"],
    ["-h"],
    ["-V"],
    ["-Y", "true"],
    ["-e", "sched:", "true"],
]


def options_seeds():
    for argv in OPTIONS:
        put("options", "\0".join(argv))


FILTERS = ["common_pid != 0", "pid > 1 && comm ~ \"ba*\"",
           "filename ~ \"/usr/*\"", "(id == 0 || id == 1) && common_pid != 5",
           "", "args[0] & 1", "!(pid < 100)"]


def filter_seeds():
    for f in FILTERS:
        put("filter", bytes([0]) + f.encode())
        put("filter", bytes([2]) + f.encode())
    # a trace's filters: mode (bit 0), -a, -k, few fds, glob; trace= terms; text
    sc = lambda i: bytes([0]) + struct.pack("<H", i)
    cls = lambda i, neg=0: bytes([4 | neg]) + bytes([i])
    put("filter", bytes([1]) + bytes([2]) + sc(257) + sc(2) + b"prev_pid > 1")
    put("filter", bytes([1 | 2 | 4 | 8]) + bytes([2]) + sc(0) + cls(0) + b"pid == 1")
    put("filter", bytes([1 | 8 | 16]) + bytes([3]) + bytes([5]) + sc(1, ) + cls(1, 0x80) + b"")
    put("filter", bytes([1 | 2 | 32]) + bytes([1]) + bytes([6]) + b"sig == 9 && code > 0")


# --- calls with captured structs (fuzz_decode) --------------------------------

def call(nr, args, ret, caps_in=(), caps_out=(), opts=0, small=80, errno=False, rest=b""):
    """caps_*: {arg: (bytes, count, total, flags)}"""
    b = struct.pack("<HBB", nr, opts, small) + struct.pack("<6Q", *[a & (2**64 - 1) for a in args])
    b += struct.pack("<q", ret) + bytes([1 if errno else 0])
    for caps in (dict(caps_in), dict(caps_out)):
        for i in range(6):
            if i not in caps:
                b += b"\0"
                continue
            data, count, total, fl = (caps[i] + (0, 0, 0))[:4]
            b += bytes([1 | fl << 1]) + struct.pack("<HBB", len(data), count, total) + data
    return b + rest


def sockaddr_in(port, ip):
    return struct.pack("<H", 2) + struct.pack(">H", port) + bytes(ip) + bytes(8)


def decode_calls():
    path = b"/etc/ld.so.cache"
    stat = struct.pack("<QQQIIIIQQQQQQQQQ", 2049, 1234, 1, 0o100644, 0, 0, 0, 0,
                       41975, 4096, 88, 1700000000, 0, 1700000000, 0, 1700000000) + bytes(32)
    sigact = struct.pack("<QQQQ", 0x401000, 0x04000000 | 0x10000000, 0x402000, 1 << 16)
    iov = struct.pack("<QQQQ", 0x1000, 5, 0x2000, 6) + b"hello" + b"world!"
    argv = b"ls\0-l\0/tmp\0"
    pollfd = struct.pack("<ihh", 3, 1, 0) + struct.pack("<ihh", 4, 4, 4)
    cl3 = struct.pack("<11Q", 0x100 | 0x200 | 0x400 | 0x800, 0, 0, 0, 17, 0, 0, 0, 0, 0, 0)
    siginfo = struct.pack("<iiii", 17, 0, 1, 0) + struct.pack("<iIi", 4300, 0, 3) + bytes(100)
    msg = struct.pack("<QIIQQQQI", 0, 0, 0, 0x3000, 1, 0, 0, 0) + bytes(4) + struct.pack("<QQ", 0x4000, 3) + b"abc"
    dirents = struct.pack("<QqHB", 2, 24, 24, 4) + b".\0" + bytes(3) + struct.pack("<QqHB", 3, 48, 24, 8) + b"a.txt\0"
    timespec = struct.pack("<qq", 1, 500000000)
    return [
        call(257, [-100, 0x7ffd1000, 0x80000, 0, 0, 0], 3, {1: (path, 0, 0)}),
        call(257, [-100, 0x7ffd1000, 0x241, 0o644, 0, 0], -2, {1: (b"/nonexistent/x", 0, 0)}),
        call(0, [3, 0x1000, 832, 0, 0, 0], 832, {}, {1: (b"\x7fELF\x02\x01\x01\x03" + bytes(24), 0, 0, 1)}, opts=1 << 6),
        call(1, [1, 0x1000, 12, 0, 0, 0], 12, {1: (b"hello\tworld\n", 0, 0)}, opts=1 << 6 | 1 << 4),
        call(262, [3, 0x1000, 0x2000, 0x1000, 0, 0], 0, {1: (b"", 0, 0)}, {2: (stat, 0, 0)}, opts=1 << 6),
        call(262, [3, 0x1000, 0x2000, 0x1000, 0, 0], 0, {1: (b"", 0, 0)}, {2: (stat, 0, 0)}, opts=1 << 6 | 1 << 3),
        call(13, [17, 0x1000, 0x2000, 8, 0, 0], 0, {1: (sigact, 0, 0)}, {2: (sigact, 0, 0)}, opts=1 << 6),
        call(20, [1, 0x1000, 2, 0, 0, 0], 11, {1: (iov, 2, 2)}, opts=1 << 6),
        call(59, [0x1000, 0x2000, 0x3000, 0, 0, 0], 0, {0: (b"/bin/ls", 0, 0), 1: (argv, 3, 3), 2: (b"", 0, 23)}, opts=1 << 6),
        call(7, [0x1000, 2, 1000, 0, 0, 0], 1, {0: (pollfd, 2, 2)}, {0: (pollfd, 2, 2)}, opts=1 << 6),
        call(42, [3, 0x1000, 16, 0, 0, 0], -115, {1: (sockaddr_in(80, [127, 0, 0, 1]), 0, 0)}),
        call(46, [3, 0x1000, 0x4000, 0, 0, 0], 3, {1: (msg, 1, 1)}, opts=1 << 6),
        call(435, [0x1000, 88, 0, 0, 0, 0], 4300, {0: (cl3, 0, 0)}, opts=1 << 6),
        call(247, [0, 4300, 0x1000, 4, 0, 0], 0, {}, {2: (siginfo, 0, 0)}, opts=1 << 6),
        call(217, [3, 0x1000, 32768, 0, 0, 0], 48, {}, {1: (dirents, 2, 2)}, opts=1 << 6),
        call(230, [1, 0, 0x1000, 0x2000, 0, 0], 0, {2: (timespec, 0, 0)}, opts=1 << 6),
        call(202, [0x1000, 0x80, 1, 0, 0, 0], 0, {}),
        call(9, [0, 8192, 3, 0x22, -1, 0], 0x7f0a4ca1b000, {}),
        call(16, [1, 0x5401, 0x1000, 0, 0, 0], 0, {}, {2: (bytes(60), 0, 0)}, opts=1 << 6),
        call(157, [15, 0x1000, 0, 0, 0, 0], 0, {1: (b"worker", 0, 0)}),
        call(470, [1, 2, 3, 4, 5, 6], 0, {}),
        call(0x8000 | 0x7fff, [1, 2, 3, 4, 5, 6], -38, {}, rest=siginfo),
        call(62, [4300, 9, 0, 0, 0, 0], 0, {}, rest=b"\x01\x02hello\"\\\x7f\xff"),
    ]


def nlmsg(length, mtype, flags, seq=0, pid=0, data=b""):
    return struct.pack("<IHHII", length, mtype, flags, seq, pid) + data


def netlink_calls():
    """sendto and recvfrom on netlink sockets: flags bit 2 (4 << 1) says
    netlink, bits 3-6 the protocol"""
    nl = lambda proto: 4 | proto << 3
    err = nlmsg(36, 2, 0x300, data=struct.pack("<i", -13) + nlmsg(16, 3, 2, 7))
    ack = nlmsg(52, 2, 0x300, data=struct.pack("<i", -22) + nlmsg(36, 0x10, 1)
                + struct.pack("<HH", 8, 1) + b"bad\0" + struct.pack("<HHI", 8, 2, 20))
    two = nlmsg(20, 0, 0x301, data=b"abcd") + nlmsg(16, 3, 2)
    many = b"".join(nlmsg(16, 0, 1, i) for i in range(40))
    diag = nlmsg(20, 20, 0x301, data=bytes([1, 2, 3, 4]))
    route = nlmsg(21, 0xffff, 1, data=b"\xfd1234") + nlmsg(17, 18, 0x301, data=b"\x02")
    nfnl = nlmsg(28, 10 << 8 | 1, 0x301, data=b"\x02\x00\x00\x0a" + struct.pack("<HH", 8, 0x8005) + bytes(4)) \
        + nlmsg(20, 0x10, 1, data=b"\x00\x00\x00\x0a")
    uevent = b"libudev\0" + struct.pack("<8I", 0xcafe0000, 40, 40, 4, 0, 0, 0, 0) + b"A=b\0"
    link = nlmsg(40, 16, 0x401, data=struct.pack("<BBHiII", 0, 0, 772, 1, 0x10041, 0)
                 + struct.pack("<HH", 8, 3) + b"lo\0\0")
    addr = nlmsg(24, 20, 1, data=struct.pack("<BBBBI", 10, 64, 0x81, 253, 2)) + nlmsg(22, 26, 0x301, data=b"\x02\x18\x00\x00\xfe\x04")
    return [
        call(44, [3, 0x1000, len(two), 0x40, 0, 0], len(two), {1: (two, 0, 0, nl(4))}),
        call(44, [3, 0x1000, len(err), 0x40, 0, 0], len(err), {1: (err, 0, 0, nl(2))}),
        call(44, [3, 0x1000, len(ack), 0x40, 0, 0], len(ack), {1: (ack, 0, 0, nl(0))}),
        call(44, [3, 0x1000, len(many), 0x40, 0, 0], -11, {1: (many, 0, 0, nl(4))}),
        call(44, [3, 0x1000, 64, 0x40, 0, 0], 64, {1: (diag[:18], 0, 0, nl(4))}),
        call(45, [3, 0x1000, 4096, 0x40, 0, 0], len(route), {}, {1: (route, 0, 0, nl(0))},
             opts=1 << 6),
        call(44, [3, 0x1000, len(link), 0, 0, 0], len(link), {1: (link, 0, 0, nl(0))}),
        call(44, [3, 0x1000, len(nfnl), 0, 0, 0], len(nfnl), {1: (nfnl, 0, 0, nl(12))}),
        call(44, [3, 0x1000, len(uevent), 0, 0, 0], len(uevent), {1: (uevent, 0, 0, nl(15))}),
        call(44, [3, 0x1000, len(addr), 0, 0, 0], len(addr), {1: (addr, 0, 0, nl(0))}),
        call(44, [3, 0x1000, 20, 0, 0, 0], 20, {1: (nlmsg(20, 0x10, 0, data=bytes(4)), 0, 0, nl(7))},
             opts=1 << 6 | 1 << 3),
    ]


def decode_seeds():
    for c in decode_calls():
        put("decode", c)
    for c in netlink_calls():
        put("decode", c)


# --- capture records (the BPF program's, tracer/capture_abi.h) --------------

CAP_MAGIC, CAP_MAGIC_EXIT, CAP_MAGIC_SIG = 0x50414345, 0x54495845, 0x47495345


def cap_rec(nr, phase, items, ret=0):
    body = b""
    for arg, flags, data, count, total in items:
        body += struct.pack("<BBBBIII", arg, flags, phase, 0, len(data), count, total) + data
        while len(body) % 8:
            body += b"\0"
    size = 24 + len(body)
    return struct.pack("<IiBBHIq", CAP_MAGIC, nr, phase, len(items), 0, size, ret) + body


def capture_pair(nr, args, ret, entry, exit_, opts=0):
    first = cap_rec(nr, 1, entry) if entry is not None else b""
    second = cap_rec(nr, 2, exit_, ret) if exit_ is not None else b""
    return (bytes([opts]) + struct.pack("<6Q", *[a & (2**64 - 1) for a in args]) +
            struct.pack("<qH", ret, len(first)) + first + second)


def capture_seeds():
    msghdr = struct.pack("<QIIQQQQI", 0, 0, 0, 0x3000, 1, 0, 0, 0) + bytes(4)
    iov = struct.pack("<QQ", 0x4000, 3)
    seeds = [
        capture_pair(257, [-100, 0x1000, 0, 0, 0, 0], 3, [(1, 0, b"/etc/passwd", 0, 0)], []),
        capture_pair(0, [3, 0x1000, 832, 0, 0, 0], 832, [], [(1, 1, b"\x7fELF" + bytes(28), 0, 0)]),
        capture_pair(59, [0x1000, 0x2000, 0x3000, 0, 0, 0], 0,
                     [(0, 0, b"/bin/ls", 0, 0), (1, 0, b"ls\0-l\0", 2, 2), (2, 0, b"", 0, 17)], None),
        capture_pair(46, [3, 0x1000, 0, 0, 0, 0], 3,
                     [(1, 0, msghdr, 0, 0), (1, 0, iov, 1, 1), (1, 0, b"abc", 0, 0)], None),
        capture_pair(4, [0x1000, 0x2000, 0, 0, 0, 0], -2, [(0, 2, b"", 0, 0)], [], opts=1),
        capture_pair(262, [3, 0x1000, 0x2000, 0, 0, 0], 0, [(1, 0, b"", 0, 0)], [(2, 0, bytes(144), 0, 0)], opts=4),
    ]
    for s in seeds:
        put("capture", s)
    # a task's exit and a signal (struct cap_exit, struct cap_sig)
    ex = struct.pack("<Iiiiii", CAP_MAGIC_EXIT, 4300, 4300, 3 << 8, 1, 0)
    sig = struct.pack("<IiiiQ", CAP_MAGIC_SIG, 4242, 17, 1, 0) + struct.pack("<iiii", 17, 0, 1, 0) + struct.pack("<iI", 4300, 0) + bytes(24) + struct.pack("<ii", 4242, 1)
    put("capture", bytes(1 + 48 + 8) + struct.pack("<H", len(ex)) + ex + sig)


# --- JSON strings ----------------------------------------------------------------

def json_seeds():
    for s in [b"", b"/etc/ld.so.cache", b"hello \"world\"\\\n\t\r",
              "caf\u00e9 \u20ac \U0001f600".encode(), b"\x00\x01\x1f\x7f",
              b"\xff\xfe", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80",
              b"\xe2\x82", b"\x7fELF\x02\x01\x01\x03", "\ufffd".encode()]:
        put("json", s)


# --- tracefs error_log (as 6.18 wrote it for three refused filters) ---------

def errlog_seeds():
    logs = [
        "[ 1998.610208] event filter parse error: error: Field not found\n"
        "  Command: bogus == 1\n                 ^\n",
        "[ 1998.610702] event filter parse error: error: Invalid value (did you forget quotes)?\n"
        "  Command: prev_pid ==\n                       ^\n",
        "[ 1998.610755] event filter parse error: error: Field not found\n"
        "  Command: a\nb == 1\n             ^\n",
    ]
    for text in logs:
        put("errlog", b"\0" + text.encode())
    put("errlog", bytes([1, 6]) + b"Field not found\0bogus == 1\0\0")
    put("errlog", bytes([3, 0]) + b"Missing field name and/or value\0(a\0older entry\0")


# --- kallsyms ------------------------------------------------------------------

def kallsyms_seeds():
    text = ("ffffffff81000000 T _stext\nffffffff81000000 T startup_64\n"
            "ffffffff81001000 t secondary_startup_64\nffffffff82000000 D _sdata\n"
            "ffffffffc0a01000 t helper\t[kvm]\n0000000000000000 T hidden\n")
    put("kallsyms", b"\0" + text.encode())
    # structured: a symbol, one with a module, a line of other bytes, an over-long line
    rec = lambda kind, addr, typ, name: (struct.pack("<BQBH", kind, addr, typ, len(name)) + name)
    put("kallsyms", b"\1" + rec(0, 0xffffffff81000000, 1, b"abc") + rec(0, 0xffffffff81000101, 0, b"de")
        + rec(1, 0, 0, b"junk") + rec(2, 0xffffffff81000200, 0, b"xyz"))


# --- process mappings (fuzz_procmaps: operations on three processes) ----------

def pm_map(start, length, prot, off, maj, minor, ino, path, anyaddr=0):
    return (struct.pack("<BQIBIHBIB", anyaddr, start, length, prot, off, maj, minor, ino, len(path)) + path)


def procmaps_seeds():
    libc = pm_map(0x7f0000001000, 0x2000, 5, 0x28, 8, 1, 1234, b"/usr/lib/x86_64-linux-gnu/libc.so.6", 1)
    data = pm_map(0x7f0000003000, 0x1000, 3, 0x1c0, 8, 1, 1234, b"/usr/lib/x86_64-linux-gnu/libc.so.6", 1)
    stack = pm_map(0x7ffd00000000, 0x21000, 3, 0, 0, 0, 0, b"[stack]", 1)
    anon = pm_map(0x10, 2, 3, 0, 0, 0, 0, b"")
    seed = bytes([0, 0, 4]) + b"\0" + libc + b"\0" + data + b"\1" + stack + b"\2" + stack
    over = bytes([1, 0]) + pm_map(0x10, 3, 5, 2, 8, 1, 99, b"/usr/bin/bash")
    put("procmaps", seed + over + bytes([1, 0]) + pm_map(0x11, 1, 3, 0, 0, 0, 0, b"//anon")
        + bytes([3, 0, 1]) + bytes([2, 1]) + bytes([1, 1]) + anon + bytes([4, 0]))
    put("procmaps", bytes([5, 0]) + libc + bytes([5, 0]) + anon)


# --- perf maps (/tmp/perf-PID.map) -------------------------------------------

def perfmap_seeds():
    put("perfmap", b"\0" + b"7f3a00001000 40 LazyCompile:~main /app.js:1\n")
    put("perfmap", b"\0" + b"0x1000 0x20 [jit] java.lang.String::hashCode\n")
    sym = lambda kind, start, size, name: struct.pack("<BQHB", kind, start, size, len(name)) + name
    put("perfmap", b"\1" + sym(0, 0x100, 0x40, b"LazyCompile:~f") + sym(0, 0x120, 0x10, b"Builtin:g")
        + sym(1, 0, 0, b"junk line") + sym(2, 0x200, 0x10, b"too_long") + sym(0, 0x100, 0x40, b"f_again"))


# --- the unwinder's memory (fuzz_unwind) ------------------------------------

def unwind_seeds():
    # unwind_stack_word: a 64-byte copy at 0x7ffc0000, words in, at, past its ends
    addrs = [(0, 0), (0, 56), (0, 57), (0, -8 & 0xffff), (1, 2**64 - 4), (0, 64)]
    put("unwind", b"\0" + struct.pack("<HQB", 64, 0x7ffc0000, len(addrs)) + bytes(range(64))
        + b"".join(struct.pack("<BQ", k, v) for k, v in addrs))
    # a real unwind: ip in the binary's code, a stack of code addresses and zeros
    stack = b"".join(bytes([1, 0]) + struct.pack("<I", 0x1000 * i) if i % 2 else bytes([0]) + bytes(8)
                     for i in range(16))
    put("unwind", bytes([3]) + bytes(8 * 20) + bytes([0]) + struct.pack("<IH", 0x2345, 128) + stack)


# --- stacks and the spawns report (strings a traced program chose) -----------

def pool(strings):
    return bytes([len(strings)]) + b"".join(bytes([len(x)]) + x for x in strings)


def stacks_seeds():
    p = [b"bash", b"make_child", b"/usr/bin/bash", b"\x1b[2Jevil;comm name", b"\xff\xfe\n"]
    fr = lambda sym, mod, off: struct.pack("<BBH", sym, mod, off)
    one = bytes([0, 3]) + fr(1, 2, 0x10) + fr(0xff, 2, 0x2345) + fr(4, 0xff, 0) + bytes([0, 5])
    two = bytes([3, 2]) + fr(1, 2, 0x10) + fr(3, 4, 1) + bytes([1, 1])
    put("stacks", bytes([3]) + pool(p) + bytes([3]) + one + two + one)
    put("stacks", bytes([0]) + pool([]) + bytes([1, 0xff, 0, 2, 1]))


def spawns_seeds():
    p = [b"/usr/bin/dirname", b"build.sh", b"./build.sh", b"f", b"\x1b]0;title\x07", b"make_child"]
    fr = struct.pack("<BBH", 5, 0, 0x1234)
    ex = lambda prog, pcomm, line: (bytes([prog, pcomm]) + struct.pack("<H", 901) + bytes([1]) + fr
                                    + bytes([line, 2, 3]) + struct.pack("<H", 7))
    put("spawns", pool(p) + bytes([4]) + ex(0, 1, 4) + ex(0, 1, 4) + ex(4, 4, 0) + ex(0, 4, 9)
        + bytes([2, 0]) + struct.pack("<H", 1000) + bytes([1]) + struct.pack("<H", 5) + struct.pack("<I", 10**9))


# --- bash's uprobe records (fuzz_bash) ----------------------------------------

def bash_seeds():
    rec = lambda tid, kind, line, level, name, file: (bytes([0, tid, kind]) + struct.pack("<bb", line, level)
                                                      + bytes([len(name)]) + name + bytes([len(file)]) + file)
    fork = lambda parent, child, thread=0: bytes([1, parent, child, thread])
    put("bash", rec(1, 3, 0, 0, b"", b"./lib.sh") + rec(1, 2, 0, 1, b"f", b"./lib.sh")
        + rec(1, 1, 4, 0, b"", b"./build.sh") + fork(1, 3) + rec(1, 1, 2, 0, b"f", b"./build.sh")
        + fork(1, 4) + rec(3, 1, 7, 1, b"", b"./build.sh") + fork(3, 5) + fork(1, 6, 1)
        + rec(1, 1, 9, 0, b"g", b"./build.sh") + fork(1, 7))


# --- the JSON Lines sink (fuzz_jsonsink) ----------------------------------------

def jsonsink_seeds():
    p = [b"bash", b"/usr/lib/x86_64-linux-gnu/libc.so.6", b"__open64", b"\xff\x1b[2J", b"io.c"]
    path = b"/etc/ld.so.cache\xff"
    call = (bytes([0]) + struct.pack("<H", 257) + bytes([0, 1]) + struct.pack("<6Q", 2**64 - 100, 0x1000, 0x80000, 0, 0, 0)
            + struct.pack("<q", 3) + bytes([0]) + bytes([1]) + struct.pack("<H", len(path)) + path + bytes(4)
            + bytes([2]) + bytes([1, 2, 4]) + bytes([3, 3, 3]))
    fail = (bytes([0]) + struct.pack("<H", 2) + bytes([3, 1]) + struct.pack("<6Q", 0x1000, 0, 0, 0, 0, 0)
            + struct.pack("<q", -2) + bytes([8]) + bytes(5) + bytes([0]))
    sig = bytes([3, 17, 16]) + struct.pack("<iiii", 17, 0, 1, 0) + bytes([0])
    rec = struct.pack("<HBBi", 365, 0, 0, 4242) + struct.pack("<Iii", (6 << 16) | 56, 4242, 4242) + b"bash\x1b".ljust(16, b"\0") + bytes(4) + struct.pack("<QQ", 1, 2) + b"/bin\xff\0"
    event = bytes([4]) + struct.pack("<H", len(rec)) + rec
    note = bytes([5]) + struct.pack("<H", 12) + b"+++ \x1b[2J +++"
    report = bytes([6]) + struct.pack("<H", 9) + b"a\nb\tc\xff\\"
    summ = bytes([7, 3, 1]) + bytes([0]) + struct.pack("<Hh", 257, 3) + bytes([7, 3]) + bytes([3]) + struct.pack("<Hh", 2, -2)
    put("jsonsink", bytes([0x10]) + pool(p) + call + fail + sig + event + note + report + summ
        + bytes([1, 1]) + struct.pack("<i", 9) + bytes([2, 0xff]) + struct.pack("<I", 3))


ALL = ["tpformat", "record", "ring", "tbl", "options", "filter", "decode",
       "capture", "json", "errlog", "kallsyms", "procmaps", "perfmap", "unwind",
       "stacks", "spawns", "bash", "jsonsink"]

if __name__ == "__main__":
    for w in sys.argv[1:] or ALL:
        globals()[w + "_seeds"]()
